/// One file the generator produces, named relative to the output folder.
///
/// Its bytes are in memory, or, from `generate` (``GeneratorPipeline/Options/spoolsOutput``),
/// in a temporary file that the writer renames into place (``SpooledFile``); ``bytes`` and
/// ``contents`` read such a file when asked.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name relative to the output folder, such as `Controls.swift`.
    public var name: String
    /// Where the bytes are.
    enum Storage: Sendable {
        case memory([UInt8])
        case spooled(SpooledFile)
    }
    var storage: Storage
    /// The file's UTF-8 bytes, as rendered and as written; for a spooled file, read from it
    /// (a copy). Setting them keeps them in memory.
    public var bytes: [UInt8] {
        get {
            switch storage {
            case .memory(let bytes): bytes
            case .spooled(let file): file.readAll()
            }
        }
        set { storage = .memory(newValue) }
    }
    /// The file's text, decoded from ``bytes`` (a copy); setting it replaces them.
    public var contents: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }
    /// Set by a run that skipped every stage (``GenerationStamp``): the file on disk was just
    /// found to hash as the stamp recorded, so the plan takes it as unchanged without reading
    /// it again, and `contents` holds only its first line (the header, which the stale-file
    /// check compares).
    public var isCurrentOnDisk = false

    public init(name: String, contents: String) {
        self.name = name
        self.storage = .memory(Array(contents.utf8))
    }

    /// A file of `bytes`, which are UTF-8 text.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.storage = .memory(bytes)
    }

    /// A file whose bytes are in `spool`.
    init(name: String, spool: SpooledFile) {
        self.name = name
        self.storage = .spooled(spool)
    }

    /// The temporary file holding the bytes, if they are in one.
    var spool: SpooledFile? {
        if case .spooled(let file) = storage { return file }
        return nil
    }

    /// The size of the file in bytes.
    var byteCount: Int {
        switch storage {
        case .memory(let bytes): bytes.count
        case .spooled(let file): file.count
        }
    }

    /// The file's first bytes: all of them in memory, at most ``OutputWriter/headerLimit``
    /// of a spooled file (enough for its header line).
    var head: [UInt8] {
        switch storage {
        case .memory(let bytes): bytes
        case .spooled(let file): file.head
        }
    }

    /// The XXH64 of the bytes.
    var hash: UInt64 {
        switch storage {
        case .memory(let bytes): bytes.withUnsafeBytes { XXH64.hash($0) }
        case .spooled(let file): file.hash
        }
    }

    /// Whether `other` are this file's bytes: compared byte by byte in memory, by size and
    /// XXH64 for a spooled file (``SpooledFile/holds(_:)``).
    func holds(_ other: [UInt8]) -> Bool {
        switch storage {
        case .memory(let bytes): OutputWriter.sameBytes(bytes, other)
        case .spooled(let file): file.holds(other)
        }
    }

    /// Equal when the names, ``isCurrentOnDisk`` and the bytes are (a spooled file's by size
    /// and hash).
    public static func == (lhs: GeneratedFile, rhs: GeneratedFile) -> Bool {
        guard lhs.name == rhs.name, lhs.isCurrentOnDisk == rhs.isCurrentOnDisk, lhs.byteCount == rhs.byteCount
        else { return false }
        switch (lhs.storage, rhs.storage) {
        case (.memory(let left), .memory(let right)): return OutputWriter.sameBytes(left, right)
        default: return lhs.hash == rhs.hash
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isCurrentOnDisk)
        hasher.combine(byteCount)
    }
}

/// A generated file in the output folder it goes to, with the spec it was generated from.
public struct PlannedOutput: Sendable, Hashable {
    /// The output folder, as given (relative paths stay relative).
    public var directory: String
    public var file: GeneratedFile
    /// The path of the spec the file was generated from, for messages.
    public var source: String?
    /// Where that spec was listed (an entry of `stategen.yml`), for the notes of the plan's
    /// errors about two outputs of one path; `nil` for a spec given on the command line.
    public var listedAt: SourceLocation?
    /// What the run may assume about the other generated files in the output folder.
    public var folderPolicy: OutputFolderPolicy = .shared

    public init(
        directory: String, file: GeneratedFile, source: String? = nil, listedAt: SourceLocation? = nil,
        folderPolicy: OutputFolderPolicy = .shared
    ) {
        self.directory = directory
        self.file = file
        self.source = source
        self.listedAt = listedAt
        self.folderPolicy = folderPolicy
    }

    /// The file's path: the folder as given joined with the file's name.
    public var path: String { PathNames.join(directory, file.name) }
}

/// What a run may assume about the generated files in an output folder that it does not
/// produce (files whose first line is stategen's header, naming a spec the run does not list).
/// Generated files of one of the run's own specs that the spec no longer produces are always
/// removed; files that are not generated are never touched.
public enum OutputFolderPolicy: Int, Sendable, Hashable, Comparable {
    /// Other commands may generate into the folder (the command line: a Makefile may run
    /// `stategen generate` once per spec into one folder). A generated file whose spec no longer
    /// exists is reported (a warning); others are left alone.
    case shared
    /// The configuration file lists every spec that generates into the folder (`stategen.yml`
    /// without `managed`): every generated file of an unlisted spec is reported (a warning).
    case listed
    /// The folder belongs to the configuration (`managed: true`): `generate` removes generated
    /// files of unlisted specs, and `check` reports them as `extra`.
    case managed

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What writing a run's outputs would do, decided before anything is written: made by
/// ``OutputWriter/plan(_:)``, carried out by ``OutputWriter/apply(_:)``, and reported without
/// writing by `stategen check`.
public struct OutputPlan: Sendable {
    /// What happens to one output file.
    public enum Change: Sendable, Hashable {
        /// The file does not exist yet.
        case create
        /// The file exists, was generated by stategen, and its content differs; `previous` is
        /// its current text.
        case update(previous: String)
        /// The file exists with exactly this content; it is not touched (its mtime stays).
        case unchanged
    }

    /// One planned output: its path and what writing it will do.
    public struct Item: Sendable {
        public var output: PlannedOutput
        public var change: Change
        /// Where the file is written: the output folder's canonical path joined with the
        /// file's name (``OutputFolder``), so that a folder spelled `x/../out` is written as
        /// `out` and `x` is never created.
        var target: String
        /// For an update, which file was read when the plan was made: the write replaces
        /// only that file, and fails if another took its place meanwhile.
        var planned: FileSystemCalls.Identity?
        /// For an update, the XXH64 of the bytes the plan read: a file edited in place since
        /// (same inode, other bytes) is not replaced either.
        var plannedHash: UInt64?

        init(output: PlannedOutput, change: Change, target: String? = nil, planned: FileSystemCalls.Identity? = nil) {
            self.output = output
            self.change = change
            self.target = target ?? output.path
            self.planned = planned
        }
    }

    /// Every output, in the order given.
    public var items: [Item] = []
    /// Paths of generated files in the output folders that the run no longer produces and that
    /// were generated from one of the same specs (their header names it); sorted per folder.
    /// The write removes them.
    public var stale: [String] = []
    /// Paths of generated files in ``OutputFolderPolicy/managed`` output folders that were
    /// generated from specs the run does not list; sorted per folder. The write removes them.
    public var unlisted: [String] = []
    /// Generated files of specs the run does not list that the plan leaves in place, and that
    /// the folder's stamp records as stategen wrote them, by output folder (``OutputFolder``'s
    /// key): the next stamp carries the record (``GenerationStamp/kept``).
    public var kept: [String: [GenerationStamp.Output]] = [:]
    /// Output folders that do not exist and are created by the write (canonical paths,
    /// ``OutputFolder``).
    public var directoriesToCreate: [String] = []
    /// How the user spelled each folder of ``directoriesToCreate`` (the output folder as given),
    /// for the error when it cannot be created; a folder missing here is named by its path.
    public var directoryNames: [String: String] = [:]
    /// Temporary files that a `generate` killed between its write and its rename left beside
    /// this run's outputs (``TemporaryFileName``); the write removes them, `check` reports them.
    public var orphanedTemporaries: [String] = []
    /// Why the plan cannot be carried out (a foreign file in the way, two outputs for one path,
    /// an unreadable file, ...); when not empty, ``OutputWriter/apply(_:)`` writes nothing.
    public var errors: [OutputError] = []
    /// What the write cannot do but does not stop it: an output folder that cannot be listed
    /// (`EPERM`, as in a sandbox), where stale files are then not looked for; a generated file
    /// of a spec the run does not list, left in place (``OutputFolderPolicy``).
    public var warnings: [OutputError] = []

    /// Whether the output folders already hold exactly what the run would write.
    public var isCurrent: Bool {
        errors.isEmpty && stale.isEmpty && unlisted.isEmpty && orphanedTemporaries.isEmpty
            && items.allSatisfy { $0.change == .unchanged }
    }
}

/// What one write did, by path (the folder as given joined with the file's name).
public struct WriteReport: Sendable, Hashable {
    public var written: [String] = []
    public var unchanged: [String] = []
    public var removed: [String] = []
    /// Orphaned temporary files removed (``OutputPlan/orphanedTemporaries``).
    public var removedTemporaries: [String] = []
}

/// A write that cannot be done, or a reason a plan cannot be carried out; a failed write
/// leaves no half-written file behind.
public struct OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder at fault.
    public var path: String
    public var message: String
    /// Where else to look, such as the entries of `stategen.yml` that list one spec twice.
    public var notes: [Diagnostic.Note]
    /// The rule id a diagnostic of this error takes: `io` unless it is a refusal
    /// (`outside-root`, for a template out of its folder or in version-control metadata).
    public var rule: RuleID

    public init(path: String, message: String, notes: [Diagnostic.Note] = [], rule: RuleID = .io) {
        self.path = path
        self.message = message
        self.notes = notes
        self.rule = rule
    }

    /// `path: error: message`, the form compilers print for a file without a line.
    public var description: String { "\(path): error: \(message)" }

    /// `path: warning: message`, for a plan's warnings.
    public var warningDescription: String { "\(path): warning: \(message)" }
}
