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
    /// without a tag or anchor (nearly all) share one instance, so that a node takes 56 bytes.
    final class Attributes: Sendable {
        let path: String
        let tag: String?
        let anchor: String?

        init(path: String, tag: String? = nil, anchor: String? = nil) {
            self.path = path
            self.tag = tag
            self.anchor = anchor
        }

        /// These attributes with another tag and anchor: `self` when they are the same.
        func with(tag: String?, anchor: String?) -> Attributes {
            tag == self.tag && anchor == self.anchor ? self : Attributes(path: path, tag: tag, anchor: anchor)
        }
    }

    public var content: Content
    var attributes: Attributes
    public var start: YAMLMark
    public var end: YAMLMark

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
        set { attributes = Attributes(path: newValue, tag: tag, anchor: anchor) }
    }

    public init(
        _ content: Content, tag: String? = nil, anchor: String? = nil, path: String,
        start: YAMLMark, end: YAMLMark
    ) {
        self.init(
            content, attributes: Attributes(path: path, tag: tag, anchor: anchor), start: start, end: end)
    }

    init(_ content: Content, attributes: Attributes, start: YAMLMark, end: YAMLMark) {
        self.content = content
        self.attributes = attributes
        self.start = start
        self.end = end
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
