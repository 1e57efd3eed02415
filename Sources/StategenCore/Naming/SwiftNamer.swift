/// The one place where spec names become Swift identifiers.
///
/// - Type names (control kinds, attribute sets) are UpperCamelCase; members (state and event
///   cases, attribute properties) are lowerCamelCase.
/// - `-`, `_`, `.` and spaces separate words: `title-color` becomes `titleColor`; a leading
///   `_` is kept (`_private`), and a name starting with a digit gets a leading `_`.
/// - Any other character that Swift does not allow in an identifier is an error.
/// - Keywords are escaped with backticks (`` `default` ``); `init`, `self`, `Type` and
///   `Protocol` cannot be members at all and are errors.
public struct SwiftNamer: Sendable {
    public init() {}

    /// Why a name has no Swift identifier.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        /// The name is made of word separators only (`-`, `_`, `.`, spaces).
        case noWords
        case invalidCharacter(Character)
        case invalidFirstCharacter(Character)
        case unusableMember(String)
        case unusableType(String)

        /// A character as a message shows it: `'x'`, with its code points (`U+200B`) when it
        /// is not a plainly visible one.
        static func describe(_ character: Character) -> String {
            let codes = character.unicodeScalars.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            let visible = character.unicodeScalars.allSatisfy {
                $0.isASCII ? ($0.value >= 0x21 && $0.value < 0x7F) : $0.properties.isAlphabetic || $0.properties.isMath
            }
            return visible ? "'\(character)'" : "'\(character)' (\(codes.joined(separator: " ")))"
        }

        public var description: String {
            switch self {
            case .empty: "a name cannot be empty"
            case .noWords: "a name needs at least one letter or digit besides the separators - _ . and space"
            case .invalidCharacter(let c): "\(Self.describe(c)) cannot appear in a Swift identifier"
            case .invalidFirstCharacter(let c): "a Swift identifier cannot start with \(Self.describe(c))"
            case .unusableMember(let name):
                "'\(name)' cannot be a Swift member name ('.\(name)' means something else in Swift)"
            case .unusableType(let name):
                "'\(name)' cannot be a Swift type name here ('X.\(name)' means something else in Swift)"
            }
        }
    }

    /// The UpperCamelCase identifier for a type, without backticks (for `LabelAttributes`-style
    /// compositions) — callers needing a standalone type name use ``typeName(_:)``.
    public func typeStem(_ name: String) throws(SwiftNamer.Failure) -> String {
        let words = try split(name)
        var result = words.leadingUnderscore ? "_" : ""
        for word in words.words { result += capitalized(word) }
        if let first = result.unicodeScalars.first, isDigit(first) { result = "_" + result }
        return result
    }

    /// The UpperCamelCase identifier for a type, in backticks when it is a keyword.
    public func typeName(_ name: String) throws(SwiftNamer.Failure) -> String {
        let stem = try typeStem(name)
        if SwiftLanguage.unusableMemberNames.contains(stem) { throw .unusableType(stem) }
        return SwiftLanguage.keywords.contains(stem) ? "`\(stem)`" : stem
    }

    /// The lowerCamelCase identifier of a member, in backticks when it is a keyword.
    public func memberName(_ name: String) throws(SwiftNamer.Failure) -> String {
        let words = try split(name)
        var result = words.leadingUnderscore ? "_" : ""
        for (index, word) in words.words.enumerated() {
            result += index == 0 ? lowercasedFirst(word) : capitalized(word)
        }
        if let first = result.unicodeScalars.first, isDigit(first) { result = "_" + result }
        if SwiftLanguage.unusableMemberNames.contains(result) { throw .unusableMember(result) }
        return SwiftLanguage.keywords.contains(result) ? "`\(result)`" : result
    }

    /// A member name without backticks, for use after a `.` or inside a composed name.
    public func bareMemberName(_ name: String) throws(SwiftNamer.Failure) -> String {
        let member = try memberName(name)
        return member.hasPrefix("`") ? String(member.dropFirst().dropLast()) : member
    }

    // MARK: Words

    private func split(_ name: String) throws(SwiftNamer.Failure) -> (words: [String], leadingUnderscore: Bool) {
        guard !name.isEmpty else { throw .empty }
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "-" || character == "_" || character == "." || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            guard character.unicodeScalars.allSatisfy(isIdentifierScalar) else {
                throw .invalidCharacter(character)
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { throw .noWords }
        // A word may start with a digit (the identifier gets a leading `_`), but not with a
        // combining mark or another character that only continues identifiers.
        if let head = words[0].unicodeScalars.first, !isDigit(head), !head.isASCII, !head.properties.isXIDStart,
            let first = words[0].first
        {
            throw .invalidFirstCharacter(first)
        }
        return (words, name.hasPrefix("_"))
    }

    private func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private func lowercasedFirst(_ word: String) -> String {
        // `URLField` -> `urlField`, `TouchDown` -> `touchDown`, `ボタン` stays.
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == characters.count { return word.lowercased() }
        let lowerCount = upperRun == 1 ? 1 : upperRun - 1
        return String(characters[..<lowerCount]).lowercased() + String(characters[lowerCount...])
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Swift's identifier characters (The Swift Programming Language, "Lexical Structure —
    /// Identifiers"), approximated by Unicode's XID_Continue, which contains them.
    private func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar)
        }
        return scalar.properties.isXIDContinue
    }
}
