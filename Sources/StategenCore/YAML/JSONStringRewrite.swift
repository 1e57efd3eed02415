/// What a `.json` token file's strings may hold that libyaml refuses, rewritten before libyaml
/// parses the file, so that libyaml stays the parser and every location stays the file's own.
///
/// - **Surrogate pairs.** JSON writes a character outside the Basic Multilingual Plane as a
///   UTF-16 surrogate pair of `\u` escapes (RFC 8259, 7: `"\uD83C\uDFA8"` is U+1F3A8), as
///   Python's `json.dump` writes every emoji by default; YAML's `\u` takes no surrogate, and
///   libyaml refuses one ("found invalid Unicode character escape code"). A well-formed pair (a
///   high surrogate `\uD800`–`\uDBFF` directly followed by a low one `\uDC00`–`\uDFFF`) inside
///   a string becomes the character's UTF-8 bytes, and the string's closing quote is followed
///   by 11 spaces per pair (JSON's whitespace between tokens), so that the file keeps its
///   number of characters: every line, column and offset after the string is the file's own.
///   Inside the string, after a pair, ``originalColumn(line:column:)`` maps libyaml's columns
///   back.
/// - **A lone surrogate** (a high one not followed by a low one, or a low one first) is no
///   character (Unicode 16, 3.9, D76) and no parser can give it as text: ``problem`` is a
///   located error saying so, reported where libyaml stops at it.
/// - **Raw characters JSON allows and libyaml does not read as written.** DEL (U+007F) and the
///   C1 controls (U+0080–U+009F), which RFC 8259 lets a string hold unescaped and libyaml
///   refuses as control characters; NEL (U+0085) and the line and paragraph separators
///   (U+2028, U+2029), which libyaml (YAML 1.1) reads as line breaks, folding them into a
///   space and counting a line. Each becomes one of Unicode's noncharacters (U+FDD0–U+FDEF,
///   U+1FFFE, U+1FFFF, U+2FFFE: permanently reserved for a program's internal use, Unicode 16,
///   23.7) of the same length in characters, which the reader turns back into the character
///   in the scalar's text (``restored(_:)``). Only when the file holds none of those
///   noncharacters itself; otherwise libyaml's own error stands.
///
/// Strings are found on the bytes (a `"` outside a string opens one; inside, `\` escapes the
/// next byte and `"` closes it), which is exact for JSON; in a file that is not JSON (a comment
/// holding a quote) the tracking may go wrong after the first thing that is not, which is then
/// reported first.
struct JSONStringRewrite {
    /// The file's bytes with the rewrites made.
    private(set) var bytes: [UInt8] = []
    /// Where columns inside a string after a rewritten pair are shifted: on `line`, rewritten
    /// columns in `from...through` lie `shift` characters to the left of the file's, and the
    /// padding after the closing quote, `through + 1 ... paddingEnd`, maps to `through`.
    private struct Shift {
        var line: Int
        var from: Int
        var through: Int
        var shift: Int
        var paddingEnd: Int
    }
    private var shifts: [Shift] = []
    /// Whether a raw character became a noncharacter, which ``restored(_:)`` turns back.
    private(set) var placedNoncharacters = false
    /// The first surrogate escape left as it was: a lone surrogate, or a pair in a string that
    /// a raw line break runs across (whose shift the padding could not undo), at its `\`.
    private(set) var problem: YAMLError?

    /// The characters, by the noncharacter each becomes: DEL, the C1 controls, LS and PS.
    static let replaced: [UInt32] = [0x7F] + Array(0x80...0x9F) + [0x2028, 0x2029]
    static let noncharacters: [UInt32] = Array(0xFDD0...0xFDEF) + [0x1FFFE, 0x1FFFF, 0x2FFFE]

    /// Whether `bytes` hold anything to rewrite: a `\u` escape of a surrogate (`\uD`
    /// followed by 8–F), DEL, a C1 control (UTF-8 `C2 80`–`C2 9F`), U+2028 or U+2029
    /// (`E2 80 A8`, `E2 80 A9`). One pass over the bytes, allocating nothing.
    static func isNeeded(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            let raw = UnsafeRawBufferPointer(buffer)
            // Eight bytes at a time past words with no '\\' and no byte from 0x7F up (most of
            // a file): `(b & 0x7F) + 1 | b` has its high bit set exactly when b >= 0x7F, and
            // `(x - 1) & ~x` (x = b ^ '\\') has a high bit set exactly when some x is 0.
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var i = 0
            while i < count {
                while i + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let high = ((word & ~highs) &+ ones | word) & highs
                    let x = word ^ (ones &* 0x5C)
                    if high | ((x &- ones) & ~x & highs) != 0 { break }
                    i += 8
                }
                // The next eight bytes one by one (or the last few).
                let stop = min(i + 8, count)
                while i < stop {
                    let byte = buffer[i]
                    switch byte {
                    case 0x5C:  // '\'
                        if i + 3 < count, buffer[i + 1] == UInt8(ascii: "u"),
                            buffer[i + 2] | 0x20 == UInt8(ascii: "d"), isSurrogateSecondDigit(buffer[i + 3])
                        {
                            return true
                        }
                        i += 2
                        continue
                    case 0x7F:
                        return true
                    case 0xC2:
                        if i + 1 < count, (0x80...0x9F).contains(buffer[i + 1]) { return true }
                    case 0xE2:
                        if i + 2 < count, buffer[i + 1] == 0x80, buffer[i + 2] == 0xA8 || buffer[i + 2] == 0xA9 {
                            return true
                        }
                    default:
                        break
                    }
                    i += 1
                }
            }
            return false
        }
    }

    /// Whether a hex digit after `\uD` makes a surrogate (`D800`–`DFFF`): 8, 9, A–F.
    private static func isSurrogateSecondDigit(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): true
        default: false
        }
    }

    /// The value of four hexadecimal digits at `i`, or `nil`.
    private static func hex4(_ bytes: [UInt8], at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[i..<i + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The UTF-8 bytes of a scalar value.
    private static func utf8(_ value: UInt32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(value) else { return [] }
        return Array(String(Character(scalar)).utf8)
    }

    /// Rewrites `bytes` (UTF-8, as the reader checked) of the file at `path`.
    init(_ source: [UInt8], path: String) {
        let placeNoncharacters = !Self.holdsNoncharacter(source)
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 64)
        var line = 1
        var column = 1  // of the next byte's character, in the file
        var shiftOnLine = 0  // characters the rewritten line is shorter, so far, in this string
        var i = source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        out.append(contentsOf: source[0..<i])
        var inString = false
        // For the open string: where it starts in `out`, and its pairs' shifts so far.
        var stringStart = (out: 0, source: 0, line: 1, column: 1)
        var pending: [Shift] = []
        var stopped = false
        func location(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column)
        }
        while i < source.count {
            let byte = source[i]
            if stopped {
                out.append(contentsOf: source[i...])
                break
            }
            if !inString {
                if byte == UInt8(ascii: "\"") {
                    inString = true
                    stringStart = (out.count, i, line, column)
                    pending = []
                    shiftOnLine = 0
                }
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                out.append(byte)
                i += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                out.append(byte)
                i += 1
                column += 1
                inString = false
                if !pending.isEmpty {
                    let total = pending.reduce(0) { $0 + $1.shift }
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: total))
                    let closeEnd = column - total  // just after the closing quote, rewritten
                    for var shift in pending {
                        shift.through = closeEnd
                        shift.paddingEnd = closeEnd + total - 1
                        shifts.append(shift)
                    }
                    column += total
                    pending = []
                }
            case UInt8(ascii: "\\"):
                guard i + 1 < source.count else {
                    out.append(byte)
                    i += 1
                    continue
                }
                if source[i + 1] == UInt8(ascii: "u"), let unit = Self.hex4(source, at: i + 2),
                    (0xD800...0xDFFF).contains(unit)
                {
                    if unit <= 0xDBFF, i + 11 < source.count, source[i + 6] == UInt8(ascii: "\\"),
                        source[i + 7] == UInt8(ascii: "u"), let low = Self.hex4(source, at: i + 8),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        out.append(contentsOf: Self.utf8(value))
                        // The rewritten line is 11 characters shorter from here to the padding.
                        shiftOnLine += 11
                        pending.append(
                            Shift(
                                line: line, from: column - (shiftOnLine - 11) + 1, through: 0, shift: 11, paddingEnd: 0)
                        )
                        i += 12
                        column += 12
                        continue
                    }
                    let text = String(decoding: source[i..<i + 6], as: UTF8.self)
                    let half =
                        unit <= 0xDBFF
                        ? "a high surrogate not followed by a low one (\\uDC00–\\uDFFF)"
                        : "a low surrogate without the high one before it"
                    problem = YAMLError(
                        .syntax,
                        "\(DiagnosticText.quoted(text)) is \(half): half of a UTF-16 surrogate pair, which is no character; "
                            + "write the whole pair (\"\\uD83C\\uDFA8\" is U+1F3A8) or the character itself",
                        at: location(line, column))
                    Self.stop(&out, &i, &stopped, pending: &pending, stringStart: stringStart, &line, &column)
                    continue
                }
                // Any other escape as it is: `\"` and `\\` both bytes (the quote does not
                // close the string), else the backslash, and what follows on the next round.
                out.append(byte)
                i += 1
                column += 1
                if source[i] == UInt8(ascii: "\"") || source[i] == UInt8(ascii: "\\") {
                    out.append(source[i])
                    i += 1
                    column += 1
                }
            case 0x0A, 0x0D:
                if !pending.isEmpty {
                    // The string runs across lines: the padding after its close would shift
                    // that line instead. The raw line break is JSON's error to report.
                    problem = YAMLError(
                        .syntax,
                        "JSON strings hold no raw control character (U+000\(byte == 0x0A ? "A" : "D")); write it as an escape: \\n, \\t, \\u001F",
                        at: location(line, column))
                    Self.stop(&out, &i, &stopped, pending: &pending, stringStart: stringStart, &line, &column)
                    continue
                }
                out.append(byte)
                i += 1
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            default:
                let (scalar, length) = Self.decodeScalar(source, at: i)
                if placeNoncharacters, let index = Self.replaced.firstIndex(of: scalar) {
                    out.append(contentsOf: Self.utf8(Self.noncharacters[index]))
                    placedNoncharacters = true
                } else {
                    out.append(contentsOf: source[i..<i + length])
                }
                i += length
                column += 1
            }
        }
        bytes = out
    }

    /// Stops rewriting at `stringStart`: the open string's rewrites are undone (its bytes
    /// copied from the source again) and the rest of the file is copied as it is.
    private static func stop(
        _ out: inout [UInt8], _ i: inout Int, _ stopped: inout Bool, pending: inout [Shift],
        stringStart: (out: Int, source: Int, line: Int, column: Int), _ line: inout Int, _ column: inout Int
    ) {
        out.removeSubrange(stringStart.out...)
        i = stringStart.source
        pending = []
        stopped = true
        line = stringStart.line
        column = stringStart.column
    }

    /// The scalar value and UTF-8 length of the character at `i` (the reader has checked the
    /// encoding; a byte that starts no character counts as itself).
    private static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (UInt32, Int) {
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length > 1, i + length <= bytes.count else { return (UInt32(lead), 1) }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (value, length)
    }

    /// Whether `bytes` hold one of ``noncharacters`` (UTF-8 `EF B7 90`–`EF B7 AF`, `F0 9F BF
    /// BE`, `F0 9F BF BF`, `F0 AF BF BE`).
    private static func holdsNoncharacter(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0xEF, bytes[i + 1] == 0xB7, (0x90...0xAF).contains(bytes[i + 2]) { return true }
            if bytes[i] == 0xF0, i + 3 < bytes.count, bytes[i + 2] == 0xBF,
                (bytes[i + 1] == 0x9F && (bytes[i + 3] == 0xBE || bytes[i + 3] == 0xBF))
                    || (bytes[i + 1] == 0xAF && bytes[i + 3] == 0xBE)
            {
                return true
            }
            i += 1
        }
        return false
    }

    /// A scalar's UTF-8 bytes with each noncharacter the rewrite placed turned back into its
    /// character; `nil` when it holds none.
    func restored(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard placedNoncharacters, text.contains(where: { $0 == 0xEF || $0 == 0xF0 }) else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        var changed = false
        var out = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            if let index = Self.noncharacters.firstIndex(of: scalar.value),
                let original = Unicode.Scalar(Self.replaced[index])
            {
                out.append(original)
                changed = true
            } else {
                out.append(scalar)
            }
        }
        return changed ? Array(String(out).utf8) : nil
    }

    /// The file's column of rewritten `column` on `line` (1-based, in characters).
    func originalColumn(line: Int, column: Int) -> Int {
        var result = column
        for shift in shifts where shift.line == line {
            if column > shift.through && column <= shift.paddingEnd {
                return shift.paddingEnd + 1
            }
            if column >= shift.from && column <= shift.through { result += shift.shift }
        }
        return result
    }

    /// `location` (in the rewritten file) in the file's own columns.
    func original(_ location: SourceLocation) -> SourceLocation {
        guard !shifts.isEmpty, !location.isWholeFile else { return location }
        var mapped = location
        mapped.column = originalColumn(line: location.line, column: location.column)
        return mapped
    }

    /// `error` with its location and its notes' in the file's own columns.
    func original(_ error: YAMLError) -> YAMLError {
        guard !shifts.isEmpty else { return error }
        var mapped = error
        mapped.location = original(error.location)
        mapped.notes = error.notes.map { note in
            var note = note
            note.location = note.location.map(original)
            return note
        }
        return mapped
    }
}
