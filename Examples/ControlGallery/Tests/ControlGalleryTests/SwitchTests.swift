// Switch models UISwitch: its isOn value is the `selected` state, a tap flips it, and the app
// can set it at any time, including while the switch is disabled; a disabled switch still shows
// and reports its value (https://developer.apple.com/documentation/uikit/uiswitch/ison,
// https://developer.apple.com/documentation/uikit/uicontrol/isenabled).
import UIKitControls
import XCTest

/// Switch: isOn is modelled as `selected`; a tap flips it; disabling keeps it. Tint and
/// accessibility attributes.
final class SwitchTests: XCTestCase {
    typealias Switch = Controls.Switch

    func testTapTurnsOnThenOff() {
        var toggle = Switch.Machine()
        XCTAssertEqual(toggle.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .highlighted, to: .selected))
        XCTAssertEqual(toggle.send(.touchDown), .moved(from: .selected, to: .selectedHighlighted), "pressed while on")
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .normal))
    }

    func testDraggingOffTheSwitchOrCancellingLeavesItsValue() {
        var toggle = Switch.Machine()
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchCancel), .moved(from: .highlighted, to: .normal))
        toggle.send(.select)
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchUpOutside), .moved(from: .selectedHighlighted, to: .selected))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchCancel), .moved(from: .selectedHighlighted, to: .selected))
    }

    func testSetOnAndOffFromTheApp() {
        var toggle = Switch.Machine()
        XCTAssertEqual(toggle.send(.select), .moved(from: .normal, to: .selected))
        XCTAssertEqual(toggle.send(.touchUpOutside), .ignored)
        XCTAssertEqual(toggle.send(.deselect), .moved(from: .selected, to: .normal))
        XCTAssertEqual(toggle.send(.deselect), .ignored)
    }

    func testDisableAndEnable() {
        var toggle = Switch.Machine()
        XCTAssertEqual(toggle.send(.disable), .moved(from: .normal, to: .disabled))
        XCTAssertEqual(toggle.send(.touchDown), .ignored, "a disabled switch takes no touches")
        XCTAssertEqual(toggle.send(.select), .moved(from: .disabled, to: .selectedDisabled), "isOn can be set while disabled")
        XCTAssertEqual(toggle.send(.enable), .moved(from: .selectedDisabled, to: .selected))
    }

    func testSelectDisableEnableKeepsItOn() {
        var toggle = Switch.Machine()
        for event: Switch.Event in [.select, .disable, .enable] {
            toggle.send(event)
            XCTAssertTrue(Switch.isSelected(toggle.state), "after \(event)")
        }
        XCTAssertEqual(toggle.state, .selected)
    }

    func testTapOnSwitchSeededMidPressFromUIKitTurnsItOff() {
        var toggle = Switch.Machine(state: Switch.State(controlStateFlags: [.selected, .highlighted]))
        XCTAssertEqual(toggle.state, .selectedHighlighted)
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .normal))
        XCTAssertFalse(Switch.isSelected(toggle.state))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Switch.target(from: .selectedHighlighted, on: .touchUpInside), .normal)
        XCTAssertEqual(Switch.target(from: .selected, on: .touchDown), .selectedHighlighted)
        XCTAssertNil(Switch.target(from: .selected, on: .touchUpInside), "no touch is down")
        XCTAssertNil(Switch.target(from: .selected, on: .touchCancel))
        XCTAssertEqual(Switch.events(allowedIn: .highlighted), [.touchUpInside, .touchUpOutside, .touchCancel, .disable, .select])
        XCTAssertEqual(Switch.events(allowedIn: .selected), [.touchDown, .disable, .deselect])
        XCTAssertEqual(Switch.events(allowedIn: .selectedDisabled), [.enable, .deselect])
    }

    func testTintFromSpec() {
        let tint = Switch.TintAttributes.spec
        XCTAssertEqual(tint.resolved(for: .normal).tintColor, color("#78788029"))
        // The switch's green is a Display P3 colour outside sRGB (base.tokens.json).
        let green = Controls.Color(displayP3Red: 0.2, green: 0.8, blue: 0.3)
        XCTAssertEqual(tint.resolved(for: .selected).tintColor, green)
        XCTAssertEqual(green.colorSpace, .displayP3)
        XCTAssertEqual(tint.resolved(for: .disabled).tintColor, color("#78788014"))
        XCTAssertEqual(tint.resolved(for: .highlighted).tintColor, color("#78788029"), "falls back to normal")
        XCTAssertEqual(tint.resolved(for: .selectedHighlighted).tintColor, green, "falls back to selected")
        XCTAssertEqual(tint.resolved(for: .selectedDisabled).tintColor, color("#34C75980"), "its own value")
    }

    func testAccessibilityValueIsZeroOrOneAsStrings() {
        // The spec writes 0 and 1 unquoted; the attribute's type (string) makes them "0" and "1".
        let accessibility = Switch.AccessibilityAttributes.spec
        XCTAssertEqual(accessibility.accessibilityValue[.normal], "0")
        XCTAssertEqual(accessibility.resolved(for: .selected).accessibilityValue, "1")
        XCTAssertEqual(accessibility.resolved(for: .highlighted).accessibilityValue, "0")
        XCTAssertEqual(accessibility.resolved(for: .disabled).accessibilityValue, "0")
        XCTAssertEqual(accessibility.resolved(for: .selectedHighlighted).accessibilityValue, "1")
    }

    func testDisabledOnSwitchReadsTheSameValueAsAnEnabledOne() {
        let accessibility = Switch.AccessibilityAttributes.spec
        var toggle = Switch.Machine()
        toggle.send(.select)
        let enabled = accessibility.resolved(for: toggle.state).accessibilityValue
        toggle.send(.disable)
        XCTAssertEqual(toggle.state, .selectedDisabled)
        let disabled = accessibility.resolved(for: toggle.state).accessibilityValue
        XCTAssertEqual(enabled, "1")
        XCTAssertEqual(disabled, "1")
        XCTAssertEqual(disabled, enabled)
    }

    func testOverridingOneStateChangesThatStateAndTheStatesFallingBackToIt() {
        var tint = Switch.TintAttributes.spec
        tint.tintColor[.selected] = color("#FF9500")
        XCTAssertEqual(tint.resolved(for: .selected).tintColor, color("#FF9500"))
        XCTAssertEqual(tint.resolved(for: .selectedHighlighted).tintColor, color("#FF9500"), "no value of its own: uses selected's")
        for state in [Switch.State.normal, .highlighted, .disabled, .selectedDisabled] {
            XCTAssertEqual(tint.resolved(for: state), Switch.TintAttributes.spec.resolved(for: state), "\(state)")
        }
    }
}
