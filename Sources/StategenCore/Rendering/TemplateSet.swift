import Foundation

/// The templates a run renders from, by name (a file's name without `.mustache`): the built-ins
/// embedded in the binary, each optionally replaced by a file of the same name from a folder.
public struct TemplateSet: Sendable {
    /// The template rendered once per spec; the others are its partials.
    public static let entryName = "stategen.swift"

    /// The source of each template, by name.
    public var sources: [String: String]
    /// Where each template came from, for error locations: a file path, or `<builtin>/NAME.mustache`
    /// (``builtinOriginPrefix``).
    public var origins: [String: String]

    /// The start of the origin of a built-in template, which is no file.
    public static let builtinOriginPrefix = "<builtin>/"

    /// The templates built into this binary (copied from `Templates/` at build time).
    public static var builtin: TemplateSet {
        var origins: [String: String] = [:]
        for name in BuiltinTemplates.sources.keys { origins[name] = "\(builtinOriginPrefix)\(name).mustache" }
        return TemplateSet(sources: BuiltinTemplates.sources, origins: origins)
    }

    /// The built-ins with every `NAME.mustache` in `directory` replacing (or adding) the
    /// template `NAME`.
    ///
    /// - Throws: ``OutputError`` when the folder or a file in it cannot be read, or holds no
    ///   template.
    public static func builtin(overriddenBy directory: String) throws(OutputError) -> TemplateSet {
        var set = builtin
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw OutputError(path: directory, message: "the templates folder does not exist")
        }
        guard isDirectory.boolValue else {
            throw OutputError(path: directory, message: "the templates path is not a folder")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw OutputError(
                path: directory, message: "cannot read the templates folder: \((error as NSError).localizedDescription)"
            )
        }
        let templates = entries.filter { $0.hasSuffix(".mustache") }.sorted()
        guard !templates.isEmpty else {
            throw OutputError(path: directory, message: "the templates folder has no .mustache file")
        }
        for file in templates {
            let path = directory.hasSuffix("/") ? directory + file : directory + "/" + file
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else {
                throw OutputError(path: path, message: "cannot read the template as UTF-8 text")
            }
            let name = String(file.dropLast(".mustache".count))
            set.sources[name] = text
            set.origins[name] = path
        }
        return set
    }
}

/// Renders the Swift file of a spec from its template context.
public struct SwiftRenderer: Sendable {
    public var templates: TemplateSet

    public init(templates: TemplateSet = .builtin) {
        self.templates = templates
    }

    /// Renders the entry template in strict mode (a name missing from the context is an error)
    /// without HTML escaping.
    ///
    /// - Throws: ``DiagnosticsError`` with the template error at its template's line and column.
    public func render(_ context: TemplateValue) throws(DiagnosticsError) -> String {
        var used: [String] = []
        return try render(context, templatesUsed: &used)
    }

    /// Renders as ``render(_:)`` and sets `templatesUsed` to the origins (``TemplateSet/origins``)
    /// of the templates the render read: the entry template, then each partial it used, by name.
    public func render(_ context: TemplateValue, templatesUsed: inout [String]) throws(DiagnosticsError) -> String {
        let name = TemplateSet.entryName
        guard let source = templates.sources[name] else {
            throw DiagnosticsError([.error("no template named '\(name)'", at: nil, rule: "template")])
        }
        do {
            let template = try Template(source: source, name: templates.origins[name] ?? name)
            var partials: Set<String> = []
            let text = try template.render(
                context, partials: templates.sources,
                options: RenderOptions(escapesHTML: false, isStrict: true), usedPartials: &partials)
            templatesUsed = ([name] + partials.sorted()).map { templates.origins[$0] ?? $0 }
            return Self.removingTrailingWhitespace(text)
        } catch {
            let location = SourceLocation(
                path: templates.origins[error.location.template] ?? error.location.template, line: error.location.line,
                column: error.location.column)
            throw DiagnosticsError([.error(error.message, at: location, rule: "template")])
        }
    }

    /// The text with spaces and tabs at line ends removed: partial indentation indents blank
    /// lines too, and generated code should pass whitespace linters. Generated string literals
    /// are single-line with escapes, so no literal's content is touched.
    static func removingTrailingWhitespace(_ text: String) -> String {
        var text = text
        text.makeContiguousUTF8()
        // Byte by byte over the contiguous UTF-8: spaces and tabs are ASCII, so dropping them
        // keeps the text valid, and no Character (grapheme) work is needed.
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var runStart = -1  // where the current run of spaces and tabs began, or -1
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 {
                    if runStart < 0 { runStart = index }
                    continue
                }
                if runStart >= 0 {
                    if byte != 0x0A { out.append(contentsOf: bytes[runStart..<index]) }
                    runStart = -1
                }
                out.append(byte)
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }
}
