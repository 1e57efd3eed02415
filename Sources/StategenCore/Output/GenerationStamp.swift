#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stategen generate` records in an output folder (the file `.stategen-stamp`) so that
/// the next run over the same inputs can skip reading the spec, checking and rendering it: a
/// fingerprint of everything the output depends on, the files it read, and a hash of each file
/// it wrote.
///
/// Why a file in the output folder rather than a line in the generated header: the header
/// would have to change whenever an input's bytes change, so a comment-only edit of the spec
/// would change generated code that today stays byte-identical (and would show up in the diffs
/// of teams that check generated code in). The stamp holds no time, path of the machine or
/// random value: two runs over the same inputs write the same stamp, so it may be checked in.
///
/// A run skips only when every part matches: stategen's version, the options (access, output
/// options, YAML limits, warnings as errors, module name, output folder, every template's
/// text), the bytes of every file the last run read (the spec, its token files, custom
/// templates) as it read them (hashed when read, so a file saved again during the run does not
/// match), and the bytes of every file it wrote, which must all still be there. A file
/// edited, deleted or replaced by hand, or any input changed, makes a full run. A run with any
/// diagnostic writes no stamp, so its warnings are printed again next time. `stategen check`
/// never reads the stamp: it always compares the content.
///
/// Hash: XXH64 (``XXH64``), which detects changes; it is not meant to resist a deliberate
/// collision.
public struct GenerationStamp: Sendable, Hashable {
    /// The stamp's file name in the output folder.
    public static let fileName = ".stategen-stamp"
    /// The first line of a stamp of this format.
    static let header = "stategen-stamp 3"

    /// The fingerprint of the version, the options and the inputs' bytes, in hexadecimal; or
    /// ``recordOnly``.
    public var fingerprint: String

    /// The fingerprint of a stamp that only records the files written, and never lets a run
    /// skip: written after a run with diagnostics (whose warnings must be printed again) or
    /// where stategen cannot identify its own executable. The writer removes a stale file of
    /// the same spec only when a stamp records it with its current hash
    /// (``OutputWriter/plan(_:)``).
    public static let recordOnly = "-"
    /// The files the run read, as the run named them, in the order read.
    public var inputs: [String]
    /// Each file written, by name in the output folder, with the hash of its bytes.
    public var outputs: [Output]
    /// Generated files that an earlier run wrote into the folder and this run left in place as
    /// they were written (a spec's file the run does not list, in a folder that is not managed),
    /// by name with their hash: carried from stamp to stamp, so that once the folder is made
    /// managed, `generate` can tell them from copies and edits, which it never removes.
    public var kept: [Output] = []

    /// A file written: its name in the output folder and the hash of its bytes
    /// (``contentHash(_:)``).
    public struct Output: Sendable, Hashable {
        public var name: String
        public var hash: String
    }

    /// The stamp's text: a header line, then `fingerprint`, `input`, `output` and `kept` lines,
    /// each ending with `\n`: `input NAME`, `output HASH NAME`, `kept HASH NAME`, with every
    /// NAME escaped (``escapedName(_:)``), so that a name holding a line break stays on its line.
    public var text: String {
        var lines = [Self.header, "fingerprint \(fingerprint)"]
        lines += inputs.map { "input \(Self.escapedName($0))" }
        lines += outputs.map { "output \($0.hash) \(Self.escapedName($0.name))" }
        lines += kept.map { "kept \($0.hash) \(Self.escapedName($0.name))" }
        return lines.joined(separator: "\n") + "\n"
    }

    public init(fingerprint: String, inputs: [String], outputs: [Output]) {
        self.fingerprint = fingerprint
        self.inputs = inputs
        self.outputs = outputs
    }

    /// Parses a stamp's text; `nil` for anything else (which makes a full run): a stamp of
    /// another format, or one with any line that is not a record of this format, such as a
    /// hash that is not 16 hexadecimal digits or a name that is not as ``escapedName(_:)``
    /// writes it (a raw control character, a `%` not followed by two upper-case hexadecimal
    /// digits of a byte that is escaped, bytes that are not UTF-8).
    public init?(text: String) {
        // Split as bytes: splitting the String walks it Character by Character.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Substring($0)
        }
        guard lines.last == "" else { return nil }
        lines.removeLast()
        guard lines.count >= 2, lines[0] == Self.header, lines[1].hasPrefix("fingerprint ") else { return nil }
        fingerprint = String(lines[1].dropFirst("fingerprint ".count))
        guard fingerprint == Self.recordOnly || Self.isHash(fingerprint) else { return nil }
        inputs = []
        outputs = []
        for line in lines.dropFirst(2) {
            if line.hasPrefix("input ") {
                guard let name = Self.unescapedName(line.dropFirst("input ".count)) else { return nil }
                inputs.append(name)
            } else if line.hasPrefix("output ") || line.hasPrefix("kept ") {
                let rest = line.drop { $0 != " " }.dropFirst()
                guard let space = rest.firstIndex(of: " "), Self.isHash(rest[..<space]),
                    let name = Self.unescapedName(rest[rest.index(after: space)...])
                else { return nil }
                let output = Output(name: name, hash: String(rest[..<space]))
                if line.hasPrefix("kept ") { kept.append(output) } else { outputs.append(output) }
            } else {
                return nil
            }
        }
        guard !outputs.isEmpty else { return nil }
    }

    // MARK: Names

    /// Whether `text` is a hash as the stamp writes it (``hex(_:)``): 16 lower-case hexadecimal
    /// digits.
    static func isHash(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `name` as the stamp writes it: each byte of its UTF-8 that is `%` or part of a control
    /// character (a line break, a carriage return, a tab, ESC, DEL, U+0085…) as `%` and two
    /// upper-case hexadecimal digits (`%25`, `%0A`, `%0D`, `%C2%85`); every other character,
    /// spaces and non-ASCII letters included, as it is. So a name never holds a line break or
    /// another control character in the stamp, and ``unescapedName(_:)`` reads it back exactly.
    /// A name without `%` or a control character is written unchanged.
    static func escapedName(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.indices.contains(where: { needsEscape(bytes, at: $0) }) else { return name }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for index in bytes.indices {
            let byte = bytes[index]
            if needsEscape(bytes, at: index) {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the byte at `index` of a name's UTF-8 is escaped: `%`, a C0 control or DEL, or
    /// either byte of a C1 control (`C2 80`–`C2 9F`).
    private static func needsEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") || byte < 0x20 || byte == 0x7F { return true }
        if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
        return index > 0 && bytes[index - 1] == 0xC2 && (0x80...0x9F).contains(byte)
    }

    /// The name that ``escapedName(_:)`` wrote as `text`; `nil` when `text` is not exactly what
    /// it writes for some name: a raw control character, a `%` without two upper-case
    /// hexadecimal digits, an escape of a byte that is not escaped (`%41`), or bytes that are
    /// not UTF-8 once unescaped.
    static func unescapedName(_ text: Substring) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) || utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 })
        else { return String(text) }
        func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index != utf8.endIndex, let high = digit(utf8[index]) else { return nil }
            index = utf8.index(after: index)
            guard index != utf8.endIndex, let low = digit(utf8[index]) else { return nil }
            index = utf8.index(after: index)
            bytes.append(high << 4 | low)
        }
        // Exactly the escaped form of the name: no raw control character, no needless escape.
        guard let name = String(validating: bytes, as: UTF8.self), escapedName(name).utf8.elementsEqual(utf8)
        else { return nil }
        return name
    }

    // MARK: Fingerprints

    /// The XXH64 of the file at `path` and its first line (without the line break), read in
    /// chunks of `chunkSize` bytes into one reused buffer; `nil` when it cannot be read.
    ///
    /// Only the hash and the header are needed of an output, so it is not read into memory:
    /// reading the example's 312 KB output into a new array cost a tenth of a no-op run, most
    /// of it the kernel zeroing and mapping the array's fresh pages.
    static func hashAndHeader(ofFileAt path: String, chunkSize: Int = 1 << 16) -> (hash: UInt64, header: [UInt8])? {
        guard case .success(let digest) = FileDigest.of(path, chunkSize: chunkSize) else { return nil }
        return (digest.hash, digest.header)
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of a file's bytes, as the stamp records it.
    public static func contentHash(_ bytes: [UInt8]) -> String {
        hex(bytes.withUnsafeBytes { XXH64.hash($0) })
    }

    /// ``contentHash(_:)`` of `file`'s bytes, without reading a spooled file again.
    static func contentHash(of file: GeneratedFile) -> String {
        hex(file.hash)
    }

    /// What the options contribute: every field that can change the output, in a fixed order.
    static func describe(_ options: GeneratorPipeline.Options, specs: [String], version: String) -> String {
        let swift = options.swift
        var parts = [
            "version=\(version)", "specs=\(specs.map { $0 + "\u{0}" }.reduce("", +))",
            "access=\(options.access?.rawValue ?? "-")",
            "layout=\(swift.layout?.value.rawValue ?? "-")", "inlining=\(swift.inlining?.value.rawValue ?? "-")",
            "importAccess=\(swift.importAccess?.value.rawValue ?? "-")",
            "codable=\(swift.codable.map { String($0.value) } ?? "-")",
            "hashable=\(swift.hashable.map { String($0.value) } ?? "-")",
            "provenance=\(swift.provenance.map { String($0.value) } ?? "-")",
            "limits=\(options.yamlLimits.maxDepth),\(options.yamlLimits.maxNodes),\(options.yamlLimits.maxInputBytes)",
            "warningsAsErrors=\(options.warningsAsErrors)",
            "warningRulesAsErrors=\(options.warningRulesAsErrors.sorted().map { $0 + "," }.reduce("", +))",
            "output=\(options.outputDirectory ?? "-")",
            "swiftModule=\(options.swiftModule ?? "-")",
        ]
        // A built-in template is named by the fingerprint of all of them, made when they were
        // embedded; a template from a folder is hashed by its text.
        for name in options.templates.sources.keys.sorted() {
            let origin = options.templates.origins[name] ?? ""
            let text =
                origin.hasPrefix(TemplateSet.builtinOriginPrefix)
                ? "builtin \(BuiltinTemplates.fingerprint)" : "\(origin)\u{0}\(options.templates.sources[name] ?? "")"
            parts.append("template=\(name)\u{0}\(text)")
        }
        // Joined by hand: the first `joined(separator:)` of a run resolves its generic
        // witnesses at run time, which cost more than the rest of this function.
        var text = ""
        for part in parts {
            if !text.isEmpty { text += "\u{1}" }
            text += part
        }
        return text
    }

    /// The fingerprint of a job: its options and specs, and the hash of each of `inputs`' bytes;
    /// `nil` when an input has no hash. One hash over the description, then each input's path
    /// and the hash of its bytes (``contentHash(_:)``), each followed by a zero byte.
    ///
    /// - Parameter hashes: the hash of each input by path. A run that wrote its files gives the
    ///   hashes of the bytes it read and rendered (``GeneratorPipeline/Result/inputHashes``),
    ///   never of the files read again afterwards: an input saved during the run then does not
    ///   match the next run's, which runs in full. `nil`: the files are read now (the check of
    ///   the next run).
    static func fingerprint(
        options: GeneratorPipeline.Options, specs: [String], inputs: [String], hashes: [String: String]? = nil,
        version: String
    ) -> String? {
        var bytes = Array(describe(options, specs: specs, version: version).utf8)
        for path in inputs {
            let hash: String
            if let hashes {
                guard let recorded = hashes[path] else { return nil }
                hash = recorded
            } else {
                // A pipe or FIFO would block, or be drained before the full run reads it: no skip.
                guard isRegularFile(path), case .success(let data) = FileSystemCalls.readFile(path) else { return nil }
                hash = contentHash(data)
            }
            bytes += path.utf8
            bytes.append(0)
            bytes += hash.utf8
            bytes.append(0)
        }
        return hex(bytes.withUnsafeBytes { XXH64.hash($0) })
    }

    /// Whether `path` is, or links to, a regular file: only those are read for the stamp, so
    /// that a FIFO in the place of the stamp or an input never stalls a run.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    // MARK: Reading and writing

    /// The files of `job` as they are on disk, when the stamp in its output folder says that
    /// nothing changed since they were written; `nil` when a full run is needed. Each file is
    /// read once, with `open` and `read` (``FileSystemCalls/readFile(_:limit:)``).
    static func unchangedFiles(of job: GenerationJob, version: String) -> (files: [GeneratedFile], inputs: [String])? {
        let path = PathNames.join(job.output, fileName)
        guard isRegularFile(path), case .success(let data) = FileSystemCalls.readFile(path),
            let stamp = GenerationStamp(text: String(decoding: data, as: UTF8.self)),
            fingerprint(options: job.options, specs: job.specs.map(\.path), inputs: stamp.inputs, version: version)
                == stamp.fingerprint
        else { return nil }
        var files: [GeneratedFile] = []
        for output in stamp.outputs {
            guard let (hash, header) = hashAndHeader(ofFileAt: PathNames.join(job.output, output.name)),
                hex(hash) == output.hash
            else { return nil }
            // Only the header line is kept (see `isCurrentOnDisk`): validating megabytes of UTF-8
            // again was most of a large no-op run.
            guard let text = String(validating: header + [UInt8(ascii: "\n")], as: UTF8.self) else { return nil }
            var file = GeneratedFile(name: output.name, contents: text)
            file.isCurrentOnDisk = true
            files.append(file)
        }
        return (files, stamp.inputs)
    }

    /// The stamp of a job whose run read `inputs`, whose bytes hashed as `hashes` (by path) when
    /// they were read, and generated `files`; `nil` when an input has no hash.
    static func stamp(
        of job: GenerationJob, inputs: [String], hashes: [String: String], files: [GeneratedFile], version: String
    ) -> GenerationStamp? {
        guard
            let fingerprint = fingerprint(
                options: job.options, specs: job.specs.map(\.path), inputs: inputs, hashes: hashes, version: version)
        else { return nil }
        return GenerationStamp(
            fingerprint: fingerprint, inputs: inputs,
            outputs: files.map { Output(name: $0.name, hash: contentHash(of: $0)) })
    }
}
