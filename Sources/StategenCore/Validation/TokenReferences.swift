/// How attribute values refer to design tokens: a value written `"{group.token}"` is that
/// token's value (its alias chain followed), and must fit the attribute's type.
///
/// Rules: an unknown token is `undefined-token` with did-you-mean; a token of a type the
/// attribute cannot take is `token-type-mismatch` at the reference; a number token used by an
/// `int` attribute must be whole (`invalid-value`). A token that no value uses, directly or
/// through aliases, is an `unused-token` warning unless the spec says `unusedTokens: ignore`.
extension SpecValidator {
    /// The tokens the checked values refer to, with every alias on the way.
    final class TokenUse {
        var used: Set<String> = []
        /// The values already warned about a deprecated token, by where they are written.
        var warnedDeprecated: Set<SourceLocation> = []
        /// The values naming a token that did not resolve, for reporting the bad tokens they
        /// depend on (``TokenTable/reportProblems(uses:diagnostics:)``).
        var failed: [TokenTable.FailedUse] = []
    }

    /// The value `value` stands for in each of `appearances`, for an attribute of `type`;
    /// `nil` after reporting why not. A literal is the same in every appearance; a token is as
    /// the appearance shows it; a value by appearance takes, for each appearance, the nearest
    /// one along its fallback chain (`darkHighContrast` → `dark` → `light`).
    func attributeValues(
        _ value: Located<ValueSpec>, type: AttributeType, attribute: String, tokens: TokenTable, use: TokenUse,
        appearances: [Appearance]
    ) -> [Appearance: SourcedValue]? {
        switch value.value {
        case .literal(let literal):
            let sourced = SourcedValue(value: literal, source: ValueSource(location: value.location))
            return Dictionary(uniqueKeysWithValues: appearances.map { ($0, sourced) })
        case .token(let path):
            var result: [Appearance: SourcedValue] = [:]
            var ok = true
            for appearance in [Appearance.light] + appearances.filter({ $0 != .light }) {
                let entry = appearance == .light ? tokens.entries[path] : tokens.entry(path, in: appearance)
                guard
                    let own = tokenValue(
                        path, at: value.location, entry: entry, type: type, attribute: attribute, tokens: tokens,
                        use: use, appearance: appearance), let entry
                else {
                    // Without a base value the appearances would only repeat its error.
                    if appearance == .light { return nil }
                    ok = false
                    continue
                }
                let last = entry.chain.last ?? path
                let declaration =
                    (appearance == .light ? tokens.entries[last] : tokens.entry(last, in: appearance))?.location
                    ?? entry.location
                result[appearance] = SourcedValue(
                    value: own,
                    source: ValueSource(
                        location: value.location, tokenChain: entry.chain, tokenLocation: declaration,
                        tokenValueLocation: tokens.valueLocation(of: last, in: appearance == .light ? nil : appearance))
                )
            }
            return ok ? result : nil
        case .fontParts(let written, let parts):
            var result: [Appearance: SourcedValue] = [:]
            var ok = true
            for appearance in [Appearance.light] + appearances.filter({ $0 != .light }) {
                var font = written
                var resolved = true
                // Every part is checked, so that each bad part is reported.
                for (part, path) in parts.sorted(by: { $0.value.location < $1.value.location }) {
                    let entry =
                        appearance == .light ? tokens.entries[path.value] : tokens.entry(path.value, in: appearance)
                    resolved =
                        fontPart(
                            part, of: &font, path: path, entry: entry, attribute: attribute, tokens: tokens, use: use)
                        && resolved
                }
                guard resolved else {
                    // Without a base value the appearances would only repeat its errors.
                    if appearance == .light { return nil }
                    ok = false
                    continue
                }
                result[appearance] = SourcedValue(value: .font(font), source: ValueSource(location: value.location))
            }
            return ok ? result : nil
        case .byAppearance(let values):
            var result: [Appearance: SourcedValue] = [:]
            var ok = true
            for (appearance, written) in values.sorted(by: { $0.key < $1.key }) where !appearances.contains(appearance)
            {
                diagnostics.error(
                    "appearance \(DiagnosticText.quoted(appearance.rawValue)) is not one of the spec's appearances (\(appearances.map(\.rawValue).joined(separator: ", "))); add it to 'appearances'",
                    at: written.location, rule: .undeclaredAppearance)
                ok = false
            }
            guard ok else { return nil }
            // Each written variant is checked once (every problem reported), then each appearance
            // takes the nearest variant along its chain.
            var checked: [Appearance: [Appearance: SourcedValue]] = [:]
            for (step, written) in values.sorted(by: { $0.key < $1.key }) {
                let users = appearances.filter { $0.chain.first(where: { values[$0] != nil }) == step }
                guard !users.isEmpty else { continue }
                if let resolved = attributeValues(
                    written, type: type, attribute: attribute, tokens: tokens, use: use, appearances: users)
                {
                    checked[step] = resolved
                } else {
                    ok = false
                }
            }
            guard ok else { return nil }
            for appearance in appearances {
                guard let step = appearance.chain.first(where: { values[$0] != nil }) else { continue }
                result[appearance] = checked[step]?[appearance].map {
                    var sourced = $0
                    sourced.source.variant = step
                    return sourced
                }
            }
            return result
        }
    }

    /// A token's value for an attribute of `type`, from its resolved `entry`; `nil` after
    /// reporting why not.
    func tokenValue(
        _ path: String, at location: SourceLocation, entry: TokenTable.Entry?, type: AttributeType, attribute: String,
        tokens: TokenTable, use: TokenUse, appearance: Appearance = .light
    ) -> AttributeValue? {
        guard let entry else {
            if let type = tokens.unsupported[path] {
                use.used.insert(path)
                diagnostics.error(
                    "token \(DiagnosticText.quoted(path)) is a \(type), which no attribute type takes (stategen reads and checks it, but only typography tokens are values: fonts)",
                    at: location, rule: .tokenTypeMismatch)
                return nil
            }
            use.failed.append(TokenTable.FailedUse(path: path, appearance: appearance, location: location))
            // A token that is declared but did not resolve was reported where it is declared.
            if tokens.declared[path] == nil, let member = tokens.firstToken(inGroup: path) {
                diagnostics.error(
                    "\(DiagnosticText.quoted(path)) is a group of tokens, not a token; refer to one of its tokens, such as \(DiagnosticText.quoted(member))",
                    at: location, rule: .undefinedToken)
            } else if tokens.declared[path] == nil {
                diagnostics.error(
                    "undefined token \(DiagnosticText.quoted(path))" + Suggestion.didYouMean(path, in: tokens.order),
                    at: location,
                    rule: .undefinedToken)
            }
            return nil
        }
        // The tokens its composites' members name are used too.
        let reached = tokens.tokensReached(from: path, in: appearance == .light ? nil : appearance)
        use.used.formUnion(entry.chain)
        use.used.formUnion(reached.map(\.token.path.value))
        warnIfDeprecated(path, at: location, reached: reached, use: use)
        guard entry.type.fits(type) else {
            let fitting = TokenType.allCases.filter { $0.fits(type) }.map(\.rawValue).joined(separator: ", ")
            diagnostics.error(
                "token \(DiagnosticText.quoted(path)) is a \(entry.type.rawValue), but attribute \(DiagnosticText.quoted(attribute)) is \(type.rawValue)"
                    + (fitting.isEmpty
                        ? ", which takes no tokens; write the \(type.rawValue) itself"
                        : " (which takes \(fitting) tokens)"),
                at: location, rule: .tokenTypeMismatch,
                notes: [.init("the token is declared here", at: entry.location)])
            return nil
        }
        switch (type, entry.value) {
        case (.int, .double(let number)):
            guard number.rounded() == number, let whole = Int(exactly: number) else {
                let range = number.rounded() == number ? " from \(Int.min) to \(Int.max)" : ""
                diagnostics.error(
                    "token \(DiagnosticText.quoted(path)) is \(number), but attribute \(DiagnosticText.quoted(attribute)) is int and takes whole numbers\(range)",
                    at: location, rule: .invalidValue,
                    notes: [.init("the token is declared here", at: entry.location)])
                return nil
            }
            return .int(whole)
        case (.double, .int(let whole)), (.dimension, .int(let whole)):
            // A number token written as an integer (kept exact for `int` attributes).
            return .double(Double(whole))
        default:
            return entry.value
        }
    }

    /// Sets `part` of `font` from the token at `path` (resolved as `entry`); `false` after
    /// reporting why not. The token types each part takes are in ``FontSpec/Part``; a
    /// `fontWeight` number takes the nearest ``FontWeight`` (``FontWeight/init(weightClass:)``).
    func fontPart(
        _ part: FontSpec.Part, of font: inout FontSpec, path: Located<String>, entry: TokenTable.Entry?,
        attribute: String, tokens: TokenTable, use: TokenUse
    ) -> Bool {
        let subject = "the \(part.rawValue) of a value of \(DiagnosticText.quoted(attribute)) (font)"
        guard let entry else {
            // Reports the undefined token (with did-you-mean) or the unsupported type.
            _ = tokenValue(
                path.value, at: path.location, entry: nil, type: .font, attribute: attribute, tokens: tokens, use: use)
            return false
        }
        use.used.formUnion(entry.chain)
        let accepted: [TokenType] =
            switch part {
            case .family: [.fontFamily, .string]
            case .weight: [.fontWeight, .number]
            case .size, .letterSpacing: [.dimension, .number]
            case .lineHeight: [.number]
            }
        guard accepted.contains(entry.type) else {
            diagnostics.error(
                "token \(DiagnosticText.quoted(path.value)) is a \(entry.type.rawValue), but \(subject) takes \(accepted.map(\.rawValue).joined(separator: " or ")) tokens",
                at: path.location, rule: .tokenTypeMismatch,
                notes: [.init("the token is declared here", at: entry.location)])
            return false
        }
        let number: Double? =
            switch entry.value {
            case .double(let value): value
            case .int(let value): Double(value)
            default: nil
            }
        func invalid(_ expected: String) -> Bool {
            diagnostics.error(
                "token \(DiagnosticText.quoted(path.value)) is \(number.map { "\($0)" } ?? "not a number"), but \(subject) must be \(expected)",
                at: path.location, rule: .invalidValue,
                notes: [.init("the token is declared here", at: entry.location)])
            return false
        }
        switch part {
        case .family:
            guard case .string(let name) = entry.value else { return false }
            font.family = name
        case .weight:
            guard let weight = number.flatMap(FontWeight.init(weightClass:)) else { return invalid("from 1 to 1000") }
            font.weight = weight
        case .size:
            guard let number, number > 0 else { return invalid("above 0 points") }
            font.size = number
        case .lineHeight:
            guard let number, number > 0 else { return invalid("a multiple of the size above 0") }
            font.lineHeight = number
        case .letterSpacing:
            guard let number else { return invalid("a number of points") }
            font.letterSpacing = number
        }
        return true
    }

    /// Warns (`deprecated-token`, DTCG 2025.10 §5.2.4) once per value at `location` that uses a
    /// deprecated token, with the reason: the token it names (`path`), one its alias chain passes
    /// through, or one a member of a composite token on the way names (`reached`, as
    /// ``TokenTable/tokensReached(from:in:)`` finds them in the value's appearance).
    func warnIfDeprecated(
        _ path: String, at location: SourceLocation, reached: [(token: TokenSpec, member: String?)], use: TokenUse
    ) {
        guard let (token, member) = reached.first(where: { $0.token.deprecation != nil }),
            let deprecation = token.deprecation, use.warnedDeprecated.insert(location).inserted
        else { return }
        let step = token.path.value
        let through =
            member.map { " through a member of token \(DiagnosticText.quoted($0))" }
            ?? (step == path ? "" : " through the alias \(DiagnosticText.quoted(path))")
        diagnostics.warning(
            "this value uses token \(DiagnosticText.quoted(step)), which is deprecated\(through)"
                + (deprecation.reason.map { ": \(DiagnosticText.quoted($0))" } ?? ""),
            at: location, rule: .deprecatedToken,
            notes: [.init("deprecated here", at: deprecation.location)])
    }

    /// Reports each declared token that no value uses, directly or through an alias.
    func warnAboutUnusedTokens(_ tokens: TokenTable, use: TokenUse, policy: UnusedTokenPolicy) {
        // After an error some references were not followed: the list would be wrong.
        guard policy == .warn, !diagnostics.hasErrors else { return }
        for path in tokens.order where !use.used.contains(path) && tokens.entries[path] != nil {
            guard let token = tokens.declared[path] else { continue }
            diagnostics.warning(
                "token \(DiagnosticText.quoted(path)) is used by no value; remove it, or say 'unusedTokens: ignore' for a token file shared with other specs",
                at: token.path.location, rule: .unusedToken)
        }
    }
}
