import CYAML

/// What a file that says it is JSON (a `.json` token file) may not hold although libyaml reads
/// it: anything RFC 8259 has not. Comments (`// ...`, `/* ... */` and YAML's `# ...`), a comma
/// after the last entry of an object or array, and all of YAML beyond JSON (block style,
/// unquoted and single-quoted strings, plain scalars other than JSON's numbers and literals,
/// anchors, aliases, tags, documents, YAML's escapes). The tools that write and read token files
/// (Style Dictionary, Tokens Studio, `JSON.parse`) reject them, so a file stategen read silently
/// would fail everywhere else.
///
/// Found from libyaml's own events and marks, without parsing JSON by hand, in two ways:
///
/// - While the reader builds the tree, ``Checker`` looks at each event's style and properties,
///   at the source of each double-quoted scalar (between its marks) for escapes and raw control
///   characters, and at the text between one event's end mark and the next one's start, which
///   in JSON is whitespace and the one `,` or `:` the position needs: a `#` there is a comment
///   libyaml skipped, a `,` before the end of a collection a trailing comma. A plain scalar
///   starting with `//` or `/*` is a comment in JavaScript's syntax that YAML reads as text.
///   This costs a look at those bytes and nothing more.
/// - When libyaml rejects the file (a `//` line usually breaks the parse on the line after it,
///   before its scalar's event), ``problem(in:path:maxDepth:)`` goes over the scanner's tokens
///   up to the error: a `FLOW-ENTRY` (`,`) directly followed by `FLOW-MAPPING-END` or
///   `FLOW-SEQUENCE-END` is a trailing comma, a byte other than whitespace between two tokens a
///   skipped comment. The reader reports what it finds there if it comes before libyaml's error.
enum JSONSyntax {
    static let comment =
        "JSON has no comments; remove this one (a token's or group's \"$description\" can hold the note)"

    /// The error for a `#` comment at byte `offset` of `bytes`: an unquoted colour's when the
    /// comment starts with one (``YAMLEventParser/colour(at:in:)``), else ``comment``.
    static func comment(at offset: Int, in bytes: [UInt8]) -> String {
        guard let colour = YAMLEventParser.colour(at: offset, in: bytes) else { return comment }
        return "JSON needs a colour in double quotes, as in \"\(colour)\"; an unquoted '#' starts a comment "
            + "(which JSON has not) that swallows the rest of the line"
    }

    static func trailingComma(_ collection: String) -> String {
        "JSON allows no comma after the last entry of \(collection); remove this ','"
    }

    /// Whether a plain scalar's bytes start a `//` or `/* */` comment.
    static func startsComment(_ value: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard count >= 2, let value, value[0] == UInt8(ascii: "/") else { return false }
        return value[1] == UInt8(ascii: "/") || value[1] == UInt8(ascii: "*")
    }

    /// Why a plain, single-quoted or block scalar is no JSON value.
    static let doubleQuotes =
        "JSON writes a string in double quotes; its only unquoted values are numbers, true, false and null"

    /// Whether plain scalar bytes are one of JSON's unquoted values: a number (RFC 8259, 6:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), `true`, `false` or `null`.
    static func isUnquotedValue(_ value: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard let value, count > 0 else { return false }
        let text = UnsafeBufferPointer(start: value, count: count)
        if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) || text.elementsEqual("null".utf8) {
            return true
        }
        var i = 0
        func digits() -> Int {
            let first = i
            while i < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]) { i += 1 }
            return i - first
        }
        if text[i] == UInt8(ascii: "-") { i += 1 }
        if i < count, text[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < count, text[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == count
    }

    /// Checks a JSON file's events as the reader handles them, in order: each event's style
    /// and properties, and the text between one event's end mark and the next one's start.
    ///
    /// - An object is a flow mapping written `{ }`, an array a flow sequence written `[ ]`
    ///   (not YAML's block style, nor a flow pair `[a: b]`); a key is a double-quoted scalar;
    ///   a string is a double-quoted scalar whose source holds only JSON's escapes
    ///   (`\" \\ \/ \b \f \n \r \t \uXXXX`) and no raw character below U+0020; a plain
    ///   scalar is a JSON number, `true`, `false` or `null`.
    /// - No anchor, alias, tag, directive, `---` or `...`, and one document.
    /// - Between events, only JSON's whitespace and the one `,` or `:` the position needs: a
    ///   `#` there is a comment libyaml skipped, a `,` before the end of a collection a
    ///   trailing comma, anything else (`?`) YAML's own syntax.
    ///
    /// Every problem is a `.syntax` error at its byte. UTF-8 only (the reader refuses UTF-16
    /// for JSON before), so libyaml's character marks map to bytes by lead bytes.
    struct Checker {
        let bytes: [UInt8]
        let path: String
        /// The byte offset of character `index` (libyaml's marks count characters after the
        /// byte order mark), moved forward only.
        var cursor: (index: Int, byte: Int)
        var previousEnd: yaml_mark_t?
        /// Each open collection, outermost first: whether it is an object, and how many
        /// nodes (keys and values) it holds so far.
        var open: [(object: Bool, count: Int)] = []
        var documents = 0
        /// Whether every byte is ASCII, so that a character's index is its byte offset (after
        /// the byte order mark): most token files, and no walk over the bytes to map marks.
        let isASCII: Bool
        let bom: Int

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            self.bom = bom
            cursor = (0, bom)
            isASCII = bytes.withUnsafeBufferPointer { buffer in
                var all: UInt8 = 0
                for byte in buffer[bom...] { all |= byte }
                return all < 0x80
            }
        }

        mutating func byteOffset(ofCharacter index: Int) -> Int {
            if isASCII { return min(bom + index, bytes.count) }
            while cursor.index < index, cursor.byte < bytes.count {
                let lead = bytes[cursor.byte]
                cursor.byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                cursor.index += 1
            }
            return min(cursor.byte, bytes.count)
        }

        func error(_ message: String, line: Int, column: Int) -> YAMLError {
            YAMLError(.syntax, message, at: SourceLocation(path: path, line: line, column: column))
        }

        func error(_ message: String, at mark: yaml_mark_t) -> YAMLError {
            error(message, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        /// Throws at the first thing before or in `event` that JSON has not.
        mutating func check(_ event: borrowing yaml_event_t) throws(YAMLError) {
            let type = event.type
            let start = event.start_mark
            let node =
                type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT || type == YAML_MAPPING_START_EVENT
                || type == YAML_SEQUENCE_START_EVENT
            let closes = type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT
            let isKey = node && open.last.map { $0.object && $0.count & 1 == 0 } == true
            // What separates this node from the one before it in its collection.
            var separator: UInt8?
            if node, let last = open.last {
                separator =
                    last.object && last.count & 1 == 1 ? UInt8(ascii: ":") : last.count > 0 ? UInt8(ascii: ",") : nil
            }
            let previous = previousEnd
            previousEnd = event.end_mark
            var startByte = 0
            if let previous, start.index > previous.index {
                startByte = try checkGap(from: previous, to: start, separator: separator, closes: type)
            } else if closes || node {
                startByte = byteOffset(ofCharacter: Int(start.index))
            }
            if node, let last = open.last {
                open[open.count - 1].count = last.count + 1
            }
            switch type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try checkProperties(anchor: scalar.anchor, tag: scalar.tag, at: start)
                if scalar.style == YAML_PLAIN_SCALAR_STYLE, scalar.length == 0 {
                    throw error(
                        isKey ? "JSON needs a double-quoted key here" : "JSON needs a ':' and a value after this key",
                        at: start)
                }
                if scalar.style == YAML_PLAIN_SCALAR_STYLE, JSONSyntax.startsComment(scalar.value, count: scalar.length)
                {
                    throw error(JSONSyntax.comment, at: start)
                }
                if isKey && scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE {
                    throw error("JSON writes a key as a double-quoted string", at: start)
                }
                switch scalar.style {
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
                    try checkString(from: startByte, to: byteOffset(ofCharacter: Int(event.end_mark.index)), at: start)
                case YAML_PLAIN_SCALAR_STYLE where JSONSyntax.isUnquotedValue(scalar.value, count: scalar.length):
                    break
                default:
                    throw error(JSONSyntax.doubleQuotes, at: start)
                }
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                let object = type == YAML_MAPPING_START_EVENT
                let data = event.data
                try checkProperties(
                    anchor: object ? data.mapping_start.anchor : data.sequence_start.anchor,
                    tag: object ? data.mapping_start.tag : data.sequence_start.tag, at: start)
                let flow =
                    object
                    ? data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                    : data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                let opener = object ? UInt8(ascii: "{") : UInt8(ascii: "[")
                if !flow || startByte >= bytes.count || bytes[startByte] != opener {
                    throw error(
                        object
                            ? "JSON writes an object in braces: { \"key\": value, ... }"
                            : "JSON writes an array in brackets: [value, ...]", at: start)
                }
                if isKey { throw error("JSON writes a key as a double-quoted string", at: start) }
                open.append((object, 0))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                open.removeLast()
            case YAML_ALIAS_EVENT:
                throw error("JSON has no aliases; write the value again", at: start)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                let data = event.data.document_start
                if data.implicit == 0 || documents > 1 || data.version_directive != nil
                    || data.tag_directives.start != data.tag_directives.end
                {
                    throw error(
                        "JSON has no documents, directives or '---' and '...' lines: a .json file holds one value",
                        at: start)
                }
            case YAML_DOCUMENT_END_EVENT where event.data.document_end.implicit == 0:
                throw error(
                    "JSON has no documents, directives or '---' and '...' lines: a .json file holds one value",
                    at: start)
            default:
                break
            }
        }

        func checkProperties(
            anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at start: yaml_mark_t
        ) throws(YAMLError) {
            if anchor != nil {
                throw error("JSON has no anchors; remove this '&' and write the value where it is used", at: start)
            }
            if tag != nil { throw error("JSON has no tags; remove this '!' tag", at: start) }
        }

        /// Checks the text between two events (JSON's whitespace, and `separator` once when
        /// given) and returns the byte offset of `end`.
        mutating func checkGap(
            from previous: yaml_mark_t, to end: yaml_mark_t, separator: UInt8?, closes type: yaml_event_type_t
        ) throws(YAMLError) -> Int {
            var line = Int(previous.line) + 1
            var column = Int(previous.column) + 1
            var offset = byteOffset(ofCharacter: Int(previous.index))
            let endByte = byteOffset(ofCharacter: Int(end.index))
            var separator = separator
            let closes = type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT
            while offset < endByte {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    column = 1
                    offset += 1
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    break
                case UInt8(ascii: "#"):
                    throw error(JSONSyntax.comment(at: offset, in: bytes), line: line, column: column)
                case UInt8(ascii: ",") where closes:
                    throw error(
                        JSONSyntax.trailingComma(type == YAML_MAPPING_END_EVENT ? "an object" : "an array"),
                        line: line, column: column)
                case _ where byte == separator:
                    separator = nil
                default:
                    let shown = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "this character"
                    throw error(
                        "JSON has only whitespace\(separator.map { " and one '\(String(UnicodeScalar($0)))'" } ?? "") here; '\(shown)' is YAML's syntax",
                        line: line, column: column)
                }
                column += 1
                offset += 1
            }
            return endByte
        }

        /// Checks a double-quoted scalar's source, from its opening quote at byte `start` to
        /// byte `end` after its closing quote: only JSON's escapes, no raw control character.
        func checkString(from start: Int, to end: Int, at mark: yaml_mark_t) throws(YAMLError) {
            var offset = start + 1
            var column = Int(mark.column) + 2
            let line = Int(mark.line) + 1
            while offset < end - 1 {
                let byte = bytes[offset]
                if byte < 0x20 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    throw error(
                        "JSON strings hold no raw control character (U+\(String(repeating: "0", count: 4 - hex.count) + hex)); write it as an escape: \\n, \\t, \\u001F",
                        line: line, column: column)
                }
                if byte == UInt8(ascii: "\\"), offset + 1 < end {
                    let escaped = bytes[offset + 1]
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        offset += 2
                        column += 2
                        continue
                    case UInt8(ascii: "u"):
                        // libyaml has checked its four hexadecimal digits.
                        offset += 6
                        column += 6
                        continue
                    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                        throw error(
                            "JSON has no escaped line break; a JSON string is on one line (write \\n for a line break)",
                            line: line, column: column)
                    default:
                        let shown = escaped < 0x80 ? String(UnicodeScalar(escaped)) : "…"
                        throw error(
                            "JSON has no escape '\\\(shown)'; its escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits",
                            line: line, column: column)
                    }
                }
                if byte & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
        }
    }

    /// The first comment or trailing comma in `bytes`, from libyaml's scanner tokens, as a
    /// `yaml-syntax` error at it; `nil` when there is none, or when the scanner fails first.
    ///
    /// Stops, returning `nil`, at flow nesting deeper than `maxDepth` (the reader reports it),
    /// which also keeps the scanner from its quadratic work on deep flow nesting.
    static func problem(in bytes: [UInt8], path: String, maxDepth: Int) -> YAMLError? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let utf8 = !(bytes.count >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE))
        // libyaml's marks count characters after the byte order mark; `cursor` is the byte
        // offset of character `index`, moved forward only (tokens come in order).
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var cursor = (index: 0, byte: bom)
        func byteOffset(ofCharacter index: Int) -> Int {
            while cursor.index < index, cursor.byte < bytes.count {
                let lead = bytes[cursor.byte]
                cursor.byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                cursor.index += 1
            }
            return min(cursor.byte, bytes.count)
        }
        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }
        let comment = Self.comment
        return bytes.withUnsafeBufferPointer { buffer -> YAMLError? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var token = yaml_token_t()
            var previous = (type: YAML_NO_TOKEN, start: yaml_mark_t(), end: yaml_mark_t())
            var depth = 0
            while true {
                guard yaml_parser_scan(&parser, &token) != 0 else { return nil }
                defer { yaml_token_delete(&token) }
                let type = token.type
                if type == YAML_NO_TOKEN { return nil }
                switch type {
                case YAML_FLOW_MAPPING_START_TOKEN, YAML_FLOW_SEQUENCE_START_TOKEN:
                    depth += 1
                    if depth > maxDepth { return nil }
                case YAML_FLOW_MAPPING_END_TOKEN, YAML_FLOW_SEQUENCE_END_TOKEN:
                    depth -= 1
                    if previous.type == YAML_FLOW_ENTRY_TOKEN {
                        return YAMLError(
                            .syntax, Self.trailingComma(type == YAML_FLOW_MAPPING_END_TOKEN ? "an object" : "an array"),
                            at: location(previous.start))
                    }
                case YAML_SCALAR_TOKEN where token.data.scalar.style == YAML_PLAIN_SCALAR_STYLE:
                    if Self.startsComment(token.data.scalar.value, count: token.data.scalar.length) {
                        return YAMLError(.syntax, comment, at: location(token.start_mark))
                    }
                default:
                    break
                }
                // The bytes between the previous token and this one: JSON's whitespace, or a
                // comment the scanner skipped. (UTF-16 files are left to the tokens' checks.)
                // The gap before the end of the stream too: a comment on the last line (a
                // one-line file's unquoted colour, whose '#' swallowed every closing brace).
                if utf8, previous.type != YAML_NO_TOKEN {
                    var line = Int(previous.end.line) + 1
                    var column = Int(previous.end.column) + 1
                    var offset = byteOffset(ofCharacter: Int(previous.end.index))
                    let end = byteOffset(ofCharacter: Int(token.start_mark.index))
                    while offset < end {
                        switch bytes[offset] {
                        case UInt8(ascii: "\n"):
                            line += 1
                            column = 1
                        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                            column += 1
                        default:
                            return YAMLError(
                                .syntax, Self.comment(at: offset, in: bytes),
                                at: SourceLocation(path: path, line: line, column: column))
                        }
                        offset += 1
                    }
                }
                if type == YAML_STREAM_END_TOKEN { return nil }
                previous = (type, token.start_mark, token.end_mark)
            }
        }
    }
}
