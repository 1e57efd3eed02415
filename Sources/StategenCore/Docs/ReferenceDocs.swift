/// The reference pages built into the binary (`docs/*.md`, embedded by `scripts/embed-docs`),
/// so that what the starter spec and every diagnostic point to is reachable offline:
/// `stategen help spec` prints a page, `stategen explain RULE` the section of one rule id.
public enum ReferenceDocs {
    /// A page: the topic `stategen help` takes, its file in `docs/`, and what it covers.
    public struct Topic: Sendable, Hashable {
        public var name: String
        public var file: String
        public var summary: String
    }

    /// Every page, in the order `stategen help` lists them.
    public static let topics: [Topic] = [
        Topic(name: "spec", file: "spec-reference.md", summary: "the spec format, key by key"),
        Topic(name: "diagnostics", file: "diagnostics.md", summary: "every diagnostic and its rule id"),
        Topic(
            name: "dtcg-conformance", file: "dtcg-conformance.md",
            summary: "the DTCG 2025.10 token format, section by section, and what stategen reads"),
        Topic(name: "config", file: "config.md", summary: "stategen.yml, the configuration file"),
        Topic(
            name: "build-integration", file: "build-integration.md",
            summary: "Make, Ninja, Xcode, Bazel and CI; what generate guarantees"),
        Topic(name: "generated-api", file: "generated-api.md", summary: "the Swift API the generated code declares"),
        Topic(
            name: "uikit-semantics", file: "uikit-semantics.md",
            summary: "how the state model follows UIKit's UIControl.State"),
        Topic(name: "templates", file: "templates.md", summary: "custom Mustache templates"),
        Topic(name: "template-context", file: "template-context.md", summary: "the data templates are rendered from"),
        Topic(name: "styles", file: "styles.md", summary: "stategen styles: resolved styles and DTCG tokens"),
        Topic(name: "preview", file: "preview.md", summary: "stategen preview: the HTML page of every state"),
        Topic(name: "fuzzing", file: "fuzzing.md", summary: "the libFuzzer targets and how to run them"),
    ]

    /// The text of the page of `topic` (a topic's name, or its file name), or `nil`.
    public static func page(_ topic: String) -> String? {
        self.topic(topic).flatMap { EmbeddedDocs.pages[$0.file] }
    }

    /// The topic named `name` (a topic's name, or its file name), or `nil`.
    public static func topic(_ name: String) -> Topic? {
        topics.first { $0.name == name || $0.file == name || $0.file == name + ".md" }
    }

    /// `markdown`, a part of the page `file`, as a terminal shows it: each Markdown link
    /// `[text](target)` becomes plain text that says where to look, since a terminal cannot
    /// follow it. A link to another page becomes `text (stategen help TOPIC, section "Heading")`,
    /// or just the command where the text is the page's file name; a link within the page,
    /// `text (section "Heading")`; a web address, `text (<address>)`; a file outside docs/,
    /// `text (PATH in the stategen repository)`. Code spans and fenced code blocks are left as
    /// they are.
    public static func terminalText(_ markdown: String, page file: String) -> String {
        var fenced = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") { fenced.toggle() }
            return fenced ? String(line) : terminalLine(Array(line), page: file)
        }.joined(separator: "\n")
    }

    private static func terminalLine(_ line: [Character], page file: String) -> String {
        var result = ""
        var index = 0
        var inCode = false
        while index < line.count {
            let character = line[index]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "[" || (character == "!" && index + 1 < line.count && line[index + 1] == "["),
                let link = parseLink(line, at: character == "!" ? index + 1 : index)
            {
                result += plainLink(text: link.text, target: link.target, image: character == "!", page: file)
                index = link.end
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    /// The link whose `[` is at `start`: its text, its target (without `<>`) and the index
    /// after its `)`.
    private static func parseLink(_ line: [Character], at start: Int) -> (text: String, target: String, end: Int)? {
        var index = start + 1
        var depth = 1
        while index < line.count {
            if line[index] == "[" { depth += 1 }
            if line[index] == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard index + 1 < line.count, line[index + 1] == "(" else { return nil }
        let text = String(line[(start + 1)..<index])
        var cursor = index + 2
        var target = ""
        if cursor < line.count, line[cursor] == "<" {
            cursor += 1
            while cursor < line.count, line[cursor] != ">" {
                target.append(line[cursor])
                cursor += 1
            }
            cursor += 1
            guard cursor < line.count, line[cursor] == ")" else { return nil }
        } else {
            var parentheses = 0
            while cursor < line.count {
                if line[cursor] == "(" { parentheses += 1 }
                if line[cursor] == ")" {
                    if parentheses == 0 { break }
                    parentheses -= 1
                }
                if line[cursor] == " " { return nil }
                target.append(line[cursor])
                cursor += 1
            }
            guard cursor < line.count else { return nil }
        }
        return (text, target, cursor + 1)
    }

    private static func plainLink(text: String, target: String, image: Bool, page file: String) -> String {
        if target.contains("://") || target.hasPrefix("mailto:") { return "\(text) (<\(target)>)" }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        if path.isEmpty, let anchor {
            let heading = self.heading(anchor, in: file) ?? anchor
            return heading.lowercased() == text.lowercased()
                ? "section \"\(heading)\"" : "\(text) (section \"\(heading)\")"
        }
        if let topic = topics.first(where: { $0.file == path }) {
            let heading = anchor.map { self.heading($0, in: topic.file) ?? $0 }
            let section = heading.map { ", section \"\($0)\"" } ?? ""
            let bare = text.filter { $0 != "`" }
            if bare == path || bare == topic.name || bare == "docs/" + path {
                return "`stategen help \(topic.name)`" + (anchor == nil ? "" : " (\(section.dropFirst(2)))")
            }
            if let heading, heading.lowercased() == bare.lowercased() {
                return "section \"\(heading)\" of `stategen help \(topic.name)`"
            }
            return "\(text) (`stategen help \(topic.name)`\(section))"
        }
        // A file outside the pages: named from the repository's root.
        var components: [Substring] = ["docs"]
        for component in path.split(separator: "/") {
            if component == ".." { _ = components.popLast() } else if component != "." { components.append(component) }
        }
        let location = components.joined(separator: "/")
        let bare = text.filter { $0 != "`" }
        if !image, bare == location || location.hasSuffix("/" + bare) { return "\(text) (in the stategen repository)" }
        return "\(text) (\(image ? "image " : "")\(location) in the stategen repository)"
    }

    /// The heading of `file` whose GitHub anchor is `anchor` (lowercased; every character but
    /// letters, digits, spaces, `-` and `_` dropped; spaces made `-`).
    static func heading(_ anchor: String, in file: String) -> String? {
        guard let page = EmbeddedDocs.pages[file] else { return nil }
        var fenced = false
        for line in page.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let heading = line.drop(while: { $0 == "#" }).trimmingPrefix(while: { $0 == " " })
            let slug = String(
                heading.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_"
                        ? character : nil
                })
            if slug == anchor { return String(heading) }
        }
        return nil
    }

    /// A rule id's section of the diagnostics page: its heading (`### \`rule\``, which may name
    /// several rules) and the text up to the next heading, with a first line naming the section
    /// it belongs to. `nil` for a rule id the page does not describe.
    public static func explanation(of rule: String) -> String? {
        guard let page = EmbeddedDocs.pages["diagnostics.md"] else { return nil }
        var section: String?
        var collected: [Substring] = []
        var collecting = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if collecting { break }
                if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
                if line.hasPrefix("### "), ruleIDs(inHeading: line).contains(rule) {
                    collecting = true
                    collected.append(line)
                }
                continue
            }
            if collecting { collected.append(line) }
        }
        guard collecting else { return nil }
        while collected.last?.allSatisfy(\.isWhitespace) == true { collected.removeLast() }
        let place = section.map { " (\($0), in `stategen help diagnostics`)" } ?? ""
        return "Rule `\(rule)`\(place)\n\n" + collected.joined(separator: "\n") + "\n"
    }

    /// Every rule id the diagnostics page describes, in its order.
    public static var ruleIDs: [String] {
        guard let page = EmbeddedDocs.pages["diagnostics.md"] else { return [] }
        return page.split(separator: "\n").filter { $0.hasPrefix("### ") }.flatMap { ruleIDs(inHeading: $0) }
    }

    /// The rule ids of a `###` heading: each code span that is a rule id (lowercase words
    /// joined by `-`).
    static func ruleIDs(inHeading line: Substring) -> [String] {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            guard index % 2 == 1, !part.isEmpty,
                part.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            else { return nil }
            return String(part)
        }
    }
}
