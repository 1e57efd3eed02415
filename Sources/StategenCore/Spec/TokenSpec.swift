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
    /// `$deprecated` (DTCG 2025.10 §5.2.4, §6.3.1), own or the nearest enclosing group's
    /// (`false` on the token or a closer group undoes it); `nil` when not deprecated.
    public var deprecation: TokenDeprecation? = nil
    /// `$extensions` as written (DTCG 2025.10 §5.2.3: tools keep the data they do not
    /// understand), `nil` when the token has none.
    public var extensions: YAMLNode? = nil
    /// An `alpha` written beside a colour's `$value` (GitHub Primer's token key): the alpha the
    /// resolved colour takes, from 0 to 1, replacing its own (``AttributeValue/withTokenAlpha(_:)``).
    public var alpha: Double? = nil
    /// The tokens whose `$value` a `$ref` pointer in its value reads a part of (a component
    /// pointer, `#/sizes/base/$value/value`, DTCG 2025.10 §7.3), by path: the value holds a
    /// copy of that part, and a value using this token uses them too.
    public var pointedTokens: [String] = []
    /// What is wrong with the token as written (its value, its `$type`, its keys), when
    /// ``value`` is ``TokenValueSpec/invalid``: kept rather than reported, since it is an error
    /// only where a value uses the token (``TokenTable/reportProblems(uses:diagnostics:)``).
    public var problems: [Diagnostic] = []
}

/// A token's `$deprecated`: `true`, or a string giving the reason.
public struct TokenDeprecation: Sendable {
    /// The reason, when `$deprecated` is a string.
    public var reason: String?
    /// Where `$deprecated` is written (on the token or a group enclosing it).
    public var location: SourceLocation
}

/// A token's `$value`: a literal of the token's type, or an alias.
public enum TokenValueSpec: Sendable {
    /// The value, read as the token's type (a dimension in points, a duration in seconds; a
    /// `number` written as an integer that fits an `Int` is an `int`, exactly, else a `double`).
    case literal(Located<AttributeValue>)
    /// `{group.token}`: the value of the token at that path.
    case alias(Located<String>)
    /// A composite type's value (`shadow`, `typography`, ...), its members literal or aliases
    /// (``CompositePart``).
    case composite(Located<CompositePart>)
    /// A value that is invalid, or a token without a type (its ``TokenSpec/problems`` say
    /// why): declared (so that its aliases and the values using it are not reported as naming
    /// no token), but without a value, so they fail silently.
    case invalid
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
    /// DTCG `typography`: `{ fontFamily, fontSize, fontWeight, letterSpacing, lineHeight }`,
    /// read as a font (``FontSpec``).
    case typography
    /// DTCG `shadow`: a layer `{ color, offsetX, offsetY, blur, spread, inset? }` or a list
    /// of layers.
    case shadow
    /// DTCG `border`: `{ color, width, style }`.
    case border
    /// DTCG `strokeStyle`: a CSS line style keyword, or `{ dashArray, lineCap }`.
    case strokeStyle
    /// DTCG `transition`: `{ duration, delay, timingFunction }`.
    case transition
    /// DTCG `cubicBezier`: `[P1x, P1y, P2x, P2y]`, the x coordinates from 0 to 1.
    case cubicBezier
    /// DTCG `gradient`: a list of stops `{ color, position }`.
    case gradient

    /// Whether a value of this token type can be the value of an attribute of `type`.
    public func fits(_ type: AttributeType) -> Bool {
        switch (self, type) {
        case (.color, .color), (.string, .string), (.fontFamily, .string), (.boolean, .bool): true
        case (.dimension, .double), (.number, .double), (.fontWeight, .double), (.duration, .double): true
        case (.dimension, .dimension), (.number, .dimension): true
        case (.number, .int), (.fontWeight, .int): true
        case (.typography, .font): true
        default: false
        }
    }
}

/// The spec's tokens with every alias followed: the output of
/// ``TokenTable/init(_:appearances:diagnostics:)``.
public struct TokenTable: Sendable {
    /// A token's resolved value and type, with where it and its alias chain were declared.
    public struct Entry: Sendable {
        public var type: TokenType
        public var value: AttributeValue
        /// The token's declaration.
        public var location: SourceLocation
        /// The paths an alias went through to its value, the token itself first.
        ///
        /// Rebuilt from ``link`` on each read, in time proportional to the chain's length: the
        /// entries of a chain share its links, so a chain of n aliases keeps n links rather than
        /// a copy of the rest of the chain per token (n² paths).
        public var chain: [String] {
            get { link?.paths ?? [] }
            set { link = ChainLink(newValue) }
        }
        /// The aliases between the token and its value: `chain.count - 1`.
        public var aliases: Int { max((link?.length ?? 0) - 1, 0) }
        /// The token's place on its chain: its path and the link of the token it aliases.
        var link: ChainLink?

        public init(type: TokenType, value: AttributeValue, location: SourceLocation, chain: [String]) {
            self.init(type: type, value: value, location: location, link: ChainLink(chain))
        }

        init(type: TokenType, value: AttributeValue, location: SourceLocation, link: ChainLink?) {
            self.type = type
            self.value = value
            self.location = location
            self.link = link
        }
    }

    /// One token of an alias chain: its path, and the link of the token its alias names
    /// (`nil` for the token that holds the value). Immutable, and shared by every entry whose
    /// chain passes through it.
    final class ChainLink: Sendable {
        let path: String
        let next: ChainLink?
        /// The tokens from this one to the value's, both included.
        let length: Int

        init(path: String, next: ChainLink?) {
            self.path = path
            self.next = next
            self.length = (next?.length ?? 0) + 1
        }

        /// The links of `paths`, first to last; `nil` for no paths.
        convenience init?(_ paths: [String]) {
            guard let first = paths.first else { return nil }
            self.init(path: first, next: paths.dropFirst().reversed().reduce(nil) { ChainLink(path: $1, next: $0) })
        }

        /// The paths from this link to the end of the chain.
        var paths: [String] {
            var result: [String] = []
            result.reserveCapacity(length)
            var link: ChainLink? = self
            while let current = link {
                result.append(current.path)
                link = current.next
            }
            return result
        }

        /// The path of the token that holds the value.
        var last: String {
            var link = self
            while let next = link.next { link = next }
            return link.path
        }
    }

    /// Bounds on the tokens of a spec, which no real token set comes near (Tokens Studio and
    /// Style Dictionary sets chain an alias or three, palette to semantic to component, and
    /// large design systems hold some thousands of tokens), so that a hostile or generated
    /// file fails with a located error instead of running long.
    public struct Limits: Sendable, Hashable {
        /// Most aliases between a token and its value (`{a}` → `{b}` → value is two).
        public var maxAliases: Int
        /// Most tokens of the spec's `tokens:` and all its token files together, appearance
        /// files included.
        public var maxTokens: Int

        public init(maxAliases: Int = 1_000, maxTokens: Int = 200_000) {
            self.maxAliases = maxAliases
            self.maxTokens = maxTokens
        }
    }

    /// Every token that resolved in the base (light) appearance, by path.
    public var entries: [String: Entry] = [:]
    /// Every token resolved in each appearance that a token file overrides tokens for (or
    /// whose fallback it does), by appearance and path.
    public var appearanceEntries: [Appearance: [String: Entry]] = [:]
    /// Every declared base token, resolved or not, by path (for did-you-mean and for not
    /// reporting a broken token twice).
    public var declared: [String: TokenSpec] = [:]
    /// The tokens of the appearance files, by appearance and path.
    public var appearanceDeclared: [Appearance: [String: TokenSpec]] = [:]
    /// The declaration order of the base paths.
    public var order: [String] = []
    /// Tokens of a composite type that no attribute type takes (and aliases of them), by
    /// path: the type's name. Typography tokens are fonts, in ``entries``.
    public var unsupported: [String: String] = [:]
    /// The resolved value of each composite token no attribute type takes (and of its
    /// aliases), in the base appearance, by path.
    public var composites: [String: CompositeValue] = [:]
    /// The same for each appearance that token files override tokens for.
    public var appearanceComposites: [Appearance: [String: CompositeValue]] = [:]
    /// What is wrong with each bad token (its value, its type, its aliases or its members'),
    /// by the location of the token's declaration: not yet reported, since it is an error only
    /// where a value uses the token (``reportProblems(uses:diagnostics:)``).
    public var problems: [SourceLocation: [Diagnostic]] = [:]

    /// An empty table: a spec without tokens.
    public init() {}

    /// The group's `$root` token, else the first declared token inside the group `path`
    /// (`c.brand.blue` for `c.brand`), `nil` when `path` is no group.
    public func firstToken(inGroup path: String) -> String? {
        // A group's `$root` token is the one meant (DTCG 2025.10 §6.2).
        if declared[path + ".$root"] != nil { return path + ".$root" }
        let prefix = path + "."
        return order.first { $0.hasPrefix(prefix) }
    }

    /// The token at `path` as `appearance` shows it: the value of the nearest appearance along
    /// its fallback chain that overrides it (or an alias on the way), else the base value.
    public func entry(_ path: String, in appearance: Appearance) -> Entry? {
        for step in appearance.chain where appearanceEntries[step] != nil {
            return appearanceEntries[step]?[path]
        }
        return entries[path]
    }

    /// Where the `$value` of the token at `path` is written, in `appearance` (the declaration
    /// of its files, else the base one; `nil`: the base), when the token holds a literal or
    /// composite value; `nil` for an alias, a bad token or no token.
    public func valueLocation(of path: String, in appearance: Appearance? = nil) -> SourceLocation? {
        switch declaration(path, in: appearance)?.value {
        case .literal(let value)?: return value.location
        case .composite(let value)?: return value.location
        default: return nil
        }
    }
}

extension TokenTable {
    /// ``init(layers:appearanceLayers:limits:diagnostics:)`` with one layer each: every path is
    /// declared once in `tokens`, once in each appearance's list.
    public init(
        _ tokens: [TokenSpec], appearances: [Appearance: [TokenSpec]] = [:], limits: Limits = Limits(),
        diagnostics: DiagnosticCollector
    ) {
        self.init(
            layers: [tokens], appearanceLayers: appearances.mapValues { [$0] }, limits: limits,
            diagnostics: diagnostics)
    }

    /// Merges `layers` (each one token file, or the spec's `tokens:`, in resolution order) path
    /// by path, a later layer's token replacing an earlier one's (last wins, as the DTCG
    /// Resolver module's resolution order, 2025.10 §4.4, and Style Dictionary's `source` files
    /// do), and each appearance's layers the same way; then follows every alias of the base
    /// tokens to a value, in the base appearance and in each appearance that `appearanceLayers`
    /// (the tokens of files listed with an `appearance:`) overrides tokens for; an alias is
    /// followed in the appearance being resolved, so a base alias of a palette token that a
    /// dark file overrides is dark in dark.
    ///
    /// Reports, at the token's own declaration (which may be in a `.tokens.json` file): a path
    /// declared twice in one layer (`duplicate-name`), a path that is a token in one layer and
    /// a group in another (`duplicate-name`, at the later one), a later layer's token of another
    /// declared type than the one it overrides (`token-override-type`, a warning: the later
    /// type is the token's), an appearance's token of another type than the base one
    /// (`token-type-mismatch`) and an appearance's token that the base does not declare
    /// (`undefined-token`). More than `limits.maxTokens` tokens in all (overridden ones
    /// included) is one `token-limit` error at the first token past the limit, and nothing is
    /// resolved.
    ///
    /// Keeps in ``problems``, as problems of one token (errors only where a value uses it:
    /// ``reportProblems(uses:diagnostics:)``), besides each token's own from decoding: an alias
    /// to no token (`undefined-token`, with did-you-mean), an alias cycle (`token-cycle`,
    /// naming it), an alias whose `$type` differs from its target's (`token-type-mismatch`), a
    /// token more than `limits.maxAliases` aliases from its value (`token-limit`, once per
    /// chain: the tokens aliasing it fail silently), and a composite's member alias naming no
    /// token, a token of another type or the composite itself (DTCG 2025.10, "Composite types").
    ///
    /// Each token is resolved once per appearance (its entry memoised), so resolving costs time
    /// and memory in proportion to the number of tokens, however long their chains.
    public init(
        layers: [[TokenSpec]], appearanceLayers: [Appearance: [[TokenSpec]]] = [:], limits: Limits = Limits(),
        diagnostics: DiagnosticCollector
    ) {
        // Sized once: growing a table of 100,000 paths by doubling rehashes each path 17 times.
        let count = layers.reduce(0) { $0 + $1.count }
        declared.reserveCapacity(count)
        order.reserveCapacity(count)
        func typeName(_ token: TokenSpec) -> String? { token.type?.value.rawValue }
        // The layer each base path was last declared in, to tell which of a token and a group is later.
        var layerOf: [String: Int] = [:]
        for (index, layer) in layers.enumerated() {
            // The first layer's own table is `declared` itself (empty before it), and its paths
            // are of layer 0 without an entry in `layerOf`: one table insert per token, not three.
            var own: [String: TokenSpec] = [:]
            if index > 0 { own.reserveCapacity(layer.count) }
            for token in layer {
                let path = token.path.value
                if let first = index == 0 ? declared[path] : own[path] {
                    diagnostics.error(
                        "token \(DiagnosticText.quoted(path)) is declared twice", at: token.path.location,
                        rule: .duplicateName,
                        notes: [.init("first declared here", at: first.path.location)])
                    continue
                }
                if index > 0 { own[path] = token }
                if index > 0, let earlier = declared[path] {
                    if let old = typeName(earlier), let new = typeName(token), old != new {
                        diagnostics.warning(
                            "token \(DiagnosticText.quoted(path)) is \(new) here, overriding a \(old) token of the same path; values using it now take a \(new)",
                            at: token.path.location, rule: .tokenOverrideType,
                            notes: [.init("the overridden token is declared here", at: earlier.path.location)])
                    }
                } else {
                    order.append(path)
                }
                declared[path] = token
                if index > 0 { layerOf[path] = index }
            }
        }
        // A path is a token or a group, not both (groups of one path merge across files).
        let sorted = order.sorted()
        for (index, path) in sorted.enumerated() {
            guard index + 1 < sorted.count, sorted[index + 1].hasPrefix(path + "."), let token = declared[path],
                let inner = declared[sorted[index + 1]]
            else { continue }
            // At the later of the two: the file that made the conflict.
            let innerIsLater = (layerOf[sorted[index + 1]] ?? 0) > (layerOf[path] ?? 0)
            diagnostics.error(
                "\(DiagnosticText.quoted(path)) is a token and also a group, holding \(DiagnosticText.quoted(sorted[index + 1])); rename one of them",
                at: innerIsLater ? inner.path.location : token.path.location, rule: .duplicateName,
                notes: [
                    innerIsLater
                        ? .init("the token is declared here", at: token.path.location)
                        : .init("the group's token is declared here", at: inner.path.location)
                ])
        }
        for (appearance, layers) in appearanceLayers.sorted(by: { $0.key < $1.key }) {
            var table: [String: TokenSpec] = [:]
            for list in layers {
                var own: [String: TokenSpec] = [:]
                for token in list {
                    if let first = own[token.path.value] {
                        diagnostics.error(
                            "token \(DiagnosticText.quoted(token.path.value)) is declared twice for appearance \(DiagnosticText.quoted(appearance.rawValue))",
                            at: token.path.location, rule: .duplicateName,
                            notes: [.init("first declared here", at: first.path.location)])
                        continue
                    }
                    own[token.path.value] = token
                    guard declared[token.path.value] != nil else {
                        diagnostics.error(
                            "token \(DiagnosticText.quoted(token.path.value)) of appearance \(DiagnosticText.quoted(appearance.rawValue)) overrides no token of the base files; declare it there too (the light value every appearance falls back to)"
                                + Suggestion.didYouMean(token.path.value, in: order),
                            at: token.path.location, rule: .undefinedToken)
                        continue
                    }
                    table[token.path.value] = token
                }
            }
            appearanceDeclared[appearance] = table
        }
        let appearances = appearanceLayers.mapValues { $0.flatMap { $0 } }
        let appearanceTokens = appearances.sorted(by: { $0.key < $1.key }).flatMap(\.value)
        if count + appearanceTokens.count > limits.maxTokens {
            let first =
                limits.maxTokens < count
                ? layers.joined().dropFirst(limits.maxTokens).first!
                : appearanceTokens[limits.maxTokens - count]
            diagnostics.error(
                "the spec and its token files declare more than \(limits.maxTokens) tokens (the limit)",
                at: first.path.location, rule: .tokenLimit)
            return
        }
        var resolver = Resolver(table: self, maxAliases: limits.maxAliases)
        resolver.done[nil] = Dictionary(minimumCapacity: order.count)
        // The resolver's memo of the base is the table of entries: every path it holds is
        // declared, and `resolve` returns a path's memoised entry (`nil` for a path it lacks).
        for path in order { _ = resolver.resolve(path, in: nil) }
        entries = resolver.done[nil] ?? [:]
        let overridden = Appearance.allCases.filter { appearance in
            appearance.chain.contains { appearanceDeclared[$0] != nil }
        }
        for appearance in overridden {
            for path in order { _ = resolver.resolve(path, in: appearance) }
            appearanceEntries[appearance] = resolver.done[appearance] ?? [:]
        }
        unsupported = resolver.unsupported
        composites = resolver.composites[nil] ?? [:]
        for appearance in overridden { appearanceComposites[appearance] = resolver.composites[appearance] ?? [:] }
        // Only the declarations that won: an overridden or twice-declared token is no token of
        // the spec, and no value can use it.
        for token in layers.joined()
        where !token.problems.isEmpty && declared[token.path.value]?.path.location == token.path.location {
            problems[token.path.location, default: []] += token.problems
        }
        for (appearance, table) in appearanceDeclared.sorted(by: { $0.key < $1.key }) {
            for token in appearances[appearance] ?? []
            where !token.problems.isEmpty && table[token.path.value]?.path.location == token.path.location {
                problems[token.path.location, default: []] += token.problems
            }
        }
        for (location, found) in resolver.problems { problems[location, default: []] += found }
        // An appearance's token must keep the base token's type, also where one of them is a
        // composite type that has no entry (typography tokens have; the check below).
        for (appearance, table) in appearanceDeclared {
            for (path, token) in table {
                guard let base = declared[path], let own = token.type?.value, let other = base.type?.value,
                    own != other,
                    [own, other].contains(where: { $0.isComposite && $0 != .typography })
                else { continue }
                diagnostics.error(
                    "token \(DiagnosticText.quoted(path)) is \(own) for appearance \(DiagnosticText.quoted(appearance.rawValue)) but \(other) in the base files",
                    at: token.path.location, rule: .tokenTypeMismatch,
                    notes: [.init("the base token is declared here", at: base.path.location)])
            }
        }
        // An appearance's token must keep the base token's type.
        for (appearance, table) in appearanceDeclared {
            for (path, token) in table {
                guard let own = appearanceEntries[appearance]?[path], let base = entries[path], own.type != base.type
                else { continue }
                diagnostics.error(
                    "token \(DiagnosticText.quoted(path)) is \(own.type.rawValue) for appearance \(DiagnosticText.quoted(appearance.rawValue)) but \(base.type.rawValue) in the base files",
                    at: token.path.location, rule: .tokenTypeMismatch,
                    notes: [.init("the base token is declared here", at: base.location)])
            }
        }
    }

    /// Follows aliases, caching per appearance and recording each broken declaration's
    /// problem once (in ``problems``, reported with the values that use it).
    struct Resolver {
        let table: TokenTable
        let maxAliases: Int
        var done: [Appearance?: [String: Entry]] = [:]
        var failed: [Appearance?: Set<String>] = [:]
        /// Declarations already reported, by their location.
        var reported: Set<SourceLocation> = []

        /// The declaration of `path` in `appearance` (`nil`: the base).
        func declaration(_ path: String, in appearance: Appearance?) -> TokenSpec? {
            table.declaration(path, in: appearance)
        }

        /// Follows the alias chain from `path` iteratively up to the first token already
        /// resolved or failed (so each token is walked once), then records an entry for every
        /// token on the way, each linked to the next: time and memory in proportion to the
        /// tokens walked.
        mutating func resolve(_ path: String, in appearance: Appearance?) -> Entry? {
            // A token that holds its value (nearly half of a real set): its entry, without the
            // chain walk's bookkeeping. It is never on a failed chain (only aliases are).
            if let token = declaration(path, in: appearance), case .literal(let value) = token.value,
                let type = token.type?.value
            {
                if let entry = done[appearance]?[path] { return entry }
                let entry = Entry(
                    type: type, value: value.value.withTokenAlpha(token.alpha), location: token.path.location,
                    link: ChainLink(path: path, next: nil))
                done[appearance, default: [:]][path] = entry
                return entry
            }
            var chain: [String] = []
            var onChain: Set<String> = []
            var current = path
            var end: Entry?
            while true {
                if let entry = done[appearance]?[current] {
                    end = entry
                    break
                }
                guard failed[appearance]?.contains(current) != true, let token = declaration(current, in: appearance)
                else { break }
                if onChain.contains(current) {
                    let cycle = chain[chain.firstIndex(of: current)!...] + [current]
                    if reported.insert(token.path.location).inserted {
                        record(
                            .error(
                                "the aliases of token \(DiagnosticText.quoted(current)) form a cycle\(Self.suffix(appearance)): \(cycle.joined(separator: " -> "))",
                                at: token.path.location, rule: .tokenCycle), for: token)
                    }
                    break
                }
                chain.append(current)
                onChain.insert(current)
                switch token.value {
                case .composite(let written):
                    guard let type = token.type?.value,
                        let value = compositeValue(written.value, type: type, of: token, in: appearance)
                    else { break }
                    if case .typography(let font) = value {
                        // A typography token is a font, which a `font` attribute takes.
                        chain.removeLast()
                        done[appearance, default: [:]][current] = Entry(
                            type: .typography, value: .font(font), location: token.path.location,
                            link: ChainLink(path: current, next: nil))
                        end = done[appearance]?[current]
                    } else {
                        composites[appearance, default: [:]][current] = value
                        unsupported[current] = type.rawValue
                    }
                case .invalid:
                    // Reported where the token is declared.
                    break
                case .literal(let value):
                    if let type = token.type?.value {
                        chain.removeLast()
                        done[appearance, default: [:]][current] = Entry(
                            type: type, value: value.value.withTokenAlpha(token.alpha), location: token.path.location,
                            link: ChainLink(path: current, next: nil))
                        end = done[appearance]?[current]
                    }
                case .alias(let target):
                    if declaration(target.value, in: appearance) == nil {
                        if reported.insert(token.path.location).inserted {
                            let member = table.firstToken(inGroup: target.value)
                            record(
                                .error(
                                    "token \(DiagnosticText.quoted(current)) refers to '{\(target.value)}', which is "
                                        + (member.map {
                                            "a group, not a token; refer to one of its tokens, such as \(DiagnosticText.quoted($0))"
                                        }
                                            ?? "no token" + Suggestion.didYouMean(target.value, in: table.order)),
                                    at: target.location, rule: .undefinedToken), for: token)
                        }
                    } else {
                        current = target.value
                        continue
                    }
                }
                break
            }
            // `end` is the value the chain reaches, or `nil` when it reaches none: every token
            // on the chain fails (silently: the cause was reported, or is an unsupported type).
            guard var value = end else {
                // A chain that ends at a composite token no attribute type takes: each alias
                // has its value, and must have its type.
                let composite = composites[appearance]?[current]
                for (index, step) in chain.enumerated().reversed() {
                    if let composite, let token = declaration(step, in: appearance), let own = token.type?.value,
                        own != composite.type, case .alias(let target) = token.value
                    {
                        if reported.insert(token.path.location).inserted {
                            record(
                                .error(
                                    "token \(DiagnosticText.quoted(step)) is \(own.rawValue), but '{\(target.value)}' is \(composite.type.rawValue)\(Self.suffix(appearance))",
                                    at: target.location, rule: .tokenTypeMismatch),
                                for: token)
                        }
                        for failing in chain[...index] {
                            composites[appearance]?[failing] = nil
                            unsupported[failing] = nil
                            failed[appearance, default: []].insert(failing)
                        }
                        return nil
                    }
                    failed[appearance, default: []].insert(step)
                    if let name = unsupported[current] ?? unsupported[step] { unsupported[step] = name }
                    if let composite, composites[appearance]?[step] == nil {
                        composites[appearance, default: [:]][step] = composite
                    }
                }
                return nil
            }
            for (index, step) in chain.enumerated().reversed() {
                guard let token = declaration(step, in: appearance) else { continue }
                if let own = token.type, own.value != value.type, case .alias(let target) = token.value {
                    if reported.insert(token.path.location).inserted {
                        record(
                            .error(
                                "token \(DiagnosticText.quoted(step)) is \(own.value.rawValue), but '{\(target.value)}' is \(value.type.rawValue)\(Self.suffix(appearance))",
                                at: target.location, rule: .tokenTypeMismatch), for: token)
                    }
                    // This token and the ones aliasing it fail.
                    for failing in chain[...index] { failed[appearance, default: []].insert(failing) }
                    return nil
                }
                if value.aliases >= maxAliases, let next = value.link {
                    if reported.insert(token.path.location).inserted {
                        let shown = [step] + Array(next.paths.prefix(2))
                        record(
                            .error(
                                "token \(DiagnosticText.quoted(step)) reaches its value through more than \(maxAliases) aliases (the limit)\(Self.suffix(appearance)): "
                                    + (shown + ["...", next.last]).joined(separator: " -> "),
                                at: token.path.location, rule: .tokenLimit), for: token)
                    }
                    for failing in chain[...index] { failed[appearance, default: []].insert(failing) }
                    return nil
                }
                value = Entry(
                    type: value.type, value: value.value.withTokenAlpha(token.alpha), location: token.path.location,
                    link: ChainLink(path: step, next: value.link))
                done[appearance, default: [:]][step] = value
            }
            return done[appearance]?[path]
        }

        var unsupported: [String: String] = [:]
        /// The composite tokens no attribute type takes, resolved, by appearance and path.
        var composites: [Appearance?: [String: CompositeValue]] = [:]
        /// The composite tokens being resolved (for cycles through member aliases).
        var resolvingComposites: Set<String> = []
        /// Each bad token's problems, by its declaration's location.
        var problems: [SourceLocation: [Diagnostic]] = [:]

        /// Keeps `diagnostic` as a problem of `token` (reported with the values that use it).
        mutating func record(_ diagnostic: Diagnostic, for token: TokenSpec) {
            guard problems[token.path.location]?.contains(diagnostic) != true else { return }
            problems[token.path.location, default: []].append(diagnostic)
        }

        /// `" in appearance 'dark'"` for a problem that only an appearance's files cause.
        static func suffix(_ appearance: Appearance?) -> String {
            appearance.map { " in appearance \(DiagnosticText.quoted($0.rawValue)) (with its token files)" } ?? ""
        }
    }
}
