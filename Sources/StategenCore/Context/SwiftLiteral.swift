/// Swift source text for spec values: string literals, numbers, colours and doc comments.
enum SwiftLiteral {
    /// A string literal that reads back as exactly `text`: `\`, `"` and every control
    /// character escaped, so `\(`, quotes, newlines and any Unicode round-trip.
    static func string(_ text: String) -> String {
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
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A `Double` literal that reads back as exactly `value` (Swift prints the shortest
    /// round-tripping form), with `.infinity` and `.nan` spelt out.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        return "\(value)"
    }

    /// Text safe to put on one line of a comment: line breaks and other control characters as
    /// `\u{X}` escapes (a spec file name can hold a newline).
    static func commentText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029
            {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The lines of a doc comment's text; a line break of any kind (`\n`, `\r\n`, `\r`,
    /// U+2028, U+2029) starts a new line, so no text can leave the comment, and other control
    /// characters are written as `\u{X}` escapes.
    static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
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
                // Other control characters (NUL among them, which Swift rejects in a source
                // file) are shown as escapes rather than written raw.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
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
}
