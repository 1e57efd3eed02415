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
        let match = topics.first { $0.name == topic || $0.file == topic || $0.file == topic + ".md" }
        return match.flatMap { EmbeddedDocs.pages[$0.file] }
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
