import Foundation

/// The whole generator in one place, stage by stage:
///
/// ```
/// bytes --YAMLReader--> YAMLDocument --SpecDecoder--> Spec --SpecValidator--> CheckedSpec
///       --TemplateContextBuilder--> TemplateValue --SwiftRenderer--> Swift text --OutputWriter--> files
/// ```
///
/// Each stage reports to one ``DiagnosticCollector``; the pipeline stops after the first stage
/// that reports an error, so a later stage never sees a broken representation. Each stage is
/// timed (``StageTimings``: read, decode, validate, context, render, and write or compare), for
/// `--verbose`.
///
/// A run over several specs and output folders (the command line's `generate a.yml b.yml
/// --output DIR`, or the entries of `stategen.yml`) is ``run(_:)``: every spec through every
/// stage but the write, giving a ``Generation``; then ``plan(_:writer:)`` compares the outputs
/// with the output folders and ``write(_:writer:)`` writes them.
public struct GeneratorPipeline: Sendable {
    /// What a run may change about the spec and how it reads and renders it.
    public struct Options: Sendable {
        /// Overrides the spec's `access:` when set (`--access`).
        public var access: AccessLevel?
        /// Options over the spec's `swift:` (`stategen.yml`'s `swift:`, the command line's
        /// `--layout`, `--inlining`, ...): each set one wins.
        public var swift: SwiftOptions
        public var templates: TemplateSet
        public var yamlLimits: YAMLReader.Limits
        /// Reports every warning as an error (`--warnings-as-errors`), so that a spec with
        /// warnings generates nothing.
        public var warningsAsErrors: Bool
        /// The warning rules reported as errors (`--warnings-as-errors=RULE,...`,
        /// `warningsAsErrors: [RULE, ...]` in `stategen.yml`); with ``warningsAsErrors``, all are.
        public var warningRulesAsErrors: Set<String> = []
        /// The folder the output will be written to (`--output`): the generated header names the
        /// spec by its path relative to it (`../controls.yml`), which also tells apart specs of
        /// the same file name writing into one folder. When `nil`, by its file name.
        public var outputDirectory: String?
        /// The name of the Swift module the generated code is compiled in (`--swift-module`,
        /// `swiftModule:` in `stategen.yml`, else Xcode's `PRODUCT_MODULE_NAME`): a public
        /// namespace of the same name is a `namespace-shadows-module` warning. `nil`: unknown,
        /// not checked.
        public var swiftModule: String?
        /// Leaves the checked spec and the template context of each spec allocated instead of
        /// freeing them when the spec is done (what clang's `-disable-free` does): a process that
        /// exits right after the run saves tearing down millions of small values (a tenth of a
        /// 1,000-kind run's instructions), and the run's peak memory is unchanged, since the
        /// output being written is the last thing held with them. The command line sets it; a
        /// long-lived caller must not, as each run's values stay until the process exits.
        public var keepsIntermediatesUntilExit = false
        /// Renders each output into a temporary file in the system's temporary folder (`TMPDIR`,
        /// else `/tmp`) instead of memory (``SpooledFile``), for the writer to rename into place:
        /// the run then holds about a megabyte of each output while rendering, not the whole
        /// file (the output was about a third of a 10,000-kind run's peak memory). `generate`
        /// sets it; where no temporary file can be made, the output stays in memory. A caller
        /// that reads the files' bytes instead of writing them need not set it.
        public var spoolsOutput = false
        /// Called with each input's path right after the run read it (a test seam: a test that
        /// changes the file there sees what a save during the run does).
        var afterReadingInput: (@Sendable (_ path: String) -> Void)?
        /// The folders token files may be read from besides the spec's (`roots:`, `--root`);
        /// a token file elsewhere is an `outside-root` error at its `tokenFiles:` entry.
        public var inputRoots = InputRoots()

        public init(
            access: AccessLevel? = nil, swift: SwiftOptions = SwiftOptions(), templates: TemplateSet = .builtin,
            yamlLimits: YAMLReader.Limits = .init(), warningsAsErrors: Bool = false,
            outputDirectory: String? = nil, swiftModule: String? = nil
        ) {
            self.outputDirectory = outputDirectory
            self.swiftModule = swiftModule
            self.access = access
            self.swift = swift
            self.templates = templates
            self.yamlLimits = yamlLimits
            self.warningsAsErrors = warningsAsErrors
        }
    }

    /// How long each stage of one spec took (wall-clock, monotonic), for `--verbose`. A stage
    /// that did not run took zero.
    public struct StageTimings: Sendable, Hashable {
        /// Reading the file and libyaml's parse into YAML nodes.
        public var read: Duration = .zero
        /// ``SpecDecoder``: YAML nodes to ``Spec``.
        public var decode: Duration = .zero
        /// ``SpecValidator``: ``Spec`` to ``CheckedSpec``.
        public var validate: Duration = .zero
        /// ``TemplateContextBuilder``: ``CheckedSpec`` to the template context's names and
        /// file-wide parts (each kind's own context is made during `render`).
        public var context: Duration = .zero
        /// ``SwiftRenderer``: the template context to Swift text, making each kind's context as
        /// the render reaches it.
        public var render: Duration = .zero

        public init() {}
    }

    /// The outcome of one run: the files (empty when an error was found), every diagnostic,
    /// and the text of each file read, so that diagnostics can show their source lines.
    public struct Result: Sendable {
        public var files: [GeneratedFile] = []
        public var diagnostics: [Diagnostic] = []
        public var sources: [String: String] = [:]
        /// The spec's path, as given.
        public var specPath = ""
        /// Every file the run read, for build dependencies: the spec, then each template file
        /// rendered (built-in templates are no files and are not listed).
        public var inputs: [String] = []
        /// The hash of the bytes read of each of ``inputs`` (``GenerationStamp/contentHash(_:)``),
        /// by path: what the run rendered, which the stamp records (an input saved again during
        /// the run must not be recorded with its new bytes).
        public var inputHashes: [String: String] = [:]
        public var timings = StageTimings()
        /// Whether the run skipped every stage because its output folder's stamp showed that
        /// nothing changed (``GenerationStamp``); `files` are then the files on disk.
        public var skipped = false

        public init() {}

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Runs every stage but the write on the spec at `path`.
    ///
    /// - Parameter listedAt: where the path was written (an entry of `stategen.yml`), shown
    ///   in a note when the file cannot be read.
    public func generate(specAt path: String, listedAt: SourceLocation? = nil) -> Result {
        var result = Result()
        let diagnostics = DiagnosticCollector()
        if var checked = checkedSpec(
            at: path, listedAt: listedAt, into: &result, diagnostics: diagnostics, keepsValueSources: false)
        {
            checked.dropValueSources()
            render(checked, path: path, into: &result, diagnostics: diagnostics)
            keepUntilExit(checked)
        }
        finish(&result, diagnostics)
        return result
    }

    /// With ``Options/keepsIntermediatesUntilExit``, keeps `value` allocated until the process
    /// exits (one retain that is never released).
    private func keepUntilExit<Value: Sendable>(_ value: Value) {
        guard options.keepsIntermediatesUntilExit else { return }
        _ = Unmanaged.passRetained(KeptValue(value))
    }

    /// Runs the stages up to naming on the spec at `path` (for `stategen graph`, `styles` and
    /// `preview`): the Swift names are made, and dropped, so that a spec `lint` and `generate`
    /// reject for a name (`name-collision`, `invalid-name`) is rejected here too.
    ///
    /// - Returns: the checked spec (`nil` when an error was found) and the result, without files.
    public func validate(specAt path: String, listedAt: SourceLocation? = nil) -> (spec: CheckedSpec?, result: Result) {
        var result = Result()
        let diagnostics = DiagnosticCollector()
        let checked = checkedSpec(at: path, listedAt: listedAt, into: &result, diagnostics: diagnostics)
        if let checked {
            let context = Self.timed(&result.timings.context) {
                TemplateContextBuilder(diagnostics: diagnostics, swiftModule: options.swiftModule).build(
                    checked, specFile: PathNames.lastComponent(path), specPath: specPath(path))
            }
            if let context { keepUntilExit(context) }
        }
        finish(&result, diagnostics)
        return (result.hasErrors ? nil : checked, result)
    }

    /// Runs the stages up to the template context: the whole spec's, every kind in
    /// `controls` (what `stategen context` prints with `layout: single`; see
    /// ``fileContexts(specAt:)`` for each file's).
    ///
    /// - Returns: the result (diagnostics and sources, no files) and the context, `nil` when an
    ///   error was found.
    public func context(specAt path: String) -> (Result, TemplateValue?) {
        contextStage(specAt: path) { builder, checked in
            builder.build(checked, specFile: PathNames.lastComponent(path), specPath: specPath(path))
        }
    }

    /// Stages 1 to 4 for `stategen context`: the context of each file `generate` renders from
    /// the spec at `path`, named as `generate` names them (one file with `layout: single`; the
    /// shared file, then one per kind, with `layout: split`). Each file's `controls` is made
    /// kind by kind as it is read. `nil` (with the reasons in the result) when the spec has
    /// errors.
    public func fileContexts(specAt path: String) -> (Result, [TemplateContextBuilder.FileContext]?) {
        contextStage(specAt: path) { builder, checked in
            builder.buildFiles(
                checked, specFile: PathNames.lastComponent(path), specPath: specPath(path),
                stem: String(Self.outputName(checked).dropLast(".swift".count)))
        }
    }

    /// Stages 1 to 3, then `make` with a context builder reporting to the run's diagnostics;
    /// its value is `nil` when any stage reported an error.
    private func contextStage<Value>(
        specAt path: String, _ make: (TemplateContextBuilder, CheckedSpec) -> Value?
    ) -> (Result, Value?) {
        var result = Result()
        let diagnostics = DiagnosticCollector()
        var value: Value?
        if let checked = checkedSpec(at: path, listedAt: nil, into: &result, diagnostics: diagnostics) {
            value = make(TemplateContextBuilder(diagnostics: diagnostics, swiftModule: options.swiftModule), checked)
        }
        finish(&result, diagnostics)
        return (result, result.hasErrors ? nil : value)
    }

    /// The warnings about a kind's transition table (what it can reach and leave, what it
    /// uses), which are not reported alongside an `invalid-name` error: a row naming a state or
    /// event without a Swift name is left out of the table, so every kind would otherwise warn
    /// of the gap that one error already explains.
    static let tableWarningRules: Set<RuleID> = [.unreachableState, .deadEndState, .unusedEvent]

    private func finish(_ result: inout Result, _ diagnostics: DiagnosticCollector) {
        result.diagnostics = diagnostics.sorted
        if result.diagnostics.contains(where: { $0.severity == .error && $0.rule == .invalidName }) {
            result.diagnostics.removeAll { $0.severity == .warning && Self.tableWarningRules.contains($0.rule) }
        }
        for index in result.diagnostics.indices
        where options.warningsAsErrors
            || options.warningRulesAsErrors.contains(result.diagnostics[index].rule.rawValue)
        {
            result.diagnostics[index].severity = .error
        }
        if result.hasErrors { result.files = [] }
    }

    /// Stages 1 to 3: read, decode, validate.
    ///
    /// - Parameter keepsValueSources: `false` for a render, which reads no attribute's sources:
    ///   only the kinds the contrast audit reads keep them (``SpecValidator/keepsValueSources``).
    private func checkedSpec(
        at path: String, listedAt: SourceLocation?, into result: inout Result, diagnostics: DiagnosticCollector,
        keepsValueSources: Bool = true
    ) -> CheckedSpec? {
        result.specPath = path
        guard var spec = load(specAt: path, listedAt: listedAt, into: &result, diagnostics: diagnostics) else {
            return nil
        }
        // Its tokens as written, which the checked spec does not hold: freeing 100,000 of them
        // at the end of a run costs as much as reading a tenth of them. The rest (its kinds,
        // whose checked form the render reads) is freed here, before the render, whose
        // allocations then reuse that memory.
        defer { keepUntilExit((spec.tokens, spec.appearanceTokens)) }
        // The spec's and its kinds' `warnings: { ignore: }` hold from validation on, where
        // every warning is found.
        diagnostics.ignoredWarnings = spec.warnings.ignoredRules
        for control in spec.controls where !control.warnings.ignore.isEmpty {
            diagnostics.ignoredWarningsByKind[control.name.value, default: []].formUnion(control.warnings.ignoredRules)
        }
        if let access = options.access { spec.access = access }
        spec.swift = options.swift.over(spec.swift)
        let checked = Self.timed(&result.timings.validate) { () -> CheckedSpec? in
            // The kinds are handed over, not shared, so that validation can free each one's
            // decoded values once it is checked.
            var kinds: [ControlSpec] = []
            swap(&kinds, &spec.controls)
            var validator = SpecValidator(diagnostics: diagnostics)
            validator.keepsValueSources = keepsValueSources
            let checked = validator.validate(spec, kinds: consume kinds)
            if let checked, checked.controls.contains(where: { !$0.contrastPairs.isEmpty }) {
                ContrastAudit.report(
                    ContrastAudit.results(checked, styles: ResolvedStyles(checked)), to: diagnostics)
            }
            return checked
        }
        return diagnostics.hasErrors ? nil : checked
    }

    /// Stages 4 and 5: build the template context, render the Swift file.
    private func render(
        _ checked: CheckedSpec, path: String, into result: inout Result, diagnostics: DiagnosticCollector
    ) {
        let specFile = PathNames.lastComponent(path)
        let stem = String(Self.outputName(checked).dropLast(".swift".count))
        // The kinds' names and platform parts; each kind's context is made as the render
        // reaches it, and dropped after (so the render stage's time includes making them).
        guard
            let files = Self.timed(
                &result.timings.context,
                {
                    TemplateContextBuilder(diagnostics: diagnostics, swiftModule: options.swiftModule).buildFiles(
                        checked, specFile: specFile, specPath: specPath(path), stem: stem)
                })
        else { return }
        defer { keepUntilExit(files) }
        do {
            var templatesUsed: [String] = []
            let files = try Self.timed(&result.timings.render) { () throws(DiagnosticsError) -> [GeneratedFile] in
                try SwiftRenderer(templates: options.templates).renderFiles(
                    files.map { ($0.name, $0.context) },
                    spoolDirectory: options.spoolsOutput ? FileSystemCalls.system.temporaryDirectory : nil,
                    templatesUsed: &templatesUsed,
                    capacity: Self.outputCapacity(specBytes: result.sources[path]?.utf8.count ?? 0)
                        / max(files.count, 1))
            }
            let templateFiles = Set(templatesUsed).sorted().filter { !$0.hasPrefix(TemplateSet.builtinOriginPrefix) }
            result.inputs += templateFiles
            // A template file's text is its bytes (read once, checked to be UTF-8, when the set
            // was made): their hash is that of what was rendered.
            for (name, origin) in options.templates.origins where templateFiles.contains(origin) {
                if let text = options.templates.sources[name] {
                    result.inputHashes[origin] = GenerationStamp.contentHash(Array(text.utf8))
                }
            }
            result.files = files
            for warning in options.templates.warnings { diagnostics.report(warning) }
        } catch {
            for diagnostic in error.diagnostics { diagnostics.report(diagnostic) }
        }
    }

    /// The bytes reserved for a spec's output before rendering: 32 bytes per spec byte (the
    /// built-in templates write 13 to 18), at most 1 GiB. Rendering appends to one buffer, which
    /// grows by doubling when full: each growth copies the text and briefly holds it twice, so a
    /// run that grew to 97 MB of output peaked with a 64 MB and a 128 MB buffer live at once.
    /// Reserving is cheap where it is not used: the pages of a large allocation take memory only
    /// once written (Linux commits anonymous memory on first touch).
    static func outputCapacity(specBytes: Int) -> Int {
        min(specBytes, 1 << 25) * 32
    }

    /// How the generated header names the spec at `path`: relative to the output folder when
    /// it is known.
    func specPath(_ path: String) -> String? {
        options.outputDirectory.map { Self.relativePath(of: path, from: $0) }
    }

    /// The path of `file` relative to the folder `directory`, with `/` separators: both are
    /// made absolute against the current folder and normalized (`.` and `..` resolved, symbolic
    /// links not), so the result does not depend on where the tool runs.
    static func relativePath(of file: String, from directory: String) -> String {
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            var parts: [String] = []
            for part in absolute.split(separator: "/") where part != "." {
                if part == ".." {
                    if !parts.isEmpty { parts.removeLast() }
                } else {
                    parts.append(String(part))
                }
            }
            return parts
        }
        let target = components(file)
        let base = components(directory)
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    /// The name of the file a checked spec generates: its module's Swift type name plus `.swift`.
    static func outputName(_ checked: CheckedSpec) -> String {
        let stem = (try? SwiftNamer().typeStem(checked.module.value)) ?? checked.module.value
        return "\(stem).swift"
    }

    /// The text of a file for showing its lines: UTF-16 when it starts with a UTF-16 byte order
    /// mark, UTF-8 otherwise (libyaml's own detection).
    public static func text(of bytes: [UInt8]) -> String {
        func units(littleEndian: Bool) -> [UInt16] {
            stride(from: 2, to: bytes.count - 1, by: 2).map { i in
                littleEndian
                    ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            }
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return String(decoding: units(littleEndian: true), as: UTF16.self) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(decoding: units(littleEndian: false), as: UTF16.self) }
        return String(
            decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    }

    /// The text of a file read as YAML, for showing its lines under diagnostics, or `nil` when
    /// the file is not text: not valid UTF-8 (or UTF-16 after a byte order mark), or holding a
    /// NUL byte (`/proc/self/environ`, a binary file). Such a file's bytes are never quoted; its
    /// diagnostics give the line and column only.
    static func displayedText(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { i in
                little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            }
            guard let text = String(validating: units, as: UTF16.self), !text.unicodeScalars.contains("\u{0}")
            else { return nil }
            return text
        }
        // In UTF-8 a NUL is a zero byte: found on the bytes, not by decoding every character
        // of the text again (a 20 MB token file's 20 million).
        guard !bytes.contains(0) else { return nil }
        return String(
            validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
    }

    /// Reads and decodes the spec at `path` (stages 1 and 2).
    ///
    /// - Returns: the spec when it decoded without error; otherwise `nil`, the reasons in
    ///   `diagnostics`.
    public func load(
        specAt path: String, listedAt: SourceLocation? = nil, into result: inout Result,
        diagnostics: DiagnosticCollector
    ) -> Spec? {
        result.inputs.append(path)
        var readTime = Duration.zero
        var root = Self.timed(&readTime) {
            Self.readDocument(
                at: path, what: "spec", limits: options.yamlLimits, listedAt: listedAt, into: &result,
                diagnostics: diagnostics)
        }
        result.timings.read += readTime
        options.afterReadingInput?(path)
        guard root != nil else { return nil }
        let decoder = SpecDecoder(diagnostics: diagnostics)
        // The tree is handed over, so that each kind's part is freed once it is decoded.
        guard
            var spec = Self.timed(
                &result.timings.decode,
                { () -> Spec? in
                    guard let tree = root else { return nil }
                    root = nil
                    return decoder.decode(releasing: tree)
                })
        else { return nil }
        // Token files, relative to the spec, each a layer that overrides the earlier ones path by
        // path (last wins); the spec's own `tokens:` come last, overriding them all. A file listed
        // with an appearance holds that appearance's values, its layers merging the same way. A
        // resolver document gives the layers of its resolution (``ResolverDocument``).
        let ownTokens = spec.tokens
        var layers: [[TokenSpec]] = []
        var appearanceLayers: [Appearance: [[TokenSpec]]] = [:]
        var read: [String: SourceLocation] = [:]
        var allTokenFilesRead = true
        for file in spec.tokenFiles {
            let listed = file.path
            let tokenPath =
                listed.value.hasPrefix("/") ? listed.value : PathNames.join(PathNames.parent(of: path), listed.value)
            if let first = read[PathNames.normalized(tokenPath)] {
                diagnostics.error(
                    "token file '\(listed.value)' is listed twice", at: listed.location, rule: .duplicateName,
                    notes: [.init("first listed here", at: first)])
                continue
            }
            read[PathNames.normalized(tokenPath)] = listed.location
            if let refusal = options.inputRoots.refusal(
                of: tokenPath, what: "token file", spelled: listed.value, namedIn: path)
            {
                diagnostics.error(refusal, at: listed.location, rule: .outsideRoot)
                allTokenFilesRead = false
                continue
            }
            result.inputs.append(tokenPath)
            if file.isResolver {
                guard
                    let resolved = loadResolver(
                        file, at: tokenPath, specPath: path, appearances: spec.appearances.map(\.value),
                        decoder: decoder, into: &result, diagnostics: diagnostics)
                else {
                    allTokenFilesRead = false
                    continue
                }
                layers += resolved.base
                spec.tokens += resolved.base.flatMap { $0 }
                for (appearance, list) in resolved.appearances {
                    appearanceLayers[appearance, default: []] += list
                    spec.appearanceTokens[appearance, default: []] += list.flatMap { $0 }
                }
                continue
            }
            var tokenReadTime = Duration.zero
            let tokenRoot = Self.timed(&tokenReadTime) {
                Self.readDocument(
                    at: tokenPath, what: "tokens", limits: options.yamlLimits, json: Self.isJSONTokenFile(tokenPath),
                    listedAt: listed.location, into: &result, diagnostics: diagnostics)
            }
            result.timings.read += tokenReadTime
            options.afterReadingInput?(tokenPath)
            guard let tokenRoot else {
                allTokenFilesRead = false
                continue
            }
            let tokens = Self.timed(&result.timings.decode) { decoder.decodeTokens(tokenRoot) }
            // The file's node tree (a node per key and value): left to the process's exit rather
            // than freed node by node.
            keepUntilExit(tokenRoot)
            if let appearance = file.appearance?.value {
                spec.appearanceTokens[appearance, default: []] += tokens
                appearanceLayers[appearance, default: []].append(tokens)
            } else {
                // The first file's list as it is (shared, not copied token by token).
                if spec.tokens.isEmpty { spec.tokens = tokens } else { spec.tokens += tokens }
                layers.append(tokens)
            }
        }
        if !ownTokens.isEmpty { layers.append(ownTokens) }
        // A token file that could not be read is its one error: overrides of its tokens in
        // other files are not reported as overriding nothing.
        guard allTokenFilesRead else { return nil }
        spec.tokenTable = Self.timed(&result.timings.decode) {
            TokenTable(layers: layers, appearanceLayers: appearanceLayers, diagnostics: diagnostics)
        }
        // Bad tokens are errors or warnings by whether values use them, which validation finds;
        // an error that stops the run before it leaves that unknown.
        guard !diagnostics.hasErrors else {
            spec.tokenTable.reportProblems(uses: nil, diagnostics: diagnostics)
            return nil
        }
        return spec
    }

    /// Whether the token file at `path` is JSON: named `*.json` (`*.tokens.json` included) or
    /// `*.tokens`, the two extensions DTCG 2025.10 §4.2 recommends for token files.
    static func isJSONTokenFile(_ path: String) -> Bool {
        path.hasSuffix(".json") || path.hasSuffix(".tokens")
    }

    /// Reads the one YAML document of the file at `path` (a spec, or `stategen.yml`), keeping
    /// its text in `result.sources` for diagnostics; a `json` file (a `.json` token file) may
    /// hold no comments or trailing commas.
    ///
    /// - Returns: the document's root node, or `nil` with the reason in `diagnostics`: the file
    ///   cannot be read (`io`), is not valid YAML, holds no document (`empty-spec`) or more than
    ///   one (`multiple-documents`).
    static func readDocument(
        at path: String, what: String, limits: YAMLReader.Limits, json: Bool = false, listedAt: SourceLocation?,
        into result: inout GeneratorPipeline.Result, diagnostics: DiagnosticCollector
    ) -> YAMLNode? {
        let start = SourceLocation(path: path, line: 1, column: 1)
        if let refusal = InputRoots.versionControlRefusal(
            of: path, what: what == "tokens" ? "token file" : what, spelled: path)
        {
            diagnostics.error(refusal, at: listedAt ?? .file(path), rule: .outsideRoot)
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: limits.maxInputBytes)
        } catch {
            // A token file's error is at its `tokenFiles:` entry; a spec's, with its entry as a note.
            let at = what == "tokens" ? listedAt : nil
            let notes: [Diagnostic.Note] = at == nil ? listedAt.map { [.init("listed here", at: $0)] } ?? [] : []
            diagnostics.error(
                "cannot read the \(what) file \(DiagnosticText.quoted(path)): \(error.message)", at: at, rule: .io,
                notes: notes)
            return nil
        }
        // Only a file that is text shows its lines under a diagnostic (``displayedText(of:)``).
        result.sources[path] = displayedText(of: bytes)
        result.inputHashes[path] = GenerationStamp.contentHash(bytes)
        let documents: [YAMLDocument]
        do {
            documents = try YAMLReader(limits: limits, json: json).read(bytes, path: path)
        } catch {
            diagnostics.report(error.diagnostic)
            return nil
        }
        guard let document = documents.first else {
            diagnostics.error("the \(what) file is empty", at: start, rule: .emptySpec)
            return nil
        }
        if documents.count > 1 {
            let second = documents[1].start
            diagnostics.error(
                "a \(what) file holds one YAML document; this is a second one",
                at: SourceLocation(path: path, line: second.line, column: second.column),
                rule: .multipleDocuments)
            return nil
        }
        return document.root
    }

    static let clock = ContinuousClock()

    /// Runs `body`, adding the time it took to `duration`.
    static func timed<T, E: Error>(_ duration: inout Duration, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { duration += clock.now - start }
        return try body()
    }
}

// MARK: - Runs over several specs

/// A spec path to generate from, and where it was listed.
public struct SpecReference: Sendable, Hashable {
    /// The path, as given on the command line or resolved from `stategen.yml`.
    public var path: String
    /// Where the path was written in `stategen.yml`, for the note of a read error; `nil` for a
    /// path from the command line.
    public var listedAt: SourceLocation?

    public init(path: String, listedAt: SourceLocation? = nil) {
        self.path = path
        self.listedAt = listedAt
    }
}

/// Specs generated into one output folder with one set of options: the command line's
/// `generate a.yml b.yml --output DIR`, or one entry of `stategen.yml`'s `outputs`.
public struct GenerationJob: Sendable {
    public var specs: [SpecReference]
    /// The output folder, as given.
    public var output: String
    public var options: GeneratorPipeline.Options
    /// What the run may assume about other generated files in the output folder: `.shared`
    /// from the command line, `.listed` or `.managed` from `stategen.yml`.
    public var folderPolicy: OutputFolderPolicy

    /// - Parameter options: the pipeline's options; their `outputDirectory` is set to `output`
    ///   when unset, so the header names each spec relative to where its file is written.
    public init(
        specs: [SpecReference], output: String, options: GeneratorPipeline.Options,
        folderPolicy: OutputFolderPolicy = .shared
    ) {
        self.specs = specs
        self.output = output
        self.options = options
        self.folderPolicy = folderPolicy
        if self.options.outputDirectory == nil { self.options.outputDirectory = output }
    }
}

/// Every spec of a run through every stage but the write.
public struct Generation: Sendable {
    /// One result per spec, in the order of the jobs and their specs.
    public var results: [GeneratorPipeline.Result] = []
    /// Every generated file in its output folder; empty when any spec has an error (a run
    /// writes all of its outputs or none).
    public var outputs: [PlannedOutput] = []
    /// The stamp of each output folder, to write after the files
    /// (``GeneratorPipeline/writeStamps(_:writer:)``): one that allows the next run to skip
    /// where its specs ran without a diagnostic, else a record-only one
    /// (``GenerationStamp/recordOnly``) of the files written, which never allows a skip.
    public var stamps: [(directory: String, stamp: GenerationStamp)] = []

    public init() {}

    public var hasErrors: Bool { results.contains { $0.hasErrors } }

    /// Every file the run read (specs and template files), each once, in the order read.
    public var inputs: [String] {
        var seen: Set<String> = []
        return results.flatMap(\.inputs).filter { seen.insert($0).inserted }
    }
}

extension GeneratorPipeline {
    /// Runs every spec of `jobs` through every stage but the write.
    ///
    /// - Parameter stampVersion: stategen's version, for `generate`: a job whose output
    ///   folder's ``GenerationStamp`` matches its inputs skips every stage (its results are
    ///   `skipped`, its files those on disk), and each job that ran without a diagnostic gets
    ///   a stamp in ``Generation/stamps`` for the writer. `nil` (`check`, `outputs`): every
    ///   spec runs.
    ///   - recordsOutputs: whether each job that ran gets a stamp even when it cannot be
    ///     trusted for a skip (a run with diagnostics, or no `stampVersion`): a record-only
    ///     stamp (``GenerationStamp/recordOnly``), so that the next run knows which files
    ///     stategen wrote there (stale files are removed only when recorded).
    public static func run(_ jobs: [GenerationJob], stampVersion: String? = nil, recordsOutputs: Bool = false)
        -> Generation
    {
        var generation = Generation()
        var outputs: [PlannedOutput] = []
        for job in jobs {
            if let version = stampVersion, let unchanged = GenerationStamp.unchangedFiles(of: job, version: version) {
                var result = Result()
                result.specPath = job.specs.first?.path ?? ""
                result.inputs = unchanged.inputs
                result.files = unchanged.files
                result.skipped = true
                generation.results.append(result)
                outputs += unchanged.files.map {
                    PlannedOutput(
                        directory: job.output, file: $0, source: job.specs.first?.path,
                        listedAt: job.specs.first?.listedAt, folderPolicy: job.folderPolicy)
                }
                continue
            }
            let pipeline = GeneratorPipeline(options: job.options)
            var jobResults: [Result] = []
            for spec in job.specs {
                let result = pipeline.generate(specAt: spec.path, listedAt: spec.listedAt)
                jobResults.append(result)
                outputs += result.files.map {
                    PlannedOutput(
                        directory: job.output, file: $0, source: spec.path, listedAt: spec.listedAt,
                        folderPolicy: job.folderPolicy)
                }
            }
            generation.results += jobResults
            if stampVersion == nil || !jobResults.allSatisfy({ $0.diagnostics.isEmpty }) {
                if recordsOutputs || stampVersion != nil {
                    // No skip next time (its warnings must be printed again), but a record of
                    // what was written.
                    generation.stamps.append(
                        (
                            job.output,
                            GenerationStamp(
                                fingerprint: GenerationStamp.recordOnly, inputs: [],
                                outputs: jobResults.flatMap(\.files).map {
                                    GenerationStamp.Output(name: $0.name, hash: GenerationStamp.contentHash(of: $0))
                                })
                        ))
                }
            } else if let version = stampVersion {
                var seen: Set<String> = []
                let inputs = jobResults.flatMap(\.inputs).filter { seen.insert($0).inserted }
                var hashes: [String: String] = [:]
                for result in jobResults { hashes.merge(result.inputHashes) { first, _ in first } }
                if let stamp = GenerationStamp.stamp(
                    of: job, inputs: inputs, hashes: hashes, files: jobResults.flatMap(\.files), version: version)
                {
                    generation.stamps.append((job.output, stamp))
                }
            }
        }
        if !generation.hasErrors { generation.outputs = outputs } else { generation.stamps = [] }
        return generation
    }

    /// Writes each stamp of `generation` into its output folder, after its files were written;
    /// a stamp that cannot be written is left out (the next run is then a full one).
    ///
    /// Several jobs into one output folder (entries of `stategen.yml` that share it) write one
    /// record-only stamp (``GenerationStamp/recordOnly``) of all their files: no one fingerprint
    /// covers them, and a stamp per job would replace the others' records.
    ///
    /// - Parameter plan: the plan that was written; each stamp carries the records of the
    ///   generated files it left in place in that folder (``OutputPlan/kept``).
    public static func writeStamps(
        _ generation: Generation, plan: OutputPlan? = nil, writer: OutputWriter = OutputWriter()
    ) {
        var folders: [String] = []
        var stamps: [String: (directory: String, stamp: GenerationStamp)] = [:]
        for (directory, stamp) in generation.stamps {
            let key = OutputFolder(directory).key
            guard let first = stamps[key] else {
                folders.append(key)
                stamps[key] = (directory, stamp)
                continue
            }
            let names = Set(stamp.outputs.map(\.name))
            stamps[key] = (
                first.directory,
                GenerationStamp(
                    fingerprint: GenerationStamp.recordOnly, inputs: [],
                    outputs: first.stamp.outputs.filter { !names.contains($0.name) } + stamp.outputs)
            )
        }
        for key in folders {
            guard let (directory, recorded) = stamps[key] else { continue }
            var stamp = recorded
            if let kept = plan?.kept[key] {
                let written = Set(stamp.outputs.map(\.name))
                stamp.kept = kept.filter { !written.contains($0.name) }
            }
            _ = try? writer.writeBuildFile(stamp.text, to: PathNames.join(directory, GenerationStamp.fileName))
        }
    }

    /// Stage 6, first half: compares the outputs with what the output folders hold
    /// (``OutputWriter/plan(_:)``), timed; `stategen check` stops here.
    public static func plan(_ outputs: [PlannedOutput], writer: OutputWriter = OutputWriter()) -> (
        plan: OutputPlan, duration: Duration
    ) {
        var duration = Duration.zero
        let plan = timed(&duration) { writer.plan(outputs) }
        return (plan, duration)
    }

    /// Stage 6, second half: writes the plan (``OutputWriter/apply(_:)``), timed.
    ///
    /// - Throws: ``OutputError``, when the plan has errors or a file cannot be written.
    public static func write(_ plan: OutputPlan, writer: OutputWriter = OutputWriter()) throws(OutputError) -> (
        report: WriteReport, duration: Duration
    ) {
        var duration = Duration.zero
        let report = try timed(&duration) { () throws(OutputError) -> WriteReport in try writer.apply(plan) }
        return (report, duration)
    }
}

/// A value kept allocated on purpose (``GeneratorPipeline/Options/keepsIntermediatesUntilExit``).
private final class KeptValue<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
