/// A design token as written, in the W3C Design Tokens Community Group format (DTCG, 2025.10):
/// a named value (`color.blue.500`) or an alias of another token (`{color.blue.500}`), from the
/// spec's `tokens:` or a `.tokens.json` file it lists in `tokenFiles:`.
///
/// Its name is the path of group and token keys joined with `.`; its type is its own `$type` or
/// the nearest enclosing group's (DTCG's type inheritance), and an alias without one takes its
/// target's.
public struct TokenSpec: Sendable {
    /// The dotted path, located at the token's key.
    public var path: Located<String>
    /// `$type`, own or inherited; `nil` for an alias that leaves it to its target.
    public var type: Located<TokenType>?
    public var value: TokenValueSpec
    /// `$description`.
    public var description: String?
}

/// A token's `$value`: a literal of the token's type, or an alias.
public enum TokenValueSpec: Sendable {
    /// The value, read as the token's type (a dimension in points, a duration in seconds).
    case literal(Located<AttributeValue>)
    /// `{group.token}`: the value of the token at that path.
    case alias(Located<String>)
}

/// A token type. The DTCG types whose values map onto attribute types, and two of stategen's
/// own for the attribute types DTCG has none for (`string`, `boolean`).
public enum TokenType: String, Sendable, Hashable, CaseIterable {
    /// DTCG `color`: `"#RRGGBB"`/`"#RRGGBBAA"` or `{ colorSpace, components, alpha }`.
    case color
    /// DTCG `dimension`: `{ value, unit }` with `px` (a point each) or `rem` (16 points).
    case dimension
    /// DTCG `number`.
    case number
    /// DTCG `fontFamily`: a name, or a list of names (the first is used).
    case fontFamily
    /// DTCG `fontWeight`: 1 to 1000, or a name such as `bold` (700).
    case fontWeight
    /// DTCG `duration`: `{ value, unit }` with `ms` or `s`, read as seconds.
    case duration
    /// stategen's: any text.
    case string
    /// stategen's: `true` or `false`.
    case boolean

    /// Whether a value of this token type can be the value of an attribute of `type`.
    public func fits(_ type: AttributeType) -> Bool {
        switch (self, type) {
        case (.color, .color), (.string, .string), (.fontFamily, .string), (.boolean, .bool): true
        case (.dimension, .double), (.number, .double), (.fontWeight, .double), (.duration, .double): true
        case (.number, .int), (.fontWeight, .int): true
        default: false
        }
    }
}

/// The spec's tokens with every alias followed: the output of ``TokenTable/init(_:diagnostics:)``.
public struct TokenTable: Sendable {
    /// A token's resolved value and type, with where it and its alias chain were declared.
    public struct Entry: Sendable {
        public var type: TokenType
        public var value: AttributeValue
        /// The token's declaration.
        public var location: SourceLocation
        /// The paths an alias went through to its value, the token itself first.
        public var chain: [String]
    }

    /// Every token that resolved, by path.
    public var entries: [String: Entry] = [:]
    /// Every declared token, resolved or not, by path (for did-you-mean and for not reporting
    /// a broken token twice).
    public var declared: [String: TokenSpec] = [:]
    /// The declaration order of the paths.
    public var order: [String] = []
}

extension TokenTable {
    /// Follows every alias of `tokens` to a value. Reports, at the token's own declaration
    /// (which may be in a `.tokens.json` file): a path declared twice (`duplicate-name`), an
    /// alias to no token (`undefined-token`, with did-you-mean), an alias cycle
    /// (`token-cycle`, naming it), and an alias whose `$type` differs from its target's
    /// (`token-type-mismatch`).
    public init(_ tokens: [TokenSpec], diagnostics: DiagnosticCollector) {
        for token in tokens {
            if let first = declared[token.path.value] {
                diagnostics.error(
                    "token '\(token.path.value)' is declared twice", at: token.path.location, rule: "duplicate-name",
                    notes: [.init("first declared here", at: first.path.location)])
                continue
            }
            declared[token.path.value] = token
            order.append(token.path.value)
        }
        var failed: Set<String> = []
        for path in order {
            resolve(path, visiting: [], failed: &failed, diagnostics: diagnostics)
        }
    }

    /// Resolves `path` into `entries`; `visiting` is the alias chain that led here.
    @discardableResult
    private mutating func resolve(
        _ path: String, visiting: [String], failed: inout Set<String>, diagnostics: DiagnosticCollector
    ) -> Entry? {
        if let done = entries[path] { return done }
        guard !failed.contains(path), let token = declared[path] else { return nil }
        switch token.value {
        case .literal(let value):
            guard let type = token.type?.value else { return nil }
            let entry = Entry(type: type, value: value.value, location: token.path.location, chain: [path])
            entries[path] = entry
            return entry
        case .alias(let target):
            if let start = visiting.firstIndex(of: path) {
                let cycle = visiting[start...] + [path]
                failed.formUnion(cycle)
                diagnostics.error(
                    "the aliases of token '\(path)' form a cycle: \(cycle.joined(separator: " -> "))",
                    at: token.path.location, rule: "token-cycle")
                return nil
            }
            guard declared[target.value] != nil else {
                failed.insert(path)
                diagnostics.error(
                    "token '\(path)' refers to '{\(target.value)}', which is no token"
                        + Suggestion.didYouMean(target.value, in: order),
                    at: target.location, rule: "undefined-token")
                return nil
            }
            guard
                let resolved = resolve(
                    target.value, visiting: visiting + [path], failed: &failed, diagnostics: diagnostics)
            else {
                failed.insert(path)
                return nil
            }
            if let own = token.type, own.value != resolved.type {
                failed.insert(path)
                diagnostics.error(
                    "token '\(path)' is \(own.value.rawValue), but '{\(target.value)}' is \(resolved.type.rawValue)",
                    at: target.location, rule: "token-type-mismatch")
                return nil
            }
            let entry = Entry(
                type: resolved.type, value: resolved.value, location: token.path.location,
                chain: [path] + resolved.chain)
            entries[path] = entry
            return entry
        }
    }
}
