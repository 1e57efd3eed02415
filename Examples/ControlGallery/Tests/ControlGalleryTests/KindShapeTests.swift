// Which states each kind has. UIKit reports a control's state as a set of flags
// (UIControl.State), so a kind with selection has a state for each combination its controls can
// be in: a selected control can also be pressed or disabled
// (https://developer.apple.com/documentation/uikit/uicontrol/state,
//  https://developer.apple.com/documentation/uikit/uicontrol/isselected). Kinds whose UIKit class
// has no on/off value (a push button, UISlider, UIStepper) have no selection.
import Foundation
import UIKitControls
import XCTest

/// Which states and events each kind has, where a new machine starts, and how states and events
/// are encoded.
final class KindShapeTests: XCTestCase {
    /// The spec's states and events, in declaration order; a combination is named with `+`,
    /// the selection region's state first.
    static let basicStates = ["normal", "highlighted", "disabled"]
    static let selectionStates = basicStates + ["selected", "selected+highlighted", "selected+disabled"]
    static let textFieldStates = basicStates + ["invalid", "invalid+highlighted", "invalid+disabled"]
    static let basicEvents = ["touchDown", "touchUpInside", "touchUpOutside", "touchCancel", "disable", "enable"]
    static let selectionEvents = basicEvents + ["select", "deselect"]
    static let textFieldEvents = basicEvents + ["validationFailed", "validationPassed"]

    func testKindsWithoutSelectionHaveNoSelectedStateAndNoSelectionEvents() {
        XCTAssertEqual(Controls.PushButton.State.allCases.map(\.rawValue), Self.basicStates)
        XCTAssertEqual(Controls.PushButton.Event.allCases.map(\.rawValue), Self.basicEvents)
        XCTAssertEqual(Controls.Slider.State.allCases.map(\.rawValue), Self.basicStates)
        XCTAssertEqual(Controls.Slider.Event.allCases.map(\.rawValue), Self.basicEvents)
        XCTAssertEqual(Controls.Stepper.State.allCases.map(\.rawValue), Self.basicStates)
        XCTAssertEqual(Controls.Stepper.Event.allCases.map(\.rawValue), Self.basicEvents)
        XCTAssertNil(Controls.PushButton.State(rawValue: "selected"))
        XCTAssertNil(Controls.PushButton.State(rawValue: "selected+highlighted"))
        XCTAssertNil(Controls.Slider.Event(rawValue: "select"))
    }

    func testTextFieldHasItsOwnStatesAndEventsButNoSelection() {
        XCTAssertEqual(Controls.TextField.State.allCases.map(\.rawValue), Self.textFieldStates)
        XCTAssertEqual(Controls.TextField.Event.allCases.map(\.rawValue), Self.textFieldEvents)
        XCTAssertNil(Controls.TextField.State(rawValue: "selected"))
        XCTAssertNil(Controls.TextField.Event(rawValue: "select"))
    }

    func testKindsWithSelectionHaveAllStatesAndEvents() {
        XCTAssertEqual(Controls.ToggleButton.State.allCases.map(\.rawValue), Self.selectionStates)
        XCTAssertEqual(Controls.ToggleButton.Event.allCases.map(\.rawValue), Self.selectionEvents)
        XCTAssertEqual(Controls.Segment.State.allCases.map(\.rawValue), Self.selectionStates)
        XCTAssertEqual(Controls.Segment.Event.allCases.map(\.rawValue), Self.selectionEvents)
        XCTAssertEqual(Controls.Switch.State.allCases.map(\.rawValue), Self.selectionStates)
        XCTAssertEqual(Controls.Switch.Event.allCases.map(\.rawValue), Self.selectionEvents)
        XCTAssertEqual(Controls.TabBarItem.State.allCases.map(\.rawValue), Self.selectionStates)
        XCTAssertEqual(Controls.TabBarItem.Event.allCases.map(\.rawValue), Self.selectionEvents)
        XCTAssertEqual(Controls.PageIndicator.State.allCases.map(\.rawValue), Self.selectionStates)
        XCTAssertEqual(Controls.PageIndicator.Event.allCases.map(\.rawValue), Self.selectionEvents)
    }

    func testCombinedStatesHaveCamelCasedSwiftNames() {
        XCTAssertEqual(Controls.ToggleButton.State(rawValue: "selected+highlighted"), .selectedHighlighted)
        XCTAssertEqual(Controls.ToggleButton.State(rawValue: "selected+disabled"), .selectedDisabled)
        XCTAssertNil(Controls.ToggleButton.State(rawValue: "highlighted+selected"), "region first, as the spec names it")
        XCTAssertEqual(Controls.TextField.State(rawValue: "invalid+disabled"), .invalidDisabled)
    }

    func testEveryKindStartsNormal() {
        XCTAssertEqual(Controls.PushButton.initialState, .normal)
        XCTAssertEqual(Controls.ToggleButton.initialState, .normal)
        XCTAssertEqual(Controls.Segment.initialState, .normal)
        XCTAssertEqual(Controls.Switch.initialState, .normal)
        XCTAssertEqual(Controls.Slider.initialState, .normal)
        XCTAssertEqual(Controls.Stepper.initialState, .normal)
        XCTAssertEqual(Controls.TextField.initialState, .normal)
        XCTAssertEqual(Controls.TabBarItem.initialState, .normal)
        XCTAssertEqual(Controls.PageIndicator.initialState, .normal)

        XCTAssertEqual(Controls.PushButton.Machine().state, .normal)
        XCTAssertEqual(Controls.ToggleButton.Machine().state, .normal)
        XCTAssertEqual(Controls.Segment.Machine().state, .normal)
        XCTAssertEqual(Controls.Switch.Machine().state, .normal)
        XCTAssertEqual(Controls.Slider.Machine().state, .normal)
        XCTAssertEqual(Controls.TabBarItem.Machine().state, .normal)
    }

    func testMachineCanStartInAnyState() {
        XCTAssertEqual(Controls.Switch.Machine(state: .selected).state, .selected)
        XCTAssertEqual(Controls.Switch.Machine(state: .selectedDisabled).state, .selectedDisabled)
        XCTAssertEqual(Controls.Slider.Machine(state: .disabled).state, .disabled)
    }

    func testMachinesAreValuesComparedByState() {
        var original = Controls.Switch.Machine()
        var copy = original
        copy.send(.select)
        XCTAssertEqual(original.state, .normal, "sending to a copy leaves the original as it was")
        XCTAssertEqual(copy.state, .selected)
        XCTAssertNotEqual(original, copy)
        original.send(.select)
        XCTAssertEqual(original, copy)
        XCTAssertEqual(Set([original, copy, Controls.Switch.Machine(state: .selected)]).count, 1)
    }

    func testStatesRoundTripThroughJSON() throws {
        try assertCodableRoundTrip(Controls.PushButton.State.allCases)
        try assertCodableRoundTrip(Controls.ToggleButton.State.allCases)
        try assertCodableRoundTrip(Controls.Segment.State.allCases)
        try assertCodableRoundTrip(Controls.Switch.State.allCases)
        try assertCodableRoundTrip(Controls.Slider.State.allCases)
        try assertCodableRoundTrip(Controls.TabBarItem.State.allCases)
        try assertCodableRoundTrip(Controls.TextField.State.allCases)
        try assertCodableRoundTrip(Controls.PageIndicator.State.allCases)
    }

    func testEventsRoundTripThroughJSON() throws {
        try assertCodableRoundTrip(Controls.PushButton.Event.allCases)
        try assertCodableRoundTrip(Controls.Segment.Event.allCases)
        try assertCodableRoundTrip(Controls.TabBarItem.Event.allCases)
    }

    func testSavedStateRestoresAMachine() throws {
        var saved = Controls.TabBarItem.Machine()
        saved.send(.touchDown)
        saved.send(.touchUpInside)
        let data = try JSONEncoder().encode(["selectedTab": saved.state])
        let decoded = try JSONDecoder().decode([String: Controls.TabBarItem.State].self, from: data)
        let restored = Controls.TabBarItem.Machine(state: try XCTUnwrap(decoded["selectedTab"]))
        XCTAssertEqual(restored, saved)
        XCTAssertEqual(restored.state, .selected)
    }

    func testDecodingAStateTheKindDoesNotHaveFails() {
        let json = Data(#"["selected"]"#.utf8)
        XCTAssertNoThrow(try JSONDecoder().decode([Controls.Segment.State].self, from: json))
        XCTAssertEqual(try JSONDecoder().decode([Controls.Segment.State].self, from: Data(#"["selected+highlighted"]"#.utf8)),
                       [.selectedHighlighted])
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.Segment.State].self, from: Data(#"["invalid"]"#.utf8)),
                             "a text field's own state")
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.TextField.State].self, from: json))
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.PushButton.State].self, from: json))
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.Slider.State].self, from: json))
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.Slider.Event].self, from: Data(#"["select"]"#.utf8)))
    }
}
