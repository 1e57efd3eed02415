import Foundation
import XCTest

@testable import StategenCore

/// Issue 26: token files in the shapes real design systems publish load, with their values
/// right. The fixtures are written for these tests in the shapes of public DTCG exports
/// (Apple HIG text styles, IBM Carbon and Microsoft Fluent typography, Figma's Simple Design
/// System, GitHub Primer's colours), not copied from them.
final class RealShapeTokenTests: XCTestCase {
    /// A spec reading `files` with a colour and a font attribute whose `normal` values are
    /// `tint` and `font`.
    func spec(files: String = "[t.tokens.json]", tint: String = "\"#000000\"", font: String = "body") -> String {
        """
        stategen: 1
        module: Real
        tokenFiles: \(files)
        unusedTokens: ignore
        appearances: [light, dark]
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          tint: { type: color }
          font: { type: font }
        attributeSets: { look: [tint, font] }
        controls:
          Button:
            attributeSets: [look]
            values:
              tint: { normal: \(tint) }
              font: { normal: \(font) }

        """
    }

    /// The token table the pipeline builds for `files`, and the diagnostics of generating the spec
    /// (which must succeed).
    func load(_ files: [String: String]) throws -> (TokenTable, [Diagnostic]) {
        let directory = try TestSupport.writeFiles(files, in: self)
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let spec = try XCTUnwrap(
            GeneratorPipeline().load(
                specAt: directory.appendingPathComponent("spec.yml").path, into: &result, diagnostics: diagnostics),
            "\(diagnostics.sorted)")
        let generated = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertTrue(
            !generated.diagnostics.contains { $0.severity == .error },
            generated.diagnostics.map(\.message).joined(separator: "\n"))
        return (spec.tokenTable, generated.diagnostics)
    }

    /// `file:line:column` of the first `needle` in `text`.
    func place(of needle: String, in text: String) -> String {
        let range = text.range(of: needle)!
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return "\(line):\(column)"
    }

    func font(_ table: TokenTable, _ path: String) -> FontSpec? {
        if case .font(let font)? = table.entries[path]?.value { return font }
        return nil
    }

    static let typography = """
        {
          "font": {
            "design": { "$type": "fontFamily", "default": { "$value": "SF Pro" }, "brand": { "$value": "Inter" } },
            "scale": { "$type": "dimension", "10": { "$value": { "value": 20, "unit": "px" } } },
            "weight": { "$type": "fontWeight", "bold": { "$value": "bold" } },
            "leading": { "$type": "number", "tight": { "$value": 1.25 } },
            "hig": {
              "$type": "typography",
              "body": { "$value": { "fontFamily": "{font.design.default}", "fontSize": { "value": 17, "unit": "px" }, "fontWeight": 400, "lineHeight": { "value": 22, "unit": "px" }, "letterSpacing": { "value": -0.02, "unit": "em" } } }
            },
            "carbon": {
              "$type": "typography",
              "body01": { "$value": { "fontFamily": ["IBM Plex Sans", "system-ui", "sans-serif"], "fontSize": { "value": 0.875, "unit": "rem" }, "fontWeight": 400, "lineHeight": 1.42857, "letterSpacing": 0 } },
              "heading": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 1.25, "unit": "rem" }, "fontWeight": 600, "lineHeight": { "value": 1.75, "unit": "rem" }, "letterSpacing": 0 } }
            },
            "fluent": {
              "$type": "typography",
              "caption": { "$value": { "fontFamily": "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, sans-serif", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 400, "letterSpacing": 0, "lineHeight": 1, "MozOsxFontSmoothing": "grayscale" } }
            },
            "sds": {
              "$type": "typography",
              "titleHero": { "$value": { "fontFamily": "{font.design.brand}", "fontSize": "{font.scale.10}", "fontWeight": "{font.weight.bold}", "letterSpacing": { "value": 0, "unit": "em" }, "lineHeight": 1.2 } }
            },
            "primer": {
              "$type": "typography",
              "display": { "$value": { "fontFamily": "{font.design.brand}", "fontSize": { "value": 40, "unit": "px" }, "fontWeight": "600", "lineHeight": "{font.leading.tight}" } },
              "plain": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 14, "unit": "px" }, "fontWeight": 500 } }
            }
          }
        }
        """

    /// Typography as real exports write it: `letterSpacing` a bare `0` or in `em` (× the font
    /// size), `lineHeight` a px or rem dimension (÷ the font size), either member missing, the
    /// family a CSS font stack or a list, the weight a numeral in quotes; each read as the font
    /// it means, with no diagnostic but one warning naming an unknown member.
    func testTypographyInTheShapesRealExportsWriteIsTheFontItMeans() throws {
        let file = Self.typography
        let (table, diagnostics) = try load([
            "spec.yml": spec(font: "\"{font.fluent.caption}\""), "t.tokens.json": file,
        ])
        XCTAssertEqual(
            diagnostics.map {
                "\($0.severity.rawValue) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule)"
            },
            ["warning \(place(of: "\"MozOsxFontSmoothing\"", in: file)) ignored-member"],
            diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(diagnostics.first?.message.contains("'MozOsxFontSmoothing'") == true)

        let hig = try XCTUnwrap(font(table, "font.hig.body"))
        XCTAssertNil(hig.family)  // SF Pro is the system font
        XCTAssertEqual(hig.size, 17)
        XCTAssertEqual(try XCTUnwrap(hig.lineHeight), 22.0 / 17, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(hig.letterSpacing), -0.02 * 17, accuracy: 1e-12)

        let carbon = try XCTUnwrap(font(table, "font.carbon.body01"))
        XCTAssertEqual(carbon.family, "IBM Plex Sans")
        XCTAssertEqual(carbon.size, 14)
        XCTAssertEqual(carbon.letterSpacing, 0)
        XCTAssertEqual(carbon.lineHeight, 1.42857)
        let heading = try XCTUnwrap(font(table, "font.carbon.heading"))
        XCTAssertEqual(heading.weight, .semibold)
        XCTAssertEqual(try XCTUnwrap(heading.lineHeight), 28.0 / 20, accuracy: 1e-12)

        let fluent = try XCTUnwrap(font(table, "font.fluent.caption"))
        XCTAssertEqual(fluent.family, "Segoe UI")
        XCTAssertEqual(fluent.size, 12)
        XCTAssertEqual(fluent.lineHeight, 1)

        let sds = try XCTUnwrap(font(table, "font.sds.titleHero"))
        XCTAssertEqual(sds.family, "Inter")
        XCTAssertEqual(sds.size, 20)
        XCTAssertEqual(sds.weight, .bold)
        XCTAssertEqual(sds.letterSpacing, 0)

        let display = try XCTUnwrap(font(table, "font.primer.display"))
        XCTAssertEqual(display.weight, .semibold)
        XCTAssertEqual(display.lineHeight, 1.25)
        XCTAssertNil(display.letterSpacing)
        let plain = try XCTUnwrap(font(table, "font.primer.plain"))
        XCTAssertEqual(plain.weight, .medium)
        XCTAssertNil(plain.lineHeight)
        XCTAssertNil(plain.letterSpacing)
    }

    /// What stays wrong: a letter spacing in an unknown unit, a bare number other than 0, and
    /// an `em` line height are errors at the member where a value uses the token.
    func testTypographyLeniencyStopsAtWhatHasNoMeaning() throws {
        let file = """
            { "t": { "$type": "typography",
              "a": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 400, "letterSpacing": 2 } },
              "b": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": 1, "unit": "pt" } } },
              "c": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": "heavyish" } }
            } }
            """
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(file.utf8).write(to: directory.appendingPathComponent("t.tokens.json"))
        for (token, needle) in [("t.a", "2 }"), ("t.b", "\"pt\""), ("t.c", "\"heavyish\"")] {
            try Data(spec(font: "\"{\(token)}\"").utf8).write(to: directory.appendingPathComponent("spec.yml"))
            let result = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
            XCTAssertTrue(result.diagnostics.contains { $0.severity == .error }, token)
            XCTAssertTrue(
                result.diagnostics.contains {
                    $0.severity == .error && $0.rule == .invalidValue
                        && "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" == place(of: needle, in: file)
                }, "\(token): " + result.diagnostics.map(\.message).joined(separator: "\n"))
        }
    }

    /// Tokens Studio's own typography members are warnings naming each; a member's name
    /// misspelt beside them stays the `unknown-key` error it is, with did-you-mean.
    func testOtherToolsMembersAreWarningsButAMisspeltMemberIsAnError() throws {
        let file = """
            { "t": { "$type": "typography",
              "a": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 400, "textCase": "none", "paragraphSpacing": 0, "lineHieght": 1 } }
            } }
            """
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(file.utf8).write(to: directory.appendingPathComponent("t.tokens.json"))
        try Data(spec(font: "\"{t.a}\"").utf8).write(to: directory.appendingPathComponent("spec.yml"))
        let result = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertEqual(
            result.diagnostics.filter { $0.location?.path.hasSuffix("t.tokens.json") == true }.map {
                "\($0.severity.rawValue) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule)"
            }.sorted(),
            [
                "error \(place(of: "\"lineHieght\"", in: file)) unknown-key",
                "warning \(place(of: "\"paragraphSpacing\"", in: file)) ignored-member",
                "warning \(place(of: "\"textCase\"", in: file)) ignored-member",
            ].sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("did you mean 'lineHeight'?") })
    }

    /// A `hex` fallback in a CSS form other than DTCG's six digits (`#000`, `#0000`, eight
    /// digits) is a warning, not an error: the components are the colour. The CSS form is read
    /// for the mismatch check, so a short hex that is another colour says so.
    func testAHexFallbackNotOfSixDigitsIsAWarningAndTheComponentsAreTheColour() throws {
        let file = """
            { "c": { "$type": "color",
              "black": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1, "hex": "#000" } },
              "clear": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1], "alpha": 0, "hex": "#fff0" } },
              "half": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5, "hex": "#ff000080" } },
              "wrong": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1], "alpha": 1, "hex": "#f00" } }
            } }
            """
        let (table, diagnostics) = try load(["spec.yml": spec(tint: "\"{c.black}\""), "t.tokens.json": file])
        XCTAssertEqual(
            diagnostics.map {
                "\($0.severity.rawValue) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule)"
            }
            .sorted(),
            [
                "warning \(place(of: "\"#000\"", in: file)) color-fallback-mismatch",
                "warning \(place(of: "\"#fff0\"", in: file)) color-fallback-mismatch",
                "warning \(place(of: "\"#ff000080\"", in: file)) color-fallback-mismatch",
                "warning \(place(of: "\"#f00\"", in: file)) color-fallback-mismatch",
            ].sorted(), diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(diagnostics.contains { $0.message.contains("'#f00'") && $0.message.contains("not its colour") })
        XCTAssertTrue(diagnostics.contains { $0.message.contains("'#000'") && $0.message.contains("six digits") })
        XCTAssertEqual(table.entries["c.black"]?.value, .color(RGBAColor(hex: "#000000")!))
        XCTAssertEqual(table.entries["c.clear"]?.value, .color(RGBAColor(hex: "#FFFFFF00")!))
        XCTAssertEqual(table.entries["c.half"]?.value, .color(RGBAColor(hex: "#FF000080")!))
        XCTAssertEqual(table.entries["c.wrong"]?.value, .color(RGBAColor(hex: "#0000FF")!))
    }

    /// Primer's `alpha` beside `$value` (a token key its build reads: the colour's alpha is set
    /// to it, as Primer's `color/hex` transform does, also when the value is an alias); a
    /// token aliasing such a token takes the colour with that alpha. In each appearance.
    func testPrimersAlphaBesideTheValueIsTheColoursAlpha() throws {
        let base = """
            { "base": { "color": { "$type": "color",
                "neutral": { "8": { "$value": { "colorSpace": "srgb", "components": [0.5058823529, 0.5450980392, 0.5960784314], "alpha": 1, "hex": "#818b98" } } },
                "transparent": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1], "alpha": 1, "hex": "#ffffff" }, "alpha": 0 }
            } } }
            """
        let dark = """
            { "base": { "color": { "$type": "color",
                "neutral": { "8": { "$value": { "colorSpace": "srgb", "components": [0.2392156863, 0.2666666667, 0.3019607843], "alpha": 1, "hex": "#3d444d" } } }
            } } }
            """
        let functional = """
            { "bgColor": { "$type": "color",
                "muted": { "$value": "{base.color.neutral.8}", "alpha": 0.12, "$extensions": { "org.primer.figma": { "collection": "mode" } } },
                "overlay": { "$value": "{bgColor.muted}", "alpha": 0.5 },
                "inherit": { "$value": "{bgColor.muted}" }
            } }
            """
        let (table, diagnostics) = try load([
            "spec.yml": spec(
                files: "[base.tokens.json, fn.tokens.json, { path: dark.tokens.json, appearance: dark }]",
                tint: "\"{bgColor.inherit}\""),
            "base.tokens.json": base, "fn.tokens.json": functional, "dark.tokens.json": dark,
        ])
        XCTAssertEqual(diagnostics.map(\.message), [])
        // 0.12 × 255 = 30.6 → 31 (0x1F); 0.5 → 128 (0x80).
        XCTAssertEqual(table.entries["bgColor.muted"]?.value, .color(RGBAColor(hex: "#818B981F")!))
        XCTAssertEqual(table.entries["bgColor.inherit"]?.value, .color(RGBAColor(hex: "#818B981F")!))
        XCTAssertEqual(table.entries["bgColor.overlay"]?.value, .color(RGBAColor(hex: "#818B9880")!))
        XCTAssertEqual(table.entries["base.color.transparent"]?.value, .color(RGBAColor(hex: "#FFFFFF00")!))
        XCTAssertEqual(table.entry("bgColor.inherit", in: .dark)?.value, .color(RGBAColor(hex: "#3D444D1F")!))
    }

    /// An `alpha` beside `$value` that is no alpha (outside 0 to 1, not a number) is an error
    /// at it where a value uses the token.
    func testAnAlphaBesideTheValueThatIsNoAlphaIsAnError() throws {
        let file = """
            { "c": { "$type": "color", "base": { "$value": "#112233" },
                "big": { "$value": "{c.base}", "alpha": 12 },
                "text": { "$value": "{c.base}", "alpha": "half" } } }
            """
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(file.utf8).write(to: directory.appendingPathComponent("t.tokens.json"))
        for (token, needle) in [("c.big", "12 }"), ("c.text", "\"half\"")] {
            try Data(spec(tint: "\"{\(token)}\"").utf8).write(to: directory.appendingPathComponent("spec.yml"))
            let result = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
            XCTAssertTrue(result.diagnostics.contains { $0.severity == .error }, token)
            XCTAssertTrue(
                result.diagnostics.contains {
                    $0.severity == .error
                        && "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" == place(of: needle, in: file)
                },
                "\(token): "
                    + result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
                    .joined(separator: "\n"))
        }
    }
}
