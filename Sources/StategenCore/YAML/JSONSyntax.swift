import CYAML

/// What a file that says it is JSON (a `.json` token file) may not hold although libyaml reads
/// it: comments (`// ...`, `/* ... */` and YAML's `# ...`) and a comma after the last entry of
/// an object or array. JSON (RFC 8259) has neither, and the tools that write and read token
/// files (Style Dictionary, Tokens Studio, `JSON.parse`) reject both, so a file stategen read
/// silently would fail everywhere else.
///
/// Found from libyaml's own marks, without parsing JSON by hand, in two ways:
///
/// - While the reader builds the tree, ``Checker`` looks at the text between one event's end
///   mark and the next one's start, which in JSON is whitespace, `,` and `:`: a `#` there is a
///   comment libyaml skipped, and a `,` before the end of a collection a trailing comma; a
///   plain scalar starting with `//` or `/*` is a comment in JavaScript's syntax that YAML reads
///   as text. This costs a look at those bytes and nothing more.
/// - When libyaml rejects the file (a `//` line usually breaks the parse on the line after it,
///   before its scalar's event), ``problem(in:path:maxDepth:)`` goes over the scanner's tokens
///   up to the error: a `FLOW-ENTRY` (`,`) directly followed by `FLOW-MAPPING-END` or
///   `FLOW-SEQUENCE-END` is a trailing comma, a byte other than whitespace between two tokens a
///   skipped comment. The reader reports what it finds there if it comes before libyaml's error.
enum JSONSyntax {
    static let comment =
        "JSON has no comments; remove this one (a token's or group's \"$description\" can hold the note)"

    static func trailingComma(_ collection: String) -> String {
        "JSON allows no comma after the last entry of \(collection); remove this ','"
    }

    /// Whether a plain scalar's bytes start a `//` or `/* */` comment.
    static func startsComment(_ value: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard count >= 2, let value, value[0] == UInt8(ascii: "/") else { return false }
        return value[1] == UInt8(ascii: "/") || value[1] == UInt8(ascii: "*")
    }

    /// Checks a JSON file's events as the reader handles them, in order.
    struct Checker {
        let bytes: [UInt8]
        let path: String
        /// UTF-16 files are left to the scalars' check.
        let utf8: Bool
        /// The byte offset of character `index` (libyaml's marks count characters after the
        /// byte order mark), moved forward only.
        var cursor: (index: Int, byte: Int)
        var previousEnd: yaml_mark_t?

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            utf8 = !(bytes.count >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE))
            cursor = (0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        }

        mutating func byteOffset(ofCharacter index: Int) -> Int {
            while cursor.index < index, cursor.byte < bytes.count {
                let lead = bytes[cursor.byte]
                cursor.byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                cursor.index += 1
            }
            return min(cursor.byte, bytes.count)
        }

        /// Throws at a comment or trailing comma before `event`, or at a plain scalar `event`
        /// that is a `//` or `/*` comment.
        mutating func check(_ event: borrowing yaml_event_t) throws(YAMLError) {
            let type = event.type
            let start = event.start_mark
            let scalar = event.data.scalar
            if type == YAML_SCALAR_EVENT, scalar.style == YAML_PLAIN_SCALAR_STYLE,
                JSONSyntax.startsComment(scalar.value, count: scalar.length)
            {
                throw YAMLError(
                    .syntax, JSONSyntax.comment,
                    at: SourceLocation(
                        path: path, line: Int(start.line) + 1, column: Int(start.column) + 1))
            }
            let previous = previousEnd
            previousEnd = event.end_mark
            guard utf8, let previous, start.index > previous.index else { return }
            var line = Int(previous.line) + 1
            var column = Int(previous.column) + 1
            var offset = byteOffset(ofCharacter: Int(previous.index))
            let end = byteOffset(ofCharacter: Int(start.index))
            let closes = type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT
            while offset < end {
                switch bytes[offset] {
                case UInt8(ascii: "\n"):
                    line += 1
                    column = 1
                    offset += 1
                    continue
                case UInt8(ascii: "#"):
                    throw YAMLError(
                        .syntax, JSONSyntax.comment, at: SourceLocation(path: path, line: line, column: column))
                case UInt8(ascii: ",") where closes:
                    throw YAMLError(
                        .syntax,
                        JSONSyntax.trailingComma(type == YAML_MAPPING_END_EVENT ? "an object" : "an array"),
                        at: SourceLocation(path: path, line: line, column: column))
                case let byte where byte >= 0x80:
                    // Not JSON's whitespace or punctuation: left to libyaml's own checks.
                    offset = end
                    continue
                default:
                    break
                }
                column += 1
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
                if type == YAML_STREAM_END_TOKEN || type == YAML_NO_TOKEN { return nil }
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
                                .syntax, comment, at: SourceLocation(path: path, line: line, column: column))
                        }
                        offset += 1
                    }
                }
                previous = (type, token.start_mark, token.end_mark)
            }
        }
    }
}
