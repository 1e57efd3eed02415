import Foundation

extension TemplateValue {
    /// The value as pretty-printed JSON with sorted keys (what `stategen context` prints), so
    /// that template authors can see every name a template may use. A lambda, which JSON
    /// cannot hold, prints as the string `"<lambda>"`; a double that JSON cannot hold (NaN,
    /// infinite) as `null`. Ends with a newline.
    ///
    /// The text is Foundation's `JSONSerialization` with `.prettyPrinted`, `.sortedKeys` and
    /// `.withoutEscapingSlashes`, byte for byte (a test compares the two), made without
    /// building Foundation objects: 2-space indentation, `"name" : value`, an empty list or
    /// object as an opening line, an empty line and a closing line, and names in the order of
    /// `String.compare` with `.numeric`, `.caseInsensitive` and `.forcedOrdering` in the system
    /// locale (the order `.sortedKeys` gives).
    public var jsonText: String {
        var bytes: [UInt8] = []
        writeJSON { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``jsonText`` to `write` in pieces of about `chunkSize` bytes, making a lazy
    /// list's elements one at a time (`stategen context` of 10,000 kinds holds one kind's
    /// context and one piece, not the whole text).
    public func writeJSON(chunkSize: Int = 1 << 16, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(write) { write in
            var writer = TemplateJSONWriter(chunkSize: chunkSize, write: write)
            writer.value(self, depth: 0)
            writer.buffer.append(0x0A)
            writer.flush()
        }
    }
}

/// The writer of ``TemplateValue/writeJSON(chunkSize:to:)``.
private struct TemplateJSONWriter {
    let chunkSize: Int
    let write: (UnsafeBufferPointer<UInt8>) -> Void
    var buffer: [UInt8] = []
    /// The sorted order of each list of names seen, by the names joined with NUL: objects
    /// that a builder makes have the same names, and sorting by `String.compare` in a locale
    /// is slow.
    var orders: [String: [Int]] = [:]

    init(chunkSize: Int, write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.chunkSize = max(chunkSize, 1)
        self.write = write
        buffer.reserveCapacity(self.chunkSize + 4096)
    }

    mutating func flush() {
        buffer.withUnsafeBufferPointer { write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func indent(_ depth: Int) {
        for _ in 0..<(2 * depth) { buffer.append(0x20) }
    }

    mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    mutating func value(_ value: TemplateValue, depth: Int) {
        if buffer.count >= chunkSize { flush() }
        switch value {
        case .null: ascii("null")
        case .bool(let flag): flag ? ascii("true") : ascii("false")
        case .int(let number): buffer.append(contentsOf: String(number).utf8)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .lambda: string("<lambda>")
        case .list(let items):
            list(count: items.count, depth: depth) { items[$0] }
        case .lazyList(let items):
            list(count: items.count, depth: depth) { items[$0] }
        case .object(let object):
            let names = object.keys
            buffer.append(UInt8(ascii: "{"))
            guard !names.isEmpty else { return empty(closing: UInt8(ascii: "}"), depth: depth) }
            buffer.append(0x0A)
            for (position, index) in order(of: names).enumerated() {
                if position > 0 { ascii(",\n") }
                indent(depth + 1)
                string(names[index])
                ascii(" : ")
                self.value(object.entries[index].value, depth: depth + 1)
            }
            buffer.append(0x0A)
            indent(depth)
            buffer.append(UInt8(ascii: "}"))
        }
    }

    mutating func list(count: Int, depth: Int, element: (Int) -> TemplateValue) {
        buffer.append(UInt8(ascii: "["))
        guard count > 0 else { return empty(closing: UInt8(ascii: "]"), depth: depth) }
        buffer.append(0x0A)
        for index in 0..<count {
            if index > 0 { ascii(",\n") }
            indent(depth + 1)
            value(element(index), depth: depth + 1)
        }
        buffer.append(0x0A)
        indent(depth)
        buffer.append(UInt8(ascii: "]"))
    }

    /// An empty list or object: the opening bracket is written; an empty line, then the
    /// closing one at `depth`.
    mutating func empty(closing: UInt8, depth: Int) {
        ascii("\n\n")
        indent(depth)
        buffer.append(closing)
    }

    /// `names`' positions in sorted order.
    mutating func order(of names: [String]) -> [Int] {
        let key = names.joined(separator: "\u{0}")
        if let known = orders[key] { return known }
        let locale = NSLocale.system as Locale
        let sorted = names.indices.sorted { a, b in
            names[a].compare(
                names[b], options: [.numeric, .caseInsensitive, .forcedOrdering],
                range: names[a].startIndex..<names[a].endIndex, locale: locale) == .orderedAscending
        }
        orders[key] = sorted
        return sorted
    }

    /// Lowercase hexadecimal digits, as `\u00xx` escapes have them.
    static let hexDigits = Array("0123456789abcdef".utf8)

    /// A string in quotes: `"` and `\` escaped, backspace, form feed, newline, carriage return
    /// and tab as their short escapes, other control characters as `\u00xx`; `/`, DEL and all
    /// other characters as they are.
    mutating func string(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): ascii("\\\"")
            case UInt8(ascii: "\\"): ascii("\\\\")
            case 0x08: ascii("\\b")
            case 0x0C: ascii("\\f")
            case 0x0A: ascii("\\n")
            case 0x0D: ascii("\\r")
            case 0x09: ascii("\\t")
            case 0..<0x20:
                ascii("\\u00")
                buffer.append(Self.hexDigits[Int(byte >> 4)])
                buffer.append(Self.hexDigits[Int(byte & 0xF)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// A double as `JSONSerialization` writes it (`17`, `1.5`, `1e+20`); `null` where JSON has
    /// no number for it. The context has few, so each is written by Foundation itself.
    mutating func double(_ number: Double) {
        guard number.isFinite,
            let data = try? JSONSerialization.data(withJSONObject: [number], options: []),
            data.count > 2
        else { return ascii("null") }
        buffer.append(contentsOf: data.dropFirst().dropLast())
    }
}
