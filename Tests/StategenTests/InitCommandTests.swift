import Foundation
import XCTest

@testable import StategenCore

/// `stategen init`: the starter spec is clean and compiles; an existing file is never replaced.
final class InitCommandTests: ProjectTestCase {
    func testInitWritesACleanStarterSpecThatCompiles() throws {
        let result = try stategen(["init"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("wrote controls.yml\n"), result.stdout)
        XCTAssertEqual(try read("controls.yml"), StarterSpec.text)

        let lint = try stategen(["lint", "--warnings-as-errors", "controls.yml"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertEqual(lint.stderr, "", "the starter spec has no warnings")

        XCTAssertEqual(try stategen(["generate", "controls.yml", "--output", "Generated", "-q"]).status, 0)
        let typecheck = try TestSupport.run(
            TestSupport.swiftc,
            TestSupport.strictFlags + ["-typecheck", project.appendingPathComponent("Generated/Controls.swift").path])
        XCTAssertEqual(typecheck.status, 0, typecheck.stderr)
    }

    func testInitRefusesToOverwrite() throws {
        try write("mine: true\n", "controls.yml")
        let again = try stategen(["init"])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(
            again.stderr,
            "controls.yml: error: the file exists; it is left untouched (remove it, or give another path)\n")
        XCTAssertEqual(try read("controls.yml"), "mine: true\n")

        let other = try stategen(["init", "Specs/ui.yml", "--quiet"])
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertEqual(other.stdout, "")
        XCTAssertEqual(try read("Specs/ui.yml"), StarterSpec.text)
        XCTAssertEqual(try stategen(["init", "a.yml", "b.yml"]).status, 2)
    }
}
