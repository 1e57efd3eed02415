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
        XCTAssertEqual(try read("Specs/ui.yml"), StarterSpec.text(writtenAt: "Specs/ui.yml"))
        XCTAssertEqual(try stategen(["init", "a.yml", "b.yml"]).status, 2)
    }

    /// A folder at the path is named as a folder, not as "the file exists".
    func testInitOnAFolderSaysItIsAFolder() throws {
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        let result = try stategen(["init", "Specs"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "Specs: error: names a folder; give the path of the spec to write in it, such as Specs/controls.yml\n")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("Specs").path), [])
    }

    /// `init Specs` where nothing is: a name without `.yml` or `.yaml` is refused with the two
    /// paths it may have meant, instead of writing a spec file named `Specs`.
    func testInitOfANameWithoutAYAMLExtensionIsRefusedWithAHint() throws {
        let result = try stategen(["init", "Specs"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "stategen: error: init: 'Specs' has no .yml or .yaml extension; give the spec's file name, such as Specs/controls.yml (in a folder Specs) or Specs.yml\n"
            ), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path), [])
        for path in ["Specs/ui.yaml", "UI.YML"] {
            XCTAssertEqual(try stategen(["init", path, "-q"]).status, 0, path)
            XCTAssertTrue(exists(path))
        }
    }

    /// The starter's example commands name the path it was written at, and it stays clean there.
    func testTheStarterSpecNamesThePathItIsWrittenAt() throws {
        XCTAssertEqual(try stategen(["init", "Specs/ui.yml", "-q"]).status, 0)
        let text = try read("Specs/ui.yml")
        XCTAssertFalse(text.contains("controls.yml"), text)
        XCTAssertTrue(text.contains("#   stategen lint Specs/ui.yml "), text)
        XCTAssertTrue(text.contains("`stategen preview Specs/ui.yml --output ui.html`"), text)
        let lint = try stategen(["lint", "--warnings-as-errors", "Specs/ui.yml"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertEqual(lint.stderr, "")
        // Outside the comments nothing changes.
        let code = { (text: String) in
            text.split(separator: "\n").filter { !$0.trimmingPrefix(while: { $0 == " " }).hasPrefix("#") }
        }
        XCTAssertEqual(code(text), code(StarterSpec.text))
        // The schema goes beside the spec, where `$schema=./stategen.schema.json` looks for it.
        XCTAssertTrue(text.contains("#   stategen schema > Specs/stategen.schema.json\n"), text)
        XCTAssertTrue(text.contains("#   # yaml-language-server: $schema=./stategen.schema.json\n"), text)
        // However long the path, the example commands' comments stay in one column.
        for path in ["Specs/ui.yml", "a.yml", "Sources/Design System/Specs/primary # controls.yml"] {
            let lines = StarterSpec.text(writtenAt: path).split(separator: "\n").filter {
                $0.hasPrefix("#   stategen ") && $0.contains(" # ")
            }
            XCTAssertEqual(lines.count, 3, path)
            let columns = Set(lines.map { $0.range(of: " # ", options: .backwards)!.lowerBound.utf16Offset(in: $0) })
            XCTAssertEqual(columns.count, 1, lines.joined(separator: "\n"))
            // The longest command is one space from its comment (the column is not wider than it needs).
            XCTAssertTrue(lines.contains { !$0.contains("  # ") }, lines.joined(separator: "\n"))
        }
        // A path a shell would split is quoted in the comments.
        let spaced = StarterSpec.text(writtenAt: "my specs/it's.yml")
        XCTAssertTrue(spaced.contains(#"stategen lint 'my specs/it'\''s.yml' "#), spaced)
        XCTAssertTrue(spaced.contains(#"--output 'it'\''s.html'`"#), spaced)
        let spacedRun = try stategen(["init", "my specs/a.yml"])
        XCTAssertEqual(spacedRun.status, 0, spacedRun.stderr)
        XCTAssertTrue(spacedRun.stdout.contains("next: stategen lint 'my specs/a.yml'\n"), spacedRun.stdout)
        XCTAssertEqual(StarterSpec.text(writtenAt: StarterSpec.defaultPath), StarterSpec.text)
    }

    /// Paths init cannot use are refused before anything is written, each saying why; paths a
    /// shell would misread are hinted so that the hint can be pasted.
    func testPathsInitCannotUseAreRefusedWithTheirReason() throws {
        try write("x\n", "file")
        XCTAssertEqual(symlink("nowhere", project.appendingPathComponent("dangling").path), 0)
        let cases: [(path: String, status: Int32, message: String)] = [
            (
                "file/sub/c.yml", 1,
                "file/sub/c.yml: error: cannot create the file: 'file' is a regular file, not a folder"
            ),
            (
                "dangling/c.yml", 1,
                "dangling/c.yml: error: cannot create the file: 'dangling' is a symbolic link to 'nowhere', which does not exist"
            ),
            (
                "dangling", 1,
                "dangling: error: the path is a symbolic link to 'nowhere', which does not exist; it is left untouched (remove it, or give another path)"
            ),
            (
                "new/", 1,
                "new/: error: names a folder; give the path of the spec to write in it, such as new/controls.yml"
            ),
            ("", 2, "stategen: error: init: the <path> is empty"),
            (
                "a\nb.yml", 2,
                "stategen: error: init: the <path> holds a control character (U+000A); give a path without one"
            ),
            (
                "a\u{1B}[31m.yml", 2,
                "stategen: error: init: the <path> holds a control character (U+001B); give a path without one"
            ),
        ]
        for (path, status, message) in cases {
            let result = try stategen(["init", "--", path])
            XCTAssertEqual(result.status, status, path)
            XCTAssertTrue(result.stderr.hasPrefix(message + "\n"), result.stderr)
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: project.path).sorted(), ["dangling", "file"])

        let dash = try stategen(["init", "--", "-dash.yml"])
        XCTAssertEqual(dash.status, 0, dash.stderr)
        XCTAssertTrue(dash.stdout.contains("next: stategen lint ./-dash.yml\n"), dash.stdout)
        XCTAssertEqual(try stategen(["lint", "--warnings-as-errors", "./-dash.yml"]).status, 0)
        let equals = try stategen(["init", "=x.yml"])
        XCTAssertTrue(equals.stdout.contains("next: stategen lint '=x.yml'\n"), equals.stdout)
        // '-' is standard output; nothing is written.
        let before = try FileManager.default.contentsOfDirectory(atPath: project.path).sorted()
        let dashOnly = try stategen(["init", "-"])
        XCTAssertEqual(dashOnly.status, 0, dashOnly.stderr)
        XCTAssertEqual(dashOnly.stdout, StarterSpec.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted(), before)
    }
}
