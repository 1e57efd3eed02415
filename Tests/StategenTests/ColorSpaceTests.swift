import Foundation
import XCTest

@testable import StategenCore

/// DTCG 2025.10's Color module: every colour space read from token files and converted as CSS
/// Color 4 says, checked against figures computed independently with coloraide
/// (`ColourFigures.swift`, written by `scripts/colour-figures.py`); gamut handling (sRGB, Display
/// P3, wider mapped into P3), component ranges, `none` and the `hex` fallback.
///
/// Tolerances: 8-bit sRGB ±1 (a component on a rounding edge may fall either side); Display P3
/// components ±1e-4: an in-gamut conversion agrees to about 1e-12 (CSS's rational matrices
/// against coloraide's, computed from the chromaticities), but a gamut-mapped one ends where the
/// chroma search stops (CSS's ε = 0.0001 in OKLCH chroma, which coloraide's MINDE refines
/// differently), and 1e-4 is still a fortieth of an 8-bit step.
final class ColorSpaceTests: XCTestCase {
    static let conformance = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance/dtcg-2025.10/examples").standardizedFileURL

    /// Loads `json` as a token file of a spec that uses none of its tokens; the table and the
    /// diagnostics.
    func load(json: String) throws -> (TokenTable?, [Diagnostic]) {
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(json.utf8).write(to: directory.appendingPathComponent("colours.tokens.json"))
        let spec = """
            stategen: 1
            module: Demo
            tokenFiles: [colours.tokens.json]
            unusedTokens: ignore
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes: { tint: { type: color } }
            attributeSets: { look: [tint] }
            controls: { Button: { attributeSets: [look], values: { tint: { normal: "#000000" } } } }

            """
        let path = directory.appendingPathComponent("spec.yml")
        try Data(spec.utf8).write(to: path)
        var result = GeneratorPipeline.Result()
        let collector = DiagnosticCollector()
        let loaded = GeneratorPipeline().load(specAt: path.path, into: &result, diagnostics: collector)
        // Each token's own problems, as errors: what a value using the token would report (no
        // value here uses them; validation would make them warnings).
        loaded?.tokenTable.reportProblems(uses: nil, diagnostics: collector)
        return (loaded?.tokenTable, result.diagnostics + collector.diagnostics)
    }

    /// A token file of colour objects, by token name.
    func tokenFile(_ colours: [(name: String, space: String, components: [Double?], alpha: Double?, hex: String?)])
        -> String
    {
        var tokens: [String] = []
        for c in colours {
            let components = c.components.map { $0.map { String($0) } ?? "\"none\"" }.joined(separator: ", ")
            var value = "\"colorSpace\": \"\(c.space)\", \"components\": [\(components)]"
            if let alpha = c.alpha { value += ", \"alpha\": \(alpha)" }
            if let hex = c.hex { value += ", \"hex\": \"\(hex)\"" }
            tokens.append("    \"\(c.name)\": { \"$type\": \"color\", \"$value\": { \(value) } }")
        }
        return "{\n  \"colours\": {\n" + tokens.joined(separator: ",\n") + "\n  }\n}\n"
    }

    /// Checks `color` against `figure` with the tolerances above.
    func check(
        _ color: RGBAColor, _ figure: ColourFigure, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let got = [color.red, color.green, color.blue]
        for (g, e) in zip(got, figure.srgb) where abs(Int(g) - Int(e)) > 1 {
            XCTFail("\(what): sRGB \(got), expected \(figure.srgb)", file: file, line: line)
            break
        }
        switch (color.displayP3, figure.p3) {
        case (nil, nil): break
        case (let p3?, let expected?):
            for (g, e) in zip([p3.red, p3.green, p3.blue], expected) where abs(g - e) > 1e-4 {
                XCTFail("\(what): P3 \(p3), expected \(expected)", file: file, line: line)
                break
            }
        case (let p3, let expected):
            XCTFail(
                "\(what): P3 \(String(describing: p3)), expected \(String(describing: expected))", file: file,
                line: line)
        }
    }

    /// Every colour example of the Color module (`color_color-type-*`), as the files have them,
    /// resolved to what coloraide computes.
    func testTheColorModulesExamplesResolveAsAnIndependentComputationSays() throws {
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: Self.conformance.path))?
            .filter { $0.hasPrefix("color_color-type-") }.sorted() ?? []
        guard !files.isEmpty else {
            throw XCTSkip("the DTCG 2025.10 conformance data is not at \(Self.conformance.path)")
        }
        var groups: [String] = []
        for name in files {
            var document = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: Self.conformance.appendingPathComponent(name)))
                    as? [String: Any])
            // The root `$schema` is the reader's part of issue 26; the tokens are as written.
            document["$schema"] = nil
            let text = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
            groups.append("\"\(name.replacingOccurrences(of: ".tokens.json", with: ""))\": \(text)")
        }
        let (table, diagnostics) = try load(json: "{" + groups.joined(separator: ",") + "}")
        let entries = try XCTUnwrap(table, "\(diagnostics.map(\.message))").entries
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        XCTAssertEqual(ColourFigures.examples.count, 18)
        for (key, figure) in ColourFigures.examples {
            let path = key.replacingOccurrences(of: ".tokens.json/", with: ".")
            guard case .color(let color)? = entries[path]?.value else {
                XCTFail("\(path) is no colour: \(String(describing: entries[path]?.value))")
                continue
            }
            check(color, figure, path)
        }
        // Two of the module's examples give hot pink's hex to hsl(330 100% 50%) and
        // hwb(330 0% 0%), which are #FF0080 (#FF007F from floating point): the components win, with a warning at the hex.
        let mismatches = diagnostics.filter { $0.rule == .colorFallbackMismatch }
        XCTAssertEqual(mismatches.count, 2, "\(mismatches.map(\.message))")
        XCTAssertEqual(
            mismatches.map { $0.message.contains("'hsl'") || $0.message.contains("'hwb'") }, [true, true],
            "\(mismatches.map(\.message))")
    }

    /// Our own table: every space, colours inside sRGB, inside P3 only and wider than P3, with
    /// `none` components.
    func testOwnColoursInEverySpaceResolveAsAnIndependentComputationSays() throws {
        let figures = ColourFigures.table
        XCTAssertGreaterThanOrEqual(figures.count, 100)
        XCTAssertEqual(Set(figures.map(\.space)), Set(SpecDecoder.colorSpaces))
        XCTAssertGreaterThan(figures.filter { $0.p3 == nil }.count, 30, "inside sRGB")
        XCTAssertGreaterThan(figures.filter { $0.p3 != nil }.count, 30, "outside sRGB")
        let (table, diagnostics) = try load(
            json: tokenFile(
                figures.enumerated().map { ("c\($0.offset)", $0.element.space, $0.element.components, nil, nil) }))
        let entries = try XCTUnwrap(table, "\(diagnostics.map(\.message))").entries
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        for (index, figure) in figures.enumerated() {
            guard case .color(let color)? = entries["colours.c\(index)"]?.value else {
                XCTFail("c\(index) (\(figure.space) \(figure.components)) is no colour")
                continue
            }
            check(color, figure, "c\(index) \(figure.space) \(figure.components)")
        }
    }

    /// The Color module's ranges: a hue of 360, an sRGB component above 1, a negative chroma and
    /// an OKLab lightness above 1 are located errors naming the range; XYZ above 1 (D65 white's
    /// Z is 1.089) a warning; `none` anywhere is a missing component.
    func testComponentsOutsideTheColorModulesRangesAreLocated() throws {
        let json = tokenFile([
            ("hue", "hsl", [360, 50, 50], nil, nil),
            ("red", "srgb", [1.2, 0, 0], nil, nil),
            ("chroma", "oklch", [0.5, -0.1, 20], nil, nil),
            ("light", "oklab", [1.5, 0, 0], nil, nil),
            ("white", "xyz-d65", [0.9505, 1, 1.089], nil, nil),
            ("missing", "lch", [50, nil, nil], 0.5, nil),
        ])
        let (table, diagnostics) = try load(json: json)
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        func position(of needle: String, onLineWith token: String) -> (Int, Int) {
            let index = lines.firstIndex { $0.contains("\"\(token)\"") }!
            let line = lines[index]
            let column = line.distance(from: line.startIndex, to: line.range(of: needle)!.lowerBound) + 1
            return (index + 1, column)
        }
        let found = diagnostics.map { d in
            "\(d.severity.rawValue) \(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule)"
        }
        let expected = [
            ("error", "360", "hue", "invalid-value"), ("error", "1.2", "red", "invalid-value"),
            ("error", "-0.1", "chroma", "invalid-value"), ("error", "1.5", "light", "invalid-value"),
            ("warning", "1.089", "white", "color-component-range"),
        ].map { e in
            let (line, column) = position(of: e.1, onLineWith: e.2)
            return "\(e.0) \(line):\(column) \(e.3)"
        }
        XCTAssertEqual(found.sorted(), expected.sorted(), "\(diagnostics.map(\.message))")
        XCTAssertTrue(
            diagnostics.contains { $0.message.contains("0 to 360 (not included)") }, "\(diagnostics.map(\.message))")
        _ = table
    }

    /// A `display-p3` colour needs no hex; with a hex that is its colour (clipped or mapped)
    /// there is no warning, and the components win over any hex.
    func testDisplayP3NeedsNoHexAndItsComponentsWin() throws {
        let (table, diagnostics) = try load(
            json: tokenFile([
                ("bare", "display-p3", [0, 0.8, 0.3], nil, nil),
                ("clipped", "display-p3", [1, 0, 0], 0.25, "#FF0000"),
                ("wrong", "display-p3", [1, 0, 0], nil, "#00FF00"),
            ]))
        XCTAssertEqual(diagnostics.map(\.rule), [.colorFallbackMismatch], "\(diagnostics.map(\.message))")
        let entries = try XCTUnwrap(table).entries
        guard case .color(let bare)? = entries["colours.bare"]?.value,
            case .color(let clipped)? = entries["colours.clipped"]?.value,
            case .color(let wrong)? = entries["colours.wrong"]?.value
        else { return XCTFail("not colours") }
        XCTAssertEqual(bare.displayP3, DisplayP3Components(red: 0, green: 0.8, blue: 0.3))
        XCTAssertEqual(clipped.displayP3, DisplayP3Components(red: 1, green: 0, blue: 0))
        XCTAssertEqual(clipped.alpha, 64)
        XCTAssertEqual(wrong.displayP3, clipped.displayP3, "the components win over the hex")
        XCTAssertNotEqual(wrong.green, 255)
    }
}

/// Contrast is measured on the colour as drawn: a Display P3 colour's relative luminance is the
/// Y of its P3 components (P3 → linear → XYZ), not of its sRGB approximation, and a translucent
/// colour over a P3 one is composited in Display P3's encoded components. Figures from coloraide
/// 8.13.1: `Color('display-p3', [1, 0, 0]).luminance()` 0.228975 (its gamut-mapped sRGB #FF0B0C
/// has 0.215375), `Color.layer([Color('display-p3', [0, 1, 0], 0.5), Color('white')],
/// space='display-p3')` is P3 (0.5, 1, 0.5) with luminance 0.757719.
final class WideGamutContrastTests: XCTestCase {
    func testLuminanceAndCompositingUseTheDisplayP3Components() throws {
        let red = try XCTUnwrap(ColorSpaces.color(.displayP3, [1, 0, 0], alpha: 1))
        XCTAssertEqual(WCAGContrast.relativeLuminance(red), 0.228975, accuracy: 1e-6)
        XCTAssertEqual(
            WCAGContrast.relativeLuminance(RGBAColor(red: red.red, green: red.green, blue: red.blue)), 0.215375,
            accuracy: 1e-3, "the sRGB approximation alone is darker")
        let green = try XCTUnwrap(ColorSpaces.color(.displayP3, [0, 1, 0], alpha: 0.5))
        let white = RGBAColor(red: 255, green: 255, blue: 255)
        let seen = WCAGContrast.composite(green, over: white)
        let p3 = try XCTUnwrap(seen.displayP3, "a P3 colour over white is still outside sRGB")
        XCTAssertEqual(p3.red, 0.5, accuracy: 3e-3, "alpha 0.5 is 128/255")
        XCTAssertEqual(p3.green, 1, accuracy: 1e-9)
        XCTAssertEqual(p3.blue, 0.5, accuracy: 3e-3)
        XCTAssertEqual(seen.alpha, 255)
        XCTAssertEqual(WCAGContrast.relativeLuminance(seen), 0.757719, accuracy: 3e-3)
        // sRGB over sRGB is composited as before, to 8 bits.
        XCTAssertEqual(
            WCAGContrast.composite(RGBAColor(red: 0, green: 0, blue: 0, alpha: 128), over: white),
            RGBAColor(red: 127, green: 127, blue: 127))
    }
}

/// A Display P3 colour in `stategen preview` (CSS Color 4's `color(display-p3 r g b / a)`) and
/// in `stategen styles --format dtcg` (a `display-p3` colour object whose `hex` is the sRGB
/// fallback), which reads back as the same colour.
final class WideGamutExportTests: ProjectTestCase {
    static let spec = """
        stategen: 1
        module: Shop
        tokens:
          color:
            $type: color
            wide: { $value: { colorSpace: display-p3, components: [0.1, 0.9, 0.25], alpha: 0.8 } }
            wider: { $value: { colorSpace: rec2020, components: [0, 1, 0] } }
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          backgroundColor: { type: color, role: background }
        attributeSets: { fill: [backgroundColor] }
        controls:
          Button:
            attributeSets: [fill]
            values:
              backgroundColor: { normal: "{color.wide}", highlighted: "{color.wider}" }

        """

    func testPreviewDrawsDisplayP3() throws {
        try write(Self.spec, "shop.yml")
        let result = try stategen(["preview", "shop.yml", "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("background-color: color(display-p3 0.1 0.9 0.25 / 0.8)"),
            String(result.stdout.prefix(3000)))
    }

    /// `stategen styles` (JSON) writes a P3 value in the form the generated `Color` decodes.
    func testStylesJSONWritesDisplayP3AsTheGeneratedColorDecodesIt() throws {
        try write(Self.spec, "shop.yml")
        let run = try stategen(["styles", "shop.yml"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"color(display-p3 0.1 0.9 0.25 / 0.8)\""), String(run.stdout.prefix(4000)))
    }

    func testStylesExportDisplayP3AndReadItBack() throws {
        try write(Self.spec, "shop.yml")
        let export = try stategen(["styles", "shop.yml", "--format", "dtcg", "--output", "shop.tokens.json"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try read("shop.tokens.json").utf8)) as? [String: Any])
        var colours: [String: [String: Any]] = [:]
        func walk(_ node: [String: Any], _ path: [String]) {
            if let value = node["$value"] as? [String: Any], value["colorSpace"] != nil {
                colours[path.joined(separator: ".")] = value
            }
            for (key, child) in node where !key.hasPrefix("$") {
                if let child = child as? [String: Any] { walk(child, path + [key]) }
            }
        }
        walk(document, [])
        let normal = try XCTUnwrap(colours.first { $0.key.hasSuffix("normal.backgroundColor") }?.value, "\(colours)")
        XCTAssertEqual(normal["colorSpace"] as? String, "display-p3")
        XCTAssertEqual(normal["components"] as? [Double], [0.1, 0.9, 0.25])
        XCTAssertEqual(normal["alpha"] as? Double, 0.8)
        let original = try XCTUnwrap(ColorSpaces.color(.displayP3, [0.1, 0.9, 0.25], alpha: 0.8))
        XCTAssertEqual(normal["hex"] as? String, String(original.hex.prefix(7)), "the sRGB fallback")

        let path = try XCTUnwrap(colours.first { $0.key.hasSuffix("normal.backgroundColor") }?.key)
        let probe = Self.spec.replacingOccurrences(
            of: "tokens:\n  color:", with: "tokenFiles: [shop.tokens.json]\nunusedTokens: ignore\ntokens:\n  color:"
        ).replacingOccurrences(of: "{ normal: \"{color.wide}\"", with: "{ normal: \"{\(path)}\"")
        try write(probe, "probe.yml")
        let lint = try stategen(["lint", "probe.yml"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertEqual(lint.stderr, "", "no color-fallback-mismatch: the hex is the colour")
        var result = GeneratorPipeline.Result()
        let loaded = try XCTUnwrap(
            GeneratorPipeline().load(
                specAt: project.appendingPathComponent("probe.yml").path, into: &result,
                diagnostics: DiagnosticCollector()))
        XCTAssertEqual(loaded.tokenTable.entries[path]?.value, .color(original))
        let wider = try XCTUnwrap(colours.first { $0.key.hasSuffix("highlighted.backgroundColor") })
        XCTAssertEqual(wider.value["colorSpace"] as? String, "display-p3", "rec2020 green is mapped into P3")
        XCTAssertEqual(
            loaded.tokenTable.entries[wider.key]?.value,
            .color(try XCTUnwrap(ColorSpaces.color(.rec2020, [0, 1, 0], alpha: 1))))
    }
}

/// A spec's contrast pair with a Display P3 foreground is measured as drawn. Display P3
/// (0.88, 0, 0) on black is 4.43:1 (coloraide 8.13.1: luminance 0.171368), under AA's 4.5:1;
/// its sRGB gamut mapping #F20000 (also its DTCG hex fallback here) would pass with 4.76:1.
final class WideGamutContrastSpecTests: XCTestCase {
    func testAContrastPairIsMeasuredOnTheDisplayP3Colour() throws {
        let spec = """
            stategen: 1
            module: Shop
            tokens:
              color:
                $type: color
                red: { $value: { colorSpace: display-p3, components: [0.88, 0, 0], hex: "#F20000" } }
            states: { normal: {}, highlighted: {} }
            events: { touchDown: {}, touchUp: {} }
            transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
            attributes:
              titleColor: { type: color, role: foreground }
              backgroundColor: { type: color, role: background }
              font: { type: font, role: font }
            attributeSets:
              label:
                attributes: [titleColor, font]
                contrast: [{ foreground: titleColor, background: backgroundColor, font: font }]
              fill: [backgroundColor]
            controls:
              Button:
                attributeSets: [label, fill]
                values:
                  titleColor: { normal: "{color.red}" }
                  font: { normal: body }
                  backgroundColor: { normal: "#000000" }

            """
        let result = try TestSupport.generate(spec, in: self)
        let contrast = result.diagnostics.filter { $0.rule == .contrast }
        XCTAssertEqual(contrast.count, 1, "\(result.diagnostics.map(\.message))")
        XCTAssertTrue(contrast.first?.message.contains("4.42:1") ?? false, "\(contrast.map(\.message))")
        // The note names the colour measured, not only its sRGB approximation.
        XCTAssertTrue(
            contrast.first?.notes.first?.message.hasPrefix(
                "titleColor #F20000 (Display P3 0.88 0 0) is token {color.red}")
                ?? false, "\(contrast.first?.notes.map(\.message) ?? [])")
        XCTAssertEqual(result.diagnostics.filter { $0.rule == .colorFallbackMismatch }.count, 0)
    }
}

/// Components too large to convert (finite, but past what the formulas keep finite) are a
/// located error, never a crash or a NaN colour.
final class HostileColourTests: XCTestCase {
    func testComponentsThatOverflowTheConversionAreLocatedErrors() throws {
        let spec = """
            stategen: 1
            module: Shop
            unusedTokens: ignore
            tokens:
              color:
                $type: color
                a: { $value: { colorSpace: lab, components: [50, 1e300, 0] } }
                b: { $value: { colorSpace: oklch, components: [0.5, 1e200, 10] } }
                c: { $value: { colorSpace: lch, components: [50, 1.7e308, 10] } }
                d: { $value: { colorSpace: oklab, components: [0.5, -1e160, 1e160] } }
                e: { $value: { colorSpace: lab, components: [50, 1e6, -1e6] } }
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes: { tint: { type: color } }
            attributeSets: { look: [tint] }
            controls: { Button: { attributeSets: [look], values: { tint: { normal: "#000000" } } } }

            """
        let result = try TestSupport.generate(spec, in: self)
        let lines = result.diagnostics.map { "\($0.severity.rawValue) \($0.location?.line ?? 0) \($0.rule)" }
        XCTAssertEqual(
            lines,
            ["warning 7 invalid-value", "warning 8 invalid-value", "warning 9 invalid-value", "warning 10 invalid-value"],
            "\(result.diagnostics.map(\.message))")
        // No value uses them, so each is a located warning that says it is left out (an error
        // where a value uses it).
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.message.contains("so it is left out") })
    }
}
