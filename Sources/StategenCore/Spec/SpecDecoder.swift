/// Turns a YAML document into a ``Spec``: checks the shape of every node (mapping, sequence or
/// scalar where each is expected), rejects unknown and missing keys, and reads every scalar as
/// the type its key expects — never by guessing from the scalar (`NO` is a string where a string
/// is expected, and an error where a boolean is).
///
/// Attribute values are typed by their attribute's declared `type:`, so `attributes:` is read
/// before `controls:` whatever their order in the file. All problems are reported to the
/// collector; decoding goes on past a bad node so that one run shows every mistake.
public struct SpecDecoder {
    /// The spec format versions this build reads.
    public static let supportedFormatVersions = [1]

    let diagnostics: DiagnosticCollector

    public init(diagnostics: DiagnosticCollector) {
        self.diagnostics = diagnostics
    }

    /// Decodes the spec in `root`.
    ///
    /// - Returns: the spec, or `nil` when the document is too broken to give one (the reasons
    ///   are in the collector). A returned spec may still come with errors in the collector.
    public func decode(_ root: YAMLNode) -> Spec? {
        decode(releasing: root)
    }

    /// ``decode(_:)``, releasing each kind's part of the tree once it is decoded, so that a
    /// caller that hands the tree over (`GeneratorPipeline`) never holds the tree and the
    /// decoded form of every kind at once (at 3,000 kinds, the tree is about 11 MB and the
    /// decoded kinds about 10 MB).
    func decode(releasing root: consuming YAMLNode) -> Spec? {
        var root = root
        // The kinds' node is taken out of the tree (its key stays, for the key checks), so that
        // the tree and the fields below do not keep it.
        var kinds: YAMLNode?
        if case .mapping(var entries) = root.content,
            let index = entries.lastIndex(where: { Self.acceptedKeyText($0.key) == "controls" })
        {
            root.content = .scalar("", .plain)
            kinds = entries[index].value
            entries[index].value.content = .scalar("", .plain)
            root.content = .mapping(entries)
        }
        guard
            let top = fields(
                of: root, in: "the spec",
                allowed: [
                    "stategen", "module", "access", "doc", "initial", "unhandledEvents", "precedence", "states",
                    "events", "transitions", "attributes", "attributeSets", "controls", "tokens", "tokenFiles",
                    "unusedTokens", "appearances", "swift", "contrast", "warnings",
                ],
                required: ["stategen", "module", "states", "events", "controls"])
        else { return nil }

        var version = 1
        if let node = top["stategen"], let value = integer(node, for: "stategen") {
            if Self.supportedFormatVersions.contains(value) {
                version = value
            } else {
                diagnostics.error(
                    "unsupported spec format version \(value); this stategen reads version "
                        + Self.supportedFormatVersions.map(String.init).joined(separator: ", "),
                    at: node.location, rule: .unsupportedVersion)
            }
        }
        let module = top["module"].flatMap { name($0, for: "module") }
        let access = top["access"].flatMap { choice($0, for: "access", of: AccessLevel.self) } ?? .internal
        let unhandled =
            top["unhandledEvents"].flatMap {
                choice($0, for: "unhandledEvents", of: UnhandledEventPolicy.self)
            } ?? .ignore
        let attributes = top["attributes"].map(decodeAttributes) ?? []
        var types: [String: AttributeType] = [:]
        for attribute in attributes { types[attribute.name.value] = attribute.type }
        // Attributes declared with a broken declaration (already reported): their values are
        // skipped without a second error.
        let declared = Set(top["attributes"]?.mappingEntries?.compactMap { $0.key.scalarText } ?? [])

        // The kinds' node is let go of before it is decoded, so that it is the only reference.
        func decodeKinds() -> [ControlSpec] {
            guard let node = kinds else { return [] }
            kinds = nil
            return decodeControls(releasing: node, types: types, declared: declared)
        }
        var spec = Spec(
            formatVersion: version,
            module: module ?? Located("", at: root.location),
            access: access,
            doc: top["doc"].flatMap { string($0, for: "doc") },
            initialState: top["initial"].flatMap { name($0, for: "initial") },
            unhandledEvents: unhandled,
            precedence: top["precedence"].map { names($0, for: "precedence") } ?? [],
            states: top["states"].map { decodeStates($0) } ?? [],
            events: top["events"].map { decodeEvents($0) } ?? [],
            transitions: top["transitions"].map(decodeTransitions) ?? [],
            attributes: attributes,
            attributeSets: top["attributeSets"].map(decodeAttributeSets) ?? [],
            controls: top["controls"] == nil ? [] : decodeKinds(),
            tokens: top["tokens"].map { decodeTokens($0) } ?? [],
            tokenFiles: top["tokenFiles"].map(decodeTokenFiles) ?? [],
            appearances: top["appearances"].map(decodeAppearances)
                ?? [Located(.light, at: top["module"]?.location ?? root.location)],
            unusedTokens: top["unusedTokens"].flatMap { choice($0, for: "unusedTokens", of: UnusedTokenPolicy.self) }
                ?? .warn,
            swift: top["swift"].map(decodeSwiftOptions) ?? SwiftOptions(),
            contrast: top["contrast"].flatMap(decodeContrast),
            path: root.path)
        if let node = top["warnings"] { spec.warnings = decodeWarnings(node, in: "the spec", kind: false) }
        return module == nil ? nil : spec
    }

    /// A `warnings:` mapping, `{ ignore: [rule, ...] }` (in the spec, or in a control kind when
    /// `kind` is set): each id must be a warning's rule (for a kind, one about a kind); an
    /// error's rule or an unknown id is an `unknown-warning` error (with did-you-mean), and is
    /// left out.
    func decodeWarnings(_ node: YAMLNode, in what: String, kind: Bool) -> WarningSettings {
        guard let f = fields(of: node, in: "'warnings' of \(what)", allowed: ["ignore"], nullIsEmpty: true) else {
            return WarningSettings()
        }
        var settings = WarningSettings()
        for id in f["ignore"].map({ names($0, for: "ignore") }) ?? [] {
            let allowed =
                kind ? DiagnosticRules.warnings.filter(DiagnosticRules.kindWarnings.contains) : DiagnosticRules.warnings
            if let problem = DiagnosticRules.problem(with: id.value, among: allowed) {
                diagnostics.error(problem, at: id.location, rule: .unknownWarning)
            } else {
                settings.ignore.append(id)
            }
        }
        return settings
    }

    // MARK: Sections

    /// The `swift:` mapping: how the generated Swift is written (``SwiftOptions``). The
    /// configuration file's `swift:` has the same shape.
    func decodeSwiftOptions(_ node: YAMLNode) -> SwiftOptions {
        let f = fields(of: node, in: "'swift'", allowed: SwiftOptions.keys, nullIsEmpty: true) ?? [:]
        return SwiftOptions(
            layout: f["layout"].flatMap { located(choice($0, for: "layout", of: SwiftOptions.Layout.self), $0) },
            inlining: f["inlining"].flatMap {
                located(choice($0, for: "inlining", of: SwiftOptions.Inlining.self), $0)
            },
            importAccess: f["importAccess"].flatMap {
                located(choice($0, for: "importAccess", of: SwiftOptions.ImportAccess.self), $0)
            },
            codable: f["codable"].flatMap { located(bool($0, for: "codable"), $0) },
            hashable: f["hashable"].flatMap { located(bool($0, for: "hashable"), $0) },
            provenance: f["provenance"].flatMap { located(bool($0, for: "provenance"), $0) })
    }

    func decodeStates(_ node: YAMLNode, in what: String = "states") -> [StateSpec] {
        namedEntries(of: node, in: what).compactMap { name, value in
            let f =
                fields(
                    of: value, in: "state \(DiagnosticText.quoted(name.value))",
                    allowed: ["doc", "fallback", "selection", "terminal", "controlState", "region"],
                    nullIsEmpty: true
                ) ?? [:]
            if name.value.contains(SpecValidator.combinationSeparator) {
                diagnostics.error(
                    "state name \(DiagnosticText.quoted(name.value)) contains '+', which joins the states of a combined state ('selected+highlighted'); declare each state on its own and give it a 'region'",
                    at: name.location, rule: .invalidName)
            }
            return StateSpec(
                name: name,
                doc: f["doc"].flatMap { string($0, for: "doc") },
                fallback: f["fallback"].flatMap { self.name($0, for: "fallback") },
                requiresSelection: f["selection"].flatMap { bool($0, for: "selection") } ?? false,
                isTerminal: f["terminal"].flatMap { bool($0, for: "terminal") } ?? false,
                controlState: f["controlState"].flatMap(controlStateFlags),
                region: f["region"].flatMap { self.name($0, for: "region") })
        }
    }

    func decodeEvents(_ node: YAMLNode, in what: String = "events") -> [EventSpec] {
        namedEntries(of: node, in: what).map { name, value in
            let f =
                fields(
                    of: value, in: "event \(DiagnosticText.quoted(name.value))",
                    allowed: ["doc", "selection", "role", "uikit"],
                    nullIsEmpty: true)
                ?? [:]
            return EventSpec(
                name: name,
                doc: f["doc"].flatMap { string($0, for: "doc") },
                requiresSelection: f["selection"].flatMap { bool($0, for: "selection") } ?? false,
                role: f["role"].flatMap { located(choice($0, for: "role", of: EventRole.self), $0) },
                uikit: f["uikit"].flatMap { located(choice($0, for: "uikit", of: UIKitControlEvent.self), $0) })
        }
    }

    /// `state: { event: target, ... }` rows.
    func decodeTransitions(_ node: YAMLNode) -> [TransitionSpec] {
        var rows: [TransitionSpec] = []
        for (source, row) in namedEntries(of: node, in: "transitions") {
            for (event, targetNode) in namedEntries(
                of: row, in: "the transitions of state \(DiagnosticText.quoted(source.value))", nullIsEmpty: true)
            {
                if let target = name(
                    targetNode,
                    for: "the target of \(DiagnosticText.quoted(source.value)) on \(DiagnosticText.quoted(event.value))"
                ) {
                    rows.append(TransitionSpec(source: source, event: event, target: target))
                }
            }
        }
        return rows
    }

    func decodeAttributes(_ node: YAMLNode) -> [AttributeSpec] {
        namedEntries(of: node, in: "attributes").compactMap { name, value in
            guard
                let f = fields(
                    of: value, in: "attribute \(DiagnosticText.quoted(name.value))",
                    allowed: ["type", "doc", "uikit", "scaledBy", "role"],
                    required: ["type"]),
                let typeNode = f["type"],
                let type = choice(typeNode, for: "type", of: AttributeType.self)
            else { return nil }
            return AttributeSpec(
                name: name, type: type, doc: f["doc"].flatMap { string($0, for: "doc") },
                uikit: f["uikit"].flatMap { located(choice($0, for: "uikit", of: UIKitProperty.self), $0) },
                scaledBy: f["scaledBy"].flatMap { node in
                    let style = located(choice(node, for: "scaledBy", of: FontSpec.TextStyle.self), node)
                    if style != nil, type != .dimension {
                        diagnostics.error(
                            "'scaledBy' scales a length with Dynamic Type; attribute \(DiagnosticText.quoted(name.value)) is \(type.rawValue), not dimension",
                            at: node.location, rule: .wrongType)
                        return nil
                    }
                    return style
                },
                role: f["role"].flatMap { located(choice($0, for: "role", of: AttributeRole.self), $0) })
        }
    }

    /// `name: [attribute, ...]` or `name: { doc: ..., attributes: [attribute, ...] }`.
    func decodeAttributeSets(_ node: YAMLNode) -> [AttributeSetSpec] {
        namedEntries(of: node, in: "attributeSets").compactMap { name, value in
            if case .sequence = value.content {
                return AttributeSetSpec(
                    name: name, doc: nil,
                    attributes: names(value, for: "attribute set \(DiagnosticText.quoted(name.value))"))
            }
            guard
                let f = fields(
                    of: value, in: "attribute set \(DiagnosticText.quoted(name.value))",
                    allowed: ["doc", "attributes", "contrast"],
                    required: ["attributes"], alsoSequence: true)
            else { return nil }
            return AttributeSetSpec(
                name: name, doc: f["doc"].flatMap { string($0, for: "doc") },
                attributes: f["attributes"].map { names($0, for: "attributes") } ?? [],
                contrast: f["contrast"].map {
                    decodeContrastPairs($0, in: "attribute set \(DiagnosticText.quoted(name.value))")
                } ?? [])
        }
    }

    /// The kinds of `node`, each kind's part of the tree released once it is decoded (when
    /// `node` holds the only reference to it).
    func decodeControls(
        releasing node: consuming YAMLNode, types: [String: AttributeType], declared: Set<String>
    ) -> [ControlSpec] {
        var node = node
        guard case .mapping(var entries) = node.content else {
            return namedEntries(of: node, in: "controls") { _, _ in nil as ControlSpec? }
        }
        node.content = .scalar("", .plain)
        return namedEntries(in: &entries, releasing: true, in: "controls") { name, value in
            // Built only for a message: a large spec has thousands of kinds.
            func what() -> String { "control \(DiagnosticText.quoted(name.value))" }
            let f =
                fields(
                    of: value, in: what(),
                    allowed: [
                        "doc", "selection", "initial", "uikit", "swiftui", "sharedStates", "sharedEvents", "states",
                        "events",
                        "precedence",
                        "transitions", "attributeSets", "values", "contrast", "warnings",
                    ],
                    nullIsEmpty: true) ?? [:]
            var control = ControlSpec(
                name: name,
                doc: f["doc"].flatMap { string($0, for: "doc") },
                supportsSelection: f["selection"].flatMap { bool($0, for: "selection") } ?? false,
                initialState: f["initial"].flatMap { self.name($0, for: "initial") },
                ownStates: f["states"].map { decodeStates($0, in: "the states of \(what())") } ?? [],
                ownEvents: f["events"].map { decodeEvents($0, in: "the events of \(what())") } ?? [],
                sharedStates: f["sharedStates"].map { names($0, for: "sharedStates") },
                sharedEvents: f["sharedEvents"].map { names($0, for: "sharedEvents") },
                precedence: f["precedence"].map { names($0, for: "precedence") },
                uikitClass: f["uikit"].flatMap { located(choice($0, for: "uikit", of: UIKitControlClass.self), $0) },
                swiftUIControl: f["swiftui"].flatMap {
                    located(choice($0, for: "swiftui", of: SwiftUIControl.self), $0)
                },
                transitions: f["transitions"].map(decodeTransitions) ?? [],
                attributeSets: f["attributeSets"].map { names($0, for: "attributeSets") } ?? [],
                values: f["values"].map { decodeValues($0, types: types, declared: declared, control: name.value) }
                    ?? [],
                contrast: f["contrast"].map { decodeContrastPairs($0, in: what()) } ?? [])
            if let node = f["warnings"] { control.warnings = decodeWarnings(node, in: what(), kind: true) }
            return control
        }
    }

    /// `attribute: { state: value, ... }`, each value read as the attribute's type.
    func decodeValues(
        _ node: YAMLNode, types: [String: AttributeType], declared: Set<String>, control: String
    ) -> [AttributeValuesSpec] {
        namedEntries(of: node, in: "the values of control \(DiagnosticText.quoted(control))") {
            attribute, row -> AttributeValuesSpec? in
            guard let type = types[attribute.value] else {
                if declared.contains(attribute.value) { return nil }
                diagnostics.error(
                    "values for undefined attribute \(DiagnosticText.quoted(attribute.value))"
                        + Suggestion.didYouMean(attribute.value, in: types.keys.sorted()),
                    at: attribute.location, rule: .undefinedAttribute)
                return nil
            }
            let values = namedEntries(of: row, in: "the values of \(DiagnosticText.quoted(attribute.value))") {
                state, valueNode -> StateValue? in
                guard let value = valueSpec(valueNode, type: type, attribute: attribute.value) else { return nil }
                return StateValue(state: state, value: value)
            }
            return AttributeValuesSpec(attribute: attribute, values: values)
        }
    }

    /// A value: a literal of the attribute's type, a token reference (`"{group.token}"`), or a
    /// mapping of appearances to either (`{ light: "#000000", dark: "#FFFFFF" }`, `light`
    /// required).
    func valueSpec(_ node: YAMLNode, type: AttributeType, attribute: String, nested: Bool = false) -> Located<
        ValueSpec
    >? {
        if let token = Self.tokenReference(node) { return Located(.token(token), at: node.location) }
        // `{c.a}` unquoted is a YAML flow mapping of one key and no value.
        if let entries = node.mappingEntries, entries.count == 1, entries[0].value.isNull,
            let key = entries[0].key.scalarText, Appearance(rawValue: key) == nil
        {
            diagnostics.error(
                "a value of \(DiagnosticText.quoted(attribute)) cannot be a mapping; to refer to token \(DiagnosticText.quoted(key)), quote it: \"{\(key)}\" (unquoted, {...} is a YAML mapping)",
                at: node.location, rule: .wrongNodeKind)
            return nil
        }
        // A font is a mapping too: `{ style: body, weight: semibold }`, `{ family: Inter, ... }`.
        if type == .font, let entries = node.mappingEntries,
            entries.contains(where: { Self.fontKeys.contains($0.key.scalarText ?? "") })
        {
            return fontValueSpec(node, attribute: attribute)
        }
        if !nested, node.mappingEntries != nil {
            var values: [Appearance: Located<ValueSpec>] = [:]
            var ok = true
            for (key, child) in namedEntries(
                of: node, in: "the appearances of a value of \(DiagnosticText.quoted(attribute))")
            {
                guard let appearance = Appearance(rawValue: key.value) else {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(key.value)) is no appearance; a value's keys are appearances: \(Appearance.allCases.map(\.rawValue).joined(separator: ", "))"
                            + Suggestion.didYouMean(key.value, in: Appearance.allCases.map(\.rawValue)),
                        at: key.location, rule: .wrongType)
                    ok = false
                    continue
                }
                guard let value = valueSpec(child, type: type, attribute: attribute, nested: true) else {
                    ok = false
                    continue
                }
                values[appearance] = value
            }
            guard ok else { return nil }
            guard values[.light] != nil else {
                diagnostics.error(
                    "a value of \(DiagnosticText.quoted(attribute)) by appearance needs a 'light' value, which every other appearance falls back to",
                    at: node.location, rule: .missingKey)
                return nil
            }
            return Located(.byAppearance(values), at: node.location)
        }
        return attributeValue(node, type: type, for: attribute).map { Located(.literal($0), at: node.location) }
    }

    /// `tokenFiles: [a.tokens.json, { path: dark.tokens.json, appearance: dark }]`.
    func decodeTokenFiles(_ node: YAMLNode) -> [TokenFileSpec] {
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "'tokenFiles' must be a sequence of paths, such as [tokens.json], not \(describe(node))",
                at: node.location, rule: .wrongNodeKind)
            return []
        }
        // A path with a NUL character would name another file (the system ends it there).
        func path(_ node: YAMLNode, for key: String) -> Located<String>? {
            guard let path = name(node, for: key) else { return nil }
            if let message = ConfigDecoder.nulProblem(path.value, for: key) {
                diagnostics.error(message, at: node.location, rule: .invalidValue)
                return nil
            }
            return path
        }
        return items.compactMap { item in
            if item.mappingEntries != nil {
                let f =
                    fields(
                        of: item, in: "a token file",
                        allowed: ["path", "appearance", "modifiers", "themeModifier", "contexts"], required: ["path"])
                    ?? [:]
                guard let path = f["path"].flatMap({ path($0, for: "path") }) else { return nil }
                if path.value.hasSuffix(".resolver.json") {
                    return decodeResolverEntry(path: path, fields: f)
                }
                for key in ["modifiers", "themeModifier", "contexts"] {
                    guard let node = f[key] else { continue }
                    diagnostics.error(
                        "\(DiagnosticText.quoted(key)) chooses among a DTCG resolver document's modifiers; \(DiagnosticText.quoted(path.value)) is a token file (a resolver document's name ends in .resolver.json)",
                        at: node.location, rule: .unknownKey)
                }
                var appearance: Located<Appearance>?
                if let node = f["appearance"] {
                    // A file whose appearance is wrong (reported) is not read as a base file.
                    guard let known = located(choice(node, for: "appearance", of: Appearance.self), node) else {
                        return nil
                    }
                    appearance = known
                }
                return TokenFileSpec(path: path, appearance: appearance)
            }
            return path(item, for: "tokenFiles").map { TokenFileSpec(path: $0, appearance: nil) }
        }
    }

    /// `{ path: design.resolver.json, modifiers: { brand: acme }, themeModifier: mode,
    /// contexts: { dark: night } }`: a DTCG resolver document and the contexts chosen from it.
    /// `appearance:` is `unknown-key` there: the theme modifier's contexts give the appearances.
    func decodeResolverEntry(path: Located<String>, fields f: [String: YAMLNode]) -> TokenFileSpec? {
        var file = TokenFileSpec(path: path, appearance: nil)
        if let node = f["appearance"] {
            diagnostics.error(
                "a resolver document's appearances are its theme modifier's contexts; choose them with 'contexts:' (such as { dark: night }), not 'appearance'",
                at: node.location, rule: .unknownKey)
        }
        if let node = f["modifiers"] {
            for (name, value) in namedEntries(of: node, in: "'modifiers'") {
                guard let context = self.name(value, for: name.value) else { continue }
                file.modifiers.append((name, context))
            }
        }
        if let node = f["themeModifier"] { file.themeModifier = name(node, for: "themeModifier") }
        if let node = f["contexts"] {
            for (name, value) in namedEntries(of: node, in: "'contexts'") {
                guard let appearance = Appearance(rawValue: name.value) else {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(name.value)) is not an appearance (\(Appearance.allCases.map(\.rawValue).joined(separator: ", ")))"
                            + Suggestion.didYouMean(name.value, in: Appearance.allCases.map(\.rawValue)),
                        at: name.location, rule: .wrongType)
                    continue
                }
                guard let context = self.name(value, for: name.value) else { continue }
                file.contexts[appearance] = context
            }
        }
        return file
    }

    /// `appearances: [light, dark]`: distinct appearances, `light` among them.
    func decodeAppearances(_ node: YAMLNode) -> [Located<Appearance>] {
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "'appearances' must be a sequence, such as [light, dark], not \(describe(node))", at: node.location,
                rule: .wrongNodeKind)
            return []
        }
        var result: [Located<Appearance>] = []
        for item in items {
            guard let appearance = located(choice(item, for: "appearances", of: Appearance.self), item) else {
                continue
            }
            if let first = result.first(where: { $0.value == appearance.value }) {
                diagnostics.error(
                    "appearance \(DiagnosticText.quoted(appearance.value.rawValue)) is listed twice", at: item.location,
                    rule: .duplicateName,
                    notes: [.init("first listed here", at: first.location)])
                continue
            }
            result.append(appearance)
        }
        if !result.contains(where: { $0.value == .light }) {
            diagnostics.error(
                "'appearances' must list 'light': every other appearance falls back to it", at: node.location,
                rule: .missingKey)
        }
        return result.sorted { $0.value < $1.value }
    }

    /// `controlState: highlighted` or `controlState: [selected, highlighted]`: one flag or a
    /// non-empty sequence of distinct flags.
    func controlStateFlags(_ node: YAMLNode) -> Located<[ControlStateFlag]>? {
        let items: [YAMLNode]
        if let sequence = node.sequenceItems {
            guard !sequence.isEmpty else {
                diagnostics.error(
                    "'controlState' needs at least one flag; a state with none is 'normal' (UIControl.State.normal = [])",
                    at: node.location, rule: .wrongType)
                return nil
            }
            items = sequence
        } else {
            items = [node]
        }
        var flags: [ControlStateFlag] = []
        var ok = true
        for item in items {
            guard let flag = choice(item, for: "controlState", of: ControlStateFlag.self) else {
                ok = false
                continue
            }
            if flags.contains(flag) {
                diagnostics.error(
                    "flag \(DiagnosticText.quoted(flag.rawValue)) is listed twice in 'controlState'", at: item.location,
                    rule: .duplicateName)
                ok = false
            }
            flags.append(flag)
        }
        return ok ? Located(flags.sorted(), at: node.location) : nil
    }

    // MARK: Nodes

    /// `value` at the location of `node`, when there is one.
    func located<T>(_ value: T?, _ node: YAMLNode) -> Located<T>? {
        value.map { Located($0, at: node.location) }
    }

    /// The entries of a mapping by key, after checking that every key is allowed and every
    /// required key is there. Reports and returns `nil` when the node is not a mapping.
    func fields(
        of node: YAMLNode, in what: @autoclosure () -> String, allowed: [String], required: [String] = [],
        nullIsEmpty: Bool = false, alsoSequence: Bool = false
    ) -> [String: YAMLNode]? {
        if nullIsEmpty, node.isNull { return [:] }
        guard let entries = node.mappingEntries else {
            diagnostics.error(
                "\(what()) must be a mapping\(alsoSequence ? " or a sequence" : ""), not \(describe(node))",
                at: node.location, rule: .wrongNodeKind)
            return nil
        }
        var result = [String: YAMLNode](minimumCapacity: entries.count)
        var misspelt: Set<String> = []
        for entry in entries {
            guard let key = keyText(entry.key, in: what()) else { continue }
            guard allowed.contains(key) else {
                let suggestion = Suggestion.closest(to: key, in: allowed)
                if let suggestion { misspelt.insert(suggestion) }
                diagnostics.error(
                    "unknown key \(DiagnosticText.quoted(key)) in \(what())"
                        + (suggestion.map { "; did you mean \(DiagnosticText.quoted($0))?" }
                            ?? "; expected one of: \(allowed.joined(separator: ", "))"),
                    at: entry.key.location, rule: .unknownKey)
                continue
            }
            result[key] = entry.value
        }
        // A required key whose misspelling was just reported is not reported missing as well.
        for key in required
        where result[key] == nil && !misspelt.contains(key) && !entries.contains(where: { $0.key.scalarText == key }) {
            diagnostics.error(
                "missing key \(DiagnosticText.quoted(key)) in \(what())", at: node.location, rule: .missingKey)
        }
        return result
    }

    /// The entries of a mapping whose keys are spec names (states, events, controls, ...).
    func namedEntries(
        of node: YAMLNode, in what: @autoclosure () -> String, nullIsEmpty: Bool = false
    ) -> [(Located<String>, YAMLNode)] {
        namedEntries(of: node, in: what(), nullIsEmpty: nullIsEmpty) { ($0, $1) }
    }

    /// ``namedEntries(of:in:nullIsEmpty:)`` with each entry turned into an element as it is
    /// read (left out where `transform` gives `nil`): no array of the entries in between (a
    /// spec has a mapping of this kind per attribute of every kind).
    func namedEntries<Element>(
        of node: YAMLNode, in what: @autoclosure () -> String, nullIsEmpty: Bool = false,
        _ transform: (Located<String>, YAMLNode) -> Element?
    ) -> [Element] {
        if nullIsEmpty, node.isNull { return [] }
        guard var entries = node.mappingEntries else {
            diagnostics.error(
                "\(what()) must be a mapping of names, not \(describe(node))", at: node.location,
                rule: .wrongNodeKind)
            return []
        }
        return namedEntries(in: &entries, releasing: false, in: what(), transform)
    }

    /// ``namedEntries(of:in:nullIsEmpty:_:)`` of a mapping's `entries`; with `releasing`, each
    /// entry's value is replaced by an empty scalar once `transform` has read it, which frees
    /// it where `entries` held the only reference.
    func namedEntries<Element>(
        in entries: inout [YAMLMappingEntry], releasing: Bool, in what: @autoclosure () -> String,
        _ transform: (Located<String>, YAMLNode) -> Element?
    ) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(entries.count)
        // A few names (a state's values, a kind's keys: the common case) are compared with
        // the keys before them; more are looked up in a table.
        let small = entries.count <= 8
        var seen = small ? [:] : [String: SourceLocation](minimumCapacity: entries.count)
        for index in entries.indices {
            let key = entries[index].key
            guard let text = keyText(key, in: what()) else { continue }
            // `1` and "1" are different YAML keys but the same name.
            let first =
                small
                ? entries[..<index].first { Self.acceptedKeyText($0.key) == text }?.key.location : seen[text]
            if let first {
                diagnostics.error(
                    "\(DiagnosticText.quoted(text)) is named twice in \(what())", at: key.location,
                    rule: .duplicateName,
                    notes: [.init("first named here", at: first)])
                continue
            }
            let location = key.location
            if !small { seen[text] = location }
            if let element = transform(Located(text, at: location), entries[index].value) { result.append(element) }
            if releasing { entries[index].value.content = .scalar("", .plain) }
        }
        return result
    }

    /// The text of a mapping key that ``keyText(_:in:)`` accepts, else `nil` (nothing reported).
    static func acceptedKeyText(_ key: YAMLNode) -> String? {
        guard let text = key.scalarText, !key.isNull else { return nil }
        if text == "<<", key.coreValue == .string("<<") { return nil }
        return text
    }

    /// The text of a mapping key; reports (and gives `nil` for) a collection or null key and
    /// a YAML 1.1 merge key, which the spec format does not support.
    func keyText(_ key: YAMLNode, in what: @autoclosure () -> String) -> String? {
        if let text = Self.acceptedKeyText(key) { return text }
        if key.scalarText == nil || key.isNull {
            diagnostics.error(
                "a key in \(what()) must be a name, not \(describe(key))", at: key.location, rule: .wrongNodeKind)
        } else {
            diagnostics.error(
                "merge keys ('<<') are not supported; write the keys out, or reuse a whole value through an anchor and alias",
                at: key.location, rule: .mergeKey)
        }
        return nil
    }

    /// A name used as a reference or declaration: a non-empty scalar.
    func name(_ node: YAMLNode, for key: String) -> Located<String>? {
        guard let text = node.scalarText, !node.isNull else {
            diagnostics.error(
                "\(DiagnosticText.quoted(key)) must be a name, not \(describe(node))", at: node.location,
                rule: node.scalarText == nil ? .wrongNodeKind : .wrongType)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// A sequence of names; a single name is an error (the spec is explicit about lists).
    func names(_ node: YAMLNode, for key: String) -> [Located<String>] {
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "\(DiagnosticText.quoted(key)) must be a sequence of names, such as [a, b], not \(describe(node))",
                at: node.location,
                rule: .wrongNodeKind)
            return []
        }
        return items.compactMap { name($0, for: key) }
    }

    func string(_ node: YAMLNode, for key: String) -> String? {
        guard let text = node.scalarText, !node.isNull else {
            diagnostics.error(
                "\(DiagnosticText.quoted(key)) must be a string, not \(describe(node))", at: node.location,
                rule: node.scalarText == nil ? .wrongNodeKind : .wrongType)
            return nil
        }
        return text
    }

    func bool(_ node: YAMLNode, for key: String) -> Bool? {
        if case .bool(let value)? = node.coreValue { return value }
        diagnostics.error(
            "\(DiagnosticText.quoted(key)) must be true or false, not \(describe(node))", at: node.location,
            rule: typeRule(node))
        return nil
    }

    func integer(_ node: YAMLNode, for key: String) -> Int? {
        if case .int(let value)? = node.coreValue { return value }
        diagnostics.error(
            "\(DiagnosticText.quoted(key)) must be an integer, not \(describe(node))", at: node.location,
            rule: typeRule(node))
        return nil
    }

    /// `subject`, when given, is what the message names instead of `'key'` (a phrase such as
    /// "the text style of 'font'", which is not quoted again).
    func choice<T: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, for key: String, subject: String? = nil, of: T.Type
    ) -> T?
    where T.RawValue == String {
        let options = T.allCases.map(\.rawValue)
        if let text = node.scalarText, !node.isNull, let value = T(rawValue: text) { return value }
        let suggestion = node.scalarText.map { Suggestion.didYouMean($0, in: options) } ?? ""
        diagnostics.error(
            "\(subject ?? "\(DiagnosticText.quoted(key))") must be one of \(options.joined(separator: ", ")), not \(describe(node))\(suggestion)",
            at: node.location, rule: typeRule(node))
        return nil
    }

    /// A value of an attribute, read as the attribute's type.
    func attributeValue(_ node: YAMLNode, type: AttributeType, for attribute: String) -> AttributeValue? {
        // Built only for a message.
        func what() -> String { "a value of \(DiagnosticText.quoted(attribute)) (\(type.rawValue))" }
        guard node.scalarText != nil else {
            diagnostics.error(
                "\(what()) must be a scalar, not a \(node.kindName)", at: node.location, rule: .wrongNodeKind)
            return nil
        }
        // A colour or font is read from the text: its core value is not needed.
        let core = type == .color || type == .font ? nil : node.coreValue
        switch type {
        case .font:
            return fontValue(node, attribute: attribute)
        case .string:
            // Any text, but not a scalar explicitly tagged as another core type (`!!int 5`).
            if let text = node.scalarText, !node.isNull, case .string? = core { return .string(text) }
            if let text = node.scalarText, !node.isNull, node.tag == nil { return .string(text) }
        case .int:
            if case .int(let value)? = core { return .int(value) }
            if case .bigInt(let text)? = core {
                diagnostics.error(
                    "\(DiagnosticText.quoted(text)) is out of range for \(what()): it is from \(Int.min) to \(Int.max)",
                    at: node.location,
                    rule: .invalidValue)
                return nil
            }
        case .double, .dimension:
            if case .int(let value)? = core { return .double(Double(value)) }
            // An integer past Int's range is still a Double (to its precision).
            if case .bigInt(let text)? = core, let value = Double(text), value.isFinite { return .double(value) }
            if case .float(let value)? = core, let text = node.scalarText {
                // A literal past Double's range would silently become infinity or zero.
                let written = text.lowercased()
                if value.isInfinite, !written.hasSuffix(".inf") {
                    diagnostics.error(
                        "\(what()) \(DiagnosticText.quoted(text)) is too large for a Double (at most about 1.8e308)",
                        at: node.location,
                        rule: .invalidValue)
                    return nil
                }
                if value == 0, let mantissa = written.split(separator: "e").first,
                    mantissa.contains(where: { ("1"..."9").contains($0) })
                {
                    diagnostics.error(
                        "\(what()) \(DiagnosticText.quoted(text)) is too small for a Double (at least about 4.9e-324 apart from 0)",
                        at: node.location, rule: .invalidValue)
                    return nil
                }
                return .double(value)
            }
        case .bool:
            if case .bool(let value)? = core { return .bool(value) }
        case .color:
            if let text = node.scalarText, let color = RGBAColor(hex: text) { return .color(color) }
        }
        // A colour is quoted by necessity, so its quotes say nothing; but a null (`color:` with
        // nothing after it, `~`) is shown as one, as the docs promise: "empty (null)".
        let shown =
            type == .color && !node.isNull
            ? (node.scalarText?.isEmpty == true ? "an empty string" : "\(DiagnosticText.quoted(node.scalarText ?? ""))")
            : describe(node)
        diagnostics.error(
            "\(what()) cannot be \(shown); \(Self.acceptedForms(type))", at: node.location, rule: .invalidValue)
        return nil
    }

    /// The keys of a font written as a mapping.
    static let fontKeys = ["style", "family", "face", "weight", "design", "size", "lineHeight", "letterSpacing"]

    /// A font written as a text style's name (`body`).
    func fontValue(_ node: YAMLNode, attribute: String) -> AttributeValue? {
        choice(
            node, for: "style", subject: "the text style of \(DiagnosticText.quoted(attribute))",
            of: FontSpec.TextStyle.self
        ).map { .font(FontSpec(textStyle: $0)) }
    }

    /// A font written as a mapping: `{ style, family?, face?, weight?, design?, size?,
    /// lineHeight?, letterSpacing? }`. `style` (required) is the Dynamic Type text style it
    /// scales with; `family` a typeface family's name, `face` a PostScript face name; `weight`
    /// a name (`semibold`) or a CSS weight number (1 to 1000, the nearest name); `size` points
    /// above 0; `lineHeight` a multiple of the size above 0; `letterSpacing` points. `design` is
    /// the system font's and an `invalid-value` error beside `family` or `face`. Each of
    /// ``FontSpec/Part`` may be a token reference (`"{font.family.sans}"`), resolved and
    /// type-checked with the spec's tokens; each name is checked with did-you-mean.
    func fontValueSpec(_ node: YAMLNode, attribute: String) -> Located<ValueSpec>? {
        let what = "a value of \(DiagnosticText.quoted(attribute)) (font)"
        guard let f = fields(of: node, in: what, allowed: Self.fontKeys, required: ["style"]) else { return nil }
        var textStyle: FontSpec.TextStyle?
        if let styleNode = f["style"] {
            textStyle = fontValue(styleNode, attribute: attribute).flatMap {
                if case .font(let font) = $0 { font.textStyle } else { nil }
            }
        }
        var font = FontSpec(textStyle: textStyle ?? .body)
        var parts: [FontSpec.Part: Located<String>] = [:]
        var ok = textStyle != nil
        func part(_ key: FontSpec.Part) -> YAMLNode? {
            guard let node = f[key.rawValue] else { return nil }
            if let token = Self.tokenReference(node) {
                parts[key] = Located(token, at: node.location)
                return nil
            }
            return node
        }
        func name(_ key: String, _ node: YAMLNode) -> String? {
            if let text = node.scalarText, !node.isNull, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                node.tag == nil || node.coreValue.map({ if case .string = $0 { true } else { false } }) == true
            {
                return text
            }
            diagnostics.error(
                "the \(key) of \(what) must be a typeface's name or a token reference such as \"{font.family.sans}\", not \(describe(node))",
                at: node.location, rule: node.scalarText == nil ? .wrongNodeKind : .invalidValue)
            return nil
        }
        func number(_ node: YAMLNode) -> Double? {
            switch node.coreValue {
            case .int(let value)?: Double(value)
            case .float(let value)? where value.isFinite: value
            default: nil
            }
        }
        if let familyNode = part(.family) {
            font.family = name("family", familyNode)
            ok = ok && font.family != nil
        }
        if let faceNode = f["face"] {
            font.face = name("face", faceNode)
            ok = ok && font.face != nil
        }
        if let weightNode = part(.weight) {
            if let value = number(weightNode) {
                font.weight = FontWeight(weightClass: value)
                if font.weight == nil {
                    diagnostics.error(
                        "the weight of \(what) must be a weight's name or a number from 1 to 1000, not \(describe(weightNode))",
                        at: weightNode.location, rule: .invalidValue)
                }
            } else {
                font.weight = choice(weightNode, for: "weight", of: FontWeight.self)
            }
            ok = ok && font.weight != nil
        }
        if let designNode = f["design"] {
            if let design = choice(designNode, for: "design", of: FontDesign.self) {
                font.design = design
                if f["family"] != nil || f["face"] != nil {
                    diagnostics.error(
                        "'design' chooses a design of the system font, but \(what) names its own typeface ('\(f["family"] != nil ? "family" : "face")'); remove 'design', or the typeface",
                        at: designNode.location, rule: .invalidValue)
                    ok = false
                }
            } else {
                ok = false
            }
        }
        if let sizeNode = part(.size) {
            if let value = number(sizeNode), value > 0 {
                font.size = value
            } else {
                diagnostics.error(
                    "the size of \(what) must be a number of points above 0, not \(describe(sizeNode))",
                    at: sizeNode.location, rule: .invalidValue)
                ok = false
            }
        }
        if let lineHeightNode = part(.lineHeight) {
            if let value = number(lineHeightNode), value > 0 {
                font.lineHeight = value
            } else {
                diagnostics.error(
                    "the lineHeight of \(what) must be a multiple of the font size above 0 (1.5 for 150%), not \(describe(lineHeightNode))",
                    at: lineHeightNode.location, rule: .invalidValue)
                ok = false
            }
        }
        if let letterSpacingNode = part(.letterSpacing) {
            if let value = number(letterSpacingNode) {
                font.letterSpacing = value
            } else {
                diagnostics.error(
                    "the letterSpacing of \(what) must be a number of points, not \(describe(letterSpacingNode))",
                    at: letterSpacingNode.location, rule: .invalidValue)
                ok = false
            }
        }
        guard ok else { return nil }
        return Located(parts.isEmpty ? .literal(.font(font)) : .fontParts(font, parts), at: node.location)
    }

    /// What a value of each type may look like, for error messages.
    static func acceptedForms(_ type: AttributeType) -> String {
        switch type {
        case .string: "write any text; quote it if it is empty or looks like null"
        case .int: "write a whole number such as 12, -3, 0x1F or 0o17 (unquoted)"
        case .double: "write a number such as 10, 0.5, 1e-3, .inf or .nan (unquoted)"
        case .dimension: "write a number of points such as 12 or 0.5 (unquoted), or a dimension token"
        case .font:
            "write a text style such as body, or { style: body, weight: semibold, design: rounded, size: 17 }, or { style: body, family: Inter, weight: bold }"
        case .bool: "write true or false (yes, no, on and off are not booleans in YAML 1.2)"
        case .color:
            "write \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal, quoted (an unquoted # starts a YAML comment)"
        }
    }

    /// `wrong-node-kind` for a collection where a scalar was expected, `wrong-type` for a
    /// scalar of the wrong type.
    func typeRule(_ node: YAMLNode) -> RuleID {
        node.scalarText == nil ? .wrongNodeKind : .wrongType
    }

    /// How a node reads in a message: `'yes'`, `null`, `a mapping`.
    /// The most characters of a scalar that ``describe(_:)`` quotes.
    static let maxQuotedCharacters = DiagnosticText.maxQuotedCharacters

    func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, _):
            // A message quotes at most one line of the file, and at most 80 characters of it
            // (DiagnosticText.quoted cuts the rest): a token file that is really /etc/passwd or a
            // secrets file reads as one long scalar.
            if node.end.line > node.start.line || text.contains(where: \.isNewline) {
                return node.isNull ? "null" : "a text over several lines"
            }
            if node.isNull { return text.isEmpty ? "empty (null)" : "null (\(DiagnosticText.quoted(text)))" }
            if let tag = node.tag {
                let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
                return "\(DiagnosticText.quoted(text)) tagged \(shown)"
            }
            if case .scalar(_, let style) = node.content, style == .singleQuoted || style == .doubleQuoted {
                return "the quoted string \(DiagnosticText.quoted(text))"
            }
            return DiagnosticText.quoted(text)
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}
