/// The rule ids diagnostics carry (docs/diagnostics.md lists each), for the warning controls:
/// `warnings: { ignore: [...] }` in a spec and `--warnings-as-errors=RULE,...`.
public enum DiagnosticRules {
    /// The rules that report warnings, which can be ignored (per spec or per control kind) or
    /// made errors one by one.
    public static let warnings: [String] = [
        "color-component-range", "color-fallback-mismatch", "contrast", "dead-end-state", "deprecated-token",
        "ignored-extension", "ignored-member", "incomplete-token", "many-states", "namespace-shadows-module", "row-needs-selection",
        "token-override-type", "uikit-unmapped-state", "unknown-template", "unreachable-state", "unused-event",
        "unused-token",
    ]

    /// The warning rules that are about one control kind, which a kind's own
    /// `warnings: { ignore: [...] }` can silence for that kind.
    public static let kindWarnings: Set<String> = [
        "contrast", "dead-end-state", "many-states", "row-needs-selection", "uikit-unmapped-state",
        "unreachable-state", "unused-event",
    ]

    /// The rules that report only errors, which no setting silences.
    public static let errors: [String] = [
        "attribute-not-in-sets", "conflicting-rows", "contradictory-precedence", "duplicate-control-state",
        "duplicate-name", "duplicate-role", "duplicate-uikit-property", "empty-list", "empty-spec",
        "event-not-in-kind", "event-shadows-shared", "extra-output", "fallback-cycle", "invalid-combination",
        "invalid-contrast-pair", "invalid-control-state", "invalid-fallback", "invalid-name", "invalid-precedence",
        "invalid-region", "invalid-role", "invalid-value", "io", "legacy-token-file", "merge-key", "missing-key",
        "missing-normal-state",
        "missing-normal-value", "missing-output", "multiple-documents", "name-collision", "narrow-import-access",
        "orphaned-temporary", "outside-root", "output", "role-type-mismatch", "row-keeps-region", "selection-required",
        "stale-output", "state-not-in-kind", "state-shadows-shared", "template", "token-cycle", "token-limit",
        "token-type-mismatch",
        "too-many-states", "uikit-type-mismatch", "uikit-unsupported-property", "undeclared-appearance",
        "undefined-attribute", "undefined-attribute-set", "undefined-control", "undefined-event", "undefined-modifier",
        "undefined-state",
        "undefined-token", "unknown-key", "unknown-warning", "unsupported-version", "wrong-node-kind", "wrong-type",
        "yaml-duplicate-key", "yaml-encoding", "yaml-limit", "yaml-syntax", "yaml-undefined-alias",
    ]

    /// Why `id` cannot name a warning to ignore or to make an error (`among` the warning rules
    /// allowed there): it names an error rule (errors cannot be silenced), or no rule (with
    /// did-you-mean); `nil` when it is one of `among`.
    public static func problem(with id: String, among: some Collection<String> = warnings) -> String? {
        if among.contains(id) { return nil }
        if warnings.contains(id) {
            return
                "\(DiagnosticText.quoted(id)) is a warning about the whole spec, not about one control kind; ignore it at the top level"
        }
        if errors.contains(id) {
            return
                "\(DiagnosticText.quoted(id)) reports errors, which cannot be ignored or changed; only warnings can (\(among.sorted().joined(separator: ", ")))"
        }
        return
            "\(DiagnosticText.quoted(id)) is not a warning's rule id (the warnings are: \(among.sorted().joined(separator: ", ")))"
            + Suggestion.didYouMean(id, in: among.sorted())
    }
}
