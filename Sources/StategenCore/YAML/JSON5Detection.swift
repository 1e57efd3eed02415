/// Whether a `.json` file that is not JSON is JSON5 (or "JSON with comments"), which design
/// tools and hand-edited token files often are, so that its reader reports one error saying
/// what the file is and how to convert it rather than the first of its many JSON errors.
///
/// JSON5 (json5.org, "The JSON5 Data Interchange Format", 1.0.0) extends JSON with `//` and
/// `/* */` comments, a comma after the last entry of an object or array, keys that are
/// identifiers without quotes, single-quoted strings, and numbers JSON has not (hexadecimal,
/// a leading `+`, a leading or trailing `.`, `Infinity`, `NaN`). A file is taken for JSON5
/// when it has at least two of those kinds; comments alone (JSON with comments), a lone
/// trailing comma or unquoted keys alone are slips in a JSON file, reported as such ("JSON has
/// no comments; remove this one").
///
/// Found by a small lexer over the bytes (strings, comments, punctuation, words), run only
/// when the file has already failed as JSON.
enum JSON5Detection {
    /// A JSON5 feature, by the name a message gives it.
    enum Feature: Int, CaseIterable, Comparable {
        case comment, trailingComma, unquotedKey, singleQuotedString, number

        var name: String {
            switch self {
            case .comment: "comments"
            case .trailingComma: "trailing commas"
            case .unquotedKey: "unquoted keys"
            case .singleQuotedString: "single-quoted strings"
            case .number: "JSON5 numbers (hexadecimal, Infinity, NaN, a leading '+' or '.')"
            }
        }

        static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }
    }

    /// The JSON5 features of a file: how many of each, and where the first of each is.
    struct Summary {
        var counts: [Feature: Int] = [:]
        var first: [Feature: SourceLocation] = [:]

        mutating func record(_ feature: Feature, at location: SourceLocation) {
            counts[feature, default: 0] += 1
            if first[feature] == nil { first[feature] = location }
        }

        /// Whether the file reads as JSON5 (see ``JSON5Detection``).
        var isJSON5: Bool { counts.count >= 2 }

        /// Where the first feature is.
        var location: SourceLocation? { first.values.min() }
    }

    /// The features of `bytes` (UTF-8, a byte order mark skipped), located in the file at `path`.
    static func summary(of bytes: [UInt8], path: String) -> Summary {
        var summary = Summary()
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var column = 1
        // Open containers: whether each is an object, and whether it awaits a key.
        var open: [(object: Bool, expectsKey: Bool)] = []
        var pendingComma: SourceLocation?
        func here() -> SourceLocation { SourceLocation(path: path, line: line, column: column) }
        func advance() {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"),
                UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default: byte >= 0x80
            }
        }
        /// Skips whitespace and comments from `i` (recording the comments).
        func skipSpace() {
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    advance()
                } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    summary.record(.comment, at: here())
                    while i < bytes.count, bytes[i] != 0x0A { advance() }
                } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    summary.record(.comment, at: here())
                    advance()
                    advance()
                    while i < bytes.count,
                        !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"))
                    {
                        advance()
                    }
                    if i < bytes.count {
                        advance()
                        advance()
                    }
                } else if byte == UInt8(ascii: "#") {
                    // YAML's comment (or an unquoted colour), which JSON5 has not: skipped.
                    while i < bytes.count, bytes[i] != 0x0A { advance() }
                } else {
                    return
                }
            }
        }
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            let start = here()
            let byte = bytes[i]
            let atKey = open.last.map { $0.object && $0.expectsKey } ?? false
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append((byte == UInt8(ascii: "{"), true))
                pendingComma = nil
                advance()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { summary.record(.trailingComma, at: comma) }
                pendingComma = nil
                if !open.isEmpty { open.removeLast() }
                advance()
            case UInt8(ascii: ","):
                pendingComma = start
                if let last = open.last, last.object { open[open.count - 1].expectsKey = true }
                advance()
            case UInt8(ascii: ":"):
                pendingComma = nil
                if !open.isEmpty { open[open.count - 1].expectsKey = false }
                advance()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if byte == UInt8(ascii: "'") { summary.record(.singleQuotedString, at: start) }
                pendingComma = nil
                advance()
                while i < bytes.count, bytes[i] != byte, bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count { advance() }
                    advance()
                }
                if i < bytes.count, bytes[i] == byte { advance() }
            default:
                pendingComma = nil
                let wordStart = i
                while i < bytes.count, isWordByte(bytes[i]) { advance() }
                if i == wordStart {
                    advance()  // a byte that is none of the above: on past it
                    continue
                }
                let word = bytes[wordStart..<i]
                if atKey {
                    if let first = word.first,
                        first == UInt8(ascii: "_") || first == UInt8(ascii: "$") || first >= 0x80
                            || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))
                    {
                        summary.record(.unquotedKey, at: start)
                    }
                } else if isJSON5Number(word) {
                    summary.record(.number, at: start)
                }
            }
        }
        return summary
    }

    /// Whether a word is a JSON5 number that JSON has not.
    static func isJSON5Number(_ word: ArraySlice<UInt8>) -> Bool {
        var text = String(decoding: word, as: UTF8.self)
        if text.hasPrefix("+") || text.hasPrefix("-") {
            if text.hasPrefix("+") { return text.count > 1 }
            text.removeFirst()
        }
        if text == "Infinity" || text == "NaN" { return true }
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return text.count > 2 }
        guard let first = text.first, first == "." || first.isNumber else { return false }
        return text.hasPrefix(".") || text.hasSuffix(".")
    }

    /// The one error for a JSON5 file, at its first JSON5 feature, or `nil` when the file does
    /// not read as JSON5.
    static func error(in bytes: [UInt8], path: String) -> YAMLError? {
        let summary = summary(of: bytes, path: path)
        guard summary.isJSON5, let location = summary.location else { return nil }
        let kinds = summary.counts.keys.sorted()
        let listed = kinds.map { kind in
            let count = summary.counts[kind] ?? 0
            return count == 1 ? "\(kind.name) (1)" : "\(kind.name) (\(count))"
        }
        let list =
            listed.count == 1
            ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + (listed.last ?? "")
        let notes: [Diagnostic.Note] = kinds.compactMap { kind in
            guard let first = summary.first[kind], first != location else { return nil }
            return .init("the first of its \(kind.name)", at: first)
        }
        return YAMLError(
            .syntax,
            "this file is JSON5, not JSON: it has \(list); a .json token file is strict JSON (RFC 8259), "
                + "as Style Dictionary, Tokens Studio and JSON.parse read it. Convert it with Python's json5 package "
                + "(pip install json5): python3 -c 'import json, json5, sys; json.dump(json5.load(open(sys.argv[1])), "
                + "open(sys.argv[2], \"w\"), indent=2, ensure_ascii=False)' IN.json OUT.tokens.json (comments are dropped: "
                + "keep a note in \"$description\"); or, to keep comments, write the file as YAML, named .tokens.yml, "
                + "with '#' comments",
            at: location, notes: notes)
    }
}
