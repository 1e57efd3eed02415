import Foundation
import XCTest

@testable import StategenCore

/// Issue 26: DTCG 2025.10's composite types (shadow, border, strokeStyle, transition,
/// cubicBezier, gradient, typography) read and checked member by member, typography tokens as
/// fonts, and token files that load whole: a bad token no value uses is a warning, not an error
/// that blocks the set, and a token rejected once is not reported again as "no token".
final class CompositeTokenTests: XCTestCase {
    /// A spec with a colour, a font and a double attribute, whose `normal` values are `tint`,
    /// `font` and `radius`, reading `files` (the token files listed in `tokenFiles:`).
    func spec(
        files: String = "[t.tokens.json]", tint: String = "\"#000000\"", font: String = "body", radius: String = "4",
        extra: String = "unusedTokens: ignore"
    ) -> String {
        """
        stategen: 1
        module: Demo
        tokenFiles: \(files)
        \(extra)
        appearances: [light, dark]
        states: { normal: {}, highlighted: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          tint: { type: color }
          font: { type: font }
          radius: { type: double }
        attributeSets: { look: [tint, font, radius] }
        controls:
          Button:
            attributeSets: [look]
            values:
              tint: { normal: \(tint) }
              font: { normal: \(font) }
              radius: { normal: \(radius) }

        """
    }

    /// Writes `files` (name → text) into one folder and runs the pipeline on `spec.yml` there.
    func run(_ files: [String: String], warningsAsErrors: Bool = false) throws -> GeneratorPipeline.Result {
        let directory = try TestSupport.writeFiles(files, in: self)
        return GeneratorPipeline(options: .init(warningsAsErrors: warningsAsErrors)).generate(
            specAt: directory.appendingPathComponent("spec.yml").path)
    }

    /// The token table the pipeline builds for `files` (and the diagnostics of loading them).
    func table(_ files: [String: String]) throws -> (TokenTable, [Diagnostic]) {
        let directory = try TestSupport.writeFiles(files, in: self)
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let spec = try XCTUnwrap(
            GeneratorPipeline().load(
                specAt: directory.appendingPathComponent("spec.yml").path, into: &result, diagnostics: diagnostics),
            "\(diagnostics.sorted)")
        return (spec.tokenTable, diagnostics.diagnostics)
    }

    /// `severity file:line:column rule` of each diagnostic.
    func summary(_ result: GeneratorPipeline.Result) -> [String] {
        result.diagnostics.map { d in
            "\(d.severity.rawValue) \(PathNames.lastComponent(d.location?.path ?? "-")):\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule)"
        }
    }

    /// `line:column` of the `occurrence`th (from 1) `needle` in `text`, 1-based, as diagnostics
    /// locate it (columns count characters).
    func place(of needle: String, in text: String, occurrence: Int = 1) -> String {
        var rest = text[...]
        var offset = text.startIndex
        for _ in 0..<occurrence {
            guard let range = rest.range(of: needle) else { return "not found: \(needle)" }
            offset = range.lowerBound
            rest = text[range.upperBound...]
        }
        let before = text[..<offset]
        let line = before.filter { $0 == "\n" }.count + 1
        let column =
            before.distance(
                from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex,
                to: before.endIndex) + 1
        return "\(line):\(column)"
    }

    func px(_ value: Double) -> String { #"{ "value": \#(value), "unit": "px" }"# }

    /// Primitive tokens the composites below alias.
    static let primitives = """
          "brand": { "$type": "color", "accent": { "$value": "#FF3B30" }, "ink": { "$value": "#00000040" } },
          "size": {
            "$type": "dimension",
            "one": { "$value": { "value": 1, "unit": "px" } },
            "four": { "$value": { "value": 0.25, "unit": "rem" } },
            "dash": { "$value": { "value": 6, "unit": "px" } }
          },
          "time": { "$type": "duration", "quick": { "$value": { "value": 150, "unit": "ms" } } },
          "ratio": { "$type": "number", "half": { "$value": 0.5 }, "tall": { "$value": 1.25 } },
          "ease": { "$type": "cubicBezier", "out": { "$value": [0, 0, 0.58, 1] } },
          "line": { "$type": "strokeStyle", "dotted": { "$value": "dotted" } },
          "face": {
            "brand": { "$type": "fontFamily", "$value": ["Inter", "Helvetica Neue", "sans-serif"] },
            "strong": { "$type": "fontWeight", "$value": "semi-bold" }
          },
        """

    /// One token of each composite type with literal members, one with every member an alias,
    /// and whole-token aliases.
    static let composites = """
        {
        \(primitives)
          "shadow": {
            "$type": "shadow",
            "base": { "$value": { "color": "#00000080", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 2, "unit": "px" }, "blur": { "value": 4, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } },
            "aliased": { "$value": { "color": "{brand.ink}", "offsetX": "{size.one}", "offsetY": "{size.four}", "blur": "{size.dash}", "spread": "{size.one}", "inset": true } },
            "layered": { "$value": ["{shadow.base}", { "color": "{brand.accent}", "offsetX": "{size.one}", "offsetY": "{size.one}", "blur": "{size.four}", "spread": "{size.one}" }] },
            "same": { "$value": "{shadow.layered}" }
          },
          "stroke": {
            "$type": "strokeStyle",
            "plain": { "$value": "dashed" },
            "custom": { "$value": { "dashArray": ["{size.dash}", { "value": 2, "unit": "px" }], "lineCap": "round" } }
          },
          "border": {
            "$type": "border",
            "plain": { "$value": { "color": "#36363680", "width": { "value": 1, "unit": "px" }, "style": "solid" } },
            "aliased": { "$value": { "color": "{brand.accent}", "width": "{size.four}", "style": "{stroke.custom}" } },
            "keyword": { "$value": { "color": "{brand.ink}", "width": "{size.one}", "style": "{line.dotted}" } }
          },
          "transition": {
            "$type": "transition",
            "plain": { "$value": { "duration": { "value": 200, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" }, "timingFunction": [0.5, 0, 1, 1] } },
            "aliased": { "$value": { "duration": "{time.quick}", "delay": "{time.quick}", "timingFunction": "{ease.out}" } }
          },
          "curve": { "$type": "cubicBezier", "bounce": { "$value": [0.3, -0.5, 0.7, 1.5] } },
          "gradient": {
            "$type": "gradient",
            "start": { "$value": [{ "color": "#FFFFFF", "position": 0 }] },
            "fade": { "$value": ["{gradient.start}", { "color": "{brand.accent}", "position": "{ratio.half}" }, { "color": "#000000", "position": 1.5 }] }
          },
          "type": {
            "$type": "typography",
            "body": { "$value": { "fontFamily": "{face.brand}", "fontSize": { "value": 17, "unit": "px" }, "fontWeight": "{face.strong}", "letterSpacing": { "value": -0.4, "unit": "px" }, "lineHeight": "{ratio.tall}" } },
            "title": {
              "$value": { "fontFamily": "Inter", "fontSize": { "value": 1.75, "unit": "rem" }, "fontWeight": 650, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.2 },
              "$extensions": { "dev.stategen": { "textStyle": "title1" } }
            },
            "alias": { "$value": "{type.title}" }
          }
        }
        """

    func color(_ hex: String) -> RGBAColor { RGBAColor(hex: hex)! }

    /// Every composite type reads with literal members and with aliased ones (array aliasing of
    /// shadow layers and gradient stops included), and a whole-token alias of a composite has
    /// its target's value; the spec generates with them in its token file.
    func testEveryCompositeTypeReadsLiteralAndAliasedMembers() throws {
        let files = ["spec.yml": spec(font: "\"{type.alias}\""), "t.tokens.json": Self.composites]
        let (table, diagnostics) = try table(files)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let base = ShadowLayer(color: color("#00000080"), offsetX: 0, offsetY: 2, blur: 4, spread: 0, inset: false)
        XCTAssertEqual(table.composites["shadow.base"], .shadow([base]))
        XCTAssertEqual(
            table.composites["shadow.aliased"],
            .shadow([ShadowLayer(color: color("#00000040"), offsetX: 1, offsetY: 4, blur: 6, spread: 1, inset: true)]))
        let layered = CompositeValue.shadow([
            base, ShadowLayer(color: color("#FF3B30"), offsetX: 1, offsetY: 1, blur: 4, spread: 1, inset: false),
        ])
        XCTAssertEqual(table.composites["shadow.layered"], layered)
        XCTAssertEqual(table.composites["shadow.same"], layered)
        XCTAssertEqual(table.composites["stroke.plain"], .strokeStyle(.keyword(.dashed)))
        let custom = StrokeStyleValue.dashes([6, 2], lineCap: .round)
        XCTAssertEqual(table.composites["stroke.custom"], .strokeStyle(custom))
        XCTAssertEqual(
            table.composites["border.plain"],
            .border(BorderValue(color: color("#36363680"), width: 1, style: .keyword(.solid))))
        XCTAssertEqual(
            table.composites["border.aliased"], .border(BorderValue(color: color("#FF3B30"), width: 4, style: custom)))
        XCTAssertEqual(
            table.composites["border.keyword"],
            .border(BorderValue(color: color("#00000040"), width: 1, style: .keyword(.dotted))))
        XCTAssertEqual(
            table.composites["transition.plain"],
            .transition(TransitionValue(duration: 0.2, delay: 0, timingFunction: CubicBezier(0.5, 0, 1, 1))))
        XCTAssertEqual(
            table.composites["transition.aliased"],
            .transition(TransitionValue(duration: 0.15, delay: 0.15, timingFunction: CubicBezier(0, 0, 0.58, 1))))
        XCTAssertEqual(table.composites["curve.bounce"], .cubicBezier(CubicBezier(0.3, -0.5, 0.7, 1.5)))
        // DTCG: a position outside [0, 1] is clamped.
        XCTAssertEqual(
            table.composites["gradient.fade"],
            .gradient([
                GradientStop(color: color("#FFFFFF"), position: 0),
                GradientStop(color: color("#FF3B30"), position: 0.5),
                GradientStop(color: color("#000000"), position: 1),
            ]))
        // Typography tokens are fonts: the family list's first name, 650 rounds to bold (700).
        XCTAssertEqual(
            table.entries["type.body"]?.value,
            .font(
                FontSpec(
                    textStyle: .body, weight: .semibold, size: 17, family: "Inter", lineHeight: 1.25,
                    letterSpacing: -0.4)))
        let title = FontSpec(
            textStyle: .title1, weight: .bold, size: 28, family: "Inter", lineHeight: 1.2, letterSpacing: 0)
        XCTAssertEqual(table.entries["type.title"]?.value, .font(title))
        XCTAssertEqual(table.entries["type.alias"]?.value, .font(title))
        XCTAssertEqual(table.entries["type.alias"]?.chain, ["type.alias", "type.title"])

        let result = try run(files)
        XCTAssertEqual(summary(result), [])
        XCTAssertFalse(result.files.isEmpty)
    }

    /// An appearance's file that overrides a primitive changes the composites whose members
    /// alias it in that appearance, and may override a typography token with another font.
    func testCompositesFollowTheirMembersInEachAppearance() throws {
        let dark = """
            { "brand": { "ink": { "$type": "color", "$value": "#FFFFFF66" } },
              "type": { "title": { "$type": "typography", "$value": { "fontFamily": "SF Pro Rounded", "fontSize": { "value": 30, "unit": "px" }, "fontWeight": 100, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1 } } } }
            """
        let files = [
            "spec.yml": spec(
                files: "[t.tokens.json, { path: d.tokens.json, appearance: dark }]", font: "\"{type.alias}\""),
            "t.tokens.json": Self.composites, "d.tokens.json": dark,
        ]
        let (table, diagnostics) = try table(files)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let layer = ShadowLayer(color: color("#00000040"), offsetX: 1, offsetY: 4, blur: 6, spread: 1, inset: true)
        XCTAssertEqual(table.composites["shadow.aliased"], .shadow([layer]))
        var darkLayer = layer
        darkLayer.color = color("#FFFFFF66")
        XCTAssertEqual(table.appearanceComposites[.dark]?["shadow.aliased"], .shadow([darkLayer]))
        XCTAssertEqual(
            table.appearanceComposites[.dark]?["border.keyword"],
            .border(BorderValue(color: color("#FFFFFF66"), width: 1, style: .keyword(.dotted))))
        let rounded = FontSpec(
            textStyle: .body, weight: .ultraLight, design: .rounded, size: 30, lineHeight: 1, letterSpacing: 0)
        XCTAssertEqual(table.entry("type.alias", in: .dark)?.value, .font(rounded))
        let (checked, result) = GeneratorPipeline().validate(specAt: try write(files))
        XCTAssertEqual(summary(result), [])
        let font = try XCTUnwrap(
            checked?.controls.first?.attributeSets.first?.attributes.first { $0.name.value == "font" })
        XCTAssertEqual(font.appearanceValues[.dark]?.first?.value, .font(rounded))
        XCTAssertEqual(font.values.first?.value, table.entries["type.title"]?.value)
    }

    /// Each composite type's broken members: a member alias naming no token, a member alias of
    /// a token of another type, a literal that is no value of the member's type, a missing or
    /// unknown member. Each is located at the member with its rule; unused, each is a warning
    /// naming its token, and an error with `--warnings-as-errors`.
    func testBrokenCompositeMembersAreLocatedAtTheMember() throws {
        let cases: [(token: String, type: String, value: String, needle: String, rule: String)] = [
            (
                "s1", "shadow",
                ##"{ "color": "{brand.nope}", "offsetX": \##(px(0)), "offsetY": \##(px(0)), "blur": \##(px(0)), "spread": \##(px(0)) }"##,
                "\"{brand.nope}\"", "undefined-token"
            ),
            (
                "s2", "shadow",
                ##"{ "color": "{size.one}", "offsetX": \##(px(0)), "offsetY": \##(px(0)), "blur": \##(px(0)), "spread": \##(px(0)) }"##,
                "\"{size.one}\"", "token-type-mismatch"
            ),
            (
                "s3", "shadow",
                ##"{ "color": "#000", "offsetX": 3, "offsetY": \##(px(0)), "blur": \##(px(0)), "spread": \##(px(0)) }"##,
                "3,", "invalid-value"
            ),
            (
                "s4", "shadow",
                ##"{ "color": "#000", "offsetY": \##(px(0)), "blur": \##(px(0)), "spread": \##(px(0)) }"##,
                ##"{ "color": "#000", "offsetY""##, "missing-key"
            ),
            ("s5", "shadow", ##"["{gradient.g}"]"##, "\"{gradient.g}\"", "token-type-mismatch"),
            (
                "b1", "border", ##"{ "color": "#000", "width": "{time.quick}", "style": "solid" }"##,
                "\"{time.quick}\"", "token-type-mismatch"
            ),
            (
                "b2", "border", ##"{ "color": "#000", "width": \##(px(1)), "style": "wavy" }"##, "\"wavy\"",
                "invalid-value"
            ),
            (
                "b3", "border", ##"{ "color": "#000", "width": \##(px(1)), "style": "solid", "radius": 3 }"##,
                "\"radius\"", "unknown-key"
            ),
            (
                "k1", "strokeStyle", ##"{ "dashArray": ["{size.gone}"], "lineCap": "round" }"##, "\"{size.gone}\"",
                "undefined-token"
            ),
            (
                "k2", "strokeStyle", ##"{ "dashArray": [\##(px(2))], "lineCap": "pointy" }"##, "\"pointy\"",
                "invalid-value"
            ),
            (
                "t1", "transition",
                ##"{ "duration": "{size.one}", "delay": "{time.quick}", "timingFunction": [0, 0, 1, 1] }"##,
                "\"{size.one}\"", "token-type-mismatch"
            ),
            (
                "t2", "transition",
                ##"{ "duration": "{time.quick}", "delay": "{time.quick}", "timingFunction": "{ease.none}" }"##,
                "\"{ease.none}\"", "undefined-token"
            ),
            ("c1", "cubicBezier", "[1.5, 0, 0.5, 1]", "1.5", "invalid-value"),
            ("c2", "cubicBezier", "[0, 0, 1]", "[0, 0, 1]", "invalid-value"),
            ("c3", "cubicBezier", ##"[0, 0, "{ratio.tall}", 1]"##, ##""c3""##, "invalid-value"),
            (
                "g1", "gradient", ##"[{ "color": "#000", "position": "{brand.accent}" }]"##, "\"{brand.accent}\"",
                "token-type-mismatch"
            ),
            (
                "g2", "gradient", ##"[{ "color": "{brand.missing}", "position": 0 }]"##, "\"{brand.missing}\"",
                "undefined-token"
            ),
            (
                "y1", "typography",
                ##"{ "fontFamily": "{size.one}", "fontSize": \##(px(12)), "fontWeight": 400, "letterSpacing": \##(px(0)), "lineHeight": 1 }"##,
                "\"{size.one}\"", "token-type-mismatch"
            ),
            (
                "y2", "typography",
                ##"{ "fontFamily": "Inter", "fontSize": \##(px(12)), "fontWeight": "{face.missing}", "letterSpacing": \##(px(0)), "lineHeight": 1 }"##,
                "\"{face.missing}\"", "undefined-token"
            ),
            (
                "y3", "typography",
                ##"{ "fontFamily": "Inter", "fontSize": \##(px(12)), "fontWeight": 400, "letterSpacing": \##(px(0)), "lineHeight": "{size.one}" }"##,
                "\"{size.one}\"", "token-type-mismatch"
            ),
        ]
        var file = "{\n" + Self.primitives + "\n"
        file +=
            ##"  "gradient": { "$type": "gradient", "g": { "$value": [{ "color": "#000", "position": 0 }] } },"## + "\n"
        file += ##"  "bad": {"## + "\n"
        file += cases.map { ##"    "\##($0.token)": { "$type": "\##($0.type)", "$value": \##($0.value) }"## }.joined(
            separator: ",\n")
        file += "\n  }\n}\n"
        let files = ["spec.yml": spec(), "t.tokens.json": file]
        var expected: [String] = []
        for item in cases {
            let line = file.components(separatedBy: "\n").firstIndex { $0.contains(#""\#(item.token)": {"#) }! + 1
            let lineText = file.components(separatedBy: "\n")[line - 1]
            let column =
                lineText.distance(from: lineText.startIndex, to: lineText.range(of: item.needle)!.lowerBound) + 1
            expected.append("warning t.tokens.json:\(line):\(column) \(item.rule)")
        }
        var result = try run(files)
        XCTAssertEqual(
            summary(result).sorted(), expected.sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        for (item, diagnostic) in zip(cases, result.diagnostics.sorted { $0.location! < $1.location! }) {
            XCTAssertTrue(diagnostic.message.contains("'bad.\(item.token)'"), "names its token: \(diagnostic.message)")
        }
        XCTAssertFalse(result.files.isEmpty, "unused bad tokens do not block the set")
        // A value that uses one of them makes its problem an error, with a note at the value.
        let using = spec(font: "\"{bad.y2}\"")
        result = try run(["spec.yml": using, "t.tokens.json": file])
        let errors = result.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.rule), [.undefinedToken], "\(errors)")
        XCTAssertTrue(errors.first?.message.contains("'{face.missing}'") == true, "\(errors)")
        XCTAssertEqual(
            errors.first?.notes.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" },
            [place(of: "\"{bad.y2}\"", in: using)])
        XCTAssertEqual(result.diagnostics.count, cases.count)
        result = try run(files, warningsAsErrors: true)
        XCTAssertEqual(
            summary(result).sorted(), expected.map { $0.replacingOccurrences(of: "warning", with: "error") }.sorted())
        XCTAssertTrue(result.files.isEmpty)
    }

    /// Every member of every composite type, aliased: a member alias of a token of its type
    /// resolves; one naming no token is `undefined-token`, one naming a token of another type
    /// `token-type-mismatch`, each located at that member's value and naming its token.
    func testEveryMemberOfEveryCompositeTypeIsCheckedAsAnAlias() throws {
        let dimension: Any = ["value": 1, "unit": "px"]
        let duration: Any = ["value": 1, "unit": "ms"]
        // (type, a valid value, its members and the type of each, a token of that type)
        let shapes: [(String, [String: Any], [(String, String)])] = [
            (
                "shadow",
                [
                    "color": "#000000", "offsetX": dimension, "offsetY": dimension, "blur": dimension,
                    "spread": dimension, "inset": false,
                ],
                [
                    ("color", "{brand.accent}"), ("offsetX", "{size.one}"), ("offsetY", "{size.one}"),
                    ("blur", "{size.one}"), ("spread", "{size.one}"), ("inset", "{flag.on}"),
                ]
            ),
            (
                "border", ["color": "#000000", "width": dimension, "style": "solid"],
                [("color", "{brand.accent}"), ("width", "{size.one}"), ("style", "{line.dotted}")]
            ),
            (
                "transition", ["duration": duration, "delay": duration, "timingFunction": [0, 0, 1, 1]],
                [("duration", "{time.quick}"), ("delay", "{time.quick}"), ("timingFunction", "{ease.out}")]
            ),
            (
                "typography",
                [
                    "fontFamily": "Inter", "fontSize": dimension, "fontWeight": 400, "letterSpacing": dimension,
                    "lineHeight": 1,
                ],
                [
                    ("fontFamily", "{face.brand}"), ("fontSize", "{size.one}"), ("fontWeight", "{face.strong}"),
                    ("letterSpacing", "{size.one}"), ("lineHeight", "{ratio.half}"),
                ]
            ),
        ]
        var lines: [String] = []
        var broken: [(name: String, needle: String, rule: String)] = []
        var good: [String] = []
        func json(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        for (type, valid, members) in shapes {
            for (member, alias) in members {
                for (suffix, target, rule) in [
                    ("ok", alias, nil), ("none", "{nothing.here}", "undefined-token"),
                    ("wrong", member == "color" ? "{size.one}" : "{brand.accent}", "token-type-mismatch"),
                ] {
                    var value = valid
                    value[member] = target
                    let name = "\(type)-\(member)-\(suffix)"
                    let line = #"    "\#(name)": { "$type": "\#(type)", "$value": \#(try json(value)) }"#
                    lines.append(line)
                    guard let rule else {
                        good.append("x.\(name)")
                        continue
                    }
                    broken.append((name, #""\#(member)":"\#(target)""#, rule))
                }
            }
        }
        let file = """
            {
            \(Self.primitives)
              "flag": { "$type": "boolean", "on": { "$value": true } },
              "x": {
            \(lines.joined(separator: ",\n"))
              }
            }
            """
        let files = ["spec.yml": spec(), "t.tokens.json": file]
        let fileLines = file.components(separatedBy: "\n")
        let expected = broken.map { item in
            let line = fileLines.firstIndex { $0.contains(#""\#(item.name)""#) }!
            let text = fileLines[line]
            // The member's value, right after `"member":` (the JSON is compact).
            let key = text.distance(from: text.startIndex, to: text.range(of: item.needle)!.lowerBound)
            let column =
                key + item.needle.distance(from: item.needle.startIndex, to: item.needle.firstIndex(of: ":")!) + 2
            return "warning t.tokens.json:\(line + 1):\(column) \(item.rule) x.\(item.name)"
        }
        let result = try run(files)
        let shown = result.diagnostics.map { d in
            let token = d.message.split(separator: "'").dropFirst().first.map(String.init) ?? "-"
            return
                "\(d.severity.rawValue) \(PathNames.lastComponent(d.location?.path ?? "-")):\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.rule) \(token)"
        }
        XCTAssertEqual(shown.sorted(), expected.sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        let (table, _) = try table(files)
        for path in good {
            XCTAssertTrue(
                table.entries[path] != nil || table.composites[path] != nil, "\(path) resolves with its member aliased")
        }
        XCTAssertEqual(good.count, 17)
    }

    /// A composite that no attribute type takes, used as a colour, is an error at the value
    /// that says which type the token is; a typography token fits a font attribute only.
    func testACompositeWhereAValueNeedsAColourSaysItsType() throws {
        var result = try run(["spec.yml": spec(tint: "\"{shadow.layered}\""), "t.tokens.json": Self.composites])
        XCTAssertEqual(
            summary(result),
            [
                "error spec.yml:\(place(of: "\"{shadow.layered}\"", in: spec(tint: "\"{shadow.layered}\""))) token-type-mismatch"
            ])
        XCTAssertTrue(result.diagnostics.first?.message.contains("is a shadow") == true, "\(result.diagnostics)")
        result = try run(["spec.yml": spec(tint: "\"{type.body}\""), "t.tokens.json": Self.composites])
        XCTAssertEqual(
            summary(result),
            ["error spec.yml:\(place(of: "\"{type.body}\"", in: spec(tint: "\"{type.body}\""))) token-type-mismatch"])
        XCTAssertTrue(
            result.diagnostics.first?.message.contains("is a typography, but attribute 'tint' is color") == true,
            "\(result.diagnostics)")
    }

    /// Typography tokens reach the checked spec as fonts: Apple's HIG text styles, exported as
    /// typography tokens of SF Pro (the system font: no family) with the text style each
    /// scales with, load and give each style's size, weight, line height and tracking.
    func testHIGTextStylesExportedAsTypographyTokensAreFonts() throws {
        // (style, size, weight, line height in points, tracking in points)
        let styles: [(FontSpec.TextStyle, Double, Int, Double, Double)] = [
            (.largeTitle, 34, 400, 41, 0.4), (.title1, 28, 400, 34, 0.38), (.title2, 22, 400, 28, -0.26),
            (.title3, 20, 400, 25, -0.45), (.headline, 17, 600, 22, -0.43), (.body, 17, 400, 22, -0.43),
            (.callout, 16, 400, 21, -0.31), (.subheadline, 15, 400, 20, -0.23), (.footnote, 13, 400, 18, -0.08),
            (.caption1, 12, 400, 16, 0), (.caption2, 11, 400, 13, 0.06),
        ]
        var file = #"{ "hig": { "$type": "typography", "family": { "$type": "fontFamily", "$value": "SF Pro" },"# + "\n"
        file += styles.map { style, size, weight, line, tracking in
            #"  "\#(style.rawValue)": { "$value": { "fontFamily": "{hig.family}", "fontSize": { "value": \#(size), "unit": "px" }, "fontWeight": \#(weight), "lineHeight": \#(line / size), "letterSpacing": { "value": \#(tracking), "unit": "px" } }, "$extensions": { "dev.stategen": { "textStyle": "\#(style.rawValue)" } } }"#
        }.joined(separator: ",\n")
        file += "\n} }\n"
        let text = spec(font: "\"{hig.headline}\"").replacingOccurrences(
            of: "      font: { normal: \"{hig.headline}\" }",
            with: "      font: { normal: \"{hig.headline}\", highlighted: \"{hig.largeTitle}\" }")
        let files = ["spec.yml": text, "t.tokens.json": file]
        let (table, diagnostics) = try table(files)
        XCTAssertEqual(diagnostics.map(\.message), [])
        for (style, size, weight, line, tracking) in styles {
            guard case .font(let font)? = table.entries["hig.\(style.rawValue)"]?.value else {
                XCTFail("hig.\(style.rawValue) is no font")
                continue
            }
            XCTAssertEqual(font.textStyle, style)
            XCTAssertEqual(font.size, size)
            XCTAssertEqual(font.weight?.weightClass, weight)
            XCTAssertNil(font.family, "SF Pro is the system font")
            XCTAssertEqual(try XCTUnwrap(font.lineHeight) * size, line, accuracy: 1e-9)
            XCTAssertEqual(font.letterSpacing, tracking)
        }
        let (checked, result) = GeneratorPipeline().validate(specAt: try write(files))
        XCTAssertEqual(summary(result), [])
        let fonts = try XCTUnwrap(
            checked?.controls.first?.attributeSets.first?.attributes.first { $0.name.value == "font" })
        XCTAssertEqual(fonts.values.map(\.state), ["normal", "highlighted"])
        XCTAssertEqual(
            fonts.values.map(\.value), [table.entries["hig.headline"]!.value, table.entries["hig.largeTitle"]!.value])
    }

    /// Writes `files` into a new folder; the spec's path.
    func write(_ files: [String: String]) throws -> String {
        let directory = try TestSupport.writeFiles(files, in: self)
        return directory.appendingPathComponent("spec.yml").path
    }

    /// Typography members that are no font: a weight outside 1 to 1000, a text style that is
    /// none, a font size without a unit.
    func testTypographyMembersAreChecked() throws {
        let file = """
            {
              "t": {
                "$type": "typography",
                "w": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 1200, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1 } },
                "s": { "$value": { "fontFamily": "Inter", "fontSize": { "value": 12, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1 }, "$extensions": { "dev.stategen": { "textStyle": "bodyy" } } },
                "z": { "$value": { "fontFamily": [], "fontSize": 12, "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1 } }
              }
            }
            """
        let result = try run(["spec.yml": spec(font: "\"{t.s}\""), "t.tokens.json": file])
        XCTAssertEqual(
            summary(result).sorted(),
            [
                "error t.tokens.json:\(place(of: "\"bodyy\"", in: file)) invalid-value",
                "warning t.tokens.json:\(place(of: "1200", in: file)) invalid-value",
                "warning t.tokens.json:\(place(of: "[]", in: file)) invalid-value",
                "warning t.tokens.json:\(place(of: "12, \"fontWeight\"", in: file)) invalid-value",
            ].sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("did you mean 'body'?") })
    }

    /// The issue's "all or nothing": a bad token that no value uses is a warning naming it,
    /// and the set generates; a bad token a value uses, directly or through aliases (in an
    /// appearance's file too), is one error at the token with a note at each value, and
    /// neither its aliases nor the values are reported as naming "no token".
    func testABadTokenIsAWarningUnlessAValueUsesItAndNeverNoToken() throws {
        let base = """
            {
              "c": {
                "$type": "color",
                "ok": { "$value": "#0A84FF" },
                "bad": { "$value": "rgba(0, 0, 0, 0.5)" },
                "alias": { "$value": "{c.bad}" },
                "loop": { "$value": "{c.loop2}" },
                "loop2": { "$value": "{c.loop}" },
                "dark": { "$value": "#FFFFFF" }
              }
            }
            """
        let dark = """
            { "c": { "dark": { "$type": "color", "$value": "#GGGGGG" } } }
            """
        let files = "[t.tokens.json, { path: d.tokens.json, appearance: dark }]"
        // Unused: warnings that name the token, with the original rule; the set generates.
        var result = try run([
            "spec.yml": spec(files: files, tint: "\"{c.ok}\""), "t.tokens.json": base, "d.tokens.json": dark,
        ])
        XCTAssertEqual(
            summary(result).sorted(),
            [
                "warning t.tokens.json:\(place(of: "\"rgba", in: base)) invalid-value",
                "warning t.tokens.json:\(place(of: "\"loop\"", in: base)) token-cycle",
                "warning d.tokens.json:\(place(of: "\"#GGGGGG\"", in: dark)) invalid-value",
            ].sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.message.contains("no value uses") }, "\(result.diagnostics)")
        XCTAssertFalse(result.files.isEmpty)
        result = try run(
            ["spec.yml": spec(files: files, tint: "\"{c.ok}\""), "t.tokens.json": base, "d.tokens.json": dark],
            warningsAsErrors: true)
        XCTAssertEqual(result.diagnostics.map(\.severity), [.error, .error, .error])
        XCTAssertTrue(result.files.isEmpty)

        // Used through an alias: one error at the bad token, a note at the value.
        let used = spec(files: files, tint: "\"{c.alias}\"")
        result = try run(["spec.yml": used, "t.tokens.json": base, "d.tokens.json": dark])
        XCTAssertEqual(
            summary(result).sorted(),
            [
                "error t.tokens.json:\(place(of: "\"rgba", in: base)) invalid-value",
                "warning t.tokens.json:\(place(of: "\"loop\"", in: base)) token-cycle",
                "warning d.tokens.json:\(place(of: "\"#GGGGGG\"", in: dark)) invalid-value",
            ].sorted(), result.diagnostics.map(\.message).joined(separator: "\n"))
        let note = try XCTUnwrap(result.diagnostics.first { $0.severity == .error }?.notes.first)
        XCTAssertEqual(note.location.map { "\($0.line):\($0.column)" }, place(of: "\"{c.alias}\"", in: used))
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("no token") })
        XCTAssertTrue(result.files.isEmpty)

        // Used in dark only, where its dark file's value is bad; and a cycle a value uses.
        let darkUse = spec(files: files, tint: "\"{c.dark}\"")
        result = try run(["spec.yml": darkUse, "t.tokens.json": base, "d.tokens.json": dark])
        XCTAssertEqual(
            summary(result).filter { $0.hasPrefix("error") },
            ["error d.tokens.json:\(place(of: "\"#GGGGGG\"", in: dark)) invalid-value"],
            result.diagnostics.map(\.message).joined(separator: "\n"))
        result = try run([
            "spec.yml": spec(files: files, tint: "\"{c.loop2}\""), "t.tokens.json": base, "d.tokens.json": dark,
        ])
        XCTAssertEqual(
            summary(result).filter { $0.hasPrefix("error") },
            ["error t.tokens.json:\(place(of: "\"loop\"", in: base)) token-cycle"],
            result.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("no token") })
    }

    /// The DTCG 2025.10 Format report's composite-type examples (`../shared/conformance`): each
    /// loads with no error, the only diagnostics being warnings about the tokens a fragment
    /// refers to but does not declare, and every composite token that resolves has the value
    /// an independent reading of the JSON gives (aliases followed, `rem` as 16 points,
    /// `ms` as a thousandth of a second, sRGB components as bytes, positions clamped).
    func testTheFormatReportsCompositeExamplesLoadWithTheirValues() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../shared/conformance/dtcg-2025.10/examples")
        guard
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter({
                $0.hasPrefix("format_composite-types-")
            }).sorted(), !names.isEmpty
        else { throw XCTSkip("no DTCG conformance data at \(folder.path)") }
        var checked = 0
        for name in names {
            var document = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name)))
                    as? [String: Any])
            // `$schema` is read by the reader's part of issue 26; these tests are about values.
            document["$schema"] = nil
            let text = String(
                decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted]),
                as: UTF8.self)
            let files = ["spec.yml": spec(), "t.tokens.json": text]
            let result = try run(files)
            for diagnostic in result.diagnostics {
                XCTAssertEqual(diagnostic.severity, .warning, "\(name): \(diagnostic.message)")
                XCTAssertEqual(diagnostic.rule, .undefinedToken, "\(name): \(diagnostic.message)")
            }
            XCTAssertFalse(result.files.isEmpty, name)
            let (table, _) = try table(files)
            for (path, value) in table.composites {
                XCTAssertEqual(value, try Self.independentValue(of: path, in: document), "\(name) \(path)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// The value of the composite token at `path` of `document`, read from the JSON alone.
    static func independentValue(of path: String, in document: [String: Any]) throws -> CompositeValue {
        func node(_ path: String) throws -> [String: Any] {
            var current: Any = document
            for key in path.split(separator: ".") {
                current = try XCTUnwrap((current as? [String: Any])?[String(key)], path)
            }
            return try XCTUnwrap(current as? [String: Any], path)
        }
        /// `$value`, with a whole-value alias followed.
        func value(_ raw: Any?) throws -> Any {
            if let text = raw as? String, text.hasPrefix("{"), text.hasSuffix("}") {
                return try value(node(String(text.dropFirst().dropLast()))["$value"])
            }
            return try XCTUnwrap(raw)
        }
        /// The type of the token at `path`: its own or its nearest group's, else its target's.
        func type(_ path: String) throws -> String {
            var parts = path.split(separator: ".").map(String.init)
            if let own = try node(path)["$type"] as? String { return own }
            if let text = try node(path)["$value"] as? String, text.hasPrefix("{") {
                return try type(String(text.dropFirst().dropLast()))
            }
            while !parts.isEmpty {
                parts.removeLast()
                if let group = try? node(parts.joined(separator: ".")), let own = group["$type"] as? String {
                    return own
                }
            }
            throw XCTSkip("untyped \(path)")
        }
        func number(_ raw: Any?) throws -> Double { try XCTUnwrap(value(raw) as? NSNumber).doubleValue }
        func points(_ raw: Any?) throws -> Double {
            let object = try XCTUnwrap(value(raw) as? [String: Any])
            return try number(object["value"]) * (object["unit"] as? String == "rem" ? 16 : 1)
        }
        func seconds(_ raw: Any?) throws -> Double {
            let object = try XCTUnwrap(value(raw) as? [String: Any])
            return try number(object["value"]) * (object["unit"] as? String == "ms" ? 0.001 : 1)
        }
        func color(_ raw: Any?) throws -> RGBAColor {
            let read = try value(raw)
            if let hex = read as? String { return try XCTUnwrap(RGBAColor(hex: hex)) }
            let object = try XCTUnwrap(read as? [String: Any])
            XCTAssertEqual(object["colorSpace"] as? String, "srgb")
            let c = try XCTUnwrap(object["components"] as? [NSNumber]).map { UInt8(($0.doubleValue * 255).rounded()) }
            let alpha = (object["alpha"] as? NSNumber)?.doubleValue ?? 1
            return RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: UInt8((alpha * 255).rounded()))
        }
        func stroke(_ raw: Any?) throws -> StrokeStyleValue {
            let read = try value(raw)
            if let keyword = read as? String { return .keyword(try XCTUnwrap(.init(rawValue: keyword))) }
            let object = try XCTUnwrap(read as? [String: Any])
            return .dashes(
                try XCTUnwrap(object["dashArray"] as? [Any]).map(points),
                lineCap: try XCTUnwrap(.init(rawValue: try XCTUnwrap(object["lineCap"] as? String))))
        }
        func curve(_ raw: Any?) throws -> CubicBezier {
            let n = try XCTUnwrap(value(raw) as? [Any]).map(number)
            return CubicBezier(n[0], n[1], n[2], n[3])
        }
        /// A list's items, aliases of tokens of the list's type replaced by their items.
        func items(_ raw: Any?) throws -> [[String: Any]] {
            let read = try value(raw)
            guard let list = read as? [Any] else { return [try XCTUnwrap(read as? [String: Any])] }
            return try list.flatMap { item -> [[String: Any]] in
                if let text = item as? String { return try items(text) }
                return [try XCTUnwrap(item as? [String: Any])]
            }
        }
        let raw = try node(path)["$value"]
        switch try type(path) {
        case "shadow":
            return .shadow(
                try items(raw).map {
                    ShadowLayer(
                        color: try color($0["color"]), offsetX: try points($0["offsetX"]),
                        offsetY: try points($0["offsetY"]), blur: try points($0["blur"]),
                        spread: try points($0["spread"]), inset: ($0["inset"] as? Bool) ?? false)
                })
        case "border":
            let object = try XCTUnwrap(value(raw) as? [String: Any])
            return .border(
                BorderValue(
                    color: try color(object["color"]), width: try points(object["width"]),
                    style: try stroke(object["style"])))
        case "strokeStyle": return .strokeStyle(try stroke(raw))
        case "cubicBezier": return .cubicBezier(try curve(raw))
        case "transition":
            let object = try XCTUnwrap(value(raw) as? [String: Any])
            return .transition(
                TransitionValue(
                    duration: try seconds(object["duration"]), delay: try seconds(object["delay"]),
                    timingFunction: try curve(object["timingFunction"])))
        case "gradient":
            return .gradient(
                try items(raw).map {
                    GradientStop(color: try color($0["color"]), position: min(max(try number($0["position"]), 0), 1))
                })
        default:
            throw XCTSkip("\(path) is no composite")
        }
    }
}
