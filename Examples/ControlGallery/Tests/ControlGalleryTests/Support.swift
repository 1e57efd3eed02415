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

/// The spec's shared `transitions:`, copied from controls.yml. Each kind gets every row whose
/// states and event it has.
let sharedRows: Rows = [
    "normal": ["touchDown": "highlighted", "disable": "disabled", "select": "selected"],
    "highlighted": [
        "touchUpInside": "normal", "touchUpOutside": "normal", "touchCancel": "normal",
        "disable": "disabled",
    ],
    "disabled": ["enable": "normal"],
    "selected": ["deselect": "normal", "disable": "disabled"],
]

/// The rows a kind has: the shared rows, with the kind's own `transitions:` replacing a shared
/// row for the same (state, event) or adding one.
func rows(overriddenBy own: Rows = [:]) -> Rows {
    sharedRows.merging(own) { shared, own in shared.merging(own) { _, kind in kind } }
}

/// Checks one kind's transition API against the rows the spec gives it, for every (state, event)
/// pair of the kind's `CaseIterable` types:
/// - `target(from:on:)` returns the row's target, or `nil` where the kind has no row;
/// - `transitions` holds exactly one row per handled pair, with the same target, and no other;
/// - `events(allowedIn:)` lists exactly the handled events, in the order the spec declares events;
/// - a machine started in each state moves as the row says, or reports `.ignored` and stays.
/// Rows naming a state or event the kind does not have (selection on a kind without it) are
/// dropped, as the spec says.
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
        guard let source = State(rawValue: source) else { continue }
        for (event, destination) in events {
            guard let event = Event(rawValue: event), let destination = State(rawValue: destination) else { continue }
            expected[source, default: [:]][event] = destination
        }
    }

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
