// TextField models a UITextField. UIKit reserves the bits of UIControl.State.application
// (0x00FF0000) for the app's own states, so "invalid" is one of those bits and combines with
// UIKit's own flags like any other: an invalid field can be pressed or disabled and stays invalid
// (https://developer.apple.com/documentation/uikit/uicontrol/state/application,
//  https://developer.apple.com/documentation/uikit/uicontrol/state). A text field's textColor is
// one colour, not per state, so the app picks it from the state
// (https://developer.apple.com/documentation/uikit/uitextfield/textcolor).
import UIKitControls
import XCTest

/// TextField: its own validity region (valid, invalid) combined with normal, highlighted and
/// disabled; text and fill attributes; no selection.
final class TextFieldTests: XCTestCase {
    typealias Field = Controls.TextField

    func testValidationFailedThenPassed() {
        var field = Field.Machine()
        XCTAssertEqual(field.send(.validationPassed), .ignored, "already valid")
        XCTAssertEqual(field.send(.validationFailed), .moved(from: .normal, to: .invalid))
        XCTAssertEqual(field.send(.validationFailed), .ignored, "already invalid")
        XCTAssertEqual(field.send(.validationPassed), .moved(from: .invalid, to: .normal))
    }

    func testInvalidCombinesWithDisabled() {
        var field = Field.Machine()
        field.send(.validationFailed)
        XCTAssertEqual(field.send(.disable), .moved(from: .invalid, to: .invalidDisabled))
        XCTAssertEqual(field.send(.touchDown), .ignored, "a disabled field takes no touches")
        XCTAssertEqual(field.send(.enable), .moved(from: .invalidDisabled, to: .invalid), "still invalid")
    }

    func testInvalidCombinesWithHighlighted() {
        var field = Field.Machine(state: .invalid)
        XCTAssertEqual(field.send(.touchDown), .moved(from: .invalid, to: .invalidHighlighted))
        XCTAssertEqual(field.send(.touchUpInside), .moved(from: .invalidHighlighted, to: .invalid))
        field.send(.touchDown)
        XCTAssertEqual(field.send(.validationPassed), .moved(from: .invalidHighlighted, to: .highlighted), "still pressed")
    }

    func testValidationChangesWhileDisabledOnlyTheValidity() {
        var field = Field.Machine(state: .disabled)
        XCTAssertEqual(field.send(.validationFailed), .moved(from: .disabled, to: .invalidDisabled))
        XCTAssertEqual(field.send(.validationPassed), .moved(from: .invalidDisabled, to: .disabled))
        XCTAssertEqual(field.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testStatesAndEvents() {
        XCTAssertEqual(Field.State.allCases, [.normal, .highlighted, .disabled, .invalid, .invalidHighlighted, .invalidDisabled])
        XCTAssertEqual(Field.State.invalidHighlighted.rawValue, "invalid+highlighted")
        XCTAssertEqual(Field.State.invalidDisabled.rawValue, "invalid+disabled")
        XCTAssertEqual(Field.events(allowedIn: .invalid), [.touchDown, .disable, .validationPassed])
        XCTAssertEqual(Field.events(allowedIn: .invalidDisabled), [.enable, .validationPassed])
        XCTAssertNil(Field.State(rawValue: "selected"), "a text field's selection is its text's, not a control state")
        let kind: Any.Type = Field.self
        XCTAssertFalse(kind is any Controls.SelectableControlKind.Type)
    }

    func testInvalidIsAnApplicationBit() {
        let flags = Field.State.invalid.controlStateFlags
        XCTAssertEqual(flags, .application0)
        XCTAssertEqual(flags.rawValue, 1 << 16, "the first bit of UIControl.State.application")
        XCTAssertEqual(flags.rawValue & 0x00FF_0000, flags.rawValue, "inside UIControl.State.application")
        XCTAssertTrue(Field.State.invalidDisabled.controlStateFlags.contains(.application0))
        XCTAssertEqual(Field.State.invalidDisabled.controlStateFlags, [.disabled, .application0])
        XCTAssertEqual(Field.State.invalidHighlighted.controlStateFlags, [.highlighted, .application0])
        XCTAssertEqual(Field.State(controlStateFlags: [.application0]), .invalid)
        XCTAssertEqual(Field.State(controlStateFlags: [.application0, .disabled]), .invalidDisabled)
        XCTAssertEqual(Field.State(controlStateFlags: [.application0, .highlighted, .focused]), .invalidHighlighted)
        XCTAssertEqual(Field.State(controlStateFlags: [.selected]), .normal, "no selected state")
        for state in Field.State.allCases {
            XCTAssertEqual(Field.State(controlStateFlags: state.controlStateFlags), state)
        }
    }

    func testTextFromSpec() {
        let text = Field.TextAttributes.spec
        XCTAssertEqual(text.resolved(for: .normal), .init(textColor: color("#000000"), font: Controls.Font(.body), underline: false))
        XCTAssertEqual(text.resolved(for: .invalid), .init(textColor: color("#D70015"), font: Controls.Font(.body), underline: false))
        XCTAssertEqual(text.resolved(for: .disabled).textColor, color("#3C3C434D"))
        XCTAssertEqual(text.resolved(for: .highlighted), text.resolved(for: .normal))
        // highlighted has no text colour: a pressed invalid field stays red.
        XCTAssertEqual(text.resolved(for: .invalidHighlighted).textColor, color("#D70015"))
        // The kind's own precedence puts invalid first: a disabled invalid field stays red.
        XCTAssertEqual(text.resolved(for: .invalidDisabled).textColor, color("#D70015"))
    }

    func testFillFromSpec() {
        let fill = Field.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#FFFFFF"), cornerRadius: 10, borderWidth: 1, borderColor: color("#AEAEB2")))
        XCTAssertEqual(fill.resolved(for: .invalid), .init(backgroundColor: color("#FFFFFF"), cornerRadius: 10, borderWidth: 2, borderColor: color("#FF3B30")))
        XCTAssertEqual(fill.resolved(for: .invalidHighlighted), .init(backgroundColor: color("#F2F2F7"), cornerRadius: 10, borderWidth: 2, borderColor: color("#FF3B30")))
        // invalid has no background of its own: disabled's comes next in the chain; its border
        // width is invalid's.
        XCTAssertEqual(fill.resolved(for: .invalidDisabled), .init(backgroundColor: color("#F2F2F7"), cornerRadius: 10, borderWidth: 2, borderColor: color("#FF3B30")))
        XCTAssertEqual(fill.resolved(for: .disabled), .init(backgroundColor: color("#F2F2F7"), cornerRadius: 10, borderWidth: 1, borderColor: color("#AEAEB2")))
        // A pressed field is outlined in the action colour (an invalid one stays red, above).
        XCTAssertEqual(fill.resolved(for: .highlighted).borderColor, color("#0A84FF"))
    }

    func testMachineDrivesTheTextColour() {
        var field = Field.Machine()
        let text = Field.TextAttributes.spec
        field.send(.validationFailed)
        XCTAssertEqual(text.resolved(for: field.state).textColor, color("#D70015"))
        field.send(.touchDown)
        XCTAssertEqual(text.resolved(for: field.state).textColor, color("#D70015"))
        field.send(.touchUpInside)
        field.send(.validationPassed)
        XCTAssertEqual(text.resolved(for: field.state).textColor, color("#000000"))
    }

    func testStatesRoundTripThroughJSON() throws {
        try assertCodableRoundTrip(Field.State.allCases)
        try assertCodableRoundTrip(Field.Event.allCases)
    }
}
