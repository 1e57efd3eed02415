import CYAML

/// One event of libyaml's parse, in Swift terms: what the tree builder consumes and what
/// `stategen debug yaml-events` prints.
public struct YAMLEvent: Sendable {
    /// The event types of libyaml's parse (yaml_event_type_t), with their data.
    public enum Kind: Sendable, Equatable {
        case streamStart
        case streamEnd
        /// `explicit` when the document starts with `---`.
        case documentStart(explicit: Bool)
        /// `explicit` when the document ends with `...`.
        case documentEnd(explicit: Bool)
        case sequenceStart(flow: Bool)
        case sequenceEnd
        case mappingStart(flow: Bool)
        case mappingEnd
        case scalar(String, YAMLScalarStyle)
        /// An alias, with the anchor name it refers to.
        case alias(String)
    }

    public var kind: Kind
    public var anchor: String?
    /// The resolved tag, as libyaml reports it (`tag:yaml.org,2002:str` for `!!str`).
    public var tag: String?
    public var start: YAMLMark
    public var end: YAMLMark
}

/// libyaml's event parser over a byte buffer.
public enum YAMLEventParser {
    /// Parses `bytes` and hands each event to `handle`, in order, up to and including the
    /// stream end; stops at the first error, libyaml's, a passed limit, or one `handle` throws.
    ///
    /// The reader's limits apply as ``YAMLReader`` applies them, so an event stream stops where
    /// a read would: the input size before parsing; the depth, the node count (each alias
    /// counted as the nodes its anchor's subtree holds, per document) and the input size with
    /// each alias counted as the text it repeats, at the event that passes them, before it is
    /// handed on. Stopping there also keeps libyaml from its quadratic work
    /// on deep flow nesting (each token rechecks every open flow level's possible simple key).
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 (with or without BOM) or UTF-16 with BOM, as libyaml detects it.
    ///   - path: the file's path, for error locations.
    ///   - limits: depth, nodes and input size, in levels, nodes and bytes.
    /// - Throws: ``YAMLError`` with libyaml's problem at its mark (reader errors, which carry a
    ///   byte offset only, are converted to a line and column), `.limitExceeded` at the start of
    ///   the node past a limit (line 1, column 1 for the input size), or what `handle` throws.
    public static func parse(
        _ bytes: [UInt8], path: String, limits: YAMLReader.Limits = YAMLReader.Limits(),
        _ handle: (YAMLEvent) throws(YAMLError) -> Void
    ) throws(YAMLError) {
        if bytes.count > limits.maxInputBytes { throw limits.inputSizeError(bytes.count, path: path) }
        var counter = LimitCounter(limits: limits, path: path, expandedSize: bytes.count)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(
                .io, "libyaml could not allocate a parser", at: SourceLocation(path: path, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<Void, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var raw = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &raw) != 0 else {
                    return .failure(error(parser, bytes: bytes, path: path))
                }
                let event = convert(raw)
                yaml_event_delete(&raw)
                do throws(YAMLError) {
                    try counter.count(event)
                    try handle(event)
                } catch {
                    return .failure(error)
                }
                if event.kind == .streamEnd { return .success(()) }
            }
        }
        try result.get()
    }

    /// The reader's depth and node counts over an event stream (``YAMLReader/Limits``), and
    /// the input's size with each alias counted as the text it repeats.
    struct LimitCounter {
        let limits: YAMLReader.Limits
        let path: String
        /// The input's size, and the text the aliases so far repeat (in characters).
        var expandedSize: Int
        /// Per open collection, outermost first: its size in nodes so far (itself included),
        /// its anchor, where it starts, and the text its aliases so far repeat.
        var open: [(size: Int, anchor: String?, start: Int, repeated: Int)] = []
        /// Each anchor of the current document, the nodes its subtree holds and the text it
        /// stands for (its own and what its aliases repeat).
        var anchors: [String: (size: Int, text: Int)] = [:]
        var nodes = 0

        /// Counts `event`; throws when it opens a collection `maxDepth` levels deep or brings
        /// the stream's nodes past `maxNodes`.
        mutating func count(_ event: YAMLEvent) throws(YAMLError) {
            let location = SourceLocation(path: path, line: event.start.line, column: event.start.column)
            switch event.kind {
            case .documentStart:
                anchors.removeAll()
            case .sequenceStart, .mappingStart:
                if open.count >= limits.maxDepth { throw limits.depthError(at: location) }
                try add(1, at: location)
                open.append((1, event.anchor, event.start.offset, 0))
            case .sequenceEnd, .mappingEnd:
                guard let (size, anchor, start, repeated) = open.popLast() else { return }
                if let anchor { anchors[anchor] = (size, event.end.offset - start + repeated) }
                if !open.isEmpty {
                    open[open.count - 1].size += size
                    open[open.count - 1].repeated += repeated
                }
            case .scalar:
                try add(1, at: location)
                if let anchor = event.anchor { anchors[anchor] = (1, event.end.offset - event.start.offset) }
                if !open.isEmpty { open[open.count - 1].size += 1 }
            case .alias(let name):
                let (size, text) = anchors[name] ?? (1, 0)
                try add(size, at: location)
                expandedSize += text
                if expandedSize > limits.maxInputBytes { throw limits.expansionError(at: location) }
                if !open.isEmpty {
                    open[open.count - 1].size += size
                    open[open.count - 1].repeated += text
                }
            case .streamStart, .streamEnd, .documentEnd:
                break
            }
        }

        mutating func add(_ n: Int, at location: SourceLocation) throws(YAMLError) {
            nodes += n
            if nodes > limits.maxNodes { throw limits.nodesError(at: location) }
        }
    }

    static func convert(_ event: yaml_event_t) -> YAMLEvent {
        let start = mark(event.start_mark)
        let end = mark(event.end_mark)
        var anchor: String?
        var tag: String?
        let kind: YAMLEvent.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_STREAM_END_EVENT:
            kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart(explicit: event.data.document_start.implicit == 0)
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd(explicit: event.data.document_end.implicit == 0)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            anchor = string(data.anchor)
            tag = string(data.tag)
            kind = .sequenceStart(flow: data.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            anchor = string(data.anchor)
            tag = string(data.tag)
            kind = .mappingStart(flow: data.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(string(event.data.alias.anchor) ?? "")
        default:  // YAML_SCALAR_EVENT (YAML_NO_EVENT is never returned by a successful parse)
            let data = event.data.scalar
            anchor = string(data.anchor)
            tag = string(data.tag)
            let text =
                data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) }
                ?? ""
            let style = YAMLScalarStyle(data.style)
            kind = .scalar(text, style)
        }
        return YAMLEvent(kind: kind, anchor: anchor, tag: tag, start: start, end: end)
    }

    static func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// libyaml's problem and context as an error at its problem mark.
    static func error(_ parser: yaml_parser_t, bytes: [UInt8], path: String) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        func location(_ m: yaml_mark_t) -> SourceLocation {
            SourceLocation(path: path, line: Int(m.line) + 1, column: Int(m.column) + 1)
        }
        switch parser.error {
        case YAML_READER_ERROR:
            var message = problem
            if parser.problem_value != -1 {
                message += " (0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
            }
            // libyaml points at the byte that broke a sequence; the character at fault starts at
            // the sequence's leading byte (a Latin-1 'é' is a lone leading byte).
            var offset = Int(parser.problem_offset)
            if problem.contains("trailing") || problem.contains("incomplete") {
                var lead = min(offset, bytes.count) - 1
                while lead >= 0, lead >= offset - 3, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                if lead >= 0, bytes[lead] & 0xC0 == 0xC0 { offset = lead }
            }
            return YAMLError(.encoding, message, at: locationOfByte(offset, in: bytes, path: path))
        case YAML_MEMORY_ERROR:
            return YAMLError(.io, "libyaml ran out of memory", at: location(parser.problem_mark))
        default:
            var notes: [Diagnostic.Note] = []
            // libyaml's context, where it points elsewhere than the problem.
            if let context = parser.context.map({ String(cString: $0) }),
                location(parser.context_mark) != location(parser.problem_mark)
            {
                notes.append(.init(context, at: location(parser.context_mark)))
            }
            var lines = Set(
                [parser.context_mark, parser.problem_mark].filter { $0.line <= parser.problem_mark.line }
                    .map { Int($0.line) + 1 })
            // At the end of the file libyaml's error is past the last line, on no text: the
            // line that broke the file is the last one with text.
            // (The mark counts characters after any byte order mark; a UTF-16 file is left out.)
            var problemByte = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            for _ in 0..<Int(parser.problem_mark.index) where problemByte < bytes.count {
                let lead = bytes[problemByte]
                problemByte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            }
            let utf16 =
                bytes.count >= 2 && (bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE)
            let rest = utf16 ? [0x00] : bytes[min(problemByte, bytes.count)...]
            let atEnd = rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            let lastLine = atEnd ? lastLineWithText(in: bytes) : nil
            if let lastLine { lines.insert(lastLine) }
            // An unquoted colour there swallowed what the file still needed (`{ $value:
            // #0A84FF }` loses its brace to the comment): the error is at its '#'.
            if let lastLine, let hash = unquotedHash(onLine: lastLine, of: bytes) {
                return YAMLError(
                    .syntax,
                    "an unquoted '#' after a space starts a comment, which swallows the rest of the line; "
                        + "quote colours, as in \"\(hash.colour ?? "#0A84FF")\"",
                    at: SourceLocation(path: path, line: lastLine, column: hash.column),
                    notes: [.init("libyaml: \(problem)")])
            }
            notes += hints(lines: lines, bytes: bytes, path: path)
            return YAMLError(.syntax, problem, at: location(parser.problem_mark), notes: notes)
        }
    }

    /// Notes for the two mistakes behind most syntax errors in hand-written specs and YAML
    /// token files, when the lines around the error show them: a tab in the indentation, and
    /// an unquoted `#` colour, which starts a comment that swallows the rest of the line (that
    /// note is at the `#`, in the file at `path`).
    static func hints(lines: Set<Int>, bytes: [UInt8], path: String) -> [Diagnostic.Note] {
        var notes: [Diagnostic.Note] = []
        var sawTab = false
        var sawHash = false
        for number in lines.sorted() {
            guard let range = lineRange(number, in: bytes) else { continue }
            let indentation = bytes[range].prefix { $0 == 0x20 || $0 == 0x09 }
            if indentation.contains(0x09), !sawTab {
                notes.append(.init("YAML does not allow tabs in indentation; indent with spaces"))
                sawTab = true
            }
            if !sawHash, let hash = unquotedHash(onLine: number, of: bytes) {
                notes.append(hashNote(hash, line: number, path: path))
                sawHash = true
            }
        }
        // The comment swallowed the rest of its line, so libyaml's error can be lines later,
        // its context elsewhere: the colour nearest before the error's last line. (Only a
        // colour here: `key: # a remark` on an earlier line is a YAML comment.)
        if !sawHash, let last = lines.max() {
            var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
            for offset in starts[0]..<bytes.count where bytes[offset] == 0x0A && starts.count < last {
                starts.append(offset + 1)
            }
            for number in stride(from: starts.count, through: 1, by: -1) {
                let start = starts[number - 1]
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                if let hash = unquotedHash(inLine: start..<end, of: bytes), hash.colour != nil {
                    notes.append(hashNote(hash, line: number, path: path))
                    break
                }
            }
        }
        return notes
    }

    /// The note at an unquoted `#` on line `number`, that says to quote the colour.
    static func hashNote(_ hash: (column: Int, colour: String?), line number: Int, path: String) -> Diagnostic.Note {
        .init(
            "an unquoted '#' after a space starts a comment; quote colours, as in \"\(hash.colour ?? "#0A84FF")\"",
            at: SourceLocation(path: path, line: number, column: hash.column))
    }

    /// The bytes of line `number` (1-based, without its line break), or `nil` past the last line.
    static func lineRange(_ number: Int, in bytes: [UInt8]) -> Range<Int>? {
        var line = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while line < number {
            guard let end = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = end + 1
            line += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        return start..<end
    }

    /// The number of the last line holding more than whitespace, or `nil` for a blank file.
    static func lastLineWithText(in bytes: [UInt8]) -> Int? {
        guard let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return nil
        }
        return bytes[..<last].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// The first `#` on line `number` that starts a comment where a value belongs, after
    /// `:`, `,`, `[` or `{` (and a space, or directly after a bracket, or after a `:` that
    /// ends a quoted key, as in `{"$value":#FFF}`): its column (in characters, 1-based) and
    /// the colour it begins, when it is one (``colour(at:in:)``). A quoted string where a
    /// scalar starts is stepped over (its `#` is no comment); one that goes on past the line
    /// ends the search.
    static func unquotedHash(onLine number: Int, of bytes: [UInt8]) -> (column: Int, colour: String?)? {
        guard let range = lineRange(number, in: bytes) else { return nil }
        return unquotedHash(inLine: range, of: bytes)
    }

    /// ``unquotedHash(onLine:of:)`` for the line at `range` of `bytes` (without its line break).
    static func unquotedHash(inLine range: Range<Int>, of bytes: [UInt8]) -> (column: Int, colour: String?)? {
        let starts = [":", ",", "[", "{", "-", "?"].map(UInt8.init(ascii:)) + [0x0A]
        var column = 1
        var previous: UInt8 = 0x0A  // the last byte before this one that is no space or tab
        var spaced = false
        var keyColon = false  // `previous` is a ':' right after a quoted string
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "#"),
                spaced && [":", ",", "[", "{"].map(UInt8.init(ascii:)).contains(previous)
                    || !spaced && (previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{") || keyColon)
            {
                return (column, colour(at: offset, in: bytes))
            }
            if byte == 0x20 || byte == 0x09 {
                spaced = true
            } else if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")), starts.contains(previous) {
                // A quoted scalar: on to its closing quote (a '\\' escapes the next byte in
                // double quotes; a single-quoted '' reads as two strings, which ends the same).
                var end = offset + 1
                while end < range.upperBound, bytes[end] != byte {
                    if byte == UInt8(ascii: "\""), bytes[end] == UInt8(ascii: "\\") { end += 1 }
                    end += 1
                }
                guard end < range.upperBound else { return nil }
                for inner in offset..<end where bytes[inner] & 0xC0 != 0x80 { column += 1 }
                offset = end
                previous = byte
                spaced = false
                keyColon = false
            } else {
                keyColon =
                    byte == UInt8(ascii: ":") && (previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "'"))
                previous = byte
                spaced = false
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return nil
    }

    /// The colour written at `offset` in `bytes`: `#` and 3, 4, 6 or 8 hexadecimal digits,
    /// ended by whitespace, `,`, `}`, `]` or the end of the file; `nil` when it is no colour.
    static func colour(at offset: Int, in bytes: [UInt8]) -> String? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "#") else { return nil }
        var end = offset + 1
        while end < bytes.count, end - offset <= 8, Character(UnicodeScalar(bytes[end])).isHexDigit { end += 1 }
        let digits = end - offset - 1
        guard [3, 4, 6, 8].contains(digits) else { return nil }
        if end < bytes.count, !" \t\r\n,}]".utf8.contains(bytes[end]) { return nil }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The line and column of a byte offset into the input (UTF-8, or UTF-16 with a BOM).
    static func locationOfByte(_ offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        let isUTF16LE = bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE
        let isUTF16BE = bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF
        if isUTF16LE || isUTF16BE {
            var units: [UInt16] = []
            var i = 2
            while i + 1 < end {
                let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
                units.append(isUTF16LE ? a | b << 8 : a << 8 | b)
                i += 2
            }
            for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        } else {
            var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while i < end {
                let byte = bytes[i]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
        }
        return SourceLocation(path: path, line: line, column: column)
    }
}

extension YAMLScalarStyle {
    /// The style of libyaml's scalar style; `plain` for `YAML_ANY_SCALAR_STYLE` (which libyaml
    /// only uses when emitting).
    init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}
