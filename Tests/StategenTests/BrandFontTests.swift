import Foundation
import XCTest

@testable import StategenCore

/// Brand typography (issue 26): a spec `font` names a family or a PostScript face, a size, a
/// weight, a line height and a letter spacing, each part optionally a token; the generated
/// UIKit and SwiftUI fonts draw that typeface, scaled once with the text style, and fall back
/// to the system font when it is not installed.
final class BrandFontTests: XCTestCase {
    /// The DTCG file of the tests: a family list (the first is used), a weight and a size.
    static let typeTokens = """
        {
          "font": {
            "family": { "$type": "fontFamily", "sans": { "$value": ["Inter", "Helvetica Neue", "sans-serif"] } },
            "weight": {
              "$type": "fontWeight",
              "strong": { "$value": 700 },
              "book": { "$value": 450 },
              "named": { "$value": "semi-bold" }
            },
            "size": { "$type": "dimension", "body": { "$value": { "value": 16, "unit": "px" } } },
            "tracking": { "$type": "dimension", "wide": { "$value": { "value": 0.25, "unit": "px" } } },
            "leading": { "$type": "number", "relaxed": { "$value": 1.5 } }
          },
          "color": { "$type": "color", "ink": { "$value": "#111111" } }
        }
        """

    /// A spec with one font attribute (`role: font`) of a `UIButton` kind, its two values given.
    func spec(normal: String, highlighted: String = "body", tokens: Bool = true) -> String {
        """
        stategen: 1
        module: Brand
        \(tokens ? "tokenFiles: [type.tokens.json]\nunusedTokens: ignore" : "")
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          titleFont: { type: font, role: font }
        attributeSets: { look: [titleFont] }
        controls:
          Button:
            uikit: UIButton
            attributeSets: [look]
            values:
              titleFont:
                normal: \(normal)
                highlighted: \(highlighted)

        """
    }

    func generate(_ spec: String, options: GeneratorPipeline.Options = .init()) throws -> GeneratorPipeline.Result {
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(Self.typeTokens.utf8).write(to: directory.appendingPathComponent("type.tokens.json"))
        try Data(spec.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        return GeneratorPipeline(options: options).generate(specAt: directory.appendingPathComponent("spec.yml").path)
    }

    func summary(_ result: GeneratorPipeline.Result) -> [String] {
        result.diagnostics.map {
            "\($0.severity.rawValue) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule)"
        }
    }

    /// The generated default values, as the Swift literal of each font.
    func fontLiterals(_ result: GeneratorPipeline.Result) -> String {
        let text = result.files.first?.contents ?? ""
        return text.split(separator: "\n").first(where: { $0.contains("titleFont: .init(table:") }).map(String.init)
            ?? ""
    }

    func testFamilyFaceAndPartsAreRead() throws {
        let result = try generate(
            spec(
                normal: "{ family: Inter, style: body, weight: bold, lineHeight: 1.25, letterSpacing: -0.5 }",
                highlighted: "{ face: Inter-SemiBold, size: 15, style: subheadline, weight: 600 }"))
        XCTAssertEqual(summary(result), [])
        let literals = fontLiterals(result)
        XCTAssertTrue(
            literals.contains(
                "Brand.Font(.body, weight: .bold, family: \"Inter\", lineHeight: 1.25, letterSpacing: -0.5)"), literals)
        XCTAssertTrue(
            literals.contains("Brand.Font(.subheadline, weight: .semibold, size: 15.0, face: \"Inter-SemiBold\")"),
            literals)
    }

    /// Each part may be a token: `fontFamily` (its first name), `fontWeight` (the nearest
    /// weight: 450 is medium, "semi-bold" 600), `dimension` and `number`.
    func testPartsTakeTokens() throws {
        let result = try generate(
            spec(
                normal:
                    "{ family: \"{font.family.sans}\", style: body, weight: \"{font.weight.strong}\", size: \"{font.size.body}\", lineHeight: \"{font.leading.relaxed}\", letterSpacing: \"{font.tracking.wide}\" }",
                highlighted: "{ family: \"{font.family.sans}\", style: callout, weight: \"{font.weight.book}\" }"))
        XCTAssertEqual(summary(result), [])
        let literals = fontLiterals(result)
        XCTAssertTrue(
            literals.contains(
                "Brand.Font(.body, weight: .bold, size: 16.0, family: \"Inter\", lineHeight: 1.5, letterSpacing: 0.25)"),
            literals)
        XCTAssertTrue(literals.contains("Brand.Font(.callout, weight: .medium, family: \"Inter\")"), literals)
        let named = try generate(spec(normal: "{ family: Inter, style: body, weight: \"{font.weight.named}\" }"))
        XCTAssertTrue(fontLiterals(named).contains("weight: .semibold, family: \"Inter\""), fontLiterals(named))
    }

    /// A part's token is checked like a whole value's: undefined (with did-you-mean) and of the
    /// wrong type, each located at the part.
    func testBadPartTokensAreLocatedErrors() throws {
        let result = try generate(
            spec(
                normal: "{ family: \"{font.family.snas}\", style: body, weight: \"{font.size.body}\" }",
                highlighted: "{ family: \"{color.ink}\", style: body }"))
        XCTAssertEqual(
            summary(result),
            ["error 17:27 undefined-token", "error 17:70 token-type-mismatch", "error 18:32 token-type-mismatch"])
        XCTAssertTrue(
            result.diagnostics[0].message.contains("did you mean 'font.family.sans'"), result.diagnostics[0].message)
        XCTAssertTrue(result.diagnostics[1].message.contains("fontWeight or number"), result.diagnostics[1].message)
        XCTAssertTrue(result.files.isEmpty)
    }

    /// `design` is the system font's: beside `family` or `face` it is an error; unknown keys
    /// stay `unknown-key`; bad parts are `invalid-value` at the part.
    func testBadPartsAreLocatedErrors() throws {
        let result = try generate(
            spec(
                normal: "{ family: Inter, style: body, design: rounded, lineHeigth: 1.5 }",
                highlighted: "{ face: \"\", style: body, size: 0, lineHeight: -1, weight: 1200, letterSpacing: wide }"),
            options: .init())
        // Line 17 column 55 is `rounded`, 64 `lineHeigth`; line 18: the face, size, line
        // height, weight and letter spacing values.
        XCTAssertEqual(
            summary(result),
            [
                "error 17:55 invalid-value", "error 17:64 unknown-key", "error 18:30 invalid-value",
                "error 18:53 invalid-value", "error 18:68 invalid-value", "error 18:80 invalid-value",
                "error 18:101 invalid-value",
            ])
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("remove 'design'") })
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("did you mean 'lineHeight'") })
    }

    /// The generated code, built with the stub UIKit and SwiftUI and run: a family font is the
    /// family with the weight trait, a face `UIFont(name:size:)`, each scaled exactly once by
    /// `UIFontMetrics` of the text style (the stub traps on a second scaling, as UIKit raises);
    /// a typeface not installed falls back to the system font of that size and weight; SwiftUI
    /// draws `Font.custom(_:size:relativeTo:)`; the attributes carry kern and line height.
    func testGeneratedFontsDrawTheTypefaceScaledOnce() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let result = try generate(
            spec(
                normal:
                    "{ family: \"{font.family.sans}\", style: body, weight: \"{font.weight.strong}\", size: \"{font.size.body}\", lineHeight: 1.5, letterSpacing: 0.25 }",
                highlighted: "{ face: Inter-SemiBold, size: 15, style: subheadline }"
            ).replacingOccurrences(of: "module: Brand", with: "module: Brand\nswift: { codable: true }"),
            options: .init(access: .package))
        XCTAssertEqual(summary(result), [])
        let file = try XCTUnwrap(result.files.first)
        let generated = directory.appendingPathComponent("Brand.swift")
        try Data(file.contents.utf8).write(to: generated)
        let client = directory.appendingPathComponent("main.swift")
        try Data(
            """
            import Generated
            import SwiftUI
            import UIKit

            nonisolated(unsafe) var failures = 0
            func check(_ condition: Bool, _ what: String) {
                print(condition ? "ok \\(what)" : "FAILED \\(what)")
                if !condition { failures += 1 }
            }

            @MainActor func run() {
                let normal = Brand.Button.Style.spec.resolved(for: .normal)
                let pressed = Brand.Button.Style.spec.resolved(for: .highlighted)
                let body = normal.look.titleFont
                check(body.family == "Inter" && body.size == 16 && body.weight == .bold, "resolved \\(body)")
                check(body.lineHeight == 1.5 && body.letterSpacing == 0.25, "line height and letter spacing")
                check(body.lineSpacing == 8, "lineSpacing is (1.5 - 1) x 16: \\(body.lineSpacing)")
                let json = String(decoding: try! JSONEncoder().encode(body), as: UTF8.self)
                check(json.contains("\\"family\\":\\"Inter\\"") && json.contains("\\"letterSpacing\\":0.25"), "encoded \\(json)")
                check(try! JSONDecoder().decode(Brand.Font.self, from: Data(json.utf8)) == body, "decoded \\(json)")

                UIFont.stubInstalled = ["Inter": ["Inter-Regular", "Inter-Bold", "Inter-SemiBold"]]
                let button = UIButton()
                normal.apply(to: button)
                var font = button.titleLabel!.font!
                check(font.fontDescriptor.stubFamily == "Inter" && font.stubName == nil && !font.stubSystem, "family descriptor")
                check(font.fontDescriptor.stubWeight == UIFont.Weight.bold.rawValue, "weight trait")
                check(font.pointSize == 16 && font.stubScaled, "size, scaled")
                check(font.stubTextStyle == UIFont.TextStyle.body.rawValue, "scaled with body")
                pressed.apply(to: button)
                font = button.titleLabel!.font!
                check(font.stubName == "Inter-SemiBold" && font.pointSize == 15, "face by name")
                check(font.stubScaled && font.stubTextStyle == UIFont.TextStyle.subheadline.rawValue, "face scaled with subheadline")

                UIFont.stubInstalled = [:]
                normal.apply(to: button)
                font = button.titleLabel!.font!
                check(font.stubSystem && font.pointSize == 16 && font.fontDescriptor.stubWeight == UIFont.Weight.bold.rawValue, "missing family: system font")
                check(font.stubScaled && font.stubTextStyle == UIFont.TextStyle.body.rawValue, "fallback scaled once")
                pressed.apply(to: button)
                font = button.titleLabel!.font!
                check(font.stubSystem && font.pointSize == 15 && font.fontDescriptor.stubWeight == UIFont.Weight.regular.rawValue, "missing face: system font")

                check(body.swiftUIFont.stubDescription == "custom(Inter, size: 16.0, relativeTo: body).weight(0.4)", body.swiftUIFont.stubDescription)
                let face = pressed.look.titleFont.swiftUIFont.stubDescription
                check(face == "custom(Inter-SemiBold, size: 15.0, relativeTo: subheadline)", face)

                let attributes = body.uiTextAttributes
                check((attributes[.kern] as? CGFloat) == 0.25, "kern")
                let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle
                check(paragraph?.minimumLineHeight == 24 && paragraph?.maximumLineHeight == 24, "line height 1.5 x 16")
                check((attributes[.font] as? UIFont)?.fontDescriptor.stubWeight != nil, "font attribute")
                check(pressed.look.titleFont.uiTextAttributes.count == 1, "no kern or paragraph style without them")

                // The helpers: a label's text carries the spacing, SwiftUI's kerning and line spacing.
                UIFont.stubInstalled = ["Inter": ["Inter-Regular", "Inter-Bold"]]
                let label = UILabel()
                label.text = "Hi"
                normal.look.apply(to: label)
                check(label.font.fontDescriptor.stubFamily == "Inter", "label font")
                check(label.attributedText?.string == "Hi", "label text kept")
                let labelAttributes = label.attributedText?.attributes(at: 0, effectiveRange: nil) ?? [:]
                check((labelAttributes[.kern] as? CGFloat) == 0.25, "label kern")
                check((labelAttributes[.paragraphStyle] as? NSParagraphStyle)?.minimumLineHeight == 24, "label line height")
                let drawn = SwiftUI.stubRender(SwiftUI.ButtonStyleConfiguration(isPressed: false).label.style(normal))
                check(drawn.font == body.swiftUIFont && drawn.kerning == 0.25 && drawn.lineSpacing == 8, "SwiftUI style: \\(drawn.modifiers)")
                let plain = SwiftUI.stubRender(SwiftUI.ButtonStyleConfiguration(isPressed: false).label.style(pressed))
                check(plain.kerning == 0 && plain.lineSpacing == 0, "SwiftUI style without spacing")
            }

            MainActor.assumeIsolated { run() }
            print("\\(failures) failed")
            exit(failures == 0 ? 0 : 1)

            """.utf8
        ).write(to: client)
        guard let binary = try TestSupport.buildClient(of: generated, client: client, in: directory) else { return }
        let run = try TestSupport.run(binary, [])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("0 failed"), run.stdout)

        // The stub traps as UIKit raises: `uiFont` is scaled already, so scaling it again stops
        // the program (what the checks above rely on to show it was scaled only once).
        let twice = directory.appendingPathComponent("twice")
        try FileManager.default.createDirectory(at: twice, withIntermediateDirectories: true)
        let again = twice.appendingPathComponent("main.swift")
        try Data(
            """
            import Generated
            import UIKit

            let font = Brand.Button.Style.spec.resolved(for: .normal).look.titleFont.uiFont
            FileHandle.standardError.write(Data("scaled once\\n".utf8))
            _ = UIFontMetrics(forTextStyle: .body).scaledFont(for: font)
            FileHandle.standardError.write(Data("scaled twice\\n".utf8))

            """.utf8
        ).write(to: again)
        guard let trapping = try TestSupport.buildClient(of: generated, client: again, in: twice) else { return }
        let trapped = try TestSupport.run(trapping, [])
        XCTAssertNotEqual(trapped.status, 0, trapped.stdout)
        XCTAssertTrue(
            trapped.stderr.contains("scaled once") && !trapped.stderr.contains("scaled twice"), trapped.stderr)
        XCTAssertTrue(trapped.stderr.contains("already scaled font"), trapped.stderr)
    }

    /// WCAG 2.2's large text (18 pt, or 14 pt bold) is judged on a brand font's own size and
    /// weight, its weight token included: #767676 on white is 4.54:1 and #949494 about 3.03:1,
    /// so the lighter grey passes only as large text.
    func testLargeTextUsesTheBrandFontsSizeAndWeight() throws {
        func warnings(_ face: String) throws -> [Diagnostic] {
            let spec = """
                stategen: 1
                module: Large
                tokenFiles: [type.tokens.json]
                unusedTokens: ignore
                states: { normal: {} }
                events: { tap: {} }
                transitions: { normal: { tap: normal } }
                attributes: { ink: { type: color }, face: { type: font } }
                attributeSets: { text: { attributes: [ink, face], contrast: [{ foreground: ink, font: face }] } }
                controls:
                  Label:
                    attributeSets: [text]
                    values: { ink: { normal: "#949494" }, face: { normal: \(face) } }
                """
            return try generate(spec).diagnostics.filter { $0.rule == .contrast }
        }
        XCTAssertEqual(try warnings("{ family: Inter, style: body, size: 18 }").count, 0)
        XCTAssertEqual(
            try warnings("{ family: Inter, style: footnote, size: 14, weight: \"{font.weight.strong}\" }").count, 0)
        let regular = try warnings("{ family: Inter, style: footnote, size: 14, weight: semibold }")
        XCTAssertEqual(regular.count, 1)
        XCTAssertTrue(
            regular.first?.message.contains("normal text (Inter, footnote, 14 pt semibold)") == true,
            regular.first?.message ?? "")
        // A size token: 16 px is 16 pt, below 18.
        XCTAssertEqual(
            try warnings("{ family: \"{font.family.sans}\", style: title1, size: \"{font.size.body}\" }").count, 1)
    }

    /// A spec whose two fonts are brand fonts, for the export tests.
    var exportSpec: String {
        spec(
            normal:
                "{ family: \"{font.family.sans}\", style: body, weight: \"{font.weight.strong}\", size: \"{font.size.body}\", lineHeight: 1.5, letterSpacing: 0.25 }",
            highlighted: "{ family: Inter, face: Inter-SemiBold, size: 15, style: subheadline, weight: semibold }")
    }

    /// Writes the export spec and its tokens into a new folder; returns the folder.
    func writeExportSpec() throws -> URL {
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(Self.typeTokens.utf8).write(to: directory.appendingPathComponent("type.tokens.json"))
        try Data(exportSpec.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        return directory
    }

    /// `stategen styles --format dtcg`: a brand font is a `typography` token with its family, size,
    /// weight, line height and letter spacing, and the document passes the official DTCG 2025.10
    /// JSON Schema (read from ../shared/conformance, skipped when absent).
    func testBrandFontsExportAsTypographyTokensThatPassTheSchema() throws {
        let directory = try writeExportSpec()
        let run = try TestSupport.run(
            TestSupport.stategenBinary, ["styles", "spec.yml", "--format", "dtcg", "--output", "brand.tokens.json"],
            in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("brand.tokens.json")))
                as? [String: Any])
        func typography(_ state: String) throws -> [String: Any] {
            let kind = try XCTUnwrap((document["Brand"] as? [String: Any])?["Button"] as? [String: Any])
            let token = try XCTUnwrap((kind[state] as? [String: Any])?["titleFont"] as? [String: Any])
            XCTAssertEqual(token["$type"] as? String, "typography")
            return try XCTUnwrap(token["$value"] as? [String: Any])
        }
        let normal = try typography("normal")
        XCTAssertEqual(normal["fontFamily"] as? [String], ["Inter", "system-ui"])
        XCTAssertEqual((normal["fontSize"] as? [String: Any])?["value"] as? Double, 16)
        XCTAssertEqual(normal["fontWeight"] as? Int, 700)
        XCTAssertEqual(normal["lineHeight"] as? Double, 1.5)
        XCTAssertEqual((normal["letterSpacing"] as? [String: Any])?["value"] as? Double, 0.25)
        let pressed = try typography("highlighted")
        XCTAssertEqual(pressed["fontFamily"] as? [String], ["Inter", "system-ui"])
        XCTAssertEqual(pressed["fontWeight"] as? Int, 600)
        XCTAssertEqual((pressed["letterSpacing"] as? [String: Any])?["value"] as? Double, 0)

        // The JSON format writes the font as the spec does, its new parts included.
        let json = try TestSupport.run(
            TestSupport.stategenBinary, ["styles", "spec.yml", "--format", "json"], in: directory)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains("\"face\" : \"Inter-SemiBold\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"letterSpacing\" : 0.25"), json.stdout)

        try checkOfficialSchema(directory.appendingPathComponent("brand.tokens.json"))
    }

    /// The exported typography tokens, listed in `tokenFiles:` and used as whole font values,
    /// read back as the same fonts, the PostScript face included.
    func testExportedBrandFontsReadBackAsTheSameFonts() throws {
        let directory = try writeExportSpec()
        let run = try TestSupport.run(
            TestSupport.stategenBinary, ["styles", "spec.yml", "--format", "dtcg", "--output", "brand.tokens.json"],
            in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        let probe = spec(
            normal: "\"{Brand.Button.normal.titleFont}\"", highlighted: "\"{Brand.Button.highlighted.titleFont}\"",
            tokens: false
        ).replacingOccurrences(of: "module: Brand", with: "module: Probe\ntokenFiles: [brand.tokens.json]")
        try Data(probe.utf8).write(to: directory.appendingPathComponent("probe.yml"))
        let (original, _) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent("spec.yml").path)
        let (read, result) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent("probe.yml").path)
        let readSpec = try XCTUnwrap(read, "\(result.diagnostics.map(\.message))")
        func fonts(_ spec: CheckedSpec) -> [FontSpec] {
            spec.controls[0].attributeSets[0].attributes[0].values.compactMap {
                if case .font(let font) = $0.value { font } else { nil }
            }
        }
        // The family, its PostScript face, size, weight, line height and letter spacing, and
        // the parts left to the text style, all as the original.
        XCTAssertEqual(fonts(readSpec).count, 2)
        XCTAssertEqual(fonts(readSpec), fonts(try XCTUnwrap(original)))
    }

    /// Fonts of every kind a spec writes, exported with `stategen styles --format dtcg` and
    /// taken back by another spec as `"{Fonts.Label.<state>.<attribute>}"`, are the same
    /// `FontSpec`s, every field: the text style, a weight, size, line height or letter spacing
    /// given or left to the style, the design, a family or a PostScript face (issue 26). The
    /// export still passes the official DTCG 2025.10 schema.
    func testEveryFontReadsBackIdenticalFromTheExport() throws {
        let fonts = [
            "body",
            "{ style: largeTitle, weight: heavy }",
            "{ style: caption2, size: 11.5, design: rounded }",
            "{ style: headline, design: monospaced, weight: light, size: 20 }",
            "{ style: title3, design: serif }",
            "{ style: body, family: Inter, weight: bold }",
            "{ style: subheadline, face: Inter-SemiBold, size: 14 }",
            "{ style: callout, family: Inter, face: Inter-Medium, weight: medium }",
            "{ style: footnote, family: Inter, size: 13, lineHeight: 1.4, letterSpacing: -0.2 }",
            "{ style: title1, face: Inter-Bold, lineHeight: 1.25, letterSpacing: 0 }",
        ]
        func spec(module: String, values: [String], tokenFiles: String = "") -> String {
            """
            stategen: 1
            module: \(module)
            \(tokenFiles)
            states: { normal: {}, highlighted: {} }
            events: { touchDown: {}, touchUp: {} }
            transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
            attributes:
            \((0..<5).map { "  f\($0): { type: font }" }.joined(separator: "\n"))
            attributeSets: { look: [f0, f1, f2, f3, f4] }
            controls:
              Label:
                attributeSets: [look]
                values:
            \((0..<5).map { "      f\($0): { normal: \(values[2 * $0]), highlighted: \(values[2 * $0 + 1]) }" }.joined(separator: "\n"))

            """
        }
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(spec(module: "Fonts", values: fonts).utf8).write(to: directory.appendingPathComponent("fonts.yml"))
        let run = try TestSupport.run(
            TestSupport.stategenBinary, ["styles", "fonts.yml", "--format", "dtcg", "--output", "fonts.tokens.json"],
            in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        let references = (0..<10).map { "\"{Fonts.Label.\($0 % 2 == 0 ? "normal" : "highlighted").f\($0 / 2)}\"" }
        try Data(
            spec(module: "Probe", values: references, tokenFiles: "tokenFiles: [fonts.tokens.json]").utf8
        ).write(to: directory.appendingPathComponent("probe.yml"))
        func read(_ name: String) throws -> [FontSpec] {
            let (spec, result) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent(name).path)
            let checked = try XCTUnwrap(spec, "\(result.diagnostics.map(\.message))")
            XCTAssertEqual(result.diagnostics.map(\.message), [], name)
            return checked.controls[0].attributeSets[0].attributes.flatMap { attribute in
                attribute.values.compactMap { if case .font(let font) = $0.value { font } else { nil } }
            }
        }
        let original = try read("fonts.yml")
        XCTAssertEqual(original.count, 10)
        XCTAssertEqual(try read("probe.yml"), original)
        let lint = try TestSupport.run(TestSupport.stategenBinary, ["lint", "probe.yml"], in: directory)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        try checkOfficialSchema(directory.appendingPathComponent("fonts.tokens.json"))
    }

    /// Validates `file` against the official DTCG 2025.10 `format.json` (Python's jsonschema,
    /// draft 2020-12, every schema of ../shared/conformance registered); skipped when absent.
    func checkOfficialSchema(_ file: URL, line: UInt = #line) throws {
        let schemas = TestSupport.packageRoot.appendingPathComponent(
            "../shared/conformance/dtcg-2025.10/schemas/2025.10")
        guard FileManager.default.fileExists(atPath: schemas.appendingPathComponent("format.json").path) else {
            print("skipped the DTCG schema check: \(schemas.path) is absent")
            return
        }
        let check = try TestSupport.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                """
                import glob, json, os, sys
                from jsonschema import Draft202012Validator
                from referencing import Registry, Resource
                root = sys.argv[1]
                registry = Registry()
                for path in glob.glob(os.path.join(root, "**", "*.json"), recursive=True):
                    schema = json.load(open(path))
                    registry = registry.with_resource(schema["$id"], Resource.from_contents(schema))
                format = json.load(open(os.path.join(root, "format.json")))
                errors = list(Draft202012Validator(format, registry=registry).iter_errors(json.load(open(sys.argv[2]))))
                print("\\n".join(e.message for e in errors[:5]))
                sys.exit(1 if errors else 0)
                """, schemas.path, file.path,
            ])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr, line: line)
    }

    /// `stategen preview`: the title is drawn in the brand family (quoted, with the system font
    /// stack as its fallback), its size, weight, line height and letter spacing.
    func testPreviewDrawsTheBrandFamily() throws {
        let directory = try writeExportSpec()
        let tricky = exportSpec.replacingOccurrences(
            of: "{ family: Inter, face:", with: "{ family: \"Tom's \\\"Sans\\\" <b>\", face:")
        try Data(tricky.utf8).write(to: directory.appendingPathComponent("tricky.yml"))
        let run = try TestSupport.run(
            TestSupport.stategenBinary, ["preview", "spec.yml", "--diagram", "table"], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "font-family: 'Inter', -apple-system, system-ui, sans-serif; font-size: 16px; font-weight: 700; line-height: 1.5; letter-spacing: 0.25px"
            ), run.stdout)
        XCTAssertTrue(run.stdout.contains("font-size: 15px; font-weight: 600\""), run.stdout)
        // A family name with quotes and markup is a CSS string of escapes: the attribute holds.
        let escaped = try TestSupport.run(
            TestSupport.stategenBinary, ["preview", "tricky.yml", "--diagram", "table"], in: directory)
        XCTAssertEqual(escaped.status, 0, escaped.stderr)
        XCTAssertTrue(
            escaped.stdout.contains("font-family: 'Tom\\27 s \\22 Sans\\22  \\3c b\\3e ', -apple-system"),
            escaped.stdout)
        XCTAssertFalse(escaped.stdout.contains("<b>"), "markup in a family name reaches the page")
    }

    /// A part's token is taken in each appearance: a dark token file that overrides the family
    /// and the size gives the dark font those, the light one keeps its own.
    func testPartTokensAreResolvedPerAppearance() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(Self.typeTokens.utf8).write(to: directory.appendingPathComponent("type.tokens.json"))
        let dark = """
            { "font": { "family": { "$type": "fontFamily", "sans": { "$value": "Inter Display" } },
                        "size": { "$type": "dimension", "body": { "$value": { "value": 18, "unit": "px" } } } } }
            """
        try Data(dark.utf8).write(to: directory.appendingPathComponent("type.dark.tokens.json"))
        let text = spec(
            normal: "{ family: \"{font.family.sans}\", style: body, size: \"{font.size.body}\" }", tokens: false
        ).replacingOccurrences(
            of: "module: Brand",
            with:
                "module: Brand\nappearances: [light, dark]\nunusedTokens: ignore\ntokenFiles: [type.tokens.json, { path: type.dark.tokens.json, appearance: dark }]"
        )
        try Data(text.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        let (checked, result) = GeneratorPipeline().validate(specAt: directory.appendingPathComponent("spec.yml").path)
        let spec = try XCTUnwrap(checked, "\(result.diagnostics.map(\.message))")
        let attribute = spec.controls[0].attributeSets[0].attributes[0]
        XCTAssertEqual(
            attribute.values.first?.value, .font(FontSpec(textStyle: .body, size: 16, family: "Inter")))
        XCTAssertEqual(
            attribute.appearanceValues[.dark]?.first?.value,
            .font(FontSpec(textStyle: .body, size: 18, family: "Inter Display")))
    }

    /// A token used only by a font's part counts as used: no `unused-token` warning for it,
    /// one for the token nothing uses.
    func testPartTokensCountAsUsed() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let tokens = """
            { "font": { "family": { "$type": "fontFamily", "sans": { "$value": "Inter" } },
                        "weight": { "$type": "fontWeight", "bold": { "$value": "bold" }, "thin": { "$value": 100 } } } }
            """
        try Data(tokens.utf8).write(to: directory.appendingPathComponent("type.tokens.json"))
        let text = spec(
            normal: "{ family: \"{font.family.sans}\", style: body, weight: \"{font.weight.bold}\" }", tokens: false
        )
        .replacingOccurrences(of: "module: Brand", with: "module: Brand\ntokenFiles: [type.tokens.json]")
        try Data(text.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        let result = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertEqual(result.diagnostics.map(\.rule), [.unusedToken])
        XCTAssertTrue(result.diagnostics.first?.message.contains("'font.weight.thin'") == true)
    }

    /// `stategen schema` describes brand fonts, also as a value by appearance: a spec with them
    /// is valid, one with a misspelt font key is not (Python's jsonschema, draft 2020-12); the
    /// pipeline reads the same spec.
    func testSchemaDescribesBrandFonts() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        try Data(Self.typeTokens.utf8).write(to: directory.appendingPathComponent("type.tokens.json"))
        let good = spec(
            normal:
                "{ light: { family: Inter, style: body, weight: 600, letterSpacing: -0.25 }, dark: { family: \"{font.family.sans}\", style: body, weight: bold } }",
            highlighted: "{ face: Inter-SemiBold, style: subheadline, size: \"{font.size.body}\", lineHeight: 1.4 }"
        ).replacingOccurrences(of: "module: Brand", with: "module: Brand\nappearances: [light, dark]")
        let bad = good.replacingOccurrences(of: "lineHeight: 1.4", with: "lineheight: 1.4")
        try Data(good.utf8).write(to: directory.appendingPathComponent("good.yml"))
        try Data(bad.utf8).write(to: directory.appendingPathComponent("bad.yml"))
        let read = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("good.yml").path)
        XCTAssertEqual(summary(read), [])
        for (name, valid) in [("good", true), ("bad", false)] {
            let schema = try TestSupport.run(TestSupport.stategenBinary, ["schema"], in: directory)
            try Data(schema.stdout.utf8).write(to: directory.appendingPathComponent("schema.json"))
            let json = try TestSupport.run(
                TestSupport.stategenBinary, ["debug", "yaml-json", "\(name).yml"], in: directory)
            XCTAssertEqual(json.status, 0, json.stderr)
            try Data(json.stdout.utf8).write(to: directory.appendingPathComponent("\(name).json"))
            let check = try TestSupport.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    """
                    import json, sys
                    from jsonschema import Draft202012Validator
                    schema = json.load(open(sys.argv[1]))
                    spec = json.loads(open(sys.argv[2]).read().split("\\n")[0])
                    errors = list(Draft202012Validator(schema).iter_errors(spec))
                    print("\\n".join(e.message for e in errors[:3]))
                    sys.exit(1 if errors else 0)
                    """, "schema.json", "\(name).json",
                ], in: directory)
            XCTAssertEqual(check.status == 0, valid, "\(name): \(check.stdout) \(check.stderr)")
        }
    }
}
