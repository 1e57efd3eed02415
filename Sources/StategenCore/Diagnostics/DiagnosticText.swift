/// Text from the inputs (token, kind and file names, a file's bytes) made safe to print on a
/// terminal: the characters a terminal or a reader's eye would act on are shown as Swift's
/// `\u{…}` escapes, so that a name holding ESC cannot set a window title, clear the screen or
/// colour the log, and a bidirectional override cannot reorder what the reader sees.
///
/// Escaped: the C0 controls U+0000–U+001F (tab and line breaks too), DEL U+007F, the C1
/// controls U+0080–U+009F (the terminal reads U+009B as ESC `[`), the line and paragraph
/// separators U+2028 and U+2029 (a line break to an editor or log viewer), and the Unicode bidirectional
/// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069; Unicode Standard Annex #9).
/// The JSON output needs none of this: its encoder escapes every control character itself.
public enum DiagnosticText {
    /// Whether `scalar` is shown escaped in text diagnostics.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        // LINE and PARAGRAPH SEPARATOR: a line break to an editor, a log viewer and JavaScript.
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// `scalar` as `\u{1B}`: upper-case hexadecimal, at least two digits.
    public static func escapedScalar(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }

    /// `text` with every character that ``isEscaped(_:)`` as its `\u{…}` escape; the rest as it is.
    ///
    /// - Parameter keepingLineBreaks: keep `\n` and tab as they are, for text that is several
    ///   lines on purpose (a help text, a diagnostic already rendered); a lone CR is still escaped.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar), !(keepingLineBreaks && (scalar == "\n" || scalar == "\t")) {
                out.append(contentsOf: escapedScalar(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// How many characters of a value ``quoted(_:)`` shows.
    public static let maxQuotedCharacters = 80

    /// A user's value or name (from a spec, token file or configuration) for a message: in
    /// single quotes, its first line only and at most ``maxQuotedCharacters`` characters of it,
    /// with every character that ``isEscaped(_:)`` as its `\u{…}` escape. A cut value ends
    /// with `…` and tells its size: `'first line…' (50 lines)`, `'#AAAA…' (3000 characters)`.
    ///
    /// A message never holds a whole multi-line block or a megabyte scalar this way: a file that
    /// is not what it was named as (a secrets file listed as tokens) shows one line at most.
    public static func quoted(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        // Most values are short printable ASCII (a token's path): nothing to cut or escape.
        // (Token decoding builds a message context with one per token: issue 26's benchmark.)
        if text.utf8.count <= maxQuotedCharacters, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return "'" + text + "'"
        }
        var lines = 1
        var firstLine = Substring(text)
        // A line break that ends the text is shown (escaped), not counted as a second line.
        if let end = text.firstIndex(where: \.isNewline), text.index(after: end) < text.endIndex {
            firstLine = text[..<end]
            lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            if text.last?.isNewline == true { lines -= 1 }
        }
        let cut = firstLine.count > maxQuotedCharacters
        let shown = cut ? firstLine.prefix(maxQuotedCharacters) : firstLine
        let quotedText = "'" + escaped(String(shown)) + (cut || lines > 1 ? "…'" : "'")
        if lines > 1 { return quotedText + " (\(lines) lines)" }
        if cut { return quotedText + " (\(text.count) characters)" }
        return quotedText
    }
}
