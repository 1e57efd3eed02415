/// What a plain scalar means under the YAML 1.2 core schema (YAML 1.2.2, section 10.3.2).
///
/// Only plain, untagged scalars are resolved; a quoted, block or explicitly tagged scalar is
/// always `.string`, so `"true"`, `'1'` and `!!str 0x1F` stay text. YAML 1.1's `yes`, `no`,
/// `on`, `off`, sexagesimal `1:30` and `0b` integers are strings here.
public enum YAMLCoreValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// An integer literal of the core schema's form too large for `Int`.
    case bigInt(String)
    case float(Double)
    case string(String)
}

extension YAMLNode {
    /// The scalar's value, or `nil` for a collection.
    ///
    /// - An untagged plain scalar is resolved by the YAML 1.2 core schema.
    /// - An untagged quoted or block scalar, one tagged `!!str`, and one with any tag that is not
    ///   a core tag (`!`, `!local`) are strings: never guessed into another type.
    /// - One tagged `!!null`, `!!bool`, `!!int` or `!!float` takes that type when its text is of
    ///   the tag's form (YAML 1.2.2, 10.3.2), and stays a string otherwise.
    public var coreValue: YAMLCoreValue? {
        guard case .scalar(let text, let style) = content else { return nil }
        guard let tag else { return style == .plain ? YAMLCoreSchema.resolve(plain: text) : .string(text) }
        let resolved = YAMLCoreSchema.resolve(plain: text)
        switch (tag, resolved) {
        case (YAMLCoreSchema.nullTag, .null), (YAMLCoreSchema.boolTag, .bool),
            (YAMLCoreSchema.intTag, .int), (YAMLCoreSchema.intTag, .bigInt),
            (YAMLCoreSchema.floatTag, .float):
            return resolved
        case (YAMLCoreSchema.floatTag, .int(let value)):
            return .float(Double(value))
        default:
            return .string(text)
        }
    }

    /// Whether the node is a scalar that the core schema reads as null
    /// (plain and empty, `~`, `null`, `Null` or `NULL`).
    ///
    /// Decided from the text alone, without resolving the scalar's value: it is asked of every
    /// mapping key and of most values.
    public var isNull: Bool {
        guard case .scalar(let text, let style) = content else { return false }
        if let tag {
            // `!!null ""` is null; any other tag makes the scalar something else.
            guard tag == YAMLCoreSchema.nullTag else { return false }
        } else if style != .plain {
            return false
        }
        return YAMLCoreSchema.isNullSpelling(text)
    }
}

/// The YAML 1.2 core schema's resolution of plain scalars (YAML 1.2.2, 10.3.2, table of
/// regular expressions), written out by hand so that it costs no regex engine.
public enum YAMLCoreSchema {
    static let nullTag = "tag:yaml.org,2002:null"
    static let boolTag = "tag:yaml.org,2002:bool"
    static let intTag = "tag:yaml.org,2002:int"
    static let floatTag = "tag:yaml.org,2002:float"

    /// The value of a plain, untagged scalar: null, bool, int, float, or else a string.
    public static func resolve(plain text: String) -> YAMLCoreValue {
        // Fast path: most scalars are words. Only a digit, sign or dot can start a number, and
        // a word is null or a boolean only as one of nine spellings of 4 or 5 letters.
        let utf8 = text.utf8
        guard let first = utf8.first else { return .null }
        if isString(first: first, count: utf8.count) { return .string(text) }
        if isNullSpelling(text) { return .null }
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        // The bytes are read in place (no array per number: a spec's sizes and counts).
        var contiguous = text
        let number: YAMLCoreValue? = contiguous.withUTF8 { bytes in
            if let int = integer(bytes, text: text) { return int }
            if isFloat(bytes), let value = Double(text) { return .float(value) }
            return nil
        }
        return number ?? .string(text)
    }

    /// Whether a plain scalar's text is one of the core schema's spellings of null.
    static func isNullSpelling(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": true
        default: false
        }
    }

    /// Whether a plain scalar of `count` UTF-8 bytes starting with `first` is certainly a
    /// string: only a digit, sign or dot can start a number, `~` alone is null, and a word is
    /// null or a boolean only as one of nine spellings of 4 or 5 letters.
    static func isString(first: UInt8, count: Int) -> Bool {
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return false
        case UInt8(ascii: "~"):
            return count != 1
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
            UInt8(ascii: "F"):
            return count != 4 && count != 5
        default:
            return true
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// The integer `s`, the UTF-8 of `text`, is, if it is one.
    private static func integer(_ s: UnsafeBufferPointer<UInt8>, text: String) -> YAMLCoreValue? {
        guard !s.isEmpty else { return nil }
        if s.count > 2, s[0] == UInt8(ascii: "0"), s[1] == UInt8(ascii: "o") {
            let digits = s[2...]
            guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) else { return nil }
            return Int(String(decoding: digits, as: UTF8.self), radix: 8).map { .int($0) }
                ?? .bigInt(text)
        }
        if s.count > 2, s[0] == UInt8(ascii: "0"), s[1] == UInt8(ascii: "x") {
            let digits = s[2...]
            guard digits.allSatisfy({ isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
            else { return nil }
            return Int(String(decoding: digits, as: UTF8.self), radix: 16).map { .int($0) }
                ?? .bigInt(text)
        }
        var digits = s[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(text).map { .int($0) } ?? .bigInt(text)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") { i += 1 }
        let intStart = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        let intDigits = i - intStart
        var fracDigits = 0
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            fracDigits = i - fracStart
            if intDigits == 0 && fracDigits == 0 { return false }
        } else if intDigits == 0 {
            return false
        }
        if i < s.count, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            i += 1
            if i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") { i += 1 }
            let expStart = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            if i == expStart { return false }
        }
        return i == s.count
    }
}
