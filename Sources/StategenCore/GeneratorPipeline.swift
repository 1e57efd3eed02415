import Foundation

/// The whole generator in one place, stage by stage:
///
/// ```
/// bytes --YAMLReader--> YAMLDocument --SpecDecoder--> Spec --SpecValidator--> CheckedSpec
///       --TemplateContextBuilder--> TemplateValue --SwiftRenderer--> Swift text --OutputWriter--> files
/// ```
///
/// Each stage reports to one ``DiagnosticCollector``; the pipeline stops after the first stage
/// that reports an error, so a later stage never sees a broken representation.
public struct GeneratorPipeline: Sendable {
    public struct Options: Sendable {
        /// Overrides the spec's `access:` when set (`--access`).
        public var access: AccessLevel?
        public var templates: TemplateSet
        public var yamlLimits: YAMLReader.Limits
        /// The folder the output will be written to (`--output`): the generated header names the
        /// spec by its path relative to it (`../controls.yml`). When `nil`, by its file name.
        public var outputDirectory: String?

        public init(
            access: AccessLevel? = nil, templates: TemplateSet = .builtin,
            yamlLimits: YAMLReader.Limits = .init(), outputDirectory: String? = nil
        ) {
            self.access = access
            self.templates = templates
            self.yamlLimits = yamlLimits
            self.outputDirectory = outputDirectory
        }
    }

    /// The outcome of one run: the files (empty when an error was found), every diagnostic,
    /// and the text of each file read, so that diagnostics can show their source lines.
    public struct Result: Sendable {
        public var files: [GeneratedFile] = []
        public var diagnostics: [Diagnostic] = []
        public var sources: [String: String] = [:]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Runs every stage but the write on the spec at `path`.
    public func generate(specAt path: String) -> Result {
        var result = Result()
        let diagnostics = DiagnosticCollector()
        run(specAt: path, into: &result, diagnostics: diagnostics)
        result.diagnostics = diagnostics.sorted
        if result.hasErrors { result.files = [] }
        return result
    }

    private func run(specAt path: String, into result: inout Result, diagnostics: DiagnosticCollector) {
        guard var spec = load(specAt: path, into: &result, diagnostics: diagnostics) else { return }
        if let access = options.access { spec.access = access }
        guard let checked = SpecValidator(diagnostics: diagnostics).validate(spec), !diagnostics.hasErrors
        else { return }
        let specFile = (path as NSString).lastPathComponent
        let specPath = options.outputDirectory.map { Self.relativePath(of: path, from: $0) } ?? specFile
        guard
            let context = TemplateContextBuilder(diagnostics: diagnostics).build(
                checked, specFile: specFile, specPath: specPath)
        else { return }
        do {
            let text = try SwiftRenderer(templates: options.templates).render(context)
            let stem = (try? SwiftNamer().typeStem(checked.module.value)) ?? checked.module.value
            result.files = [GeneratedFile(name: "\(stem).swift", contents: text)]
        } catch {
            for diagnostic in error.diagnostics { diagnostics.report(diagnostic) }
        }
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

    /// The text of a file for showing its lines: UTF-16 when it starts with a UTF-16 byte order
    /// mark, UTF-8 otherwise (libyaml's own detection).
    static func text(of bytes: [UInt8]) -> String {
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

    /// Reads and decodes the spec at `path` (stages 1 and 2).
    ///
    /// - Returns: the spec when it decoded without error; otherwise `nil`, the reasons in
    ///   `diagnostics`.
    public func load(specAt path: String, into result: inout Result, diagnostics: DiagnosticCollector) -> Spec? {
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error(
                "cannot read the spec file (missing or unreadable)", at: nil, rule: "io",
                notes: [.init("the path given was '\(path)'")])
            return nil
        }
        let bytes = [UInt8](data)
        result.sources[path] = Self.text(of: bytes)
        let documents: [YAMLDocument]
        do {
            documents = try YAMLReader(limits: options.yamlLimits).read(bytes, path: path)
        } catch {
            diagnostics.report(error.diagnostic)
            return nil
        }
        guard let document = documents.first else {
            diagnostics.error("the spec file is empty", at: start, rule: "empty-spec")
            return nil
        }
        if documents.count > 1 {
            let second = documents[1].start
            diagnostics.error(
                "a spec file holds one YAML document; this is a second one",
                at: SourceLocation(path: path, line: second.line, column: second.column),
                rule: "multiple-documents")
            return nil
        }
        let spec = SpecDecoder(diagnostics: diagnostics).decode(document.root)
        return diagnostics.hasErrors ? nil : spec
    }
}
