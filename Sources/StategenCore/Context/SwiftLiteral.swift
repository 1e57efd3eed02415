/// Swift source text for spec values: string literals, numbers, colours and doc comments.
enum SwiftLiteral {
    /// A string literal that reads back as exactly `text`: `\`, `"` and every invisible
    /// character (``isInvisible(_:)``) escaped, so `\(`, quotes, newlines and any Unicode
    /// round-trip, and no bidirectional override can make the source read differently from
    /// what it compiles to.
    static func string(_ text: String) -> String {
        // Printable ASCII (space to `~`) without `\` and `"`, the common case, is its own
        // literal text.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x22 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if isInvisible(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A `Double` literal that reads back as exactly `value` (Swift prints the shortest
    /// round-tripping form), with `.infinity` and `.nan` spelt out and qualified
    /// (`Swift.Double.nan`) so that no generated type can shadow `Double`.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Swift.Double.nan" }
        if value.isInfinite { return value < 0 ? "-Swift.Double.infinity" : "Swift.Double.infinity" }
        return "\(value)"
    }

    /// Whether ``docLines(_:)`` of `text` has a line: `text` holds a character that is not a
    /// line break. Cheaper than making the lines.
    static func hasDocLines(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.unicodeScalars.contains { scalar in
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}": false
            default: true
            }
        }
    }

    /// The lines of a doc comment's text; a line break of any kind (`\n`, `\r\n`, `\r`,
    /// U+2028, U+2029, VT, FF, NEL) starts a new line, so no text can leave the comment; other
    /// invisible characters but tab are written as `\u{...}` escapes.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        // Printable ASCII, tabs and `\n` breaks, the common case: the lines as split.
        var breaks = false
        if text.utf8.allSatisfy({ byte in
            if byte == 0x0A { breaks = true }
            return (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A
        }) {
            // One line, the most common doc: itself.
            if !breaks { return [text] }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        var lines: [String] = [""]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previousWasCR:
                break
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}":
                lines.append("")
            case "\t":
                lines[lines.count - 1].unicodeScalars.append(scalar)
            default:
                // Other control and format characters (NUL, ESC, DEL, bidirectional overrides)
                // would be a compiler warning or invisible in the comment: they are written as
                // `\u{1B}`.
                if isInvisible(scalar) {
                    lines[lines.count - 1] += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    lines[lines.count - 1].unicodeScalars.append(scalar)
                }
            }
            previousWasCR = scalar == "\r"
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Control characters (Unicode Cc), format characters (Cf: bidirectional controls, zero-width
    /// joiners, the byte order mark) and the line and paragraph separators: characters that
    /// show nothing, or change how the text around them shows.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Text safe to put on one line of a comment (a spec file name can hold a line break):
    /// invisible characters, line breaks among them, are written as `\u{...}` escapes.
    static func commentText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
