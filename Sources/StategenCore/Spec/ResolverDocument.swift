import Foundation

/// A DTCG Resolver module document (revision 2025.10, `*.resolver.json`), listed in `tokenFiles:`
/// in place of token files: its `sets` and `modifiers` (each a list of `sources`: a `$ref` to a
/// token file relative to the document, `#/sets/NAME`, or tokens written inline) and the
/// `resolutionOrder` that merges them, later sources overriding earlier ones path by path.
///
/// stategen resolves it once per appearance: the theme modifier (``TokenFileSpec/themeModifier``,
/// else the one named `theme`, else the first whose contexts name an appearance) takes the
/// appearance's context (``TokenFileSpec/contexts``, else the context of the appearance's name,
/// case, `-` and `_` aside: `dark-high-contrast`, `dark_high_contrast` are `darkHighContrast`;
/// light, when none is named so, takes the modifier's `default`); every other modifier takes the
/// context the spec chooses (``TokenFileSpec/modifiers``) or its `default`. Light's resolution is
/// the base; each other appearance overrides the tokens whose winning declaration differs from
/// the one its fallback shows.
struct ResolverDocument {
    /// A source of tokens: a file (by its path, as read, and the `$ref` naming it, with an
    /// optional JSON Pointer into it) or tokens written inline.
    enum Source {
        case file(path: String, pointer: String?, ref: Located<String>)
        case inline(YAMLNode)
        /// `#/sets/NAME`: that set's sources.
        case set(Located<String>)
    }

    struct Modifier {
        var name: Located<String>
        var contexts: [(name: Located<String>, sources: [Source])]
        var defaultContext: Located<String>?

        func context(_ name: String) -> [Source]? { contexts.first { $0.name.value == name }?.sources }
    }

    enum Step {
        case set(name: String, sources: [Source])
        case modifier(Modifier)
    }

    var sets: [String: [Source]] = [:]
    var modifiers: [String: Modifier] = [:]
    var order: [Step] = []
    /// The modifiers in the order their names appear (`modifiers` first, then inline ones).
    var modifierNames: [String] = []

    /// Decodes the document at `root`, read from `path`; problems are located errors
    /// (`unknown-key`, `missing-key`, `wrong-node-kind`, `invalid-value` for a `$ref` that names
    /// no set or modifier, points where the Resolver module forbids, §4.1.4, or a version other
    /// than 2025.10). `nil` when anything was reported.
    init?(root: YAMLNode, path: String, decoder: SpecDecoder, diagnostics: DiagnosticCollector) {
        let errorsBefore = diagnostics.errorCount
        let folder = PathNames.parent(of: path)
        let f =
            decoder.fields(
                of: root, in: "a resolver document",
                allowed: [
                    "$schema", "name", "version", "description", "sets", "modifiers", "resolutionOrder", "$defs",
                ],
                required: ["version", "resolutionOrder"]) ?? [:]
        if let version = f["version"], version.scalarText != "2025.10" {
            diagnostics.error(
                "this resolver document's version is \(decoder.describe(version)); stategen reads the DTCG Resolver module's version \"2025.10\"",
                at: version.location, rule: .invalidValue)
        }
        // The sources of `what`: a `$ref` may name a set or a file, never a modifier (DTCG Resolver
        // 2025.10, reference objects) or the resolution order; anything else is inline tokens.
        func sources(_ node: YAMLNode, in what: String, setsOnly: Bool) -> [Source] {
            guard let items = node.sequenceItems else {
                diagnostics.error(
                    "the sources of \(what) must be an array of {\"$ref\": ...} objects and inline tokens, not \(decoder.describe(node))",
                    at: node.location, rule: .wrongNodeKind)
                return []
            }
            return items.compactMap { item in
                guard let entries = item.mappingEntries else {
                    diagnostics.error(
                        "a source of \(what) must be an object ({\"$ref\": \"file.tokens.json\"} or tokens), not \(decoder.describe(item))",
                        at: item.location, rule: .wrongNodeKind)
                    return nil
                }
                guard let refEntry = entries.first(where: { $0.key.scalarText == "$ref" }) else { return .inline(item) }
                guard let ref = refEntry.value.scalarText, !refEntry.value.isNull, !ref.isEmpty else {
                    diagnostics.error(
                        "'$ref' must be a file's path or '#/sets/NAME', not \(decoder.describe(refEntry.value))",
                        at: refEntry.value.location, rule: .invalidValue)
                    return nil
                }
                let located = Located(ref, at: refEntry.value.location)
                if ref.hasPrefix("#") {
                    if ref.hasPrefix("#/sets/"), ref.count > 7 { return .set(located) }
                    diagnostics.error(
                        "\(DiagnosticText.quoted(ref)) cannot be a source: "
                            + (ref.hasPrefix("#/modifiers/") || ref.hasPrefix("#/resolutionOrder/")
                                ? "\(what) may name a set ('#/sets/NAME') or a file, not \(setsOnly ? "a modifier or " : "")the resolution order (DTCG Resolver 2025.10, reference objects)"
                                : "a source names a set ('#/sets/NAME'), a file, or holds tokens"),
                        at: located.location, rule: .invalidValue)
                    return nil
                }
                if ref.contains("://") {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(ref)) is a URL; stategen reads token files from disk, by a path relative to the resolver document",
                        at: located.location, rule: .invalidValue)
                    return nil
                }
                let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let pointer = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
                return .file(
                    path: Self.referencedPath(file.hasPrefix("/") ? file : PathNames.join(folder, file)),
                    pointer: pointer, ref: located)
            }
        }
        func modifier(_ name: Located<String>, _ node: YAMLNode, inline: Bool) -> Modifier? {
            let what = "modifier \(DiagnosticText.quoted(name.value))"
            let allowed = ["description", "contexts", "default", "$extensions"] + (inline ? ["name", "type"] : [])
            guard let m = decoder.fields(of: node, in: what, allowed: allowed, required: ["contexts"]),
                let contextsNode = m["contexts"]
            else { return nil }
            var result = Modifier(name: name, contexts: [], defaultContext: nil)
            for (context, list) in decoder.namedEntries(of: contextsNode, in: "the contexts of \(what)") {
                result.contexts.append(
                    (
                        context,
                        sources(list, in: "context \(DiagnosticText.quoted(context.value)) of \(what)", setsOnly: false)
                    ))
            }
            if let node = m["default"], let value = decoder.name(node, for: "default") {
                if result.context(value.value) == nil {
                    diagnostics.error(
                        "the default \(DiagnosticText.quoted(value.value)) of \(what) is none of its contexts ("
                            + result.contexts.map(\.name.value).joined(separator: ", ") + ")"
                            + Suggestion.didYouMean(value.value, in: result.contexts.map(\.name.value)),
                        at: value.location, rule: .invalidValue)
                } else {
                    result.defaultContext = value
                }
            }
            return result
        }
        if let node = f["sets"] {
            for (name, value) in decoder.namedEntries(of: node, in: "'sets'") {
                guard
                    let s = decoder.fields(
                        of: value, in: "set \(DiagnosticText.quoted(name.value))",
                        allowed: ["description", "sources", "$extensions"], required: ["sources"]),
                    let list = s["sources"]
                else { continue }
                sets[name.value] = sources(list, in: "set \(DiagnosticText.quoted(name.value))", setsOnly: true)
            }
        }
        if let node = f["modifiers"] {
            for (name, value) in decoder.namedEntries(of: node, in: "'modifiers'") {
                guard let m = modifier(name, value, inline: false) else { continue }
                modifiers[name.value] = m
                modifierNames.append(name.value)
            }
        }
        if let node = f["resolutionOrder"] {
            if let items = node.sequenceItems {
                var names: [String: SourceLocation] = [:]
                for item in items {
                    guard let entries = item.mappingEntries else {
                        diagnostics.error(
                            "an entry of 'resolutionOrder' must be an object ({\"$ref\": \"#/sets/NAME\"} or an inline set or modifier), not \(decoder.describe(item))",
                            at: item.location, rule: .wrongNodeKind)
                        continue
                    }
                    if let refEntry = entries.first(where: { $0.key.scalarText == "$ref" }) {
                        let ref = refEntry.value.scalarText ?? ""
                        if ref.hasPrefix("#/sets/"), let set = sets[String(ref.dropFirst(7))] {
                            order.append(.set(name: String(ref.dropFirst(7)), sources: set))
                        } else if ref.hasPrefix("#/modifiers/"), let m = modifiers[String(ref.dropFirst(12))] {
                            order.append(.modifier(m))
                        } else {
                            let known =
                                sets.keys.sorted().map { "#/sets/\($0)" } + modifierNames.map { "#/modifiers/\($0)" }
                            diagnostics.error(
                                "\(DiagnosticText.quoted(ref)) names no set or modifier of this document"
                                    + Suggestion.didYouMean(ref, in: known),
                                at: refEntry.value.location, rule: .invalidValue)
                        }
                        continue
                    }
                    // An inline set or modifier: `name` and `type` required, the name unique.
                    guard let typeNode = item.mappingEntries?.first(where: { $0.key.scalarText == "type" })?.value,
                        let nameNode = item.mappingEntries?.first(where: { $0.key.scalarText == "name" })?.value,
                        let name = decoder.name(nameNode, for: "name")
                    else {
                        diagnostics.error(
                            "an inline entry of 'resolutionOrder' needs 'name' and 'type' (\"set\" or \"modifier\"), or is {\"$ref\": ...}",
                            at: item.location, rule: .missingKey)
                        continue
                    }
                    if let first = names[name.value] {
                        diagnostics.error(
                            "\(DiagnosticText.quoted(name.value)) is named twice in 'resolutionOrder'",
                            at: name.location, rule: .duplicateName, notes: [.init("first named here", at: first)])
                        continue
                    }
                    names[name.value] = name.location
                    switch typeNode.scalarText {
                    case "set":
                        guard
                            let s = decoder.fields(
                                of: item, in: "set \(DiagnosticText.quoted(name.value))",
                                allowed: ["description", "sources", "$extensions", "name", "type"],
                                required: ["sources"]),
                            let list = s["sources"]
                        else { continue }
                        order.append(
                            .set(
                                name: name.value,
                                sources: sources(list, in: "set \(DiagnosticText.quoted(name.value))", setsOnly: true)))
                    case "modifier":
                        guard let m = modifier(name, item, inline: true) else { continue }
                        modifiers[name.value] = m
                        modifierNames.append(name.value)
                        order.append(.modifier(m))
                    default:
                        diagnostics.error(
                            "the 'type' of an inline entry of 'resolutionOrder' is \"set\" or \"modifier\", not \(decoder.describe(typeNode))",
                            at: typeNode.location, rule: .invalidValue)
                    }
                }
            } else {
                diagnostics.error(
                    "'resolutionOrder' must be an array, not \(decoder.describe(node))", at: node.location,
                    rule: .wrongNodeKind)
            }
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }
    }

    /// The path of a file a `$ref` names, joined to the document's folder, as it is read and
    /// printed: without empty and `.` components, and with each `name/..` taken out where
    /// `name` is no symbolic link (through a link the system resolves `..` from the link's
    /// target, so `link/..` stays), so that `tokens/./base/../c.tokens.json` is printed
    /// `tokens/c.tokens.json`, as a path the user wrote would be. A leading `..` stays.
    static func referencedPath(_ joined: String) -> String {
        let absolute = joined.hasPrefix("/")
        var kept: [Substring] = []
        func prefix() -> String { (absolute ? "/" : "") + kept.joined(separator: "/") }
        for component in joined.split(separator: "/") where component != "." {
            guard component == ".." else {
                kept.append(component)
                continue
            }
            if kept.isEmpty {
                if !absolute { kept.append(component) }  // `/..` is `/`.
            } else if kept.last == ".."
                || (try? FileManager.default.attributesOfItem(atPath: prefix())[.type] as? FileAttributeType)
                    == .typeSymbolicLink
            {
                kept.append(component)
            } else {
                kept.removeLast()
            }
        }
        let path = prefix()
        return path.isEmpty ? "." : path
    }

    /// `darkHighContrast`, `dark-high-contrast` and `Dark_High_Contrast` alike.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}

extension GeneratorPipeline {
    /// The token layers of the resolver document `file` lists (at `documentPath`), for the
    /// base (light) and each of the spec's `appearances` that its theme modifier gives other
    /// tokens: see ``ResolverDocument``. Every file it names is an input and obeys the
    /// `outside-root` rule, its error at the `$ref`; a modifier or context the spec names that
    /// the document has not is `undefined-modifier` or `invalid-value` at the spec's entry.
    ///
    /// - Returns: `nil` when anything was reported.
    func loadResolver(
        _ file: TokenFileSpec, at documentPath: String, specPath: String, appearances: [Appearance],
        decoder: SpecDecoder, into result: inout Result, diagnostics: DiagnosticCollector
    ) -> (base: [[TokenSpec]], appearances: [Appearance: [[TokenSpec]]])? {
        let errorsBefore = diagnostics.errorCount
        var readTime = Duration.zero
        let root = Self.timed(&readTime) {
            Self.readDocument(
                at: documentPath, what: "tokens", limits: options.yamlLimits, json: true,
                listedAt: file.path.location, into: &result, diagnostics: diagnostics)
        }
        result.timings.read += readTime
        guard let root else { return nil }
        options.afterReadingInput?(documentPath)
        guard
            let document = ResolverDocument(root: root, path: documentPath, decoder: decoder, diagnostics: diagnostics)
        else { return nil }

        // The theme modifier, and each other modifier's context.
        var theme: ResolverDocument.Modifier?
        if let named = file.themeModifier {
            guard let m = document.modifiers[named.value] else {
                diagnostics.error(
                    "the resolver document \(DiagnosticText.quoted(file.path.value)) has no modifier \(DiagnosticText.quoted(named.value))"
                        + Suggestion.didYouMean(named.value, in: document.modifierNames),
                    at: named.location, rule: .undefinedModifier)
                return nil
            }
            theme = m
        } else {
            let names = Set(Appearance.allCases.map { ResolverDocument.normalized($0.rawValue) })
            theme =
                document.modifiers["theme"]
                ?? document.modifierNames.lazy.compactMap { document.modifiers[$0] }.first { m in
                    m.contexts.contains { names.contains(ResolverDocument.normalized($0.name.value)) }
                }
        }
        var chosen: [String: String] = [:]
        for (name, context) in file.modifiers {
            guard let m = document.modifiers[name.value] else {
                diagnostics.error(
                    "the resolver document \(DiagnosticText.quoted(file.path.value)) has no modifier \(DiagnosticText.quoted(name.value))"
                        + Suggestion.didYouMean(name.value, in: document.modifierNames),
                    at: name.location, rule: .undefinedModifier)
                continue
            }
            if m.name.value == theme?.name.value {
                diagnostics.error(
                    "\(DiagnosticText.quoted(name.value)) is the theme modifier, whose contexts are the appearances; map them with 'contexts:' (such as { dark: night })",
                    at: name.location, rule: .invalidValue)
                continue
            }
            guard m.context(context.value) != nil else {
                diagnostics.error(
                    "modifier \(DiagnosticText.quoted(name.value)) has no context \(DiagnosticText.quoted(context.value)) (its contexts: "
                        + m.contexts.map(\.name.value).joined(separator: ", ") + ")"
                        + Suggestion.didYouMean(context.value, in: m.contexts.map(\.name.value)),
                    at: context.location, rule: .invalidValue)
                continue
            }
            chosen[name.value] = context.value
        }
        for name in document.modifierNames where name != theme?.name.value && chosen[name] == nil {
            guard let m = document.modifiers[name], let context = m.defaultContext else {
                diagnostics.error(
                    "modifier \(DiagnosticText.quoted(name)) has no 'default'; choose one of its contexts in the spec ('modifiers: { \(name): ... }' on the resolver's tokenFiles entry)",
                    at: document.modifiers[name]?.name.location ?? file.path.location, rule: .missingKey,
                    notes: [.init("the resolver document is listed here", at: file.path.location)])
                continue
            }
            chosen[name] = context.value
        }
        // The theme context of each appearance the spec declares.
        var themeContexts: [Appearance: String] = [:]
        for (appearance, context) in file.contexts {
            guard let theme else {
                diagnostics.error(
                    "the resolver document \(DiagnosticText.quoted(file.path.value)) has no theme modifier whose contexts could be appearances; name it with 'themeModifier:'",
                    at: context.location, rule: .undefinedModifier)
                return nil
            }
            guard theme.context(context.value) != nil else {
                diagnostics.error(
                    "theme modifier \(DiagnosticText.quoted(theme.name.value)) has no context \(DiagnosticText.quoted(context.value)) (its contexts: "
                        + theme.contexts.map(\.name.value).joined(separator: ", ") + ")"
                        + Suggestion.didYouMean(context.value, in: theme.contexts.map(\.name.value)),
                    at: context.location, rule: .invalidValue)
                continue
            }
            themeContexts[appearance] = context.value
        }
        if let theme {
            for appearance in appearances where themeContexts[appearance] == nil {
                let name = ResolverDocument.normalized(appearance.rawValue)
                if let context = theme.contexts.first(where: { ResolverDocument.normalized($0.name.value) == name }) {
                    themeContexts[appearance] = context.name.value
                }
            }
            if themeContexts[.light] == nil {
                guard let fallback = theme.defaultContext else {
                    diagnostics.error(
                        "theme modifier \(DiagnosticText.quoted(theme.name.value)) has no context named light and no 'default'; map light to one of its contexts with 'contexts: { light: ... }'",
                        at: theme.name.location, rule: .missingKey,
                        notes: [.init("the resolver document is listed here", at: file.path.location)])
                    return nil
                }
                themeContexts[.light] = fallback.value
            }
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }

        // Each file is read and decoded once, however many contexts name it.
        var read: [String: [TokenSpec]?] = [:]
        func tokens(of source: ResolverDocument.Source, into layers: inout [[TokenSpec]], sets visiting: Set<String>) {
            switch source {
            case .inline(let node):
                layers.append(Self.timed(&result.timings.decode) { decoder.decodeTokens(node) })
            case .set(let ref):
                let name = String(ref.value.dropFirst(7))
                guard let set = document.sets[name], !visiting.contains(name) else {
                    diagnostics.error(
                        visiting.contains(name)
                            ? "set \(DiagnosticText.quoted(name)) includes itself through \(DiagnosticText.quoted(ref.value))"
                            : "\(DiagnosticText.quoted(ref.value)) names no set of this document"
                                + Suggestion.didYouMean(name, in: document.sets.keys),
                        at: ref.location, rule: .invalidValue)
                    return
                }
                for inner in set { tokens(of: inner, into: &layers, sets: visiting.union([name])) }
            case .file(let path, let pointer, let ref):
                let key = PathNames.normalized(path) + (pointer.map { "#" + $0 } ?? "")
                if let cached = read[key] {
                    if let cached { layers.append(cached) }
                    return
                }
                read[key] = .some(nil)
                // Read from the spec's folder, a root, or the resolver document's own folder.
                if let refusal = options.inputRoots.refusal(
                    of: path, what: "token file", spelled: ref.value, namedIn: specPath),
                    options.inputRoots.refusal(of: path, what: "token file", spelled: ref.value, namedIn: documentPath)
                        != nil
                {
                    diagnostics.error(refusal, at: ref.location, rule: .outsideRoot)
                    return
                }
                if !result.inputs.contains(path) { result.inputs.append(path) }
                var readTime = Duration.zero
                let root = Self.timed(&readTime) {
                    Self.readDocument(
                        at: path, what: "tokens", limits: options.yamlLimits, json: path.hasSuffix(".json"),
                        listedAt: ref.location, into: &result, diagnostics: diagnostics)
                }
                result.timings.read += readTime
                guard let root else { return }
                options.afterReadingInput?(path)
                var node = root
                if let pointer {
                    // RFC 6901: `/a/b`, `~1` for `/`, `~0` for `~`.
                    for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                        let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(
                            of: "~0", with: "~")
                        guard let next = node.mappingEntries?.first(where: { $0.key.scalarText == key })?.value else {
                            diagnostics.error(
                                "the JSON Pointer \(DiagnosticText.quoted("#" + pointer)) names nothing in \(DiagnosticText.quoted(path))",
                                at: ref.location, rule: .invalidValue)
                            return
                        }
                        node = next
                    }
                }
                let decoded = Self.timed(&result.timings.decode) { decoder.decodeTokens(node) }
                read[key] = .some(decoded)
                layers.append(decoded)
            }
        }
        /// The layers of one resolution, with `themeContext` for the theme modifier.
        func resolution(themeContext: String?) -> [[TokenSpec]] {
            var layers: [[TokenSpec]] = []
            for step in document.order {
                switch step {
                case .set(_, let sources):
                    for source in sources { tokens(of: source, into: &layers, sets: []) }
                case .modifier(let m):
                    let context = m.name.value == theme?.name.value ? themeContext : chosen[m.name.value]
                    guard let context, let sources = m.context(context) else { continue }
                    for source in sources { tokens(of: source, into: &layers, sets: []) }
                }
            }
            return layers
        }
        let base = resolution(themeContext: themeContexts[.light])
        guard diagnostics.errorCount == errorsBefore else { return nil }
        // Each appearance overrides the tokens whose winning declaration is not its fallback's.
        func winners(_ layers: [[TokenSpec]]) -> (order: [String], tokens: [String: TokenSpec]) {
            var order: [String] = []
            var tokens: [String: TokenSpec] = [:]
            for layer in layers {
                for token in layer {
                    if tokens.updateValue(token, forKey: token.path.value) == nil { order.append(token.path.value) }
                }
            }
            return (order, tokens)
        }
        var shown: [Appearance: [String: TokenSpec]] = [.light: winners(base).tokens]
        var overrides: [Appearance: [[TokenSpec]]] = [:]
        for appearance in Appearance.allCases where appearance != .light {
            let fallback = shown[appearance.fallback ?? .light] ?? [:]
            guard appearances.contains(appearance), let context = themeContexts[appearance],
                context != themeContexts[appearance.fallback ?? .light]
            else {
                shown[appearance] = fallback
                continue
            }
            let (order, tokens) = winners(resolution(themeContext: context))
            let changed = order.compactMap { path -> TokenSpec? in
                guard let token = tokens[path] else { return nil }
                return fallback[path]?.path.location == token.path.location ? nil : token
            }
            shown[appearance] = fallback.merging(changed.map { ($0.path.value, $0) }) { $1 }
            if !changed.isEmpty { overrides[appearance] = [changed] }
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }
        return (base, overrides)
    }
}
