/// Prints diagnostics in the compiler's form, which Xcode and editors pick up:
///
/// ```
/// controls.yml:12:7: error: unknown key 'fallbak' in state 'highlighted'; did you mean 'fallback'? [unknown-key]
///     highlighted: { fallbak: normal }
///                    ^
/// controls.yml:3:1: note: ...
/// ```
public struct DiagnosticPrinter {
    /// The text of each file by path, used to show the source line under a diagnostic.
    public var sources: [String: String]
    private var lineCache: [String: [Substring]] = [:]

    public init(sources: [String: String] = [:]) {
        self.sources = sources
    }

    /// Renders one diagnostic with its source line, caret and notes; ends with a newline.
    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let prefix = diagnostic.location.map { "\($0): " } ?? "stategen: "
        out += "\(prefix)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n"
        if let location = diagnostic.location { out += excerpt(at: location) }
        for note in diagnostic.notes {
            let notePrefix = note.location.map { "\($0): " } ?? ""
            out += "\(notePrefix)note: \(note.message)\n"
            if let location = note.location { out += excerpt(at: location) }
        }
        return out
    }

    /// The source line at `location` and a caret under its column, or "" when the line is unknown.
    mutating func excerpt(at location: SourceLocation) -> String {
        guard let text = sources[location.path] else { return "" }
        let lines: [Substring]
        if let cached = lineCache[location.path] {
            lines = cached
        } else {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            lineCache[location.path] = lines
        }
        guard location.line >= 1, location.line <= lines.count else { return "" }
        var line = lines[location.line - 1]
        if line.hasSuffix("\r") { line = line.dropLast() }
        // Keep tabs in the caret line so that it lines up under the source line.
        var caret = ""
        for (index, scalar) in line.unicodeScalars.enumerated() where index < location.column - 1 {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return "\(line)\n\(caret)^\n"
    }
}
