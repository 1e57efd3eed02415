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
        /// Reports every warning as an error (`--warnings-as-errors`), so that a spec with
        /// warnings generates nothing.
        public var warningsAsErrors: Bool

        public init(
            access: AccessLevel? = nil, templates: TemplateSet = .builtin,
            yamlLimits: YAMLReader.Limits = .init(), warningsAsErrors: Bool = false
        ) {
            self.access = access
            self.templates = templates
            self.yamlLimits = yamlLimits
            self.warningsAsErrors = warningsAsErrors
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
        if options.warningsAsErrors {
            for index in result.diagnostics.indices { result.diagnostics[index].severity = .error }
        }
        if result.hasErrors { result.files = [] }
        return result
    }

    /// Runs the stages up to the template context (what `stategen context` prints).
    ///
    /// - Returns: the result (diagnostics and sources, no files) and the context, `nil` when an
    ///   error was found.
    public func context(specAt path: String) -> (Result, TemplateValue?) {
        var result = Result()
        let diagnostics = DiagnosticCollector()
        let context = buildContext(specAt: path, into: &result, diagnostics: diagnostics)
        result.diagnostics = diagnostics.sorted
        return (result, result.hasErrors ? nil : context)
    }

    private func buildContext(
        specAt path: String, into result: inout Result, diagnostics: DiagnosticCollector
    ) -> TemplateValue? {
        guard var spec = load(specAt: path, into: &result, diagnostics: diagnostics) else { return nil }
        if let access = options.access { spec.access = access }
        guard let checked = SpecValidator(diagnostics: diagnostics).validate(spec), !diagnostics.hasErrors
        else { return nil }
        let specFile = (path as NSString).lastPathComponent
        return TemplateContextBuilder(diagnostics: diagnostics).build(checked, specFile: specFile)
    }

    private func run(specAt path: String, into result: inout Result, diagnostics: DiagnosticCollector) {
        guard let context = buildContext(specAt: path, into: &result, diagnostics: diagnostics) else { return }
        do {
            let text = try SwiftRenderer(templates: options.templates).render(context)
            // The file is named by the module's Swift name, which the context carries.
            guard case .object(let fields) = context, case .string(let module)? = fields["module"] else { return }
            result.files = [GeneratedFile(name: "\(module).swift", contents: text)]
        } catch {
            for diagnostic in error.diagnostics { diagnostics.report(diagnostic) }
        }
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
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: options.yamlLimits.maxInputBytes)
        } catch {
            diagnostics.error("cannot read the spec file '\(path)': \(error.message)", at: nil, rule: "io")
            return nil
        }
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
