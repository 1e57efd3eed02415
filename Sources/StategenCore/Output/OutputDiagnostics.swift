/// The output stage's problems as diagnostics, so that they are printed, counted and put in the
/// JSON document (`--diagnostics-format json`) the way the spec's are: one reporting path for
/// every stage.
extension OutputError {
    /// The rule id of every output problem (docs/diagnostics.md, `output`): a plan's errors and
    /// warnings, a failed write, a side file (depfile, `.xcfilelist`) that cannot be written.
    public static let rule = RuleID.output

    /// This problem as a diagnostic of `severity` at its whole file (``SourceLocation/file(_:)``),
    /// rule ``rule``, with its ``notes``: printed `path: error: message [output]`.
    public func diagnostic(_ severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(severity, message, at: .file(path), rule: Self.rule, notes: notes)
    }
}

extension OutputPlan {
    /// Every warning and error of the plan, as diagnostics (warnings first, each list in the
    /// plan's order): whatever kind of problem the plan records in ``warnings`` or ``errors``,
    /// it is reported through this one path.
    public var diagnostics: [Diagnostic] {
        warnings.map { $0.diagnostic(.warning) } + errors.map { $0.diagnostic(.error) }
    }
}
