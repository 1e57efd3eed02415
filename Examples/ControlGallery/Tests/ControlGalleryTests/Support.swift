// Helpers shared by the tests. UIKit keeps a control's state as independent flags
// (isHighlighted, isEnabled, isSelected each set one bit of UIControl.State), so the expected
// transition tables below are built from one table per flag group ("region") and combined, the
// way a UIKit control combines its properties:
// https://developer.apple.com/documentation/uikit/uicontrol/state
import Foundation
import UIKitControls
import XCTest

/// A colour written as in controls.yml (`#RGB`, `#RRGGBB` or `#RRGGBBAA`, alpha last), parsed
/// here independently of the generator so expectations read like the spec.
func color(_ hex: String) -> Controls.Color {
    precondition(hex.hasPrefix("#"), "not a colour: \(hex)")
    var digits = Array(hex.dropFirst())
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    if digits.count == 6 { digits += ["F", "F"] }
    precondition(digits.count == 8, "not a colour: \(hex)")
    let bytes = stride(from: 0, to: 8, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    return Controls.Color(
        red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255,
        blue: Double(bytes[2]) / 255, alpha: Double(bytes[3]) / 255)
}

/// Transition rows as the spec writes them: source state → event → target state, by name.
typealias Rows = [String: [String: String]]

/// controls.yml's shared rows of the main region (normal, highlighted, disabled: one at a time).
let mainRows: Rows = [
    "normal": ["touchDown": "highlighted", "disable": "disabled"],
    "highlighted": [
        "touchUpInside": "normal", "touchUpOutside": "normal", "touchCancel": "normal",
        "disable": "disabled",
    ],
    "disabled": ["enable": "normal"],
]

/// controls.yml's shared rows of the `selection` region (UIControl.isSelected, UISwitch.isOn).
let selectionRows: Rows = [
    "unselected": ["select": "selected"],
    "selected": ["deselect": "unselected"],
]

/// TextField's own rows of its `validity` region (an application-defined flag).
let validityRows: Rows = [
    "valid": ["validationFailed": "invalid"],
    "invalid": ["validationPassed": "valid"],
]

/// A flattened state's name: the region's state (left out when it is the region's initial one),
/// then the main state (left out when it is `normal`), joined by `+`.
func combinedName(main: String, region: String, initial: String) -> String {
    if region == initial { return main }
    if main == "normal" { return region }
    return "\(region)+\(main)"
}

/// The flattened table of the main region combined with one other region whose first state is
/// `initial`: a row of either region moves only its own region and leaves the other as it is
/// (disabling a selected control keeps it selected). Written here independently of the
/// generator; no event of this spec is handled by both regions.
func combine(_ main: Rows, with region: Rows, initial: String) -> Rows {
    let mainStates = Set(main.keys).union(main.values.flatMap(\.values))
    let regionStates = Set(region.keys).union(region.values.flatMap(\.values))
    var flattened: Rows = [:]
    for m in mainStates {
        for r in regionStates {
            let name = combinedName(main: m, region: r, initial: initial)
            var events: [String: String] = [:]
            for (event, target) in main[m] ?? [:] {
                events[event] = combinedName(main: target, region: r, initial: initial)
            }
            for (event, target) in region[r] ?? [:] {
                precondition(events[event] == nil, "both regions handle \(event) in \(name)")
                events[event] = combinedName(main: m, region: target, initial: initial)
            }
            flattened[name] = events
        }
    }
    return flattened
}

/// `rows` with a kind's own rows (already flattened) replacing the rows for the same
/// (state, event), or added.
func rows(_ rows: Rows, overriddenBy own: Rows = [:]) -> Rows {
    rows.merging(own) { shared, own in shared.merging(own) { _, kind in kind } }
}

/// Checks one kind's transition API against the rows the spec gives it, for every (state, event)
/// pair of the kind's `CaseIterable` types:
/// - every state and event named in `spec` exists in the kind, and the kind has no other state;
/// - `target(from:on:)` returns the row's target, or `nil` where the kind has no row;
/// - `transitions` holds exactly one row per handled pair, with the same target, and no other;
/// - `events(allowedIn:)` lists exactly the handled events, in the order the spec declares events;
/// - a machine started in each state moves as the row says, or reports `.ignored` and stays.
func assertTransitions<State, Event>(
    of kind: String,
    expected spec: Rows,
    target: (State, Event) -> State?,
    table: [(source: State, event: Event, target: State)],
    allowedEvents: (State) -> [Event],
    send: (State, Event) -> (outcome: Controls.Outcome<State>, state: State),
    file: StaticString = #filePath, line: UInt = #line
) where State: RawRepresentable & CaseIterable & Hashable & Sendable, State.RawValue == String,
    Event: RawRepresentable & CaseIterable & Hashable, Event.RawValue == String
{
    var expected: [State: [Event: State]] = [:]
    for (source, events) in spec {
        guard let sourceState = State(rawValue: source) else {
            XCTFail("\(kind) has no state \(source)", file: file, line: line)
            continue
        }
        expected[sourceState] = [:]
        for (event, destination) in events {
            guard let handled = Event(rawValue: event), let destinationState = State(rawValue: destination) else {
                XCTFail("\(kind): \(source) on \(event) → \(destination) names what the kind lacks", file: file, line: line)
                continue
            }
            expected[sourceState]![handled] = destinationState
        }
    }
    XCTAssertEqual(
        Set(State.allCases.map(\.rawValue)), Set(spec.keys), "\(kind): states", file: file, line: line)

    var seen = Set<[String]>()
    for row in table {
        let key = [row.source.rawValue, row.event.rawValue]
        XCTAssertTrue(seen.insert(key).inserted, "\(kind): duplicate row \(key)", file: file, line: line)
        XCTAssertEqual(expected[row.source]?[row.event], row.target, "\(kind): row \(key)", file: file, line: line)
    }

    for state in State.allCases {
        for event in Event.allCases {
            let pair = "\(kind): \(state.rawValue) on \(event.rawValue)"
            let want = expected[state]?[event]
            XCTAssertEqual(target(state, event), want, pair, file: file, line: line)
            let rowTargets = table.filter { $0.source == state && $0.event == event }.map(\.target)
            XCTAssertEqual(rowTargets, want.map { [$0] } ?? [], "\(pair): transitions table", file: file, line: line)
            let sent = send(state, event)
            if let want {
                XCTAssertEqual(sent.outcome, .moved(from: state, to: want), pair, file: file, line: line)
                XCTAssertEqual(sent.state, want, pair, file: file, line: line)
            } else {
                XCTAssertEqual(sent.outcome, .ignored, pair, file: file, line: line)
                XCTAssertEqual(sent.state, state, pair, file: file, line: line)
            }
        }
        let handled = Event.allCases.filter { expected[state]?[$0] != nil }
        XCTAssertEqual(
            allowedEvents(state).map(\.rawValue), handled.map(\.rawValue),
            "\(kind): events(allowedIn: .\(state.rawValue))", file: file, line: line)
    }
}

/// Encodes `values` with JSONEncoder, checks the JSON is their names, and decodes them back.
func assertCodableRoundTrip<T>(
    _ values: [T], file: StaticString = #filePath, line: UInt = #line
) throws where T: Codable & Equatable & RawRepresentable, T.RawValue == String {
    let data = try JSONEncoder().encode(values)
    let json = try XCTUnwrap(String(data: data, encoding: .utf8))
    let names = values.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
    XCTAssertEqual(json, "[\(names)]", file: file, line: line)
    XCTAssertEqual(try JSONDecoder().decode([T].self, from: data), values, file: file, line: line)
}

/// Every subset of `flags`, each one a combination UIKit could report.
func allCombinations(of flags: [Controls.ControlStateFlags]) -> [Controls.ControlStateFlags] {
    flags.reduce([Controls.ControlStateFlags()]) { subsets, flag in
        subsets + subsets.map { $0.union(flag) }
    }
}
