/// A position in a named template source.
///
/// Shape: `template` is the name given to `Template(source:name:)` (or the partial's key for
/// partials), `line` and `column` are 1-based. Columns count characters (grapheme clusters)
/// from the start of the line, so a tag at the very start of a line is at column 1.
public struct TemplateLocation: Sendable, Equatable, CustomStringConvertible {
    /// Name of the template the position refers to, e.g. `"control.swift.mustache"`.
    public var template: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int

    /// Creates a location; `line` and `column` are 1-based.
    public init(template: String, line: Int, column: Int) {
        self.template = template
        self.line = line
        self.column = column
    }

    /// `"name:line:column"`.
    public var description: String { "\(template):\(line):\(column)" }
}

/// The single error type of the engine, thrown (as a typed throw) by parsing and rendering.
///
/// Shape: `location` is the start of the offending tag (its opening delimiter), `message` a
/// human-readable explanation. `description` is `"name:line:column: error: message"`, the
/// format compilers use, so a code generator can print it as is.
///
/// Thrown for:
/// - parse errors: unclosed tag, unclosed section/parent/block (at the opening tag),
///   mismatched or unexpected closing tag (at the closing tag), invalid set-delimiter tag,
///   empty or malformed tag name;
/// - strict-mode misses (`RenderOptions.isStrict`): a name or partial that does not resolve;
/// - partial, parent or lambda nesting deeper than `RenderOptions.maxPartialDepth`;
/// - sections, parents and blocks nested more than 256 levels in one template (at parse), or
///   everything a render expands nested more than 256 levels (at the tag being expanded);
/// - output past `RenderOptions.maxOutputBytes` (at the tag being expanded), more expansions
///   than `RenderOptions.maxExpansions` (at the tag of the one past the limit).
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the error happened.
    public var location: TemplateLocation
    /// What went wrong.
    public var message: String

    /// Creates an error at `location`.
    public init(location: TemplateLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `"name:line:column: error: message"`.
    public var description: String {
        "\(location.template):\(location.line):\(location.column): error: \(message)"
    }
}
