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
        /// A character Swift allows in identifiers but stategen does not take in names: one
        /// outside Unicode's identifier characters (XID_Continue), such as an emoji.
        case unsupportedCharacter(Character)
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
            return visible
                ? "\(DiagnosticText.quoted(character))"
                : "\(DiagnosticText.quoted(character)) (\(codes.joined(separator: " ")))"
        }

        public var description: String {
            switch self {
            case .empty: "a name cannot be empty"
            case .noWords: "a name needs at least one letter or digit besides the separators - _ . and space"
            case .invalidCharacter(let c): "\(Self.describe(c)) cannot appear in a Swift identifier"
            case .unsupportedCharacter(let c):
                "\(Self.describe(c)) is not a letter, digit or combining mark: Swift allows it in identifiers, but stategen takes only Unicode's identifier characters (XID_Continue, UAX #31) in names"
            case .invalidFirstCharacter(let c): "a Swift identifier cannot start with \(Self.describe(c))"
            case .unusableMember(let name):
                "\(DiagnosticText.quoted(name)) cannot be a Swift member name ('.\(name)' means something else in Swift)"
            case .unusableType(let name):
                "\(DiagnosticText.quoted(name)) cannot be a Swift type name here ('X.\(name)' means something else in Swift)"
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
                throw character.unicodeScalars.allSatisfy(Self.isSwiftIdentifierScalar)
                    ? .unsupportedCharacter(character) : .invalidCharacter(character)
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

    /// Whether Swift's grammar allows `scalar` in an identifier (after the first character): the
    /// ranges of identifier-head and identifier-character in The Swift Programming Language,
    /// "Lexical Structure — Identifiers". Wider than what stategen takes (``isIdentifierScalar``):
    /// it is used only to say why a name is refused.
    static func isSwiftIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
        let ranges: [ClosedRange<UInt32>] = [
            0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
            0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x300...0x36F, 0x370...0x167F,
            0x1681...0x180D, 0x180F...0x1DBF, 0x1DC0...0x1DFF, 0x1E00...0x1FFF, 0x200B...0x200D,
            0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
            0x20D0...0x20FF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF,
            0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
            0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE20...0xFE2F, 0xFE30...0xFE44,
            0xFE47...0xFFFD,
        ]
        if ranges.contains(where: { $0.contains(v) }) { return true }
        // U+10000-U+1FFFD, U+20000-U+2FFFD, ..., U+E0000-U+EFFFD.
        return v >= 0x10000 && v <= 0xEFFFD && v & 0xFFFF <= 0xFFFD
    }

    /// The characters stategen takes in names: ASCII letters and digits, and beyond ASCII
    /// Unicode's identifier characters (XID_Continue, UAX #31). Every one is allowed in a Swift
    /// identifier; Swift allows more (emoji and other symbols: ``isSwiftIdentifierScalar(_:)``).
    private func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar)
        }
        return scalar.properties.isXIDContinue
    }
}
