import Foundation
import XCTest

@testable import StategenCore

/// The contrast check: WCAG 2.2 arithmetic against known ratios, large text, translucent
/// compositing, exempt states, where each colour came from, and the `contrast` warning through
/// the command line. The fixtures `Fixtures/invalid/contrast-*.yml` pin each warning's place
/// and wording (SpecDiagnosticsTests).
final class ContrastTests: ProjectTestCase {
    static func fixture(_ name: String) -> String {
        SpecDiagnosticsTests.directory.appendingPathComponent("contrast-\(name).yml").path
    }

    func color(_ hex: String) throws -> RGBAColor { try XCTUnwrap(RGBAColor(hex: hex)) }

    func testRatiosMatchWCAGReferenceValues() throws {
        // Black on white is the largest ratio, 21:1; a colour on itself the smallest, 1:1.
        XCTAssertEqual(WCAGContrast.ratio(try color("#000000"), try color("#FFFFFF")), 21, accuracy: 1e-9)
        XCTAssertEqual(WCAGContrast.ratio(try color("#0A84FF"), try color("#0A84FF")), 1, accuracy: 1e-9)
        // #767676 is the lightest grey that passes 4.5:1 on white; #777777 fails it.
        XCTAssertEqual(WCAGContrast.ratio(try color("#767676"), try color("#FFFFFF")), 4.54, accuracy: 0.005)
        XCTAssertLessThan(WCAGContrast.ratio(try color("#777777"), try color("#FFFFFF")), 4.5)
        // The order of the colours does not matter.
        XCTAssertEqual(
            WCAGContrast.ratio(try color("#0A84FF"), try color("#FFFFFF")),
            WCAGContrast.ratio(try color("#FFFFFF"), try color("#0A84FF")))
        XCTAssertEqual(WCAGContrast.ratio(try color("#FFFFFF"), try color("#0A84FF")), 3.647, accuracy: 0.001)
        // Printed rounded down, so that a failing ratio never prints as the threshold.
        XCTAssertEqual(WCAGContrast.format(4.4999), "4.49:1")
        XCTAssertEqual(WCAGContrast.format(21), "21.00:1")
        XCTAssertEqual(WCAGContrast.format(3.05), "3.05:1")
        XCTAssertEqual(WCAGContrast.formatRequired(4.5), "4.5:1")
        XCTAssertEqual(WCAGContrast.formatRequired(3), "3:1")
    }

    func testTranslucentColoursAreCompositedOverWhatIsBehindThem() throws {
        let white = try color("#FFFFFF")
        // 10% of #0A84FF over white: 255 - 0.102 * (255 - c) per component.
        XCTAssertEqual(WCAGContrast.composite(try color("#0A84FF1A"), over: white), try color("#E6F2FF"))
        XCTAssertEqual(WCAGContrast.composite(try color("#00000066"), over: white), try color("#999999"))
        XCTAssertEqual(WCAGContrast.composite(try color("#12345600"), over: white), white)
        XCTAssertEqual(WCAGContrast.composite(try color("#123456"), over: white), try color("#123456"))
    }

    func testLargeTextFollowsWCAGSizesAtTheDefaultDynamicTypeSize() {
        func font(_ style: FontSpec.TextStyle, _ weight: FontWeight? = nil, size: Double? = nil) -> FontSpec {
            FontSpec(textStyle: style, weight: weight, design: .default, size: size)
        }
        XCTAssertTrue(WCAGContrast.isLargeText(font(.title3)))  // 20 pt
        XCTAssertTrue(WCAGContrast.isLargeText(font(.largeTitle)))  // 34 pt
        XCTAssertFalse(WCAGContrast.isLargeText(font(.body)))  // 17 pt
        XCTAssertFalse(WCAGContrast.isLargeText(font(.headline)))  // 17 pt semibold: not bold
        XCTAssertTrue(WCAGContrast.isLargeText(font(.headline, .bold)))  // 17 pt bold
        XCTAssertTrue(WCAGContrast.isLargeText(font(.callout, .bold)))  // 16 pt bold
        XCTAssertFalse(WCAGContrast.isLargeText(font(.footnote, .black)))  // 13 pt: under 14 pt
        XCTAssertTrue(WCAGContrast.isLargeText(font(.caption2, size: 18)))
        XCTAssertEqual(WCAGContrast.required(level: .aa, isText: true, isLargeText: false), 4.5)
        XCTAssertEqual(WCAGContrast.required(level: .aa, isText: true, isLargeText: true), 3)
        XCTAssertEqual(WCAGContrast.required(level: .aaa, isText: true, isLargeText: false), 7)
        XCTAssertEqual(WCAGContrast.required(level: .aaa, isText: true, isLargeText: true), 4.5)
        XCTAssertEqual(WCAGContrast.required(level: .aaa, isText: false, isLargeText: false), 3)
    }

    /// Every pair in every state and appearance is measured; disabled states are measured but
    /// exempt, and their failure is not reported.
    func testDisabledStatesAreMeasuredButExempt() throws {
        let (checked, result) = GeneratorPipeline().validate(specAt: Self.fixture("translucent"))
        let spec = try XCTUnwrap(checked)
        let results = ContrastAudit.results(spec, styles: ResolvedStyles(spec))
        XCTAssertEqual(results.map(\.state), ["normal", "highlighted", "focused", "disabled"])
        let disabled = try XCTUnwrap(results.last)
        XCTAssertTrue(disabled.isExempt)
        XCTAssertFalse(disabled.passes)
        XCTAssertEqual(result.diagnostics.filter { $0.rule == .contrast }.count, 2)
        XCTAssertFalse(result.diagnostics.contains { $0.message.contains("disabled") })
        let highlighted = results[1]
        XCTAssertEqual(highlighted.seenForeground, try color("#4C4C4C"))
        XCTAssertEqual(highlighted.seenBackground, try color("#FFFFFF"))
        XCTAssertTrue(highlighted.passes)
    }

    /// `exempt: []` checks disabled states too.
    func testExemptStatesCanBeChosen() throws {
        let text = try String(contentsOfFile: Self.fixture("translucent"), encoding: .utf8)
            .replacingOccurrences(of: "module: Translucent", with: "module: Translucent\ncontrast: { exempt: [] }")
        let path = try TestSupport.write(text, in: self)
        let result = GeneratorPipeline().generate(specAt: path)
        let contrast = result.diagnostics.filter { $0.rule == .contrast }
        XCTAssertEqual(contrast.count, 3)
        XCTAssertTrue(contrast.contains { $0.message.contains("in disabled (light)") })
        // Warnings do not stop generation.
        XCTAssertEqual(result.files.count, 1)
    }

    /// The warning says where each colour came from: the token, each alias, and the token
    /// file line of the value; a translucent colour says what it is seen as.
    func testNotesNameTheTokenAndItsAliasChain() throws {
        let result = GeneratorPipeline().generate(specAt: Self.fixture("alias-chain"))
        let warning = try XCTUnwrap(result.diagnostics.first { $0.rule == .contrast })
        let foreground = try XCTUnwrap(warning.notes.first)
        XCTAssertEqual(
            foreground.message, "title #5AC8FA is token {color.accent}, an alias of color.brand -> color.palette.sky")
        // The note points at the token that holds the value, not at the alias written.
        XCTAssertEqual(foreground.location?.line, 9)
        XCTAssertEqual(warning.notes.last?.message, "the pair is declared here")
        XCTAssertEqual(warning.notes.last?.location?.line, 32)

        let translucent = GeneratorPipeline().generate(specAt: Self.fixture("translucent"))
        let first = try XCTUnwrap(translucent.diagnostics.first { $0.rule == .contrast })
        XCTAssertTrue(
            first.notes.contains {
                $0.message == "fill #0A84FF1A, translucent: seen as #E6F2FF over the backdrop #FFFFFF"
            }, "\(first.notes)")
        let focused = try XCTUnwrap(translucent.diagnostics.last { $0.rule == .contrast })
        XCTAssertEqual(focused.notes.first?.message, "title #00000066, translucent: seen as #999999")
        XCTAssertEqual(focused.notes.first?.location?.line, 37)
        // No backdrop declared: the note says it is the default, and points nowhere.
        let appearances = GeneratorPipeline().generate(specAt: Self.fixture("large-text"))
        let onBackdrop = try XCTUnwrap(appearances.diagnostics.first { $0.rule == .contrast })
        XCTAssertTrue(
            onBackdrop.notes.contains {
                $0.message == "the backdrop is the default #FFFFFF in light (contrast: backdrop: sets another)"
                    && $0.location == nil
            }, "\(onBackdrop.notes)")
    }

    /// A value by appearance and the backdrop by appearance: each appearance has its own
    /// colours, and darkHighContrast falls back to dark's.
    func testEachAppearanceIsMeasuredWithItsOwnValuesAndBackdrop() throws {
        let (checked, _) = GeneratorPipeline().validate(specAt: Self.fixture("appearances"))
        let spec = try XCTUnwrap(checked)
        let results = ContrastAudit.results(spec, styles: ResolvedStyles(spec)).filter { $0.state == "normal" }
        XCTAssertEqual(results.map(\.appearance), [.light, .dark, .lightHighContrast, .darkHighContrast])
        XCTAssertEqual(results.map(\.passes), [true, false, true, true])
        XCTAssertEqual(results[1].seenBackground, try color("#1C1C1E"))
        XCTAssertEqual(results[3].seenBackground, try color("#1C1C1E"))
        XCTAssertEqual(results[3].foreground.source.variant, .darkHighContrast)
        XCTAssertEqual(results[1].foreground.source.variant, .dark)
    }

    /// `exempt` names states as a user sees them: `normal` is every state in no other state of
    /// the main region, `unselected` every state that is not selected.
    func testRegionInitialStatesCanBeExempt() throws {
        let spec = """
            stategen: 1
            module: Exempt
            contrast: { exempt: [normal, unselected] }
            states:
              normal: {}
              highlighted: { controlState: highlighted }
              unselected: { region: selection }
              selected: { region: selection, selection: true, controlState: selected }
            events: { down: {}, up: {}, select: { selection: true }, deselect: { selection: true } }
            transitions:
              normal: { down: highlighted }
              highlighted: { up: normal }
              unselected: { select: selected }
              selected: { deselect: unselected }
            attributes: { ink: { type: color } }
            attributeSets: { look: { attributes: [ink], contrast: [{ foreground: ink }] } }
            controls:
              Tab:
                selection: true
                attributeSets: [look]
                values: { ink: { normal: "#EEEEEE" } }
            """
        let (checked, result) = GeneratorPipeline().validate(specAt: try TestSupport.write(spec, in: self))
        let tab = try XCTUnwrap(checked?.controls.first)
        // normal: normal and unselected; highlighted: unselected; selected: normal;
        // selected+highlighted: neither.
        XCTAssertEqual(
            tab.contrastPairs.first?.exemptStates, ["normal", "highlighted", "selected"], "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.rule == .contrast }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].message.contains("in selected+highlighted (light)"), warnings[0].message)
    }

    /// A font size or dimension too large for an integer prints, and does not trap.
    func testHugeSizesDoNotTrap() throws {
        let spec = """
            stategen: 1
            module: Huge
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes: { ink: { type: color }, face: { type: font } }
            attributeSets: { text: { attributes: [ink, face], contrast: [{ foreground: ink, font: face }] } }
            controls:
              Label:
                attributeSets: [text]
                values: { ink: { normal: "#EEEEEE" }, face: { normal: { style: body, size: 1e19 } } }
            """
        let result = GeneratorPipeline().generate(specAt: try TestSupport.write(spec, in: self))
        XCTAssertEqual(result.diagnostics.count, 1, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics[0].message.contains("large text (body, 1e+19 pt regular)"))
        XCTAssertEqual(WCAGContrast.points(17), "17")
        XCTAssertEqual(WCAGContrast.points(17.5), "17.5")
        XCTAssertEqual(WCAGContrast.points(-1e19), "-1e+19")
        XCTAssertEqual(WCAGContrast.points(.infinity), "inf")
    }

    /// A kind's own pair replaces its set's pair of the same foreground.
    func testAKindPairReplacesTheSetPairOfTheSameForeground() throws {
        let (checked, _) = GeneratorPipeline().validate(specAt: Self.fixture("large-text"))
        let spec = try XCTUnwrap(checked)
        let strict = try XCTUnwrap(spec.controls.first { $0.name.value == "Strict" })
        XCTAssertEqual(strict.contrastPairs.map(\.level), [.aaa])
        let title = try XCTUnwrap(spec.controls.first { $0.name.value == "Title" })
        XCTAssertEqual(title.contrastPairs.map(\.level), [.aa])
    }

    /// Acceptance: a failing pair is a located warning with both ratios and exit 0; with
    /// --warnings-as-errors, exit 1.
    func testLintReportsContrastAsAWarningAndFailsWithWarningsAsErrors() throws {
        let path = Self.fixture("translucent")
        let lint = try stategen(["lint", path])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(
            lint.stderr.contains(
                "\(path):37:24: warning: Chip: title on fill is 3.21:1 in normal (light), below the 4.5:1 that WCAG 2.2 AA asks of normal text"
            ), lint.stderr)
        XCTAssertTrue(lint.stderr.contains("[contrast]"))
        let strict = try stategen(["lint", "--warnings-as-errors", path])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("error: Chip: title on fill is 3.21:1"), strict.stderr)

        let json = try stategen(["lint", "--diagnostics-format", "json", path])
        XCTAssertEqual(json.status, 0)
        XCTAssertTrue(json.stdout.contains("\"rule\" : \"contrast\"") || json.stdout.contains("\"rule\":\"contrast\""))
    }

    /// The contrast keys change no generated line.
    func testContrastPairsDoNotChangeTheGeneratedCode() throws {
        let with = try String(contentsOfFile: Self.fixture("alias-chain"), encoding: .utf8)
        var without = with
        for line in [
            "    contrast:\n", "      - { foreground: title, background: fill }\n",
            "      - { foreground: indicator, background: fill, text: false }\n",
        ] {
            without = without.replacingOccurrences(of: line, with: "")
        }
        XCTAssertNotEqual(with, without)
        let a = GeneratorPipeline().generate(specAt: try TestSupport.write(with, in: self))
        let b = GeneratorPipeline().generate(specAt: try TestSupport.write(without, in: self))
        XCTAssertEqual(b.diagnostics, [])
        XCTAssertEqual(a.files.map(\.contents), b.files.map(\.contents))
    }
}
