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
        public var maxNodes: Int = 4_000_000
        /// Largest input, in bytes; also the largest a document may become with each alias
        /// counted as the text it repeats (its anchored node's, from start to end mark, with
        /// the aliases inside it counted the same way), so that one large scalar aliased
        /// hundreds of times fails at the alias that passes it.
        public var maxInputBytes: Int = 64 << 20

        public init(maxDepth: Int = 256, maxNodes: Int = 4_000_000, maxInputBytes: Int = 64 << 20) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
            self.maxInputBytes = maxInputBytes
        }

        /// The error for an input of `count` bytes, more than `maxInputBytes`, at line 1.
        func inputSizeError(_ count: Int, path: String) -> YAMLError {
            YAMLError(
                .limitExceeded, "input is \(count) bytes, more than the limit of \(maxInputBytes)",
                at: SourceLocation(path: path, line: 1, column: 1))
        }

        /// The error for a collection opened `maxDepth` levels deep, at its start.
        func depthError(at location: SourceLocation) -> YAMLError {
            YAMLError(.limitExceeded, "nesting is deeper than the limit of \(maxDepth) levels", at: location)
        }

        /// The error for the alias that brought the input, with each alias counted as the text
        /// it repeats, past `maxInputBytes`, at the alias.
        func expansionError(at location: SourceLocation) -> YAMLError {
            YAMLError(
                .limitExceeded,
                "the document is more than \(maxInputBytes) bytes with each alias counted as the text it repeats (the input limit)",
                at: location)
        }

        /// The error for the node that brought the count past `maxNodes`, at its start.
        func nodesError(at location: SourceLocation) -> YAMLError {
            YAMLError(
                .limitExceeded,
                "the document has more than \(maxNodes) nodes (aliases counted as what they repeat)",
                at: location)
        }
    }

    public var limits: Limits
    /// Whether the stream is a JSON file (a `.json` token file): it must be strict JSON
    /// (RFC 8259) in UTF-8, and what libyaml reads but JSON has not (comments, trailing
    /// commas, block style, unquoted or single-quoted strings, anchors, tags, documents, YAML's
    /// escapes) is a `.syntax` error at it (``JSONSyntax``); UTF-16 is an `.encoding` error.
    public var json: Bool

    public init(limits: Limits = Limits(), json: Bool = false) {
        self.limits = limits
        self.json = json
    }

    /// Reads every document of a stream.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 (with or without BOM) or UTF-16 with BOM, as libyaml detects it.
    ///   - path: the file's path, carried by every node and error.
    /// - Throws: ``YAMLError`` at the first problem (for ``json``, a comment or trailing comma
    ///   before any other, and anything that is not JSON).
    public func read(_ bytes: [UInt8], path: String) throws(YAMLError) -> [YAMLDocument] {
        if bytes.count > limits.maxInputBytes { throw limits.inputSizeError(bytes.count, path: path) }
        if let encoding = Self.unreadableEncoding(of: bytes) {
            throw YAMLError(
                .encoding,
                "the file is \(encoding); stategen reads only UTF-8 and UTF-16 (with a byte order mark): save it as UTF-8",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        if json, bytes.count >= 2, bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE {
            // RFC 8259, 8.1; Style Dictionary's JSON.parse reads the file as UTF-8 text.
            throw YAMLError(
                .encoding,
                "the file is UTF-16 (\(bytes[0] == 0xFE ? "big" : "little")-endian, with a byte order mark); JSON is UTF-8 (RFC 8259, 8.1), as other tools read it: save it as UTF-8",
                at: SourceLocation(path: path, line: 1, column: 1))
        }
        // Surrogate pairs, DEL and the like in a JSON file's strings, rewritten for libyaml
        // (``JSONStringRewrite``); errors are mapped back to the file's own columns.
        let rewrite = json && JSONStringRewrite.isNeeded(bytes) ? JSONStringRewrite(bytes, path: path) : nil
        let input = rewrite?.bytes ?? bytes
        var builder = TreeBuilder(path: path, limits: limits, bytes: input)
        builder.rewrite = rewrite
        if json { builder.json = JSONSyntax.Checker(bytes: input, path: path) }
        do {
            return try builder.run()
        } catch {
            guard json else { throw error }
            var error = rewrite?.original(error) ?? error
            // libyaml stops at a surrogate escape left as it was: the rewrite's reason is the one.
            if let problem = rewrite?.problem, error.kind == .syntax,
                error.message == "found invalid Unicode character escape code"
            {
                error = problem
            }
            guard error.kind == .syntax else { throw error }
            // A JSON5 file is one error that says so, at its first JSON5 feature.
            if let json5 = JSON5Detection.error(in: bytes, path: path), json5.location <= error.location {
                throw json5
            }
            // A comment or trailing comma before libyaml's error is the one to fix.
            if var problem = JSONSyntax.problem(in: input, path: path, maxDepth: limits.maxDepth) {
                problem = rewrite?.original(problem) ?? problem
                if (problem.location.line, problem.location.column) <= (error.location.line, error.location.column) {
                    throw problem
                }
            }
            throw error
        }
    }

    /// The name of the encoding of `bytes` when it is one libyaml does not read but can be
    /// recognised from the first four bytes (YAML 1.2, 5.2): UTF-32 with or without a byte
    /// order mark, or UTF-16 without one (its first character ASCII). libyaml would otherwise
    /// reject such a file at its first zero byte as a control character (0x0). `nil` for
    /// anything else.
    static func unreadableEncoding(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 4 else { return nil }
        let (a, b, c, d) = (bytes[0], bytes[1], bytes[2], bytes[3])
        switch (a, b, c, d) {
        case (0x00, 0x00, 0xFE, 0xFF): return "UTF-32 (big-endian, with a byte order mark)"
        case (0xFF, 0xFE, 0x00, 0x00): return "UTF-32 (little-endian, with a byte order mark)"
        case (0x00, 0x00, 0x00, _) where d != 0: return "UTF-32 (big-endian)"
        case (_, 0x00, 0x00, 0x00) where a != 0: return "UTF-32 (little-endian)"
        case (0xFE, 0xFF, _, _), (0xFF, 0xFE, _, _): return nil
        case (0x00, _, 0x00, _) where b != 0 && d != 0: return "UTF-16 (big-endian) without a byte order mark"
        case (_, 0x00, _, 0x00) where a != 0 && c != 0: return "UTF-16 (little-endian) without a byte order mark"
        default: return nil
        }
    }
}

/// The state of one read: the open collections, the finished children of each on one shared
/// stack, and the anchors seen so far.
///
/// A collection's children wait on the shared stack until the collection ends, and are then
/// moved (not copied: no reference counting) into one array of exactly their number. So no
/// array grows by doubling while the tree is built, none keeps unused capacity, and each
/// collection costs one allocation.
private struct TreeBuilder {
    /// An open sequence or mapping, or the document level below them.
    struct Frame {
        enum Kind { case document, sequence, mapping }
        var kind: Kind
        var start: YAMLMark
        var tag: String?
        var anchor: String?
        /// Where the collection's children start on the node stack.
        var base: Int
        /// Where the hashes of a mapping's keys start on the key stack.
        var keyBase: Int
        /// Where the identities of a mapping's keys without a hash start on their stack.
        var otherKeyBase = 0
        /// An index of the mapping's key identities, built once a mapping is large enough to
        /// need one.
        var keyIndex: [YAMLKeyIdentity: Int]?
        /// Nodes in this collection so far, itself included, aliases counted as what they repeat.
        var size = 1
        /// The text the aliases in this collection so far repeat, in characters.
        var repeated = 0
    }

    let path: String
    let limits: YAMLReader.Limits
    let bytes: [UInt8]
    /// Where the file's lines start, as far as nodes' end marks need it.
    let lines = YAMLNode.LineStarts()
    /// The attributes of every node without a tag or anchor (and whose end offset the lines
    /// derive).
    let plain: YAMLNode.Attributes
    /// The collection the next node goes into (the document level when none is open)...
    var current = Frame(kind: .document, start: YAMLMark(line: 1, column: 1, offset: 0), base: 0, keyBase: 0)
    /// ... and the ones around it, outermost first: one per open collection.
    var enclosing: [Frame] = []
    var nodes = NodeStack()
    /// The identity of each key of the open mappings, in order, for duplicate detection.
    ///
    /// For an untagged key that is certainly a string of ASCII text, a hash of its bytes; for
    /// any other key, 0. ASCII text is equal as a String exactly when its bytes are equal, so
    /// two keys whose hashes are both present and differ are different keys: in a small
    /// mapping only the rare other pairs are compared by identity (a hashed key's from its
    /// node, which waits on the node stack; another key's kept on `otherKeys` from when it
    /// came, so that a collection key is rendered once).
    var keys: [UInt64] = []
    /// The identities of the keys of open mappings whose hash is 0, in order.
    var otherKeys: [YAMLKeyIdentity] = []
    /// Each anchor's node as an alias repeats it (without the anchor), its size in nodes, and
    /// the text it stands for in characters (its own, and what the aliases in it repeat).
    var anchors: [String: (node: YAMLNode, size: Int, text: Int)] = [:]
    var nodeCount = 0
    /// The input's size and the text every alias so far repeats, in bytes and characters.
    var expandedSize = 0
    var documents: [YAMLDocument] = []
    var documentStart = YAMLMark(line: 1, column: 1, offset: 0)
    var root: YAMLNode?
    /// For a JSON file, the check of its comments and trailing commas.
    var json: JSONSyntax.Checker?
    /// For a JSON file whose strings were rewritten for libyaml, the rewrite: scalars' text
    /// and end marks are turned back into the file's own.
    var rewrite: JSONStringRewrite?

    init(path: String, limits: YAMLReader.Limits, bytes: [UInt8]) {
        self.path = path
        self.limits = limits
        self.bytes = bytes
        self.plain = YAMLNode.Attributes(path: path, lines: lines)
        self.expandedSize = bytes.count
    }

    func location(_ mark: YAMLMark) -> SourceLocation {
        SourceLocation(path: path, line: mark.line, column: mark.column)
    }

    /// Parses the stream, handing libyaml's events to the builder as they come (each freed as
    /// soon as it is handled), and returns its documents.
    mutating func run() throws(YAMLError) -> [YAMLDocument] {
        defer { nodes.release() }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(
                .io, "libyaml could not allocate a parser", at: SourceLocation(path: path, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        let failure: YAMLError? = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    return YAMLEventParser.error(parser, bytes: bytes, path: path)
                }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    try handle(event)
                } catch {
                    return error
                }
                if event.type == YAML_STREAM_END_EVENT { return nil }
            }
        }
        if let failure { throw failure }
        return documents
    }

    // MARK: Events

    mutating func handle(_ event: borrowing yaml_event_t) throws(YAMLError) {
        try json?.check(event)
        let start = YAMLEventParser.mark(event.start_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let bytes = UnsafeBufferPointer(start: data.value, count: data.value == nil ? 0 : data.length)
            var end = event.end_mark
            var restored: [UInt8]?
            if let rewrite {
                restored = rewrite.restored(bytes)
                let column = rewrite.originalColumn(line: Int(end.line) + 1, column: Int(end.column) + 1) - 1
                end.index += column - end.column
                end.column = column
            }
            let text: String
            if let restored {
                text = String(decoding: restored, as: UTF8.self)
            } else {
                text = String(decoding: bytes, as: UTF8.self)
            }
            let style = YAMLScalarStyle(data.style)
            let node = node(
                .scalar(text, style), tag: data.tag.map { String(cString: $0) },
                anchor: data.anchor.map { String(cString: $0) }, start: start, end: end)
            try count(1, at: start)
            var hash: UInt64 = 0
            if data.tag == nil, current.kind == .mapping, (nodes.count - current.base) & 1 == 0,
                Self.isString(text, style: style, bytes: bytes)
            {
                hash = Self.asciiHash(bytes)
            }
            try attach(node, size: 1, text: Int(event.end_mark.index) - start.offset, hash: hash)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(.sequence, start: start, tag: data.tag, anchor: data.anchor)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(.mapping, start: start, tag: data.tag, anchor: data.anchor)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let parent = enclosing.popLast() else { return }
            let frame = current
            current = parent
            let count = nodes.count - frame.base
            let content: YAMLNode.Content
            if frame.kind == .mapping {
                content = .mapping(nodes.popEntries(count))
                for _ in frame.keyBase..<keys.count { keys.removeLast() }
                for _ in frame.otherKeyBase..<otherKeys.count { otherKeys.removeLast() }
            } else {
                content = .sequence(nodes.popNodes(count))
            }
            let node = node(content, tag: frame.tag, anchor: frame.anchor, start: frame.start, end: event.end_mark)
            current.repeated += frame.repeated
            try attach(node, size: frame.size, text: Int(event.end_mark.index) - frame.start.offset + frame.repeated)
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(
                    .undefinedAlias, "alias '*\(name)' names no anchor defined before it",
                    at: location(start))
            }
            try count(anchored.size, at: start)
            expandedSize += anchored.text
            if expandedSize > limits.maxInputBytes { throw limits.expansionError(at: location(start)) }
            current.repeated += anchored.text
            try attach(anchored.node, size: anchored.size, text: anchored.text)
        case YAML_DOCUMENT_START_EVENT:
            documentStart = start
            anchors.removeAll()
        case YAML_DOCUMENT_END_EVENT:
            if let root = root.take() {
                documents.append(YAMLDocument(root: root, start: documentStart))
            }
        default:  // YAML_STREAM_START_EVENT, YAML_STREAM_END_EVENT
            break
        }
    }

    /// A node with the shared attributes, or its own when it has a tag or anchor or when its
    /// end offset cannot be derived from its start or from where the end's line starts
    /// (which libyaml's marks never make so: on one line, offsets and columns advance together).
    func node(
        _ content: YAMLNode.Content, tag: String?, anchor: String?, start: YAMLMark, end: yaml_mark_t
    ) -> YAMLNode {
        let line = UInt32(clamping: end.line + 1)
        let column = UInt32(clamping: end.column + 1)
        let offset = UInt32(clamping: end.index)
        let derivable =
            Int(line) == start.line
            ? start.offset + Int(column) - start.column == Int(offset)
            : offset >= column - 1 && lines.record(line: line, offset: offset - (column - 1))
        let attributes =
            tag == nil && anchor == nil && derivable
            ? plain
            : YAMLNode.Attributes(
                path: path, tag: tag, anchor: anchor, lines: lines, endOffset: derivable ? nil : offset)
        return YAMLNode(content, attributes: attributes, start: start, endLine: line, endColumn: column)
    }

    mutating func open(
        _ kind: Frame.Kind, start: YAMLMark, tag: UnsafeMutablePointer<yaml_char_t>?,
        anchor: UnsafeMutablePointer<yaml_char_t>?
    ) throws(YAMLError) {
        if enclosing.count >= limits.maxDepth { throw limits.depthError(at: location(start)) }
        try count(1, at: start)
        enclosing.append(current)
        current = Frame(
            kind: kind, start: start, tag: tag.map { String(cString: $0) },
            anchor: anchor.map { String(cString: $0) }, base: nodes.count, keyBase: keys.count,
            otherKeyBase: otherKeys.count)
    }

    mutating func count(_ n: Int, at mark: YAMLMark) throws(YAMLError) {
        nodeCount += n
        if nodeCount > limits.maxNodes { throw limits.nodesError(at: location(mark)) }
    }

    /// Adds a finished node to the innermost open collection, or makes it the document's root;
    /// a mapping's key is first checked against the mapping's earlier keys. `size` is the node's
    /// size in nodes and `text` the text it stands for, as an alias of it would count them.
    mutating func attach(_ node: consuming YAMLNode, size: Int, text: Int, hash: UInt64 = 0) throws(YAMLError) {
        if let anchor = node.anchor {
            var repeated = copy node
            repeated.attributes =
                repeated.tag == nil && repeated.attributes.endOffset == nil
                ? plain : repeated.attributes.with(tag: repeated.tag, anchor: nil)
            anchors[anchor] = (repeated, size, text)
        }
        if current.kind == .document {
            root = node
            return
        }
        current.size += size
        if current.kind == .mapping, (nodes.count - current.base) & 1 == 0 {
            var identity: YAMLKeyIdentity?
            if let first = indexOfKey(node, hash: hash, identity: &identity) {
                let firstKey = nodes[current.base + 2 * first]
                throw YAMLError(
                    .duplicateKey, "duplicate mapping key \(YAMLKeyIdentity.display(node))",
                    at: node.location,
                    notes: [.init("first defined here", at: firstKey.location)])
            }
            keys.append(hash)
            if hash == 0 { otherKeys.append(identity ?? YAMLKeyIdentity(node)) }
        }
        nodes.push(node)
    }

    /// The index of an earlier key of the current mapping equal to `key` (whose hash is
    /// `hash`), if any; a large mapping's index learns the key. A linear scan for small mappings
    /// (most of a spec), a hash lookup for large ones. `identity` is the key's identity, if it
    /// was needed.
    mutating func indexOfKey(_ key: borrowing YAMLNode, hash: UInt64, identity: inout YAMLKeyIdentity?) -> Int? {
        let count = keys.count - current.keyBase
        if current.keyIndex == nil && count < 16 {
            var other = current.otherKeyBase
            for position in 0..<count {
                let earlier = keys[current.keyBase + position]
                if earlier == 0 { other += 1 }
                if hash != 0 && earlier != 0 && hash != earlier { continue }
                if identity == nil { identity = YAMLKeyIdentity(key) }
                if identity == (earlier == 0 ? otherKeys[other - 1] : earlierIdentity(at: position)) {
                    return position
                }
            }
            return nil
        }
        if current.keyIndex == nil {
            var index: [YAMLKeyIdentity: Int] = [:]
            index.reserveCapacity(count * 2)
            var other = current.otherKeyBase
            for position in 0..<count {
                let identity: YAMLKeyIdentity
                if keys[current.keyBase + position] == 0 {
                    identity = otherKeys[other]
                    other += 1
                } else {
                    identity = earlierIdentity(at: position)
                }
                if index[identity] == nil { index[identity] = position }
            }
            current.keyIndex = index
        }
        let known = YAMLKeyIdentity(key)
        identity = known
        if let first = current.keyIndex?[known] { return first }
        current.keyIndex?[known] = count
        return nil
    }

    /// The identity of the current mapping's key at `position`, from its node.
    func earlierIdentity(at position: Int) -> YAMLKeyIdentity {
        YAMLKeyIdentity(nodes[current.base + 2 * position])
    }

    /// Whether an untagged scalar of this text and style is a string to the core schema (most
    /// plain words are, by their first byte and length alone).
    static func isString(_ text: String, style: YAMLScalarStyle, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if style != .plain { return true }
        guard let first = bytes.first else { return false }
        if YAMLCoreSchema.isString(first: first, count: bytes.count) { return true }
        if case .string = YAMLCoreSchema.resolve(plain: text) { return true }
        return false
    }

    /// An FNV-1a hash of ASCII bytes, never 0; 0 for bytes that are not all ASCII.
    static func asciiHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var all: UInt8 = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            all |= byte
        }
        return all < 0x80 ? hash | 1 : 0
    }
}

/// The finished children of the open collections, in order: a stack that hands each
/// collection's children over by moving them into an array of their exact number.
private struct NodeStack {
    private var storage: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 256
        storage = .allocate(capacity: capacity)
    }

    subscript(index: Int) -> YAMLNode {
        unsafeAddress { UnsafePointer(storage + index) }
    }

    mutating func push(_ node: consuming YAMLNode) {
        if count == capacity {
            let grown = UnsafeMutablePointer<YAMLNode>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        (storage + count).initialize(to: node)
        count += 1
    }

    /// The last `n` nodes, moved off the stack into an array.
    mutating func popNodes(_ n: Int) -> [YAMLNode] {
        if n == 0 { return [] }
        count -= n
        let first = storage + count
        // Reserving and appending rather than `init(unsafeUninitializedCapacity:)`, whose
        // allocation is not specialised (a generic metadata lookup per collection).
        var items: [YAMLNode] = []
        items.reserveCapacity(n)
        for i in 0..<n { items.append((first + i).move()) }
        return items
    }

    /// The last `n` nodes (keys and values alternating), moved off the stack into entries.
    mutating func popEntries(_ n: Int) -> [YAMLMappingEntry] {
        if n == 0 { return [] }
        count -= n
        let first = storage + count
        var entries: [YAMLMappingEntry] = []
        entries.reserveCapacity(n / 2)
        for i in 0..<n / 2 {
            entries.append(YAMLMappingEntry(key: (first + 2 * i).move(), value: (first + 2 * i + 1).move()))
        }
        return entries
    }

    /// Frees the stack and the nodes still on it (after an error).
    mutating func release() {
        storage.deinitialize(count: count)
        storage.deallocate()
        count = 0
        capacity = 0
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
            self.init(value: node.coreValue ?? .null, tag: tag)
        case .sequence, .mapping:
            self = .collection(YAMLJSON.text(copy node) + "\u{0}" + (node.tag ?? ""))
        }
    }

    /// The identity of a scalar key of this value and (non-core) tag.
    init(value: YAMLCoreValue, tag: String?) {
        switch value {
        case .null: self = .null(tag: tag)
        case .bool(let b): self = .bool(b, tag: tag)
        case .int(let i): self = .int(i, tag: tag)
        case .bigInt(let s): self = .bigInt(s, tag: tag)
        case .float(let d): self = .float(d.isNaN ? Double.nan.bitPattern : d.bitPattern, tag: tag)
        case .string(let s): self = .string(s, tag: tag)
        }
    }

    /// How a key reads in a message: `'name'`, or `(a mapping)`.
    static func display(_ node: YAMLNode) -> String {
        node.scalarText.map { "'\($0)'" } ?? "(a \(node.kindName))"
    }
}
