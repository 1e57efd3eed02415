import Foundation
import XCTest

@testable import StategenCore

/// `stategen styles --format dtcg`: the document's shape, names DTCG cannot hold, values that are
/// no token, and the essential property: stategen reads the tokens it exports back as the same
/// values.
final class StylesDTCGTests: ProjectTestCase {
    /// The DTCG document `stategen styles` prints for `arguments`, parsed.
    func tokens(_ arguments: [String]) throws -> [String: Any] {
        let run = try stategen(["styles", "--format", "dtcg"] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    /// The object at the dotted-free `path` of keys under `root`.
    func node(_ root: [String: Any], _ path: String..., file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Any]
    {
        var current = root
        for key in path {
            current = try XCTUnwrap(current[key] as? [String: Any], "no '\(key)' in \(path)", file: file, line: line)
        }
        return current
    }

    func provenance(_ token: [String: Any]) -> [String: Any]? {
        (token["$extensions"] as? [String: Any])?["dev.stategen"] as? [String: Any]
    }

    /// DTCG 2025.10's types.
    static let dtcgTypes: Set<String> = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number", "strokeStyle",
        "border", "transition", "shadow", "gradient", "typography",
    ]

    /// Checks every name under `group` against DTCG's rules and every token's `$type`; returns
    /// the number of tokens.
    func checkNames(_ group: [String: Any], path: String = "") -> Int {
        var count = 0
        for (key, child) in group where !key.hasPrefix("$") {
            XCTAssertFalse(
                key.contains { ".{}".contains($0) } || key.isEmpty, "'\(key)' under '\(path)' is no DTCG name")
            guard let child = child as? [String: Any] else {
                XCTFail("'\(path).\(key)' is neither a token nor a group")
                continue
            }
            if child["$value"] != nil {
                XCTAssertTrue(Self.dtcgTypes.contains(child["$type"] as? String ?? ""), "\(path).\(key): \(child)")
                XCTAssertNotNil(child["$description"], "\(path).\(key)")
                count += 1
            } else {
                count += checkNames(child, path: path.isEmpty ? key : "\(path).\(key)")
            }
        }
        return count
    }

    func testExampleDocumentShape() throws {
        let document = try tokens([TestSupport.exampleSpec.path])
        let info = try XCTUnwrap(provenance(document))
        XCTAssertEqual(info["format"] as? String, "stategen-styles-dtcg")
        XCTAssertEqual(info["version"] as? Int, 1)
        XCTAssertEqual(info["appearance"] as? String, "light")
        XCTAssertEqual(info["module"] as? String, "Controls")
        XCTAssertEqual(info["spec"] as? String, "controls.yml")
        XCTAssertEqual(Set(document.keys), ["$description", "$extensions", "Controls"])
        XCTAssertGreaterThan(checkNames(document), 100)

        // A colour: DTCG's colour object, with its provenance.
        let title = try node(document, "Controls", "PushButton", "normal", "titleColor")
        XCTAssertEqual(title["$type"] as? String, "color")
        let color = try XCTUnwrap(title["$value"] as? [String: Any])
        XCTAssertEqual(color["colorSpace"] as? String, "srgb")
        XCTAssertEqual(color["components"] as? [Double], [1, 1, 1])
        XCTAssertEqual(color["alpha"] as? Double, 1)
        XCTAssertEqual(color["hex"] as? String, "#FFFFFF")
        XCTAssertEqual(
            title["$description"] as? String,
            "titleColor of PushButton in normal, light appearance. The title's colour.")
        let titleSource = try XCTUnwrap(provenance(title)?["source"] as? [String: Any])
        XCTAssertEqual(titleSource["token"] as? String, "color.semantic.text.onAction")
        XCTAssertEqual(titleSource["aliases"] as? [String], ["color.palette.white"])
        XCTAssertEqual(titleSource["tokenFile"] as? String, "base.tokens.json")
        XCTAssertEqual(titleSource["file"] as? String, "controls.yml")
        XCTAssertEqual(provenance(title)?["value"] as? String, "#FFFFFF")
        XCTAssertEqual(provenance(title)?["fromState"] as? String, "normal")

        // Translucent: alpha apart, hex without it.
        let translucent = try node(document, "Controls", "ToggleButton", "selected+disabled", "backgroundColor")
        let translucentValue = try XCTUnwrap(translucent["$value"] as? [String: Any])
        XCTAssertEqual(translucentValue["alpha"] as? Double, 0.4)
        XCTAssertEqual(translucentValue["hex"] as? String, "#0A84FF")
        XCTAssertEqual(provenance(translucent)?["value"] as? String, "#0A84FF66")

        // A combined state's fallback is said in the description and the provenance.
        let pressedOn = try node(document, "Controls", "ToggleButton", "selected+highlighted", "titleColor")
        XCTAssertEqual(provenance(pressedOn)?["fromState"] as? String, "selected")
        XCTAssertTrue(
            (pressedOn["$description"] as? String ?? "").hasPrefix(
                "titleColor of ToggleButton in selected+highlighted (the value of selected, which it falls back to), light appearance."
            ))
        let stateInfo = try XCTUnwrap(
            provenance(try node(document, "Controls", "ToggleButton", "selected+highlighted")))
        XCTAssertEqual(stateInfo["state"] as? String, "selected+highlighted")
        XCTAssertEqual(stateInfo["fallbackChain"] as? [String], ["selected", "highlighted", "normal"])

        // A dimension in px (a point each): 0.5rem in base.tokens.json is 8 points.
        let radius = try node(document, "Controls", "ToggleButton", "normal", "cornerRadius")
        XCTAssertEqual(radius["$type"] as? String, "dimension")
        XCTAssertEqual((radius["$value"] as? [String: Any])?["value"] as? Double, 8)
        XCTAssertEqual((radius["$value"] as? [String: Any])?["unit"] as? String, "px")

        // An int is a number.
        let badge = try node(document, "Controls", "TabBarItem", "normal", "badgeCount")
        XCTAssertEqual(badge["$type"] as? String, "number")
        XCTAssertEqual(badge["$value"] as? Int, 0)

        // A font: a complete typography token, the spec's font in $extensions.
        let font = try node(document, "Controls", "ToggleButton", "selected", "font")
        XCTAssertEqual(font["$type"] as? String, "typography")
        let typography = try XCTUnwrap(font["$value"] as? [String: Any])
        XCTAssertEqual(Set(typography.keys), ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"])
        XCTAssertEqual(typography["fontFamily"] as? [String], ["SF Pro", "system-ui"])
        XCTAssertEqual((typography["fontSize"] as? [String: Any])?["value"] as? Double, 17)
        XCTAssertEqual(typography["fontWeight"] as? Int, 700)
        XCTAssertEqual((typography["letterSpacing"] as? [String: Any])?["value"] as? Double, 0)
        XCTAssertEqual(typography["lineHeight"] as? Double, 1.2941)
        XCTAssertEqual(provenance(font)?["value"] as? [String: String], ["style": "body", "weight": "bold"])
        let headline = try node(document, "Controls", "Segment", "normal", "font")
        XCTAssertEqual((headline["$value"] as? [String: Any])?["fontWeight"] as? Int, 400, "footnote is regular")
        XCTAssertEqual(provenance(headline)?["value"] as? String, "footnote")

        // Strings and bools are no tokens: they are in the state group's $extensions.
        let pushNormal = try node(document, "Controls", "PushButton", "normal")
        XCTAssertNil(pushNormal["underline"])
        let others = try XCTUnwrap(provenance(pushNormal)?["otherAttributes"] as? [String: Any])
        let underline = try XCTUnwrap(others["underline"] as? [String: Any])
        XCTAssertEqual(underline["type"] as? String, "bool")
        XCTAssertEqual(underline["value"] as? Bool, false)
        XCTAssertEqual(underline["fromState"] as? String, "normal")
        let symbol = try XCTUnwrap(
            (provenance(try node(document, "Controls", "ToggleButton", "selected"))?["otherAttributes"]
                as? [String: Any])?["symbolName"] as? [String: Any])
        XCTAssertEqual(symbol["value"] as? String, "checkmark.circle.fill")

        // The dark document: the same paths, dark values from dark.tokens.json.
        let dark = try tokens([TestSupport.exampleSpec.path, "--appearance", "dark"])
        XCTAssertEqual(provenance(dark)?["appearance"] as? String, "dark")
        let darkFill = try node(dark, "Controls", "PushButton", "normal", "backgroundColor")
        XCTAssertEqual((darkFill["$value"] as? [String: Any])?["hex"] as? String, "#0A84FF")
        XCTAssertEqual((provenance(darkFill)?["source"] as? [String: Any])?["tokenFile"] as? String, "dark.tokens.json")
        XCTAssertEqual(checkNames(dark), checkNames(document))
    }

    func testNamesDTCGCannotHoldAndValuesThatAreNoTokens() throws {
        try write(
            """
            stategen: 1
            module: Dotty
            states:
              normal: {}
              long.press: {}
            events:
              hold: {}
              release: {}
            transitions:
              normal: { hold: long.press }
              long.press: { release: normal }
            attributes:
              fill.color: { type: color }
              label: { type: string }
              scale: { type: double }
            attributeSets:
              look: [fill.color, label, scale]
            controls:
              my.button:
                attributeSets: [look]
                values:
                  fill.color: { normal: "#102030", long.press: "#405060" }
                  label: { normal: "Hold" }
                  scale: { normal: .inf, long.press: 1.5 }

            """, "dots.yml")
        let document = try tokens(["dots.yml"])
        XCTAssertEqual(checkNames(document), 3)
        let kind = try node(document, "Dotty", "my_button")
        XCTAssertEqual(provenance(kind)?["name"] as? String, "my.button")
        let fill = try node(document, "Dotty", "my_button", "long_press", "fill_color")
        XCTAssertEqual(provenance(fill)?["name"] as? String, "fill.color")
        XCTAssertEqual((fill["$value"] as? [String: Any])?["hex"] as? String, "#405060")
        XCTAssertEqual(
            provenance(try node(document, "Dotty", "my_button", "long_press"))?["state"] as? String, "long.press")
        // A double is a number; infinity, which JSON cannot hold, is no token.
        XCTAssertEqual(try node(document, "Dotty", "my_button", "long_press", "scale")["$value"] as? Double, 1.5)
        let normal = try node(document, "Dotty", "my_button", "normal")
        XCTAssertNil(normal["scale"])
        let scale = try XCTUnwrap(
            (provenance(normal)?["otherAttributes"] as? [String: Any])?["scale"] as? [String: Any])
        XCTAssertEqual(scale["value"] as? String, ".inf")
        XCTAssertEqual(scale["type"] as? String, "double")

        let json = try stategen(["styles", "dots.yml"])
        XCTAssertTrue(json.stdout.contains("\"value\" : \".inf\""), json.stdout)
    }

    /// A spec that takes its values from the exported tokens, both appearances.
    static let probeSpec = """
        stategen: 1
        module: ReadBack
        unusedTokens: ignore           # the exported files hold every kind's tokens
        appearances: [light, dark]
        tokenFiles:
          - light.tokens.json
          - { path: dark.tokens.json, appearance: dark }
        states:
          normal: {}
          highlighted: {}
          disabled: {}
        events:
          touchDown: {}
          touchUp: {}
          disable: {}
          enable: {}
        transitions:
          normal: { touchDown: highlighted, disable: disabled }
          highlighted: { touchUp: normal }
          disabled: { enable: normal }
        attributes:
          fill: { type: color }
          radius: { type: dimension }
          count: { type: int }
        attributeSets:
          look: [fill, radius, count]
        controls:
          Swatch:
            attributeSets: [look]
            values:
              fill:
                normal: "{Controls.ToggleButton.selected+highlighted.backgroundColor}"
                highlighted: "{Controls.PushButton.disabled.titleColor}"
                disabled: "{Controls.ToggleButton.selected+disabled.backgroundColor}"
              radius: { normal: "{Controls.ToggleButton.normal.cornerRadius}", highlighted: "{Controls.TextField.normal.cornerRadius}" }
              count: { normal: "{Controls.TabBarItem.normal.badgeCount}" }

        """

    func testExportedTokensReadBackAsTheSameValues() throws {
        let example = TestSupport.exampleSpec.path
        XCTAssertEqual(
            try stategen(["styles", example, "--format", "dtcg", "--output", "light.tokens.json"]).status, 0)
        XCTAssertEqual(
            try stategen([
                "styles", example, "--format", "dtcg", "--appearance", "dark", "--output", "dark.tokens.json",
            ])
            .status, 0)
        try write(Self.probeSpec, "probe.yml")

        // The real pipeline, through the binary: no error, no warning.
        let lint = try stategen(["lint", "probe.yml"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertEqual(lint.stderr, "")
        XCTAssertTrue(try stategen(["generate", "probe.yml", "--output", "Generated"]).status == 0)

        // The values stategen resolves from the exported tokens are the example's.
        let (exampleSpec, exampleResult) = GeneratorPipeline().validate(specAt: example)
        let original = ResolvedStyles(try XCTUnwrap(exampleSpec, "\(exampleResult.diagnostics)"))
        let probePath = project.appendingPathComponent("probe.yml").path
        let (probeSpec, probeResult) = GeneratorPipeline().validate(specAt: probePath)
        let probe = try XCTUnwrap(ResolvedStyles(try XCTUnwrap(probeSpec, "\(probeResult.diagnostics)")).kinds.first)
        func originalValue(_ kind: String, _ state: String, _ attribute: String, _ appearance: Appearance) throws
            -> AttributeValue
        {
            let style = try XCTUnwrap(original.kinds.first { $0.name == kind }?.style(state, appearance))
            return try XCTUnwrap(style.value(of: attribute)?.value)
        }
        for appearance in [Appearance.light, .dark] {
            func probeValue(_ state: String, _ attribute: String) throws -> ResolvedStyles.ResolvedValue {
                try XCTUnwrap(probe.style(state, appearance)?.value(of: attribute))
            }
            let file = appearance == .light ? "light.tokens.json" : "dark.tokens.json"
            let fill = try probeValue("normal", "fill")
            XCTAssertEqual(
                fill.value, try originalValue("ToggleButton", "selected+highlighted", "backgroundColor", appearance))
            XCTAssertEqual(fill.source.tokenChain, ["Controls.ToggleButton.selected+highlighted.backgroundColor"])
            XCTAssertEqual(fill.source.tokenLocation.map { PathNames.lastComponent($0.path) }, file)
            XCTAssertEqual(
                try probeValue("highlighted", "fill").value,
                try originalValue("PushButton", "disabled", "titleColor", appearance))
            XCTAssertEqual(
                try probeValue("disabled", "fill").value,
                try originalValue("ToggleButton", "selected+disabled", "backgroundColor", appearance))
            XCTAssertEqual(
                try probeValue("normal", "radius").value,
                try originalValue("ToggleButton", "normal", "cornerRadius", appearance))
            XCTAssertEqual(
                try probeValue("highlighted", "radius").value,
                try originalValue("TextField", "normal", "cornerRadius", appearance))
            XCTAssertEqual(
                try probeValue("normal", "count").value,
                try originalValue("TabBarItem", "normal", "badgeCount", appearance))
        }
        // Translucent colours survive: PushButton's disabled title differs by appearance.
        XCTAssertEqual(
            probe.style("highlighted", .dark)?.value(of: "fill")?.value, .color(RGBAColor(hex: "#FFFFFF4D")!))
        XCTAssertEqual(
            probe.style("highlighted", .light)?.value(of: "fill")?.value, .color(RGBAColor(hex: "#FFFFFF80")!))

        // Every exported token as stategen's token reader reads it: each colour, dimension and
        // number equals the example's resolved value in its appearance, and each font (a
        // typography token).
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let loaded = try XCTUnwrap(
            GeneratorPipeline().load(specAt: probePath, into: &result, diagnostics: diagnostics),
            "\(diagnostics.sorted)")
        let table = loaded.tokenTable
        var compared = 0
        for kind in original.kinds {
            for style in kind.styles {
                for appearanceStyle in style.appearances where [.light, .dark].contains(appearanceStyle.appearance) {
                    for resolved in appearanceStyle.values {
                        let path = "Controls.\(kind.name).\(style.state).\(resolved.attribute)"
                        let entry =
                            appearanceStyle.appearance == .light
                            ? table.entries[path] : table.entry(path, in: appearanceStyle.appearance)
                        // A number token written as an integer is read as an int (exactly), one
                        // with a fraction as a Double; the value is the same number.
                        var read = entry?.value
                        if case .int(let whole)? = read, case .double = resolved.value { read = .double(Double(whole)) }
                        switch resolved.value {
                        case .color, .double:
                            XCTAssertEqual(read, resolved.value, "\(path) (\(appearanceStyle.appearance))")
                        case .int:
                            XCTAssertEqual(read, resolved.value, path)
                        case .font(let font):
                            // A typography token is the same font again, every field: its
                            // text style, design, and the parts it leaves to the style.
                            XCTAssertEqual(read, .font(font), path)
                        case .string, .bool:
                            XCTAssertNil(entry, "\(path) is no token")
                            XCTAssertNil(table.declared[path], "\(path) is no token")
                        }
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)

        // A font attribute takes an exported typography token (issue 26).
        try write(
            Self.probeSpec.replacingOccurrences(
                of: "count: { type: int }", with: "count: { type: int }\n  font: { type: font }"
            )
            .replacingOccurrences(of: "look: [fill, radius, count]", with: "look: [fill, radius, count, font]")
            .replacingOccurrences(
                of: "count: { normal: \"{Controls.TabBarItem.normal.badgeCount}\" }",
                with:
                    "count: { normal: \"{Controls.TabBarItem.normal.badgeCount}\" }\n      font: { normal: \"{Controls.PushButton.normal.font}\" }"
            ),
            "font.yml")
        let font = try stategen(["lint", "font.yml"])
        XCTAssertEqual(font.status, 0, font.stderr)
        XCTAssertFalse(font.stderr.contains("error"), font.stderr)
    }
}
