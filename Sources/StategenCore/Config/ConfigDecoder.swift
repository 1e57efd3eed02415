/// Turns the YAML document of `stategen.yml` into a ``StategenConfig``, with the same node
/// readers (and so the same strictness and messages) as ``SpecDecoder``: unknown keys with
/// "did you mean", wrong node kinds, wrong types and missing keys are located errors.
struct ConfigDecoder {
    /// The keys of the settings, allowed at the top level and in each entry.
    static let settingKeys = ["access", "templates", "warningsAsErrors", "swift", "swiftModule", "managed"]

    let diagnostics: DiagnosticCollector
    /// The spec decoder's node readers.
    let nodes: SpecDecoder

    init(diagnostics: DiagnosticCollector) {
        self.diagnostics = diagnostics
        self.nodes = SpecDecoder(diagnostics: diagnostics)
    }

    /// - Returns: the configuration, or `nil` when it is too broken to give one; the reasons
    ///   are in the collector (a returned configuration may still come with errors there).
    func decode(_ root: YAMLNode, path: String) -> StategenConfig? {
        guard
            let top = nodes.fields(
                of: root, in: "the config file", allowed: ["stategen", "outputs", "roots"] + Self.settingKeys,
                required: ["stategen", "outputs"])
        else { return nil }
        if let node = top["stategen"], let version = nodes.integer(node, for: "stategen"),
            !StategenConfig.supportedFormatVersions.contains(version)
        {
            diagnostics.error(
                "unsupported config format version \(version); this stategen reads version "
                    + StategenConfig.supportedFormatVersions.map(String.init).joined(separator: ", "),
                at: node.location, rule: .unsupportedVersion)
        }
        let settings = decodeSettings(top, configPath: path)
        var entries: [StategenConfig.Entry] = []
        if let node = top["outputs"] {
            if let items = node.sequenceItems {
                if items.isEmpty {
                    diagnostics.error(
                        "'outputs' lists no entry; add one with 'specs' and 'output'", at: node.location,
                        rule: .emptyList)
                }
                for (index, item) in items.enumerated() {
                    if let entry = decodeEntry(item, number: index + 1, configPath: path) { entries.append(entry) }
                }
            } else {
                diagnostics.error(
                    "'outputs' must be a sequence of entries (each '- specs: [...]' with 'output: ...'), not \(nodes.describe(node))",
                    at: node.location, rule: .wrongNodeKind)
            }
        }
        var roots: [Located<String>] = []
        if let node = top["roots"] {
            if let items = node.sequenceItems {
                roots = items.compactMap { self.path($0, for: "roots", configPath: path) }
                roots.removeAll { root in
                    let spelled = items.first { $0.location == root.location }?.scalarText ?? root.value
                    guard
                        let refusal = InputRoots.configRootRefusal(of: root.value, spelled: spelled, configPath: path)
                    else { return false }
                    diagnostics.error(refusal, at: root.location, rule: .outsideRoot)
                    return true
                }
            } else {
                diagnostics.error(
                    "'roots' must be a sequence of folders, such as [../DesignTokens], not \(nodes.describe(node))",
                    at: node.location, rule: .wrongNodeKind)
            }
        }
        return StategenConfig(path: path, roots: roots, settings: settings, entries: entries)
    }

    func decodeEntry(_ node: YAMLNode, number: Int, configPath: String) -> StategenConfig.Entry? {
        let what = "entry \(number) of 'outputs'"
        guard
            let f = nodes.fields(
                of: node, in: what, allowed: ["specs", "output"] + Self.settingKeys, required: ["specs", "output"])
        else { return nil }
        var specs: [Located<String>] = []
        if let specsNode = f["specs"] {
            if let items = specsNode.sequenceItems {
                if items.isEmpty {
                    diagnostics.error("'specs' lists no spec in \(what)", at: specsNode.location, rule: .emptyList)
                }
                specs = items.compactMap { path($0, for: "specs", configPath: configPath) }
            } else {
                diagnostics.error(
                    "'specs' must be a sequence of paths, such as [Specs/controls.yml], not \(nodes.describe(specsNode))",
                    at: specsNode.location, rule: .wrongNodeKind)
            }
        }
        guard let outputNode = f["output"], let output = path(outputNode, for: "output", configPath: configPath)
        else { return nil }
        return StategenConfig.Entry(
            specs: specs, output: output, settings: decodeSettings(f, configPath: configPath))
    }

    func decodeSettings(_ fields: [String: YAMLNode], configPath: String) -> StategenConfig.Settings {
        StategenConfig.Settings(
            access: fields["access"].flatMap { nodes.choice($0, for: "access", of: AccessLevel.self) },
            templates: fields["templates"].flatMap { path($0, for: "templates", configPath: configPath) },
            warningsAsErrors: fields["warningsAsErrors"].flatMap {
                $0.sequenceItems == nil ? nodes.bool($0, for: "warningsAsErrors") : nil
            },
            warningRulesAsErrors: fields["warningsAsErrors"].flatMap { node in
                node.sequenceItems == nil
                    ? nil
                    : nodes.names(node, for: "warningsAsErrors").filter { id in
                        guard let problem = DiagnosticRules.problem(with: id.value) else { return true }
                        diagnostics.error(problem, at: id.location, rule: .unknownWarning)
                        return false
                    }
            },
            swift: fields["swift"].map(nodes.decodeSwiftOptions) ?? SwiftOptions(),
            swiftModule: fields["swiftModule"].flatMap { moduleName($0) },
            managed: fields["managed"].flatMap { nodes.bool($0, for: "managed") })
    }

    /// A Swift module's name (`swiftModule:`): an identifier (``StategenConfig/isSwiftModuleName(_:)``).
    func moduleName(_ node: YAMLNode) -> Located<String>? {
        guard let text = nodes.string(node, for: "swiftModule") else { return nil }
        guard StategenConfig.isSwiftModuleName(text) else {
            diagnostics.error(
                "'swiftModule' must name a Swift module (an identifier such as DesignSystem), not \(DiagnosticText.quoted(text))",
                at: node.location, rule: .wrongType)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// Why `text`, the value of the path `key`, cannot be a path: it holds a NUL character,
    /// where the system's calls end the path (`G\0x` would name `G`). `nil` otherwise. The
    /// spec's token files are held to the same rule.
    static func nulProblem(_ text: String, for key: String) -> String? {
        guard text.utf8.contains(0) else { return nil }
        return
            "'\(key)' must be a path without a NUL character (\\0): the system ends a path at it, so another file would be read or written"
    }

    /// A path: a non-empty string without a NUL character, resolved against the configuration
    /// file's folder.
    func path(_ node: YAMLNode, for key: String, configPath: String) -> Located<String>? {
        guard let text = nodes.string(node, for: key) else { return nil }
        guard !text.isEmpty else {
            diagnostics.error(
                "\(DiagnosticText.quoted(key)) must be a path, not an empty string", at: node.location,
                rule: .wrongType)
            return nil
        }
        if let message = Self.nulProblem(text, for: key) {
            diagnostics.error(message, at: node.location, rule: .invalidValue)
            return nil
        }
        return Located(StategenConfig.resolve(text, against: configPath), at: node.location)
    }
}
