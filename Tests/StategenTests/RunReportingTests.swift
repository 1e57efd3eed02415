import Foundation
import XCTest

@testable import StategenCore

/// Issue 15, defects 6 and 9: every problem of a run is in the one JSON document, and the side
/// files (depfile, `.xcfilelist`) are checked before anything is written.
final class RunReportingTests: ProjectTestCase {
    /// The JSON document on standard output, parsed.
    func document(_ result: TestSupport.ProcessResult) throws -> [String: Any] {
        try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "stdout: \(result.stdout)\nstderr: \(result.stderr)")
    }

    func rules(_ document: [String: Any]) -> [String] {
        (document["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    }

    // MARK: Defect 6

    func testGenerateJSONHoldsAForeignFileInTheWay() throws {
        try write(StarterSpec.text, "controls.yml")
        try write("// my own file\n", "Out/Controls.swift")
        let result = try stategen(["generate", "controls.yml", "-o", "Out", "--diagnostics-format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try document(result)
        XCTAssertEqual(json["errors"] as? Int, 1, result.stdout)
        XCTAssertEqual(rules(json), ["output"])
        let first = try XCTUnwrap((json["diagnostics"] as? [[String: Any]])?.first)
        let location = try XCTUnwrap(first["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "Out/Controls.swift")
        XCTAssertNil(location["line"])
        XCTAssertEqual(json["version"] as? Int, DiagnosticJSON.version)
        // Nothing else is printed as a diagnostic: the error is not repeated as text.
        XCTAssertFalse(result.stderr.contains("error:"), result.stderr)
        XCTAssertEqual(try read("Out/Controls.swift"), "// my own file\n")
    }

    func testCheckJSONHoldsEveryFinding() throws {
        try write(StarterSpec.text, "controls.yml")
        try write(spec(module: "Other"), "other.yml")
        XCTAssertEqual(try stategen(["generate", "controls.yml", "other.yml", "-o", "Out"]).status, 0)
        // Stale: edit the file; missing: remove the other one.
        try write(try read("Out/Controls.swift") + "// edited\n", "Out/Controls.swift")
        try FileManager.default.removeItem(at: project.appendingPathComponent("Out/Other.swift"))
        let result = try stategen(["check", "controls.yml", "other.yml", "-o", "Out", "--diagnostics-format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try document(result)
        XCTAssertEqual(json["errors"] as? Int, 2, result.stdout)
        XCTAssertEqual(Set(rules(json)), ["stale-output", "missing-output"])
        XCTAssertFalse(result.stderr.contains("error:"), result.stderr)

        // Text keeps its lines, now with their rule ids.
        let text = try stategen(["check", "controls.yml", "other.yml", "-o", "Out"])
        XCTAssertTrue(text.stderr.contains("Out/Controls.swift: error: stale: "), text.stderr)
        XCTAssertTrue(text.stderr.contains("[stale-output]"), text.stderr)
        XCTAssertTrue(text.stderr.contains("Out/Other.swift: error: missing: "), text.stderr)
    }

    func testCheckJSONHoldsAnExtraFile() throws {
        try write(StarterSpec.text, "controls.yml")
        XCTAssertEqual(try stategen(["generate", "controls.yml", "-o", "Out", "--layout", "split"]).status, 0)
        let result = try stategen(["check", "controls.yml", "-o", "Out", "--diagnostics-format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try document(result)
        XCTAssertTrue(rules(json).contains("extra-output"), result.stdout)
        XCTAssertEqual(json["errors"] as? Int, rules(json).count)
    }

    func testAWriteFailureIsInTheJSONDocument() throws {
        try write(StarterSpec.text, "controls.yml")
        // The side file's folder is a file: found before writing, reported in the document.
        try write("x", "file")
        let result = try stategen([
            "generate", "controls.yml", "-o", "Out", "--depfile", "file/stategen.d", "--diagnostics-format", "json",
        ])
        XCTAssertEqual(result.status, 1)
        let json = try document(result)
        XCTAssertEqual(json["errors"] as? Int, 1, result.stdout)
        XCTAssertEqual(rules(json), ["output"])
        XCTAssertFalse(result.stderr.contains("error:"), result.stderr)
    }

    func testGenerateJSONOwnsStandardOutput() throws {
        try write(StarterSpec.text, "controls.yml")
        let result = try stategen(["generate", "controls.yml", "-o", "Out", "--diagnostics-format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try document(result)
        XCTAssertEqual(json["errors"] as? Int, 0)
        XCTAssertTrue(result.stderr.contains("wrote Out/Controls.swift"), result.stderr)
    }

    // MARK: Defect 9

    func testASideFileThatIsAFolderFailsBeforeAnythingIsWritten() throws {
        try write(StarterSpec.text, "controls.yml")
        for option in ["--depfile", "--input-xcfilelist", "--output-xcfilelist"] {
            try FileManager.default.createDirectory(
                at: project.appendingPathComponent("Side"), withIntermediateDirectories: true)
            let result = try stategen(["generate", "controls.yml", "-o", "Out", option, "Side"])
            XCTAssertEqual(result.status, 1, option)
            XCTAssertTrue(result.stderr.contains("Side: error: \(option): the path is a folder"), result.stderr)
            XCTAssertFalse(exists("Out/Controls.swift"), "\(option): nothing may be written")
            XCTAssertFalse(exists("Out"), option)
        }
        let outputs = try stategen(["outputs", "controls.yml", "--output-xcfilelist", "Side"])
        XCTAssertEqual(outputs.status, 1)
        XCTAssertTrue(outputs.stderr.contains("--output-xcfilelist: the path is a folder"), outputs.stderr)
        XCTAssertEqual(outputs.stdout, "")
    }

    func testALateSideFileFailureNamesItsOption() throws {
        try write(StarterSpec.text, "controls.yml")
        try write("x", "file")
        let result = try stategen([
            "generate", "controls.yml", "-o", "Out", "--output-xcfilelist", "file/a/b.xcfilelist",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--output-xcfilelist: 'file' is not a folder"), result.stderr)
        XCTAssertFalse(exists("Out"))
    }

    func testASideFileCannotBeAGeneratedFile() throws {
        try write(StarterSpec.text, "controls.yml")
        let result = try stategen(["generate", "controls.yml", "-o", "Out", "--depfile", "Out/Controls.swift"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--depfile: the path is also a generated file"), result.stderr)
        XCTAssertFalse(exists("Out"))
    }

    func testOutputsFailsWhereGenerateFails() throws {
        try write(StarterSpec.text, "a.yml")
        try write(StarterSpec.text, "b.yml")
        let generate = try stategen(["generate", "a.yml", "b.yml", "-o", "Out"])
        XCTAssertEqual(generate.status, 1)
        let outputs = try stategen(["outputs", "a.yml", "b.yml", "-o", "Out"])
        XCTAssertEqual(outputs.status, 1, outputs.stdout)
        XCTAssertTrue(outputs.stderr.contains("two outputs map to this path"), outputs.stderr)
        XCTAssertEqual(outputs.stdout, "")
    }

    func testCheckAdvisesGenerateOnlyWhereItWouldSucceed() throws {
        try write(StarterSpec.text, "controls.yml")
        let missing = try stategen(["check", "controls.yml", "-o", "Out"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("run 'stategen generate'"), missing.stderr)

        try write("// my own file\n", "Out/Controls.swift")
        let blocked = try stategen(["check", "controls.yml", "-o", "Out"])
        XCTAssertEqual(blocked.status, 1)
        XCTAssertFalse(blocked.stderr.contains("run 'stategen generate'"), blocked.stderr)
        XCTAssertTrue(blocked.stderr.contains("'stategen generate' would fail too"), blocked.stderr)
        XCTAssertEqual(try stategen(["generate", "controls.yml", "-o", "Out"]).status, 1)
    }

    // MARK: Issue 26: the text output's cap never hides an error

    /// A spec whose control reads token `c` from the token files `files`.
    static func tokenSpec(_ files: [String]) -> String {
        """
        stategen: 1
        module: TokenProbe
        unusedTokens: ignore
        states:
          normal: { doc: "n" }
          highlighted: { doc: "h", controlState: highlighted }
        events:
          touchDown: { doc: "d" }
          touchUp: { doc: "u" }
        transitions:
          normal: { touchDown: highlighted }
          highlighted: { touchUp: normal }
        tokenFiles: [\(files.joined(separator: ", "))]
        attributes:
          c0: { type: color, doc: "x" }
        attributeSets:
          a: [c0]
        controls:
          Probe:
            doc: "p"
            attributeSets: [a]
            values:
              c0: { normal: "{c}" }
        """
    }

    /// 150 warnings of an earlier file (unused dimension tokens written as strings, §8.2) and an
    /// error of a later one (the used colour is a five-digit hex): the error is printed, the
    /// warnings stop at the cap, and the count lines say what was left out and what was found.
    func testTheCapNeverHidesAnError() throws {
        let widths = (0..<150).map { "\"w\($0)\": { \"$type\": \"dimension\", \"$value\": \"\($0)px\" }" }
        try write("{\n" + widths.joined(separator: ",\n") + "\n}\n", "a.tokens.json")
        try write(
            "{ \"c\": { \"$type\": \"color\", \"$value\": \"#12345\" } }\n", "b.tokens.json")
        try write(Self.tokenSpec(["a.tokens.json", "b.tokens.json"]), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        let errors = lines.filter { $0.contains(": error: ") }
        let warnings = lines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(errors.count, 1, result.stderr)
        XCTAssertTrue(errors.allSatisfy { $0.hasPrefix("b.tokens.json:") }, result.stderr)
        XCTAssertEqual(warnings.count, 100, result.stderr)
        XCTAssertTrue(result.stderr.contains("stategen: note: 50 more warnings not shown\n"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("1 error and 150 warnings generated.\n"), result.stderr)
        // Printed in file order: the error of the later file comes after the warnings shown.
        let lastWarning = try XCTUnwrap(lines.lastIndex { $0.contains(": warning: ") })
        let firstError = try XCTUnwrap(lines.firstIndex { $0.contains(": error: ") })
        XCTAssertLessThan(lastWarning, firstError)
        // The JSON document has no cap.
        let json = try document(try stategen(["lint", "spec.yml", "--diagnostics-format", "json"]))
        XCTAssertEqual(json["errors"] as? Int, 1)
        XCTAssertEqual(json["warnings"] as? Int, 150)
        XCTAssertEqual((json["diagnostics"] as? [Any])?.count, 151)
    }
}
