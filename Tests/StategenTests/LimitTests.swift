import Foundation
import XCTest

@testable import StategenCore

/// Issue 15: every limit (YAML nesting, nodes and size; template depth, output and expansions)
/// applies to every command that reads YAML or renders, with a located error and exit status 1.
/// An audit of each subcommand and input: the spec, `stategen.yml`, and a spec's token files.
final class LimitTests: XCTestCase {
    func stategen(_ arguments: [String], in directory: URL) throws -> TestSupport.ProcessResult {
        try TestSupport.run(TestSupport.stategenBinary, arguments, in: directory)
    }

    /// The commands that read a spec, with the arguments each needs beside it.
    static let specCommands: [[String]] = [
        ["generate", "--output", "out"], ["check", "--output", "out"], ["lint"], ["outputs", "--output", "out"],
        ["graph"], ["preview"], ["styles"], ["context"], ["debug", "yaml-events"], ["debug", "yaml-json"],
        ["debug", "yaml-stats"],
    ]

    /// A document nested 1,000 deep, one over 1,000,000 nodes through aliases, one over 64 MiB
    /// through aliases of a 1 MiB scalar (issue 25: it ran on to the 512 MiB output limit),
    /// each with the error it must stop at (`FILE` stands for its path).
    static let overLimits: [(name: String, text: String, error: String)] = {
        var laughs = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f"], ["a", "b", "c", "d", "e"]) {
            laughs +=
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        let repeats =
            "a: &a " + String(repeating: "x", count: 1 << 20) + "\nb: ["
            + Array(repeating: "*a", count: 600).joined(separator: ", ") + "]\n"
        return [
            (
                "repeats", repeats,
                "FILE:2:253: error: the document is more than 67108864 bytes with each alias counted as the text it repeats (the input limit) [yaml-limit]"
            ),
            (
                "deep", "a: " + String(repeating: "[", count: 1_000) + "\n",
                "FILE:1:259: error: nesting is deeper than the limit of 256 levels [yaml-limit]"
            ),
            (
                "laughs", laughs,
                "FILE:6:36: error: the document has more than 1000000 nodes (aliases counted as what they repeat) [yaml-limit]"
            ),
        ]
    }()

    func testEveryCommandStopsASpecAtTheYAMLLimits() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        for (name, text, error) in Self.overLimits {
            let path = directory.appendingPathComponent("\(name).yml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            for command in Self.specCommands {
                let arguments =
                    command.first == "debug" ? command + [path] : [command[0], path] + command.dropFirst()
                let result = try stategen(arguments, in: directory)
                XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains(error.replacingOccurrences(of: "FILE", with: path)),
                    "\(arguments): \(result.stderr)")
            }
        }
        let big = directory.appendingPathComponent("big.yml")
        try Data(count: (64 << 20) + 1).write(to: big)
        for command in Self.specCommands {
            let arguments =
                command.first == "debug" ? command + [big.path] : [command[0], big.path] + command.dropFirst()
            let result = try stategen(arguments, in: directory)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("'\(big.path)': it is 67108865 bytes, more than the limit of 67108864"),
                "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    func testTheConfigurationAndTokenFilesStopAtTheYAMLLimits() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let small = try String(contentsOf: TestSupport.smallSpec, encoding: .utf8)
        for (name, text, error) in Self.overLimits {
            // stategen.yml itself.
            let config = directory.appendingPathComponent("\(name)-config.yml")
            try Data(("stategen: 1\nx:\n  " + text.replacingOccurrences(of: "\n", with: "\n  ")).utf8).write(to: config)
            // A token file of a valid spec (YAML: a .json one may hold no anchors or block style).
            let tokens = directory.appendingPathComponent("\(name).tokens.yml")
            try Data(text.utf8).write(to: tokens)
            let spec = directory.appendingPathComponent("\(name)-spec.yml")
            try Data((small + "tokenFiles: [\(name).tokens.yml]\n").utf8).write(to: spec)
            for command in ["generate", "check", "lint", "outputs"] {
                let result = try stategen([command, "--config", config.path], in: directory)
                XCTAssertEqual(result.status, 1, "\(command) --config: \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains("[yaml-limit]") && result.stderr.contains("\(config.path):"),
                    "\(command) --config \(name): \(result.stderr)")
            }
            for command in Self.specCommands where command.first != "debug" {
                let arguments = [command[0], spec.path] + command.dropFirst()
                let result = try stategen(arguments, in: directory)
                XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains(error.replacingOccurrences(of: "FILE", with: tokens.path)),
                    "\(arguments): \(result.stderr)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    /// Every command that renders (generate, check, lint, outputs; from the command line and from
    /// `stategen.yml`'s `templates:`) stops templates that multiply at the output limit.
    func testEveryRenderingCommandStopsAtTheTemplateLimits() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = try TestSupport.writeMultiplyingTemplates(in: directory)
        // Relative to the current folder as written in stategen.yml, absolute from the command line.
        let error = "templates/p9.mustache:1:9: error: the output passed the limit of 536870912 bytes"
        let spec = TestSupport.smallSpec.path
        let config = directory.appendingPathComponent("stategen.yml")
        // The fixture is outside the configuration's folder, so `roots:` lists its folder.
        try Data(
            "stategen: 1\nroots: [\(PathNames.parent(of: spec))]\ntemplates: templates\noutputs:\n  - specs: [\(spec)]\n    output: out\n"
                .utf8
        ).write(to: config)
        let runs: [[String]] = [
            ["generate", spec, "--output", "out", "--templates", templates.path],
            ["check", spec, "--output", "out", "--templates", templates.path],
            ["lint", spec, "--templates", templates.path],
            ["outputs", spec, "--output", "out", "--templates", templates.path],
            ["generate"], ["check"], ["lint"], ["outputs"],
        ]
        for arguments in runs {
            let result = try stategen(arguments, in: directory)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(error), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }
}
