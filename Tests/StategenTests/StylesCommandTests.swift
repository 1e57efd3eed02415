import Foundation
import XCTest

@testable import StategenCore

/// `stategen styles --format json`: the example's values with their sources, contrast
/// measurements, determinism, the selection options and the errors.
final class StylesCommandTests: ProjectTestCase {
    /// The JSON document `stategen styles` prints for `arguments`, parsed.
    func styles(_ arguments: [String], in directory: URL? = nil) throws -> [String: Any] {
        let run = try stategen(["styles"] + arguments, in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    /// The object of `array` whose `key` is `name`.
    func entry(_ array: Any?, _ name: String, key: String = "name", file: StaticString = #filePath, line: UInt = #line)
        throws -> [String: Any]
    {
        let items = try XCTUnwrap(array as? [[String: Any]], "not an array of objects", file: file, line: line)
        return try XCTUnwrap(
            items.first { $0[key] as? String == name }, "no \(key) '\(name)' in \(items.compactMap { $0[key] })",
            file: file, line: line)
    }

    /// The value of `attribute` of `kind` in `state` and `appearance` (`{ name, type, value,
    /// fromState, source }`).
    func value(_ document: [String: Any], _ kind: String, _ state: String, _ appearance: String, _ attribute: String)
        throws -> [String: Any]
    {
        let states = try entry(document["kinds"], kind)["states"]
        let appearances = try entry(states, state)["appearances"]
        return try entry(try entry(appearances, appearance, key: "appearance")["attributes"], attribute)
    }

    /// The 1-based number of the first line of the example file `name` containing `text`.
    func line(of text: String, in name: String) throws -> Int {
        let url = TestSupport.exampleSpec.deletingLastPathComponent().appendingPathComponent(name)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        return try XCTUnwrap(lines.firstIndex { $0.contains(text) }, "'\(text)' is not in \(name)") + 1
    }

    func testExampleValuesCarryTheirStateAndSource() throws {
        let document = try styles([TestSupport.exampleSpec.path])
        XCTAssertEqual(document["format"] as? String, "stategen-styles")
        XCTAssertEqual(document["version"] as? Int, 1)
        XCTAssertEqual(document["module"] as? String, "Controls")
        XCTAssertEqual(document["spec"] as? String, "controls.yml")
        XCTAssertEqual(
            document["appearances"] as? [String], ["light", "dark", "lightHighContrast", "darkHighContrast"])

        // Kinds in the spec's order, states in each kind's enum order.
        let (spec, result) = GeneratorPipeline().validate(specAt: TestSupport.exampleSpec.path)
        let checked = try XCTUnwrap(spec, "\(result.diagnostics)")
        let kinds = try XCTUnwrap(document["kinds"] as? [[String: Any]])
        XCTAssertEqual(kinds.compactMap { $0["name"] as? String }, checked.controls.map(\.name.value))
        for (kind, control) in zip(kinds, checked.controls) {
            let states = try XCTUnwrap(kind["states"] as? [[String: Any]])
            XCTAssertEqual(states.compactMap { $0["name"] as? String }, control.states.map(\.name.value))
        }
        let toggle = try entry(document["kinds"], "ToggleButton")
        XCTAssertEqual(
            try entry(toggle["states"], "selected+highlighted")["fallbackChain"] as? [String],
            ["selected", "highlighted", "normal"])
        XCTAssertEqual(try entry(toggle["attributes"], "titleColor")["set"] as? String, "label")
        XCTAssertEqual(try entry(toggle["attributes"], "titleColor")["role"] as? String, "foreground")

        // A token through an alias: the value's line in the spec, the alias chain, the file and
        // line of the token that holds the value.
        let title = try value(document, "PushButton", "normal", "light", "titleColor")
        XCTAssertEqual(title["value"] as? String, "#FFFFFF")
        XCTAssertEqual(title["type"] as? String, "color")
        XCTAssertEqual(title["fromState"] as? String, "normal")
        let source = try XCTUnwrap(title["source"] as? [String: Any])
        XCTAssertEqual(source["file"] as? String, "controls.yml")
        XCTAssertEqual(
            source["line"] as? Int, try line(of: "normal: \"{color.semantic.text.onAction}\"", in: "controls.yml"))
        XCTAssertEqual(source["token"] as? String, "color.semantic.text.onAction")
        XCTAssertEqual(source["aliases"] as? [String], ["color.palette.white"])
        XCTAssertEqual(source["tokenFile"] as? String, "base.tokens.json")
        XCTAssertEqual(source["tokenLine"] as? Int, try line(of: "\"white\":", in: "base.tokens.json"))
        XCTAssertNil(source["variant"])

        // In dark, the alias is followed in dark.tokens.json.
        let darkFill = try value(document, "PushButton", "normal", "dark", "backgroundColor")
        XCTAssertEqual(darkFill["value"] as? String, "#0A84FF")
        let darkSource = try XCTUnwrap(darkFill["source"] as? [String: Any])
        XCTAssertEqual(darkSource["token"] as? String, "color.semantic.action.primary")
        XCTAssertEqual(darkSource["aliases"] as? [String], ["color.palette.blue.500"])
        XCTAssertEqual(darkSource["tokenFile"] as? String, "dark.tokens.json")
        XCTAssertEqual(
            darkSource["tokenLine"] as? Int, try line(of: "\"500\": { \"$value\": \"#0A84FF\"", in: "dark.tokens.json"))
        XCTAssertEqual(
            try value(document, "PushButton", "normal", "light", "backgroundColor")["value"] as? String, "#0A84FF")

        // An inline value by appearance: darkHighContrast takes the dark entry.
        let disabled = try value(document, "PushButton", "disabled", "darkHighContrast", "titleColor")
        XCTAssertEqual(disabled["value"] as? String, "#FFFFFF4D")
        XCTAssertEqual((disabled["source"] as? [String: Any])?["variant"] as? String, "dark")
        XCTAssertNil((disabled["source"] as? [String: Any])?["token"])

        // A combined state without a value of its own takes selected's (precedence), not normal's.
        let pressedOn = try value(document, "ToggleButton", "selected+highlighted", "light", "titleColor")
        XCTAssertEqual(pressedOn["fromState"] as? String, "selected")
        XCTAssertEqual(pressedOn["value"] as? String, "#FFFFFF")
        let pressedOnFill = try value(document, "ToggleButton", "selected+highlighted", "light", "backgroundColor")
        XCTAssertEqual(pressedOnFill["fromState"] as? String, "selected+highlighted")
        XCTAssertEqual(
            (pressedOnFill["source"] as? [String: Any])?["token"] as? String, "color.semantic.action.pressed")

        // Every type in the spec's own form.
        XCTAssertEqual(try value(document, "ToggleButton", "normal", "light", "font")["value"] as? String, "body")
        XCTAssertEqual(
            try value(document, "ToggleButton", "selected", "light", "font")["value"] as? [String: String],
            ["style": "body", "weight": "bold"])
        XCTAssertEqual(try value(document, "ToggleButton", "normal", "light", "cornerRadius")["value"] as? Double, 8)
        XCTAssertEqual(try value(document, "ToggleButton", "normal", "light", "underline")["value"] as? Bool, false)
        XCTAssertEqual(try value(document, "Switch", "normal", "light", "accessibilityValue")["value"] as? String, "0")
        XCTAssertEqual(try value(document, "TabBarItem", "normal", "light", "badgeCount")["value"] as? Int, 0)
        XCTAssertEqual(
            try value(document, "ToggleButton", "selected+disabled", "light", "backgroundColor")["value"] as? String,
            "#0A84FF66")
        // The example's pairs: label (titleColor on backgroundColor) in PushButton, ToggleButton,
        // Segment and TabBarItem, text in TextField, and Slider's track; every state and
        // appearance measured, and every one that is not exempt passes.
        let contrast = try XCTUnwrap(document["contrast"] as? [[String: Any]])
        XCTAssertEqual(contrast.count, 120)
        XCTAssertTrue(contrast.allSatisfy { ($0["passes"] as? Bool) == true || ($0["exempt"] as? Bool) == true })
        XCTAssertTrue(contrast.contains { ($0["exempt"] as? Bool) == true && ($0["passes"] as? Bool) == false })
    }

    func testSameSpecGivesTheSameBytesWithNoAbsolutePath() throws {
        for format in ["json", "dtcg"] {
            let absolute = try stategen(["styles", TestSupport.exampleSpec.path, "--format", format])
            let relative = try stategen(
                ["styles", "Examples/UIKitControls/controls.yml", "--format", format], in: TestSupport.packageRoot)
            XCTAssertEqual(absolute.status, 0, absolute.stderr)
            XCTAssertEqual(absolute.stdout, relative.stdout, "\(format): the output depends on how the spec is named")
            XCTAssertEqual(
                try stategen(["styles", TestSupport.exampleSpec.path, "--format", format]).stdout, absolute.stdout,
                "\(format): two runs differ")
            XCTAssertFalse(absolute.stdout.contains(TestSupport.packageRoot.path), "\(format): an absolute path")
            XCTAssertTrue(absolute.stdout.hasSuffix("}\n"))
        }
    }

    static let contrastSpec = """
        stategen: 1
        module: Contrasty
        appearances: [light, dark]
        states:
          normal: {}
          highlighted: { controlState: highlighted }
          disabled: { controlState: disabled }
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
          titleColor: { type: color }
          backgroundColor: { type: color }
          font: { type: font }
        attributeSets:
          label:
            attributes: [titleColor, backgroundColor, font]
            contrast:
              - { foreground: titleColor, background: backgroundColor, font: font }
        controls:
          Button:
            attributeSets: [label]
            values:
              titleColor: { normal: "#FFFFFF", disabled: "#FFFFFF80" }
              backgroundColor: { normal: { light: "#0A84FF", dark: "#409CFF" }, highlighted: "#0040A0", disabled: "#8E8E93" }
              font: { normal: { style: body, weight: bold, size: 20 } }

        """

    func testContrastPairsAreMeasuredInEveryStateAndAppearance() throws {
        try write(Self.contrastSpec, "contrast.yml")
        let run = try stategen(["styles", "contrast.yml"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("[contrast]"), "the failing pair is still a warning: \(run.stderr)")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let contrast = try XCTUnwrap(document["contrast"] as? [[String: Any]])
        XCTAssertEqual(
            contrast.map { "\($0["state"] ?? "") \($0["appearance"] ?? "")" },
            [
                "normal light", "normal dark", "highlighted light", "highlighted dark", "disabled light",
                "disabled dark",
            ])

        let normal = contrast[0]
        let measured = WCAGContrast.ratio(
            RGBAColor(red: 255, green: 255, blue: 255), RGBAColor(red: 0x0A, green: 0x84, blue: 0xFF))
        XCTAssertEqual(try XCTUnwrap(normal["ratio"] as? Double), measured, accuracy: 0.0001)
        XCTAssertEqual(normal["ratioText"] as? String, WCAGContrast.format(measured))
        XCTAssertEqual(normal["ratioText"] as? String, "3.64:1")
        // 20 pt bold is large text: 3:1 at AA.
        XCTAssertEqual(normal["required"] as? Double, 3)
        XCTAssertEqual(normal["requiredText"] as? String, "3:1")
        XCTAssertEqual(normal["largeText"] as? Bool, true)
        XCTAssertEqual(normal["text"] as? Bool, true)
        XCTAssertEqual(normal["level"] as? String, "AA")
        XCTAssertEqual(normal["passes"] as? Bool, true)
        XCTAssertEqual(normal["exempt"] as? Bool, false)
        XCTAssertEqual(normal["backdrop"] as? String, "#FFFFFF")
        XCTAssertEqual((normal["foreground"] as? [String: Any])?["value"] as? String, "#FFFFFF")
        XCTAssertEqual((normal["background"] as? [String: Any])?["value"] as? String, "#0A84FF")
        XCTAssertEqual(
            ((normal["background"] as? [String: Any])?["source"] as? [String: Any])?["variant"] as? String, "light")
        let font = try XCTUnwrap((normal["font"] as? [String: Any])?["value"] as? [String: Any])
        XCTAssertEqual(font["style"] as? String, "body")
        XCTAssertEqual(font["weight"] as? String, "bold")
        XCTAssertEqual(font["size"] as? Double, 20)
        XCTAssertEqual(font.count, 3)
        XCTAssertEqual((normal["declared"] as? [String: Any])?["file"] as? String, "contrast.yml")
        XCTAssertEqual((normal["declared"] as? [String: Any])?["line"] as? Int, 25)

        // Dark: the dark entry over the black backdrop.
        XCTAssertEqual((contrast[1]["background"] as? [String: Any])?["value"] as? String, "#409CFF")
        XCTAssertEqual(contrast[1]["backdrop"] as? String, "#000000")
        XCTAssertEqual(contrast[1]["passes"] as? Bool, false)

        // Disabled is exempt (its controlState has disabled), measured all the same; the
        // translucent title is seen composited over the grey fill.
        let disabled = contrast[4]
        XCTAssertEqual(disabled["exempt"] as? Bool, true)
        let seen = WCAGContrast.composite(
            RGBAColor(red: 255, green: 255, blue: 255, alpha: 0x80), over: RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)
        )
        XCTAssertEqual(disabled["seenForeground"] as? String, seen.hex)
        XCTAssertEqual(disabled["seenBackground"] as? String, "#8E8E93")

        // --appearance narrows the values and the measurements alike.
        let dark = try styles(["contrast.yml", "--appearance", "dark"])
        XCTAssertEqual(dark["appearances"] as? [String], ["dark"])
        XCTAssertEqual(
            (dark["contrast"] as? [[String: Any]])?.compactMap { $0["appearance"] as? String },
            Array(repeating: "dark", count: 3))
        let states = try XCTUnwrap(try entry(dark["kinds"], "Button")["states"] as? [[String: Any]])
        for state in states {
            XCTAssertEqual(
                (state["appearances"] as? [[String: Any]])?.compactMap { $0["appearance"] as? String }, ["dark"])
        }
    }

    /// `--output` never replaces the spec or a token file it reads, however the path is spelt.
    func testTheSpecAndItsTokenFilesAreNotOverwritten() throws {
        try write(##"{ "color": { "$type": "color", "ink": { "$value": "#000000" } } }"##, "tokens.json")
        try write(
            StarterSpec.text.replacingOccurrences(
                of: "access: public", with: "access: public\ntokenFiles: [tokens.json]"
            )
            .replacingOccurrences(
                of: ##"selected: "#FFFFFF", disabled"##, with: ##"selected: "{color.ink}", disabled"##),
            "controls.yml")
        let spec = try read("controls.yml")
        let tokens = try read("tokens.json")
        for output in [
            "controls.yml", "tokens.json", "./sub/../tokens.json", project.appendingPathComponent("controls.yml").path,
        ] {
            try FileManager.default.createDirectory(
                at: project.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let result = try stategen(["styles", "controls.yml", "--format", "dtcg", "--output", output])
            XCTAssertEqual(result.status, 1, output)
            XCTAssertTrue(result.stderr.contains("--output"), result.stderr)
            XCTAssertEqual(try read("controls.yml"), spec)
            XCTAssertEqual(try read("tokens.json"), tokens)
        }
        XCTAssertEqual(try stategen(["styles", "controls.yml", "--output", "styles.json"]).status, 0)
    }

    func testControlOutputAndErrors() throws {
        let example = TestSupport.exampleSpec.path
        let slider = try styles([example, "--control", "Slider"])
        XCTAssertEqual((slider["kinds"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Slider"])

        // --output writes the same bytes atomically, and only when they change.
        let printed = try stategen(["styles", example, "--format", "dtcg", "--appearance", "dark"])
        let first = try stategen([
            "styles", example, "--format", "dtcg", "--appearance", "dark", "--output", "out/dark.tokens.json",
        ])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "wrote out/dark.tokens.json\n")
        XCTAssertEqual(try read("out/dark.tokens.json"), printed.stdout)
        let again = try stategen([
            "styles", example, "--format", "dtcg", "--appearance", "dark", "--output", "out/dark.tokens.json",
        ])
        XCTAssertEqual(again.stdout, "unchanged out/dark.tokens.json\n")
        XCTAssertEqual(
            try stategen([
                "styles", example, "--output", "out/dark.tokens.json", "--quiet", "--format", "dtcg", "--appearance",
                "dark",
            ]).stdout, "")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("out").path),
            ["dark.tokens.json"])

        let undefined = try stategen(["styles", example, "--control", "Segmnt", "--output", "none.json"])
        XCTAssertEqual(undefined.status, 1)
        XCTAssertTrue(
            undefined.stderr.hasPrefix(
                "stategen: error: the spec has no control kind 'Segmnt'; did you mean 'Segment'? [undefined-control]\n"),
            undefined.stderr)
        XCTAssertEqual(undefined.stdout, "")
        XCTAssertFalse(exists("none.json"))

        let format = try stategen(["styles", example, "--format", "dtc"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(
            format.stderr.contains("--format must be json or dtcg, not 'dtc'; did you mean 'dtcg'?"), format.stderr)
        XCTAssertEqual(format.stdout, "")

        let appearance = try stategen(["styles", example, "--appearance", "darkk"])
        XCTAssertEqual(appearance.status, 2)
        XCTAssertTrue(appearance.stderr.contains("did you mean 'dark'?"), appearance.stderr)

        // An appearance the spec does not declare.
        try write(Self.contrastSpec, "contrast.yml")
        let undeclared = try stategen([
            "styles", "contrast.yml", "--format", "dtcg", "--appearance", "darkHighContrast",
        ])
        XCTAssertEqual(undeclared.status, 1)
        XCTAssertTrue(
            undeclared.stderr.contains(
                "the spec has no appearance 'darkHighContrast'; its appearances are light, dark [undeclared-appearance]"
            ), undeclared.stderr)
        XCTAssertEqual(undeclared.stdout, "")

        // A spec with errors: exit 1, nothing printed or written.
        try write("stategen: 1\nmodule: Broken\n", "bad.yml")
        let bad = try stategen(["styles", "bad.yml", "--output", "bad.json"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertTrue(bad.stderr.contains("error:"), bad.stderr)
        XCTAssertFalse(exists("bad.json"))

        XCTAssertEqual(try stategen(["styles"]).status, 2)
        XCTAssertEqual(try stategen(["styles", example, example]).status, 2)
    }

    /// Issue 26: a spec that `lint` and `generate` reject for a naming error (a kind named as
    /// its module, `name-collision`, found when the Swift names are made) makes `styles`,
    /// `preview`, `graph` and `context` exit 1 with the same error, printing nothing.
    func testEveryCommandRejectsASpecThatLintRejects() throws {
        try write(
            spec(module: "Probe").replacingOccurrences(of: "\n  Button:\n", with: "\n  Probe:\n"), "controls.yml")
        XCTAssertTrue(try read("controls.yml").contains("  Probe:"))
        let lint = try stategen(["lint", "controls.yml"])
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stderr.contains("[name-collision]"), lint.stderr)
        for command in [["styles"], ["styles", "--format", "dtcg"], ["preview"], ["graph"], ["context"]] {
            let run = try stategen(command + ["controls.yml"])
            XCTAssertEqual(run.status, 1, "\(command): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(command)")
            XCTAssertTrue(run.stderr.contains("controls.yml:"), "\(command): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("[name-collision]"), "\(command): \(run.stderr)")
        }
    }

    func testHelp() throws {
        let help = try stategen(["help", "styles"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: stategen styles <spec> [--format json|dtcg]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("'stategen help styles'"), help.stdout)
        let overview = try stategen(["--help"])
        XCTAssertTrue(overview.stdout.contains("  styles      "), overview.stdout)
    }
}
