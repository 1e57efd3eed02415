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
    /// The most characters of a source line shown under a diagnostic.
    static let maxExcerptWidth = 160
    private var lineCache: [String: [Substring]] = [:]

    public init(sources: [String: String] = [:]) {
        self.sources = sources
    }

    /// Renders one diagnostic with its source line, caret and notes; ends with a newline.
    ///
    /// Paths and messages carry names from the inputs, so every control character in them (a
    /// token named with ESC, a file name with a line break) is shown as ``DiagnosticText``'s
    /// `\u{1B}`-style escape: one diagnostic is always one line, and the terminal acts on none.
    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let prefix = diagnostic.location.map { "\($0): " } ?? "stategen: "
        out +=
            DiagnosticText.escaped(
                "\(prefix)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]") + "\n"
        if let location = diagnostic.location { out += excerpt(at: location) }
        for note in diagnostic.notes {
            let notePrefix = note.location.map { "\($0): " } ?? ""
            out += DiagnosticText.escaped("\(notePrefix)note: \(note.message)") + "\n"
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
            // YAML's line breaks: LF, CRLF (one Character in Swift) and a lone CR.
            lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            lineCache[location.path] = lines
        }
        guard location.line >= 1, location.line <= lines.count else { return "" }
        var line = Array(lines[location.line - 1].unicodeScalars)
        if line.last == "\r" { line.removeLast() }
        // A long line is cut to a window around the column, marked with "...".
        var column = max(location.column - 1, 0)
        var prefix = ""
        var suffix = ""
        if line.count > Self.maxExcerptWidth {
            let start = max(0, min(column - Self.maxExcerptWidth / 2, line.count - Self.maxExcerptWidth))
            let end = min(line.count, start + Self.maxExcerptWidth)
            if start > 0 { prefix = "..." }
            if end < line.count { suffix = "..." }
            line = Array(line[start..<end])
            column = column - start + prefix.count
        }
        var shown = prefix
        // Control characters (a binary file's bytes) and bidirectional controls are shown as
        // U+FFFD, one for one, so the terminal gets no escape sequences, the line is not
        // reordered and the caret stays in its column.
        shown.unicodeScalars.append(
            contentsOf: line.map { $0 == "\t" || !DiagnosticText.isEscaped($0) ? $0 : "\u{FFFD}" })
        shown += suffix
        // Keep tabs in the caret line so that it lines up under the source line.
        var caret = ""
        for (index, scalar) in shown.unicodeScalars.enumerated() where index < column {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return "\(shown)\n\(caret)^\n"
    }
}
