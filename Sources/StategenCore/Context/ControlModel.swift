/// The typed content of one kind's context, made from its plan once per kind
/// (``TemplateContextBuilder/controlModel(_:shared:)``): read field by field by the typed
/// renderer of partial `control` (``KindRenderer``), and converted to the template engine's
/// values in one place (``TemplateContextBuilder/templateObject(_:plan:shared:)``) for the kind's
/// context (``TemplateContextBuilder/buildControl(_:shared:)``).
extension TemplateContextBuilder {
    struct ControlModel {
        /// One state (`states`).
        struct State {
            /// The state's name in the spec (`name`).
            var name: String
            /// Its Swift case name, in backticks where a keyword (`caseName`).
            var caseName: String
            /// Whether the case's raw value differs from its name (`needsRawValue`).
            var needsRawValue: Bool
            /// The spec name as a Swift string literal (`rawValueLiteral`).
            var rawValueLiteral: String
            /// The doc comment's lines (`docLines`).
            var docLines: [String]
            /// Whether the state has a doc comment (`hasDoc`).
            var hasDoc: Bool
            /// Where the spec declares it (`location`).
            var location: String
            /// The sentence on its fallbacks, selection and flags (`summary`).
            var summary: String
            /// Whether it is `normal` (`isNormal`).
            var isNormal: Bool
            /// Whether it is selection-only (`isSelectionState`).
            var isSelectionState: Bool
            /// Its flags as a `ControlStateFlags` expression (`controlStateFlags`).
            var controlStateFlags: String
            /// Its position in the spec's order (`ordinal`).
            var ordinal: Int
            /// Its fallbacks but `normal`, as `.case` joined by `, ` (`fallbackCases`).
            var fallbackCases: String
            /// Whether it has a fallback other than `normal` (`hasFallbackCases`).
            var hasFallbackCases: Bool
        }

        /// One event (`events`).
        struct Event {
            /// The event's name in the spec (`name`).
            var name: String
            /// Its Swift case name (`caseName`).
            var caseName: String
            /// Whether the case's raw value differs from its name (`needsRawValue`).
            var needsRawValue: Bool
            /// The spec name as a Swift string literal (`rawValueLiteral`).
            var rawValueLiteral: String
            /// The doc comment's lines (`docLines`).
            var docLines: [String]
            /// Whether the event has a doc comment (`hasDoc`).
            var hasDoc: Bool
            /// Where the spec declares it (`location`).
            var location: String
            /// Its role in backticks, or `nil` (`role`, `false` when none).
            var role: String?
        }

        /// One `case` of `target(from:on:)`'s switch (`switchCases.targetCases`).
        struct TargetCase {
            /// `.a, .b` (`events`).
            var events: String
            /// `(.state, .a), (.state, .b)` (`patterns`).
            var patterns: String
            /// The target's case name (`target`).
            var target: String
            /// The row's location with provenance, else `nil` (`rowLocation`).
            var rowLocation: String?
        }

        /// One state's `case`s of `target(from:on:)` (`switchCases`; the rest of each element,
        /// which no built-in partial reads, is made with the context).
        struct SwitchCase {
            /// The state's case name (`state`).
            var state: String
            var targetCases: [TargetCase]
        }

        /// The witnesses of `SelectableControlKind` (`selection`): case names, `nil` where the
        /// spec names none.
        struct Selection {
            var selectedState: String?
            var selectEvent: String?
            var deselectEvent: String?
        }

        /// One combination of flags and the state it names (`controlStates.cases`).
        struct FlagsCase {
            /// `(true, false)` (`pattern`).
            var pattern: String
            /// The state's case name (`state`).
            var state: String
            /// The flags as a literal (`flags`).
            var flags: String
        }

        /// The kind's UIKit control-state mapping (`controlStates`).
        struct ControlStates {
            var hasMask: Bool
            var searchesStates: Bool
            var flagsTuple: String
            var cases: [FlagsCase]
            var normalCase: String
        }

        /// One attribute set of the kind's `Style` (`attributeSets`).
        struct AttributeSet {
            var name: String
            var typeName: String
            var resolvedTypeName: String
            var protocolName: String
            var propertyName: String
            var label: String
            /// Each attribute's spec name and property name (`attributes`).
            var attributes: [(name: String, propertyName: String)]
        }

        /// One attribute's tables in one appearance (`specs.sets.attributes`).
        struct SpecAttribute {
            var label: String
            var propertyName: String
            var setPropertyName: String
            /// Whether the tables equal the fallback appearance's (`inherited`).
            var inherited: Bool
            /// One literal per state (`table`).
            var table: String
            /// `StateValues`' `own:` argument (`own`).
            var own: String
            /// Where the spec gives the values, with provenance; else `nil` (`valuesLocation`).
            var valuesLocation: String?
        }

        /// One set's tables in one appearance (`specs.sets`); its `fallbackSpecName` is the
        /// appearance's.
        struct SpecSet {
            var label: String
            var typeName: String
            var propertyName: String
            /// Whether every table equals the fallback appearance's (`inherited`).
            var inherited: Bool
            var attributes: [SpecAttribute]
        }

        /// The style's values in one appearance (`specs`).
        struct Spec {
            var isLight: Bool
            /// The appearance's case (`caseName`).
            var caseName: String
            /// `spec`, `darkSpec` (`specName`).
            var specName: String
            /// The spec name of the appearance it falls back to, or `nil` (`fallbackSpecName`).
            var fallbackSpecName: String?
            /// Whether every set equals the fallback's (`equalsFallback`).
            var equalsFallback: Bool
            /// The states' names joined by `, ` (`stateOrder`).
            var stateOrder: String
            var sets: [SpecSet]
        }

        /// The kind's spec name (`name`, `kindName`).
        var name: String
        /// The kind's Swift type name (`typeName`, `kindTypeName`).
        var typeName: String
        var docLines: [String]
        var hasDoc: Bool
        var location: String
        var supportsSelection: Bool
        /// `It supports selection …` or `It does not support selection.` (`selectionSummary`).
        var selectionSummary: String
        /// `SelectableControlKind` or `ControlKind` (`conformance`).
        var conformance: String
        /// The initial state's case name (`initialState`).
        var initialState: String
        /// `normal`'s case name (`normalCase`).
        var normalCase: String
        var hasEvents: Bool
        var hasFallbackChains: Bool
        /// The states whose chain is `normal` alone, as `.case` joined by `, `.
        var statesWithoutFallbacks: String
        var hasStatesWithoutFallbacks: Bool
        /// Whether the spec has more appearances than `light` (`hasAppearances`).
        var hasAppearances: Bool
        var states: [State]
        var events: [Event]
        var switchCases: [SwitchCase]
        /// `nil` for a kind without selection (`selection: false`).
        var selection: Selection?
        /// `nil` for a kind with a state without flags (`controlStates: false`).
        var controlStates: ControlStates?
        var attributeSets: [AttributeSet]
        var specs: [Spec]
    }

    /// The kind's context but its UIKit and SwiftUI parts: the model's fields converted to the
    /// template engine's values, with the values no built-in partial reads (the transition rows,
    /// each state's `label` and `fallbackChain`, each state's handled and unhandled events) made
    /// here from the kind, by the context's names.
    func templateObject(_ model: ControlModel, plan: KindPlan, shared: SharedNames) -> [(String, TemplateValue)] {
        let control = plan.control
        let names = plan.names
        let specFile = shared.specFile
        func text(_ value: String?) -> TemplateValue { value.map { .string($0) } ?? .bool(false) }
        func lines(_ lines: [String]) -> TemplateValue { .list(lines.map { .string($0) }) }
        let states: [TemplateValue] = zip(model.states, control.states).map { state, checked in
            .object([
                "name": .string(state.name),
                "caseName": .string(state.caseName),
                "label": .string(label(state.caseName)),
                "needsRawValue": .bool(state.needsRawValue),
                "rawValueLiteral": .string(state.rawValueLiteral),
                "docLines": lines(state.docLines),
                "hasDoc": .bool(state.hasDoc),
                "location": .string(state.location),
                "summary": .string(state.summary),
                "isNormal": .bool(state.isNormal),
                "isSelectionState": .bool(state.isSelectionState),
                "controlStateFlags": .string(state.controlStateFlags),
                "fallbackChain": .string(([checked.name.value] + checked.fallbackChain).joined(separator: " → ")),
                "ordinal": .int(state.ordinal),
                "fallbackCases": .string(state.fallbackCases),
                "normalCase": .string(model.normalCase),
                "hasFallbackCases": .bool(state.hasFallbackCases),
            ])
        }
        let events: [TemplateValue] = model.events.map { event in
            .object([
                "name": .string(event.name),
                "caseName": .string(event.caseName),
                "needsRawValue": .bool(event.needsRawValue),
                "rawValueLiteral": .string(event.rawValueLiteral),
                "docLines": lines(event.docLines),
                "hasDoc": .bool(event.hasDoc),
                "location": .string(event.location),
                "role": text(event.role),
            ])
        }
        let transitions: [TemplateValue] = control.transitions.map { row in
            .object([
                "source": .string(names.state(row.source)),
                "event": .string(names.event(row.event)),
                "target": .string(names.state(row.target)),
                "location": .string(location(row.location, specFile)),
                "rowLocation": provenance ? .string(location(row.location, specFile)) : .bool(false),
                "isKindRow": .bool(row.isKindRow),
            ])
        }
        // Per state: its rows, and its handled and unhandled events.
        let rowsBySource = Dictionary(grouping: control.transitions, by: \.source)
        let switchCases: [TemplateValue] = zip(model.switchCases, control.states).map { switchCase, state in
            let rows = rowsBySource[state.name.value] ?? []
            let handled = Set(rows.map(\.event))
            let unhandled = control.events.map(\.name.value).filter { !handled.contains($0) }
            return .object([
                "state": .string(switchCase.state),
                "rows": .list(
                    rows.map { row in
                        .object([
                            "event": .string(names.event(row.event)), "target": .string(names.state(row.target)),
                            "rowLocation": provenance ? .string(location(row.location, specFile)) : .bool(false),
                        ])
                    }),
                "targetCases": .list(
                    switchCase.targetCases.map { row in
                        .object([
                            "events": .string(row.events),
                            "patterns": .string(row.patterns),
                            "target": .string(row.target),
                            "rowLocation": text(row.rowLocation),
                        ])
                    }),
                "unhandledEvents": .string(unhandled.map { "." + names.event($0) }.joined(separator: ", ")),
                "hasUnhandledEvents": .bool(!unhandled.isEmpty),
                "handledEvents": .string(rows.map { "." + names.event($0.event) }.joined(separator: ", ")),
                "hasHandledEvents": .bool(!rows.isEmpty),
            ])
        }
        func witness(_ caseName: String?) -> TemplateValue {
            caseName.map { .object(["caseName": .string($0)]) } ?? .bool(false)
        }
        let selection: TemplateValue =
            model.selection.map { selection in
                .object([
                    "selectedState": witness(selection.selectedState),
                    "selectEvent": witness(selection.selectEvent),
                    "deselectEvent": witness(selection.deselectEvent),
                ])
            } ?? .bool(false)
        let controlStates: TemplateValue =
            model.controlStates.map { flags in
                .object([
                    "hasMask": .bool(flags.hasMask),
                    "searchesStates": .bool(flags.searchesStates),
                    "flagsTuple": .string(flags.flagsTuple),
                    "cases": .list(
                        flags.cases.map { flagsCase in
                            .object([
                                "pattern": .string(flagsCase.pattern),
                                "state": .string(flagsCase.state),
                                "flags": .string(flagsCase.flags),
                            ])
                        }),
                    "normalCase": .string(flags.normalCase),
                ])
            } ?? .bool(false)
        let sets: [TemplateValue] = model.attributeSets.map { set in
            .object([
                "name": .string(set.name),
                "typeName": .string(set.typeName),
                "resolvedTypeName": .string(set.resolvedTypeName),
                "protocolName": .string(set.protocolName),
                "propertyName": .string(set.propertyName),
                "label": .string(set.label),
                "attributes": .list(
                    set.attributes.map { attribute in
                        .object([
                            "name": .string(attribute.name),
                            "propertyName": .string(attribute.propertyName),
                        ])
                    }),
            ])
        }
        let specs: [TemplateValue] = model.specs.map { spec in
            .object([
                "isLight": .bool(spec.isLight),
                "caseName": .string(spec.caseName),
                "specName": .string(spec.specName),
                "fallbackSpecName": text(spec.fallbackSpecName),
                "equalsFallback": .bool(spec.equalsFallback),
                "stateOrder": .string(spec.stateOrder),
                "sets": .list(
                    spec.sets.map { set in
                        .object([
                            "label": .string(set.label),
                            "typeName": .string(set.typeName),
                            "propertyName": .string(set.propertyName),
                            "inherited": .bool(set.inherited),
                            "fallbackSpecName": text(spec.fallbackSpecName),
                            "attributes": .list(
                                set.attributes.map { attribute in
                                    .object([
                                        "label": .string(attribute.label),
                                        "propertyName": .string(attribute.propertyName),
                                        "setPropertyName": .string(attribute.setPropertyName),
                                        "inherited": .bool(attribute.inherited),
                                        "table": .string(attribute.table),
                                        "own": .string(attribute.own),
                                        "valuesLocation": text(attribute.valuesLocation),
                                    ])
                                }),
                        ])
                    }),
            ])
        }
        return [
            ("name", .string(model.name)),
            ("typeName", .string(model.typeName)),
            ("kindName", .string(model.name)),
            ("kindTypeName", .string(model.typeName)),
            ("specs", .list(specs)),
            ("hasFallbackChains", .bool(model.hasFallbackChains)),
            ("statesWithoutFallbacks", .string(model.statesWithoutFallbacks)),
            ("hasStatesWithoutFallbacks", .bool(model.hasStatesWithoutFallbacks)),
            ("hasAppearances", .bool(model.hasAppearances)),
            ("docLines", lines(model.docLines)),
            ("hasDoc", .bool(model.hasDoc)),
            ("location", .string(model.location)),
            ("supportsSelection", .bool(model.supportsSelection)),
            ("selectionSummary", .string(model.selectionSummary)),
            ("conformance", .string(model.conformance)),
            ("initialState", .string(model.initialState)),
            ("normalCase", .string(model.normalCase)),
            ("states", .list(states)),
            ("events", .list(events)),
            ("hasEvents", .bool(model.hasEvents)),
            ("transitions", .list(transitions)),
            ("switchCases", .list(switchCases)),
            ("selection", selection),
            ("controlStates", controlStates),
            ("attributeSets", .list(sets)),
            ("hasAttributeSets", .bool(!sets.isEmpty)),
        ]
    }
}
