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
    }

    /// The value `value` stands for, for an attribute of `type`; `nil` after reporting why not.
    func attributeValue(
        _ value: Located<ValueSpec>, type: AttributeType, attribute: String, tokens: TokenTable, use: TokenUse
    ) -> AttributeValue? {
        switch value.value {
        case .literal(let literal):
            return literal
        case .token(let path):
            guard let entry = tokens.entries[path] else {
                // A token that is declared but did not resolve was reported where it is declared.
                if tokens.declared[path] == nil {
                    diagnostics.error(
                        "undefined token '\(path)'" + Suggestion.didYouMean(path, in: tokens.order),
                        at: value.location, rule: "undefined-token")
                }
                return nil
            }
            use.used.formUnion(entry.chain)
            guard entry.type.fits(type) else {
                let fitting = TokenType.allCases.filter { $0.fits(type) }.map(\.rawValue).joined(separator: ", ")
                diagnostics.error(
                    "token '\(path)' is a \(entry.type.rawValue), but attribute '\(attribute)' is \(type.rawValue) (which takes \(fitting) tokens)",
                    at: value.location, rule: "token-type-mismatch",
                    notes: [.init("the token is declared here", at: entry.location)])
                return nil
            }
            switch (type, entry.value) {
            case (.int, .double(let number)):
                guard number.rounded() == number, let whole = Int(exactly: number) else {
                    diagnostics.error(
                        "token '\(path)' is \(number), but attribute '\(attribute)' is int and takes whole numbers",
                        at: value.location, rule: "invalid-value",
                        notes: [.init("the token is declared here", at: entry.location)])
                    return nil
                }
                return .int(whole)
            default:
                return entry.value
            }
        }
    }

    /// Reports each declared token that no value uses, directly or through an alias.
    func warnAboutUnusedTokens(_ tokens: TokenTable, use: TokenUse, policy: UnusedTokenPolicy) {
        // After an error some references were not followed: the list would be wrong.
        guard policy == .warn, !diagnostics.hasErrors else { return }
        for path in tokens.order where !use.used.contains(path) && tokens.entries[path] != nil {
            guard let token = tokens.declared[path] else { continue }
            diagnostics.warning(
                "token '\(path)' is used by no value; remove it, or say 'unusedTokens: ignore' for a token file shared with other specs",
                at: token.path.location, rule: "unused-token")
        }
    }
}
