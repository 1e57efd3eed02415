/// The Swift names the built-in templates declare, read from their source, so that the names a
/// spec may not take (``TemplateContextBuilder``'s reserved names) follow the templates instead
/// of a hand-kept copy of them.
///
/// A template line is read as Swift after its Mustache tags are removed; comment lines are
/// skipped. A declaration is a `struct`, `enum`, `class`, `protocol`, `typealias` or
/// `associatedtype`, a generic parameter of a type or function, found at the line's indentation
/// (four spaces a level). A name made by a tag (`enum {{typeName}}`) is the spec's own and is not
/// reported.
enum TemplateDeclarations {
    /// One declared name.
    struct Declaration: Hashable, Sendable {
        /// The Swift identifier (`Outcome`, `State`, `Value`).
        var name: String
        /// The template's name (`namespace`).
        var template: String
        /// The nesting level, from the indentation: 1 for a member of a top-level
        /// `extension {{module}} {`.
        var level: Int
        /// Whether the template's top-level line enclosing it is `extension {{module}} {`: a
        /// member of the generated namespace, at level 1.
        var inNamespace: Bool
        /// Whether it is a generic parameter, not a type.
        var isGenericParameter: Bool
    }

    /// Every declaration of the built-in templates, by template name then line.
    static let builtin: [Declaration] = BuiltinTemplates.sources.sorted { $0.key < $1.key }.flatMap {
        scan($0.value, template: $0.key)
    }

    /// The modules the generated code names in qualified references (`Swift.String`,
    /// `UIKit.UIColor`), in the built-in templates: a kind or namespace of the same name would
    /// shadow them.
    static let qualifiedModules: [String] = ["Swift", "UIKit", "SwiftUI", "CoreGraphics", "Foundation"].filter {
        module in BuiltinTemplates.sources.values.contains { mentions($0, module + ".") }
    }

    /// Whether `text` has `qualified` (`UIKit.`) as the start of a word: not preceded by a
    /// letter, digit, `_` or `.` (a byte of a non-ASCII character counts as a letter). Scans
    /// UTF-8 bytes: Foundation's `range(of:)` made the first context of a run take about 60 ms.
    static func mentions(_ text: String, _ qualified: String) -> Bool {
        let needle = Array(qualified.utf8)
        guard let head = needle.first else { return false }
        let bytes = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        for start in 0...(bytes.count - needle.count) where bytes[start] == head {
            guard bytes[start..<start + needle.count].elementsEqual(needle) else { continue }
            if start == 0 || !isWordByte(bytes[start - 1]) { return true }
        }
        return false
    }

    /// The declarations in `source`, one template's text.
    static func scan(_ source: String, template: String) -> [Declaration] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "associatedtype", "func"]
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "private", "fileprivate", "nonisolated", "final", "indirect", "static",
            "mutating", "@frozen", "@inlinable", "@usableFromInline", "@MainActor", "@preconcurrency",
        ]
        var found: [Declaration] = []
        var inNamespace = false
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = removingTags(rawLine)
            let indentation = line.prefix { $0 == " " }.count
            let code = line.dropFirst(indentation)
            if code.hasPrefix("//") || code.isEmpty { continue }
            if indentation == 0 && !rawLine.hasPrefix(" ") {
                inNamespace = rawLine.hasPrefix("extension {{module}} {")
            }
            var words = code.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
            guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
            let declared = words.dropFirst().joined(separator: " ")
            let name = declared.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            // `enum {{typeName}}`: the tag was removed, so the name is empty; the spec's own.
            let level = indentation / 4
            let tagNamed = rawLine.contains("\(keyword) {{")
            if !name.isEmpty && !tagNamed && keyword != "func" {
                found.append(
                    Declaration(
                        name: String(name), template: template, level: level, inNamespace: inNamespace && level == 1,
                        isGenericParameter: false))
            }
            // Generic parameters: `<State: ..., Event: ...>` right after the name (or the tag).
            let afterName = declared.dropFirst(name.count)
            if afterName.hasPrefix("<") {
                for parameter in genericParameters(afterName.dropFirst()) {
                    found.append(
                        Declaration(
                            name: parameter, template: template, level: level + 1, inNamespace: false,
                            isGenericParameter: true))
                }
            }
        }
        return found
    }

    /// The parameter names of a generic clause that starts after its `<`: the first identifier
    /// of each top-level, comma-separated item.
    static func genericParameters(_ clause: Substring) -> [String] {
        var names: [String] = []
        var depth = 0
        var atItemStart = true
        var current = ""
        for character in clause {
            switch character {
            case "<", "(", "[":
                depth += 1
                atItemStart = false
            case ">", ")", "]":
                if depth == 0 {
                    if !current.isEmpty { names.append(current) }
                    return names
                }
                depth -= 1
            case "," where depth == 0:
                if !current.isEmpty { names.append(current) }
                current = ""
                atItemStart = true
            case _ where atItemStart && (character.isLetter || character.isNumber || character == "_"):
                current.append(character)
            case " " where current.isEmpty:
                continue
            default:
                atItemStart = false
            }
        }
        return names
    }

    /// `line` without its Mustache tags (`{{accessModifier}}struct` → `struct`); an unclosed
    /// tag drops the rest of the line.
    static func removingTags(_ line: Substring) -> String {
        let bytes = Array(line.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        let brace = UInt8(ascii: "{"), closing = UInt8(ascii: "}")
        while index < bytes.count {
            if bytes[index] == brace, index + 1 < bytes.count, bytes[index + 1] == brace {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == closing && bytes[end + 1] == closing) { end += 1 }
                guard end + 1 < bytes.count else { break }
                index = end + 2
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
