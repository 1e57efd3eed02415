import Foundation
import XCTest

@testable import StategenCore

/// Issue 15, defect 12: warnings silenced per rule (for a spec or one kind) and made errors per
/// rule.
final class WarningControlTests: ProjectTestCase {
    /// Two kinds with an unreachable state each and an unused token, with `top` and `badge`
    /// inserted as the spec's and kind Badge's `warnings:`.
    func spec(top: String = "", badge: String = "") -> String {
        """
        stategen: 1
        module: M
        \(top)
        tokens:
          unused: { $type: color, $value: "#FFFFFF" }
        states: { normal: {}, pressed: {} }
        events: { tap: {} }
        transitions:
          normal: { tap: normal }
        controls:
          Badge:
            \(badge)
          Chip: {}

        """
    }

    func rules(_ result: TestSupport.ProcessResult) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line in
            guard line.contains(": warning: ") || line.contains(": error: "), line.hasSuffix("]"),
                let open = line.lastIndex(of: "[")
            else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }

    func testWithoutSettingsEveryWarningIsReported() throws {
        try write(spec(), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(rules(result).sorted(), ["unreachable-state", "unreachable-state", "unused-token"])
    }

    func testASpecIgnoresARule() throws {
        try write(spec(top: "warnings: { ignore: [unused-token] }"), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(rules(result), ["unreachable-state", "unreachable-state"], result.stderr)
        // An ignored warning does not count toward --warnings-as-errors.
        try write(spec(top: "warnings: { ignore: [unused-token, unreachable-state] }"), "quiet.yml")
        let strict = try stategen(["lint", "--warnings-as-errors", "quiet.yml"])
        XCTAssertEqual(strict.status, 0, strict.stderr)
        XCTAssertEqual(strict.stderr, "")
        // Nor is it in the JSON document.
        let json = try stategen(["lint", "--diagnostics-format", "json", "quiet.yml"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["warnings"] as? Int, 0)
        XCTAssertEqual((object["diagnostics"] as? [Any])?.count, 0)
    }

    func testAKindIgnoresARuleForItselfOnly() throws {
        try write(spec(badge: "warnings: { ignore: [unreachable-state] }"), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(rules(result).sorted(), ["unreachable-state", "unused-token"], result.stderr)
        XCTAssertTrue(result.stderr.contains("in control 'Chip'"), result.stderr)
        XCTAssertFalse(result.stderr.contains("in control 'Badge'"), result.stderr)
    }

    func testErrorsAndUnknownIdsCannotBeIgnored() throws {
        try write(spec(top: "warnings: { ignore: [unreachable-stat, invalid-name] }"), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("did you mean 'unreachable-state'?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'invalid-name' reports errors, which cannot be ignored"), result.stderr)
        XCTAssertEqual(rules(result).filter { $0 == "unknown-warning" }.count, 2, result.stderr)
        // A kind takes only the warnings about a kind.
        try write(spec(badge: "warnings: { ignore: [unused-token] }"), "kind.yml")
        let kind = try stategen(["lint", "kind.yml"])
        XCTAssertEqual(kind.status, 1)
        XCTAssertTrue(kind.stderr.contains("not about one control kind"), kind.stderr)
    }

    func testWarningsAsErrorsPerRule() throws {
        try write(spec(), "spec.yml")
        let one = try stategen(["lint", "--warnings-as-errors=unused-token", "spec.yml"])
        XCTAssertEqual(one.status, 1)
        XCTAssertTrue(one.stderr.contains(": error: ") && one.stderr.contains("[unused-token]"), one.stderr)
        XCTAssertTrue(one.stderr.contains("1 error and 2 warnings generated."), one.stderr)
        let other = try stategen(["lint", "--warnings-as-errors=many-states", "spec.yml"])
        XCTAssertEqual(other.status, 0, other.stderr)
        let bad = try stategen(["lint", "--warnings-as-errors=unused-tokn", "spec.yml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("did you mean 'unused-token'?"), bad.stderr)
        let error = try stategen(["lint", "--warnings-as-errors=yaml-syntax", "spec.yml"])
        XCTAssertEqual(error.status, 2)
        XCTAssertTrue(error.stderr.contains("reports errors"), error.stderr)
        // `=all` is the flag alone (the option's help says "all, or only those of the rules
        // listed"), and cannot be mixed with rule ids.
        let all = try stategen(["lint", "--warnings-as-errors=all", "spec.yml"])
        let bare = try stategen(["lint", "--warnings-as-errors", "spec.yml"])
        XCTAssertEqual(all.status, 1, all.stderr)
        XCTAssertEqual(all.stderr, bare.stderr)
        XCTAssertTrue(all.stderr.contains("3 errors generated."), all.stderr)
        let mixed = try stategen(["lint", "--warnings-as-errors=all,unused-token", "spec.yml"])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("'all' (every warning) cannot be listed with rule ids"), mixed.stderr)
        // Alone and with a list, in either order: which is meant is not clear.
        for pair in [
            ["--warnings-as-errors", "--warnings-as-errors=unused-token"],
            ["--warnings-as-errors=unused-token", "--warnings-as-errors"],
        ] {
            let twice = try stategen(["lint"] + pair + ["spec.yml"])
            XCTAssertEqual(twice.status, 2, "\(pair)")
            XCTAssertTrue(twice.stderr.contains("is given twice, alone and as"), twice.stderr)
        }
        // A rule id after a space is read as a spec; the error says to write it after '='.
        let spaced = try stategen(["lint", "spec.yml", "--warnings-as-errors", "unused-token"])
        XCTAssertEqual(spaced.status, 2)
        XCTAssertTrue(spaced.stderr.contains("write '--warnings-as-errors=unused-token'"), spaced.stderr)
        // A spec that happens to be named like a rule is read as a spec.
        try write(spec(), "unused-token")
        XCTAssertEqual(try stategen(["lint", "--warnings-as-errors", "unused-token"]).status, 1)
        // The ignored warning stays ignored.
        try write(spec(top: "warnings: { ignore: [unused-token] }"), "quiet.yml")
        XCTAssertEqual(try stategen(["lint", "--warnings-as-errors=unused-token", "quiet.yml"]).status, 0)
    }

    func testWarningsAsErrorsPerRuleInTheConfiguration() throws {
        try write(spec(), "spec.yml")
        try write(
            """
            stategen: 1
            warningsAsErrors: [unused-token]
            outputs:
              - specs: [spec.yml]
                output: Out

            """, "stategen.yml")
        let result = try stategen(["generate"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("error: ") && result.stderr.contains("[unused-token]"), result.stderr)
        XCTAssertFalse(exists("Out"))
        try write(
            """
            stategen: 1
            warningsAsErrors: [unused-tokn]
            outputs:
              - specs: [spec.yml]
                output: Out

            """, "stategen.yml")
        let bad = try stategen(["generate"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("[unknown-warning]"), bad.stderr)
    }

    func testTheSchemaKnowsWarnings() throws {
        let schema = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SpecSchema.text.utf8)) as? [String: Any])
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        let warnings = try XCTUnwrap(properties["warnings"] as? [String: Any])
        let ignore = try XCTUnwrap((warnings["properties"] as? [String: Any])?["ignore"] as? [String: Any])
        XCTAssertEqual((ignore["items"] as? [String: Any])?["enum"] as? [String], DiagnosticRules.warnings)
        let control = try XCTUnwrap(
            ((schema["$defs"] as? [String: Any])?["control"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertNotNil(control["warnings"])
    }

    /// Every rule id docs/diagnostics.md lists is a known warning or error rule, and every
    /// known rule is listed: the ids `ignore:` takes cannot drift from the docs.
    func testTheRuleRegistryMatchesTheDocs() throws {
        let doc = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        var documented: Set<String> = []
        for line in doc.split(separator: "\n") where line.hasPrefix("### `") {
            for part in line.split(separator: "`").enumerated() where part.offset % 2 == 1 {
                documented.insert(String(part.element))
            }
        }
        XCTAssertEqual(documented, Set(DiagnosticRules.warnings + DiagnosticRules.errors))
        XCTAssertTrue(Set(DiagnosticRules.warnings).isDisjoint(with: DiagnosticRules.errors))
        XCTAssertTrue(DiagnosticRules.kindWarnings.isSubset(of: DiagnosticRules.warnings))
        // One case of `RuleID` per documented rule, and none other.
        XCTAssertEqual(RuleID.allCases.count, documented.count)
        XCTAssertEqual(Set(RuleID.allCases.map(\.rawValue)), documented)
        XCTAssertEqual(RuleID.allCases.filter(\.isWarning).map(\.rawValue), DiagnosticRules.warnings)
        XCTAssertEqual(RuleID.allCases.filter { !$0.isWarning }.map(\.rawValue), DiagnosticRules.errors)
        XCTAssertEqual("\(RuleID.unknownKey)", "unknown-key", "a rule id prints as its kebab-case id")
    }
}
