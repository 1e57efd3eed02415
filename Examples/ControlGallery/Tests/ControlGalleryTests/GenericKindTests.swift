// Code written once over every kind. The rules it checks are UIKit's: a control's state is a set
// of independent flags, so a selected control stays selected while it is disabled or pressed
// (https://developer.apple.com/documentation/uikit/uicontrol/isselected), and each state is one
// combination of UIControl.State's bits, which converts back to the same state
// (https://developer.apple.com/documentation/uikit/uicontrol/state).
import UIKitControls
import XCTest

/// Code written once over every kind, through `Controls.ControlKind` and
/// `Controls.SelectableControlKind`.
final class GenericKindTests: XCTestCase {
    /// The table, the transition function and the machine agree for every pair of every kind.
    func check<Kind: Controls.ControlKind>(_: Kind.Type, file: StaticString = #filePath, line: UInt = #line) {
        for state in Kind.State.allCases {
            for event in Kind.Event.allCases {
                let target = Kind.target(from: state, on: event)
                let rows = Kind.transitions.filter { $0.source == state && $0.event == event }
                XCTAssertEqual(rows.map(\.target), target.map { [$0] } ?? [], file: file, line: line)
                var machine = Controls.Machine<Kind>(state: state)
                XCTAssertEqual(machine.canSend(event), target != nil, file: file, line: line)
                XCTAssertEqual(machine.allowedEvents.contains(event), target != nil, file: file, line: line)
                let outcome = machine.send(event)
                XCTAssertEqual(outcome, target.map { .moved(from: state, to: $0) } ?? .ignored, file: file, line: line)
            }
        }
    }

    func testEveryKindAgreesWithItself() {
        check(Controls.PushButton.self)
        check(Controls.ToggleButton.self)
        check(Controls.Segment.self)
        check(Controls.Switch.self)
        check(Controls.Slider.self)
        check(Controls.Stepper.self)
        check(Controls.TextField.self)
        check(Controls.TabBarItem.self)
        check(Controls.PageIndicator.self)
    }

    func assertEveryStateReachable<Kind: Controls.ControlKind>(
        _ kind: Kind.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(ControlGallery.reachableStates(kind), Set(Kind.State.allCases), "\(kind)", file: file, line: line)
    }

    /// Every combined state (a pressed selected toggle, a disabled invalid text field) can be
    /// reached from a new control.
    func testEveryStateIsReachable() {
        assertEveryStateReachable(Controls.PushButton.self)
        assertEveryStateReachable(Controls.ToggleButton.self)
        assertEveryStateReachable(Controls.Segment.self)
        assertEveryStateReachable(Controls.Switch.self)
        assertEveryStateReachable(Controls.Slider.self)
        assertEveryStateReachable(Controls.Stepper.self)
        assertEveryStateReachable(Controls.TextField.self)
        assertEveryStateReachable(Controls.TabBarItem.self)
        assertEveryStateReachable(Controls.PageIndicator.self)
    }

    func testSelectionWitnessesAreTheSpecsSelectedStateAndRoles() {
        XCTAssertEqual(Controls.Segment.selectedState, .selected)
        XCTAssertEqual(Controls.Segment.selectEvent, .select)
        XCTAssertEqual(Controls.TabBarItem.deselectEvent, .deselect)
        XCTAssertEqual(Controls.Switch.State.allCases.filter(Controls.Switch.isSelected),
                       [.selected, .selectedHighlighted, .selectedDisabled],
                       "an on switch is on while pressed or disabled too")
    }

    /// select, then disable, then enable, for one selectable kind: the control is selected after
    /// every step, its UIKit flags say so, and it ends where `select` put it.
    func assertSelectionSurvivesDisabling<Kind: Controls.SelectableControlKind>(
        _ kind: Kind.Type, disable: Kind.Event, enable: Kind.Event,
        file: StaticString = #filePath, line: UInt = #line
    ) where Kind.State: Controls.ControlStateConvertible {
        var machine = Controls.Machine<Kind>()
        XCTAssertFalse(Kind.isSelected(machine.state), "\(kind)", file: file, line: line)
        machine.send(Kind.selectEvent)
        XCTAssertEqual(machine.state, Kind.selectedState, "\(kind)", file: file, line: line)
        XCTAssertTrue(Kind.isSelected(machine.state), "\(kind) after select", file: file, line: line)
        machine.send(disable)
        XCTAssertTrue(Kind.isSelected(machine.state), "\(kind) after disable", file: file, line: line)
        XCTAssertEqual(machine.state.controlStateFlags, [.disabled, .selected], "\(kind)", file: file, line: line)
        machine.send(enable)
        XCTAssertTrue(Kind.isSelected(machine.state), "\(kind) after enable", file: file, line: line)
        XCTAssertEqual(machine.state, Kind.selectedState, "\(kind)", file: file, line: line)
        XCTAssertEqual(machine.state.controlStateFlags, [.selected], "\(kind)", file: file, line: line)
    }

    func testSelectDisableEnableKeepsEverySelectableKindSelected() {
        assertSelectionSurvivesDisabling(Controls.ToggleButton.self, disable: .disable, enable: .enable)
        assertSelectionSurvivesDisabling(Controls.Segment.self, disable: .disable, enable: .enable)
        assertSelectionSurvivesDisabling(Controls.Switch.self, disable: .disable, enable: .enable)
        assertSelectionSurvivesDisabling(Controls.TabBarItem.self, disable: .disable, enable: .enable)
        assertSelectionSurvivesDisabling(Controls.PageIndicator.self, disable: .disable, enable: .enable)
    }

    /// For every state of a selectable kind: `isSelected` is the `.selected` flag; `select` from an
    /// unselected state only adds that flag, and `deselect` takes it away again, whatever the
    /// highlighted and disabled flags are (isSelected is independent of them).
    func assertSelectionIsOneFlag<Kind: Controls.SelectableControlKind>(
        _ kind: Kind.Type, file: StaticString = #filePath, line: UInt = #line
    ) where Kind.State: Controls.ControlStateConvertible {
        for state in Kind.State.allCases {
            let flags = state.controlStateFlags
            XCTAssertEqual(Kind.isSelected(state), flags.contains(.selected), "\(kind) \(state)", file: file, line: line)
            guard !Kind.isSelected(state) else { continue }
            var machine = Controls.Machine<Kind>(state: state)
            XCTAssertEqual(machine.send(Kind.selectEvent), .moved(from: state, to: Kind.State(controlStateFlags: flags.union(.selected))),
                           "\(kind) \(state) on select", file: file, line: line)
            let selected = machine.state
            XCTAssertEqual(selected.controlStateFlags, flags.union(.selected), "\(kind) \(state)", file: file, line: line)
            XCTAssertEqual(machine.send(Kind.deselectEvent), .moved(from: selected, to: state),
                           "\(kind) \(state) on deselect", file: file, line: line)
        }
    }

    func testSelectionIsOneFlagForEverySelectableKind() {
        assertSelectionIsOneFlag(Controls.ToggleButton.self)
        assertSelectionIsOneFlag(Controls.Segment.self)
        assertSelectionIsOneFlag(Controls.Switch.self)
        assertSelectionIsOneFlag(Controls.TabBarItem.self)
        assertSelectionIsOneFlag(Controls.PageIndicator.self)
    }

    func testChooseWorksForEverySelectableKind() {
        var items = Array(repeating: Controls.TabBarItem.Machine(), count: 4)
        ControlGallery.choose(1, in: &items)
        ControlGallery.choose(3, in: &items)
        XCTAssertEqual(items.map(\.state), [.normal, .normal, .normal, .selected])
        var dots = [Controls.PageIndicator.Machine(state: .selected), Controls.PageIndicator.Machine()]
        XCTAssertEqual(ControlGallery.choose(1, in: &dots), .moved(from: .normal, to: .selected))
        XCTAssertEqual(dots.map(\.state), [.normal, .selected])
    }

    func testCanSendAsksWithoutMoving() {
        let button = Controls.PushButton.Machine(state: .disabled)
        XCTAssertTrue(button.canSend(.enable))
        XCTAssertFalse(button.canSend(.touchDown))
        XCTAssertEqual(button.allowedEvents, [.enable])
        XCTAssertEqual(button.state, .disabled)
    }

    func testStatesConvertToAndFromUIKitFlags() {
        typealias State = Controls.ToggleButton.State
        XCTAssertEqual(State.highlighted.controlStateFlags.rawValue, 1, "UIControl.State.highlighted = 1 << 0")
        XCTAssertEqual(State.disabled.controlStateFlags.rawValue, 2, "UIControl.State.disabled = 1 << 1")
        XCTAssertEqual(State.selected.controlStateFlags.rawValue, 4, "UIControl.State.selected = 1 << 2")
        XCTAssertEqual(State.selectedHighlighted.controlStateFlags, [.selected, .highlighted])
        XCTAssertEqual(State.selectedDisabled.controlStateFlags, [.selected, .disabled])
        XCTAssertEqual(State(controlStateFlags: [.selected, .highlighted]), .selectedHighlighted, "a pressed on toggle")
        XCTAssertEqual(State(controlStateFlags: [.disabled, .selected]), .selectedDisabled, "a disabled on toggle")
        XCTAssertEqual(State(controlStateFlags: [.focused]), .normal, "a flag the kind has no state for")
        XCTAssertEqual(State(controlStateFlags: [.selected, .focused]), .selected)
        XCTAssertEqual(State(controlStateFlags: [.highlighted, .disabled]), .disabled, "a disabled control is not pressed")
        XCTAssertEqual(State(controlStateFlags: [.highlighted, .disabled, .selected]), .selectedDisabled)
    }

    /// `State(controlStateFlags: s.controlStateFlags) == s` for every state of `State`.
    func assertFlagsRoundTrip<State>(
        _: State.Type, file: StaticString = #filePath, line: UInt = #line
    ) where State: Controls.ControlStateConvertible & CaseIterable & Equatable {
        for state in State.allCases {
            XCTAssertEqual(State(controlStateFlags: state.controlStateFlags), state, "\(state)", file: file, line: line)
        }
        let flags = State.allCases.map(\.controlStateFlags.rawValue)
        XCTAssertEqual(Set(flags).count, flags.count, "\(State.self): two states with the same flags", file: file, line: line)
    }

    func testEveryStateOfEveryKindRoundTripsThroughFlags() {
        assertFlagsRoundTrip(Controls.PushButton.State.self)
        assertFlagsRoundTrip(Controls.ToggleButton.State.self)
        assertFlagsRoundTrip(Controls.Segment.State.self)
        assertFlagsRoundTrip(Controls.Switch.State.self)
        assertFlagsRoundTrip(Controls.Slider.State.self)
        assertFlagsRoundTrip(Controls.Stepper.State.self)
        assertFlagsRoundTrip(Controls.TextField.State.self)
        assertFlagsRoundTrip(Controls.TabBarItem.State.self)
        assertFlagsRoundTrip(Controls.PageIndicator.State.self)
    }

    /// For every combination of `flags` UIKit could report, the state it converts to has flags
    /// that are part of the combination, and no state of the kind has a larger such part.
    func assertLargestPart<State>(
        _: State.Type, of flags: [Controls.ControlStateFlags], file: StaticString = #filePath, line: UInt = #line
    ) where State: Controls.ControlStateConvertible & CaseIterable {
        for reported in allCombinations(of: flags) {
            let converted = State(controlStateFlags: reported).controlStateFlags
            XCTAssertTrue(converted.isSubset(of: reported), "\(State.self) from \(reported.rawValue)", file: file, line: line)
            let largest = State.allCases.map(\.controlStateFlags).filter { $0.isSubset(of: reported) }
                .map(\.rawValue.nonzeroBitCount).max() ?? 0
            XCTAssertEqual(converted.rawValue.nonzeroBitCount, largest, "\(State.self) from \(reported.rawValue)", file: file, line: line)
        }
    }

    func testUIKitsFlagsConvertToTheLargestMatchingState() {
        let touch: [Controls.ControlStateFlags] = [.highlighted, .disabled, .focused]
        assertLargestPart(Controls.PushButton.State.self, of: touch)
        assertLargestPart(Controls.Slider.State.self, of: touch)
        assertLargestPart(Controls.ToggleButton.State.self, of: touch + [.selected])
        assertLargestPart(Controls.Segment.State.self, of: touch + [.selected])
        assertLargestPart(Controls.Switch.State.self, of: touch + [.selected])
        assertLargestPart(Controls.TabBarItem.State.self, of: touch + [.selected])
        assertLargestPart(Controls.PageIndicator.State.self, of: touch + [.selected])
        assertLargestPart(Controls.TextField.State.self, of: touch + [.selected, .application0])
    }
}
