import Foundation
import XCTest

@testable import StategenCore

/// Each `Fixtures/invalid/NAME.yml` is a small spec with mistakes; `NAME.expected` beside it
/// lists the diagnostics it must give, one a line:
///
///     error 12:7 unknown-key | did you mean 'fallback'
///
/// (severity, line:column, rule, and a part of the message). The run must give exactly those
/// diagnostics, in that order, and no file.
final class SpecDiagnosticsTests: XCTestCase {
    struct Expected: Equatable, CustomStringConvertible {
        var severity: String
        var line: Int
        var column: Int
        var rule: String
        var message: String

        var description: String { "\(severity) \(line):\(column) \(rule) | \(message)" }
    }

    static let directory = TestSupport.fixtures.appendingPathComponent("invalid")

    static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
    }

    static func expectations(_ name: String) throws -> [Expected] {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".expected"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let parts = line.split(separator: "|", maxSplits: 1)
            let head = parts[0].split(separator: " ")
            let position = head[1].split(separator: ":")
            return Expected(
                severity: String(head[0]), line: Int(position[0]) ?? 0, column: Int(position[1]) ?? 0,
                rule: String(head[2]),
                message: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    func testEveryInvalidFixtureGivesItsExpectedDiagnostics() throws {
        let names = try Self.fixtureNames()
        XCTAssertGreaterThanOrEqual(names.count, 10)
        for name in names {
            let path = Self.directory.appendingPathComponent(name + ".yml").path
            let result = GeneratorPipeline().generate(specAt: path)
            let expected = try Self.expectations(name)
            let actual = result.diagnostics
            let summary = actual.map { d in
                "\(d.severity.rawValue) \(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule) | \(d.message)"
            }.joined(separator: "\n")
            XCTAssertEqual(actual.count, expected.count, "\(name): got\n\(summary)")
            for (diagnostic, expectation) in zip(actual, expected) {
                XCTAssertEqual(diagnostic.severity.rawValue, expectation.severity, "\(name): \(expectation)")
                XCTAssertEqual(diagnostic.location?.line, expectation.line, "\(name): \(expectation)\ngot\n\(summary)")
                XCTAssertEqual(
                    diagnostic.location?.column, expectation.column, "\(name): \(expectation)\ngot\n\(summary)")
                XCTAssertEqual(diagnostic.rule.rawValue, expectation.rule, "\(name): \(expectation)")
                XCTAssertTrue(
                    diagnostic.message.contains(expectation.message),
                    "\(name): '\(diagnostic.message)' does not contain '\(expectation.message)'")
                XCTAssertEqual(diagnostic.location?.path, path)
            }
            if expected.contains(where: { $0.severity == "error" }) {
                XCTAssertTrue(result.files.isEmpty, "\(name): an invalid spec produced files")
            }
        }
    }

    func testValidFixtureHasNoDiagnostics() throws {
        let result = GeneratorPipeline().generate(
            specAt: TestSupport.smallSpec.path)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.files.map(\.name), ["Small.swift"])
    }

    /// A kind of one state has nowhere to go: `normal` without a row out is no dead end there
    /// (a fresh-user finding: a static kind with `sharedEvents: []` was warned).
    func testAKindOfOneStateHasNoDeadEnd() throws {
        let path = try TestSupport.write(
            """
            stategen: 1
            module: Static
            states:
              normal: {}
              pressed: { fallback: normal }
            events:
              press: {}
            transitions:
              normal: { press: pressed }
            attributes:
              tint: { type: color }
            attributeSets:
              look: [tint]
            controls:
              Badge:
                sharedStates: [normal]
                sharedEvents: []
                attributeSets: [look]
                values:
                  tint: { normal: "#000" }
              Button:
                attributeSets: [look]
                values:
                  tint: { normal: "#000" }

            """, in: self)
        let diagnostics = GeneratorPipeline().generate(specAt: path).diagnostics
        XCTAssertEqual(
            diagnostics.map { "\($0.rule) \($0.message)" },
            [
                "dead-end-state state 'pressed' has no way out in control 'Button'; add a row leaving it, or mark it 'terminal: true'"
            ])
    }

    func testPrinterShowsSourceLineAndCaret() throws {
        let path = Self.directory.appendingPathComponent("unknown-key.yml").path
        let result = GeneratorPipeline().generate(specAt: path)
        var printer = DiagnosticPrinter(sources: result.sources)
        let text = try printer.render(XCTUnwrap(result.diagnostics.first))
        XCTAssertEqual(
            text,
            """
            \(path):5:18: error: unknown key 'fallbak' in state 'highlighted'; did you mean 'fallback'? [unknown-key]
              highlighted: { fallbak: normal }
                             ^

            """)
    }

    func testValuesAreTypedByTheAttributeNotTheScalar() throws {
        let spec = """
            stategen: 1
            module: Typed
            states: { normal: {} }
            events: { poke: {} }
            attributes:
              country: { type: string }
              switchWord: { type: string }
              time: { type: string }
              code: { type: string }
              count: { type: int }
              ratio: { type: double }
              flag: { type: bool }
              empty: { type: string }
            attributeSets: { all: [country, switchWord, time, code, count, ratio, flag, empty] }
            controls:
              Thing:
                attributeSets: [all]
                values:
                  country: { normal: NO }
                  switchWord: { normal: on }
                  time: { normal: 1:30 }
                  code: { normal: 0x1F }
                  count: { normal: 0x1F }
                  ratio: { normal: 2 }
                  flag: { normal: false }
                  empty: { normal: "" }
            """
        let diagnostics = DiagnosticCollector()
        let path = try TestSupport.write(spec, in: self)
        var result = GeneratorPipeline.Result()
        let decoded = try XCTUnwrap(GeneratorPipeline().load(specAt: path, into: &result, diagnostics: diagnostics))
        XCTAssertEqual(diagnostics.diagnostics, [])
        let values = decoded.controls[0].values.map { $0.values[0].value.value }
        XCTAssertEqual(
            values,
            [
                .literal(.string("NO")), .literal(.string("on")), .literal(.string("1:30")), .literal(.string("0x1F")),
                .literal(.int(31)), .literal(.double(2)), .literal(.bool(false)), .literal(.string("")),
            ])
    }

    /// Two attributes of one kind with one role: the error is at the kind, and its notes point
    /// at both `role` keys.
    func testDuplicateRolePointsAtBothAttributes() throws {
        let path = Self.directory.appendingPathComponent("attribute-roles.yml").path
        let result = GeneratorPipeline().generate(specAt: path)
        let duplicate = try XCTUnwrap(result.diagnostics.first { $0.rule == .duplicateRole })
        XCTAssertEqual(duplicate.notes.map { $0.location?.line }, [13, 14])
        XCTAssertEqual(duplicate.notes.map { $0.location?.column }, [30, 30])
        XCTAssertEqual(duplicate.notes.map(\.message), ["'fill' has it here", "'wash' has it here"])
    }
}
