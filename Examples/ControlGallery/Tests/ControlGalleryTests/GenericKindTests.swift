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

    func testEveryStateIsReachable() {
        XCTAssertEqual(ControlGallery.reachableStates(Controls.PushButton.self), Set(Controls.PushButton.State.allCases))
        XCTAssertEqual(ControlGallery.reachableStates(Controls.Segment.self), Set(Controls.Segment.State.allCases))
        XCTAssertEqual(ControlGallery.reachableStates(Controls.PageIndicator.self), Set(Controls.PageIndicator.State.allCases))
    }

    func testSelectionWitnessesAreTheSpecsSelectedStateAndRoles() {
        XCTAssertEqual(Controls.Segment.selectedState, .selected)
        XCTAssertEqual(Controls.Segment.selectEvent, .select)
        XCTAssertEqual(Controls.TabBarItem.deselectEvent, .deselect)
        XCTAssertEqual(Controls.Switch.State.allCases.filter(Controls.Switch.isSelected), [.selected])
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
        XCTAssertEqual(State(controlStateFlags: [.selected, .highlighted]), .highlighted)
        XCTAssertEqual(State(controlStateFlags: [.disabled, .selected]), .disabled)
        XCTAssertEqual(State(controlStateFlags: [.focused]), .normal, "a flag the kind has no state for")
        for state in State.allCases { XCTAssertEqual(State(controlStateFlags: state.controlStateFlags), state) }
    }
}
