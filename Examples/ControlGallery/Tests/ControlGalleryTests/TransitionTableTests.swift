import UIKitControls
import XCTest

/// Every kind's whole transition API, pair by pair, against the rows controls.yml gives it.
final class TransitionTableTests: XCTestCase {
    // The kinds' own `transitions:` in controls.yml.
    static let tapSelectsAndTogglesOff: Rows = [
        "highlighted": ["touchUpInside": "selected"],
        "selected": ["touchUpInside": "normal"],
    ]
    static let tapChoosesAndKeepsChosen: Rows = [
        "highlighted": ["touchUpInside": "selected"],
        "selected": ["touchDown": "selected"],
    ]

    func testPushButton() {
        typealias Kind = Controls.PushButton
        assertTransitions(
            of: "PushButton", expected: rows(),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testToggleButton() {
        typealias Kind = Controls.ToggleButton
        assertTransitions(
            of: "ToggleButton", expected: rows(overriddenBy: Self.tapSelectsAndTogglesOff),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSegment() {
        typealias Kind = Controls.Segment
        assertTransitions(
            of: "Segment", expected: rows(overriddenBy: Self.tapChoosesAndKeepsChosen),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSwitch() {
        typealias Kind = Controls.Switch
        assertTransitions(
            of: "Switch", expected: rows(overriddenBy: Self.tapSelectsAndTogglesOff),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSlider() {
        typealias Kind = Controls.Slider
        assertTransitions(
            of: "Slider", expected: rows(),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testStepper() {
        typealias Kind = Controls.Stepper
        assertTransitions(
            of: "Stepper", expected: rows(),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testTextField() {
        typealias Kind = Controls.TextField
        assertTransitions(
            of: "TextField", expected: rows(),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testTabBarItem() {
        typealias Kind = Controls.TabBarItem
        assertTransitions(
            of: "TabBarItem", expected: rows(overriddenBy: Self.tapChoosesAndKeepsChosen),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testPageIndicator() {
        typealias Kind = Controls.PageIndicator
        assertTransitions(
            of: "PageIndicator", expected: rows(),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    /// The shared rows alone: a kind without its own `transitions:` gets exactly these (minus
    /// selection rows when it has no selection), so row counts are known from the spec.
    func testRowCounts() {
        // 10 shared rows; 3 of them (normal.select, selected.deselect, selected.disable) need selection.
        XCTAssertEqual(Controls.PushButton.transitions.count, 7)
        XCTAssertEqual(Controls.Slider.transitions.count, 7)
        XCTAssertEqual(Controls.Stepper.transitions.count, 7)
        XCTAssertEqual(Controls.TextField.transitions.count, 7)
        XCTAssertEqual(Controls.PageIndicator.transitions.count, 10)
        // One row replaced (highlighted.touchUpInside), one added (selected.touchUpInside / touchDown).
        XCTAssertEqual(Controls.ToggleButton.transitions.count, 11)
        XCTAssertEqual(Controls.Switch.transitions.count, 11)
        XCTAssertEqual(Controls.Segment.transitions.count, 11)
        XCTAssertEqual(Controls.TabBarItem.transitions.count, 11)
    }

    /// "Every transition row, ordered by source state, then event" (the order the spec declares them).
    func testTransitionsAreOrderedBySourceThenEvent() {
        typealias Kind = Controls.ToggleButton
        let stateOrder = Kind.State.allCases, eventOrder = Kind.Event.allCases
        let keys = Kind.transitions.map {
            [stateOrder.firstIndex(of: $0.source)!, eventOrder.firstIndex(of: $0.event)!]
        }
        XCTAssertEqual(keys, keys.sorted { $0.lexicographicallyPrecedes($1) })
    }
}
