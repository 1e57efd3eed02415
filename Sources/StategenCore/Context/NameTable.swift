/// The identifiers taken in one Swift scope, to report two spec names that become one, or a
/// spec name that becomes a name the generated code declares there itself.
struct NameTable {
    let what: String
    let diagnostics: DiagnosticCollector
    private var taken: [String: Located<String>] = [:]
    private var reserved: [String: String] = [:]

    init(what: String, diagnostics: DiagnosticCollector, reserving reserved: [String: String] = [:]) {
        self.what = what
        self.diagnostics = diagnostics
        self.reserved = reserved
    }

    mutating func reserve(_ identifier: String, because reason: String) {
        reserved[identifier] = reason
    }

    /// Takes `identifier` for the spec name `name`, reporting a collision with an earlier one.
    /// `what` names the kind of thing `name` is when it differs from the table's (an
    /// attribute set's types in the namespace of the kinds).
    mutating func claim(_ identifier: String, for name: Located<String>, what: String? = nil) {
        let what = what ?? self.what
        let key = identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
        if let reason = reserved[key] {
            diagnostics.error(
                "\(what) \(DiagnosticText.quoted(name.value)) becomes the Swift name \(DiagnosticText.quoted(key)), which is reserved: \(reason); rename it",
                at: name.location, rule: .nameCollision)
        } else if let first = taken[key] {
            diagnostics.error(
                "\(what) \(DiagnosticText.quoted(name.value)) becomes the Swift name \(DiagnosticText.quoted(key)), as \(DiagnosticText.quoted(first.value)) does; rename one of them",
                at: name.location, rule: .nameCollision,
                notes: [.init("\(DiagnosticText.quoted(first.value)) is declared here", at: first.location)])
        } else {
            taken[key] = name
        }
    }
}
