/// One finding of a pipeline stage: a value, reported to a ``DiagnosticCollector`` and printed
/// in one place (``DiagnosticPrinter``). Stages report; they never print.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a finding is. `error` stops generation; `warning` does not (unless the
    /// user asks for warnings as errors).
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        /// A warning orders before an error, so `max` of a run is its worst severity.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// A related place, printed as a `note:` line after the diagnostic.
    public struct Note: Sendable, Hashable {
        public var location: SourceLocation?
        public var message: String

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    /// Where the finding is; `nil` only for findings about no file in particular (a usage error).
    public var location: SourceLocation?
    /// One sentence a user can act on, without a trailing period.
    public var message: String
    /// A stable identifier of the rule that found it, such as `unknown-key`; listed in
    /// `docs/diagnostics.md`.
    public var rule: RuleID
    public var notes: [Note]

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation?, rule: RuleID,
        notes: [Note] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.rule = rule
        self.notes = notes
    }

    /// An error diagnostic; `rule` is its id in docs/diagnostics.md.
    public static func error(
        _ message: String, at location: SourceLocation?, rule: RuleID, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, rule: rule, notes: notes)
    }

    /// A warning diagnostic; `rule` is its id in docs/diagnostics.md.
    public static func warning(
        _ message: String, at location: SourceLocation?, rule: RuleID, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: location, rule: rule, notes: notes)
    }
}

/// Collects the diagnostics of one run, in the order stages report them.
///
/// Not thread-safe: one collector belongs to one pipeline run.
public final class DiagnosticCollector {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    /// Warning rules not reported at all: the spec's `warnings: { ignore: [...] }`.
    public var ignoredWarnings: Set<String> = []
    /// Warning rules not reported about a control kind, by the kind's spec name: each kind's
    /// `warnings: { ignore: [...] }`.
    public var ignoredWarningsByKind: [String: Set<String>] = [:]

    /// Adds a diagnostic; one equal to an earlier report (a check that runs once per control
    /// kind on a shared declaration) is dropped, and so is a warning its rule is ignored for
    /// (``ignoredWarnings``, or ``ignoredWarningsByKind`` for `kind`, the spec name of the
    /// control kind it is about). An ignored warning is not counted anywhere and cannot become
    /// an error; errors are never dropped.
    public func report(_ diagnostic: Diagnostic, kind: String? = nil) {
        if diagnostic.severity == .warning {
            if ignoredWarnings.contains(diagnostic.rule.rawValue) { return }
            if let kind, ignoredWarningsByKind[kind]?.contains(diagnostic.rule.rawValue) == true { return }
        }
        guard seen.insert(diagnostic).inserted else { return }
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { errorCount += 1 }
    }

    private var seen: Set<Diagnostic> = []
    /// How many of `diagnostics` are errors (a stage compares it before and after to tell its
    /// own), counted as they come: ``hasErrors`` is asked once per control kind, and a spec with
    /// many warnings would make that a scan each time.
    private(set) var errorCount = 0

    /// Reports an error at `location` (see ``Diagnostic/error(_:at:rule:notes:)``).
    public func error(
        _ message: String, at location: SourceLocation?, rule: RuleID, notes: [Diagnostic.Note] = []
    ) {
        report(.error(message, at: location, rule: rule, notes: notes))
    }

    /// Reports a warning at `location` (see ``Diagnostic/warning(_:at:rule:notes:)``); `kind`
    /// is the spec name of the control kind it is about, if any (see ``report(_:kind:)``).
    public func warning(
        _ message: String, at location: SourceLocation?, rule: RuleID, kind: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        report(.warning(message, at: location, rule: rule, notes: notes), kind: kind)
    }

    /// Runs `body` and takes back what it reported: its result and its diagnostics, which are
    /// not kept (a later stage decides how to report them: a design token's problems are
    /// errors only where a value uses the token).
    func capturing<T>(_ body: () -> T) -> (T, [Diagnostic]) {
        let start = diagnostics.count
        let result = body()
        let captured = Array(diagnostics[start...])
        diagnostics.removeSubrange(start...)
        for diagnostic in captured {
            seen.remove(diagnostic)
            if diagnostic.severity == .error { errorCount -= 1 }
        }
        return (result, captured)
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { errorCount > 0 }

    /// The diagnostics sorted by file and position (unlocated ones first), errors before
    /// warnings at the same place; the order of reports is kept among equals.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (l, r) = (a.element, b.element)
            switch (l.location, r.location) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (let x?, let y?) where x != y: return x < y
            default:
                if l.severity != r.severity { return l.severity > r.severity }
                return a.offset < b.offset
            }
        }.map(\.element)
    }
}

/// Thrown by a pipeline stage that cannot go on; the diagnostics say why.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
