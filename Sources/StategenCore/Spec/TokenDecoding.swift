import Foundation

/// Reads a tree of design tokens in the W3C Design Tokens Community Group format (DTCG,
/// 2025.10 Format module) — the spec's `tokens:` or a `.tokens`/`.tokens.json` file, both read
/// through libyaml, so every diagnostic is at the token's `path:line:column`.
///
/// - A mapping with `$value` (or a `$ref` JSON Pointer in its place) is a token; any other
///   mapping is a group whose keys are its children (§6.1). Keys starting with `$` are DTCG's:
///   `$type`, `$value`, `$ref`, `$description`, `$extensions` (kept on the ``TokenSpec``),
///   `$deprecated`, a group's `$root` (§6.2) and `$extends` (§6.4), and `$schema` at the
///   document's root (the official 2025.10 JSON Schema allows it there only); any other is
///   `unknown-key`.
/// - A token's type is its own `$type`; else, for an alias, its target's (§5.2.2); else the
///   nearest enclosing group's, after `$extends` (§6.7.3).
/// - Names may not contain `.`, `{` or `}` (§5.1.1), nor start with `$` (`$root` is the one
///   reserved name: its token's path ends in `.$root`, §6.7.2).
extension SpecDecoder {
    /// The document a token tree comes from: `$extends` and `$ref` name places from its root.
    final class TokenDocument {
        let root: YAMLNode
        /// The groups whose `$extends` are being followed, by path, to find cycles (§6.4.4).
        var extending: [String] = []
        /// `$extends` already reported as a cycle, by where they are written.
        var reported: Set<SourceLocation> = []
        /// The `$ref` pointers followed for the token being read: a value whose pointers lead to
        /// values with pointers again (each doubling the last) stops at ``maxPointers``.
        var pointersFollowed = 0
        /// The tokens whose `$value` the pointers of the token being read go into, by path.
        var pointedTokens: [String] = []
        /// Where the token being read is declared, where too many pointers are reported.
        var token: SourceLocation?
        /// The tokens read through `$extends` so far: groups that extend groups that extend
        /// groups twice over double at each level, so the walk stops past ``maxExtendedTokens``
        /// of them (with one `token-limit` error).
        var extendedTokens = 0
        /// Most tokens one file's `$extends` make (real files extend a few component groups).
        static let maxExtendedTokens = 50_000
        /// The members of groups read as layers of groups that `$extends` merge, so far: a
        /// group and its subgroup extending the same group copy layers that double at each
        /// level while the tokens they make (counted by ``extendedTokens``) barely grow.
        var extendedMembers = 0
        /// Most tokens and groups in the layers the walk of one file's `$extends` reads (twice
        /// the tokens it may make: each is in a layer, beside its groups).
        static let maxExtendedMembers = 100_000
        /// Most groups a chain of `$extends` goes through.
        static let maxExtendsChain = 100
        /// The group whose `$extends` the chain being followed starts at (named and located by
        /// a chain past ``maxExtendsChain``), and whether a chain has passed it: reported once.
        var chainStart: (path: [String], at: SourceLocation)?
        var chainReported = false
        /// ``extending`` as a set, for cycles.
        var extendingSet: Set<String> = []
        var stopped = false
        /// Most `$ref` pointers followed for one token's value; real files use a few.
        static let maxPointers = 1_000

        init(root: YAMLNode) {
            self.root = root
        }

        /// The keys of each large mapping looked up so far, by its path: a flat file of
        /// thousands of tokens is not searched from the start for every `$extends` and `$ref`.
        private var indexes: [[String]: [String: Int]] = [:]

        /// The node at `segments` from the root: a mapping's entry by key (the last of that
        /// key), a sequence's item by index (RFC 6901 §4).
        func node(at segments: [String]) -> YAMLNode? {
            var current = root
            for (depth, segment) in segments.enumerated() {
                if let entries = current.mappingEntries {
                    if entries.count > 16 {
                        let path = Array(segments[..<depth])
                        let index =
                            indexes[path]
                            ?? {
                                var built: [String: Int] = [:]
                                for (i, entry) in entries.enumerated() {
                                    if let key = entry.key.scalarText { built[key] = i }
                                }
                                indexes[path] = built
                                return built
                            }()
                        guard let i = index[segment] else { return nil }
                        current = entries[i].value
                    } else {
                        guard let entry = entries.last(where: { $0.key.scalarText == segment }) else { return nil }
                        current = entry.value
                    }
                } else if let items = current.sequenceItems, let index = Int(segment), String(index) == segment,
                    items.indices.contains(index)
                {
                    current = items[index]
                } else {
                    return nil
                }
            }
            return current
        }
    }

    /// The tokens of the tree at `node`, in document order.
    ///
    /// An entry that is neither a token nor a group (a plain value where a mapping belongs) is
    /// reported once for the whole tree, at the first such entry, naming its kind but not its
    /// value and counting the others: a file that is not a token tree at all (a credentials
    /// file, `{"github_token": "ghp_…", …}`) shows one of its lines, not one per key. A tree
    /// written the way Style Dictionary 3 and the drafts before 2025 wrote tokens (`value`,
    /// `type`, `comment` without `$`) is one `legacy-token-file` error saying how to convert it.
    func decodeTokens(_ node: YAMLNode) -> [TokenSpec] {
        var tokens: [TokenSpec] = []
        var strays: [(path: String, node: YAMLNode)] = []
        let document = TokenDocument(root: node)
        let (_, walked) = diagnostics.capturing {
            walkTokenGroup(
                [node], path: [], inherited: nil, deprecation: nil, document: document, into: &tokens,
                strays: &strays)
        }
        // A legacy token's other keys (Spectrum's `$schema` in every token, and in the group
        // of its per-theme `sets`) are not reported as well: the one `legacy-token-file` error
        // stands for them, and for every key of the file DTCG does not know.
        let legacy = strays.first(where: { $0.path == "value" || $0.path.hasSuffix(".value") })
        var legacyNodes: Set<SourceLocation> = []
        for stray in strays where legacy != nil {
            let segments = stray.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let last = segments.lastIndex(of: "value"), let token = document.node(at: Array(segments[..<last]))
            else { continue }
            collectLocations(of: token, into: &legacyNodes)
        }
        for diagnostic in walked
        where !(legacy != nil && diagnostic.rule == .unknownKey)
            && diagnostic.location.map({ !legacyNodes.contains($0) }) ?? true
        {
            diagnostics.report(diagnostic)
        }
        if let legacy {
            let token = legacy.path.split(separator: ".").dropLast().joined(separator: ".")
            diagnostics.error(
                "\(token.isEmpty ? "the file" : "token \(DiagnosticText.quoted(token))") is written the way Style Dictionary 3 and the Design Tokens drafts before 2025 wrote tokens ('value', 'type' and 'comment' without '$'), which is not the DTCG 2025.10 format: rename 'value' to '$value', 'type' to '$type' and 'comment' to '$description' (Style Dictionary 4's convertToDTCG converts a whole file)"
                    + (strays.count > 1 ? "; this one error stands for the file's \(strays.count) such keys" : ""),
                at: legacy.node.location, rule: .legacyTokenFile)
        } else if let first = strays.first {
            let others =
                strays.count == 1
                ? ""
                : "; \(strays.count - 1) more \(strays.count == 2 ? "entry is" : "entries are") not one either "
                    + "(is this a Design Tokens file?)"
            diagnostics.error(
                "\(DiagnosticText.quoted(first.path)) must be a token (a mapping with $value) or a group (a mapping), "
                    + "not \(describeKind(first.node))\(others)",
                at: first.node.location, rule: .wrongNodeKind)
        }
        return tokens
    }

    /// The locations of `node` and of every key and node under it.
    private func collectLocations(of node: YAMLNode, into locations: inout Set<SourceLocation>) {
        guard locations.insert(node.location).inserted else { return }
        for entry in node.mappingEntries ?? [] {
            locations.insert(entry.key.location)
            collectLocations(of: entry.value, into: &locations)
        }
        for item in node.sequenceItems ?? [] { collectLocations(of: item, into: &locations) }
    }

    /// What kind of node `node` is, for a message that must not quote it: "a string", "a
    /// sequence", "null".
    func describeKind(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(_, let style):
            if node.isNull { return "null" }
            return style == .singleQuoted || style == .doubleQuoted ? "a quoted string" : "a single value"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }

    /// A `$type`: every DTCG 2025.10 type (composite ones included) and stategen's own.
    enum TypeName {
        case supported(Located<TokenType>)
    }

    /// The `$type` at `node`; reports (with did-you-mean) and returns `nil` for another name.
    func tokenTypeName(_ node: YAMLNode) -> TypeName? {
        let known = TokenType.allCases.map(\.rawValue)
        if let text = node.scalarText, !node.isNull, let type = TokenType(rawValue: text) {
            return .supported(Located(type, at: node.location))
        }
        diagnostics.error(
            "'$type' must be one of \(known.joined(separator: ", ")), not \(describe(node))"
                + (node.scalarText.map { Suggestion.didYouMean($0, in: known) } ?? ""),
            at: node.location, rule: typeRule(node))
        return nil
    }

    /// The `$` keys of a group and of a token, for did-you-mean.
    static let groupKeys = ["$type", "$description", "$extensions", "$deprecated", "$extends", "$root"]
    static let tokenKeys = ["$value", "$type", "$ref", "$description", "$extensions", "$deprecated"]

    /// Whether `node` is a token: a mapping with `$value`, or with a `$ref` and no tokens or
    /// groups of its own (a `$ref` beside them makes a group extend its target, §6.4.1).
    func isToken(_ node: YAMLNode) -> Bool {
        guard let entries = node.mappingEntries else { return false }
        if entries.contains(where: { $0.key.scalarText == "$value" }) { return true }
        return entries.contains(where: { $0.key.scalarText == "$ref" })
            && !entries.contains(where: { !($0.key.scalarText ?? "").hasPrefix("$") })
    }

    /// The layers of the group `node` at `path`, the lowest first and `node` last: what its
    /// `$extends` (or a `$ref` beside its children) inherits, then its own (§6.4.2: the target's
    /// tokens and properties, overridden by the group's own at the same path). Reports a target
    /// that is no group of the document (`undefined-token`) and a cycle (`token-cycle`, §6.4.4:
    /// a group extending itself, one of its enclosing groups, or a chain back to it).
    func groupLayers(_ node: YAMLNode, path: [String], document: TokenDocument, broken: inout Bool) -> [YAMLNode] {
        guard
            let entry = node.mappingEntries?.first(where: {
                $0.key.scalarText == "$extends" || $0.key.scalarText == "$ref"
            })
        else { return [node] }
        let key = entry.key.scalarText ?? "$extends"
        // Named in messages only: quoting a long path for every group would cost more than the walk.
        var what: String { path.isEmpty ? "the tokens" : "group \(DiagnosticText.quoted(path.joined(separator: ".")))" }
        guard let text = entry.value.scalarText, !entry.value.isNull else {
            diagnostics.error(
                "'\(key)' of \(what) must name a group, as \"{group.name}\" or \"#/group/name\", not \(describe(entry.value))",
                at: entry.value.location, rule: typeRule(entry.value))
            broken = true
            return [node]
        }
        let target: [String]
        if let braced = Self.bracedPath(text) {
            target = braced.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        } else if let pointer = pointerSegments(text, at: entry.value.location) {
            target = pointer
        } else {
            if !text.hasPrefix("#") && !text.contains("#/") {
                diagnostics.error(
                    "'\(key)' of \(what) must name a group, as \"{group.name}\" or \"#/group/name\", not \(DiagnosticText.quoted(text))",
                    at: entry.value.location, rule: .invalidValue)
            }
            broken = true
            return [node]
        }
        let shown = "{\(target.joined(separator: "."))}"
        guard let targetNode = document.node(at: target), targetNode.mappingEntries != nil,
            !isToken(targetNode)
        else {
            let isTokenTarget = document.node(at: target).map(isToken) ?? false
            diagnostics.error(
                "\(what) extends \(DiagnosticText.quoted(shown)), which is "
                    + (isTokenTarget ? "a token; '\(key)' names a group (§6.4)" : "no group of this file"),
                at: entry.value.location, rule: .undefinedToken)
            broken = true
            return [node]
        }
        let own = path.joined(separator: ".")
        let targetPath = target.joined(separator: ".")
        let enclosing = own == targetPath || own.hasPrefix(targetPath + ".") || target.isEmpty
        if enclosing || document.extendingSet.contains(targetPath) {
            if document.reported.insert(entry.value.location).inserted {
                let chain = (document.extending + [own, targetPath]).joined(separator: " -> ")
                diagnostics.error(
                    "\(what) extends \(DiagnosticText.quoted(shown)), which "
                        + (enclosing ? "encloses it" : "extends it in turn") + ": a cycle (\(chain))",
                    at: entry.value.location, rule: .tokenCycle)
            }
            broken = true
            return [node]
        }
        // Each step of a chain of `$extends` is a layer of every group below it (real files
        // extend once or twice). Reported at the group the chain starts from (the first one
        // past the limit in document order), once per file.
        if document.extending.isEmpty { document.chainStart = (path, entry.value.location) }
        guard document.extending.count < TokenDocument.maxExtendsChain else {
            if !document.chainReported, let start = document.chainStart {
                document.chainReported = true
                let name = start.path.joined(separator: ".")
                diagnostics.error(
                    (name.isEmpty ? "the root group" : "group \(DiagnosticText.quoted(name))")
                        + " extends through more than \(TokenDocument.maxExtendsChain) groups (the limit), each extending the next",
                    at: start.at, rule: .tokenLimit)
            }
            broken = true
            return [node]
        }
        document.extending.append(own)
        let added = document.extendingSet.insert(own).inserted
        defer {
            document.extending.removeLast()
            if added { document.extendingSet.remove(own) }
        }
        return groupLayers(targetNode, path: target, document: document, broken: &broken) + [node]
    }

    func walkTokenGroup(
        _ layers: [YAMLNode], path: [String], inherited: TypeName?, deprecation: TokenDeprecation?,
        document: TokenDocument, extendsBroken: Bool = false, extended: Bool = false, into tokens: inout [TokenSpec],
        strays: inout [(path: String, node: YAMLNode)]
    ) {
        guard !layers.isEmpty, !document.stopped else { return }
        // Whether the tokens of this group are copies made by `$extends` (here or further up).
        let extended = extended || layers.count > 1
        let what = path.isEmpty ? "the tokens" : "token group \(DiagnosticText.quoted(path.joined(separator: ".")))"
        var type = inherited
        // A group whose `$extends` was reported may lack the type its target gives: its
        // untyped tokens are not reported as well.
        var typeBroken = extendsBroken
        var deprecation = deprecation
        // The entries of the group without `$extends`, named once (a palette's thousands of
        // names are read, and checked for one named twice, here, not again below).
        var single: [(Located<String>, YAMLNode)]?
        // The group's own properties win over those it inherits through `$extends`.
        for (index, layer) in layers.enumerated() {
            let own = index == layers.count - 1
            let entries = namedEntries(of: layer, in: what)
            if layers.count == 1 { single = entries }
            for (key, child) in entries where key.value.hasPrefix("$") {
                switch key.value {
                case "$type":
                    type = tokenTypeName(child)
                    typeBroken = type == nil
                case "$deprecated":
                    if let read = deprecated(child) { deprecation = read.value }
                case "$description":
                    // §6.3: a plain JSON string.
                    if own { _ = descriptionText(child) }
                case "$extensions":
                    if own, child.mappingEntries == nil {
                        diagnostics.error(
                            "'$extensions' of \(what) must be a mapping of vendor keys (such as \"com.example.tool\"), not \(describe(child))",
                            at: child.location, rule: .wrongNodeKind)
                    }
                case "$extends" where path.isEmpty && own:
                    diagnostics.error(
                        "the root of a token file cannot extend a group; put '$extends' in the group that inherits",
                        at: key.location, rule: .unknownKey)
                case "$extends", "$root":
                    break
                case "$ref" where layer.mappingEntries?.contains(where: { $0.key.scalarText == "$extends" }) != true:
                    break
                case "$schema" where path.isEmpty && own && layer.location == document.root.location:
                    // The official 2025.10 JSON Schema allows `$schema` at the root only.
                    guard case .string? = child.coreValue else {
                        diagnostics.error(
                            "'$schema' must be a string (the URI of a JSON Schema), not \(describe(child))",
                            at: child.location, rule: typeRule(child))
                        continue
                    }
                default:
                    guard own else { continue }
                    // `$vaule` in what reads as a group is a misspelt token.
                    let suggestion = Suggestion.closest(to: key.value, in: Self.tokenKeys)
                    let placed =
                        key.value == "$schema"
                        ? "; '$schema' belongs at the root of a token file" : nil
                    diagnostics.error(
                        "unknown key \(DiagnosticText.quoted(key.value)) in \(what)"
                            + (placed ?? suggestion.map { "; did you mean \(DiagnosticText.quoted($0))?" }
                                ?? "; a group has $type, $description, $extensions, $deprecated, $extends, $root and its tokens and groups"),
                        at: key.location, rule: .unknownKey)
                }
            }
        }
        // Each child, from the highest layer that has it: a token there replaces the inherited
        // one whole, a group there merges with the inherited groups of its name (§6.4.3).
        // The group's dotted path and a dot, joined once for all its tokens.
        var dotted: String?
        /// One child, `key`/`child` as the highest layer writes it; `written`: every layer's
        /// entry of that name, the lowest first (`nil` without `$extends`: only this one).
        func visit(_ key: Located<String>, _ child: YAMLNode, written: [(Located<String>, YAMLNode)]?) {
            guard !document.stopped, key.value == "$root" || checkTokenName(key) else { return }
            if isToken(child) {
                if dotted == nil { dotted = path.isEmpty ? "" : path.joined(separator: ".") + "." }
                if extended {
                    document.extendedTokens += 1
                    let limit = TokenDocument.maxExtendedTokens
                    guard document.extendedTokens <= limit else {
                        document.stopped = true
                        diagnostics.error(
                            "the file's $extends make more than \(limit) tokens (the limit): groups extend groups that extend others again",
                            at: key.location, rule: .tokenLimit)
                        return
                    }
                }
                if let token = decodeTokenKeepingProblems(
                    child, path: Located(dotted! + key.value, at: key.location), inherited: type,
                    typeBroken: typeBroken, deprecation: deprecation, document: document)
                {
                    tokens.append(token)
                }
            } else if key.value == "$root" {
                diagnostics.error(
                    "'$root' of \(what) must be a token (a mapping with $value), not \(describeKind(child))",
                    at: child.location, rule: .wrongNodeKind)
            } else if child.mappingEntries != nil {
                let childPath = path + [key.value]
                // The inherited groups above the last inherited token of this name, then its own.
                let groups = (written ?? [(key, child)]).reversed().prefix {
                    !isToken($0.1) && $0.1.mappingEntries != nil
                }
                .reversed()
                var broken = false
                let childLayers = groups.flatMap {
                    groupLayers($0.1, path: childPath, document: document, broken: &broken)
                }
                if childLayers.count > 1 {
                    // Tokens and groups, not the `$` properties beside them.
                    for layer in childLayers {
                        for entry in layer.mappingEntries ?? [] where entry.key.scalarText?.hasPrefix("$") != true {
                            document.extendedMembers += 1
                        }
                    }
                    let limit = TokenDocument.maxExtendedMembers
                    guard document.extendedMembers <= limit else {
                        document.stopped = true
                        diagnostics.error(
                            "the file's $extends copy more than \(limit) members of groups (the limit): groups extend groups that extend others again",
                            at: key.location, rule: .tokenLimit)
                        return
                    }
                }
                walkTokenGroup(
                    childLayers, path: childPath, inherited: type, deprecation: deprecation, document: document,
                    extendsBroken: broken || typeBroken, extended: extended, into: &tokens, strays: &strays)
            } else if written == nil
                || layers.last?.mappingEntries?.contains(where: { $0.value.location == child.location }) == true
            {
                // Reported once, in the group that writes it (not again where it is inherited).
                strays.append(((path + [key.value]).joined(separator: "."), child))
            }
        }
        if layers.count == 1 {
            // No `$extends`: each child is written once (the common case, without the merge's tables).
            var members = 0
            for (key, child) in single ?? namedEntries(of: layers[0], in: what)
            where !key.value.hasPrefix("$") || key.value == "$root" {
                members += 1
                visit(key, child, written: nil)
            }
            // §6.5: an object with a `$type` but neither `$value` nor members reads as an empty
            // group, but is more likely a token that lost its value.
            if members == 0, !path.isEmpty,
                let typeKey = layers[0].mappingEntries?.first(where: { $0.key.scalarText == "$type" })
            {
                diagnostics.warning(
                    "\(what) has a $type but no $value and no tokens: is it a token missing its '$value'? (An empty group needs no $type.)",
                    at: typeKey.key.location, rule: .incompleteToken)
            }
            return
        }
        var order: [[(Located<String>, YAMLNode)]] = []
        var index: [String: Int] = [:]
        for layer in layers {
            for (key, child) in namedEntries(of: layer, in: what)
            where !key.value.hasPrefix("$") || key.value == "$root" {
                if let at = index[key.value] {
                    order[at].append((key, child))
                } else {
                    index[key.value] = order.count
                    order.append([(key, child)])
                }
            }
        }
        for written in order {
            guard let (key, child) = written.last else { continue }
            visit(key, child, written: written)
        }
    }

    /// A `$description`: a plain JSON string (§5.2.1, §6.3), not a number or `true`.
    func descriptionText(_ node: YAMLNode) -> String? {
        // A quoted scalar is a string without resolving YAML's plain scalars.
        if case .scalar(let text, let style) = node.content, style == .doubleQuoted || style == .singleQuoted {
            return text
        }
        if case .string(let text)? = node.coreValue { return text }
        diagnostics.error(
            "'$description' must be a string, not \(describe(node))", at: node.location, rule: typeRule(node))
        return nil
    }

    /// `$deprecated` at `node`: `true` or a string (deprecated, `nil` inside), `false` (not;
    /// undoes an enclosing group's). Reports another value and returns `nil`.
    func deprecated(_ node: YAMLNode) -> Located<TokenDeprecation?>? {
        if case .bool(let flag)? = node.coreValue {
            return Located(flag ? TokenDeprecation(reason: nil, location: node.location) : nil, at: node.location)
        }
        if case .string(let text)? = node.coreValue {
            return Located(TokenDeprecation(reason: text, location: node.location), at: node.location)
        }
        diagnostics.error(
            "'$deprecated' must be true, false or a string giving the reason, not \(describe(node))",
            at: node.location, rule: typeRule(node))
        return nil
    }

    /// DTCG: a name may not contain `.`, `{` or `}`, and is not empty.
    func checkTokenName(_ key: Located<String>) -> Bool {
        if key.value.isEmpty {
            diagnostics.error("a token or group name cannot be empty", at: key.location, rule: .invalidName)
            return false
        }
        // Most names hold none of the three bytes (`.`, `{`, `}`): told without reading characters.
        guard key.value.utf8.contains(where: { $0 == 0x2E || $0 == 0x7B || $0 == 0x7D }) else { return true }
        if let bad = key.value.first(where: { ".{}".contains($0) }) {
            diagnostics.error(
                "token or group name \(DiagnosticText.quoted(key.value)) contains \(DiagnosticText.quoted(bad)), which the Design Tokens format reserves (paths join names with '.', aliases are written '{path}')",
                at: key.location, rule: .invalidName)
            return false
        }
        return true
    }

    func decodeToken(
        _ node: YAMLNode, path: Located<String>, inherited: TypeName?, typeBroken: Bool = false,
        deprecation: TokenDeprecation? = nil, document: TokenDocument? = nil
    ) -> TokenSpec? {
        let what = "token \(DiagnosticText.quoted(path.value))"
        // One pass over the keys: a `$ref`, and members (§6.1: an object with `$value` is a
        // token, and cannot hold tokens or groups as well).
        var hasRef = false
        var hasMember = false
        for entry in node.mappingEntries ?? [] {
            guard let key = entry.key.scalarText else { continue }
            if key == "$ref" { hasRef = true }
            if !key.hasPrefix("$"), entry.value.mappingEntries != nil { hasMember = true }
        }
        var tokenNode = node
        if hasMember, let entries = node.mappingEntries,
            let member = entries.first(where: {
                !($0.key.scalarText ?? "$").hasPrefix("$") && $0.value.mappingEntries != nil
            })
        {
            let members = entries.filter {
                !($0.key.scalarText ?? "$").hasPrefix("$") && $0.value.mappingEntries != nil
            }
            diagnostics.error(
                "\(what) has a $value and also \(members.count == 1 ? "a member" : "\(members.count) members") (\(DiagnosticText.quoted(member.key.scalarText ?? ""))), but an object is either a token or a group, not both a token and a group (DTCG 2025.10 §6.1); move the value into a '$root' token of the group, or the members out of the token",
                at: member.key.location, rule: .unknownKey)
            let moved = Set(members.map(\.key.location))
            tokenNode.content = .mapping(entries.filter { !moved.contains($0.key.location) })
        }
        // `alpha` beside `$value`: Primer's colour tokens (``TokenSpec/alpha``).
        let f =
            fields(of: tokenNode, in: what, allowed: Self.tokenKeys + ["alpha"], required: hasRef ? [] : ["$value"])
            ?? [:]
        if f["$value"] != nil, let ref = f["$ref"] {
            diagnostics.error(
                "\(what) has both $value and $ref; give one (a $ref takes the place of the value)", at: ref.location,
                rule: .invalidValue)
        }
        // `"$ref": "#/a/b"` in the token's place of `$value` is the value `{"$ref": "#/a/b"}`.
        guard
            var valueNode = f["$value"]
                ?? f["$ref"].map({ _ in
                    var wrapper = node
                    wrapper.content = .mapping(
                        node.mappingEntries?.filter { $0.key.scalarText == "$ref" } ?? [])
                    wrapper.tag = nil
                    return wrapper
                })
        else { return nil }
        var type = inherited
        var broken = typeBroken
        var own: TypeName?
        if let typeNode = f["$type"] {
            own = tokenTypeName(typeNode)
            type = own
            broken = own == nil
        }
        let description = f["$description"].flatMap(descriptionText)
        var token = TokenSpec(path: path, type: nil, value: .invalid, description: description)
        token.deprecation = deprecation
        if let flag = f["$deprecated"], let read = deprecated(flag) { token.deprecation = read.value }
        if let extensions = f["$extensions"] {
            if extensions.mappingEntries == nil {
                diagnostics.error(
                    "'$extensions' of \(what) must be a mapping of vendor keys (such as \"com.example.tool\"), not \(describe(extensions))",
                    at: extensions.location, rule: .wrongNodeKind)
            } else {
                token.extensions = extensions
                warnAboutIgnoredExtensions(extensions, token: path.value)
            }
        }
        if let document {
            document.pointersFollowed = 0
            document.pointedTokens = []
            document.token = path.location
            guard let resolved = resolvingPointers(valueNode, document: document, token: path.value) else {
                return token
            }
            valueNode = resolved
            token.pointedTokens = document.pointedTokens
        }
        if let alias = Self.tokenReference(valueNode) {
            // An alias without a `$type` of its own takes its target's (§5.2.2), not its group's.
            if case .supported(let known)? = own { token.type = known }
            if let alpha = f["alpha"], !tokenAlpha(alpha, of: &token, type: token.type?.value ?? .color) {
                return token
            }
            token.value = .alias(Located(alias, at: valueNode.location))
            return token
        }
        guard case .supported(let supported)? = type else {
            // A `$type` that was reported as wrong is not reported missing as well.
            if !broken {
                diagnostics.error(
                    "\(what) has no $type, and no enclosing group gives one; add '$type' (\(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))",
                    at: path.location, rule: .missingKey)
            }
            return token
        }
        token.type = supported
        if let alpha = f["alpha"], !tokenAlpha(alpha, of: &token, type: supported.value) { return token }
        if supported.value.isComposite {
            // Read member by member, each a literal or an alias (CompositeTokens.swift).
            if let value = compositeValue(
                valueNode, type: supported.value, token: path.value, extensions: f["$extensions"])
            {
                token.value = .composite(Located(value, at: valueNode.location))
            }
        } else if let value = tokenLiteral(valueNode, type: supported.value, token: path.value) {
            token.value = .literal(Located(value, at: valueNode.location))
        }
        return token
    }

    /// Reads an `alpha` written beside a colour token's `$value` (GitHub Primer's token key,
    /// not DTCG's) into ``TokenSpec/alpha``: a number from 0 to 1. `false` after an
    /// `invalid-value` error (not a number, out of range, a token that is no colour).
    func tokenAlpha(_ node: YAMLNode, of token: inout TokenSpec, type: TokenType) -> Bool {
        let what = "the 'alpha' beside the $value of token \(DiagnosticText.quoted(token.path.value))"
        guard type == .color else {
            diagnostics.error(
                "\(what) sets a colour's alpha, but the token is a \(type.rawValue)", at: node.location,
                rule: .invalidValue)
            return false
        }
        guard let alpha = number(node), (0...1).contains(alpha) else {
            diagnostics.error(
                "\(what) must be a number from 0 to 1 (Primer's alpha of the colour), not \(describe(node))",
                at: node.location, rule: .invalidValue)
            return false
        }
        token.alpha = alpha
        return true
    }

    /// Warns (`ignored-extension`) at each `$extensions` entry that changes the token's value
    /// in the tool that wrote it, which stategen does not apply: Tokens Studio's colour
    /// modifiers (`studio.tokens` → `modify`: lighten, darken, mix, alpha), Primer's values per
    /// mode (`org.primer.overrides`), and an `alpha` kept beside the value by a vendor's data.
    func warnAboutIgnoredExtensions(_ extensions: YAMLNode, token: String) {
        for entry in extensions.mappingEntries ?? [] {
            guard let vendor = entry.key.scalarText, let data = entry.value.mappingEntries else { continue }
            if vendor == "studio.tokens", let modify = data.first(where: { $0.key.scalarText == "modify" }) {
                let kind = modify.value.mappingEntries?.first { $0.key.scalarText == "type" }?.value.scalarText
                diagnostics.warning(
                    "token \(DiagnosticText.quoted(token)) has a Tokens Studio colour modifier\(kind.map { " (\(DiagnosticText.quoted($0)))" } ?? ""), which stategen does not apply: the value used is the unmodified $value; resolve the modifier in Tokens Studio (or its exporter) and write the result as the $value",
                    at: modify.key.location, rule: .ignoredExtension)
            } else if vendor == "org.primer.overrides" {
                diagnostics.warning(
                    "token \(DiagnosticText.quoted(token)) has Primer's values per mode ('org.primer.overrides'), which stategen does not apply: the value used is the $value in every appearance; give the other modes as token files listed with 'appearance:'",
                    at: entry.key.location, rule: .ignoredExtension)
            } else if let alpha = data.first(where: { $0.key.scalarText == "alpha" }) {
                diagnostics.warning(
                    "token \(DiagnosticText.quoted(token)) keeps an alpha in \(DiagnosticText.quoted(vendor)) beside its value, which stategen does not apply: the colour used is the $value's own alpha; write the alpha into the $value (DTCG's colour 'alpha')",
                    at: alpha.key.location, rule: .ignoredExtension)
            }
        }
    }

    /// The path of a reference (§7.1): `"{group.token}"` (a whole scalar in braces), or a
    /// JSON Pointer (RFC 6901) that names a whole token, `{"$ref": "#/group/token"}` or
    /// `{"$ref": "#/group/token/$value"}`; else `nil` (a pointer into a value's part is no
    /// alias: ``resolvingPointers(_:document:token:)`` takes the part). A scalar tagged `!!str`
    /// is text, never a reference: `!!str "{placeholder}"`.
    static func tokenReference(_ node: YAMLNode) -> String? {
        if let entries = node.mappingEntries {
            guard entries.count == 1, entries[0].key.scalarText == "$ref", let text = entries[0].value.scalarText,
                let segments = pointerPath(text)
            else { return nil }
            var names = segments
            if names.last == "$value" { names.removeLast() }
            guard !names.isEmpty, !names.contains(where: { $0.hasPrefix("$") && $0 != "$root" }) else { return nil }
            return names.joined(separator: ".")
        }
        guard node.tag != "tag:yaml.org,2002:str" else { return nil }
        guard let text = node.scalarText else { return nil }
        return bracedPath(text)
    }

    /// The path inside `"{group.token}"`, else `nil`.
    static func bracedPath(_ text: String) -> String? {
        // ASCII text (nearly every value) by its bytes: the same answer without counting
        // characters or Foundation's substring search (issue 26's benchmark).
        let utf8 = text.utf8
        // Most values (colours, sizes, names) are no reference: decided by the first byte.
        guard utf8.first == UInt8(ascii: "{") else { return nil }
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.count > 2, utf8.last == UInt8(ascii: "}") else { return nil }
            let inner = utf8.dropFirst().dropLast()
            guard !inner.contains(UInt8(ascii: "{")), !inner.contains(UInt8(ascii: "}")) else { return nil }
            return String(Substring(inner))
        }
        guard text.count > 2, text.first == "{", text.last == "}" else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// The segments of a JSON Pointer in a URI fragment within the document (`#/a/b~1c` is
    /// `a`, `b/c`: RFC 6901 §4, `~1` is `/` and `~0` is `~`), else `nil`.
    static func pointerPath(_ text: String) -> [String]? {
        guard text.hasPrefix("#") else { return nil }
        let pointer = text.dropFirst()
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            // RFC 6901 §3: `~` is followed by `0` or `1` only.
            var segment = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    segment.append(character)
                    continue
                }
                switch iterator.next() {
                case "0"?: segment.append("~")
                case "1"?: segment.append("/")
                default: return nil
                }
            }
            segments.append(segment.removingPercentEncoding ?? segment)
        }
        return segments
    }

    /// ``pointerPath(_:)``, reporting a pointer that is malformed or leaves the document.
    func pointerSegments(_ text: String, at location: SourceLocation) -> [String]? {
        if let segments = Self.pointerPath(text) { return segments }
        if let hash = text.firstIndex(of: "#"), hash != text.startIndex {
            diagnostics.error(
                "the JSON Pointer \(DiagnosticText.quoted(text)) points into another file (\(DiagnosticText.quoted(String(text[..<hash])))); stategen follows pointers within the file they are written in (\"#/group/token\"): list the other file in 'tokenFiles:' and refer to its token as \"{group.token}\"",
                at: location, rule: .undefinedToken)
        } else if !text.hasPrefix("#") {
            diagnostics.error(
                "the JSON Pointer \(DiagnosticText.quoted(text)) names no place in this file; write it as a URI fragment, \"#/group/token\" (RFC 6901), or use \"{group.token}\"",
                at: location, rule: .invalidValue)
        } else {
            diagnostics.error(
                "the JSON Pointer \(DiagnosticText.quoted(text)) is malformed: after '#' comes '/' and the names, with '~' written '~0' and '/' written '~1' (RFC 6901)",
                at: location, rule: .invalidValue)
        }
        return nil
    }

    /// `node` with every `{"$ref": pointer}` in it replaced (§7.1.2, §7.3): a pointer to a whole
    /// token by the alias `"{group.token}"`, a pointer into a token's value
    /// (`#/base/blue/$value/components/0`) or another place of the document by what is there
    /// (itself resolved, through the aliases on the way). `nil` after reporting a pointer that
    /// is malformed, leaves the file, names nothing (`undefined-token`) or loops (`token-cycle`).
    func resolvingPointers(_ node: YAMLNode, document: TokenDocument, token: String, depth: Int = 0) -> YAMLNode? {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let items):
            guard items.contains(where: Self.containsPointer) else { return node }
            var result = node
            var resolved: [YAMLNode] = []
            for item in items {
                guard let value = resolvingPointers(item, document: document, token: token, depth: depth) else {
                    return nil
                }
                resolved.append(value)
            }
            result.content = .sequence(resolved)
            return result
        case .mapping(let entries):
            if entries.count == 1, entries[0].key.scalarText == "$ref" {
                return pointerTarget(entries[0].value, of: node, document: document, token: token, depth: depth)
            }
            guard entries.contains(where: { Self.containsPointer($0.value) }) else { return node }
            var result = node
            var resolved: [YAMLMappingEntry] = []
            for entry in entries {
                guard let value = resolvingPointers(entry.value, document: document, token: token, depth: depth) else {
                    return nil
                }
                resolved.append(YAMLMappingEntry(key: entry.key, value: value))
            }
            result.content = .mapping(resolved)
            return result
        }
    }

    static func containsPointer(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .scalar: false
        case .sequence(let items): items.contains(where: containsPointer)
        case .mapping(let entries):
            entries.contains { $0.key.scalarText == "$ref" || containsPointer($0.value) }
        }
    }

    /// What the `$ref` at `pointer` (in `wrapper`, `{"$ref": …}`) stands for; see
    /// ``resolvingPointers(_:document:token:depth:)``.
    func pointerTarget(_ pointer: YAMLNode, of wrapper: YAMLNode, document: TokenDocument, token: String, depth: Int)
        -> YAMLNode?
    {
        guard let text = pointer.scalarText, !pointer.isNull else {
            diagnostics.error(
                "'$ref' in token \(DiagnosticText.quoted(token)) must be a JSON Pointer such as \"#/group/token\", not \(describe(pointer))",
                at: pointer.location, rule: typeRule(pointer))
            return nil
        }
        guard let segments = pointerSegments(text, at: pointer.location) else { return nil }
        if let alias = Self.tokenReference(wrapper) {
            // Located at the pointer, where an alias to no token is reported.
            var result = pointer
            result.content = .scalar("{\(alias)}", .doubleQuoted)
            result.tag = nil
            return result
        }
        document.pointersFollowed += 1
        guard document.pointersFollowed <= TokenDocument.maxPointers else {
            diagnostics.error(
                "token \(DiagnosticText.quoted(token)) follows more than \(TokenDocument.maxPointers) JSON Pointers to reach its value (the limit): its pointers lead to values with pointers again",
                at: document.token ?? pointer.location, rule: .tokenLimit)
            return nil
        }
        guard depth < 64 else {
            diagnostics.error(
                "the JSON Pointer \(DiagnosticText.quoted(text)) in token \(DiagnosticText.quoted(token)) leads to itself again (a cycle of references)",
                at: pointer.location, rule: .tokenCycle)
            return nil
        }
        // Through a token's `$value`, following the aliases it meets.
        var current = document.root
        // Where `current` is, from the root.
        var place: [String] = []
        var walked: [String] = []
        for segment in segments {
            // A token's value that is an alias: continue in its target's value (§7.2.2).
            var hops = 0
            while walked.last == "$value", let alias = Self.tokenReference(current), hops < 64 {
                let aliased =
                    alias.split(separator: ".", omittingEmptySubsequences: false).map(String.init) + ["$value"]
                guard let target = document.node(at: aliased) else { break }
                current = target
                place = aliased
                hops += 1
            }
            // A part of a token's value: the token is used where this one is.
            if segment == "$value", !place.isEmpty {
                let path = place.joined(separator: ".")
                if !document.pointedTokens.contains(path) { document.pointedTokens.append(path) }
            }
            place.append(segment)
            guard let next = document.node(at: place) else {
                diagnostics.error(
                    "the JSON Pointer \(DiagnosticText.quoted(text)) in token \(DiagnosticText.quoted(token)) names nothing in this file (no \(DiagnosticText.quoted(segment)) after \(DiagnosticText.quoted("#/" + walked.joined(separator: "/"))))",
                    at: pointer.location, rule: .undefinedToken)
                return nil
            }
            current = next
            walked.append(segment)
        }
        return resolvingPointers(current, document: document, token: token, depth: depth + 1)
    }

    /// A token's `$value` read as its type.
    /// `what` names the value in messages (a composite's member); by default, the token's value.
    func tokenLiteral(_ node: YAMLNode, type: TokenType, token: String, what: String? = nil) -> AttributeValue? {
        let what = what ?? "the value of token \(DiagnosticText.quoted(token)) (\(type.rawValue))"
        func fail(_ message: String, at location: SourceLocation? = nil) -> AttributeValue? {
            diagnostics.error("\(what) \(message)", at: location ?? node.location, rule: .invalidValue)
            return nil
        }
        switch type {
        case .color:
            if let text = node.scalarText, !node.isNull {
                if let color = RGBAColor(hex: text) { return .color(color) }
                return fail(
                    "cannot be \(text.isEmpty ? "an empty string" : "\(DiagnosticText.quoted(text))"); write \"#RRGGBB\" or \"#RRGGBBAA\", or { colorSpace, components }"
                )
            }
            // An empty value (not `null` written out) is nearly always `$value: #0A84FF`, whose
            // '#' starts a comment.
            if node.isNull, node.scalarText == "" {
                diagnostics.error(
                    "\(what) is empty; write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes, or { colorSpace, components } (an unquoted '#' after a space starts a comment, which leaves the value empty)",
                    at: node.location, rule: .wrongNodeKind)
                return nil
            }
            return colorObject(node, what: what)
        case .dimension, .duration:
            let units: [String: Double] = type == .dimension ? ["px": 1, "rem": 16] : ["ms": 0.001, "s": 1]
            guard node.mappingEntries != nil else {
                // `"16px"`, `"200ms"`: the strings of Style Dictionary 3 and the drafts before 2025.
                if case .string(let text)? = node.coreValue, let split = text.firstIndex(where: \.isLetter),
                    let number = Double(text[..<split]), number.isFinite, !text[..<split].isEmpty,
                    text[split...].allSatisfy({ $0.isLetter || $0 == "%" }), text.count <= 24
                {
                    let written = String(text[..<split]).trimmingCharacters(in: .whitespaces)
                    let unit = String(text[split...])
                    return fail(
                        "is the string \(DiagnosticText.quoted(text)); DTCG 2025.10 writes a \(type.rawValue) as an object, { \"value\": \(written), \"unit\": \"\(unit)\" }"
                            + (units[unit] == nil
                                ? " (with unit \(units.keys.sorted().joined(separator: " or ")))" : ""))
                }
                return fail(
                    "must be { value, unit } (unit \(units.keys.sorted().joined(separator: " or "))), not \(describe(node))"
                )
            }
            let f = fields(of: node, in: what, allowed: ["value", "unit"], required: ["value", "unit"]) ?? [:]
            guard let valueNode = f["value"], let unitNode = f["unit"] else { return nil }
            guard let number = number(valueNode) else {
                if let problem = numberProblem(valueNode) {
                    return fail("has value \(problem)", at: valueNode.location)
                }
                // A string is the mistake to name (`"value": "1"`), not the number it lacks.
                if case .scalar(let text, let style) = valueNode.content, !text.isEmpty,
                    style == .doubleQuoted || style == .singleQuoted
                {
                    return fail(
                        "has the string \(DiagnosticText.quoted(text)) as its value; write the number without quotes",
                        at: valueNode.location)
                }
                return fail("needs a number as its value, not \(describe(valueNode))", at: valueNode.location)
            }
            guard let unit = unitNode.scalarText, let scale = units[unit] else {
                // The unit's text as written, quoted or not: its quotes are no part of the mistake.
                let shown =
                    unitNode.isNull ? nil : unitNode.scalarText.flatMap { $0.isEmpty ? nil : DiagnosticText.quoted($0) }
                return fail(
                    "has unit \(shown ?? describe(unitNode)); use \(units.keys.sorted().joined(separator: " or "))",
                    at: unitNode.location)
            }
            guard (number * scale).isFinite else {
                return fail(
                    "is \(number) \(unit), which overflows a Double in \(type == .dimension ? "points" : "seconds") (at most about 1.8e308)",
                    at: valueNode.location)
            }
            return .double(number * scale)
        case .number:
            // An integer literal stays exact (9007199254740993 is no Double): an `int`
            // attribute takes it as written, a `double` or `dimension` one as a Double.
            if case .int(let whole)? = node.coreValue { return .int(whole) }
            guard let number = number(node) else {
                return fail(numberProblem(node).map { "is \($0)" } ?? "must be a number, not \(describe(node))")
            }
            return .double(number)
        case .fontWeight:
            if let number = number(node), (1...1000).contains(number) { return .double(number) }
            if let text = node.scalarText, let weight = Self.fontWeights[text] { return .double(weight) }
            return fail(
                "must be a number from 1 to 1000 or one of \(Self.fontWeights.keys.sorted().joined(separator: ", ")), not \(describe(node))"
            )
        case .fontFamily:
            // A name, or a list of names (fallbacks) of which the first is used; each a string.
            let names = node.sequenceItems ?? [node]
            for item in names {
                guard let text = item.scalarText, !item.isNull, !text.isEmpty, case .string? = item.coreValue else {
                    return fail(
                        "must be a font name or a list of names, each a non-empty string, not \(describe(item))",
                        at: item.location)
                }
            }
            guard let first = names.first?.scalarText else { return fail("must list at least one font name") }
            return .string(first)
        case .string:
            if let text = node.scalarText, !node.isNull { return .string(text) }
            return fail("must be text, not \(describe(node))")
        case .boolean:
            if case .bool(let value)? = node.coreValue { return .bool(value) }
            return fail("must be true or false, not \(describe(node))")
        case .shadow, .border, .strokeStyle, .transition, .cubicBezier, .gradient, .typography:
            // Read member by member: ``compositeValue(_:type:token:extensions:)``.
            return fail("is a composite value, which has members rather than one value")
        }
    }

    /// DTCG's names of font weights and their numbers.
    static let fontWeights: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]

    /// A JSON or YAML number (an integer, one past Int's range included, or a finite float).
    func number(_ node: YAMLNode) -> Double? {
        switch node.coreValue {
        case .int(let value)?: Double(value)
        case .bigInt(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        case .float(let value)? where value.isFinite: value
        default: nil
        }
    }

    /// Why a number that ``number(_:)`` does not take is none (`"'1e400', too large for a
    /// Double (at most about 1.8e308)"`), or `nil` for a node that is no number.
    func numberProblem(_ node: YAMLNode) -> String? {
        guard let text = node.scalarText else { return nil }
        switch node.coreValue {
        case .float(let value)? where value.isNaN: return "\(DiagnosticText.quoted(text)), which is not a number (NaN)"
        case .float(let value)? where value.isInfinite && text.lowercased().hasSuffix(".inf"):
            return "\(DiagnosticText.quoted(text)), which is infinite"
        case .float(let value)? where value.isInfinite:
            return "\(DiagnosticText.quoted(text)), too large for a Double (at most about 1.8e308)"
        case .bigInt?:
            return "\(DiagnosticText.quoted(text)), too large for a Double (at most about 1.8e308)"
        default: return nil
        }
    }
}
