// A design system's helpers, written once per attribute set and used for every kind that has the
// set: stategen generates one type per set (`Controls.LabelAttributes<State>`, resolved to
// `Controls.ResolvedLabel` whatever the kind), so these compile against PushButton, ToggleButton
// and Segment alike. This module is a client of the generated one: it sees only public API.
import Foundation
import UIKitControls
import XCTest

/// Stands in for the view a label is drawn in (a `UILabel`, or a `UIButton`'s title label), so
/// that the helpers run on Linux too.
final class TitleView {
    var textColor: Controls.Color?
    var font: Controls.Font?
    var isUnderlined = false
}

/// Applies a resolved label, whatever kind it comes from.
func apply(_ label: Controls.ResolvedLabel, to view: TitleView) {
    view.textColor = label.titleColor
    view.font = label.font
    view.isUnderlined = label.underline
}

/// Styles `view` as a control of any kind with the `label` set shows it in `state` and
/// `appearance`: generic over the kind, through `ControlKind.Style` and `LabelStyled`.
func styleTitle<Kind: Controls.ControlKind>(
    of _: Kind.Type, in state: Kind.State, appearance: Controls.Appearance = .light, to view: TitleView
) where Kind.Style: Controls.LabelStyled {
    apply(Kind.Style.spec(for: appearance).label.resolved(for: state), to: view)
}

final class StyleHelperTests: XCTestCase {
    /// The same two helpers style three kinds; the expectations are the spec's values.
    func testOneLabelHelperStylesThreeKinds() {
        let view = TitleView()
        styleTitle(of: Controls.PushButton.self, in: .normal, to: view)
        XCTAssertEqual(view.textColor, color("#FFFFFF"))  // {color.semantic.text.onAction}
        XCTAssertEqual(view.font, Controls.Font(.headline, weight: .bold, size: 17, lineHeight: 1.3, letterSpacing: -0.4))  // {font.button}

        // A pressed "on" toggle keeps the selected look (UIKit reports [.selected, .highlighted]).
        styleTitle(of: Controls.ToggleButton.self, in: .selectedHighlighted, to: view)
        XCTAssertEqual(view.textColor, color("#FFFFFF"))
        XCTAssertEqual(view.font, Controls.Font(.body, weight: .bold))

        styleTitle(of: Controls.Segment.self, in: .selected, to: view)
        XCTAssertEqual(view.textColor, color("#000000"))  // {color.semantic.text.primary}
        XCTAssertEqual(view.font, Controls.Font(.footnote, weight: .semibold))
        XCTAssertFalse(view.isUnderlined)

        // The set's table alone, without the kind's style: `Kind.LabelAttributes.spec`.
        apply(Controls.Segment.LabelAttributes.spec.resolved(for: .disabled), to: view)
        XCTAssertEqual(view.textColor, color("#3C3C434D"))
    }

    /// The helper follows the appearance: the PushButton's disabled title is given inline per
    /// appearance in the spec (`{ light: "#FFFFFF80", dark: "#FFFFFF4D" }`).
    func testTheHelperFollowsTheAppearance() {
        let view = TitleView()
        styleTitle(of: Controls.PushButton.self, in: .disabled, appearance: .dark, to: view)
        XCTAssertEqual(view.textColor, color("#FFFFFF4D"))
        styleTitle(of: Controls.PushButton.self, in: .disabled, appearance: .light, to: view)
        XCTAssertEqual(view.textColor, color("#FFFFFF80"))
    }

    /// Values a caller builds take the kind's fallback chains: `selected+highlighted` falls back
    /// to `selected` first (the spec's `precedence`).
    func testValuesBuiltByHandFollowTheFallbackChain() {
        let values = Controls.ToggleButton.Values(normal: 0, [.selected: 1, .highlighted: 2])
        XCTAssertEqual(values[.selectedHighlighted], 1)
        XCTAssertEqual(values[.highlighted], 2)
        XCTAssertEqual(values[.disabled], 0)
        XCTAssertEqual("\(Controls.ToggleButton.State.selectedHighlighted)", "selected+highlighted")
        var machine = Controls.ToggleButton.Machine()
        XCTAssertEqual("\(machine.send(.touchDown))", "moved(normal → highlighted)")
    }

    /// With `codable: true` (the example asks for it) fonts encode as the spec writes them: a
    /// text style's name, or `{style, weight}`; both decode back.
    func testFontsEncodeInTheSpecsForm() throws {
        let fonts = Controls.ToggleButton.LabelAttributes.spec.font
        let json = String(decoding: try JSONEncoder().encode(fonts), as: UTF8.self)
        XCTAssertTrue(json.contains(#""normal":"body""#), json)
        XCTAssertTrue(json.contains(#""style":"body""#) && json.contains(#""weight":"bold""#), json)
        let decoded = try JSONDecoder().decode(Controls.ToggleButton.Values<Controls.Font>.self, from: Data(json.utf8))
        XCTAssertEqual(decoded, fonts)
        let written = #"{"normal": "caption2", "selected": {"style": "caption2", "weight": "bold", "size": 11}}"#
        let parsed = try JSONDecoder().decode(Controls.ToggleButton.Values<Controls.Font>.self, from: Data(written.utf8))
        XCTAssertEqual(parsed[.selectedHighlighted], Controls.Font(.caption2, weight: .bold, size: 11))
        XCTAssertThrowsError(
            try JSONDecoder().decode(Controls.Font.self, from: Data(#"{"style": "body", "wieght": "bold"}"#.utf8)))
    }
}
