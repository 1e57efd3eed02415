import CYAML

/// Reads a YAML stream into ``YAMLDocument``s through libyaml's event API.
///
/// The tree is built iteratively (an explicit stack, no recursion per nesting level), every node
/// carries its path and marks, aliases are replaced by their anchored node, and duplicate
/// mapping keys are rejected. Reading stops at the first error or passed limit.
public struct YAMLReader: Sendable {
    /// Bounds that keep a hostile or broken file from taking down the process.
    public struct Limits: Sendable, Hashable {
        /// Deepest nesting of sequences and mappings. libyaml 0.2.5 has no limit of its own.
        public var maxDepth: Int = 256
        /// Most nodes in a stream, counting each alias as the whole subtree it repeats
        /// (so a "billion laughs" document fails at once).
        public var maxNodes: Int = 1_000_000
        /// Largest input, in bytes.
        public var maxInputBytes: Int = 64 << 20

        public init(maxDepth: Int = 256, maxNodes: Int = 1_000_000, maxInputBytes: Int = 64 << 20) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
            self.maxInputBytes = maxInputBytes
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Reads every document of a stream.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 (with or without BOM) or UTF-16 with BOM, as libyaml detects it.
    ///   - path: the file's path, carried by every node and error.
    /// - Throws: ``YAMLError`` at the first problem.
    public func read(_ bytes: [UInt8], path: String) throws(YAMLError) -> [YAMLDocument] {
        if bytes.count > limits.maxInputBytes {
            throw YAMLError(
                .limitExceeded,
                "input is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        var builder = TreeBuilder(path: path, limits: limits, bytes: bytes)
        return try builder.run()
    }
}

/// The state of one read: libyaml's parser and the stack of open collections.
private struct TreeBuilder {
    enum Frame {
        case sequence(start: YAMLMark, tag: String?, anchor: String?, items: [YAMLNode])
        case mapping(
            start: YAMLMark, tag: String?, anchor: String?, entries: [YAMLMappingEntry],
            pendingKey: YAMLNode?, keys: [YAMLKeyIdentity: YAMLNode])
    }

    let path: String
    let limits: YAMLReader.Limits
    let bytes: [UInt8]
    var stack: [Frame] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    /// Nodes of each open collection so far, counting alias expansions, for anchor sizes.
    var sizes: [Int] = []
    var nodeCount = 0
    var documents: [YAMLDocument] = []
    var documentStart = YAMLMark(line: 1, column: 1, offset: 0)
    var root: YAMLNode?

    init(path: String, limits: YAMLReader.Limits, bytes: [UInt8]) {
        self.path = path
        self.limits = limits
        self.bytes = bytes
    }

    func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(path: path, line: mark.line, column: mark.column)
    }

    mutating func run() throws(YAMLError) -> [YAMLDocument] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(.io, "libyaml could not allocate a parser", at: location(documentStart))
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<Void, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    return .failure(libyamlError(parser))
                }
                let type = event.type
                do throws(YAMLError) {
                    try handle(event)
                } catch {
                    yaml_event_delete(&event)
                    return .failure(error)
                }
                yaml_event_delete(&event)
                if type == YAML_STREAM_END_EVENT { return .success(()) }
            }
        }
        try result.get()
        return documents
    }

    // MARK: Events

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let start = mark(event.start_mark)
        let end = mark(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentStart = start
            anchors.removeAll()
        case YAML_DOCUMENT_END_EVENT:
            if let root {
                documents.append(YAMLDocument(root: root, start: documentStart))
            }
            root = nil
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, count: scalar.length)
            let style: YAMLScalarStyle
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            let node = YAMLNode(
                .scalar(text, style), tag: optionalString(scalar.tag),
                anchor: optionalString(scalar.anchor), path: path, start: start, end: end)
            try count(1, at: start)
            try attach(node, size: 1)
        case YAML_ALIAS_EVENT:
            let name = optionalString(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(
                    .undefinedAlias, "alias '*\(name)' names no anchor defined before it",
                    at: location(start))
            }
            try count(anchored.size, at: start)
            var node = anchored.node
            node.anchor = nil
            try attach(node, size: anchored.size)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(
                .sequence(
                    start: start, tag: optionalString(data.tag), anchor: optionalString(data.anchor),
                    items: []), at: start)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(
                .mapping(
                    start: start, tag: optionalString(data.tag), anchor: optionalString(data.anchor),
                    entries: [], pendingKey: nil, keys: [:]), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast(), let size = sizes.popLast() else { return }
            let node: YAMLNode
            switch frame {
            case .sequence(let s, let tag, let anchor, let items):
                node = YAMLNode(
                    .sequence(items), tag: tag, anchor: anchor, path: path, start: s, end: end)
            case .mapping(let s, let tag, let anchor, let entries, _, _):
                node = YAMLNode(
                    .mapping(entries), tag: tag, anchor: anchor, path: path, start: s, end: end)
            }
            try attach(node, size: size)
        default:
            break
        }
    }

    mutating func open(_ frame: Frame, at start: YAMLMark) throws(YAMLError) {
        if stack.count >= limits.maxDepth {
            throw YAMLError(
                .limitExceeded,
                "nesting is deeper than the limit of \(limits.maxDepth) levels",
                at: location(start))
        }
        try count(1, at: start)
        stack.append(frame)
        sizes.append(1)
    }

    mutating func count(_ n: Int, at mark: YAMLMark) throws(YAMLError) {
        nodeCount += n
        if nodeCount > limits.maxNodes {
            throw YAMLError(
                .limitExceeded,
                "the document has more than \(limits.maxNodes) nodes (aliases counted as what they repeat)",
                at: location(mark))
        }
    }

    /// Adds a finished node to the innermost open collection, or makes it the document's root.
    mutating func attach(_ node: YAMLNode, size: Int) throws(YAMLError) {
        if let anchor = node.anchor { anchors[anchor] = (node, size) }
        guard let top = stack.indices.last else {
            root = node
            return
        }
        sizes[top] += size
        switch stack[top] {
        case .sequence(let start, let tag, let anchor, var items):
            stack[top] = .sequence(start: start, tag: tag, anchor: anchor, items: [])
            items.append(node)
            stack[top] = .sequence(start: start, tag: tag, anchor: anchor, items: items)
        case .mapping(let start, let tag, let anchor, var entries, let pendingKey, var keys):
            stack[top] = .mapping(
                start: start, tag: tag, anchor: anchor, entries: [], pendingKey: nil, keys: [:])
            if let key = pendingKey {
                entries.append(YAMLMappingEntry(key: key, value: node))
                stack[top] = .mapping(
                    start: start, tag: tag, anchor: anchor, entries: entries, pendingKey: nil,
                    keys: keys)
            } else {
                let identity = YAMLKeyIdentity(node)
                if let first = keys[identity] {
                    throw YAMLError(
                        .duplicateKey, "duplicate mapping key \(identity.display)",
                        at: node.location,
                        notes: [.init("first defined here", at: first.location)])
                }
                keys[identity] = node
                stack[top] = .mapping(
                    start: start, tag: tag, anchor: anchor, entries: entries, pendingKey: node,
                    keys: keys)
            }
        }
    }

    // MARK: libyaml values

    func mark(_ mark: yaml_mark_t) -> YAMLMark {
        YAMLMark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// libyaml's problem and context as an error at its problem mark. Reader errors carry a
    /// byte offset only; it is converted to a line and column here.
    func libyamlError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        switch parser.error {
        case YAML_READER_ERROR:
            var message = problem
            if parser.problem_value != -1 {
                message += " (0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
            }
            return YAMLError(
                .encoding, message,
                at: locationOfByte(Int(parser.problem_offset)))
        case YAML_MEMORY_ERROR:
            return YAMLError(.io, "libyaml ran out of memory", at: location(documentStart))
        default:
            var message = problem
            var notes: [Diagnostic.Note] = []
            if let context = parser.context.map({ String(cString: $0) }) {
                let contextMark = mark(parser.context_mark)
                notes.append(.init(context, at: location(contextMark)))
                message = "\(problem) (\(context))"
            }
            return YAMLError(.syntax, message, at: location(mark(parser.problem_mark)), notes: notes)
        }
    }

    /// The line and column of a byte offset into the input (UTF-8, or UTF-16 with a BOM).
    func locationOfByte(_ offset: Int) -> SourceLocation {
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
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
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

/// What makes two mapping keys the same: their resolved value and tag, so that `a` and `"a"`
/// collide while `1` and `"1"` do not.
struct YAMLKeyIdentity: Hashable {
    let canonical: String
    let display: String

    init(_ node: YAMLNode) {
        var out = ""
        YAMLKeyIdentity.write(node, into: &out)
        canonical = out
        if let text = node.scalarText {
            display = "'\(text)'"
        } else {
            display = "(a \(node.kindName))"
        }
    }

    static func == (lhs: YAMLKeyIdentity, rhs: YAMLKeyIdentity) -> Bool {
        lhs.canonical == rhs.canonical
    }

    func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

    /// A canonical text of a node. Keys that are collections are rare and small, so recursing
    /// over them is bounded by the reader's depth limit.
    private static func write(_ node: YAMLNode, into out: inout String) {
        switch node.content {
        case .scalar:
            let tag = node.tag.map { "<\($0)>" } ?? ""
            switch node.coreValue ?? .null {
            case .null: out += "\(tag)n;"
            case .bool(let b): out += "\(tag)b\(b);"
            case .int(let i): out += "\(tag)i\(i);"
            case .bigInt(let s): out += "\(tag)I\(s);"
            case .float(let d): out += "\(tag)f\(d.isNaN ? "nan" : "\(d)");"
            case .string(let s): out += "\(tag)s\(s.utf8.count):\(s)"
            }
        case .sequence(let items):
            out += "[\(node.tag ?? "")"
            for item in items { write(item, into: &out) }
            out += "]"
        case .mapping(let entries):
            out += "{\(node.tag ?? "")"
            for entry in entries {
                write(entry.key, into: &out)
                write(entry.value, into: &out)
            }
            out += "}"
        }
    }
}
