import Foundation
import XCTest

@testable import StategenCore

/// The `stategen` executable as a user runs it: exit codes, messages, and what it writes.
final class CommandLineTests: XCTestCase {
    func stategen(_ arguments: [String]) throws -> TestSupport.ProcessResult {
        try TestSupport.run(TestSupport.stategenBinary, arguments)
    }

    /// Standard output that cannot be written (a full disk: `/dev/full`; a closed descriptor) is
    /// one error line and exit status 1; it was a crash (Foundation's `FileHandle.write` traps),
    /// found by issue 15's last new-user trial with `stategen init - > /dev/full`.
    func testAFailedWriteToStandardOutputIsAnErrorNotACrash() throws {
        let spec = TestSupport.exampleSpec.path
        for arguments in [
            ["init", "-"], ["schema"], ["--version"], ["help", "spec"], ["templates", "print", "control"],
            ["completions", "bash"], ["graph", spec], ["context", spec], ["outputs", spec, "--output", "G"],
        ] {
            for redirect in [">/dev/full", ">&-"] {
                let result = try TestSupport.run(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", "exec \"$0\" \"$@\" \(redirect)", TestSupport.stategenBinary.path] + arguments)
                XCTAssertEqual(result.status, 1, "\(arguments) \(redirect): \(result.stderr)")
                let reason = redirect == ">&-" ? "Bad file descriptor" : "No space left on device"
                XCTAssertEqual(
                    result.stderr, "stategen: error: cannot write to standard output: \(reason)\n",
                    "\(arguments) \(redirect)")
            }
        }
    }

    /// An unknown rule id given to `explain` is a wrong command line, as an unknown subcommand
    /// or help topic is: exit 2 (README's exit-code table), a did-you-mean, the usage line and
    /// where to read more, and nothing on standard output. It exited 1 (issue 25's new-user
    /// trial: `stategen explain nope`).
    func testAnUnknownRuleIDIsAUsageError() throws {
        let typo = try stategen(["explain", "unknwn-key"])
        XCTAssertEqual(typo.status, 2, typo.stderr)
        XCTAssertTrue(typo.stderr.hasPrefix("stategen: error: no rule id 'unknwn-key'"), typo.stderr)
        XCTAssertTrue(typo.stderr.contains("did you mean 'unknown-key'?"), typo.stderr)
        XCTAssertTrue(typo.stderr.contains("See 'stategen help explain'."), typo.stderr)
        XCTAssertEqual(typo.stdout, "")
        let nope = try stategen(["explain", "nope"])
        XCTAssertEqual(nope.status, 2, nope.stderr)
        XCTAssertTrue(nope.stderr.contains("'stategen explain' lists them all"), nope.stderr)
        // The help says the same.
        let help = try stategen(["help", "explain"])
        XCTAssertTrue(help.stdout.contains("2 no such rule id, or the command line is wrong"), help.stdout)
        XCTAssertEqual(try stategen(["explain", "[unknown-key]"]).status, 0)
    }

    func testHelpAndVersion() throws {
        let help = try stategen(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: stategen <subcommand>"), help.stdout)
        let generateHelp = try stategen(["generate", "--help"])
        XCTAssertEqual(generateHelp.status, 0)
        XCTAssertTrue(generateHelp.stdout.contains("--output <dir>"), generateHelp.stdout)
        let version = try stategen(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("stategen "), version.stdout)
    }

    func testUsageErrorsExitWithTwo() throws {
        let none = try stategen([])
        XCTAssertEqual(none.status, 2)
        let unknown = try stategen(["generat"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'generate'?"), unknown.stderr)
        let missingOutput = try stategen(["generate", TestSupport.exampleSpec.path])
        XCTAssertEqual(missingOutput.status, 2)
        XCTAssertTrue(missingOutput.stderr.contains("missing --output"), missingOutput.stderr)
        let badOption = try stategen(["generate", TestSupport.exampleSpec.path, "--ouput", "x"])
        XCTAssertEqual(badOption.status, 2)
        XCTAssertTrue(badOption.stderr.contains("did you mean '--output'?"), badOption.stderr)
    }

    func testGenerateWritesOnceAndThenLeavesTheFileAlone() throws {
        let output = try TestSupport.temporaryDirectory(self).appendingPathComponent("Generated")
        let first = try stategen(["generate", TestSupport.exampleSpec.path, "--output", output.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let file = output.appendingPathComponent("Controls.swift")
        XCTAssertTrue(first.stdout.contains("wrote \(file.path)"), first.stdout)
        // The same as the checked-in copy but for the header, which names the spec relative to
        // the output folder.
        let golden = try String(
            contentsOf: TestSupport.exampleGenerated.appendingPathComponent("Controls.swift"), encoding: .utf8)
        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(written.drop { $0 != "\n" }, golden.drop { $0 != "\n" })
        let relative = GeneratorPipeline.relativePath(of: TestSupport.exampleSpec.path, from: output.path)
        XCTAssertTrue(
            written.hasPrefix("// Generated by stategen from \(relative). Do not edit"), String(written.prefix(300)))
        XCTAssertTrue(relative.hasPrefix("../") && relative.hasSuffix("Examples/UIKitControls/controls.yml"), relative)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let second = try stategen(["generate", TestSupport.exampleSpec.path, "--output", output.path])
        XCTAssertEqual(second.status, 0)
        XCTAssertTrue(second.stdout.contains("unchanged"), second.stdout)
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        XCTAssertEqual(modified, after)
    }

    func testInvalidSpecExitsWithOneAndWritesNothing() throws {
        let output = try TestSupport.temporaryDirectory(self).appendingPathComponent("Out")
        let spec = TestSupport.fixtures.appendingPathComponent("invalid/undefined-transition-target.yml").path
        let result = try stategen(["generate", spec, "--output", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("\(spec):14:27: error: undefined state 'normall'; did you mean 'normal'?"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing may be written")
    }

    func testForeignFileIsNeverOverwritten() throws {
        let output = try TestSupport.temporaryDirectory(self)
        let foreign = output.appendingPathComponent("Controls.swift")
        try Data("// my own code\n".utf8).write(to: foreign)
        let result = try stategen(["generate", TestSupport.exampleSpec.path, "--output", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("not generated by stategen"), result.stderr)
        XCTAssertEqual(try String(contentsOf: foreign, encoding: .utf8), "// my own code\n")
    }
}

/// `stategen lint`: exit codes over the examples and every invalid fixture, warnings as
/// errors, and the JSON diagnostics format.
final class LintCommandTests: XCTestCase {
    func stategen(_ arguments: [String]) throws -> TestSupport.ProcessResult {
        try TestSupport.run(TestSupport.stategenBinary, arguments)
    }

    func testLintPassesTheExamplesAndFailsEveryInvalidFixture() throws {
        let examples = try stategen([
            "lint", TestSupport.exampleSpec.path, TestSupport.fixtures.appendingPathComponent("valid/small.yml").path,
        ])
        XCTAssertEqual(examples.status, 0, examples.stderr)
        XCTAssertEqual(examples.stderr, "")
        let directory = SpecDiagnosticsTests.directory
        for name in try SpecDiagnosticsTests.fixtureNames() {
            let expected = try SpecDiagnosticsTests.expectations(name)
            let path = directory.appendingPathComponent(name + ".yml").path
            let result = try stategen(["lint", path])
            let hasErrors = expected.contains { $0.severity == "error" }
            XCTAssertEqual(result.status, hasErrors ? 1 : 0, "\(name): \(result.stderr)")
            if !hasErrors {
                let strict = try stategen(["lint", "--warnings-as-errors", path])
                XCTAssertEqual(strict.status, 1, "\(name) has warnings: --warnings-as-errors must fail")
            }
        }
    }

    func testJSONDiagnosticsParse() throws {
        let path = SpecDiagnosticsTests.directory.appendingPathComponent("unknown-key.yml").path
        let result = try stategen(["lint", "--diagnostics-format", "json", path])
        XCTAssertEqual(result.status, 1)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        XCTAssertEqual(object["version"] as? Int, 2)
        XCTAssertEqual(object["errors"] as? Int, 1)
        XCTAssertEqual(object["warnings"] as? Int, 0)
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 1)
        let first = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["rule"] as? String, "unknown-key")
        XCTAssertEqual(
            first["message"] as? String, "unknown key 'fallbak' in state 'highlighted'; did you mean 'fallback'?")
        let location = try XCTUnwrap(first["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, path)
        XCTAssertEqual(location["line"] as? Int, 5)
        XCTAssertEqual(location["column"] as? Int, 18)
        XCTAssertEqual((first["notes"] as? [Any])?.count, 0)

        let clean = try stategen(["lint", "--diagnostics-format", "json", TestSupport.exampleSpec.path])
        XCTAssertEqual(clean.status, 0)
        let empty = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((empty["diagnostics"] as? [Any])?.count, 0)
    }

    func testWarningsAsErrorsStopsGeneration() throws {
        let output = try TestSupport.temporaryDirectory(self).appendingPathComponent("Out")
        let spec = SpecDiagnosticsTests.directory.appendingPathComponent("unreachable-state.yml").path
        let lenient = try stategen(["generate", spec, "--output", output.path])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("warning: state 'pressed' cannot be reached"), lenient.stderr)
        try FileManager.default.removeItem(at: output)
        let strict = try stategen(["generate", spec, "--output", output.path, "--warnings-as-errors"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("error: state 'pressed' cannot be reached"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }
}

final class SchemaCommandTests: XCTestCase {
    func testSchemaIsADraft2020JSONSchemaOfTheTopLevelKeys() throws {
        let result = try TestSupport.run(TestSupport.stategenBinary, ["schema"])
        XCTAssertEqual(result.status, 0)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        // The schema's top-level keys are exactly the ones the decoder allows.
        XCTAssertEqual(
            Set(properties.keys),
            [
                "stategen", "module", "access", "doc", "initial", "unhandledEvents", "precedence", "states", "events",
                "transitions", "attributes", "attributeSets", "controls", "tokens", "tokenFiles", "unusedTokens",
                "appearances", "swift", "contrast", "warnings",
            ])
        XCTAssertEqual(
            Set(schema["required"] as? [String] ?? []), ["stategen", "module", "states", "events", "controls"])
    }
}

final class UnreadableInputTests: XCTestCase {
    func testMissingSpecIsAnIOErrorWithExitOne() throws {
        let output = try TestSupport.temporaryDirectory(self).appendingPathComponent("Out")
        let result = try TestSupport.run(
            TestSupport.stategenBinary, ["generate", "/nonexistent/controls.yml", "--output", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("stategen: error: cannot read the spec file"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[io]"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    func testADirectoryAsSpecIsAnIOError() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let result = try TestSupport.run(TestSupport.stategenBinary, ["lint", directory.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("[io]"), result.stderr)
    }
}

final class DebugCommandTests: XCTestCase {
    static let suite = TestSupport.packageRoot.appendingPathComponent("../shared/conformance/yaml-test-suite")
        .standardized

    /// The reader's limits stop every debug mode at the same located error (issue 15, defect 4:
    /// `yaml-events` had no limit and ran for minutes on 100,000-deep flow nesting).
    func testEveryModeStopsAtTheReadersLimits() throws {
        let deep = try TestSupport.write(String(repeating: "[", count: 100_000) + "\n", named: "deep.yml", in: self)
        var laughs = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e", "f"]) {
            let items = Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
            laughs += "\(name): &\(name) [\(items)]\n"
        }
        let aliases = try TestSupport.write(laughs, named: "laughs.yml", in: self)
        for mode in ["yaml-events", "yaml-json", "yaml-stats"] {
            let depth = try TestSupport.run(TestSupport.stategenBinary, ["debug", mode, deep])
            XCTAssertEqual(depth.status, 1, mode)
            XCTAssertTrue(
                depth.stderr.contains(
                    "\(deep):1:257: error: nesting is deeper than the limit of 256 levels [yaml-limit]"),
                "\(mode): \(depth.stderr)")
            let nodes = try TestSupport.run(TestSupport.stategenBinary, ["debug", mode, aliases])
            XCTAssertEqual(nodes.status, 1, mode)
            XCTAssertTrue(
                nodes.stderr.contains(
                    "\(aliases):7:16: error: the document has more than 4000000 nodes (aliases counted as what they repeat) [yaml-limit]"
                ), "\(mode): \(nodes.stderr)")
        }
    }

    /// The event stream counts nodes as the reader does: an alias counts as its anchor's
    /// subtree, and anchors are per document.
    func testEventLimitsCountAsTheReaderDoes() throws {
        let limits = YAMLReader.Limits(maxDepth: 2, maxNodes: 7)
        let text = "a: &x [1, 2]\nb: *x\n"  // 1 + 1 + 3 + 1 + 3 = 9 nodes
        var events = 0
        XCTAssertThrowsError(
            try YAMLEventParser.parse(Array(text.utf8), path: "t.yml", limits: limits) { _ in events += 1 }
        ) { error in
            XCTAssertEqual(
                (error as? YAMLError)?.description,
                "t.yml:2:4: error: the document has more than 7 nodes (aliases counted as what they repeat)")
        }
        XCTAssertThrowsError(try YAMLReader(limits: limits).read(Array(text.utf8), path: "t.yml")) { error in
            XCTAssertEqual((error as? YAMLError)?.location.description, "t.yml:2:4")
        }
        XCTAssertNoThrow(
            try YAMLEventParser.parse(Array("--- &x [1, 2]\n--- [*x, *x]\n".utf8), path: "t.yml", limits: limits) { _ in
            })
        XCTAssertThrowsError(
            try YAMLEventParser.parse(Array("[[[1]]]".utf8), path: "t.yml", limits: limits) { _ in }
        ) { error in
            XCTAssertEqual(
                (error as? YAMLError)?.description, "t.yml:1:3: error: nesting is deeper than the limit of 2 levels")
        }
        XCTAssertThrowsError(
            try YAMLEventParser.parse(Array("abc".utf8), path: "t.yml", limits: .init(maxInputBytes: 2)) { _ in }
        ) { error in
            XCTAssertEqual(
                (error as? YAMLError)?.description, "t.yml:1:1: error: input is 3 bytes, more than the limit of 2")
        }
    }

    func testYAMLEventsPrintsTheSuiteNotation() throws {
        let folder = Self.suite.appendingPathComponent("229Q")
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw XCTSkip("the YAML test suite is not at \(Self.suite.path)")
        }
        let result = try TestSupport.run(
            TestSupport.stategenBinary, ["debug", "yaml-events", folder.appendingPathComponent("in.yaml").path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stdout, try String(contentsOf: folder.appendingPathComponent("test.event"), encoding: .utf8))
    }

    func testYAMLJSONPrintsOneLinePerDocumentAndLocatesErrors() throws {
        let path = try TestSupport.write("a: [1, two, true, ~]\n---\n\"x\"\n", named: "two.yml", in: self)
        let result = try TestSupport.run(TestSupport.stategenBinary, ["debug", "yaml-json", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "{\"a\":[1,\"two\",true,null]}\n\"x\"\n")
        let bad = try TestSupport.write("a: 1\na: 2\n", named: "bad.yml", in: self)
        let failed = try TestSupport.run(TestSupport.stategenBinary, ["debug", "yaml-json", bad])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(
            failed.stderr.contains("\(bad):2:1: error: duplicate mapping key 'a' [yaml-duplicate-key]"), failed.stderr)
        let events = try TestSupport.run(TestSupport.stategenBinary, ["debug", "yaml-events", bad])
        XCTAssertEqual(events.status, 0, "duplicate keys are a loader rule, not an event-stream error")
        let unknown = try TestSupport.run(TestSupport.stategenBinary, ["debug", "yaml-jsn", bad])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'yaml-json'?"), unknown.stderr)
    }
}

extension CommandLineTests {
    /// `--output --codable` is a forgotten value, not a folder named `--codable`: a usage error
    /// (exit 2) naming both, and nothing written; `--output=-x` still gives such a value.
    func testAnOptionFollowedByAnotherOptionIsAMissingValue() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        for arguments in [
            ["generate", TestSupport.exampleSpec.path, "--output", "--codable"],
            ["generate", TestSupport.exampleSpec.path, "-o", "-q"],
            ["graph", TestSupport.exampleSpec.path, "--control", "--format", "dot"],
        ] {
            let result = try TestSupport.run(TestSupport.stategenBinary, arguments, in: directory)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(
                result.stderr.contains("needs a value, but is followed by the option '\(arguments[3])'"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "nothing written")
        // `--help=yes`: help is a flag, not an unknown option.
        let help = try TestSupport.run(TestSupport.stategenBinary, ["generate", "--help=yes"], in: directory)
        XCTAssertEqual(help.status, 2)
        XCTAssertTrue(help.stderr.contains("option '--help' is a flag and takes no value"), help.stderr)
        // A one-letter option is suggested only in another case; a long one by its spelling.
        for (arguments, expected) in [
            (["lint", "-W", "x"], "unknown option '-W'\n"),
            (["lint", "-Q"], "unknown option '-Q'; did you mean '-q'?"),
            (["lint", "--verbos"], "did you mean '--verbose'?"),
            (["help", "generate", "--bogus"], "help takes a subcommand name and no options, not '--bogus'"),
        ] {
            let result = try TestSupport.run(TestSupport.stategenBinary, arguments, in: directory)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
        let dashed = directory.appendingPathComponent("-out").path
        let result = try TestSupport.run(
            TestSupport.stategenBinary, ["generate", TestSupport.exampleSpec.path, "--output=\(dashed)", "-q"],
            in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dashed + "/Controls.swift"))
    }
}
