/// A position in a YAML stream, as libyaml reports it, made 1-based.
///
/// Stored in 32-bit fields (12 bytes a mark, two a node): the reader's input limit keeps every
/// position far below 2^32.
public struct YAMLMark: Sendable, Hashable {
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    /// 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// 1-based column, in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }
    /// 0-based offset from the start of the stream, in Unicode scalars (libyaml's `index`).
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = UInt32(clamping: offset)
    }
}

/// How a scalar was written; quoted and block scalars are always strings to the core schema.
public enum YAMLScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// A node of a YAML document: a scalar, a sequence or a mapping, with its tag, anchor, source
/// path and start and end marks.
///
/// Aliases do not appear in the tree: the reader replaces each alias with (a copy of) the node
/// its anchor names, so that consumers see plain data. Mappings keep their keys in document
/// order; keys are unique (the reader rejects duplicates).
public struct YAMLNode: Sendable {
    /// What a node holds: a scalar's text and style, a sequence's items, or a mapping's entries in document order.
    public enum Content: Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLMappingEntry])
    }

    /// A node's file path, tag and anchor, kept out of line in one reference: the nodes of a file
    /// without a tag or anchor (nearly all) share one instance.
    final class Attributes: Sendable {
        let path: String
        let tag: String?
        let anchor: String?
        /// Where the lines of the node's file start, from which the offset of an end mark on
        /// another line than its node's start is derived.
        let lines: LineStarts?
        /// The end mark's offset, where it cannot be derived (as for nodes built by hand).
        let endOffset: UInt32?

        init(
            path: String, tag: String? = nil, anchor: String? = nil, lines: LineStarts? = nil,
            endOffset: UInt32? = nil
        ) {
            self.path = path
            self.tag = tag
            self.anchor = anchor
            self.lines = lines
            self.endOffset = endOffset
        }

        /// These attributes with another tag and anchor: `self` when they are the same.
        func with(tag: String?, anchor: String?) -> Attributes {
            tag == self.tag && anchor == self.anchor
                ? self : Attributes(path: path, tag: tag, anchor: anchor, lines: lines, endOffset: endOffset)
        }

        /// These attributes with another explicit end offset: `self` when it is the same.
        func with(endOffset: UInt32?) -> Attributes {
            endOffset == self.endOffset
                ? self : Attributes(path: path, tag: tag, anchor: anchor, lines: lines, endOffset: endOffset)
        }
    }

    /// The offset at which each line of a file starts (of the lines some node ends on, after the
    /// line it starts on), in increasing line order. Filled by the reader while it builds the
    /// file's tree, and never changed once the read returns.
    final class LineStarts: @unchecked Sendable {
        /// `line << 32 | offset` for each recorded line (1-based line, 0-based offset).
        private var starts: [UInt64] = []

        /// The offset of the line's first character, if recorded.
        func offset(ofLine line: UInt32) -> UInt32? {
            var (low, high) = (0, starts.count)
            while low < high {
                let middle = (low + high) / 2
                let recorded = UInt32(truncatingIfNeeded: starts[middle] >> 32)
                if recorded == line { return UInt32(truncatingIfNeeded: starts[middle]) }
                if recorded < line { low = middle + 1 } else { high = middle }
            }
            return nil
        }

        /// Records that `line` starts at `offset`; `false` (and nothing recorded) when that
        /// contradicts an earlier record or comes after a later line's.
        func record(line: UInt32, offset: UInt32) -> Bool {
            let packed = UInt64(line) << 32 | UInt64(offset)
            guard let last = starts.last, UInt32(truncatingIfNeeded: last >> 32) >= line else {
                starts.append(packed)
                return true
            }
            return self.offset(ofLine: line) == offset
        }
    }

    var attributes: Attributes
    public var content: Content
    private var storedStart: YAMLMark
    /// The end mark's line and column; its offset is derived (`endOffset`), so that a node
    /// takes 48 bytes rather than 56 (the tree of a 10 MB spec has about a million nodes).
    private var endLine: UInt32
    private var endColumn: UInt32

    /// Where the node starts.
    public var start: YAMLMark {
        get { storedStart }
        set {
            let end = self.end
            storedStart = newValue
            self.end = end
        }
    }

    /// Where the node ends (just after its last character).
    public var end: YAMLMark {
        get { YAMLMark(line: Int(endLine), column: Int(endColumn), offset: endOffset) }
        set {
            endLine = UInt32(clamping: newValue.line)
            endColumn = UInt32(clamping: newValue.column)
            let derived = derivedEndOffset(line: endLine, column: endColumn)
            attributes = attributes.with(
                endOffset: derived == newValue.offset ? nil : UInt32(clamping: newValue.offset))
        }
    }

    /// The end mark's offset: on the start's line, as far from the start's offset as the
    /// columns are apart; on a later line, from where that line starts.
    private var endOffset: Int {
        if let offset = attributes.endOffset { return Int(offset) }
        return derivedEndOffset(line: endLine, column: endColumn) ?? 0
    }

    private func derivedEndOffset(line: UInt32, column: UInt32) -> Int? {
        if Int(line) == storedStart.line {
            let offset = storedStart.offset + Int(column) - storedStart.column
            return offset >= 0 ? offset : nil
        }
        return attributes.lines?.offset(ofLine: line).map { Int($0) + Int(column) - 1 }
    }

    /// The resolved tag (`tag:yaml.org,2002:str` for `!!str`), or `nil` when none was written
    /// (the non-specific `!` tag is reported as `!`).
    public var tag: String? {
        get { attributes.tag }
        set { attributes = attributes.with(tag: newValue, anchor: anchor) }
    }

    /// The anchor written on this node, without the `&`.
    public var anchor: String? {
        get { attributes.anchor }
        set { attributes = attributes.with(tag: tag, anchor: newValue) }
    }

    /// The path of the file this node was read from.
    public var path: String {
        get { attributes.path }
        set {
            attributes = Attributes(
                path: newValue, tag: tag, anchor: anchor, lines: attributes.lines, endOffset: attributes.endOffset)
        }
    }

    public init(
        _ content: Content, tag: String? = nil, anchor: String? = nil, path: String,
        start: YAMLMark, end: YAMLMark
    ) {
        self.init(
            content, attributes: Attributes(path: path, tag: tag, anchor: anchor), start: start, endLine: 0,
            endColumn: 0)
        self.end = end
    }

    /// A node whose end offset `attributes` can derive (the reader makes sure of it).
    init(_ content: Content, attributes: Attributes, start: YAMLMark, endLine: UInt32, endColumn: UInt32) {
        self.attributes = attributes
        self.content = content
        self.storedStart = start
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// Where the node starts, for diagnostics.
    public var location: SourceLocation {
        SourceLocation(path: path, line: start.line, column: start.column)
    }

    /// The node kind's name as diagnostics say it: "scalar", "sequence" or "mapping".
    public var kindName: String {
        switch content {
        case .scalar: "scalar"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }

    /// The scalar's text, or `nil` for a collection.
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The mapping's entries, or `nil` for another kind.
    public var mappingEntries: [YAMLMappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The sequence's items, or `nil` for another kind.
    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }
}

/// One key-value pair of a mapping.
public struct YAMLMappingEntry: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// One document of a YAML stream.
public struct YAMLDocument: Sendable {
    public var root: YAMLNode
    /// Where the document starts (its `---`, or its first node when the start is implicit).
    public var start: YAMLMark
}
