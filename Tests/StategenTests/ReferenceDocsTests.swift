import Foundation
import XCTest

@testable import StategenCore

/// The reference pages built into the binary (issue 16): the same as `docs/`, and every rule id
/// stategen can report has an explanation.
final class ReferenceDocsTests: XCTestCase {
    /// The rule ids of the invalid fixtures' expected diagnostics (`severity L:C rule | message`).
    static func fixtureRuleIDs() throws -> Set<String> {
        let invalid = TestSupport.fixtures.appendingPathComponent("invalid")
        var rules: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: invalid.path) where file.hasSuffix(".expected")
        {
            for line in try String(contentsOf: invalid.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n")
            {
                let fields = line.split(separator: " ")
                if fields.count > 2 { rules.insert(String(fields[2])) }
            }
        }
        return rules
    }

    func testEmbeddedPagesMatchTheDocsFolder() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(files.sorted(), EmbeddedDocs.pages.keys.sorted(), "run scripts/embed-docs")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(
                EmbeddedDocs.pages[file], text, "\(file) differs from the embedded copy; run scripts/embed-docs")
        }
        XCTAssertEqual(
            Set(ReferenceDocs.topics.map(\.file)), Set(files), "every page has a topic, and every topic a page")
    }

    /// Every rule id in the invalid fixtures' expected diagnostics, and every rule id literal
    /// in the sources, is explained.
    func testEveryRuleIDTheFixturesAndTheSourcesUseIsExplained() throws {
        let rules = try Self.fixtureRuleIDs()
        XCTAssertGreaterThan(rules.count, 40)
        // The sources name rules only as `RuleID` cases: a `rule: "..."` literal would be a
        // rule id the compiler cannot check against the list.
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var literals: [String] = []
        var scanned = 0
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            scanned += 1
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(#"rule: ""#) {
                literals.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertGreaterThan(scanned, 40, "the scan found the sources")
        XCTAssertEqual(literals, [], "name the rule as a RuleID case (`rule: .unknownKey`)")
        let fromSources = Set(RuleID.allCases.map(\.rawValue))
        XCTAssertEqual(
            Set(ReferenceDocs.ruleIDs), fromSources, "RuleID has one case per rule docs/diagnostics.md describes")
        XCTAssertEqual(RuleID.allCases.map(\.rawValue), DiagnosticRules.warnings + DiagnosticRules.errors)
        for rule in rules.union(fromSources).sorted() {
            let text = ReferenceDocs.explanation(of: rule)
            XCTAssertNotNil(text, "'\(rule)' has no section in docs/diagnostics.md")
            XCTAssertTrue(text?.contains("`\(rule)`") == true, rule)
        }
        XCTAssertNil(ReferenceDocs.explanation(of: "no-such-rule"))
    }

    func testAnExplanationIsTheRulesSectionOnly() throws {
        let text = try XCTUnwrap(ReferenceDocs.explanation(of: "undefined-event"))
        XCTAssertTrue(text.hasPrefix("Rule `undefined-event` (References and rules"), text)
        XCTAssertTrue(text.contains("### `undefined-state`, `undefined-event`"), text)
        XCTAssertFalse(text.contains("### `missing-normal-state`"), "stops at the next heading")
        XCTAssertEqual(ReferenceDocs.page("spec"), EmbeddedDocs.pages["spec-reference.md"])
        XCTAssertNil(ReferenceDocs.page("nothing"))
    }

    /// `stategen explain` and `stategen help TOPIC`, run as a user runs them.
    func testExplainAndHelpTopicsFromTheCommandLine() throws {
        func stategen(_ arguments: [String]) throws -> TestSupport.ProcessResult {
            try TestSupport.run(TestSupport.stategenBinary, arguments)
        }
        // Every rule id a fixture produces, written as diagnostics print it.
        let rules = try Self.fixtureRuleIDs()
        let listed = try stategen(["explain"])
        XCTAssertEqual(listed.status, 0)
        XCTAssertTrue(rules.isSubset(of: Set(listed.stdout.split(separator: "\n").map(String.init))))
        for rule in rules.sorted().prefix(8) {
            let explained = try stategen(["explain", "[\(rule)]"])
            XCTAssertEqual(explained.status, 0, rule)
            XCTAssertTrue(explained.stdout.hasPrefix("Rule `\(rule)`"), explained.stdout)
        }
        let unknown = try stategen(["explain", "unknwn-key"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'unknown-key'?"), unknown.stderr)

        let spec = try stategen(["help", "spec"])
        XCTAssertEqual(spec.status, 0)
        XCTAssertEqual(
            spec.stdout,
            ReferenceDocs.terminalText(EmbeddedDocs.pages["spec-reference.md"] ?? "", page: "spec-reference.md"))
        XCTAssertFalse(spec.stdout.contains("](diagnostics.md"), "a terminal cannot follow a Markdown link")
        XCTAssertTrue(spec.stdout.contains("`stategen help diagnostics`"), spec.stdout)
        let overview = try stategen(["help"])
        for topic in ReferenceDocs.topics { XCTAssertTrue(overview.stdout.contains("  \(topic.name) "), topic.name) }
        XCTAssertEqual(try stategen(["help", "specs"]).status, 2)
        // The starter spec points to what the binary holds.
        XCTAssertTrue(StarterSpec.text.contains("`stategen help spec`"))
    }

    /// In a terminal a Markdown link says where to look instead: another page by its `stategen
    /// help` topic and section, a section of the same page by its heading, a web address as it
    /// is, a file outside docs/ by its path in the repository; code is left alone.
    func testLinksArePrintedAsWhereToLook() {
        let text = ReferenceDocs.terminalText(
            """
            See [diagnostics.md](diagnostics.md) and [the rules](diagnostics.md#warning-control); [Warning control](diagnostics.md#warning-control).
            Values: [Contrast](#contrast), [how contrast works](#contrast), [a kind](#no-such-heading).
            Apple: [UISwitch](<https://developer.apple.com/documentation/uikit/uiswitch/seton(_:animated:)>), [fuzz](https://llvm.org/docs/LibFuzzer.html).
            Files: [Examples/Bazel](../Examples/Bazel), [the README](../README.md), ![A toggle](images/t.png).
            Code: `[not](a-link.md)` stays.
            ```
            [also](not-a-link.md)
            ```
            """, page: "spec-reference.md")
        XCTAssertEqual(
            text,
            """
            See `stategen help diagnostics` and the rules (`stategen help diagnostics`, section "Warning control"); section "Warning control" of `stategen help diagnostics`.
            Values: section "Contrast", how contrast works (section "Contrast"), a kind (section "no-such-heading").
            Apple: UISwitch (<https://developer.apple.com/documentation/uikit/uiswitch/seton(_:animated:)>), fuzz (<https://llvm.org/docs/LibFuzzer.html>).
            Files: Examples/Bazel (in the stategen repository), the README (README.md in the stategen repository), A toggle (image docs/images/t.png in the stategen repository).
            Code: `[not](a-link.md)` stays.
            ```
            [also](not-a-link.md)
            ```
            """)
        // Every page's links resolve: no link is left, and every section named exists.
        for topic in ReferenceDocs.topics {
            let shown = ReferenceDocs.terminalText(EmbeddedDocs.pages[topic.file] ?? "", page: topic.file)
            XCTAssertNil(shown.range(of: #"\]\([a-z.-]+\.md"#, options: .regularExpression), topic.file)
            for anchor in (EmbeddedDocs.pages[topic.file] ?? "").matches(of: /\]\(([a-z-]*\.md)?#([a-z0-9_-]+)\)/) {
                let file = anchor.1.map(String.init) ?? topic.file
                XCTAssertNotNil(ReferenceDocs.heading(String(anchor.2), in: file), "\(topic.file): \(file)#\(anchor.2)")
            }
        }
    }

    /// `stategen help NAME` for a subcommand that also has a reference page (templates, styles,
    /// preview) prints the subcommand's help and then the page; `NAME --help` the help alone.
    func testHelpReachesThePageOfASubcommandWithTheSameName() throws {
        for name in ["templates", "styles", "preview"] {
            let topic = try XCTUnwrap(ReferenceDocs.topic(name))
            let page = ReferenceDocs.terminalText(try XCTUnwrap(EmbeddedDocs.pages[topic.file]), page: topic.file)
            let help = try TestSupport.run(TestSupport.stategenBinary, ["help", name])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.contains("USAGE: stategen \(name)"), name)
            XCTAssertTrue(help.stdout.hasSuffix(page), name)
            let alone = try TestSupport.run(TestSupport.stategenBinary, [name, "--help"])
            XCTAssertFalse(alone.stdout.contains(page), name)
        }
    }
}
