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

    /// A document nested 1,000 deep, one over 4,000,000 nodes through aliases, one over 64 MiB
    /// through aliases of a 1 MiB scalar (issue 25: it ran on to the 512 MiB output limit),
    /// each with the error it must stop at (`FILE` stands for its path).
    static let overLimits: [(name: String, text: String, error: String)] = {
        var laughs = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e", "f"]) {
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
                "FILE:7:16: error: the document has more than 4000000 nodes (aliases counted as what they repeat) [yaml-limit]"
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

    /// Issue 26: a 40,000-token file of a real export's shape loads. Each colour token is a
    /// Figma variable export's, about 36 nodes: its `$type`, a colour object with components,
    /// alpha and an sRGB `hex`, a `$description`, and `$extensions` with Figma's scopes and code
    /// syntax; each typography composite (an alias of a family, a size, a weight, letter spacing,
    /// a line height) about 30. 1,300,000 nodes in all, past the old limit of 1,000,000.
    func testAFortyThousandTokenFileLoads() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var text = "{\n  \"color\": {\n"
        let colours = 30_000
        let families = 2_000
        let styles = 8_000
        func hex(_ byte: Int) -> String { String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        for i in 0..<colours {
            let (r, g, b) = (i % 256, (i / 256) % 256, (i * 7) % 256)
            let components = [r, g, b].map { String(format: "%.4f", Double($0) / 255) }.joined(separator: ", ")
            text += """
                    "c\(i)": {
                      "$type": "color",
                      "$value": { "colorSpace": "srgb", "components": [\(components)], "alpha": \(i % 10 == 0 ? "0.12" : "1"), "hex": "#\(hex(r))\(hex(g))\(hex(b))" },
                      "$description": "Colour \(i).",
                      "$extensions": { "com.figma": { "hiddenFromPublishing": false, "scopes": ["ALL_FILLS", "STROKE_COLOR"], "codeSyntax": { "WEB": "var(--color-c\(i))", "iOS": "Color.c\(i)" } } }
                    }\(i + 1 < colours ? "," : "")

                """
        }
        text += "  },\n  \"font\": {\n    \"$type\": \"fontFamily\",\n"
        for i in 0..<families {
            text +=
                "    \"f\(i)\": { \"$value\": [\"Inter \(i)\", \"Helvetica Neue\", \"sans-serif\"], \"$description\": \"Family \(i).\" }\(i + 1 < families ? "," : "")\n"
        }
        text += "  },\n  \"typography\": {\n    \"$type\": \"typography\",\n"
        for i in 0..<styles {
            text += """
                    "t\(i)": {
                      "$value": { "fontFamily": "{font.f\(i % families)}", "fontSize": { "value": \(10 + i % 30), "unit": "px" }, "fontWeight": \(100 * (1 + i % 9)), "letterSpacing": { "value": -0.01, "unit": "rem" }, "lineHeight": 1.4 },
                      "$description": "Text style \(i).",
                      "$extensions": { "com.figma": { "hiddenFromPublishing": true, "scopes": ["FONT_SIZE"] } }
                    }\(i + 1 < styles ? "," : "")

                """
        }
        text += "  }\n}\n"
        let tokens = directory.appendingPathComponent("export.tokens.json")
        try Data(text.utf8).write(to: tokens)
        // The nodes the reader counts, and a strict JSON parser's count of tokens.
        let root = try XCTUnwrap(YAMLReader(json: true).read(Array(text.utf8), path: tokens.path).first?.root)
        func count(_ node: YAMLNode) -> Int {
            switch node.content {
            case .scalar: 1
            case .sequence(let items): 1 + items.reduce(0) { $0 + count($1) }
            case .mapping(let entries): 1 + entries.reduce(0) { $0 + count($1.key) + count($1.value) }
            }
        }
        let nodes = count(root)
        XCTAssertGreaterThan(nodes, 1_300_000)
        XCTAssertLessThan(nodes, YAMLReader.Limits().maxNodes / 2, "room for twice as many nodes per token")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]])
        XCTAssertEqual(json.values.reduce(0) { $0 + $1.keys.filter { !$0.hasPrefix("$") }.count }, 40_000)
        let spec = directory.appendingPathComponent("spec.yml")
        try Data(
            """
            stategen: 1
            module: Big
            tokenFiles: [export.tokens.json]
            unusedTokens: ignore
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes: { tint: { type: color } }
            attributeSets: { look: [tint] }
            controls:
              Button:
                attributeSets: [look]
                values: { tint: { normal: "{color.c29999}" } }

            """.utf8
        ).write(to: spec)
        let result = try stategen(["lint", spec.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    /// Runs `stategen lint` on `spec.yml` in `directory` with a bound of 120 seconds and 3 GB
    /// of address space: a file that would hang or exhaust memory fails the test, not the run.
    func boundedLint(in directory: URL) throws -> TestSupport.ProcessResult {
        try TestSupport.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -v 3000000; exec timeout 120 \"$0\" lint spec.yml", TestSupport.stategenBinary.path],
            in: directory)
    }

    /// Writes `tokens` as `t.tokens.json` beside a spec that uses `{x.c}` and ignores unused tokens.
    func writeTokenSpec(_ tokens: String, in directory: URL) throws {
        try Data(tokens.utf8).write(to: directory.appendingPathComponent("t.tokens.json"))
        try Data(
            """
            stategen: 1
            module: Hostile
            tokenFiles: [t.tokens.json]
            unusedTokens: ignore
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes: { tint: { type: color } }
            attributeSets: { look: [tint] }
            controls:
              Button:
                attributeSets: [look]
                values: { tint: { normal: "{x.c}" } }

            """.utf8
        ).write(to: directory.appendingPathComponent("spec.yml"))
    }

    /// The lines of `stderr` that are diagnostics of `rule`.
    func diagnostics(_ stderr: String, rule: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasSuffix("[\(rule)]") }
    }

    /// DTCG 2025.10 "Array aliasing in composite types": a shadow (and a gradient) list of two
    /// aliases of the token before, 60 levels deep, would flatten to 2^60 layers (stops). Each
    /// token's list stops at 1,000 layers: one located `token-limit` at the first token past it
    /// (level 10, 1,024), the tokens aliasing it fail silently; bounded in time and memory.
    func testAliasedShadowAndGradientListsThatDoubleStopAtTheLayerLimit() throws {
        let first: [String: String] = [
            "shadow":
                ##"{ "color": "#000000", "offsetX": { "value": 1, "unit": "px" }, "offsetY": { "value": 1, "unit": "px" }, "blur": { "value": 2, "unit": "px" }, "spread": { "value": 0, "unit": "px" } }"##,
            "gradient": ##"[{ "color": "#000000", "position": 0 }, { "color": "#FFFFFF", "position": 1 }]"##,
        ]
        for (type, value) in first.sorted(by: { $0.key < $1.key }) {
            let directory = try TestSupport.temporaryDirectory(self)
            var lines = [
                ##"{ "x": { "$type": "color", "c": { "$value": "#FF0000" } },"##,
                ##"  "s": { "$type": "\##(type)","##,
                ##"    "n0": { "$value": \##(value) },"##,
            ]
            for level in 1...60 {
                let alias = "\"{s.n\(level - 1)}\""
                lines.append(##"    "n\##(level)": { "$value": [\##(alias), \##(alias)] }"## + (level < 60 ? "," : ""))
            }
            lines.append("  }\n}\n")
            try writeTokenSpec(lines.joined(separator: "\n"), in: directory)
            let result = try boundedLint(in: directory)
            let limits = diagnostics(result.stderr, rule: "token-limit")
            XCTAssertEqual(limits.count, 1, "\(type): \(result.status) \(result.stderr.prefix(2_000))")
            // A shadow's n0 is one layer (n10 has 1,024), a gradient's two stops (n9 has 1,024).
            let past = type == "shadow" ? 10 : 9
            XCTAssertTrue(
                limits.first?.hasPrefix("t.tokens.json:\(past + 3):5: ") == true, "\(type): \(limits)")
            XCTAssertTrue(limits.first?.contains("'s.n\(past)'") == true, "\(type): \(limits)")
            XCTAssertTrue(limits.first?.contains("1000") == true, "\(type): \(limits)")
            XCTAssertEqual(result.status, 0, "unused: a warning; \(result.stderr.prefix(2_000))")
        }
    }

    /// DTCG 2025.10 §6.4: groups g1...g40, each extending the one before and holding a group
    /// `sub` that extends it too, copy layers that double at each level while few tokens
    /// differ. The walk stops at the file's budget of copied tokens and groups: one located
    /// `token-limit` error, bounded in time and memory (before: over 60 seconds at 1 GB).
    func testExtendsOfAGroupAndItsSubgroupStopAtTheLimit() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var lines = [
            ##"{ "x": { "$type": "color", "c": { "$value": "#FF0000" } },"##,
            ##"  "g0": { "$type": "color", "a": { "$value": "#000000" } },"##,
        ]
        for level in 1...40 {
            let target = "\"{g\(level - 1)}\""
            lines.append(
                ##"  "g\##(level)": { "$extends": \##(target), "sub": { "$extends": \##(target) } }"##
                    + (level < 40 ? "," : ""))
        }
        lines.append("}\n")
        try writeTokenSpec(lines.joined(separator: "\n"), in: directory)
        let result = try boundedLint(in: directory)
        let limits = diagnostics(result.stderr, rule: "token-limit")
        XCTAssertEqual(limits.count, 1, "\(result.status) \(result.stderr.prefix(2_000))")
        XCTAssertTrue(limits.first?.hasPrefix("t.tokens.json:") == true, "\(limits)")
        XCTAssertTrue(limits.first?.contains("$extends") == true, "\(limits)")
        XCTAssertEqual(result.status, 1, String(result.stderr.prefix(2_000)))
    }

    /// A chain g1 -> g0, g2 -> g1, ..., g149 -> g148 (each group extending the one before):
    /// g1 to g100 extend through at most 100 groups and load; g101 is the first past the limit,
    /// and the one `token-limit` error is at its `$extends`, naming it (before: one for each
    /// of g1 to g49, groups that extend through one to 49).
    func testTheExtendsChainLimitIsReportedOnceAtTheFirstGroupPastIt() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var lines = [
            ##"{ "x": { "$type": "color", "c": { "$value": "#FF0000" } },"##,
            ##"  "g0": { "$type": "color", "a": { "$value": "#000000" } },"##,
        ]
        for level in 1...149 {
            lines.append(
                ##"  "g\##(level)": { "$extends": "{g\##(level - 1)}", "t\##(level)": { "$value": "#111111" } }"##
                    + (level < 149 ? "," : ""))
        }
        lines.append("}\n")
        try writeTokenSpec(lines.joined(separator: "\n"), in: directory)
        let result = try boundedLint(in: directory)
        let limits = diagnostics(result.stderr, rule: "token-limit")
        XCTAssertEqual(limits.count, 1, "\(result.stderr.prefix(2_000))")
        // g101 is on line 103; its `$extends` value at column 25.
        XCTAssertTrue(limits.first?.hasPrefix("t.tokens.json:103:25: error: group 'g101' ") == true, "\(limits)")
        XCTAssertEqual(result.status, 1)
    }
}

extension String {
    /// The string with `"0"`s before it up to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
