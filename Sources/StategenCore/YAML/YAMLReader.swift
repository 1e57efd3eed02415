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

/// The state of one read: the stack of open collections and the anchors seen so far.
private struct TreeBuilder {
    /// An open sequence or mapping, filled in place (`stack[top].items.append`) so that no
    /// array is copied while the tree grows.
    struct Frame {
        var isMapping: Bool
        var start: YAMLMark
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var entries: [YAMLMappingEntry] = []
        /// The identity of each key in `entries`, in order, for duplicate detection.
        var keyIdentities: [YAMLKeyIdentity] = []
        /// An index of `keyIdentities`, built once a mapping is large enough to need one.
        var keyIndex: [YAMLKeyIdentity: Int]?
        var pendingKey: YAMLNode?
        /// Nodes in this collection so far, itself included, aliases counted as what they repeat.
        var size = 1

        init(isMapping: Bool, start: YAMLMark, tag: String?, anchor: String?) {
            self.isMapping = isMapping
            self.start = start
            self.tag = tag
            self.anchor = anchor
        }

        /// The index of an earlier key equal to `identity`, if any. A linear scan for small
        /// mappings (most of a spec), a hash lookup for large ones.
        mutating func indexOfKey(_ identity: YAMLKeyIdentity) -> Int? {
            if let keyIndex { return keyIndex[identity] }
            if keyIdentities.count < 16 { return keyIdentities.firstIndex(of: identity) }
            var index: [YAMLKeyIdentity: Int] = [:]
            index.reserveCapacity(keyIdentities.count * 2)
            for (position, key) in keyIdentities.enumerated() where index[key] == nil {
                index[key] = position
            }
            keyIndex = index
            return index[identity]
        }

        mutating func addKey(_ identity: YAMLKeyIdentity) {
            keyIndex?[identity] = keyIdentities.count
            keyIdentities.append(identity)
        }
    }

    let path: String
    /// The attributes of every node without a tag or anchor.
    let plain: YAMLNode.Attributes
    let limits: YAMLReader.Limits
    let bytes: [UInt8]
    var stack: [Frame] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var nodeCount = 0
    var documents: [YAMLDocument] = []
    var documentStart = YAMLMark(line: 1, column: 1, offset: 0)
    var root: YAMLNode?

    init(path: String, limits: YAMLReader.Limits, bytes: [UInt8]) {
        self.path = path
        self.plain = YAMLNode.Attributes(path: path)
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
                .scalar(text, style), attributes: attributes(tag: event.tag, anchor: event.anchor), start: start,
                end: event.end)
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
            node.attributes = node.tag == nil ? plain : node.attributes.with(tag: node.tag, anchor: nil)
            try attach(node, size: anchored.size)
        case .sequenceStart:
            try open(Frame(isMapping: false, start: start, tag: event.tag, anchor: event.anchor))
        case .mappingStart:
            try open(Frame(isMapping: true, start: start, tag: event.tag, anchor: event.anchor))
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { return }
            let content: YAMLNode.Content =
                frame.isMapping ? .mapping(Self.trimmed(frame.entries)) : .sequence(Self.trimmed(frame.items))
            let node = YAMLNode(
                content, attributes: attributes(tag: frame.tag, anchor: frame.anchor), start: frame.start,
                end: event.end)
            try attach(node, size: frame.size)
        }
    }

    /// The shared attributes, or a node's own when it has a tag or anchor.
    func attributes(tag: String?, anchor: String?) -> YAMLNode.Attributes {
        tag == nil && anchor == nil ? plain : YAMLNode.Attributes(path: path, tag: tag, anchor: anchor)
    }

    /// The array with its spare capacity given back when growth left much of it unused
    /// (arrays double as they grow; a finished collection never grows again).
    static func trimmed<Element>(_ array: [Element]) -> [Element] {
        array.capacity - array.count > max(2, array.count / 4) ? Array(array[...]) : array
    }

    mutating func open(_ frame: Frame) throws(YAMLError) {
        if stack.count >= limits.maxDepth {
            throw YAMLError(
                .limitExceeded,
                "nesting is deeper than the limit of \(limits.maxDepth) levels",
                at: location(frame.start))
        }
        try count(1, at: frame.start)
        stack.append(frame)
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
    mutating func attach(_ node: consuming YAMLNode, size: Int) throws(YAMLError) {
        if let anchor = node.anchor { anchors[anchor] = (copy node, size) }
        let top = stack.count - 1
        if top < 0 {
            root = node
            return
        }
        stack[top].size += size
        if !stack[top].isMapping {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey.take() {
            stack[top].entries.append(YAMLMappingEntry(key: key, value: node))
            return
        }
        let identity = YAMLKeyIdentity(node)
        if let first = stack[top].indexOfKey(identity) {
            let firstKey = stack[top].entries[first].key
            throw YAMLError(
                .duplicateKey, "duplicate mapping key \(YAMLKeyIdentity.display(node))",
                at: node.location,
                notes: [.init("first defined here", at: firstKey.location)])
        }
        stack[top].addKey(identity)
        stack[top].pendingKey = node
    }
}

/// What makes two mapping keys the same: their resolved value and tag, so that `a` and `"a"`
/// collide while `1` and `"1"` do not.
enum YAMLKeyIdentity: Hashable {
    case null(tag: String?)
    case bool(Bool, tag: String?)
    case int(Int, tag: String?)
    case bigInt(String, tag: String?)
    /// A float by its bits, with every NaN the same.
    case float(UInt64, tag: String?)
    case string(String, tag: String?)
    /// A collection key, by a canonical text of its content.
    case collection(String)

    init(_ node: borrowing YAMLNode) {
        switch node.content {
        case .scalar:
            // A core tag is already in the value's type: `!!str a` and `a` are the same key.
            let tag = node.tag.flatMap { $0.hasPrefix("tag:yaml.org,2002:") ? nil : $0 }
            switch node.coreValue ?? .null {
            case .null: self = .null(tag: tag)
            case .bool(let b): self = .bool(b, tag: tag)
            case .int(let i): self = .int(i, tag: tag)
            case .bigInt(let s): self = .bigInt(s, tag: tag)
            case .float(let d): self = .float(d.isNaN ? Double.nan.bitPattern : d.bitPattern, tag: tag)
            case .string(let s): self = .string(s, tag: tag)
            }
        case .sequence, .mapping:
            self = .collection(YAMLJSON.text(copy node) + "\u{0}" + (node.tag ?? ""))
        }
    }

    /// How a key reads in a message: `'name'`, or `(a mapping)`.
    static func display(_ node: YAMLNode) -> String {
        node.scalarText.map { "'\($0)'" } ?? "(a \(node.kindName))"
    }
}
