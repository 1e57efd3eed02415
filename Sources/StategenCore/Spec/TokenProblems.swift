/// Token sets that load whole (issue 26): what is wrong with one token (a value that is no
/// value of its type, a missing `$type`, an alias naming no token, a cycle, a broken member of
/// a composite) is kept with the token instead of failing the set, and reported once the
/// values that use tokens are known:
///
/// - a bad token no value uses is a **warning** with the rule of its problem, naming the token
///   (`--warnings-as-errors` makes it an error; it is not an `unused-token` warning, which
///   `unusedTokens: ignore` silences);
/// - a bad token that a value uses, directly or through aliases and members, is an **error** at
///   the token, with a note at each value;
/// - its aliases, and the values using them, are not reported again (never "no token").
///
/// A problem of a file as a whole (a name DTCG reserves, an unknown key of a group, a path
/// declared twice, a group's `$type` that is no type) stays an error.
extension SpecDecoder {
    /// ``decodeToken(_:path:inherited:typeBroken:deprecation:document:)``, keeping the errors
    /// it reports as the token's ``TokenSpec/problems`` (the token is then
    /// ``TokenValueSpec/invalid``). Its warnings (an `$extensions` entry stategen does not
    /// apply) are reported as they are: they do not make the token bad.
    func decodeTokenKeepingProblems(
        _ node: YAMLNode, path: Located<String>, inherited: TypeName?, typeBroken: Bool = false,
        deprecation: TokenDeprecation? = nil, document: TokenDocument? = nil
    ) -> TokenSpec? {
        let (token, captured) = diagnostics.capturing {
            decodeToken(
                node, path: path, inherited: inherited, typeBroken: typeBroken, deprecation: deprecation,
                document: document)
        }
        let problems = captured.filter { $0.severity == .error }
        for warning in captured where warning.severity != .error { diagnostics.report(warning) }
        guard var token else {
            for problem in problems { diagnostics.report(problem) }
            return nil
        }
        if !problems.isEmpty {
            token.value = .invalid
            token.problems = problems
        }
        return token
    }
}

extension TokenTable {
    /// A value's use of a token that did not resolve: the path it names, the appearance it
    /// was resolved in, where the value is written.
    public struct FailedUse: Sendable, Hashable {
        public var path: String
        public var appearance: Appearance
        public var location: SourceLocation

        public init(path: String, appearance: Appearance, location: SourceLocation) {
            self.path = path
            self.appearance = appearance
            self.location = location
        }
    }

    /// The declaration of `path` as `appearance` shows it (its files' along its fallback
    /// chain, else the base one; `nil`: the base).
    func declaration(_ path: String, in appearance: Appearance?) -> TokenSpec? {
        for step in appearance?.chain ?? [] {
            if let token = appearanceDeclared[step]?[path] { return token }
        }
        return declared[path]
    }

    /// The tokens a value naming `path` in `appearance` (`nil`: the base) uses: those on its
    /// alias chain, then those its composite tokens' members name and those whose values its
    /// tokens' component pointers read (``TokenSpec/pointedTokens``), through their aliases and
    /// members in turn, each once; with the composite token whose member names it (`nil` on the
    /// value's own alias chain).
    func tokensReached(from path: String, in appearance: Appearance?) -> [(token: TokenSpec, member: String?)] {
        var found: [(token: TokenSpec, member: String?)] = []
        var seen: Set<String> = []
        var pending: [(path: String, member: String?)] = [(path, nil)]
        while let (next, member) = pending.popLast() {
            guard seen.insert(next).inserted, let token = declaration(next, in: appearance) else { continue }
            found.append((token, member))
            switch token.value {
            case .alias(let target): pending.append((target.value, member))
            case .composite(let written): pending += written.value.references.reversed().map { ($0, next) }
            case .literal, .invalid: break
            }
            pending += token.pointedTokens.reversed().map { ($0, next) }
        }
        return found
    }

    /// The bad tokens a value naming `path` in `appearance` depends on: the tokens with
    /// ``problems`` on its alias chain and its composite members' chains.
    func badTokens(reachedFrom path: String, in appearance: Appearance) -> [TokenSpec] {
        tokensReached(from: path, in: appearance).map(\.token).filter { problems[$0.path.location] != nil }
    }

    /// Reports each bad token's ``problems``: as errors, with a note at each of the values
    /// that use the token (`uses`: the values whose tokens did not resolve), where one does;
    /// as warnings that say no value uses it otherwise. `uses` is `nil` when the values were
    /// not checked (another error stopped the run first): the problems are then errors, as
    /// nothing says the tokens are unused.
    public func reportProblems(uses: [FailedUse]?, diagnostics: DiagnosticCollector) {
        guard !problems.isEmpty else { return }
        var notes: [SourceLocation: [Diagnostic.Note]] = [:]
        for use in uses ?? [] {
            for token in badTokens(reachedFrom: use.path, in: use.appearance) {
                let note = Diagnostic.Note(
                    "used by this value"
                        + (use.appearance == .light
                            ? "" : " (in appearance \(DiagnosticText.quoted(use.appearance.rawValue)))"),
                    at: use.location)
                if notes[token.path.location]?.contains(where: { $0.location == note.location }) != true {
                    notes[token.path.location, default: []].append(note)
                }
            }
        }
        let paths = Dictionary(
            (Array(declared.values) + appearanceDeclared.values.flatMap(\.values)).map {
                ($0.path.location, $0.path.value)
            },
            uniquingKeysWith: { first, _ in first })
        for (location, found) in problems.sorted(by: { $0.key < $1.key }) {
            let used = notes[location] ?? []
            for problem in found {
                var diagnostic = problem
                diagnostic.notes += used
                if uses != nil, used.isEmpty {
                    diagnostic.severity = .warning
                    diagnostic.message +=
                        "; no value uses token \(DiagnosticText.quoted(paths[location] ?? "")), so it is left out"
                } else {
                    diagnostic.severity = .error
                }
                diagnostics.report(diagnostic)
            }
        }
    }
}
