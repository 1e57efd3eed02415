/// The rule ids diagnostics carry (docs/diagnostics.md lists each), as strings, for the warning
/// controls (derived from ``RuleID``):
/// `warnings: { ignore: [...] }` in a spec and `--warnings-as-errors=RULE,...`.
public enum DiagnosticRules {
    /// The rules that report warnings, which can be ignored (per spec or per control kind) or
    /// made errors one by one.
    public static let warnings: [String] = RuleID.allCases.filter(\.isWarning).map(\.rawValue)

    /// The warning rules that are about one control kind, which a kind's own
    /// `warnings: { ignore: [...] }` can silence for that kind.
    public static let kindWarnings: Set<String> = Set(RuleID.allCases.filter(\.isKindWarning).map(\.rawValue))

    /// The rules that report only errors, which no setting silences.
    public static let errors: [String] = RuleID.allCases.filter { !$0.isWarning }.map(\.rawValue)

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
