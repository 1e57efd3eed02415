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
        try YAMLEventParser.parse(bytes, path: path) { event throws(YAMLError) in
            try handle(event)
        }
        return documents
    }

    // MARK: Events

    mutating func handle(_ event: YAMLEvent) throws(YAMLError) {
        let start = event.start
        let end = event.end
        switch event.kind {
        case .streamStart, .streamEnd:
            break
        case .documentStart:
            documentStart = start
            anchors.removeAll()
        case .documentEnd:
            if let root {
                documents.append(YAMLDocument(root: root, start: documentStart))
            }
            root = nil
        case .scalar(let text, let style):
            let node = YAMLNode(
                .scalar(text, style), tag: event.tag, anchor: event.anchor, path: path, start: start,
                end: end)
            try count(1, at: start)
            try attach(node, size: 1)
        case .alias(let name):
            guard let anchored = anchors[name] else {
                throw YAMLError(
                    .undefinedAlias, "alias '*\(name)' names no anchor defined before it",
                    at: location(start))
            }
            try count(anchored.size, at: start)
            var node = anchored.node
            node.anchor = nil
            try attach(node, size: anchored.size)
        case .sequenceStart:
            try open(.sequence(start: start, tag: event.tag, anchor: event.anchor, items: []), at: start)
        case .mappingStart:
            try open(
                .mapping(
                    start: start, tag: event.tag, anchor: event.anchor, entries: [], pendingKey: nil,
                    keys: [:]), at: start)
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast(), let size = sizes.popLast() else { return }
            let node: YAMLNode
            switch frame {
            case .sequence(let s, let tag, let anchor, let items):
                node = YAMLNode(.sequence(items), tag: tag, anchor: anchor, path: path, start: s, end: end)
            case .mapping(let s, let tag, let anchor, let entries, _, _):
                node = YAMLNode(.mapping(entries), tag: tag, anchor: anchor, path: path, start: s, end: end)
            }
            try attach(node, size: size)
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
