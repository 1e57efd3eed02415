import Foundation
import XCTest

@testable import StategenCore

/// `--depfile`, `--input-xcfilelist` and `--output-xcfilelist` with hostile file names: GNU Make
/// and Ninja read every name back as exactly the file's name, and a name they cannot carry is
/// refused with an error naming the file before anything is written.
extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

final class BuildFileEscapingTests: ProjectTestCase {
    /// Names that both depfile readers can read back once escaped.
    static let escapable = [
        "sp ace.tokens.json", "ha#sh.tokens.json", "dol$lar.tokens.json", "$(HOME).tokens.json",
        "per%cent.tokens.json", "co:lon.tokens.json", "back\\slash.tokens.json", "back\\ space.tokens.json",
        "two\\\\  spaces.tokens.json", "paren(s)x.tokens.json", "br]ce{}.tokens.json", "é🙂.tokens.json",
        "comma,plus+at@bang!.tokens.json", "-dash ~tilde.tokens.json",
    ]

    /// A spec that lists `names` in `tokenFiles:` (each file holds one token), with those files.
    func writeSpec(tokenFiles names: [String]) throws {
        var list = ""
        for (index, name) in names.enumerated() {
            var quoted = ""
            for scalar in name.unicodeScalars {
                switch scalar {
                case "\\": quoted += "\\\\"
                case "\"": quoted += "\\\""
                case "\n": quoted += "\\n"
                case "\t": quoted += "\\t"
                case "\r": quoted += "\\r"
                case "\u{1B}": quoted += "\\e"
                case "\u{80}"..."\u{9F}", "\u{2028}", "\u{2029}":
                    // YAML folds these line breaks in a quoted scalar: write them as escapes.
                    quoted += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            list += "  - \"\(quoted)\"\n"
            try write(##"{ "t\##(index)": { "$type": "color", "$value": "#000000" } }"##, name)
        }
        let header = names.isEmpty ? "" : "tokenFiles:\n\(list)unusedTokens: ignore\n"
        try write(header + StarterSpec.text, "controls.yml")
    }

    func testMakeAndNinjaReadEveryHostileNameOfTheDepfileBack() throws {
        try writeSpec(tokenFiles: Self.escapable)
        let output = "Gen Dir#1"
        let result = try stategen(["generate", "controls.yml", "-o", output, "--depfile", "stategen.d"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let target = "\(output)/Controls.swift"
        XCTAssertTrue(exists(target))
        let expected = ["controls.yml"] + Self.escapable

        if let ninja = TestSupport.executable("ninja") {
            // Ninja records the depfile's names (deps = gcc) and lists them with -t deps.
            try write(
                """
                rule copy
                  command = cp stategen.d $out.d && touch $out
                  depfile = $out.d
                  deps = gcc
                build Gen$ Dir#1/Controls.swift: copy controls.yml

                """, "build.ninja")
            let built = try TestSupport.run(ninja, [], in: project)
            XCTAssertEqual(built.status, 0, built.stdout + built.stderr)
            let deps = try TestSupport.run(ninja, ["-t", "deps", target], in: project)
            let listed = deps.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            XCTAssertEqual(listed, expected, deps.stdout)
        } else {
            print("skipped the Ninja half: ninja is not installed (Debian: apt-get install ninja-build)")
        }

        guard let make = TestSupport.executable("make") else { throw XCTSkip("make is not installed") }
        // The Makefile of docs/build-integration.md's shape, its recipe a marker: every name of
        // the depfile is an existing file (else "No rule to make target"), the target is up to
        // date, and touching any one input makes it out of date.
        try write(
            "Gen\\ Dir\\#1/Controls.swift: controls.yml\n\ttouch REBUILT\n-include stategen.d\n", "Makefile")
        let past = Date().addingTimeInterval(-3600)
        for name in expected {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: project.appendingPathComponent(name).path)
        }
        let upToDate = try TestSupport.run(make, ["-q"], in: project)
        XCTAssertEqual(upToDate.status, 0, "make -q: \(upToDate.stdout)\(upToDate.stderr)")
        for name in expected {
            let file = project.appendingPathComponent(name).path
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: file)
            let question = try TestSupport.run(make, ["-q"], in: project)
            XCTAssertEqual(
                question.status, 1, "touching '\(name)' must make the target out of date: \(question.stderr)")
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        }
        let run = try TestSupport.run(make, [], in: project)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(exists("REBUILT"), "nothing changed, so the recipe must not run")
    }

    /// A name that a depfile cannot carry (a line break, which would end the rule and start a
    /// recipe line; a tab; '=' or ';', which Make reads as an assignment or a command) is
    /// refused: an error naming the file and the character, exit 1, nothing written.
    func testANameADepfileCannotCarryIsRefusedAndNothingIsWritten() throws {
        let cases: [(String, String)] = [
            ("x.tokens.json\n\ttouch INJECTED\n", "holds a line break (\\u{0A})"),
            ("x.tokens.json\r", "holds a line break (\\u{0D})"),
            ("tab\there.tokens.json", "holds the control character \\u{09}"),
            ("a=b.tokens.json", "holds '='"),
            ("a;touch INJECTED.tokens.json", "holds ';'"),
            ("it's.tokens.json", "holds '''"),
            ("star*.tokens.json", "holds '*'"),
            ("ends\\", "ends with a backslash"),
            ("~home.tokens.json", "starts with '~'"),
        ]
        for (name, phrase) in cases {
            try? FileManager.default.removeItem(at: project)
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try writeSpec(tokenFiles: [name])
            let result = try stategen(["generate", "controls.yml", "-o", "Generated", "--depfile", "stategen.d"])
            XCTAssertEqual(result.status, 1, "\(name.debugDescription): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--depfile: the file name \(phrase)"), result.stderr)
            XCTAssertTrue(
                result.stderr.hasPrefix(DiagnosticText.escaped(name) + ": error: "), result.stderr.debugDescription)
            XCTAssertFalse(result.stderr.contains("\n\t"), "the name is printed on one line")
            XCTAssertFalse(exists("Generated"), "nothing is written")
            XCTAssertFalse(exists("stategen.d"))
            if let make = TestSupport.executable("make") {
                try write("all:\n\t@true\n-include stategen.d\n", "Makefile")
                _ = try TestSupport.run(make, [], in: project)
                XCTAssertFalse(exists("INJECTED"))
            }
        }
    }

    /// The file lists: one path a line, so a line break is refused; `$` is refused too (Xcode
    /// expands `$(NAME)` and `$NAME` in a file list and has no escape for it); other names, with
    /// spaces and `#`, are written as they are under `$(SRCROOT)/`.
    func testXcodeFileListsRefuseLineBreaksAndDollarSigns() throws {
        try writeSpec(tokenFiles: ["sp ace #1.tokens.json"])
        let listed = try stategen(["outputs", "controls.yml", "-o", "Gen", "--input-xcfilelist", "in.xcfilelist"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(try read("in.xcfilelist"), "$(SRCROOT)/controls.yml\n$(SRCROOT)/sp ace #1.tokens.json\n")

        for (name, phrase) in [
            ("new\nline.tokens.json", "holds a line break (\\u{0A})"), ("$(HOME).tokens.json", "holds '$'"),
        ] {
            try? FileManager.default.removeItem(at: project)
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try writeSpec(tokenFiles: [name])
            for command in ["outputs", "generate"] {
                let result = try stategen([command, "controls.yml", "-o", "Gen", "--input-xcfilelist", "in.xcfilelist"])
                XCTAssertEqual(result.status, 1, result.stderr)
                XCTAssertTrue(result.stderr.contains("--input-xcfilelist: the file name \(phrase)"), result.stderr)
                XCTAssertFalse(exists("in.xcfilelist"))
                XCTAssertFalse(exists("Gen"))
            }
        }
        // An output folder with a line break, for the output list.
        try writeSpec(tokenFiles: [])
        let result = try stategen(["outputs", "controls.yml", "-o", "G\nx", "--output-xcfilelist", "out.xcfilelist"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("--output-xcfilelist: the file name holds a line break"), result.stderr)
        XCTAssertFalse(exists("out.xcfilelist"))
    }

    /// Xcode reads a file list with Foundation's line splitting, which also ends a line at NEL
    /// (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029): a name holding one is
    /// refused as a line feed is, and so is every other C1 control (U+0080–U+009F).
    func testXcodeFileListsRefuseUnicodeLineBreaksAndC1Controls() throws {
        for name in ["nel\u{85}x.tokens.json", "ls\u{2028}x.tokens.json", "ps\u{2029}x.tokens.json", "c1\u{9B}x.tokens.json"] {
            XCTAssertNotNil(XcodeFileList.problem(with: name), name)
            try? FileManager.default.removeItem(at: project)
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try writeSpec(tokenFiles: [name])
            let result = try stategen(["outputs", "controls.yml", "-o", "Gen", "--input-xcfilelist", "in.xcfilelist"])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("--input-xcfilelist: the file name holds"), result.stderr)
            XCTAssertFalse(exists("in.xcfilelist"))
        }
    }
}
