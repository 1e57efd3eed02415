// ToggleButton models a UIButton whose changesSelectionAsPrimaryAction is true: every tap that
// ends inside it flips isSelected, whether it was on or off
// (https://developer.apple.com/documentation/uikit/uibutton/changesselectionasprimaryaction).
// isSelected does not depend on isEnabled or isHighlighted, so a toggle stays on while it is
// pressed or disabled, and UIKit then reports [.selected, .highlighted] or [.selected, .disabled]
// (https://developer.apple.com/documentation/uikit/uicontrol/isselected,
//  https://developer.apple.com/documentation/uikit/uicontrol/state).
import UIKitControls
import XCTest

/// ToggleButton: a tap on an unselected toggle selects it, a tap on a selected one deselects it
/// (controls.yml's own rows); the selection survives presses and disabling; label, fill and
/// accessibility attributes.
final class ToggleButtonTests: XCTestCase {
    typealias Toggle = Controls.ToggleButton

    func testTapSelects() {
        var toggle = Toggle.Machine()
        XCTAssertEqual(toggle.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .highlighted, to: .selected))
        XCTAssertEqual(toggle.state, .selected)
    }

    func testTapOnSelectedToggleDeselects() {
        var toggle = Toggle.Machine(state: .selected)
        // The touch highlights the "on" toggle without turning it off: UIKit's flags are
        // [.selected, .highlighted] until the finger lifts.
        XCTAssertEqual(toggle.send(.touchDown), .moved(from: .selected, to: .selectedHighlighted))
        XCTAssertTrue(Toggle.isSelected(toggle.state))
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .normal))
        XCTAssertEqual(toggle.state, .normal)
        XCTAssertFalse(Toggle.isSelected(toggle.state))
    }

    func testTapOnToggleSeededMidPressFromUIKitDeselects() {
        // A toggle whose machine starts from what UIKit reports while an "on" button is pressed.
        var toggle = Toggle.Machine(state: Toggle.State(controlStateFlags: [.selected, .highlighted]))
        XCTAssertEqual(toggle.state, .selectedHighlighted)
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .normal))
        XCTAssertEqual(toggle.state, .normal)
        XCTAssertFalse(Toggle.isSelected(toggle.state))
    }

    func testTapsAlternate() {
        var toggle = Toggle.Machine()
        var states: [Toggle.State] = []
        for _ in 0..<4 {
            toggle.send(.touchDown)
            toggle.send(.touchUpInside)
            states.append(toggle.state)
        }
        XCTAssertEqual(states, [.selected, .normal, .selected, .normal])
    }

    func testLiftOutsideOrCancelDoesNotSelect() {
        var toggle = Toggle.Machine()
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchCancel), .moved(from: .highlighted, to: .normal))
        XCTAssertEqual(toggle.state, .normal)
    }

    func testLiftOutsideOrCancelLeavesASelectedToggleOn() {
        var toggle = Toggle.Machine(state: .selected)
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchUpOutside), .moved(from: .selectedHighlighted, to: .selected))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchCancel), .moved(from: .selectedHighlighted, to: .selected))
        XCTAssertEqual(toggle.state, .selected)
    }

    func testSelectAndDeselectFromTheApp() {
        var toggle = Toggle.Machine()
        XCTAssertEqual(toggle.send(.deselect), .ignored, "not selected")
        XCTAssertEqual(toggle.send(.select), .moved(from: .normal, to: .selected))
        XCTAssertEqual(toggle.send(.select), .ignored, "already selected")
        XCTAssertEqual(toggle.send(.deselect), .moved(from: .selected, to: .normal))
        toggle.send(.touchDown)
        // Setting isSelected during a touch changes only the selection: the toggle stays pressed.
        XCTAssertEqual(toggle.send(.select), .moved(from: .highlighted, to: .selectedHighlighted))
        XCTAssertEqual(toggle.send(.deselect), .moved(from: .selectedHighlighted, to: .highlighted))
    }

    func testDisableFromSelectedAndEnableAgain() {
        var toggle = Toggle.Machine(state: .selected)
        XCTAssertEqual(toggle.send(.disable), .moved(from: .selected, to: .selectedDisabled))
        XCTAssertTrue(Toggle.isSelected(toggle.state), "a disabled toggle keeps isSelected")
        XCTAssertEqual(toggle.send(.select), .ignored, "already selected")
        XCTAssertEqual(toggle.send(.touchDown), .ignored, "a disabled control takes no touches")
        XCTAssertEqual(toggle.send(.touchUpInside), .ignored)
        XCTAssertEqual(toggle.send(.enable), .moved(from: .selectedDisabled, to: .selected), "the selection is still there")
        XCTAssertTrue(Toggle.isSelected(toggle.state))
    }

    func testSelectDisableEnableKeepsItSelected() {
        var toggle = Toggle.Machine()
        for event: Toggle.Event in [.select, .disable, .enable] {
            toggle.send(event)
            XCTAssertTrue(Toggle.isSelected(toggle.state), "after \(event)")
        }
        XCTAssertEqual(toggle.state, .selected)
        XCTAssertEqual(toggle.state, Toggle.selectedState)
    }

    func testTheAppCanChangeTheSelectionOfADisabledToggle() {
        var toggle = Toggle.Machine(state: .disabled)
        XCTAssertEqual(toggle.send(.select), .moved(from: .disabled, to: .selectedDisabled))
        XCTAssertEqual(toggle.send(.deselect), .moved(from: .selectedDisabled, to: .disabled))
        XCTAssertEqual(toggle.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Toggle.target(from: .highlighted, on: .touchUpInside), .selected, "own row replaces the shared one")
        XCTAssertEqual(Toggle.target(from: .selectedHighlighted, on: .touchUpInside), .normal, "own row")
        XCTAssertEqual(Toggle.target(from: .selected, on: .touchDown), .selectedHighlighted)
        XCTAssertEqual(Toggle.target(from: .selected, on: .deselect), .normal, "shared row")
        XCTAssertEqual(Toggle.target(from: .selected, on: .disable), .selectedDisabled)
        XCTAssertEqual(Toggle.target(from: .selectedDisabled, on: .enable), .selected)
        XCTAssertNil(Toggle.target(from: .selected, on: .touchUpInside), "no touch is down")
        XCTAssertNil(Toggle.target(from: .selected, on: .select))
        XCTAssertEqual(Toggle.events(allowedIn: .normal), [.touchDown, .disable, .select])
        XCTAssertEqual(Toggle.events(allowedIn: .selected), [.touchDown, .disable, .deselect])
        XCTAssertEqual(Toggle.events(allowedIn: .selectedHighlighted),
                       [.touchUpInside, .touchUpOutside, .touchCancel, .disable, .deselect])
        XCTAssertEqual(Toggle.events(allowedIn: .selectedDisabled), [.enable, .deselect])
    }

    func testLabelFromSpec() {
        let label = Toggle.LabelAttributes.spec
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#0060DF"), font: Controls.Font(.body), underline: false))
        XCTAssertEqual(label.resolved(for: .selected), .init(titleColor: color("#FFFFFF"), font: Controls.Font(.body, weight: .bold), underline: false))
        XCTAssertEqual(label.resolved(for: .disabled), .init(titleColor: color("#3C3C434D"), font: Controls.Font(.body), underline: false))
        // highlighted has no values of its own: all fall back to normal.
        XCTAssertEqual(label.resolved(for: .highlighted), label.resolved(for: .normal))
        // selected+highlighted has none either: selected outranks highlighted.
        XCTAssertEqual(label.resolved(for: .selectedHighlighted), label.resolved(for: .selected))
        // selected+disabled has its own title colour; the font comes from selected, not disabled.
        XCTAssertEqual(label.resolved(for: .selectedDisabled),
                       .init(titleColor: color("#FFFFFFB3"), font: Controls.Font(.body, weight: .bold), underline: false))
    }

    func testPressedSelectedToggleKeepsTheSelectedTitleColour() {
        var toggle = Toggle.Machine()
        toggle.send(.select)
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.state, .selectedHighlighted)
        let label = Toggle.LabelAttributes.spec
        let pressed = label.resolved(for: toggle.state).titleColor
        XCTAssertNotEqual(pressed, label.resolved(for: .normal).titleColor, "not the unselected look")
        XCTAssertEqual(pressed, label.resolved(for: .selected).titleColor)
        XCTAssertEqual(pressed, color("#FFFFFF"))
    }

    func testFillFromSpec() {
        let fill = Toggle.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#0A84FF1A"), cornerRadius: 8, borderWidth: 1, borderColor: color("#0A84FF")))
        XCTAssertEqual(fill.resolved(for: .selected), .init(backgroundColor: color("#0A84FF"), cornerRadius: 8, borderWidth: 0, borderColor: color("#0A84FF")))
        XCTAssertEqual(fill.resolved(for: .disabled), .init(backgroundColor: color("#7676801F"), cornerRadius: 8, borderWidth: 1, borderColor: color("#3C3C434D")))
        XCTAssertEqual(fill.resolved(for: .highlighted), fill.resolved(for: .normal))
        XCTAssertEqual(fill.resolved(for: .selectedHighlighted), .init(backgroundColor: color("#0060DF"), cornerRadius: 8, borderWidth: 0, borderColor: color("#0A84FF")))
        XCTAssertEqual(fill.resolved(for: .selectedDisabled), .init(backgroundColor: color("#0A84FF66"), cornerRadius: 8, borderWidth: 0, borderColor: color("#3C3C434D")))
    }

    func testAccessibilityValueFollowsSelection() {
        let accessibility = Toggle.AccessibilityAttributes.spec
        var toggle = Toggle.Machine()
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "off")
        toggle.send(.touchDown)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "off")
        toggle.send(.touchUpInside)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "on")
        toggle.send(.touchDown)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "on", "still on while pressed")
        toggle.send(.touchCancel)
        toggle.send(.disable)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "on", "still on while disabled")
    }

    func testSymbolFollowsSelection() {
        let symbol = Toggle.SymbolAttributes.spec
        XCTAssertEqual(Toggle.State.allCases.map { symbol.resolved(for: $0).symbolName }, Toggle.State.allCases.map {
            Toggle.isSelected($0) ? "checkmark.circle.fill" : "circle"
        })
    }
}
