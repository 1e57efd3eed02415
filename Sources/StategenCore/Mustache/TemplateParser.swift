// Tokenizer and tree builder.
//
// Parsing happens in three passes over the UTF-8 bytes of the source:
// 1. `tokenize` splits the source into text tokens (each ending at a newline or before a tag)
//    and tag tokens, applying set-delimiter tags as it goes.
// 2. `markStandaloneLines` applies the spec's standalone-line rule line by line.
// 3. `buildTree` nests sections, inverted sections, parents and blocks into `Node`s.

/// Opening and closing delimiters, as UTF-8 bytes.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// A parsed (possibly dotted) name of a variable or section tag.
struct VariableName: Sendable {
    /// The `@`-names of list iteration (engine extension for code generation).
    enum Special: Sendable {
        case first, last, index
    }

    /// The name as written in the tag, for messages.
    let text: String
    /// The dotted parts; empty for the implicit iterator `.`.
    let components: [String]
    /// `components` with their lookup discriminators (``TemplateKey``), computed once here.
    let keys: [TemplateKey]
    /// Set for `@first`, `@last`, `@index`.
    let special: Special?

    /// Returns nil for an invalid name (an empty dotted part such as `a..b` or `a.`).
    init?(_ text: String) {
        self.text = text
        switch text {
        case ".":
            components = []
            keys = []
            special = nil
            return
        case "@first": special = .first
        case "@last": special = .last
        case "@index": special = .index
        default: special = nil
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.contains(where: \.isEmpty) { return nil }
        components = parts
        keys = parts.map(TemplateKey.init)
    }
}

/// The name of a partial or parent: fixed, or dynamic (`{{>*name}}`, ~dynamic-names.yml).
enum PartialReference: Sendable {
    case fixed(String)
    case dynamic(VariableName)
}

/// A node of the parsed template tree.
enum Node: Sendable {
    /// Literal text.
    case text(String)
    /// The start of a (non-standalone) source line: where partial indentation is inserted.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
    case parent(ParentNode)
    case block(BlockNode)
}

// Node payloads are classes so that walking the tree retains one reference per node.

final class VariableNode: Sendable {
    let name: VariableName
    let escaped: Bool
    let location: TemplateLocation

    init(name: VariableName, escaped: Bool, location: TemplateLocation) {
        self.name = name
        self.escaped = escaped
        self.location = location
    }
}

final class SectionNode: Sendable {
    let name: VariableName
    let inverted: Bool
    let children: [Node]
    /// Raw source between the opening and closing tag, for lambdas.
    let rawText: String
    /// Delimiters in effect at the opening tag, for lambdas.
    let delimiters: Delimiters
    let location: TemplateLocation

    init(
        name: VariableName, inverted: Bool, children: [Node], rawText: String,
        delimiters: Delimiters, location: TemplateLocation
    ) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.rawText = rawText
        self.delimiters = delimiters
        self.location = location
    }
}

final class PartialNode: Sendable {
    let reference: PartialReference
    /// Indentation of a standalone tag (prepended to each line of the partial), else "".
    let indentation: String
    let location: TemplateLocation

    init(reference: PartialReference, indentation: String, location: TemplateLocation) {
        self.reference = reference
        self.indentation = indentation
        self.location = location
    }
}

final class ParentNode: Sendable {
    let reference: PartialReference
    let indentation: String
    /// Block arguments by name (`{{$name}}...{{/name}}` directly inside the parent).
    let arguments: [String: [Node]]
    let location: TemplateLocation

    init(
        reference: PartialReference, indentation: String, arguments: [String: [Node]],
        location: TemplateLocation
    ) {
        self.reference = reference
        self.indentation = indentation
        self.arguments = arguments
        self.location = location
    }
}

final class BlockNode: Sendable {
    let name: String
    /// Default content, with the block's own indentation removed from each line.
    let children: [Node]
    /// Indentation added back to each line of whatever content is rendered here.
    let indentation: String
    /// Whether the opening tag stood alone on its line.
    let isStandalone: Bool
    let location: TemplateLocation

    init(
        name: String, children: [Node], indentation: String, isStandalone: Bool,
        location: TemplateLocation
    ) {
        self.name = name
        self.children = children
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.location = location
    }
}

private enum TokenKind {
    case text, variable, unescaped, section, inverted, close, comment, partial, setDelimiters,
        parent, block
}

private struct Token {
    var kind: TokenKind
    /// Byte range of the whole token in the source.
    var start: Int
    var end: Int
    /// Trimmed tag content (the name), "" for text and comments.
    var content = ""
    var line = 0
    var column = 0
    /// Text token ending with "\n".
    var endsLine = false
    /// Delimiters in effect (sections, for lambdas).
    var delimiters = Delimiters.standard
    /// Closing tag that closes a parent tag.
    var closesParent = false
    /// For block tags: the line's text before the tag, if it is only spaces and tabs.
    var blankLinePrefix: [UInt8]?
    // Set by the standalone pass.
    var standalone = false
    var removed = false
    var beginsLine = false
    var indentation: [UInt8] = []
    var nextLineIndentation: [UInt8] = []
}

private let newline: UInt8 = 0x0A
private let carriageReturn: UInt8 = 0x0D

private func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

private func isWhitespace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n" || character == "\r"
        || character == "\r\n"
}

private func trimmed<S: StringProtocol>(_ text: S) -> String {
    guard let first = text.firstIndex(where: { !isWhitespace($0) }),
        let last = text.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(text[first...last])
}

/// Parses a template source into a node tree (Mustache spec: all core modules plus
/// ~inheritance and ~dynamic-names).
struct TemplateParser {
    /// The deepest nesting of sections, inverted sections, parents and blocks in one template,
    /// and of everything a render expands into each other (sections, partials, parents, blocks,
    /// lambda results): the renderer and the node tree's release recurse once per level, and
    /// the stack holds a few thousand levels.
    static let maxNesting = 256

    let name: String
    private let bytes: [UInt8]
    private let initialDelimiters: Delimiters

    init(source: String, name: String, delimiters: Delimiters = .standard) {
        self.name = name
        self.bytes = Array(source.utf8)
        self.initialDelimiters = delimiters
    }

    func parse() throws(TemplateError) -> [Node] {
        var tokens = try tokenize()
        markStandaloneLines(&tokens)
        return try buildTree(tokens)
    }

    // MARK: - Pass 1: tokens

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        let count = bytes.count
        let length = pattern.count
        guard let first = pattern.first, length <= count else { return nil }
        var index = start
        while index + length <= count {
            if bytes[index] == first {
                var matched = 1
                while matched < length && bytes[index + matched] == pattern[matched] {
                    matched += 1
                }
                if matched == length { return index }
            }
            index += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// 1-based column of `offset` in characters, for a line starting at `lineStart`.
    ///
    /// `known` is an earlier tag's offset on the same line and its column (or `nil`): counting
    /// on from it keeps a long line of many tags linear rather than quadratic. It is used only
    /// where the characters before and at it are ASCII, so no grapheme cluster spans it.
    private func column(from lineStart: Int, to offset: Int, known: (offset: Int, column: Int)?) -> Int {
        var start = lineStart
        var column = 1
        if let known, known.offset >= lineStart, known.offset <= offset, bytes[known.offset] < 0x80,
            known.offset == lineStart || bytes[known.offset - 1] < 0x80
        {
            (start, column) = known
        }
        if bytes[start..<offset].allSatisfy({ $0 < 0x80 }) { return column + offset - start }
        return column + string(start..<offset).count
    }

    private func location(_ token: Token) -> TemplateLocation {
        TemplateLocation(template: name, line: token.line, column: token.column)
    }

    private func tokenize() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var delimiters = initialDelimiters
        var position = 0
        var line = 1
        var lineStart = 0
        var lastTag: (offset: Int, column: Int)?
        // Open tags, to know which closing tags close a parent (for the standalone rule).
        var openTags: [(content: String, isParent: Bool)] = []
        let count = bytes.count

        while position < count {
            let tagStart = find(delimiters.open, from: position) ?? count
            var segmentStart = position
            var index = position
            while index < tagStart {
                if bytes[index] == newline {
                    var token = Token(kind: .text, start: segmentStart, end: index + 1)
                    token.endsLine = true
                    tokens.append(token)
                    line += 1
                    lineStart = index + 1
                    segmentStart = index + 1
                }
                index += 1
            }
            if segmentStart < tagStart {
                tokens.append(Token(kind: .text, start: segmentStart, end: tagStart))
            }
            if tagStart == count { break }

            let tagLine = line
            let tagColumn = column(from: lineStart, to: tagStart, known: lastTag)
            lastTag = (tagStart, tagColumn)
            let tagLocation = TemplateLocation(template: name, line: tagLine, column: tagColumn)
            let closeText = String(decoding: delimiters.close, as: UTF8.self)
            let afterOpen = tagStart + delimiters.open.count
            let sigil: UInt8? = afterOpen < count ? bytes[afterOpen] : nil

            let kind: TokenKind
            let contentRange: Range<Int>
            let tagEnd: Int
            switch sigil {
            case UInt8(ascii: "{"):
                let closing = [UInt8(ascii: "}")] + delimiters.close
                guard let end = find(closing, from: afterOpen + 1) else {
                    throw TemplateError(
                        location: tagLocation,
                        message: "unclosed tag: missing '}\(closeText)'")
                }
                kind = .unescaped
                contentRange = (afterOpen + 1)..<end
                tagEnd = end + closing.count
            case UInt8(ascii: "="):
                let closing = [UInt8(ascii: "=")] + delimiters.close
                guard let end = find(closing, from: afterOpen + 1) else {
                    throw TemplateError(
                        location: tagLocation,
                        message: "unclosed set-delimiter tag: missing '=\(closeText)'")
                }
                kind = .setDelimiters
                contentRange = (afterOpen + 1)..<end
                tagEnd = end + closing.count
            default:
                switch sigil {
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                case UInt8(ascii: "&"): kind = .unescaped
                default: kind = .variable
                }
                // The sigil belongs to the tag: the closing delimiter is looked for after it,
                // as after `{` and `=` above. (A closing delimiter that begins with the sigil,
                // `|/|` with `|` and `/|`, would otherwise be found at the sigil, and the name
                // would end before it began.)
                let nameStart = kind == .variable ? afterOpen : afterOpen + 1
                guard let end = find(delimiters.close, from: nameStart) else {
                    throw TemplateError(
                        location: tagLocation, message: "unclosed tag: missing '\(closeText)'")
                }
                contentRange = nameStart..<end
                tagEnd = end + delimiters.close.count
            }

            var token = Token(kind: kind, start: tagStart, end: tagEnd)
            token.line = tagLine
            token.column = tagColumn
            token.delimiters = delimiters
            if kind == .block {
                let prefix = bytes[lineStart..<tagStart]
                if prefix.allSatisfy(isSpaceOrTab) { token.blankLinePrefix = Array(prefix) }
            }

            // Lines inside the tag (multi-line comments, for instance).
            for offset in tagStart..<tagEnd where bytes[offset] == newline {
                line += 1
                lineStart = offset + 1
            }

            var content = trimmed(string(contentRange))
            switch kind {
            case .comment:
                content = ""
            case .setDelimiters:
                let parts = content.split(whereSeparator: isWhitespace)
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw TemplateError(
                        location: tagLocation,
                        message:
                            "invalid set-delimiter tag '\(content)': expected two delimiters "
                            + "separated by whitespace, neither containing '='")
                }
                delimiters = Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
            default:
                if content.hasPrefix("*") && [.partial, .parent, .close].contains(kind) {
                    content = "*" + trimmed(content.dropFirst())
                }
                if content.isEmpty || content == "*" {
                    throw TemplateError(location: tagLocation, message: "missing name in tag")
                }
                if content.contains(where: isWhitespace) {
                    throw TemplateError(
                        location: tagLocation,
                        message: "invalid name '\(content)': names cannot contain whitespace")
                }
            }
            token.content = content

            switch kind {
            case .section, .inverted, .block, .parent:
                openTags.append((content, kind == .parent))
            case .close:
                if let last = openTags.last, last.content == content {
                    openTags.removeLast()
                    token.closesParent = last.isParent
                }
            default:
                break
            }
            tokens.append(token)
            position = tagEnd
        }
        return tokens
    }

    // MARK: - Pass 2: standalone lines

    /// Mustache spec (comments.yml, sections.yml, partials.yml, ...): a line holding only
    /// whitespace and one non-interpolation tag is "standalone": the whole line, including its
    /// newline ("\n" or "\r\n"), is removed, and its leading whitespace becomes the tag's
    /// indentation. ~inheritance.yml ("Standalone parent", "Standalone block") also lets
    /// parent tags share the line: parent opening and closing tags do not count toward the
    /// one-tag limit, since the text around them inside a parent is ignored anyway.
    private func markStandaloneLines(_ tokens: inout [Token]) {
        var lineBegin = 0
        while lineBegin < tokens.count {
            var lineEnd = lineBegin
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text && token.endsLine { break }
            }

            var allowed = true
            var tags = 0
            var countedTags = 0
            for index in lineBegin..<lineEnd where allowed {
                let token = tokens[index]
                switch token.kind {
                case .text:
                    allowed = isBlank(token)
                case .variable, .unescaped:
                    allowed = false
                case .parent:
                    tags += 1
                case .close where token.closesParent:
                    tags += 1
                default:
                    tags += 1
                    countedTags += 1
                }
            }

            if allowed && tags > 0 && countedTags <= 1 {
                let first = tokens[lineBegin]
                let indentation =
                    first.kind == .text ? Array(bytes[first.start..<first.end]) : []
                var nextLine: [UInt8] = []
                let last = tokens[lineEnd - 1]
                if last.kind == .text && last.endsLine {
                    var offset = last.end
                    while offset < bytes.count && isSpaceOrTab(bytes[offset]) { offset += 1 }
                    nextLine = Array(bytes[last.end..<offset])
                }
                for index in lineBegin..<lineEnd {
                    if tokens[index].kind == .text {
                        tokens[index].removed = true
                    } else {
                        tokens[index].standalone = true
                        tokens[index].indentation = indentation
                        tokens[index].nextLineIndentation = nextLine
                    }
                }
            } else {
                tokens[lineBegin].beginsLine = true
            }
            lineBegin = lineEnd
        }
    }

    /// Text made only of spaces and tabs, plus the line's "\n" or "\r\n".
    private func isBlank(_ token: Token) -> Bool {
        var end = token.end
        if token.endsLine {
            end -= 1
            if end > token.start && bytes[end - 1] == carriageReturn { end -= 1 }
        }
        return bytes[token.start..<end].allSatisfy(isSpaceOrTab)
    }

    // MARK: - Pass 3: tree

    private final class OpenElement {
        let token: Token?
        let kind: TokenKind
        /// Indentation removed from the start of each content line (all enclosing blocks).
        let strippedIndentation: [UInt8]
        /// This block's share of `strippedIndentation`.
        let ownIndentation: [UInt8]
        var nodes: [Node] = []
        var arguments: [String: [Node]] = [:]

        init(token: Token?, kind: TokenKind, stripped: [UInt8], own: [UInt8] = []) {
            self.token = token
            self.kind = kind
            self.strippedIndentation = stripped
            self.ownIndentation = own
        }

        /// ~inheritance.yml: inside a parent tag only blocks count (as arguments); any other
        /// content is ignored.
        func append(_ node: Node) {
            if kind == .parent {
                if case .block(let block) = node { arguments[block.name] = block.children }
                return
            }
            if case .text(let text) = node, case .text(let previous)? = nodes.last {
                nodes[nodes.count - 1] = .text(previous + text)
            } else {
                nodes.append(node)
            }
        }
    }

    private func variableName(_ text: String, _ token: Token) throws(TemplateError) -> VariableName {
        guard let parsed = VariableName(text) else {
            throw TemplateError(
                location: location(token), message: "invalid name '\(text)': empty dotted part")
        }
        return parsed
    }

    private func reference(_ token: Token) throws(TemplateError) -> PartialReference {
        if token.content.hasPrefix("*") {
            return .dynamic(try variableName(String(token.content.dropFirst()), token))
        }
        return .fixed(token.content)
    }

    private static func removingPrefix(_ prefix: [UInt8], from text: [UInt8]) -> [UInt8] {
        var matched = 0
        while matched < prefix.count && matched < text.count && text[matched] == prefix[matched] {
            matched += 1
        }
        return Array(text[matched...])
    }

    private func standaloneIndentation(_ token: Token, in element: OpenElement) -> String {
        guard token.standalone else { return "" }
        let own = TemplateParser.removingPrefix(
            element.strippedIndentation, from: token.indentation)
        return String(decoding: own, as: UTF8.self)
    }

    private func describe(_ kind: TokenKind) -> String {
        switch kind {
        case .inverted: return "inverted section"
        case .parent: return "parent"
        case .block: return "block"
        default: return "section"
        }
    }

    /// Throws when opening `token` inside `open` open elements (the template's top level
    /// counted) would nest more than ``maxNesting`` levels deep.
    private func checkNesting(_ open: Int, _ token: Token) throws(TemplateError) {
        if open > Self.maxNesting {
            throw TemplateError(
                location: location(token),
                message:
                    "sections, parents and blocks nested more than \(Self.maxNesting) levels deep")
        }
    }

    private func buildTree(_ tokens: [Token]) throws(TemplateError) -> [Node] {
        var stack = [OpenElement(token: nil, kind: .text, stripped: [])]
        for token in tokens {
            let top = stack[stack.count - 1]
            if token.beginsLine { top.append(.lineStart) }
            switch token.kind {
            case .text:
                if token.removed { continue }
                var start = token.start
                if token.beginsLine {
                    // ~inheritance.yml "Block reindentation": a block's indentation is
                    // removed at its definition and added back where it is expanded.
                    let strip = top.strippedIndentation
                    var matched = 0
                    while matched < strip.count && start < token.end
                        && bytes[start] == strip[matched]
                    {
                        start += 1
                        matched += 1
                    }
                }
                if start < token.end { top.append(.text(string(start..<token.end))) }
            case .comment, .setDelimiters:
                break
            case .variable, .unescaped:
                top.append(
                    .variable(
                        VariableNode(
                            name: try variableName(token.content, token),
                            escaped: token.kind == .variable, location: location(token))))
            case .partial:
                top.append(
                    .partial(
                        PartialNode(
                            reference: try reference(token),
                            indentation: standaloneIndentation(token, in: top),
                            location: location(token))))
            case .section, .inverted, .parent:
                try checkNesting(stack.count, token)
                stack.append(
                    OpenElement(token: token, kind: token.kind, stripped: top.strippedIndentation))
            case .block:
                // ~inheritance.yml "Intrinsic indentation": for a standalone opening tag the
                // indentation is that of the next line; otherwise the whitespace before the tag.
                let source =
                    token.standalone ? token.nextLineIndentation : (token.blankLinePrefix ?? [])
                let enclosing = top.strippedIndentation
                let own =
                    source.starts(with: enclosing) ? Array(source.dropFirst(enclosing.count)) : []
                try checkNesting(stack.count, token)
                stack.append(
                    OpenElement(
                        token: token, kind: .block, stripped: enclosing + own, own: own))
            case .close:
                guard stack.count > 1, let openToken = top.token else {
                    throw TemplateError(
                        location: location(token),
                        message: "unexpected closing tag '\(token.content)': no section is open")
                }
                guard openToken.content == token.content else {
                    throw TemplateError(
                        location: location(token),
                        message:
                            "closing tag '\(token.content)' does not match open "
                            + "\(describe(top.kind)) '\(openToken.content)' (opened at "
                            + "\(openToken.line):\(openToken.column))")
                }
                stack.removeLast()
                let parent = stack[stack.count - 1]
                switch top.kind {
                case .section, .inverted:
                    parent.append(
                        .section(
                            SectionNode(
                                name: try variableName(openToken.content, openToken),
                                inverted: top.kind == .inverted,
                                children: top.nodes,
                                rawText: string(openToken.end..<token.start),
                                delimiters: openToken.delimiters,
                                location: location(openToken))))
                case .parent:
                    parent.append(
                        .parent(
                            ParentNode(
                                reference: try reference(openToken),
                                indentation: standaloneIndentation(openToken, in: parent),
                                arguments: top.arguments,
                                location: location(openToken))))
                default:
                    parent.append(
                        .block(
                            BlockNode(
                                name: openToken.content,
                                children: top.nodes,
                                indentation: String(decoding: top.ownIndentation, as: UTF8.self),
                                isStandalone: openToken.standalone,
                                location: location(openToken))))
                }
            }
        }
        if stack.count > 1, let open = stack.last, let openToken = open.token {
            throw TemplateError(
                location: location(openToken),
                message:
                    "unclosed \(describe(open.kind)) '\(openToken.content)': missing closing tag")
        }
        return stack[0].nodes
    }
}
