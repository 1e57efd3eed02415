/// A position in a source file: the file's path as given on the command line, and a 1-based
/// line and column (columns count Unicode scalars, as libyaml's marks do).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as the user named it (kept relative when given relative).
    public var path: String
    /// 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based column, in Unicode scalars from the start of the line.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// Line and column in 32 bits each (24 bytes a location rather than 32): every located
    /// name and value of a spec carries one, and the input limits keep both far below 2^31.
    private var storedLine: Int32
    private var storedColumn: Int32

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The whole file at `path`, with no line: line and column 0 (an output file, a template
    /// file that is not used). Printed as `path` alone.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 0, column: 0)
    }

    /// Whether this names a whole file rather than a place in it (line 0, see ``file(_:)``).
    public var isWholeFile: Bool { line == 0 }

    /// `path:line:column`, the form compilers print and editors link; `path` alone for a whole
    /// file (``file(_:)``).
    public var description: String { isWholeFile ? path : "\(path):\(line):\(column)" }

    /// Orders by path, then line, then column: the order diagnostics are printed in.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// A value together with the place in a source file it was read from.
public struct Located<Value>: CustomStringConvertible {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var description: String { "\(value)" }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
