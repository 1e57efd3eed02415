/// Swift's reserved words, by where they are reserved (The Swift Programming Language,
/// "Lexical Structure — Keywords and Punctuation").
enum SwiftLanguage {
    /// Keywords used in declarations, statements and expressions: usable as identifiers only
    /// in backticks.
    static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try",
    ]

    /// Names that cannot be members even in backticks without breaking the code around them:
    /// `.init` and `.self` mean the initializer and the value itself, `.Type` and `.Protocol`
    /// are metatypes.
    static let unusableMemberNames: Set<String> = ["init", "self", "Type", "Protocol"]
}
