import Foundation
import XCTest

@testable import StategenCore

/// Kinds that take every state, event and row from the spec's shared declarations, and kinds
/// that list the same attribute sets for the same UIKit class, are checked once per shape
/// (`SpecValidator.SharedKindChecks`). These tests hold that sharing to what checking each kind
/// on its own gives: every kind still gets its own diagnostics, at its own location, and its own
/// checked states, events and rows.
final class KindShapeSharingTests: XCTestCase {
    /// Shared states, events and rows; `disabled` cannot be reached and `shake` is in no row,
    /// so every kind of this shape gets two graph warnings.
    static let header = """
        stategen: 1
        module: Shapes
        states:
          normal: {}
          highlighted: { fallback: normal, controlState: highlighted }
          disabled: { fallback: normal, controlState: disabled }
          selected: { selection: true, controlState: selected }
        events:
          touchDown: {}
          touchUp: {}
          shake: {}
          select: { selection: true }
        transitions:
          normal: { touchDown: highlighted, select: selected }
          highlighted: { touchUp: normal }
          selected: { touchDown: normal }
        attributes:
          tint: { type: color, role: foreground }
          ink: { type: color, role: foreground }
        attributeSets:
          look: [tint]
          other: [ink]

        """

    func diagnostics(_ spec: String) throws -> (CheckedSpec?, [Diagnostic]) {
        let path = try TestSupport.write(spec, in: self)
        let (checked, result) = GeneratorPipeline().validate(specAt: path)
        return (checked, result.diagnostics)
    }

    /// Where each kind's name is in the spec: the line its graph warnings point at.
    func line(of kind: String, in spec: String) -> Int? {
        spec.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0 == "  \(kind):" }.map { $0 + 1 }
    }

    func testEveryKindOfOneShapeGetsItsOwnGraphWarnings() throws {
        let kinds = ["First", "Second", "Third"]
        let spec =
            Self.header + "controls:\n"
            + kinds.map { "  \($0):\n    attributeSets: [look]\n    values:\n      tint: { normal: \"#000\" }\n" }
            .joined()
        let (checked, diagnostics) = try diagnostics(spec)
        XCTAssertNotNil(checked)
        for kind in kinds {
            let own = diagnostics.filter { $0.message.contains("control '\(kind)'") }
            XCTAssertEqual(
                own.map(\.rule.rawValue).sorted(), ["unreachable-state", "unused-event"],
                "\(kind): \(diagnostics.map(\.message))")
            XCTAssertEqual(own.map { $0.location?.line }, [line(of: kind, in: spec), line(of: kind, in: spec)])
        }
        XCTAssertEqual(diagnostics.count, 6, "\(diagnostics.map(\.message))")
    }

    func testKindsOfOneShapeEachHaveTheirOwnCheckedStatesEventsAndRows() throws {
        // A selectable kind between two that are not: each selection support has its shape.
        let spec =
            Self.header + """
                controls:
                  Plain:
                    attributeSets: [look]
                    values:
                      tint: { normal: "#000", highlighted: "#111" }
                  Tab:
                    selection: true
                    attributeSets: [look]
                    values:
                      tint: { normal: "#000", selected: "#00F" }
                  Flat:
                    attributeSets: [look]
                    values:
                      tint: { normal: "#222" }

                """
        let (shared, _) = try diagnostics(spec)
        let controls = try XCTUnwrap(shared).controls
        XCTAssertEqual(controls.map(\.name.value), ["Plain", "Tab", "Flat"])
        // Each kind as the only kind of its spec: what sharing must equal.
        for control in controls {
            let alone = try XCTUnwrap(
                try diagnostics(
                    spec.components(separatedBy: "controls:\n")[0] + "controls:\n"
                        + Self.block(of: control.name.value, in: spec)
                ).0
            ).controls[0]
            XCTAssertEqual(control.states.map(\.name.value), alone.states.map(\.name.value), control.name.value)
            XCTAssertEqual(control.states.map(\.fallbackChain), alone.states.map(\.fallbackChain), control.name.value)
            XCTAssertEqual(control.events.map(\.name.value), alone.events.map(\.name.value), control.name.value)
            XCTAssertEqual(
                control.transitions.map { "\($0.source) \($0.event) \($0.target)" },
                alone.transitions.map { "\($0.source) \($0.event) \($0.target)" }, control.name.value)
            XCTAssertEqual(control.initialState, alone.initialState, control.name.value)
        }
        XCTAssertEqual(controls[1].states.map(\.name.value), ["normal", "highlighted", "disabled", "selected"])
        XCTAssertEqual(controls[0].states.map(\.name.value), ["normal", "highlighted", "disabled"])
        // The values are each kind's own, though the states and sets are shared.
        let tint = { (control: CheckedControl) in control.attributeSets[0].attributes.first { $0.name.value == "tint" }
        }
        XCTAssertNotEqual(
            tint(controls[0]).map { "\($0.values)" }, tint(controls[2]).map { "\($0.values)" },
            "Plain and Flat share a shape but not their values")
    }

    func testAnErrorInOneKindOfAShapeIsReportedForThatKindOnly() throws {
        let spec =
            Self.header + """
                controls:
                  First:
                    attributeSets: [look]
                    values:
                      tint: { normal: "#000" }
                  Second:
                    attributeSets: [look]
                    values:
                      tint: { normal: "#000", pressed: "#111" }
                  Third:
                    attributeSets: [look]
                    values:
                      tint: { normal: "#000" }

                """
        let (_, diagnostics) = try diagnostics(spec)
        let errors = diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.rule.rawValue), ["undefined-state"], "\(diagnostics.map(\.message))")
        XCTAssertEqual(errors.first?.location?.line, (line(of: "Second", in: spec) ?? 0) + 3)
    }

    func testKindsListingTheSameSetsEachReportAConflictInThem() throws {
        // `tint` and `ink` both have role foreground: an error of every kind that lists both sets.
        let spec =
            Self.header + """
                controls:
                  First:
                    attributeSets: [look, other]
                    values:
                      tint: { normal: "#000" }
                      ink: { normal: "#000" }
                  Second:
                    attributeSets: [look, other]
                    values:
                      tint: { normal: "#000" }
                      ink: { normal: "#000" }

                """
        let (_, diagnostics) = try diagnostics(spec)
        let roles = diagnostics.filter { $0.rule.rawValue == "duplicate-role" }
        XCTAssertEqual(
            roles.map { $0.location?.line }, [line(of: "First", in: spec), line(of: "Second", in: spec)],
            "\(diagnostics.map(\.message))")
    }

    /// The lines of kind `kind` under `controls:`.
    static func block(of kind: String, in spec: String) -> String {
        let lines = spec.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "  \(kind):") else { return "" }
        var end = start + 1
        while end < lines.count, lines[end].hasPrefix("    ") { end += 1 }
        return lines[start..<end].joined(separator: "\n") + "\n"
    }
}
