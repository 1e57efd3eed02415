import UIKitControls
import XCTest

/// Switch: isOn is modelled as `selected`; a tap flips it. Tint and accessibility attributes.
final class SwitchTests: XCTestCase {
    typealias Switch = Controls.Switch

    func testTapTurnsOnThenOff() {
        var toggle = Switch.Machine()
        XCTAssertEqual(toggle.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .highlighted, to: .selected))
        XCTAssertEqual(toggle.send(.touchDown), .ignored, "an on switch has no touchDown row")
        XCTAssertEqual(toggle.send(.touchUpInside), .moved(from: .selected, to: .normal))
    }

    func testDraggingOffTheSwitchOrCancellingLeavesItOff() {
        var toggle = Switch.Machine()
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        toggle.send(.touchDown)
        XCTAssertEqual(toggle.send(.touchCancel), .moved(from: .highlighted, to: .normal))
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
        XCTAssertEqual(toggle.send(.select), .ignored)
        XCTAssertEqual(toggle.send(.touchDown), .ignored)
        XCTAssertEqual(toggle.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Switch.target(from: .selected, on: .touchUpInside), .normal)
        XCTAssertNil(Switch.target(from: .selected, on: .touchCancel))
        XCTAssertEqual(Switch.events(allowedIn: .highlighted), [.touchUpInside, .touchUpOutside, .touchCancel, .disable])
        XCTAssertEqual(Switch.events(allowedIn: .selected), [.touchUpInside, .disable, .deselect])
    }

    func testTintFromSpec() {
        let tint = Switch.TintAttributes.spec
        XCTAssertEqual(tint.resolved(for: .normal).tintColor, color("#78788029"))
        XCTAssertEqual(tint.resolved(for: .selected).tintColor, color("#34C759"))
        XCTAssertEqual(tint.resolved(for: .disabled).tintColor, color("#78788014"))
        XCTAssertEqual(tint.resolved(for: .highlighted).tintColor, color("#78788029"), "falls back to normal")
    }

    func testAccessibilityValueIsZeroOrOneAsStrings() {
        // The spec writes 0 and 1 unquoted; the attribute's type (string) makes them "0" and "1".
        let accessibility = Switch.AccessibilityAttributes.spec
        XCTAssertEqual(accessibility.accessibilityValue.normal, "0")
        XCTAssertEqual(accessibility.resolved(for: .selected).accessibilityValue, "1")
        XCTAssertEqual(accessibility.resolved(for: .highlighted).accessibilityValue, "0")
        XCTAssertEqual(accessibility.resolved(for: .disabled).accessibilityValue, "0")
    }

    func testOverridingOneStateChangesOnlyThatState() {
        var tint = Switch.TintAttributes.spec
        tint.tintColor.selected = color("#FF9500")
        XCTAssertEqual(tint.resolved(for: .selected).tintColor, color("#FF9500"))
        for state in [Switch.State.normal, .highlighted, .disabled] {
            XCTAssertEqual(tint.resolved(for: state), Switch.TintAttributes.spec.resolved(for: state), "\(state)")
        }
    }
}
