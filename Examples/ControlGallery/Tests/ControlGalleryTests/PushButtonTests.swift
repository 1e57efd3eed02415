// PushButton models a UIButton used for a one-off action: it is highlighted while a touch is
// down inside it, acts when the touch lifts inside, and keeps no on/off value, so it has no
// selected state (https://developer.apple.com/documentation/uikit/uicontrol/ishighlighted,
// https://developer.apple.com/documentation/uikit/uicontrol/event/touchupinside). A disabled
// control ignores touches (https://developer.apple.com/documentation/uikit/uicontrol/isenabled).
import UIKitControls
import XCTest

/// PushButton: acts on touch up, holds no on/off state (no selection); label and fill attributes.
final class PushButtonTests: XCTestCase {
    typealias Button = Controls.PushButton

    func testTapHighlightsThenReturnsToNormal() {
        var button = Button.Machine()
        XCTAssertEqual(button.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(button.state, .highlighted)
        XCTAssertEqual(button.send(.touchUpInside), .moved(from: .highlighted, to: .normal))
        XCTAssertEqual(button.state, .normal)
    }

    func testLiftingOutsideOrCancellingAlsoEndsTheHighlight() {
        var button = Button.Machine()
        button.send(.touchDown)
        XCTAssertEqual(button.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        button.send(.touchDown)
        XCTAssertEqual(button.send(.touchCancel), .moved(from: .highlighted, to: .normal))
        XCTAssertEqual(button.state, .normal)
    }

    func testTouchEventsOutOfSequenceAreIgnored() {
        var button = Button.Machine()
        XCTAssertEqual(button.send(.touchUpInside), .ignored, "no touch is down")
        XCTAssertEqual(button.send(.touchUpOutside), .ignored)
        XCTAssertEqual(button.send(.touchCancel), .ignored)
        XCTAssertEqual(button.state, .normal)
        button.send(.touchDown)
        XCTAssertEqual(button.send(.touchDown), .ignored, "already highlighted")
        XCTAssertEqual(button.state, .highlighted)
    }

    func testDisabledButtonIgnoresTouchesUntilEnabled() {
        var button = Button.Machine()
        XCTAssertEqual(button.send(.disable), .moved(from: .normal, to: .disabled))
        for event: Button.Event in [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel, .disable] {
            XCTAssertEqual(button.send(event), .ignored, "\(event)")
            XCTAssertEqual(button.state, .disabled)
        }
        XCTAssertEqual(button.send(.enable), .moved(from: .disabled, to: .normal))
        XCTAssertEqual(button.send(.enable), .ignored, "already enabled")
        XCTAssertEqual(button.send(.touchDown), .moved(from: .normal, to: .highlighted))
    }

    func testDisablingDuringATouchEndsIt() {
        var button = Button.Machine()
        button.send(.touchDown)
        XCTAssertEqual(button.send(.disable), .moved(from: .highlighted, to: .disabled))
        XCTAssertEqual(button.send(.touchUpInside), .ignored, "the lift after disabling does nothing")
        XCTAssertEqual(button.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetForRowsAndUnhandledPairs() {
        XCTAssertEqual(Button.target(from: .normal, on: .touchDown), .highlighted)
        XCTAssertEqual(Button.target(from: .highlighted, on: .touchUpInside), .normal)
        XCTAssertEqual(Button.target(from: .highlighted, on: .disable), .disabled)
        XCTAssertEqual(Button.target(from: .disabled, on: .enable), .normal)
        XCTAssertNil(Button.target(from: .normal, on: .enable))
        XCTAssertNil(Button.target(from: .highlighted, on: .touchDown))
        XCTAssertNil(Button.target(from: .disabled, on: .touchDown))
    }

    func testEventsAllowedInEachState() {
        XCTAssertEqual(Button.events(allowedIn: .normal), [.touchDown, .disable])
        XCTAssertEqual(Button.events(allowedIn: .highlighted), [.touchUpInside, .touchUpOutside, .touchCancel, .disable])
        XCTAssertEqual(Button.events(allowedIn: .disabled), [.enable])
    }

    func testLabelFromSpec() {
        let label = Button.LabelAttributes.spec
        // The typography token font.button: 17 pt bold with its letter spacing and line height,
        // scaled as headline text.
        let title = Controls.Font(.headline, weight: .bold, size: 17, lineHeight: 1.3, letterSpacing: -0.4)
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#FFFFFF"), font: title, underline: false))
        XCTAssertEqual(label.resolved(for: .highlighted), .init(titleColor: color("#FFFFFFB3"), font: title, underline: false))
        XCTAssertEqual(label.resolved(for: .disabled), .init(titleColor: color("#FFFFFF80"), font: title, underline: false))
    }

    func testFillFromSpecFallsBackToNormalForRadiusAndBorder() {
        let fill = Button.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#0A84FF"), cornerRadius: 12, borderWidth: 0, borderColor: color("#00000000")))
        XCTAssertEqual(fill.resolved(for: .highlighted), .init(backgroundColor: color("#0060DF"), cornerRadius: 12, borderWidth: 0, borderColor: color("#00000000")))
        XCTAssertEqual(fill.resolved(for: .disabled), .init(backgroundColor: color("#8E8E93"), cornerRadius: 12, borderWidth: 0, borderColor: color("#00000000")))
        XCTAssertFalse(fill.cornerRadius.hasOwnValue(.highlighted), "the spec gives cornerRadius for normal only")
        XCTAssertFalse(fill.cornerRadius.hasOwnValue(.disabled))
        XCTAssertTrue(fill.cornerRadius.hasOwnValue(.normal))
    }

    func testMachineStateDrivesStyling() {
        var button = Button.Machine()
        let fill = Button.FillAttributes.spec
        button.send(.touchDown)
        XCTAssertEqual(fill.resolved(for: button.state).backgroundColor, color("#0060DF"))
        button.send(.disable)
        XCTAssertEqual(fill.resolved(for: button.state).backgroundColor, color("#8E8E93"))
    }

    func testRemovingAStateValueFallsBackToNormal() {
        var fill = Button.FillAttributes.spec
        fill.backgroundColor.removeValue(for: .highlighted)
        XCTAssertEqual(fill.resolved(for: .highlighted).backgroundColor, color("#0A84FF"))
        XCTAssertEqual(fill.resolved(for: .disabled).backgroundColor, color("#8E8E93"), "other states keep theirs")
        XCTAssertNotEqual(fill, Button.FillAttributes.spec)
    }
}
