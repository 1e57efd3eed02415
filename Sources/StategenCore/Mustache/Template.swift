/// Options for one render.
public struct RenderOptions: Sendable {
    /// When true (the default), `{{name}}` escapes `&`, `"`, `<` and `>` as the Mustache spec
    /// requires (interpolation.yml "HTML Escaping"). When false, nothing is escaped: this is
    /// the mode for generating source code. `{{{name}}}` and `{{&name}}` never escape.
    public var escapesHTML: Bool
    /// When true, a variable, section or inverted-section name (or dynamic partial name) that
    /// resolves nowhere on the context stack, a partial or parent that is not found, and
    /// interpolating a list or object throw a `TemplateError` at the tag. When false (the
    /// default), the spec's behaviour applies: misses render as empty / falsey.
    public var isStrict: Bool
    /// How deep partials, parents, block arguments and lambda results may nest before
    /// rendering throws a `TemplateError` (guards against self-including partials).
    public var maxPartialDepth: Int
    /// The most bytes (UTF-8) one render may produce, lambda results included, before it
    /// throws a `TemplateError` at the tag being expanded when the output passed it. Guards
    /// against partials that multiply (each including the next twice doubles the output per
    /// level). Not in the Mustache spec. Default 512 MiB (536,870,912 bytes): the built-in
    /// templates write 13 to 18 bytes per spec byte, so a spec under about 30 MB stays below it.
    public var maxOutputBytes: Int
    /// The most expansions one render may make before it throws a `TemplateError` at the tag
    /// of the expansion past the limit: each rendering of a section's content (once per list
    /// element), each partial, parent, block argument and lambda call counts one. Bounds the
    /// work of templates that multiply without writing (partials that include empty partials
    /// twice, sections nested over lists). Not in the Mustache spec. Default 20,000,000.
    public var maxExpansions: Int
    /// When true, spaces and tabs at the end of every line (and of the output) are dropped as
    /// the line is rendered, in the same pass: partial indentation indents blank lines too, and
    /// generated code should pass whitespace linters. Not in the Mustache spec, which keeps
    /// whitespace as written; false by default.
    public var removesTrailingWhitespace: Bool
    /// The partials written by typed code (``KindRenderer``) instead of from their template
    /// where they are included directly inside a kind of the context's `controls`; the set
    /// the generator gives holds only partials whose template is the built-in one
    /// (``KindRenderer/usable(builtin:)``). Empty by default: every partial renders from its
    /// template.
    var typedPartials: Set<String> = []
    /// How many threads write the typed partials of a section over the kinds
    /// (``TemplateRenderer``): with 2 or more, a section over at least
    /// ``TemplateRenderer/aheadMinimum`` kinds whose content includes a typed partial has it
    /// written for a batch of kinds ahead, on that many threads, then copied into the output in
    /// the kinds' order (the same bytes as one thread writes). 1 by default: each is written as
    /// the render reaches it.
    var typedThreads = 1

    /// Creates options; the defaults follow the Mustache spec.
    public init(
        escapesHTML: Bool = true, isStrict: Bool = false, maxPartialDepth: Int = 100,
        removesTrailingWhitespace: Bool = false, maxOutputBytes: Int = 512 << 20,
        maxExpansions: Int = 20_000_000
    ) {
        self.escapesHTML = escapesHTML
        self.isStrict = isStrict
        self.maxPartialDepth = maxPartialDepth
        self.removesTrailingWhitespace = removesTrailingWhitespace
        self.maxOutputBytes = maxOutputBytes
        self.maxExpansions = maxExpansions
    }
}

/// A parsed Mustache template (Mustache spec v1.4: comments, delimiters, interpolation,
/// inverted, partials, sections, and the optional ~inheritance, ~dynamic-names and ~lambdas
/// modules).
///
/// Parse once with `init(source:name:)`, render many times with `render`. Parsing and
/// rendering throw only `TemplateError`, located at the offending tag.
///
/// Engine extensions for code generation (not in the spec):
/// - Inside a section iterating a list, `{{@index}}` is the 0-based position of the current
///   element, `{{@first}}` / `{{@last}}` are booleans (usable as sections:
///   `{{^@last}}, {{/@last}}`). They refer to the innermost list being iterated, also from
///   within nested non-list sections, and do not resolve outside any list.
/// - `RenderOptions.isStrict` turns misses into errors; `RenderOptions.escapesHTML` turns
///   escaping off.
public struct Template: Sendable {
    /// The name used in error locations.
    public let name: String
    let nodes: [Node]

    /// Parses `source`. `name` (e.g. `"control.swift.mustache"`) is used in error locations.
    ///
    /// Throws `TemplateError` for an unclosed tag, an unclosed section, parent or block, a
    /// closing tag that does not match the open one or has none open, an invalid
    /// set-delimiter tag (Mustache spec, delimiters.yml: two delimiters separated by
    /// whitespace, neither containing `=`), and an empty or malformed name.
    public init(source: String, name: String) throws(TemplateError) {
        self.name = name
        self.nodes = try TemplateParser(source: source, name: name).parse()
    }

    /// Renders against `context` (the bottom of the context stack).
    ///
    /// `partials` maps partial names to their sources; each one used is parsed once per call
    /// (use the `PartialTemplates` overload to parse them once for many renders). Throws
    /// `TemplateError` for a partial that fails to parse, nesting deeper than
    /// `options.maxPartialDepth`, a lambda result that fails to parse, and, in strict mode,
    /// misses (see `RenderOptions.isStrict`).
    public func render(
        _ context: TemplateValue, partials: [String: String] = [:],
        options: RenderOptions = .init()
    ) throws(TemplateError) -> String {
        let renderer = TemplateRenderer(
            context: context, partials: .cache(PartialCache(sources: partials)), options: options, name: name)
        return String(decoding: try renderer.render(nodes), as: UTF8.self)
    }

    /// Renders as `render(_:partials:options:)` into UTF-8 bytes, with partials parsed through
    /// `cache` (shared by many renders), and adds the names of the partials (and parents) the
    /// render used to `usedPartials`, for build dependencies. `capacity` is a guess of the
    /// output's size in bytes, reserved up front.
    func renderBytes(
        _ context: TemplateValue, partials: PartialCache, options: RenderOptions,
        usedPartials: inout Set<String>, capacity: Int = 0
    ) throws(TemplateError) -> [UInt8] {
        let renderer = TemplateRenderer(context: context, partials: .cache(partials), options: options, name: name)
        let bytes = try renderer.render(nodes, capacity: capacity)
        usedPartials.formUnion(renderer.usedPartials)
        return bytes
    }

    /// As ``renderBytes(_:partials:options:usedPartials:capacity:)``, giving the bytes to `sink`
    /// in pieces of whole lines instead of returning them (``TemplateRenderer/render(_:into:)``);
    /// returns how many bytes were given.
    func renderBytes(
        _ context: TemplateValue, partials: PartialCache, options: RenderOptions,
        usedPartials: inout Set<String>,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) throws(TemplateError) -> Void
    ) throws(TemplateError) -> Int {
        let renderer = TemplateRenderer(context: context, partials: .cache(partials), options: options, name: name)
        let count = try renderer.render(nodes, into: sink)
        usedPartials.formUnion(renderer.usedPartials)
        return count
    }

    /// Renders against `context` with pre-parsed partials; otherwise as
    /// `render(_:partials:options:)`.
    public func render(
        _ context: TemplateValue, partials: PartialTemplates, options: RenderOptions = .init()
    ) throws(TemplateError) -> String {
        let renderer = TemplateRenderer(
            context: context, partials: .templates(partials.templates), options: options, name: name)
        return String(decoding: try renderer.render(nodes), as: UTF8.self)
    }
}

/// Partial sources, each parsed the first time a render uses it and kept for later renders
/// (one run renders the same partials for every file it writes).
final class PartialCache {
    let sources: [String: String]
    var parsed: [String: [Node]] = [:]

    init(sources: [String: String]) {
        self.sources = sources
    }

    /// The nodes of partial `name`, or `nil` when there is no such source.
    func nodes(named name: String) throws(TemplateError) -> [Node]? {
        if let cached = parsed[name] { return cached }
        guard let source = sources[name] else { return nil }
        let nodes = try TemplateParser(source: source, name: name).parse()
        parsed[name] = nodes
        return nodes
    }
}

/// Partials parsed once, for rendering many templates or many times.
///
/// Shape: partial name -> `Template`. A partial's template name in error locations is the
/// name it was given.
public struct PartialTemplates: Sendable {
    var templates: [String: Template]

    /// Wraps already parsed templates, keyed by partial name.
    public init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// Parses every source, keyed by partial name (which is also its template name).
    /// Throws the first `TemplateError` met (in no particular order of partials).
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            templates[name] = try Template(source: source, name: name)
        }
        self.templates = templates
    }

    /// The partial named `name`, if any.
    public subscript(name: String) -> Template? {
        get { templates[name] }
        set { templates[name] = newValue }
    }
}

extension Template {
    /// The names of the partials and parents this template includes by a fixed name
    /// (`{{> name}}`, `{{< name}}`), anywhere in it; `hasDynamicReferences` is set when it also
    /// includes one by a dynamic name (`{{>*name}}`), which only rendering resolves.
    func partialReferences() -> (names: Set<String>, hasDynamicReferences: Bool) {
        var names: Set<String> = []
        var dynamic = false
        func add(_ reference: PartialReference) {
            switch reference {
            case .fixed(let name): names.insert(name)
            case .dynamic: dynamic = true
            }
        }
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .section(let section): walk(section.children)
                case .partial(let partial): add(partial.reference)
                case .parent(let parent):
                    add(parent.reference)
                    for arguments in parent.arguments.values { walk(arguments) }
                case .block(let block): walk(block.children)
                case .text, .lineStart, .variable: break
                }
            }
        }
        walk(nodes)
        return (names, dynamic)
    }
}
