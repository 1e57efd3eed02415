import Foundation
import XCTest

@testable import StategenCore

/// Issue 26: token files listed later override earlier ones path by path (last wins, as the DTCG
/// Resolver module's resolution order and Style Dictionary do), appearance files merge the same
/// way, and a DTCG 2025.10 resolver document can stand for a list of files, its theme modifier's
/// contexts becoming appearances. The fixture sets in `Fixtures/token-sets/` are written in the
/// shapes real design systems split their files and themes in; each is loaded through the
/// pipeline and every token checked, per appearance, against a resolution written here with
/// JSONSerialization.
final class TokenThemeTests: XCTestCase {
    static let tint = "#000000"

    /// A spec listing `files` (YAML items of `tokenFiles:`) whose one colour value is `{tint}`.
    func specText(files: [String], tint: String = "{c.a}", tokens: String = "", appearances: String = "[light, dark]")
        -> String
    {
        """
        stategen: 1
        module: Demo
        unusedTokens: ignore
        appearances: \(appearances)
        tokenFiles:
        \(files.map { "  - \($0)" }.joined(separator: "\n"))
        \(tokens)
        states: { normal: {} }
        events: {}
        attributes: { tint: { type: color } }
        attributeSets: { look: [tint] }
        controls:
          Button:
            attributeSets: [look]
            values:
              tint: { normal: "\(tint)" }

        """
    }

    /// Writes `files` (relative path → text) into a new folder and loads `spec.yml` there.
    func load(_ files: [String: String]) throws -> (Spec?, GeneratorPipeline.Result, [Diagnostic]) {
        let directory = try TestSupport.writeFiles(files, in: self)
        return load(specAt: directory.appendingPathComponent("spec.yml").path)
    }

    func load(specAt path: String) -> (Spec?, GeneratorPipeline.Result, [Diagnostic]) {
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let spec = GeneratorPipeline().load(specAt: path, into: &result, diagnostics: diagnostics)
        return (spec, result, diagnostics.sorted)
    }

    func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            "\(d.severity.rawValue) \(PathNames.lastComponent(d.location?.path ?? "-")):\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule)"
        }
    }

    func hex(_ table: TokenTable?, _ path: String, _ appearance: Appearance = .light) -> String? {
        guard case .color(let color)? = table?.entry(path, in: appearance)?.value else { return nil }
        return color.hex
    }

    func color(_ path: String, _ hex: String) -> String {
        let keys = path.split(separator: ".")
        return keys.reversed().reduce(##"{ "$type": "color", "$value": "\##(hex)" }"##) { "{ \"\($1)\": \($0) }" }
    }

    // MARK: - Last wins across files

    func testALaterFileOverridesAnEarlierOnePathByPath() throws {
        let (spec, result, diagnostics) = try load([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"]),
            "a.tokens.json":
                ##"{ "c": { "$type": "color", "a": { "$value": "#111111" }, "b": { "$value": "#222222" }, "r": { "$value": "{c.b}" } } }"##,
            "b.tokens.json":
                ##"{ "c": { "$type": "color", "a": { "$value": "#AAAAAA" }, "b": { "$value": "#BBBBBB" }, "n": { "$value": "#CCCCCC" } } }"##,
        ])
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        let table = try XCTUnwrap(spec?.tokenTable)
        XCTAssertEqual(hex(table, "c.a"), "#AAAAAA")
        // An alias declared in the earlier file follows the later file's target.
        XCTAssertEqual(hex(table, "c.r"), "#BBBBBB")
        // A later file adds tokens too.
        XCTAssertEqual(hex(table, "c.n"), "#CCCCCC")
        // The winning declaration is the later file's: where diagnostics and exports point.
        XCTAssertEqual(PathNames.lastComponent(try XCTUnwrap(table.entries["c.a"]).location.path), "b.tokens.json")
        XCTAssertEqual(table.order, ["c.a", "c.b", "c.r", "c.n"])
        XCTAssertEqual(result.inputs.map(PathNames.lastComponent), ["spec.yml", "a.tokens.json", "b.tokens.json"])
    }

    /// The spec's own `tokens:` come after every file (as Style Dictionary's `source` files
    /// after its `include`s: the consumer's own tokens win over the library's).
    func testTheSpecsOwnTokensOverrideItsFiles() throws {
        let (spec, _, diagnostics) = try load([
            "spec.yml": specText(
                files: ["a.tokens.json"], tokens: "tokens: { c: { $type: color, a: { $value: \"#FFFFFF\" } } }"),
            "a.tokens.json": color("c.a", "#000000"),
        ])
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#FFFFFF")
        XCTAssertEqual(spec?.tokenTable.entries["c.a"]?.location.path.hasSuffix("spec.yml"), true)
    }

    /// A broken token that a later file replaces is not reported: only the winner is read.
    func testAnOverriddenBrokenTokenIsNotReportedAndTheWinnersProblemIsInItsFile() throws {
        let (spec, _, diagnostics) = try load([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"]),
            "a.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "{c.missing}" } } }"##,
            "b.tokens.json": color("c.a", "#123456"),
        ])
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#123456")
        // The winner's problem is the token's own: reported once values are checked (an error,
        // since the spec's `tint` uses it), at the later file.
        let directory = try TestSupport.temporaryDirectory(self)
        for (name, text) in [
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"]),
            "a.tokens.json": color("c.a", "#123456"),
            "b.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "{c.mising}" } } }"##,
        ] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let (checked, result) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertNil(checked)
        XCTAssertEqual(
            summary(result.diagnostics.filter { $0.severity == .error }), ["error b.tokens.json:1:45 undefined-token"],
            result.diagnostics.map(\.message).joined(separator: "\n"))
    }

    func testAnOverrideThatChangesTheTypeIsAWarningAtTheLaterToken() throws {
        let (spec, _, diagnostics) = try load([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"], tint: "{c.b}"),
            "a.tokens.json":
                ##"{ "c": { "a": { "$type": "number", "$value": 4 }, "b": { "$type": "color", "$value": "#000000" } } }"##,
            "b.tokens.json": color("c.a", "#FFFFFF"),
        ])
        XCTAssertEqual(summary(diagnostics), ["warning b.tokens.json:1:10 token-override-type"])
        XCTAssertEqual(
            diagnostics.first?.message,
            "token 'c.a' is color here, overriding a number token of the same path; values using it now take a color")
        XCTAssertEqual(
            diagnostics.first?.notes.first.map { PathNames.lastComponent($0.location?.path ?? "") }, "a.tokens.json")
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#FFFFFF")
        XCTAssertTrue(DiagnosticRules.warnings.contains("token-override-type"))
    }

    /// A token a later file overrides is not the spec's token: its problems are not reported
    /// (they were reported with an empty name, "no value uses token ''", for Carbon's
    /// typography); the winner's are, naming it, whichever of the two is bad.
    /// Writes `files` like ``load(_:)`` and validates `spec.yml` there (the bad tokens' problems
    /// are reported once the values that use tokens are known); its diagnostics.
    func validated(_ files: [String: String]) throws -> [Diagnostic] {
        let directory = try TestSupport.writeFiles(files, in: self)
        // The spec's one state has no way out (`dead-end-state`): not what these tests look at.
        return GeneratorPipeline().validate(specAt: directory.appendingPathComponent("spec.yml").path).result
            .diagnostics.filter { $0.rule != .deadEndState }
    }

    func testOnlyTheWinningDeclarationsProblemsAreReported() throws {
        let typography = { (size: Int) in
            ##"{ "c": { "t": { "$type": "typography", "$value": { "fontFamily": "X", "fontSize": { "value": \##(size), "unit": "px" }, "fontWeight": 400, "letterSpacing": "0.16px", "lineHeight": 1.2 } } } }"##
        }
        // Both bad: one warning, at the later file, naming the token.
        var diagnostics = try validated([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json", "c.tokens.json"]),
            "a.tokens.json": typography(16), "b.tokens.json": typography(20),
            "c.tokens.json": color("c.a", "#000000"),
        ])
        XCTAssertEqual(summary(diagnostics), ["warning b.tokens.json:1:150 invalid-value"])
        XCTAssertTrue(
            diagnostics.first?.message.hasSuffix("; no value uses token 'c.t', so it is left out") == true,
            diagnostics.first?.message ?? "")
        // The earlier one bad, the later one good: nothing to report; the value is the later one.
        var files = [
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"], tint: "{c.a}"),
            "a.tokens.json": color("c.a", "#12345"), "b.tokens.json": color("c.a", "#FFFFFF"),
        ]
        diagnostics = try validated(files)
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(try load(files).0?.tokenTable, "c.a"), "#FFFFFF")
        // The earlier one good, the later one bad and used: an error at the later one.
        diagnostics = try validated([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"], tint: "{c.a}"),
            "a.tokens.json": color("c.a", "#FFFFFF"), "b.tokens.json": color("c.a", "#12345"),
        ])
        XCTAssertEqual(summary(diagnostics), ["error b.tokens.json:1:45 invalid-value"])
        // An appearance's files merge the same way: an overridden dark declaration is not reported.
        files = [
            "spec.yml": specText(
                files: [
                    "a.tokens.json", "{ path: d1.tokens.json, appearance: dark }",
                    "{ path: d2.tokens.json, appearance: dark }",
                ]),
            "a.tokens.json": color("c.a", "#000000"), "d1.tokens.json": color("c.a", "#12345"),
            "d2.tokens.json": color("c.a", "#D2D2D2"),
        ]
        diagnostics = try validated(files)
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(try load(files).0?.tokenTable, "c.a", .dark), "#D2D2D2")
    }

    func testATokenInOneFileAndAGroupInALaterOneIsALocatedError() throws {
        var (spec, _, diagnostics) = try load([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"]),
            "a.tokens.json": color("c.a", "#000000"),
            "b.tokens.json": color("c.a.deep", "#FFFFFF"),
        ])
        XCTAssertNil(spec)
        XCTAssertEqual(summary(diagnostics), ["error b.tokens.json:1:17 duplicate-name"])
        // The other way round: a group first, a token of its path later.
        (spec, _, diagnostics) = try load([
            "spec.yml": specText(files: ["a.tokens.json", "b.tokens.json"]),
            "a.tokens.json": color("c.a.deep", "#FFFFFF"),
            "b.tokens.json": color("c.a", "#000000"),
        ])
        XCTAssertEqual(summary(diagnostics), ["error b.tokens.json:1:10 duplicate-name"])
    }

    /// `stategen styles` and a contrast warning's chain point at the later file's declaration.
    func testStylesAndContrastWarningsNameTheFileThatWon() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let spec = """
            stategen: 1
            module: Demo
            tokenFiles: [a.tokens.json, b.tokens.json]
            states: { normal: {} }
            events: {}
            attributes: { ink: { type: color } }
            attributeSets: { look: { attributes: [ink], contrast: [{ foreground: ink }] } }
            controls:
              Label:
                attributeSets: [look]
                values: { ink: { normal: "{c.ink}" } }

            """
        for (name, text) in [
            "spec.yml": spec,
            "a.tokens.json": ##"{ "c": { "$type": "color", "ink": { "$value": "#111111" } } }"##,
            "b.tokens.json": ##"{ "c": { "$type": "color", "ink": { "$value": "#EEEEEE" } } }"##,
        ] {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let styles = try TestSupport.run(
            TestSupport.stategenBinary, ["styles", "spec.yml", "--format", "json"], in: directory)
        XCTAssertEqual(styles.status, 0, styles.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(styles.stdout.utf8)) as? [String: Any])
        let kind = try XCTUnwrap((document["kinds"] as? [[String: Any]])?.first)
        let state = try XCTUnwrap((kind["states"] as? [[String: Any]])?.first)
        let appearance = try XCTUnwrap((state["appearances"] as? [[String: Any]])?.first)
        let ink = try XCTUnwrap(
            (appearance["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "ink" })
        XCTAssertEqual(ink["value"] as? String, "#EEEEEE", "\(ink)")
        let source = try XCTUnwrap(ink["source"] as? [String: Any], "\(ink)")
        XCTAssertEqual(source["tokenFile"] as? String, "b.tokens.json", "\(source)")
        // The low-contrast warning's chain is the later file's.
        let generate = try TestSupport.run(
            TestSupport.stategenBinary, ["generate", "spec.yml", "--output", "out"], in: directory)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertTrue(generate.stderr.contains("[contrast]"), generate.stderr)
        XCTAssertTrue(generate.stderr.contains("b.tokens.json:1:28"), generate.stderr)
        XCTAssertFalse(generate.stderr.contains("a.tokens.json"), generate.stderr)
    }

    /// Several files of one appearance merge the same way, later winning; each must still
    /// override a base token.
    func testSeveralFilesOfOneAppearanceMergeLastWins() throws {
        let base = ##"{ "c": { "$type": "color", "a": { "$value": "#000000" }, "b": { "$value": "#000001" } } }"##
        var (spec, _, diagnostics) = try load([
            "spec.yml": specText(
                files: [
                    "a.tokens.json", "{ path: d1.tokens.json, appearance: dark }",
                    "{ path: d2.tokens.json, appearance: dark }",
                ]),
            "a.tokens.json": base,
            "d1.tokens.json":
                ##"{ "c": { "$type": "color", "a": { "$value": "#D1D1D1" }, "b": { "$value": "#B1B1B1" } } }"##,
            "d2.tokens.json": color("c.a", "#D2D2D2"),
        ])
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(spec?.tokenTable, "c.a", .dark), "#D2D2D2")
        XCTAssertEqual(hex(spec?.tokenTable, "c.b", .dark), "#B1B1B1")
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#000000")
        (spec, _, diagnostics) = try load([
            "spec.yml": specText(
                files: [
                    "a.tokens.json", "{ path: d1.tokens.json, appearance: dark }",
                    "{ path: d2.tokens.json, appearance: dark }",
                ]),
            "a.tokens.json": base,
            "d1.tokens.json": color("c.a", "#D1D1D1"),
            "d2.tokens.json": color("c.z", "#D2D2D2"),
        ])
        XCTAssertEqual(summary(diagnostics), ["error d2.tokens.json:1:10 undefined-token"])
    }

    // MARK: - Resolver documents

    static let resolver = ##"""
        {
          "version": "2025.10",
          "sets": { "base": { "sources": [ { "$ref": "palette.tokens.json" } ] } },
          "modifiers": {
            "theme": { "contexts": { "light": [ { "$ref": "light.tokens.json" } ], "night": [ { "$ref": "night.tokens.json" } ] }, "default": "light" },
            "brand": { "contexts": { "acme": [ { "c": { "$type": "color", "brand": { "$value": "{c.p.red}" } } } ], "zen": [ { "c": { "$type": "color", "brand": { "$value": "{c.p.green}" } } } ] }, "default": "acme" }
          },
          "resolutionOrder": [ { "$ref": "#/sets/base" }, { "$ref": "#/modifiers/brand" }, { "$ref": "#/modifiers/theme" } ]
        }
        """##
    static let resolverFiles = [
        "palette.tokens.json":
            ##"{ "c": { "$type": "color", "p": { "red": { "$value": "#FF0000" }, "green": { "$value": "#00FF00" }, "ink": { "$value": "#101010" } } } }"##,
        "light.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "{c.p.ink}" } } }"##,
        "night.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#EEEEEE" } } }"##,
    ]

    /// A file a resolver document names by `$ref` ("./base/../base/./c.tokens.json") is read
    /// and printed by its normalised path, `tokens/base/c.tokens.json`, as every other
    /// diagnostic path is: no `/./`, no `//`, no `name/..`; but `link/..` through a symbolic link
    /// stays (the system resolves it from the link's target, not lexically).
    func testFilesAResolverNamesArePrintedByTheirNormalisedPaths() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let files = [
            "spec.yml": specText(files: ["tokens/design.resolver.json"], tint: "{c.a}"),
            "tokens/design.resolver.json": ##"""
            {
              "version": "2025.10",
              "sets": { "base": { "sources": [
                { "$ref": "./base/../base/./c.tokens.json" }, { "$ref": "../shared//d.tokens.json" },
                { "$ref": "link/../e.tokens.json" } ] } },
              "resolutionOrder": [ { "$ref": "#/sets/base" } ]
            }
            """##,
            "tokens/base/c.tokens.json":
                ##"{ "c": { "$type": "color", "a": { "$value": "#000000" }, "bad": { "$value": "#12345" } } }"##,
            "shared/d.tokens.json": ##"{ "d": { "$type": "color", "bad": { "$value": "#12345" } } }"##,
            "elsewhere/e.tokens.json": ##"{ "e": { "$type": "color", "bad": { "$value": "#12345" } } }"##,
        ]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("tokens/link").path,
            withDestinationPath: directory.appendingPathComponent("elsewhere/inner").path)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("elsewhere/inner"), withIntermediateDirectories: true)
        let run = try TestSupport.run(TestSupport.stategenBinary, ["lint", "spec.yml"], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        let located = run.stderr.split(separator: "\n").filter {
            $0.contains(".tokens.json:") && $0.contains(": warning: ")
        }
        .map { $0.prefix { $0 != ":" } }
        XCTAssertEqual(
            located, ["shared/d.tokens.json", "tokens/base/c.tokens.json", "tokens/link/../e.tokens.json"],
            run.stderr)
    }

    func testAResolverDocumentsThemeContextsAreAppearancesAndOtherModifiersTakeTheirDefault() throws {
        var files = Self.resolverFiles
        files["design.resolver.json"] = Self.resolver
        files["spec.yml"] = specText(
            files: ["{ path: design.resolver.json, contexts: { dark: night } }"], tint: "{c.brand}")
        var (spec, result, diagnostics) = try load(files)
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#101010")
        XCTAssertEqual(hex(spec?.tokenTable, "c.a", .dark), "#EEEEEE")
        XCTAssertEqual(hex(spec?.tokenTable, "c.brand"), "#FF0000")
        XCTAssertEqual(hex(spec?.tokenTable, "c.brand", .dark), "#FF0000")
        // Every file it names is an input, once.
        XCTAssertEqual(
            result.inputs.map(PathNames.lastComponent),
            ["spec.yml", "design.resolver.json", "palette.tokens.json", "light.tokens.json", "night.tokens.json"])
        // The spec chooses another brand.
        files["spec.yml"] = self.specText(
            files: ["{ path: design.resolver.json, modifiers: { brand: zen }, contexts: { dark: night } }"],
            tint: "{c.brand}")
        (spec, _, diagnostics) = try load(files)
        XCTAssertEqual(summary(diagnostics), [])
        XCTAssertEqual(hex(spec?.tokenTable, "c.brand"), "#00FF00")
        // A context mapped to an appearance the spec does not declare.
        files["spec.yml"] = self.specText(
            files: ["{ path: design.resolver.json, contexts: { darkHighContrast: night } }"], tint: "{c.brand}")
        let directory = try TestSupport.writeFiles(files, in: self)
        let (_, validated) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertEqual(summary(validated.diagnostics), ["error spec.yml:6:65 undeclared-appearance"])
        // Without a mapping, `night` is no appearance's: dark shows light's values.
        files["spec.yml"] = self.specText(files: ["design.resolver.json"], tint: "{c.brand}")
        (spec, _, diagnostics) = try load(files)
        XCTAssertEqual(summary(diagnostics), [])
        XCTAssertEqual(hex(spec?.tokenTable, "c.a", .dark), "#101010")
    }

    /// Sources are merged in order (later winning), `#/sets/NAME` and inline sets in the
    /// resolution order are read, and a `$ref` may point into a file (RFC 6901 JSON Pointer).
    func testAResolverReadsSetReferencesInlineSetsAndJSONPointers() throws {
        var files = Self.resolverFiles
        files["bundle.json"] =
            ##"{ "themes": { "a/b": { "c": { "$type": "color", "a": { "$value": "#0000AA" } } } } }"##
        files["design.resolver.json"] = ##"""
            {
              "version": "2025.10",
              "sets": {
                "palette": { "sources": [ { "$ref": "palette.tokens.json" } ] },
                "base": { "sources": [ { "$ref": "#/sets/palette" }, { "$ref": "light.tokens.json" } ] }
              },
              "resolutionOrder": [
                { "$ref": "#/sets/base" },
                { "type": "set", "name": "late", "sources": [ { "$ref": "bundle.json#/themes/a~1b" }, { "c": { "$type": "color", "b": { "$value": "{c.a}" } } } ] }
              ]
            }
            """##
        files["spec.yml"] = specText(files: ["design.resolver.json"], tint: "{c.b}")
        var (spec, _, diagnostics) = try load(files)
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(hex(spec?.tokenTable, "c.a"), "#0000AA")
        XCTAssertEqual(hex(spec?.tokenTable, "c.b"), "#0000AA")
        XCTAssertEqual(hex(spec?.tokenTable, "c.p.red"), "#FF0000")
        files["design.resolver.json"] = files["design.resolver.json"]!.replacingOccurrences(of: "a~1b", with: "a~1c")
        (spec, _, diagnostics) = try load(files)
        XCTAssertEqual(summary(diagnostics), ["error design.resolver.json:9:61 invalid-value"])
    }

    func testErrorsInAResolverDocumentAndItsEntryAreLocated() throws {
        func errors(_ resolver: String, entry: String = "design.resolver.json") throws -> [String] {
            var files = Self.resolverFiles
            files["design.resolver.json"] = resolver
            files["spec.yml"] = specText(files: [entry], tint: "{c.a}")
            let (spec, _, diagnostics) = try load(files)
            XCTAssertNil(spec)
            return summary(diagnostics)
        }
        // A missing file: `io` at its `$ref`.
        XCTAssertEqual(
            try errors(
                Self.resolver.replacingOccurrences(of: "night.tokens.json", with: "nite.tokens.json"),
                entry: "{ path: design.resolver.json, contexts: { dark: night } }"),
            ["error design.resolver.json:5:97 io"])
        // A reference the Resolver module forbids, and one naming no set.
        XCTAssertEqual(
            try errors(
                Self.resolver.replacingOccurrences(of: "\"palette.tokens.json\"", with: "\"#/modifiers/brand\"")),
            ["error design.resolver.json:3:46 invalid-value"])
        XCTAssertEqual(
            try errors(Self.resolver.replacingOccurrences(of: "#/sets/base", with: "#/sets/bsae")),
            ["error design.resolver.json:8:34 invalid-value"])
        // A modifier or context the document has not.
        XCTAssertEqual(
            try errors(Self.resolver, entry: "{ path: design.resolver.json, modifiers: { brnad: zen } }"),
            ["error spec.yml:6:48 undefined-modifier"])
        XCTAssertEqual(
            try errors(Self.resolver, entry: "{ path: design.resolver.json, modifiers: { brand: zenn } }"),
            ["error spec.yml:6:55 invalid-value"])
        XCTAssertEqual(
            try errors(Self.resolver, entry: "{ path: design.resolver.json, contexts: { dark: nigth } }"),
            ["error spec.yml:6:53 invalid-value"])
        // A modifier without a default the spec does not choose for.
        XCTAssertEqual(
            try errors(Self.resolver.replacingOccurrences(of: ", \"default\": \"acme\"", with: "")),
            ["error design.resolver.json:6:5 missing-key"])
        // Another version, an unknown key.
        XCTAssertEqual(
            try errors(Self.resolver.replacingOccurrences(of: "\"2025.10\"", with: "\"2024.01\"")),
            ["error design.resolver.json:2:14 invalid-value"])
        XCTAssertEqual(
            try errors(Self.resolver.replacingOccurrences(of: "\"sets\"", with: "\"set\"")),
            ["error design.resolver.json:3:3 unknown-key", "error design.resolver.json:8:34 invalid-value"])
    }

    /// The depfile and the stamp name every file the resolver document names: a change to one
    /// makes `stategen check` report the output stale.
    func testAResolversFilesAreInTheDepfileAndTheStamp() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var files = Self.resolverFiles
        files["design.resolver.json"] = Self.resolver
        files["spec.yml"] = specText(files: ["{ path: design.resolver.json, contexts: { dark: night } }"])
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let generate = try TestSupport.run(
            TestSupport.stategenBinary, ["generate", "spec.yml", "-o", "Generated", "--depfile", "stategen.d"],
            in: directory)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let depfile = try String(contentsOf: directory.appendingPathComponent("stategen.d"), encoding: .utf8)
        for name in [
            "spec.yml", "design.resolver.json", "palette.tokens.json", "light.tokens.json", "night.tokens.json",
        ] {
            XCTAssertTrue(depfile.contains(name), "\(name) in \(depfile)")
        }
        XCTAssertEqual(
            try TestSupport.run(TestSupport.stategenBinary, ["check", "spec.yml", "-o", "Generated"], in: directory)
                .status,
            0)
        try Data(##"{ "c": { "$type": "color", "a": { "$value": "#EEEEEF" } } }"##.utf8).write(
            to: directory.appendingPathComponent("night.tokens.json"))
        let check = try TestSupport.run(
            TestSupport.stategenBinary, ["check", "spec.yml", "-o", "Generated"], in: directory)
        XCTAssertNotEqual(check.status, 0, "a change to a file only the resolver names is seen: \(check.stderr)")
    }

    func testEveryFileAResolverNamesObeysTheOutsideRootRule() throws {
        let outside = try TestSupport.temporaryDirectory(self)
        try Data(Self.resolverFiles["night.tokens.json"]!.utf8).write(
            to: outside.appendingPathComponent("night.tokens.json"))
        var files = Self.resolverFiles
        files["design.resolver.json"] = Self.resolver.replacingOccurrences(
            of: "\"night.tokens.json\"", with: "\"\(outside.path)/night.tokens.json\"")
        files["spec.yml"] = specText(files: ["{ path: design.resolver.json, contexts: { dark: night } }"])
        let (spec, result, diagnostics) = try load(files)
        XCTAssertNil(spec)
        XCTAssertEqual(summary(diagnostics), ["error design.resolver.json:5:97 outside-root"])
        XCTAssertFalse(result.inputs.contains { $0.hasPrefix(outside.path) })
    }

    /// The fixtures are what the format says: every token file passes the official DTCG
    /// 2025.10 format schema and the resolver document the resolver schema (read from
    /// `../shared/conformance/dtcg-2025.10/`, with Python's jsonschema, as its README says).
    func testTheFixturesPassTheOfficialSchemas() throws {
        let schemas = TestSupport.packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/dtcg-2025.10/schemas/2025.10")
        guard FileManager.default.fileExists(atPath: schemas.appendingPathComponent("resolver.json").path) else {
            throw XCTSkip("the DTCG 2025.10 schemas are not in ../shared/conformance")
        }
        let script = """
            import json, pathlib, sys
            try:
                from jsonschema import Draft7Validator
                from referencing import Registry, Resource
            except ImportError:
                print("SKIP"); sys.exit(0)
            root = pathlib.Path(sys.argv[1])
            registry = Registry().with_resources(
                (json.loads(p.read_text())["$id"], Resource.from_contents(json.loads(p.read_text()))) for p in root.rglob("*.json"))
            count = 0
            for doc in sys.argv[2:]:
                schema = json.loads((root / ("resolver.json" if doc.endswith(".resolver.json") else "format.json")).read_text())
                for error in Draft7Validator(schema, registry=registry).iter_errors(json.loads(pathlib.Path(doc).read_text())):
                    print(doc, error.json_path, error.message[:160])
                count += 1
            print("checked", count)
            """
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.sets, includingPropertiesForKeys: nil))
            .compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix(".json") && !PathNames.lastComponent($0).hasPrefix("$") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 30)
        let run: TestSupport.ProcessResult
        do {
            run = try TestSupport.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schemas.path] + files)
        } catch {
            throw XCTSkip("python3 cannot be run: \(error)")
        }
        if run.stdout.hasPrefix("SKIP") { throw XCTSkip("Python's jsonschema is not installed") }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "checked \(files.count)\n", run.stdout)
    }

    // MARK: - Real-shaped sets, every value checked

    /// A token as the fixture writes it: its `$value` and its own or inherited `$type`.
    struct Written {
        var value: Any
        var type: String?
    }

    static let sets = TestSupport.fixtures.appendingPathComponent("token-sets")

    func json(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    }

    /// The tokens of a DTCG tree by dotted path, with DTCG's type inheritance.
    func flatten(_ node: Any, path: [String] = [], type: String? = nil, into tokens: inout [String: Written]) {
        guard let object = node as? [String: Any] else { return }
        let type = object["$type"] as? String ?? type
        if let value = object["$value"] {
            tokens[path.joined(separator: ".")] = Written(value: value, type: type)
            return
        }
        for (key, child) in object where !key.hasPrefix("$") {
            flatten(child, path: path + [key], type: type, into: &tokens)
        }
    }

    /// The layers merged, later winning.
    func merged(_ layers: [Any]) -> [String: Written] {
        var tokens: [String: Written] = [:]
        for layer in layers {
            var own: [String: Written] = [:]
            flatten(layer, into: &own)
            tokens.merge(own) { $1 }
        }
        return tokens
    }

    /// A resolved value in a form both sides can be compared in: a colour's hex, a number.
    enum Value: Equatable {
        case text(String)
        case number(Double)

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.text(let x), .text(let y)): x == y
            case (.number(let x), .number(let y)): abs(x - y) < 1e-9
            default: false
            }
        }
    }

    /// Follows `path`'s aliases in `tokens` and converts the value by DTCG 2025.10's rules for
    /// its type (the alias's own type, else its target's).
    func expected(_ path: String, in tokens: [String: Written]) throws -> Value {
        var current = path
        var type: String?
        var seen: Set<String> = []
        while true {
            let token = try XCTUnwrap(tokens[current], "\(path) reaches \(current), which the fixture lacks")
            type = type ?? token.type
            if let text = token.value as? String, text.hasPrefix("{"), text.hasSuffix("}") {
                XCTAssertTrue(seen.insert(current).inserted, "cycle at \(current)")
                current = String(text.dropFirst().dropLast())
                continue
            }
            type = token.type ?? type
            switch (type, token.value) {
            case ("color", let hex as String):
                let upper = hex.uppercased()
                return .text(upper.count == 9 && upper.hasSuffix("FF") ? String(upper.prefix(7)) : upper)
            case ("color", let object as [String: Any]):
                let c = try XCTUnwrap(object["components"] as? [Double])
                let alpha = (object["alpha"] as? Double).map { Int(($0 * 255).rounded()) } ?? 255
                let bytes = c.map { Int(($0 * 255).rounded()) } + (alpha == 255 ? [] : [alpha])
                return .text("#" + bytes.map { String(format: "%02X", $0) }.joined())
            case ("dimension", let object as [String: Any]):
                let number = try XCTUnwrap(object["value"] as? Double)
                return .number(object["unit"] as? String == "rem" ? number * 16 : number)
            case ("duration", let object as [String: Any]):
                let number = try XCTUnwrap(object["value"] as? Double)
                return .number(object["unit"] as? String == "ms" ? number / 1000 : number)
            case ("fontWeight", let name as String):
                return .number(try XCTUnwrap(["regular": 400, "medium": 500, "semibold": 600, "bold": 700][name]))
            case ("number", let number as Double), ("fontWeight", let number as Double):
                return .number(number)
            case ("fontFamily", let names as [String]):
                return .text(try XCTUnwrap(names.first))
            case ("fontFamily", let name as String):
                return .text(name)
            default:
                XCTFail("\(path): a \(type ?? "untyped") value the check does not read: \(token.value)")
                return .text("")
            }
        }
    }

    func actual(_ value: AttributeValue) -> Value? {
        switch value {
        case .color(let color): .text(color.hex)
        case .double(let number): .number(number)
        case .int(let number): .number(Double(number))
        case .string(let text): .text(text)
        default: nil
        }
    }

    /// Loads the set's `spec.yml` through the pipeline and checks every token of `expected`
    /// (the tokens each appearance shows, computed here) against its table; returns how many
    /// values were checked.
    func check(_ set: String, _ expected: [Appearance: [String: Written]]) throws -> Int {
        let (spec, _, diagnostics) = load(specAt: Self.sets.appendingPathComponent("\(set)/spec.yml").path)
        XCTAssertEqual(summary(diagnostics), [], diagnostics.map(\.message).joined(separator: "\n"))
        let table = try XCTUnwrap(spec?.tokenTable)
        let light = try XCTUnwrap(expected[.light])
        XCTAssertEqual(Set(table.entries.keys), Set(light.keys), "\(set): the same tokens")
        var checked = 0
        var differing = 0
        for (appearance, tokens) in expected.sorted(by: { $0.key < $1.key }) {
            for path in tokens.keys.sorted() {
                let entry = try XCTUnwrap(table.entry(path, in: appearance), "\(set): \(path) in \(appearance)")
                let want = try self.expected(path, in: tokens)
                XCTAssertEqual(actual(entry.value), want, "\(set): \(path) in \(appearance)")
                if appearance != .light, want != (try self.expected(path, in: light)) { differing += 1 }
                checked += 1
            }
        }
        print(
            "\(set): \(checked) resolved values checked in \(expected.count) appearances, \(differing) differing from light"
        )
        XCTAssertGreaterThan(differing, 10, "\(set): the themes change values")
        return checked
    }

    /// What stategen's `tokenFiles:` means, written out: base files merged in order, then each
    /// appearance's files over its fallback's.
    func byAppearance(_ folder: URL, base: [String], overlays: [Appearance: [String]]) throws -> [Appearance: [String:
        Written]]
    {
        let baseLayers = try base.map { try json(folder.appendingPathComponent($0)) }
        var result: [Appearance: [String: Written]] = [:]
        for appearance in [Appearance.light] + overlays.keys.sorted() {
            let layers = try appearance.chain.reversed().flatMap { step in
                try (overlays[step] ?? []).map { try json(folder.appendingPathComponent($0)) }
            }
            result[appearance] = merged(baseLayers + layers)
        }
        return result
    }

    func testAStyleDictionaryShapedSetWithALaterBrandFileAndDarkFilesLoadsWhole() throws {
        let folder = Self.sets.appendingPathComponent("style-dictionary")
        let expected = try byAppearance(
            folder,
            base: [
                "tokens/color/base.json", "tokens/color/font.json", "tokens/color/background.json",
                "tokens/size/font.json", "tokens/size/padding.json", "brand/lagoon.json",
            ], overlays: [.dark: ["themes/dark.json", "themes/dark-brand.json"]])
        XCTAssertGreaterThanOrEqual(try check("style-dictionary", expected), 120)
    }

    func testAPrimerShapedSetWithLightDarkAndHighContrastLoadsWhole() throws {
        let folder = Self.sets.appendingPathComponent("primer/src/tokens")
        let expected = try byAppearance(
            folder,
            base: [
                "base/color/light/light.tokens.json", "base/size/size.tokens.json",
                "functional/color/fgColor.tokens.json", "functional/color/bgColor.tokens.json",
                "functional/size/control.tokens.json", "functional/color/overrides/product.tokens.json",
            ],
            overlays: [
                .dark: ["base/color/dark/dark.tokens.json", "functional/color/dark/overrides.tokens.json"],
                .lightHighContrast: [
                    "base/color/light/light.high-contrast.tokens.json",
                    "functional/color/high-contrast/light.tokens.json",
                ],
                .darkHighContrast: [
                    "base/color/dark/dark.high-contrast.tokens.json", "functional/color/high-contrast/dark.tokens.json",
                ],
            ])
        XCTAssertGreaterThanOrEqual(try check("primer", expected), 500)
    }

    /// Tokens Studio's multi-file export: the sets of each theme, from `$themes.json`, in the
    /// order of `$metadata.json` (the spec lists the same files, dark as dark's).
    func testATokensStudioShapedExportLoadsWholeAsItsThemesSay() throws {
        let folder = Self.sets.appendingPathComponent("tokens-studio")
        let order = try XCTUnwrap(
            (try json(folder.appendingPathComponent("$metadata.json")) as? [String: Any])?["tokenSetOrder"] as? [String]
        )
        let themes = try XCTUnwrap(try json(folder.appendingPathComponent("$themes.json")) as? [[String: Any]])
        var expected: [Appearance: [String: Written]] = [:]
        for theme in themes {
            let selected = try XCTUnwrap(theme["selectedTokenSets"] as? [String: String])
            let appearance = try XCTUnwrap(Appearance(rawValue: (theme["name"] as? String ?? "").lowercased()))
            let layers = try order.filter { selected[$0] != nil && selected[$0] != "disabled" }.map {
                try json(folder.appendingPathComponent("\($0).json"))
            }
            expected[appearance] = merged(layers)
        }
        XCTAssertGreaterThanOrEqual(try check("tokens-studio", expected), 150)
    }

    /// The resolver document is read here by the Resolver module's rules (resolution order,
    /// sets' and contexts' sources in order, inline sources, defaults), with the spec's choice
    /// of brand and each appearance's theme context by name.
    func testAResolverShapedSetLoadsWholeInEveryThemeContext() throws {
        let folder = Self.sets.appendingPathComponent("resolver")
        let document = try XCTUnwrap(try json(folder.appendingPathComponent("design.resolver.json")) as? [String: Any])
        let sets = try XCTUnwrap(document["sets"] as? [String: [String: Any]])
        let modifiers = try XCTUnwrap(document["modifiers"] as? [String: [String: Any]])
        func sources(_ list: Any?) throws -> [Any] {
            try XCTUnwrap(list as? [[String: Any]]).flatMap { source -> [Any] in
                guard let ref = source["$ref"] as? String else { return [source] }
                if ref.hasPrefix("#/sets/") { return try sources(sets[String(ref.dropFirst(7))]?["sources"]) }
                return [try json(folder.appendingPathComponent(ref))]
            }
        }
        func resolution(_ inputs: [String: String]) throws -> [String: Written] {
            var layers: [Any] = []
            for item in try XCTUnwrap(document["resolutionOrder"] as? [[String: Any]]) {
                var entry = item
                if let ref = item["$ref"] as? String {
                    entry = try XCTUnwrap(
                        ref.hasPrefix("#/sets/") ? sets[String(ref.dropFirst(7))] : modifiers[String(ref.dropFirst(12))]
                    )
                    entry["name"] = String(ref.split(separator: "/").last!)
                }
                if let contexts = entry["contexts"] as? [String: Any] {
                    let name = try XCTUnwrap(entry["name"] as? String)
                    let context = try XCTUnwrap(inputs[name] ?? entry["default"] as? String)
                    layers += try sources(contexts[context])
                } else {
                    layers += try sources(entry["sources"])
                }
            }
            return merged(layers)
        }
        var expected: [Appearance: [String: Written]] = [:]
        for (appearance, context) in [
            (Appearance.light, "light"), (.dark, "dark"), (.lightHighContrast, "light-high-contrast"),
            (.darkHighContrast, "dark-high-contrast"),
        ] {
            expected[appearance] = try resolution(["theme": context, "brand": "nimbus"])
        }
        XCTAssertGreaterThanOrEqual(try check("resolver", expected), 300)
    }
}
