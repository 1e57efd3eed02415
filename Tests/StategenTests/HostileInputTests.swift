import Foundation
import XCTest

@testable import StategenCore

/// Names and files made to attack the person reading stategen's messages: control characters
/// in kind, token and file names reach the terminal only as `\u{1B}`-style escapes.
final class TerminalEscapeTests: ProjectTestCase {
    func assertNoControlCharacters(
        _ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let raw = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && DiagnosticText.isEscaped($0) }
        XCTAssertTrue(
            raw.isEmpty, "\(context): raw \(raw.map { DiagnosticText.escapedScalar($0) }) in \(text.debugDescription)",
            file: file, line: line)
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
                + StarterSpec.text.replacingOccurrences(of: "\"#FFFFFF\"", with: "\"{col\\e[2J\\u202Eor}\""),
            "token.yml")
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

    /// The lines a person reads on standard output (`wrote`, `unchanged`, `removed`, `current`,
    /// and `skipped` with `--verbose`) show an output folder's or a spec's control characters
    /// escaped, line breaks too; what scripts and tools read (`outputs`, `check`'s diff, the
    /// generated file) holds the name byte for byte.
    func testStatusLinesShowControlCharactersEscapedAndMachineOutputKeepsThem() throws {
        let folder = "G\u{1B}]0;owned\u{07}\u{202E}x"
        let shown = "G\\u{1B}]0;owned\\u{07}\\u{202E}x"
        try write(StarterSpec.text, "controls.yml")
        let wrote = try stategen(["generate", "controls.yml", "-o", folder])
        XCTAssertEqual(wrote.status, 0, wrote.stderr)
        XCTAssertEqual(wrote.stdout, "wrote \(shown)/Controls.swift\n")
        let unchanged = try stategen(["generate", "controls.yml", "-o", folder])
        XCTAssertEqual(unchanged.stdout, "unchanged \(shown)/Controls.swift\n")
        let current = try stategen(["check", "controls.yml", "-o", folder])
        XCTAssertEqual(current.status, 0, current.stderr)
        XCTAssertEqual(current.stdout, "current \(shown)/Controls.swift\n")
        let json = try stategen(["generate", "controls.yml", "-o", folder, "--diagnostics-format", "json"])
        XCTAssertTrue(json.stderr.contains("unchanged \(shown)/Controls.swift\n"), json.stderr)
        assertNoControlCharacters(json.stderr, "status lines on standard error")

        // For scripts: the list of outputs, and check's diff (labels and lines), as they are.
        let listed = try stategen(["outputs", "controls.yml", "-o", folder])
        XCTAssertEqual(listed.stdout, "\(folder)/Controls.swift\n")
        let generated = project.appendingPathComponent("\(folder)/Controls.swift")
        let text = try String(contentsOf: generated, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "public enum", with: "public  enum").utf8).write(to: generated)
        let stale = try stategen(["check", "controls.yml", "-o", folder])
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertTrue(stale.stdout.hasPrefix("--- \(folder)/Controls.swift"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("+++ \(folder)/Controls.swift"), stale.stdout)
        assertNoControlCharacters(stale.stderr, "check's findings")

        // A file the spec no longer generates is removed, and said so escaped.
        XCTAssertEqual(try stategen(["generate", "controls.yml", "-o", folder]).status, 0)
        try write(spec(module: "Renamed"), "controls.yml")
        let removed = try stategen(["generate", "controls.yml", "-o", folder])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(removed.stdout, "wrote \(shown)/Renamed.swift\nremoved \(shown)/Controls.swift\n")

        // A spec whose name holds a line break: --verbose's line of it stays one line.
        try write(StarterSpec.text, "sp\nec.yml")
        let verbose = try stategen(["generate", "sp\nec.yml", "-o", "Plain", "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("stategen: sp\\u{0A}ec.yml: read "), verbose.stderr)
        XCTAssertFalse(verbose.stderr.contains("sp\nec"), verbose.stderr)

        // preview and styles: the document's path in their wrote line.
        let page = "p\u{1B}[2J.html"
        let preview = try stategen(["preview", "controls.yml", "--output", page])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertEqual(preview.stdout, "wrote p\\u{1B}[2J.html\n")
        let styles = try stategen(["styles", "controls.yml", "--output", "s\u{07}.json"])
        XCTAssertEqual(styles.status, 0, styles.stderr)
        XCTAssertEqual(styles.stdout, "wrote s\\u{07}.json\n")
        XCTAssertTrue(exists(page))

        // init refuses a control character in its path, but a bidirectional override reaches
        // its wrote line and the commands it suggests.
        let initialized = try stategen(["init", "a\u{202E}lmy.yml"])
        XCTAssertEqual(initialized.status, 0, initialized.stderr)
        assertNoControlCharacters(initialized.stdout, "init")
        XCTAssertTrue(initialized.stdout.hasPrefix("wrote a\\u{202E}lmy.yml\n"), initialized.stdout)
    }

    func testDiagnosticTextEscapesC0DelC1AndBidiControls() {
        XCTAssertEqual(
            DiagnosticText.escaped("a\u{1B}b\u{07}c\u{7F}d\u{9B}e\u{202E}f\u{2066}g\n\th\u{0}"),
            "a\\u{1B}b\\u{07}c\\u{7F}d\\u{9B}e\\u{202E}f\\u{2066}g\\u{0A}\\u{09}h\\u{00}")
        XCTAssertEqual(DiagnosticText.escaped("line\n\tnext\r", keepingLineBreaks: true), "line\n\tnext\\u{0D}")
        XCTAssertEqual(DiagnosticText.escaped("plain é 🙂"), "plain é 🙂")
        XCTAssertEqual(DiagnosticText.escaped("a\u{2028}b\u{2029}c\u{85}"), "a\\u{2028}b\\u{2029}c\\u{85}")
        // The source line under a message shows them as U+FFFD, one for one.
        var printer = DiagnosticPrinter(sources: ["s\u{2028}.yml": "key: a\u{2028}b\u{2029}c\n"])
        let shown = printer.render(
            .error("m", at: SourceLocation(path: "s\u{2028}.yml", line: 1, column: 6), rule: .invalidValue))
        XCTAssertFalse(shown.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, shown.debugDescription)
    }
}

/// Files a spec or `stategen.yml` names outside its own folder (`roots:`, `--root`), and what a
/// message may quote of a file that is not a token file at all.
final class InputRootTests: ProjectTestCase {
    static let secrets = "API_KEY=sk-live-111\nDB_PASSWORD=hunter2-222\nAWS_SECRET=zzz-333\n"

    /// A spec at `app/spec.yml` listing `tokenFiles`.
    func writeSpec(_ tokenFiles: String, at path: String = "app/spec.yml") throws {
        try write("tokenFiles: \(tokenFiles)\nunusedTokens: ignore\n" + StarterSpec.text, path)
    }

    func assertNoSecret(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for secret in ["hunter2-222", "zzz-333"] {
            XCTAssertFalse(text.contains(secret), "a line after the first is quoted: \(text)", file: file, line: line)
        }
    }

    func testATokenFileOutsideTheSpecsFolderIsRefusedUnlessARootListsIt() throws {
        try write(Self.secrets, "secret.env")
        try write(Self.secrets, "app/inside.env")
        let secret = project.appendingPathComponent("secret.env").path
        for (listed, symbolicLink) in [("[../secret.env]", false), ("[\"\(secret)\"]", false), ("[link.json]", true)] {
            try? FileManager.default.removeItem(at: project.appendingPathComponent("app/link.json"))
            try FileManager.default.createSymbolicLink(
                atPath: project.appendingPathComponent("app/link.json").path, withDestinationPath: "../secret.env")
            try writeSpec(listed)
            let refused = try stategen(["generate", "app/spec.yml", "-o", "G"])
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertTrue(refused.stderr.hasPrefix("app/spec.yml:1:14: error: token file '"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("is outside the folder of 'app/spec.yml'"), refused.stderr)
            XCTAssertEqual(refused.stderr.contains("(through a symbolic link)"), symbolicLink, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("[outside-root]"), refused.stderr)
            XCTAssertFalse(refused.stderr.contains("sk-live-111"), "the file is not read: \(refused.stderr)")
            assertNoSecret(refused.stderr)
            XCTAssertFalse(exists("G"))

            // Listed as a root, the file is read; its message quotes at most its first line.
            let allowed = try stategen(["generate", "app/spec.yml", "-o", "G", "--root", "."])
            XCTAssertEqual(allowed.status, 1, allowed.stderr)
            XCTAssertFalse(allowed.stderr.contains("outside-root"), allowed.stderr)
            // A `.json` file is held to JSON, which `API_KEY=…` is not; another is read as YAML.
            XCTAssertTrue(
                allowed.stderr.contains(
                    symbolicLink
                        ? "JSON writes a string in double quotes; its only unquoted values are numbers, true, false and null [yaml-syntax]"
                        : "not a text over several lines [wrong-node-kind]"), allowed.stderr)
            assertNoSecret(allowed.stderr)
        }

        // A file in the spec's folder is read as before; its message quotes one line at most.
        try writeSpec("[inside.env]")
        let inside = try stategen(["lint", "app/spec.yml"])
        XCTAssertEqual(inside.status, 1)
        XCTAssertTrue(inside.stderr.hasPrefix("app/inside.env:1:1: error: the tokens must be a mapping"), inside.stderr)
        assertNoSecret(inside.stderr)

        // A file that is not text (a NUL byte, as /proc/self/environ holds) shows no line at all.
        try Data("A=sk-live-111\u{0}B=hunter2-222\n".utf8).write(to: project.appendingPathComponent("app/env.bin"))
        try writeSpec("[env.bin]")
        let binary = try stategen(["lint", "app/spec.yml"])
        XCTAssertEqual(binary.status, 1)
        XCTAssertTrue(binary.stderr.hasPrefix("app/env.bin:1:"), binary.stderr)
        XCTAssertFalse(binary.stderr.contains("sk-live-111"), binary.stderr)
        assertNoSecret(binary.stderr)
    }

    /// A Bazel sandbox: the spec and its token file are symbolic links into the source tree (the
    /// same folder there), so the token file is inside the spec's folder and is read.
    func testSymbolicLinksOfASandboxIntoOneFolderAreRead() throws {
        try writeSpec("[tokens.json]", at: "source/Specs/buttons.yml")
        try write(##"{ "t": { "$type": "color", "$value": "#000000" } }"##, "source/Specs/tokens.json")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("sandbox/Specs"), withIntermediateDirectories: true)
        for name in ["buttons.yml", "tokens.json"] {
            try FileManager.default.createSymbolicLink(
                atPath: project.appendingPathComponent("sandbox/Specs/\(name)").path,
                withDestinationPath: project.appendingPathComponent("source/Specs/\(name)").path)
        }
        let result = try stategen(
            ["generate", "Specs/buttons.yml", "-o", "out"], in: project.appendingPathComponent("sandbox"))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testStategenYmlEntriesOutsideItsFolderNeedRoots() throws {
        try writeSpec("[../shared/tokens.json]", at: "elsewhere/spec.yml")
        try write(##"{ "t": { "$type": "color", "$value": "#000000" } }"##, "shared/tokens.json")
        try write(Self.secrets, "elsewhere/secret.env")
        let config = "stategen: 1\noutputs:\n  - specs: [../elsewhere/spec.yml]\n    output: Generated\n"
        try write(config, "app/stategen.yml")
        let refused = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "app/stategen.yml:3:13: error: spec 'app/../elsewhere/spec.yml' is outside the configuration file's folder"
            ),
            refused.stderr)
        XCTAssertFalse(exists("app/Generated"))

        // roots: lists the spec's folder; its token file in ../shared is outside both the spec's
        // folder and the configuration's until that is listed too.
        try write("roots: [../elsewhere]\n" + config, "app/stategen.yml")
        let token = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(token.status, 1)
        XCTAssertTrue(token.stderr.contains("token file '../shared/tokens.json' is outside"), token.stderr)
        try write("roots: [../elsewhere, ../shared]\n" + config, "app/stategen.yml")
        let allowed = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(exists("app/Generated/Controls.swift"))

        // --root adds to roots:, and a templates folder is checked the same way.
        try write(
            "stategen: 1\ntemplates: ../tpl\noutputs:\n  - specs: [spec.yml]\n    output: G\n", "app/stategen.yml")
        try writeSpec("[]", at: "app/spec.yml")
        try write("// {{! an extra partial }}\n", "tpl/extra.mustache")
        let templates = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(templates.status, 1)
        XCTAssertTrue(
            templates.stderr.contains("app/stategen.yml:2:12: error: templates folder 'app/../tpl' is outside"),
            templates.stderr)
        let rooted = try stategen(["generate", "--config", "app/stategen.yml", "--root", "tpl"])
        XCTAssertEqual(rooted.status, 0, rooted.stderr)

        // A template file of a listed folder that is a symbolic link out of the project would be
        // rendered into the generated Swift: it is refused at the templates: entry (as is any
        // link out of the templates folder itself; TemplateConfinementTests).
        try write(Self.secrets, "secret.env")
        try FileManager.default.removeItem(at: project.appendingPathComponent("app/G"))
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("app/tpl"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("app/tpl/stategen.swift.mustache").path,
            withDestinationPath: "../../secret.env")
        try write("stategen: 1\ntemplates: tpl\noutputs:\n  - specs: [spec.yml]\n    output: G\n", "app/stategen.yml")
        let linked = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(linked.status, 1, linked.stderr)
        XCTAssertTrue(
            linked.stderr.hasPrefix(
                "app/stategen.yml:2:12: error: template 'app/tpl/stategen.swift.mustache' is a symbolic link out of its templates folder, so it is not read"
            ), linked.stderr)
        XCTAssertFalse(exists("app/G"))
        assertNoSecret(linked.stderr)
    }
}

/// Errors name paths as the user spelled them, never the absolute path stategen resolved them to.
final class PathSpellingTests: ProjectTestCase {
    /// A folder that cannot be created (a name longer than the file system allows, which fails
    /// `mkdir` even for root): the error names the folder as given on the command line.
    func testAFolderThatCannotBeCreatedIsNamedAsGiven() throws {
        try write(StarterSpec.text, "controls.yml")
        let long = String(repeating: "a", count: 300)
        let output = try stategen(["generate", "controls.yml", "-o", "sub/\(long)"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(
            output.stderr.hasPrefix("sub/\(long): error: cannot create the output folder: "), output.stderr)
        XCTAssertFalse(output.stderr.contains(project.path), output.stderr)
        XCTAssertFalse(output.stderr.contains(project.resolvingSymlinksInPath().path), output.stderr)

        let depfile = try stategen(["generate", "controls.yml", "-o", "G", "--depfile", "./sub/\(long)/x.d"])
        XCTAssertEqual(depfile.status, 1)
        XCTAssertTrue(
            depfile.stderr.contains("./sub/\(long): error: --depfile: cannot create the folder: "),
            depfile.stderr)
        XCTAssertFalse(depfile.stderr.contains(project.resolvingSymlinksInPath().path), depfile.stderr)
    }
}

/// A message quotes at most the first line and about 80 characters of a value or name from a
/// spec, token file or configuration, however long or many-lined the value is (issue 25).
final class QuotedValueTests: ProjectTestCase {
    /// No line of `stderr` is longer than `bound` characters, and none of `hidden` appears.
    func assertShort(
        _ stderr: String, hiding hidden: [String], bound: Int = 320, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(stderr.isEmpty, file: file, line: line)
        for text in stderr.split(separator: "\n") {
            XCTAssertLessThanOrEqual(
                text.count, bound, "a line of \(text.count) characters: \(text.prefix(400))", file: file, line: line)
        }
        for secret in hidden {
            XCTAssertFalse(
                stderr.contains(secret), "'\(secret)' is quoted: \(stderr.prefix(2000))", file: file, line: line)
        }
    }

    func testLongAndMultiLineValuesAreQuotedByTheirFirstLineCut() throws {
        // A token's `$value: |` block of 50 lines.
        let block = (0..<50).map {
            "      SECRET-LINE-\(String(format: "%02d", $0))-" + String(repeating: "x", count: 30)
        }
        try write(
            "color:\n  $type: color\n  primary:\n    $value: |\n" + block.joined(separator: "\n") + "\n", "tokens.yml")
        try write(
            "tokenFiles: [tokens.yml]\nunusedTokens: ignore\n"
                + StarterSpec.text.replacingOccurrences(of: "\"#0060DF\"", with: "\"{color.primary}\""), "controls.yml")
        let token = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(token.status, 1, token.stderr)
        assertShort(token.stderr, hiding: ["SECRET-LINE-01"])

        // `module: |` over two lines.
        try write(
            StarterSpec.text.replacingOccurrences(
                of: "module: Controls", with: "module: |\n  SECRETLINE1\n  SECRETLINE2\n  #"), "controls.yml")
        let module = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(module.status, 1, module.stderr)
        assertShort(module.stderr, hiding: ["SECRETLINE2"])

        // A colour of 3,000 characters.
        let colour = "#" + String(repeating: "A", count: 2_990) + "ENDOFCOLOUR"
        try write(StarterSpec.text.replacingOccurrences(of: "\"#0060DF\"", with: "\"\(colour)\""), "controls.yml")
        let long = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(long.status, 1, long.stderr)
        assertShort(long.stderr, hiding: ["ENDOFCOLOUR"])

        // An undefined state name of 3,000 characters.
        let state = String(repeating: "n", count: 2_990) + "ENDOFSTATE"
        try write(
            StarterSpec.text.replacingOccurrences(of: "touchDown: highlighted,", with: "touchDown: \(state),"),
            "controls.yml")
        let undefined = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(undefined.status, 1, undefined.stderr)
        assertShort(undefined.stderr, hiding: ["ENDOFSTATE"])
    }

    func testTheQuotingHelperCutsAtTheFirstLineAndEightyCharacters() {
        XCTAssertEqual(DiagnosticText.quoted("primary"), "'primary'")
        XCTAssertEqual(DiagnosticText.quoted("a\nb\nc"), "'a…' (3 lines)")
        XCTAssertEqual(
            DiagnosticText.quoted(String(repeating: "x", count: 200)),
            "'" + String(repeating: "x", count: 80) + "…' (200 characters)")
        XCTAssertEqual(DiagnosticText.quoted("bell\u{07}"), "'bell\\u{07}'")
    }
}

/// Version-control metadata is never an input, and a template of `templates:` in stategen.yml
/// must really be in that folder (issue 25): a symbolic link that stays inside the project but
/// reaches `.git/config` would put its credentials into the generated Swift and `check`'s diff.
final class TemplateConfinementTests: ProjectTestCase {
    static let header = "[http]\n\textraheader = AUTHORIZATION: basic SECRET-CI-TOKEN\n"

    func link(_ path: String, to destination: String) throws {
        let url = project.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    func testATemplateLinkedIntoGitOrOutOfItsFolderIsRefused() throws {
        try write(Self.header, ".git/config")
        try write("// {{! a template kept beside the folder }}\n", "shared/attribute-set.mustache")
        try write(StarterSpec.text, "controls.yml")
        try write("stategen: 1\ntemplates: T\noutputs:\n  - specs: [controls.yml]\n    output: G\n", "stategen.yml")

        // Through stategen.yml: a link to .git/config, and a link to a file outside T.
        for destination in ["../.git/config", "../shared/attribute-set.mustache"] {
            try link("T/attribute-set.mustache", to: destination)
            for command in ["generate", "check"] {
                let result = try stategen([command, "--config", "stategen.yml"])
                XCTAssertEqual(result.status, 1, "\(destination): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("[outside-root]"), result.stderr)
                XCTAssertFalse(result.stderr.contains("SECRET-CI-TOKEN"), result.stderr)
                XCTAssertFalse(result.stdout.contains("SECRET-CI-TOKEN"), result.stdout)
                XCTAssertFalse(exists("G"))
            }
        }

        // --templates on the command line is the user's own folder: a link out of it is read,
        // but one into .git is not.
        try link("T/attribute-set.mustache", to: "../shared/attribute-set.mustache")
        let own = try stategen(["generate", "controls.yml", "-o", "G", "--templates", "T"])
        XCTAssertEqual(own.status, 0, own.stderr)
        try FileManager.default.removeItem(at: project.appendingPathComponent("G"))
        try link("T/attribute-set.mustache", to: "../.git/config")
        let git = try stategen(["generate", "controls.yml", "-o", "G", "--templates", "T"])
        XCTAssertEqual(git.status, 1, git.stderr)
        XCTAssertTrue(git.stderr.contains("version-control"), git.stderr)
        XCTAssertFalse(git.stderr.contains("SECRET-CI-TOKEN"), git.stderr)
        XCTAssertFalse(exists("G"))
    }

    /// A spec or token file whose real path is in `.git`, `.hg` or `.svn` is not read.
    func testASpecOrTokenFileInVersionControlMetadataIsNotRead() throws {
        try write("SECRET-CI-TOKEN-1\nSECRET-CI-TOKEN-2\n", ".git/objects/info/tokens.json")
        try link("tokens.json", to: ".git/objects/info/tokens.json")
        try write("tokenFiles: [tokens.json]\nunusedTokens: ignore\n" + StarterSpec.text, "controls.yml")
        let token = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(token.status, 1, token.stderr)
        XCTAssertTrue(token.stderr.contains("version-control"), token.stderr)
        XCTAssertFalse(token.stderr.contains("SECRET-CI-TOKEN"), token.stderr)

        try write(StarterSpec.text, ".hg/spec.yml")
        let spec = try stategen(["lint", ".hg/spec.yml"])
        XCTAssertEqual(spec.status, 1, spec.stderr)
        XCTAssertTrue(spec.stderr.contains("version-control"), spec.stderr)
    }
}

/// `stategen.yml` is build configuration, trusted like the Makefile that runs it, but its
/// `roots:` cannot open the whole machine: a root that is `/`, a system folder, the home folder,
/// or an ancestor of the configuration's own folder is refused (issue 25). And a file under a
/// root that is not a token tree (a credentials file) is not quoted key by key.
final class ConfigRootTrustTests: ProjectTestCase {
    /// `/root` is a home folder, as `/home/NAME` is: a container's CI job that checks the project
    /// out under it lists a token checkout beside it; `/root` itself and `/etc` stay refused.
    func testARootBesideAProjectUnderSlashRootIsAllowed() {
        let config = "/root/work/app/stategen.yml"
        XCTAssertNil(
            InputRoots.configRootRefusal(of: "/root/work/DesignTokens", spelled: "../DesignTokens", configPath: config))
        XCTAssertNotNil(InputRoots.configRootRefusal(of: "/root", spelled: "../..", configPath: config))
        XCTAssertNotNil(InputRoots.configRootRefusal(of: "/etc/ssl", spelled: "/etc/ssl", configPath: config))
    }

    func testRootsOfStategenYmlCannotBeTheFileSystemASystemFolderOrAnAncestor() throws {
        try write("tokenFiles: [/etc/passwd]\nunusedTokens: ignore\n" + StarterSpec.text, "app/controls.yml")
        for root in ["/", "/etc", "/proc/self", "../../../../../../../../etc", "..", "../.."] {
            try write(
                "stategen: 1\nroots: [\"\(root)\"]\noutputs:\n  - specs: [controls.yml]\n    output: G\n",
                "app/stategen.yml")
            let result = try stategen(["generate", "--config", "app/stategen.yml"])
            XCTAssertEqual(result.status, 1, "\(root): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("app/stategen.yml:2:9: error: "), "\(root): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[outside-root]"), result.stderr)
            XCTAssertFalse(result.stderr.contains("root:x:0"), "\(root): /etc/passwd is read: \(result.stderr)")
            XCTAssertFalse(exists("app/G"))
        }
        // A sibling folder stays a valid root.
        try write(##"{ "t": { "$type": "color", "$value": "#000000" } }"##, "shared/tokens.json")
        try write("tokenFiles: [../shared/tokens.json]\nunusedTokens: ignore\n" + StarterSpec.text, "app/controls.yml")
        try write(
            "stategen: 1\nroots: [../shared]\noutputs:\n  - specs: [controls.yml]\n    output: G\n", "app/stategen.yml")
        let sibling = try stategen(["generate", "--config", "app/stategen.yml"])
        XCTAssertEqual(sibling.status, 0, sibling.stderr)
    }

    /// A root of `stategen.yml` holding a committed link to `/`: a file whose real path is in a
    /// system folder is refused even though its path lies under the root.
    func testALinkOutOfARootIntoASystemFolderIsRefused() throws {
        try write("tokenFiles: [leak/etc/passwd]\nunusedTokens: ignore\n" + StarterSpec.text, "controls.yml")
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("leak").path, withDestinationPath: "/")
        try write("stategen: 1\nroots: [.]\noutputs:\n  - specs: [controls.yml]\n    output: G\n", "stategen.yml")
        let result = try stategen(["generate", "--config", "stategen.yml"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("controls.yml:1:14: error: token file 'leak/etc/passwd'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[outside-root]"), result.stderr)
        XCTAssertFalse(result.stderr.contains("root:"), "/etc/passwd is read: \(result.stderr)")
        XCTAssertFalse(exists("G"))
    }

    /// A `tokenFiles:` name that is a whole secrets file: quoted by its first line, at its entry.
    func testAnUnreadableTokenFileNameIsQuotedCutAtItsEntry() throws {
        let name = (0..<50).map { String(format: "SECRET-%02d", $0) }.joined(separator: "\n")
        try write(
            "tokenFiles: [\"\(name.replacingOccurrences(of: "\n", with: "\\n"))\"]\nunusedTokens: ignore\n"
                + StarterSpec.text, "controls.yml")
        let result = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("controls.yml:1:14: error: cannot read the tokens file 'SECRET-00…' (50 lines)"),
            result.stderr)
        let message = result.stderr.prefix { $0 != "\n" }
        XCTAssertFalse(message.contains("SECRET-01"), result.stderr)
        let long = String(repeating: "x", count: 3000)
        try write("tokenFiles: [\(long)]\nunusedTokens: ignore\n" + StarterSpec.text, "controls.yml")
        let cut = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(cut.status, 1, cut.stderr)
        XCTAssertTrue(cut.stderr.hasPrefix("controls.yml:1:14: error: cannot read the tokens file '"), cut.stderr)
        XCTAssertTrue(cut.stderr.contains("characters)"), cut.stderr)
        XCTAssertFalse(cut.stderr.prefix { $0 != "\n" }.contains(String(repeating: "x", count: 200)), cut.stderr)
    }

    func testACredentialsFileUnderARootShowsAtMostOneOfItsLines() throws {
        let credentials = """
            {
              "github_token": "ghp_SECRET1111",
              "aws_secret_access_key": "SECRET2222",
              "npm_token": "npm_SECRET3333",
              "db": { "password": "SECRET4444" }
            }
            """
        try write(credentials, "creds/credentials.json")
        try write(
            "tokenFiles: [../creds/credentials.json]\nunusedTokens: ignore\n" + StarterSpec.text, "app/controls.yml")
        let result = try stategen(["lint", "app/controls.yml", "--root", "creds"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let shown = credentials.split(separator: "\n").filter { line in
            line.contains("SECRET") && result.stderr.contains(line.trimmingCharacters(in: .whitespaces))
        }
        XCTAssertLessThanOrEqual(shown.count, 1, result.stderr)
        let values = ["ghp_SECRET1111", "SECRET2222", "npm_SECRET3333", "SECRET4444"].filter {
            result.stderr.contains($0)
        }
        XCTAssertLessThanOrEqual(values.count, 1, "values quoted: \(values): \(result.stderr)")
    }
}
