import Foundation
import XCTest

@testable import StategenCore

/// Names and files made to attack the person reading stategen's messages: control characters
/// in kind, token and file names reach the terminal only as `\u{1B}`-style escapes.
final class TerminalEscapeTests: ProjectTestCase {
    func assertNoControlCharacters(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let raw = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && DiagnosticText.isEscaped($0) }
        XCTAssertTrue(raw.isEmpty, "\(context): raw \(raw.map { DiagnosticText.escapedScalar($0) }) in \(text.debugDescription)", file: file, line: line)
    }

    func testControlCharactersInKindTokenAndFileNamesArePrintedEscaped() throws {
        // A kind name and a token reference holding ESC, BEL and a bidirectional override.
        let spec = StarterSpec.text
            .replacingOccurrences(of: "\n  Button:", with: "\n  \"But\\e]0;owned\\aton\":")
        try write(spec, "kind.yml")
        let kind = try stategen(["generate", "kind.yml", "-o", "G"])
        XCTAssertEqual(kind.status, 1, kind.stderr)
        assertNoControlCharacters(kind.stderr, "kind name")
        XCTAssertTrue(kind.stderr.contains("But\\u{1B}]0;owned\\u{07}ton"), kind.stderr)

        try write(
            "tokens:\n  color:\n    $type: color\n    base: { $value: \"#000000\" }\n"
                + StarterSpec.text.replacingOccurrences(of: "\"#FFFFFF\"", with: "\"{col\\e[2J\\u202Eor}\""), "token.yml")
        let token = try stategen(["generate", "token.yml", "-o", "G"])
        XCTAssertEqual(token.status, 1, token.stderr)
        assertNoControlCharacters(token.stderr, "token name")
        XCTAssertTrue(token.stderr.contains("col\\u{1B}[2J\\u{202E}or"), token.stderr)

        // A file name with ESC and BEL, and an error in the file: the location is escaped.
        let name = "a\u{1B}]0;x\u{07}b.yml"
        try write("stategen: 1\nmodule: Demo\nbogus: 1\n", name)
        let located = try stategen(["lint", name])
        XCTAssertEqual(located.status, 1, located.stderr)
        assertNoControlCharacters(located.stderr, "file name")
        XCTAssertTrue(located.stderr.hasPrefix("a\\u{1B}]0;x\\u{07}b.yml:"), located.stderr)

        // A usage error about an argument, and a missing file.
        let usage = try stategen(["generate", "--bogus\u{1B}[31m"])
        XCTAssertNotEqual(usage.status, 0)
        assertNoControlCharacters(usage.stderr, "usage error")
        let missing = try stategen(["generate", "gone\u{07}.yml", "-o", "G"])
        XCTAssertEqual(missing.status, 1)
        assertNoControlCharacters(missing.stderr, "missing file")
        XCTAssertTrue(missing.stderr.contains("gone\\u{07}.yml"), missing.stderr)

        // JSON stays as it is: its encoder escapes control characters its own way.
        let json = try stategen(["lint", name, "--diagnostics-format", "json"])
        assertNoControlCharacters(json.stdout, "JSON")
        XCTAssertTrue(json.stdout.contains("\\u001b") || json.stdout.contains("\\u001B"), json.stdout)
        XCTAssertFalse(json.stdout.contains("\\u{1B}"), json.stdout)
    }

    func testDiagnosticTextEscapesC0DelC1AndBidiControls() {
        XCTAssertEqual(
            DiagnosticText.escaped("a\u{1B}b\u{07}c\u{7F}d\u{9B}e\u{202E}f\u{2066}g\n\th\u{0}"),
            "a\\u{1B}b\\u{07}c\\u{7F}d\\u{9B}e\\u{202E}f\\u{2066}g\\u{0A}\\u{09}h\\u{00}")
        XCTAssertEqual(DiagnosticText.escaped("line\n\tnext\r", keepingLineBreaks: true), "line\n\tnext\\u{0D}")
        XCTAssertEqual(DiagnosticText.escaped("plain é 🙂"), "plain é 🙂")
    }
}
