import UIKitControls
import XCTest

/// ToggleButton: a tap on an unselected toggle selects it, a tap on a selected one deselects it
/// (controls.yml's own rows); label, fill and accessibility attributes.
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
        // The spec has no `selected` row for touchDown: the touch does not highlight a selected
        // toggle, and only the lift inside acts.
        XCTAssertEqual(toggle.send(.touchDown), .ignored)
        XCTAssertEqual(toggle.state, .selected)
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selected, to: .normal))
        XCTAssertEqual(toggle.state, .normal)
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

    func testSelectAndDeselectFromTheApp() {
        var toggle = Toggle.Machine()
        XCTAssertEqual(toggle.send(.deselect), .ignored, "not selected")
        XCTAssertEqual(toggle.send(.select), .moved(from: .normal, to: .selected))
        XCTAssertEqual(toggle.send(.select), .ignored, "already selected")
        XCTAssertEqual(toggle.send(.deselect), .moved(from: .selected, to: .normal))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.select), .ignored, "no row selects a highlighted toggle")
        XCTAssertEqual(toggle.state, .highlighted)
    }

    func testDisableFromSelectedAndEnableAgain() {
        var toggle = Toggle.Machine(state: .selected)
        XCTAssertEqual(toggle.send(.disable), .moved(from: .selected, to: .disabled))
        XCTAssertEqual(toggle.send(.select), .ignored)
        XCTAssertEqual(toggle.send(.deselect), .ignored)
        XCTAssertEqual(toggle.send(.touchUpInside), .ignored)
        // disabled's only row is enable → normal: the selection is not remembered across disabling.
        XCTAssertEqual(toggle.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Toggle.target(from: .highlighted, on: .touchUpInside), .selected, "own row replaces the shared one")
        XCTAssertEqual(Toggle.target(from: .selected, on: .touchUpInside), .normal, "own row")
        XCTAssertEqual(Toggle.target(from: .selected, on: .deselect), .normal, "shared row")
        XCTAssertNil(Toggle.target(from: .selected, on: .touchDown))
        XCTAssertNil(Toggle.target(from: .selected, on: .select))
        XCTAssertEqual(Toggle.events(allowedIn: .normal), [.touchDown, .disable, .select])
        XCTAssertEqual(Toggle.events(allowedIn: .selected), [.touchUpInside, .disable, .deselect])
    }

    func testLabelFromSpec() {
        let label = Toggle.LabelAttributes.spec
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#0A84FF"), font: "body", underline: false))
        XCTAssertEqual(label.resolved(for: .selected), .init(titleColor: color("#FFFFFF"), font: "body-emphasized", underline: false))
        XCTAssertEqual(label.resolved(for: .disabled), .init(titleColor: color("#3C3C434D"), font: "body", underline: false))
        // highlighted has no values of its own: all fall back to normal.
        XCTAssertEqual(label.resolved(for: .highlighted), label.resolved(for: .normal))
    }

    func testFillFromSpec() {
        let fill = Toggle.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#0A84FF1A"), cornerRadius: 8, borderWidth: 1))
        XCTAssertEqual(fill.resolved(for: .selected), .init(backgroundColor: color("#0A84FF"), cornerRadius: 8, borderWidth: 0))
        XCTAssertEqual(fill.resolved(for: .disabled), .init(backgroundColor: color("#7676801F"), cornerRadius: 8, borderWidth: 1))
        XCTAssertEqual(fill.resolved(for: .highlighted), fill.resolved(for: .normal))
    }

    func testAccessibilityValueFollowsSelection() {
        let accessibility = Toggle.AccessibilityAttributes.spec
        var toggle = Toggle.Machine()
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "off")
        toggle.send(.touchDown)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "off")
        toggle.send(.touchUpInside)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "on")
        toggle.send(.disable)
        XCTAssertEqual(accessibility.resolved(for: toggle.state).accessibilityValue, "off")
    }
}
