// Each kind's whole transition table, pair by pair. The expected tables treat UIKit's state
// properties as independent: a touch changes isHighlighted, the app changes isEnabled and
// isSelected (or UISwitch.isOn), and changing one never resets another
// (https://developer.apple.com/documentation/uikit/uicontrol/state,
//  https://developer.apple.com/documentation/uikit/uicontrol/isselected,
//  https://developer.apple.com/documentation/uikit/uicontrol/isenabled).
import UIKitControls
import XCTest

/// Every kind's whole transition API, pair by pair, against the rows controls.yml gives it.
final class TransitionTableTests: XCTestCase {
    /// The shared rows of the main region alone: kinds without selection.
    static let plain = mainRows
    /// The main region combined with selection: selected+highlighted, selected+disabled and so on.
    static let selectable = combine(mainRows, with: selectionRows, initial: "unselected")
    /// A text field: the main region combined with its own validity region.
    static let validating = combine(mainRows, with: validityRows, initial: "valid")

    // The kinds' own `transitions:` in controls.yml, flattened.
    /// ToggleButton and Switch (UIButton.changesSelectionAsPrimaryAction, UISwitch): a tap that
    /// ends inside flips the selection, from either pressed state.
    static let tapToggles: Rows = [
        "highlighted": ["touchUpInside": "selected"],
        "selected+highlighted": ["touchUpInside": "normal"],
    ]
    /// Segment and TabBarItem: a tap chooses an unchosen one; the chosen one keeps the shared row
    /// (selected+highlighted → touchUpInside → selected).
    static let tapChooses: Rows = [
        "highlighted": ["touchUpInside": "selected"],
    ]

    func testPushButton() {
        typealias Kind = Controls.PushButton
        assertTransitions(
            of: "PushButton", expected: Self.plain,
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testToggleButton() {
        typealias Kind = Controls.ToggleButton
        assertTransitions(
            of: "ToggleButton", expected: rows(Self.selectable, overriddenBy: Self.tapToggles),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSegment() {
        typealias Kind = Controls.Segment
        assertTransitions(
            of: "Segment", expected: rows(Self.selectable, overriddenBy: Self.tapChooses),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSwitch() {
        typealias Kind = Controls.Switch
        assertTransitions(
            of: "Switch", expected: rows(Self.selectable, overriddenBy: Self.tapToggles),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testSlider() {
        typealias Kind = Controls.Slider
        assertTransitions(
            of: "Slider", expected: Self.plain,
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testStepper() {
        typealias Kind = Controls.Stepper
        assertTransitions(
            of: "Stepper", expected: Self.plain,
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testTextField() {
        typealias Kind = Controls.TextField
        assertTransitions(
            of: "TextField", expected: Self.validating,
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testTabBarItem() {
        typealias Kind = Controls.TabBarItem
        assertTransitions(
            of: "TabBarItem", expected: rows(Self.selectable, overriddenBy: Self.tapChooses),
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    func testPageIndicator() {
        typealias Kind = Controls.PageIndicator
        assertTransitions(
            of: "PageIndicator", expected: Self.selectable,
            target: Kind.target(from:on:),
            table: Kind.transitions.map { ($0.source, $0.event, $0.target) },
            allowedEvents: Kind.events(allowedIn:),
            send: { var machine = Kind.Machine(state: $0); return (machine.send($1), machine.state) })
    }

    /// Row counts follow from the regions: 7 main rows; with selection, 6 flattened states whose
    /// rows add up to 20 (each main row once per selection state, each selection row once per
    /// main state); the same for the text field's validity region. Own rows replace, never add.
    func testRowCounts() {
        XCTAssertEqual(Controls.PushButton.transitions.count, 7)
        XCTAssertEqual(Controls.Slider.transitions.count, 7)
        XCTAssertEqual(Controls.Stepper.transitions.count, 7)
        XCTAssertEqual(Controls.TextField.transitions.count, 20)
        XCTAssertEqual(Controls.PageIndicator.transitions.count, 20)
        XCTAssertEqual(Controls.ToggleButton.transitions.count, 20)
        XCTAssertEqual(Controls.Switch.transitions.count, 20)
        XCTAssertEqual(Controls.Segment.transitions.count, 20)
        XCTAssertEqual(Controls.TabBarItem.transitions.count, 20)
        XCTAssertEqual(Self.selectable.values.map(\.count).reduce(0, +), 20)
        XCTAssertEqual(Self.validating.values.map(\.count).reduce(0, +), 20)
    }

    /// The flattened expectation itself: disabling a selected control gives selected+disabled,
    /// enabling that gives selected, and a touch on a selected control gives
    /// selected+highlighted, as UIKit's flags would be.
    func testCombinedRowsKeepTheOtherRegion() {
        XCTAssertEqual(Self.selectable["selected"]?["disable"], "selected+disabled")
        XCTAssertEqual(Self.selectable["selected+disabled"]?["enable"], "selected")
        XCTAssertEqual(Self.selectable["selected"]?["touchDown"], "selected+highlighted")
        XCTAssertEqual(Self.selectable["selected+highlighted"]?["deselect"], "highlighted")
        XCTAssertEqual(Self.validating["invalid"]?["disable"], "invalid+disabled")
        XCTAssertEqual(Self.validating["invalid+disabled"]?["enable"], "invalid")
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
