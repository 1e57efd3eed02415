import Foundation
import XCTest

@testable import StategenCore

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 15, defects 10 and 11: unknown template files are reported, and messages say what is
/// really wrong.
final class MessagesTests: ProjectTestCase {
    /// A spec of one kind whose attribute `color` has the value `value` in state `normal`.
    func colorSpec(_ value: String) -> String {
        """
        stategen: 1
        module: M
        states: { normal: {} }
        events: { tap: {} }
        transitions:
          normal: { tap: normal }
        attributes:
          color: { type: color }
        attributeSets:
          look: [color]
        controls:
          B:
            attributeSets: [look]
            values:
              color: { normal: \(value) }

        """
    }

    // MARK: Defect 10

    func testUnknownTemplateFilesAreReported() throws {
        try write(StarterSpec.text, "controls.yml")
        let control = try XCTUnwrap(BuiltinTemplates.sources["control"])
        // A used partial of a new name is not reported; two misnamed files are.
        try write(control + "{{> extra}}", "T/control.mustache")
        try write("", "T/extra.mustache")
        try write("x", "T/Control.mustache")
        try write("x", "T/contrl.mustache")
        let result = try stategen(["generate", "controls.yml", "-o", "Out", "--templates", "T"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("[unknown-template]") }
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("T/Control.mustache: warning: ") && $0.contains("case-sensitive")
                    && $0.contains("'control.mustache'")
            }, result.stderr)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("T/contrl.mustache: warning: ") && $0.contains("did you mean 'control.mustache'?")
            }, result.stderr)
        XCTAssertFalse(result.stderr.contains("extra.mustache"), result.stderr)
        XCTAssertTrue(result.stderr.contains("2 warnings generated."), result.stderr)

        let strict = try stategen([
            "generate", "controls.yml", "-o", "Strict", "--templates", "T", "--warnings-as-errors",
        ])
        XCTAssertEqual(strict.status, 1)
        XCTAssertFalse(exists("Strict"))
    }

    func testADynamicPartialSilencesTheUnknownTemplateCheck() throws {
        var set = TemplateSet.builtin
        set.sources["stategen.swift"] = "{{>*which}}"
        set.sources["other"] = ""
        set.origins["other"] = "T/other.mustache"
        XCTAssertEqual(TemplateSet.unknownTemplates(in: set), [])
        set.sources["stategen.swift"] = "x"
        XCTAssertEqual(TemplateSet.unknownTemplates(in: set).map(\.rule), [.unknownTemplate])
    }

    // MARK: Defect 11

    func testAnEmptyColourIsCalledEmptyNull() throws {
        try write(colorSpec(""), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot be empty (null);"), result.stderr)
        try write(colorSpec("\"\""), "quoted.yml")
        let quoted = try stategen(["lint", "quoted.yml"])
        XCTAssertTrue(quoted.stderr.contains("cannot be an empty string;"), quoted.stderr)
        XCTAssertFalse(quoted.stderr.contains("cannot be ''"), quoted.stderr)
    }

    func testUTF32InputIsNamed() throws {
        let text = StarterSpec.text
        var bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x00]
        for scalar in text.unicodeScalars {
            let v = scalar.value
            bytes += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 0]
        }
        try Data(bytes).write(to: project.appendingPathComponent("spec.yml"))
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "spec.yml:1:1: error: the file is UTF-32 (little-endian, with a byte order mark); stategen reads only UTF-8 and UTF-16"
            ), result.stderr)
        XCTAssertFalse(result.stderr.contains("control characters"), result.stderr)
        // Without a byte order mark, and big-endian.
        XCTAssertEqual(YAMLReader.unreadableEncoding(of: [0, 0, 0, 0x73]), "UTF-32 (big-endian)")
        XCTAssertEqual(
            YAMLReader.unreadableEncoding(of: [0x73, 0, 0x74, 0]), "UTF-16 (little-endian) without a byte order mark")
        XCTAssertNil(YAMLReader.unreadableEncoding(of: [0xFF, 0xFE, 0x73, 0]))
        XCTAssertNil(YAMLReader.unreadableEncoding(of: Array("stat".utf8)))
    }

    func testAnEmojiNameSaysSwiftAllowsItButStategenDoesNot() throws {
        try write(StarterSpec.text.replacingOccurrences(of: "module: Controls", with: "module: \"😀\""), "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Swift allows it in identifiers, but stategen takes only"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cannot appear in a Swift identifier"), result.stderr)
        // A character Swift does not allow keeps its message.
        XCTAssertThrowsError(try SwiftNamer().memberName("a/b")) { error in
            XCTAssertEqual(error as? SwiftNamer.Failure, .invalidCharacter("/"))
        }
        XCTAssertTrue(SwiftNamer.isSwiftIdentifierScalar("😀"))
        XCTAssertFalse(SwiftNamer.isSwiftIdentifierScalar("/"))
    }

    func testAnInvalidNameDoesNotCascadeIntoTableWarnings() throws {
        try write(
            """
            stategen: 1
            module: M
            states: { normal: {}, "": {} }
            events: { tap: {} }
            transitions:
              normal: { tap: "" }
              "": { tap: normal }
            controls:
              A: {}
              B: {}

            """, "spec.yml")
        let result = try stategen(["lint", "spec.yml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("[invalid-name]"), result.stderr)
        for rule in ["unreachable-state", "dead-end-state", "unused-event"] {
            XCTAssertFalse(result.stderr.contains("[\(rule)]"), result.stderr)
        }
        XCTAssertTrue(result.stderr.contains("1 error generated."), result.stderr)
    }

    func testAFailedCreateSaysCreate() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var writer = OutputWriter()
        // A new file is placed without replacing (placeNew), a build file by rename (replace).
        writer.fileSystem.placeNew = { _, _ in EACCES }
        writer.fileSystem.replace = { _, _ in EACCES }
        let file = GeneratedFile(name: "A.swift", contents: OutputWriterTests.header)
        XCTAssertThrowsError(try writer.write([file], to: directory.path)) { error in
            XCTAssertEqual((error as? OutputError)?.message, "cannot create the file: Permission denied")
        }
        let side = directory.appendingPathComponent("side.d").path
        XCTAssertThrowsError(try writer.writeBuildFile("x", to: side)) { error in
            XCTAssertEqual((error as? OutputError)?.message, "cannot create the file: Permission denied")
        }
    }

    func testHelpOfHelp() throws {
        for arguments in [["help", "--help"], ["help", "-h"], ["help", "help"], ["--help", "--help"]] {
            let result = try stategen(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("USAGE: stategen <subcommand>"), result.stdout)
        }
    }

    func testUsageErrorsPointToTheSubcommandsHelp() throws {
        let result = try stategen(["generate", "--outptu", "x"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("See 'stategen help generate'."), result.stderr)
        XCTAssertFalse(result.stderr.contains("See 'stategen --help'."), result.stderr)
        let unknown = try stategen(["generat"])
        XCTAssertTrue(unknown.stderr.contains("See 'stategen --help'."), unknown.stderr)
    }

    func testGraphListsAndTakesOnlyWhatApplies() throws {
        let help = try stategen(["graph", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in [
            "--templates", "--layout", "--inlining", "--import-access", "--codable", "--access", "--swift-module",
        ] {
            XCTAssertFalse(help.stdout.contains(option), "\(option) does nothing for graph:\n\(help.stdout)")
        }
        XCTAssertTrue(help.stdout.contains("--warnings-as-errors"))
        XCTAssertTrue(help.stdout.contains("--diagnostics-format"))
        try write(StarterSpec.text, "controls.yml")
        XCTAssertEqual(try stategen(["graph", "controls.yml", "--layout", "split"]).status, 2)
        XCTAssertEqual(try stategen(["graph", "controls.yml", "--warnings-as-errors"]).status, 0)
    }

    func testTemplatesDocListsEveryBuiltinTemplate() throws {
        let doc = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        // The rows of the table of templates: "| `name` | ...".
        let listed = doc.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("| `"), let end = trimmed.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<end])
        }
        XCTAssertEqual(Set(listed), Set(BuiltinTemplates.sources.keys))
        XCTAssertEqual(listed.count, BuiltinTemplates.sources.count)
        // And `templates list` prints the same set.
        let list = try stategen(["templates", "list"])
        let names = list.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(Set(names), Set(BuiltinTemplates.sources.keys))
    }

    /// One spec given twice (however spelled) is named as such, not as two outputs on one path;
    /// two different specs with one module still get the collision message; nothing is written.
    func testASpecGivenTwiceIsNamedAsGivenTwice() throws {
        try write(StarterSpec.text, "a.yml")
        try write(StarterSpec.text, "b.yml")
        for (arguments, expected) in [
            (
                ["a.yml", "a.yml"],
                "out/Controls.swift: error: the spec 'a.yml' is given twice; give each spec once [output]\n"
            ),
            (
                ["a.yml", "./a.yml"],
                "out/Controls.swift: error: the spec './a.yml' is given twice (as 'a.yml' and as './a.yml'); give each spec once [output]\n"
            ),
        ] {
            let result = try stategen(["generate"] + arguments + ["--output", "out"])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, expected)
        }
        let two = try stategen(["generate", "a.yml", "b.yml", "--output", "out"])
        XCTAssertEqual(two.status, 1)
        XCTAssertTrue(
            two.stderr.contains("two outputs map to this path (generated from 'a.yml' and 'b.yml')"), two.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("out").path))
    }

    /// A spec listed twice in stategen.yml (one entry or two with one output folder) has notes at
    /// the entries that list it, where the fix is; two specs with one module, too.
    func testASpecListedTwiceInTheConfigNamesItsEntries() throws {
        try write(StarterSpec.text, "a.yml")
        try write(StarterSpec.text, "b.yml")
        try write(
            """
            stategen: 1
            outputs:
              - specs: [a.yml]
                output: out
              - specs: [./a.yml, b.yml]
                output: out
            """, "stategen.yml")
        // lint too: it stops where generate would (before, it passed).
        for command in ["generate", "check", "lint"] {
            let result = try stategen([command])
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    """
                    out/Controls.swift: error: the spec './a.yml' is given twice (as 'a.yml' and as './a.yml'); give each spec once [output]
                    stategen.yml:3:13: note: listed first here
                      - specs: [a.yml]
                                ^
                    stategen.yml:5:13: note: and here
                      - specs: [./a.yml, b.yml]
                                ^
                    out/Controls.swift: error: two outputs map to this path (generated from 'a.yml' and 'b.yml'); give the specs different modules or output folders [output]
                    stategen.yml:3:13: note: listed first here
                      - specs: [a.yml]
                                ^
                    stategen.yml:5:22: note: and here
                      - specs: [./a.yml, b.yml]
                                         ^

                    """), result.stderr)
        }
        let json = try stategen(["generate", "--diagnostics-format", "json"])
        XCTAssertTrue(json.stdout.contains(#""message" : "listed first here""#), json.stdout)
        let lintJSON = try stategen(["lint", "--diagnostics-format", "json"])
        XCTAssertEqual(lintJSON.status, 1)
        XCTAssertTrue(lintJSON.stdout.contains(#""errors" : 2"#), lintJSON.stdout)
        // On the command line lint has no output folder: each spec is checked on its own.
        XCTAssertEqual(try stategen(["lint", "a.yml", "b.yml"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("out").path))
    }

    /// Two adjacent characters swapped are one edit, so short misspellings get a did-you-mean.
    func testASwapOfTwoAdjacentCharactersIsOneEdit() throws {
        XCTAssertEqual(Suggestion.editDistance("jsno", "json"), 1)
        XCTAssertEqual(Suggestion.editDistance("drak", "dark"), 1)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.editDistance("ca", "abc"), 3, "optimal string alignment edits no substring twice")
        XCTAssertEqual(Suggestion.editDistance("", "abc"), 3)
        XCTAssertEqual(Suggestion.closest(to: "dto", in: ["dot", "mermaid"]), "dot")
        try write(StarterSpec.text, "a.yml")
        let result = try stategen(["styles", "a.yml", "--format", "jsno"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("did you mean 'json'?"), result.stderr)
    }
}
