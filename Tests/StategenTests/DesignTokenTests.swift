import Foundation
import XCTest

@testable import StategenCore

/// Design tokens: the spec's `tokens:` and DTCG `.tokens.json` files (`tokenFiles:`), aliases,
/// references from values, and every rule's located diagnostic.
final class DesignTokenTests: XCTestCase {
    /// A spec with one colour and one double attribute whose values are `tint` and `radius`.
    func spec(tokens: String = "", tint: String = "\"#000000\"", radius: String = "4", extra: String = "") -> String {
        """
        stategen: 1
        module: Demo
        \(tokens)
        \(extra)
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          tint: { type: color }
          radius: { type: double }
          count: { type: int }
        attributeSets: { look: [tint, radius, count] }
        controls:
          Button:
            attributeSets: [look]
            values:
              tint: { normal: \(tint) }
              radius: { normal: \(radius) }
              count: { normal: 1 }

        """
    }

    /// Writes `files` (name → text) into one folder and runs the pipeline on `spec.yml` there.
    func generate(_ files: [String: String]) throws -> (GeneratorPipeline.Result, String) {
        let directory = try TestSupport.writeFiles(files, in: self)
        let path = directory.appendingPathComponent("spec.yml").path
        return (GeneratorPipeline().generate(specAt: path), directory.path)
    }

    func summary(_ result: GeneratorPipeline.Result) -> [String] {
        result.diagnostics.map { d in
            "\(d.severity.rawValue) \(PathNames.lastComponent(d.location?.path ?? "-")):\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule)"
        }
    }

    /// The acceptance case: a DTCG file with an alias cycle, an unknown reference and a
    /// malformed colour gives three located diagnostics in the file: warnings while no value
    /// uses those tokens (issue 26), errors with `--warnings-as-errors`, and nothing is written.
    func testThreeErrorsInATokenFileAreLocatedInIt() throws {
        let tokens = """
            {
              "color": {
                "$type": "color",
                "base": { "$value": "#0A84FF" },
                "loop": {
                  "a": { "$value": "{color.loop.b}" },
                  "b": { "$value": "{color.loop.a}" }
                },
                "action": { "$value": "{color.bsae}" },
                "broken": { "$value": "#12345" }
              }
            }
            """
        var (result, directory) = try generate([
            "spec.yml": spec(tokens: "tokenFiles: [design.tokens.json]", tint: "\"{color.base}\""),
            "design.tokens.json": tokens,
        ])
        XCTAssertEqual(
            summary(result),
            [
                "warning design.tokens.json:6:7 token-cycle",
                "warning design.tokens.json:9:27 undefined-token",
                "warning design.tokens.json:10:27 invalid-value",
            ])
        XCTAssertFalse(result.files.isEmpty)
        result = GeneratorPipeline(options: .init(warningsAsErrors: true)).generate(specAt: directory + "/spec.yml")
        XCTAssertEqual(
            summary(result),
            [
                "error design.tokens.json:6:7 token-cycle",
                "error design.tokens.json:9:27 undefined-token",
                "error design.tokens.json:10:27 invalid-value",
            ])
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertTrue(result.diagnostics[0].message.contains("color.loop.a -> color.loop.b -> color.loop.a"))
        XCTAssertTrue(result.diagnostics[1].message.contains("did you mean 'color.base'?"))
    }

    /// The other half: a spec that refers to a token no file declares gets one error, in the spec.
    func testAMissingTokenIsOneErrorInTheSpec() throws {
        let (result, _) = try generate([
            "spec.yml": spec(tokens: "tokenFiles: [t.tokens.json]", tint: "\"{color.primray}\""),
            "t.tokens.json": ##"{ "color": { "primary": { "$type": "color", "$value": "#0A84FF" } } }"##,
        ])
        XCTAssertEqual(summary(result), ["error spec.yml:17:23 undefined-token"])
        XCTAssertTrue(result.diagnostics[0].message.contains("did you mean 'color.primary'?"))
        XCTAssertTrue(result.files.isEmpty)
    }

    func testSpecTokensAliasesAndDTCGValuesResolve() throws {
        let tokens = """
            tokens:
              color:
                $type: color
                blue: { $value: "#0A84FF" }
                linear: { $value: { colorSpace: srgb-linear, components: [0.2140, 0.2140, 0.2140] } }
                hsl: { $value: { colorSpace: hsl, components: [210, 100, 50] } }
                p3: { $value: { colorSpace: display-p3, components: [1, 0, 0], hex: "#FF0000" } }
                action: { $value: "{color.blue}", $description: "An alias." }
                button: { $value: "{color.action}" }
              space:
                $type: dimension
                small: { $value: { value: 0.5, unit: rem } }
            unusedTokens: ignore
            """
        let (result, _) = try generate([
            "spec.yml": spec(tokens: tokens, tint: "\"{color.button}\"", radius: "\"{space.small}\"")
        ])
        XCTAssertEqual(summary(result), [])
        let table = try loadTable(tokens)
        XCTAssertEqual(table.entries["color.button"]?.value, .color(RGBAColor(hex: "#0A84FF")!))
        XCTAssertEqual(table.entries["color.button"]?.chain, ["color.button", "color.action", "color.blue"])
        // sRGB's transfer function (IEC 61966-2-1): linear 0.214 encodes to 0.4995, 127 of 255.
        XCTAssertEqual(table.entries["color.linear"]?.value, .color(RGBAColor(red: 127, green: 127, blue: 127)))
        XCTAssertEqual(table.entries["color.hsl"]?.value, .color(RGBAColor(red: 0, green: 128, blue: 255)))
        // Display P3's red is outside sRGB: kept as P3, its sRGB approximation gamut-mapped (CSS
        // Color 4 §13.2; coloraide's oklch-chroma fit gives the same bytes), the hex a fallback only.
        XCTAssertEqual(
            table.entries["color.p3"]?.value,
            .color(RGBAColor(red: 255, green: 11, blue: 12, displayP3: DisplayP3Components(red: 1, green: 0, blue: 0))))
        XCTAssertEqual(table.entries["space.small"]?.value, .double(8), "0.5 rem is 8 points")
        let swift = try XCTUnwrap(result.files.first?.contents)
        XCTAssertTrue(swift.contains("tint: .init(table: [Demo.Color(rgba: 0x0A84FFFF)"), swift)
        XCTAssertTrue(swift.contains("radius: .init(table: [8.0"))
    }

    /// The token table of a spec made of `tokens` alone.
    func loadTable(_ tokens: String) throws -> TokenTable {
        let path = try TestSupport.write(spec(tokens: tokens), in: self)
        var result = GeneratorPipeline.Result()
        return try XCTUnwrap(GeneratorPipeline().load(specAt: path, into: &result, diagnostics: DiagnosticCollector()))
            .tokenTable
    }

    func testReferencesAreCheckedAgainstTheAttributeType() throws {
        let tokens = """
            tokens:
              color: { $type: color, blue: { $value: "#0A84FF" } }
              size: { $type: number, half: { $value: 0.5 }, two: { $value: 2 } }
            """
        var (result, _) = try generate([
            "spec.yml": spec(tokens: tokens, tint: "\"{size.two}\"", radius: "\"{color.blue}\"")
        ])
        XCTAssertEqual(
            summary(result), ["error spec.yml:19:23 token-type-mismatch", "error spec.yml:20:25 token-type-mismatch"])
        XCTAssertTrue(result.diagnostics[0].message.contains("is a number, but attribute 'tint' is color"))
        (result, _) = try generate([
            "spec.yml": spec(tokens: tokens, tint: "\"{color.blue}\"", radius: "\"{size.two}\"").replacingOccurrences(
                of: "count: { normal: 1 }", with: "count: { normal: \"{size.half}\" }")
        ])
        XCTAssertEqual(summary(result), ["error spec.yml:21:24 invalid-value"], "0.5 is no int")
    }

    func testUnusedTokensWarnUnlessIgnored() throws {
        let tokens = """
            tokens:
              color:
                $type: color
                blue: { $value: "#0A84FF" }
                action: { $value: "{color.blue}" }
                spare: { $value: "#FFFFFF" }
            """
        var (result, _) = try generate(["spec.yml": spec(tokens: tokens, tint: "\"{color.action}\"")])
        XCTAssertEqual(summary(result), ["warning spec.yml:8:5 unused-token"], "blue is used through action")
        XCTAssertFalse(result.files.isEmpty)
        (result, _) = try generate([
            "spec.yml": spec(tokens: tokens, tint: "\"{color.action}\"", extra: "unusedTokens: ignore")
        ])
        XCTAssertEqual(summary(result), [])
    }

    func testBadTokenDeclarations() throws {
        let tokens = """
            tokens:
              color:
                $type: colour
                a.b: { $value: "#000000" }
                untyped: { $type: color, $value: { colorSpace: display-p3, components: [1, 0, 0] } }
                wide: { $type: color, $value: { colorSpace: srgb, components: [1.5, 0, 0] } }
                $typo: x
              plain: { $value: 3 }
              size: { $type: dimension, a: { $value: { value: 3, unit: pt } }, b: { $value: 3 } }
              weight: { $type: fontWeight, w: { $value: heavyish } }
              dup: { $type: number, x: { $value: 1 }, y: { $value: "{dup.x}", $type: color } }
            """
        let (result, _) = try generate(["spec.yml": spec(tokens: tokens)])
        XCTAssertEqual(
            summary(result),
            [
                "error spec.yml:5:12 wrong-type",  // $type: colour
                "error spec.yml:6:5 invalid-name",  // a.b
                "error spec.yml:8:68 invalid-value",  // 1.5 is outside srgb's [0, 1]
                "error spec.yml:9:5 unknown-key",  // $typo
                "error spec.yml:10:3 missing-key",  // no $type
                "error spec.yml:11:60 invalid-value",  // unit pt
                "error spec.yml:11:81 invalid-value",  // dimension without unit
                "error spec.yml:12:45 invalid-value",  // weight name
                "error spec.yml:13:56 token-type-mismatch",  // color alias of a number
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(result.files.isEmpty)
    }

    func testTokenFilesAreInputsAndMissingOnesAreErrors() throws {
        var (result, directory) = try generate([
            "spec.yml": spec(tokens: "tokenFiles: [a.tokens.json]", tint: "\"{c}\""),
            "a.tokens.json": ##"{ "c": { "$type": "color", "$value": "#000000" } }"##,
        ])
        XCTAssertEqual(summary(result), [])
        XCTAssertEqual(result.inputs.map(PathNames.lastComponent), ["spec.yml", "a.tokens.json"])
        (result, directory) = try generate(["spec.yml": spec(tokens: "tokenFiles: [missing.tokens.json]")])
        // The error is at the `tokenFiles:` entry that names the file.
        XCTAssertEqual(summary(result), ["error spec.yml:3:14 io"])
        XCTAssertTrue(result.diagnostics[0].message.contains("cannot read the tokens file"), "\(directory)")
        // The same path declared in the spec and in a file: the spec's own tokens come last and
        // win (issue 26, last wins).
        (result, _) = try generate([
            "spec.yml": spec(
                tokens: "tokenFiles: [a.tokens.json]\ntokens: { c: { $type: color, $value: \"#FFFFFF\" } }",
                tint: "\"{c}\""),
            "a.tokens.json": ##"{ "c": { "$type": "color", "$value": "#000000" } }"##,
        ])
        XCTAssertEqual(summary(result), [])
        XCTAssertTrue(try XCTUnwrap(result.files.first?.contents).contains("0xFFFFFFFF"), "the spec's #FFFFFF wins")
    }

    /// Every value of the example that refers to a token is, in light, dark, light and dark
    /// high contrast, the token's value in the DTCG files: base.tokens.json, overridden by
    /// dark.tokens.json in dark (and dark high contrast, which falls back to dark) and by
    /// high-contrast.tokens.json in light high contrast. The files are read here independently
    /// with JSONSerialization, and aliases followed in the appearance.
    func testTheExamplesTokenValuesAreTheDTCGFilesValuesInEveryAppearance() throws {
        let folder = TestSupport.exampleSpec.deletingLastPathComponent()
        func load(_ name: String) throws -> [String: Any] {
            try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
                    as? [String: Any])
        }
        let base = try load("base.tokens.json")
        let overlays: [Appearance: [String: Any]] = [
            .dark: try load("dark.tokens.json"), .lightHighContrast: try load("high-contrast.tokens.json"),
        ]
        func raw(_ path: String, in file: [String: Any]) -> Any? {
            var node: Any? = file
            for key in path.split(separator: ".") { node = (node as? [String: Any])?[String(key)] }
            return (node as? [String: Any])?["$value"]
        }
        func resolved(_ path: String, _ appearance: Appearance) -> Any? {
            var current = path
            while true {
                let files = appearance.chain.compactMap { overlays[$0] } + [base]
                guard let value = files.lazy.compactMap({ raw(current, in: $0) }).first else { return nil }
                guard let text = value as? String, text.hasPrefix("{") else { return value }
                current = String(text.dropFirst().dropLast())
            }
        }
        func color(_ value: Any?) throws -> RGBAColor {
            if let hex = value as? String { return try XCTUnwrap(RGBAColor(hex: hex)) }
            let object = try XCTUnwrap(value as? [String: Any])
            if let hex = object["hex"] as? String { return try XCTUnwrap(RGBAColor(hex: hex)) }
            let c = try XCTUnwrap(object["components"] as? [Double])
            return RGBAColor(
                red: UInt8((c[0] * 255).rounded()), green: UInt8((c[1] * 255).rounded()),
                blue: UInt8((c[2] * 255).rounded()))
        }
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let spec = try XCTUnwrap(
            GeneratorPipeline().load(specAt: TestSupport.exampleSpec.path, into: &result, diagnostics: diagnostics))
        let checked = try XCTUnwrap(SpecValidator(diagnostics: diagnostics).validate(spec))
        XCTAssertEqual(checked.appearances, [.light, .dark, .lightHighContrast, .darkHighContrast])
        var compared = 0
        var differing = 0
        for control in spec.controls {
            let kind = try XCTUnwrap(checked.controls.first { $0.name.value == control.name.value })
            for row in control.values {
                let attribute = try XCTUnwrap(
                    kind.attributeSets.flatMap(\.attributes).first { $0.name.value == row.attribute.value })
                for value in row.values {
                    guard case .token(let path) = value.value.value else { continue }
                    for appearance in checked.appearances {
                        let values =
                            appearance == .light ? attribute.values : attribute.appearanceValues[appearance] ?? []
                        let generated = try XCTUnwrap(values.first { $0.state == value.state.value }?.value, path)
                        switch (resolved(path, appearance), generated) {
                        case (let written as [String: Any], .color(let actual)) where written["colorSpace"] as? String == "display-p3":
                            // A Display P3 colour outside sRGB keeps its written components exactly.
                            let c = try XCTUnwrap(written["components"] as? [Double])
                            XCTAssertEqual(
                                actual.displayP3, DisplayP3Components(red: c[0], green: c[1], blue: c[2]),
                                "\(path) in \(appearance)")
                        case (let typography as [String: Any], .font(let font)):
                            // DTCG typography: fontSize in px, fontWeight through its alias, letter
                            // spacing in px, line height a multiple; the text style from stategen's
                            // extension of the token.
                            func member(_ name: String) -> Any? {
                                guard let text = typography[name] as? String, text.hasPrefix("{") else { return typography[name] }
                                return resolved(String(text.dropFirst().dropLast()), appearance)
                            }
                            XCTAssertEqual(font.size, (member("fontSize") as? [String: Any])?["value"] as? Double, path)
                            XCTAssertEqual(font.weight?.weightClass, (member("fontWeight") as? NSNumber)?.intValue, path)
                            XCTAssertEqual(
                                font.letterSpacing, (member("letterSpacing") as? [String: Any])?["value"] as? Double, path)
                            XCTAssertEqual(font.lineHeight, member("lineHeight") as? Double, path)
                            XCTAssertEqual(font.textStyle, .headline, path)
                            // "SF Pro Text" is the system font: no family is named.
                            XCTAssertEqual((member("fontFamily") as? [String])?.first, "SF Pro Text", path)
                            XCTAssertNil(font.family, path)
                        case (let written, .color(let actual)):
                            XCTAssertEqual(try color(written), actual, "\(path) in \(appearance)")
                            if appearance != .light, try color(written) != color(resolved(path, .light)) {
                                differing += 1
                            }
                        case (let dimension as [String: Any], .double(let points)):
                            let number = try XCTUnwrap(dimension["value"] as? Double)
                            XCTAssertEqual(dimension["unit"] as? String == "rem" ? number * 16 : number, points, path)
                        default:
                            XCTFail(
                                "\(control.name.value).\(row.attribute.value): \(path) in \(appearance) gives \(generated)"
                            )
                        }
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 100, "the example refers to tokens throughout, in four appearances")
        XCTAssertGreaterThanOrEqual(differing, 20, "and many differ from light")
    }

    func testAppearanceErrors() throws {
        let spec = """
            stategen: 1
            module: Demo
            appearances: [light, dark, dark]
            tokenFiles:
              - t.tokens.json
              - { path: d.tokens.json, appearance: darkHighContrast }
            states: { normal: {} }
            events: {}
            attributes: { tint: { type: color } }
            attributeSets: { look: [tint] }
            controls:
              Button:
                attributeSets: [look]
                values:
                  tint: { normal: { dark: "#000000", dim: "#111111" } }

            """
        var (result, _) = try generate([
            "spec.yml": spec,
            "t.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#000000" } } }"##,
            "d.tokens.json": ##"{ "c": { "$type": "color", "b": { "$value": "#000000" } } }"##,
        ])
        XCTAssertEqual(
            summary(result),
            [
                "error d.tokens.json:1:28 undefined-token",  // b overrides no base token
                "error spec.yml:3:28 duplicate-name",  // dark twice
                "error spec.yml:15:42 wrong-type",  // dim is no appearance
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        let fixed = spec.replacingOccurrences(of: "[light, dark, dark]", with: "[light, dark]").replacingOccurrences(
            of: ", dim: \"#111111\"", with: ", light: \"#FFFFFF\"")
        (result, _) = try generate([
            "spec.yml": fixed,
            "t.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#000000" } } }"##,
            "d.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": 3, "$type": "number" } } }"##,
        ])
        XCTAssertEqual(
            summary(result),
            ["error d.tokens.json:1:28 token-type-mismatch"],  // a is a number in dark high contrast
            result.diagnostics.map(\.message).joined(separator: "\n"))
        (result, _) = try generate([
            "spec.yml": fixed,
            "t.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#000000" } } }"##,
            "d.tokens.json": ##"{ "c": { "$type": "color", "a": { "$value": "#FFFFFF" } } }"##,
        ])
        XCTAssertEqual(
            summary(result),
            ["error spec.yml:6:40 undeclared-appearance"],  // the file's appearance is not declared
            result.diagnostics.map(\.message).joined(separator: "\n"))
    }

    /// A token file whose tokens form one alias chain of `aliases` aliases, one token a line:
    /// `c.t0` is the colour, and `c.tK` aliases `c.t(K-1)` (`reversed`: `c.tK` aliases `c.t(K+1)`
    /// and the last is the colour). Token `c.tK` is on line K + 4.
    func chainFile(aliases: Int, reversed: Bool = false) -> String {
        var lines = ["{", "  \"c\": {", "    \"$type\": \"color\","]
        for k in 0...aliases {
            let value =
                reversed
                ? (k == aliases ? "#0A84FF" : "{c.t\(k + 1)}")
                : (k == 0 ? "#0A84FF" : "{c.t\(k - 1)}")
            lines.append("    \"t\(k)\": { \"$value\": \"\(value)\" }" + (k == aliases ? "" : ","))
        }
        return (lines + ["  }", "}", ""]).joined(separator: "\n")
    }

    /// Issue 25: a token reaches its value through at most 1,000 aliases, resolved once each
    /// (each entry keeps only its next link, not a copy of its chain, so a long chain costs
    /// memory in proportion to its length); the token whose alias is the 1,001st is one
    /// located `token-limit` error, in either declaration order, and its aliases fail silently.
    func testAnAliasChainAtTheLimitResolvesAndOnePastItIsOneLocatedError() throws {
        for reversed in [false, true] {
            let top = reversed ? "c.t0" : "c.t1000"
            var (result, _) = try generate([
                "spec.yml": spec(tokens: "tokenFiles: [c.tokens.json]\nunusedTokens: ignore", tint: "\"{\(top)}\""),
                "c.tokens.json": chainFile(aliases: 1_000, reversed: reversed),
            ])
            XCTAssertEqual(summary(result), [], "reversed: \(reversed)")
            XCTAssertTrue(
                result.files.first?.contents.contains("Demo.Color(rgba: 0x0A84FFFF)") == true, "reversed: \(reversed)")
            (result, _) = try generate([
                "spec.yml": spec(
                    tokens: "tokenFiles: [c.tokens.json]\nunusedTokens: ignore",
                    tint: reversed ? "\"{c.t0}\"" : "\"{c.t1001}\""),
                "c.tokens.json": chainFile(aliases: 1_001, reversed: reversed),
            ])
            // The token 1,001 aliases from the colour: c.t1001 (line 1005), or c.t0 (line 4).
            XCTAssertEqual(
                summary(result),
                [reversed ? "error c.tokens.json:4:5 token-limit" : "error c.tokens.json:1005:5 token-limit"],
                result.diagnostics.map(\.message).joined(separator: "\n"))
            XCTAssertEqual(
                result.diagnostics.first?.message,
                "token '\(reversed ? "c.t0" : "c.t1001")' reaches its value through more than 1000 aliases (the limit): "
                    + (reversed
                        ? "c.t0 -> c.t1 -> c.t2 -> ... -> c.t1001"
                        : "c.t1001 -> c.t1000 -> c.t999 -> ... -> c.t0"))
            XCTAssertTrue(result.files.isEmpty)
        }
    }

    /// The entry of a token on a long chain gives its chain on demand, the token first; tokens
    /// past `maxTokens` (base and appearance files together) are one `token-limit` error at
    /// the first of them, and nothing resolves.
    func testTheTokenTableLimits() throws {
        let location = SourceLocation(path: "t.tokens.json", line: 1, column: 1)
        func token(_ k: Int, _ value: TokenValueSpec) -> TokenSpec {
            TokenSpec(
                path: Located("c.t\(k)", at: SourceLocation(path: "t.tokens.json", line: k + 1, column: 3)),
                type: Located(.color, at: location), value: value)
        }
        let tokens =
            [token(0, .literal(Located(.color(RGBAColor(red: 1, green: 2, blue: 3)), at: location)))]
            + (1...9).map { token($0, .alias(Located("c.t\($0 - 1)", at: location))) }
        var diagnostics = DiagnosticCollector()
        var table = TokenTable(tokens, limits: .init(maxAliases: 9, maxTokens: 10), diagnostics: diagnostics)
        XCTAssertEqual(diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(table.entries["c.t9"]?.chain, (0...9).reversed().map { "c.t\($0)" })
        XCTAssertEqual(table.entries["c.t4"]?.chain, ["c.t4", "c.t3", "c.t2", "c.t1", "c.t0"])
        XCTAssertEqual(table.entries["c.t9"]?.value, .color(RGBAColor(red: 1, green: 2, blue: 3)))
        diagnostics = DiagnosticCollector()
        table = TokenTable(tokens, limits: .init(maxAliases: 8, maxTokens: 10), diagnostics: diagnostics)
        // A chain past the limit is a problem of its token, reported with the values using it.
        XCTAssertEqual(diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(
            table.problems.values.flatMap { $0 }.map { "\($0.location?.line ?? 0) \($0.rule)" }, ["10 token-limit"])
        XCTAssertNil(table.entries["c.t9"])
        XCTAssertEqual(table.entries["c.t8"]?.chain.count, 9)
        diagnostics = DiagnosticCollector()
        table = TokenTable(
            tokens, appearances: [.dark: [token(3, .alias(Located("c.t0", at: location)))]],
            limits: .init(maxAliases: 9, maxTokens: 10), diagnostics: diagnostics)
        XCTAssertEqual(
            diagnostics.diagnostics.map { "\($0.location?.line ?? 0) \($0.rule) \($0.message)" },
            ["4 token-limit the spec and its token files declare more than 10 tokens (the limit)"])
        XCTAssertTrue(table.entries.isEmpty)
    }

    /// Issue 25: a `.json` token file is JSON. A `//` comment gave a YAML message on the line
    /// after it, and `#` comments and trailing commas were read silently although every other
    /// tool rejects them; each is now a located error at it. A YAML token file keeps YAML's
    /// comments.
    func testJSONTokenFilesRejectCommentsAndTrailingCommas() throws {
        let cases: [(text: String, expected: String, message: String)] = [
            (
                "{\n  // brand colours\n  \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } }\n}\n",
                "error t.tokens.json:2:3 yaml-syntax", "JSON has no comments"
            ),
            (
                "{ \"c\": { /* brand */ \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } } }\n",
                "error t.tokens.json:1:10 yaml-syntax", "JSON has no comments"
            ),
            (
                "{\n  \"c\": { \"$type\": \"color\", \"$description\": \"Farbé 🎨\",  # brand\n    \"a\": { \"$value\": \"#0A84FF\" } }\n}\n",
                "error t.tokens.json:2:56 yaml-syntax", "JSON has no comments"
            ),
            (
                "{\n  \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" }, }\n}\n",
                "error t.tokens.json:2:56 yaml-syntax", "JSON allows no comma after the last entry of an object"
            ),
            (
                "{ \"f\": { \"$type\": \"fontFamily\", \"a\": { \"$value\": [\"Inter\", \"Helvetica\",] } },"
                    + " \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } } }\n",
                "error t.tokens.json:1:71 yaml-syntax", "JSON allows no comma after the last entry of an array"
            ),
            (
                "// brand colours\n{ \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } } }\n",
                "error t.tokens.json:1:1 yaml-syntax", "JSON has no comments"
            ),
            (
                "{ \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } } }\n# exported by a tool\n",
                "error t.tokens.json:2:1 yaml-syntax", "JSON has no comments"
            ),
        ]
        for (text, expected, message) in cases {
            let (result, _) = try generate([
                "spec.yml": spec(tokens: "tokenFiles: [t.tokens.json]\nunusedTokens: ignore", tint: "\"{c.a}\""),
                "t.tokens.json": text,
            ])
            XCTAssertEqual(summary(result), [expected], text)
            XCTAssertTrue(result.diagnostics.first?.message.hasPrefix(message) == true, "\(result.diagnostics)")
            XCTAssertTrue(result.files.isEmpty)
        }
        // The same files without them, and a YAML token file with a comment, read.
        for (name, text) in [
            ("t.tokens.json", "{ \"c\": { \"$type\": \"color\", \"a\": { \"$value\": \"#0A84FF\" } } }\n"),
            ("t.tokens.yml", "# brand colours\nc: { $type: color, a: { $value: \"#0A84FF\" }, }  # trailing\n"),
        ] {
            let (result, _) = try generate([
                "spec.yml": spec(tokens: "tokenFiles: [\(name)]\nunusedTokens: ignore", tint: "\"{c.a}\""),
                name: text,
            ])
            XCTAssertEqual(summary(result), [], name)
        }
    }

    /// Issue 25: a token whose value is invalid (or that has no type) is its one error; its
    /// aliases, and the values using them, are not also "no token; did you mean ...?", which
    /// invited the wrong fix. A value or alias naming a group says it is a group.
    func testAnInvalidTokenIsOneErrorAndAGroupIsNotAnUndefinedToken() throws {
        let tokens = """
            {
              "c": {
                "$type": "color",
                "bad": { "$value": "rgba(0, 0, 0, 0.5)" },
                "alias": { "$value": "{c.bad}" },
                "alias2": { "$value": "{c.alias}" },
                "other": { "$value": "{untyped}" },
                "brand": { "blue": { "$value": "#0A84FF" } },
                "group": { "$value": "{c.brand}" }
              },
              "untyped": { "$value": "#000000" }
            }
            """
        var (result, _) = try generate([
            "spec.yml": spec(tokens: "tokenFiles: [t.tokens.json]\nunusedTokens: ignore", tint: "\"{c.alias2}\""),
            "t.tokens.json": tokens,
        ])
        XCTAssertEqual(
            summary(result),
            [
                "error t.tokens.json:4:24 invalid-value",  // rgba(...), used through two aliases
                "warning t.tokens.json:9:26 undefined-token",  // {c.brand} is a group; no value uses it
                "warning t.tokens.json:11:3 missing-key",  // untyped has no $type; no value uses it
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(
            result.diagnostics[1].message,
            "token 'c.group' refers to '{c.brand}', which is a group, not a token; refer to one of its tokens, such as 'c.brand.blue'; no value uses token 'c.group', so it is left out"
        )
        // A value that names the group.
        (result, _) = try generate([
            "spec.yml": spec(tokens: "tokenFiles: [t.tokens.json]\nunusedTokens: ignore", tint: "\"{c.brand}\""),
            "t.tokens.json": ##"{ "c": { "$type": "color", "brand": { "blue": { "$value": "#0A84FF" } } } }"##,
        ])
        XCTAssertEqual(summary(result), ["error spec.yml:18:23 undefined-token"])
        XCTAssertEqual(
            result.diagnostics.first?.message,
            "'c.brand' is a group of tokens, not a token; refer to one of its tokens, such as 'c.brand.blue'")
    }

    /// A spec with font, int, double and role attributes whose `normal` values are `values`
    /// (attribute → value), with `tokens`.
    func roleSpec(tokens: String, values: [String: String]) -> String {
        """
        stategen: 1
        module: Demo
        \(tokens)
        unusedTokens: ignore
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          font: { type: font }
          label: { type: font }
          count: { type: int }
          size: { type: double }
          radius: { type: dimension, role: cornerRadius }
          border: { type: dimension, role: borderWidth }
        attributeSets: { look: [font, label, count, size, radius, border] }
        controls:
          Button:
            attributeSets: [look]
            values:
        \(values.sorted(by: { $0.key < $1.key }).map { "      \($0.key): { normal: \($0.value) }" }.joined(separator: "\n"))

        """
    }

    /// Issue 25: messages that were garbled say what is wrong: a text style's subject without
    /// nested quotes, an attribute type that takes no tokens, a dimension that overflows in
    /// points after its unit, and a number too large for its type; and a negative corner
    /// radius or border width, literal or from a dimension token, is a located error.
    func testMessagesSayWhatIsWrongAndNegativeRadiiAndBordersAreErrors() throws {
        let tokens = """
            tokens:
              c: { $type: color, a: { $value: "#000000" } }
              n: { $type: number, huge: { $value: 99999999999999999999 } }
              s:
                $type: dimension
                big: { $value: { value: 1e308, unit: rem } }
                neg: { $value: { value: -2, unit: px } }
                one: { $value: { value: 1, unit: px } }
            """
        var defaults = [
            "font": "body", "label": "body", "count": "1", "size": "1", "radius": "4", "border": "\"{s.one}\"",
        ]
        defaults["font"] = "{ style: bodyy }"
        defaults["count"] = "99999999999999999999"
        defaults["size"] = "1e400"
        var (result, _) = try generate(["spec.yml": roleSpec(tokens: tokens, values: defaults)])
        XCTAssertEqual(
            result.diagnostics.map(\.message).sorted(),
            [
                "'99999999999999999999' is out of range for a value of 'count' (int): it is from -9223372036854775808 to 9223372036854775807",
                "a value of 'size' (double) '1e400' is too large for a Double (at most about 1.8e308)",
                "the text style of 'font' must be one of largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2, not 'bodyy'; did you mean 'body'?",
                "the value of token 's.big' (dimension) is 1e+308 rem, which overflows a Double in points (at most about 1.8e308)",
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(
            summary(result).sorted(),
            [
                "error spec.yml:28:24 invalid-value",  // count
                "error spec.yml:29:32 wrong-type",  // font's style
                "error spec.yml:32:23 invalid-value",  // size
                "error spec.yml:8:29 invalid-value",  // s.big
            ])
        defaults = [
            "font": "body", "label": "\"{c.a}\"", "count": "\"{n.huge}\"", "size": "1", "radius": "-4",
            "border": "\"{s.neg}\"",
        ]
        (result, _) = try generate([
            "spec.yml": roleSpec(tokens: tokens.replacingOccurrences(of: "1e308", with: "1"), values: defaults)
        ])
        XCTAssertEqual(
            result.diagnostics.map(\.message).sorted(),
            [
                "a value of 'border' (role borderWidth, the width of a view's border) is -2.0 points; it must be 0 or more",
                "a value of 'radius' (role cornerRadius, the radius of a view's corners) is -4.0 points; it must be 0 or more",
                "token 'c.a' is a color, but attribute 'label' is font (which takes typography tokens)",
                "token 'n.huge' is 1e+20, but attribute 'count' is int and takes whole numbers from -9223372036854775808 to 9223372036854775807",
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(result.files.isEmpty)
        // Zero is a radius and a width.
        defaults = ["font": "body", "label": "body", "count": "1", "size": "1", "radius": "0", "border": "0"]
        (result, _) = try generate([
            "spec.yml": roleSpec(tokens: tokens.replacingOccurrences(of: "1e308", with: "1"), values: defaults)
        ])
        XCTAssertEqual(summary(result), [])
    }

    /// Issue 25's new-user trial: a unit that is no unit is quoted as it is written (it was
    /// "has unit the quoted string 'em'"), a dimension's `value` written as a string says it
    /// is a string (it was "needs a finite number" for "1"), and the note on a negative
    /// radius from a token is at the token's `$value`, not at its key.
    func testDimensionMessagesSayWhatIsWrongAndTheNoteIsAtTheValue() throws {
        let tokens = """
            tokens:
              s:
                $type: dimension
                em: { $value: { value: 1, unit: "em" } }
                text: { $value: { value: "1", unit: px } }
                neg:
                  $value: { value: -2, unit: px }
            """
        var values = [
            "font": "body", "label": "body", "count": "1", "size": "\"{s.text}\"", "radius": "4",
            "border": "\"{s.em}\"",
        ]
        var (result, _) = try generate(["spec.yml": roleSpec(tokens: tokens, values: values)])
        XCTAssertEqual(
            result.diagnostics.map(\.message).sorted(),
            [
                "the value of token 's.em' (dimension) has unit 'em'; use px or rem",
                "the value of token 's.text' (dimension) has the string '1' as its value; write the number without quotes",
            ], result.diagnostics.map(\.message).joined(separator: "\n"))
        values = ["font": "body", "label": "body", "count": "1", "size": "1", "radius": "\"{s.neg}\"", "border": "0"]
        let valid = tokens.replacingOccurrences(of: "\"em\"", with: "px").replacingOccurrences(of: "\"1\"", with: "1")
        (result, _) = try generate(["spec.yml": roleSpec(tokens: valid, values: values)])
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "a value of 'radius' (role cornerRadius, the radius of a view's corners) is -2.0 points; it must be 0 or more"
            ])
        let negative = try XCTUnwrap(result.diagnostics.first)
        XCTAssertEqual(negative.notes.map(\.message), ["the token's value is declared here"])
        // Line 9 is `$value: { value: -2, unit: px }`, its value at column 15; the key is 8:5.
        XCTAssertEqual(negative.notes.first?.location.map { "\($0.line):\($0.column)" }, "9:15")
    }

    /// Issue 25's new-user trial: a `number` token 9007199254740993 used for an `int` attribute
    /// became 9007199254740992 (it was read as a Double), while the same literal in the spec
    /// stays exact. A number token written as an integer keeps it exactly; it is still a
    /// Double for a `double` or `dimension` attribute.
    func testAnIntegerNumberTokenStaysExactForAnIntAttribute() throws {
        let tokens = """
            tokens:
              n: { $type: number, big: { $value: 9007199254740993 }, two: { $value: 2 }, half: { $value: 0.5 } }
            """
        let values = [
            "font": "body", "label": "body", "count": "\"{n.big}\"", "size": "\"{n.two}\"", "radius": "\"{n.half}\"",
            "border": "\"{n.two}\"",
        ]
        let (result, _) = try generate(["spec.yml": roleSpec(tokens: tokens, values: values)])
        XCTAssertEqual(summary(result), [])
        let swift = result.files.map(\.contents).joined()
        XCTAssertTrue(swift.contains("9007199254740993"), swift)
        XCTAssertFalse(swift.contains("9007199254740992"), swift)
    }

    /// Issue 25's new-user trial, in block YAML: `$value: #0A84FF` is an empty value (the `#`
    /// starts a comment), which said "must be a mapping, not empty (null)"; it says the value is
    /// empty, how a colour is written, and why it is empty. An explicit `null` is not told so.
    func testAnEmptyColourValueSaysAnUnquotedHashStartsAComment() throws {
        let spec = self.spec(tokens: "tokenFiles: [t.tokens.yml]", tint: "\"{c.a}\"")
        for (value, expected) in [
            (
                "#0A84FF",
                "the value of token 'c.a' (color) is empty; write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes, or { colorSpace, components } (an unquoted '#' after a space starts a comment, which leaves the value empty)"
            ),
            ("null", "the value of token 'c.a' (color) must be a mapping, not null ('null')"),
        ] {
            let (result, _) = try generate([
                "spec.yml": spec, "t.tokens.yml": "c:\n  $type: color\n  a:\n    $value: \(value)\n",
            ])
            XCTAssertEqual(result.diagnostics.map(\.message), [expected])
            XCTAssertEqual(summary(result), ["error t.tokens.yml:4:\(value == "null" ? 13 : 12) wrong-node-kind"])
        }
    }
}
