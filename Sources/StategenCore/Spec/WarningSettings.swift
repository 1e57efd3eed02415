/// A spec's or a control kind's `warnings:` mapping: the warning rules not to report.
///
/// ```yaml
/// warnings: { ignore: [unused-token] }          # the whole spec
/// controls:
///   Badge:
///     warnings: { ignore: [unreachable-state] }  # this kind only
/// ```
///
/// Only warnings can be ignored (``DiagnosticRules/warnings``; for a kind,
/// ``DiagnosticRules/kindWarnings``); naming an error rule or an unknown id is an
/// `unknown-warning` error. An ignored warning is not printed, not counted, not in the JSON
/// document and never made an error by `--warnings-as-errors`.
public struct WarningSettings: Sendable, Hashable {
    /// The rule ids of `ignore:`, where each was written (only valid ids are kept).
    public var ignore: [Located<String>] = []

    public init(ignore: [Located<String>] = []) {
        self.ignore = ignore
    }

    /// The ignored rule ids.
    public var ignoredRules: Set<String> { Set(ignore.map(\.value)) }
}
