/// A YAML stream that cannot be read: a libyaml scanner, parser or reader error, an undefined
/// alias, a duplicate mapping key or a passed limit, located at the offending mark.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; the raw value is the diagnostic's rule id.
    public enum Kind: String, Sendable, Hashable {
        /// libyaml rejected the stream (its problem and context, at its problem mark).
        case syntax = "yaml-syntax"
        /// Bytes that are not valid UTF-8 or UTF-16, or a character YAML does not allow.
        case encoding = "yaml-encoding"
        /// An alias names no anchor defined before it.
        case undefinedAlias = "yaml-undefined-alias"
        /// A mapping has two keys with the same resolved value and tag.
        case duplicateKey = "yaml-duplicate-key"
        /// Nesting depth, node count or input size passed the reader's ``YAMLReader/Limits``.
        case limitExceeded = "yaml-limit"
        /// The file could not be read.
        case io = "io"

        /// The diagnostic's rule id (the same text as the raw value).
        public var rule: RuleID {
            switch self {
            case .syntax: return .yamlSyntax
            case .encoding: return .yamlEncoding
            case .undefinedAlias: return .yamlUndefinedAlias
            case .duplicateKey: return .yamlDuplicateKey
            case .limitExceeded: return .yamlLimit
            case .io: return .io
            }
        }
    }

    public var kind: Kind
    public var location: SourceLocation
    public var message: String
    public var notes: [Diagnostic.Note]

    public init(
        _ kind: Kind, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
    ) {
        self.kind = kind
        self.message = message
        self.location = location
        self.notes = notes
    }

    public var description: String { "\(location): error: \(message)" }

    /// The error as a diagnostic, with its kind as the rule.
    public var diagnostic: Diagnostic {
        .error(message, at: location, rule: kind.rule, notes: notes)
    }
}
