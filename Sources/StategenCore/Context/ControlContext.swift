/// The context of one control kind: its states, events, transition table, selection witnesses
/// and the attribute sets, UIKit and SwiftUI parts built in the files beside this one.
extension TemplateContextBuilder {
    /// The Swift names of one kind's states and events, by spec name; case names are in
    /// backticks where they are keywords (`` `default` ``), which every position accepts.
    struct KindNames {
        var stateCase: [String: String] = [:]
        var eventCase: [String: String] = [:]
        /// Attribute name → property name, attribute set name → struct name.
        var property: [String: String] = [:]
        var setType: [String: String] = [:]

        func state(_ name: String) -> String { stateCase[name] ?? name }
        func event(_ name: String) -> String { eventCase[name] ?? name }
        func propertyName(_ attribute: CheckedAttribute) -> String {
            property[attribute.name.value] ?? attribute.name.value
        }
    }

    /// What is made of a kind before any kind's context is: its Swift names, where every naming
    /// error of the kind is reported, and its UIKit and SwiftUI parts, whose presence decides
    /// what the files import. The rest of its context is made from it when a template reaches
    /// the kind (``buildControl(_:shared:)``), so that a render holds one kind's context at a
    /// time.
    struct KindPlan {
        var control: CheckedControl
        var typeName: String
        var names: KindNames
        /// The kind's `apply(to:)`s (`uikitApplies`).
        var uikitApplies: [UIKitApply]
        /// How its `State` is read from its UIKit class, `nil` for none (`uikitControl`).
        var uikitControl: UIKitControlBridge?
        /// Its `uiControlEvent`, `nil` when no event names a UIKit event (`uikitEvents`).
        var uikitEvents: UIKitEvents?
        /// The SwiftUI initializers of the kind's `State`, or `nil` (its context's `swiftUI`).
        var swiftUI: SwiftUIInits?
        /// Its roles' `apply(to:)` on its UIKit class, `nil` for none (`uikitRoles`), and SwiftUI
        /// `style(_:)`, `nil` for none (`swiftUIRoles`).
        var roles: (uikit: UIKitKindRoles?, swiftUI: SwiftUIRoles?)

        /// Whether the kind has UIKit code (the file imports UIKit).
        var hasUIKit: Bool
        /// Whether the kind's SwiftUI part names SwiftUI's types (a style configuration), so that
        /// the file imports SwiftUI; the flags initializer takes only Bools.
        var usesSwiftUI: Bool
        /// Whether the kind's tables hold dimensions (`CGFloat` literals).
        var usesDimensions: Bool
        /// Whether the kind has SwiftUI code: initializers or roles (`hasSwiftUIPart`).
        var hasSwiftUIPart: Bool { swiftUI != nil || roles.swiftUI != nil }

        init(
            control: CheckedControl, typeName: String, names: KindNames, uikitApplies: [UIKitApply],
            uikitControl: UIKitControlBridge?, uikitEvents: UIKitEvents?, swiftUI: SwiftUIInits?,
            roles: (uikit: UIKitKindRoles?, swiftUI: SwiftUIRoles?)
        ) {
            self.control = control
            self.typeName = typeName
            self.names = names
            self.uikitApplies = uikitApplies
            self.uikitControl = uikitControl
            self.uikitEvents = uikitEvents
            self.swiftUI = swiftUI
            self.roles = roles
            hasUIKit =
                !uikitApplies.isEmpty || uikitControl != nil || uikitEvents != nil || roles.uikit != nil
            usesSwiftUI = roles.swiftUI != nil || swiftUI?.buttonStyle != nil || swiftUI?.toggleStyle != nil
            usesDimensions = control.attributeSets.contains { set in
                set.attributes.contains { $0.type == .dimension }
            }
        }
    }

    func planControl(_ control: CheckedControl, typeName: String, shared: SharedNames) -> KindPlan {
        var names = KindNames()
        var stateNames = NameTable(what: "state", diagnostics: diagnostics, reserving: Self.reservedStateNames)
        for state in control.states {
            // A combined state is named by its states' words: `selected+highlighted` is
            // `selectedHighlighted`.
            let name =
                state.components.count > 1
                ? memberName(Located(state.components.joined(separator: " "), at: state.name.location))
                : memberName(state.name)
            stateNames.claim(name, for: state.name)
            names.stateCase[state.name.value] = name
        }
        var eventNames = NameTable(what: "event", diagnostics: diagnostics, reserving: Self.reservedEventNames)
        for event in control.events {
            let name = memberName(event.name)
            eventNames.claim(name, for: event.name)
            names.eventCase[event.name.value] = name
        }
        for set in control.attributeSets {
            guard let setNames = shared.sets[set.name.value] else { continue }
            names.setType[set.name.value] = setNames.typeName
            for (attribute, property) in setNames.properties { names.property[attribute] = property }
        }
        return KindPlan(
            control: control, typeName: typeName, names: names,
            uikitApplies: buildUIKitApplies(control, typeName: typeName, names: names, shared: shared),
            uikitControl: buildUIKitControl(control, typeName: typeName, names: names),
            uikitEvents: buildUIKitEvents(control, names: names), swiftUI: buildSwiftUI(control),
            roles: buildKindRoles(control, typeName: typeName, shared: shared))
    }

    /// The kind's context, from its plan; reports nothing (the plan did).
    func buildControl(_ plan: KindPlan, shared: SharedNames) -> TemplateValue {
        let roles = plan.roles
        var object = TemplateObject(templateObject(controlModel(plan, shared: shared), plan: plan, shared: shared))
        object["hasUIKit"] = .bool(plan.hasUIKit)
        object["hasSwiftUIPart"] = .bool(plan.hasSwiftUIPart)
        object["usesSwiftUI"] = .bool(plan.usesSwiftUI)
        object["usesDimensions"] = .bool(plan.usesDimensions)
        object["uikitApplies"] = .list(plan.uikitApplies.map(\.templateValue))
        object["swiftUI"] = plan.swiftUI?.templateValue ?? .bool(false)
        object["uikitControl"] = plan.uikitControl?.templateValue ?? .bool(false)
        object["uikitEvents"] = plan.uikitEvents?.templateValue ?? .bool(false)
        object["uikitRoles"] = roles.uikit?.templateValue ?? .bool(false)
        object["swiftUIRoles"] = roles.swiftUI?.templateValue ?? .bool(false)
        return .object(object)
    }

    /// The typed content of the kind's context (all of it but the UIKit and SwiftUI parts,
    /// which the plan holds), from its plan; reports nothing (the plan did).
    func controlModel(_ plan: KindPlan, shared: SharedNames) -> ControlModel {
        let control = plan.control
        let specFile = shared.specFile
        let names = plan.names
        let normalCase = names.state(SpecValidator.normalState)

        let states: [ControlModel.State] = control.states.enumerated().map { ordinal, state in
            let own = names.state(state.name.value)
            return ControlModel.State(
                name: state.name.value, caseName: own, needsRawValue: bare(own) != state.name.value,
                rawValueLiteral: SwiftLiteral.string(state.name.value), docLines: SwiftLiteral.docLines(state.doc),
                hasDoc: SwiftLiteral.hasDocLines(state.doc), location: location(state.name.location, specFile),
                summary: stateSummary(state, control: control), isNormal: state.name.value == SpecValidator.normalState,
                isSelectionState: state.requiresSelection,
                controlStateFlags: Self.flagsExpression(state.controlState ?? [], module: shared.module),
                ordinal: ordinal,
                fallbackCases: state.fallbackChain.filter { $0 != SpecValidator.normalState }.map { "." + names.state($0) }
                    .joined(separator: ", "),
                hasFallbackCases: state.fallbackChain.contains { $0 != SpecValidator.normalState })
        }
        // The states whose chain is `normal` alone share one `case` of `fallbackChain`'s switch.
        let statesWithoutFallbacks = control.states.filter { state in
            !state.fallbackChain.contains { $0 != SpecValidator.normalState }
        }
        let events: [ControlModel.Event] = control.events.map { event in
            let name = names.event(event.name.value)
            return ControlModel.Event(
                name: event.name.value, caseName: name, needsRawValue: bare(name) != event.name.value,
                rawValueLiteral: SwiftLiteral.string(event.name.value), docLines: SwiftLiteral.docLines(event.doc),
                hasDoc: SwiftLiteral.hasDocLines(event.doc), location: location(event.name.location, specFile),
                role: event.role.map { "`\($0.rawValue)`" })
        }
        // Per state: its rows, grouped by target for `target(from:on:)`'s one switch over
        // `(state, event)` (`patterns`).
        let rowsBySource = Dictionary(grouping: control.transitions, by: \.source)
        let switchCases: [ControlModel.SwitchCase] = control.states.map { state in
            let rows = rowsBySource[state.name.value] ?? []
            let stateName = names.state(state.name.value)
            return ControlModel.SwitchCase(
                state: stateName,
                // The rows, those with one target in one `case` (in the order of each target's
                // first row), as `target(from:on:)` writes them; with provenance one `case` per
                // row, each with its line in the spec.
                targetCases: provenance
                    ? rows.map { row in
                        ControlModel.TargetCase(
                            events: "." + names.event(row.event), patterns: "(.\(stateName), .\(names.event(row.event)))",
                            target: names.state(row.target), rowLocation: location(row.location, specFile))
                    }
                    : rows.map(\.target).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                        .map { target in
                            let events = rows.filter { $0.target == target }.map { names.event($0.event) }
                            return ControlModel.TargetCase(
                                events: events.map { "." + $0 }.joined(separator: ", "),
                                patterns: events.map { "(.\(stateName), .\($0))" }.joined(separator: ", "),
                                target: names.state(target), rowLocation: nil)
                        })
        }

        let (sets, specs) = buildAttributeSets(control, names: names, shared: shared)
        return ControlModel(
            name: control.name.value, typeName: plan.typeName, docLines: SwiftLiteral.docLines(control.doc),
            hasDoc: SwiftLiteral.hasDocLines(control.doc), location: location(control.name.location, specFile),
            supportsSelection: control.supportsSelection,
            selectionSummary: control.supportsSelection
                ? "It supports selection (`SelectableControlKind`)." : "It does not support selection.",
            conformance: control.supportsSelection ? "SelectableControlKind" : "ControlKind",
            initialState: names.state(control.initialState), normalCase: normalCase,
            hasEvents: !control.events.isEmpty,
            hasFallbackChains: statesWithoutFallbacks.count < control.states.count,
            statesWithoutFallbacks: statesWithoutFallbacks.map { "." + names.state($0.name.value) }
                .joined(separator: ", "),
            hasStatesWithoutFallbacks: !statesWithoutFallbacks.isEmpty, hasAppearances: shared.appearances.count > 1,
            states: states, events: events, switchCases: switchCases,
            selection: selectionWitnesses(control, names: names, shared: shared),
            controlStates: buildControlStates(control, names: names), attributeSets: sets, specs: specs)
    }

    /// The witnesses of `SelectableControlKind`'s optional requirements, for a kind with
    /// selection; `nil` for one without.
    func selectionWitnesses(_ control: CheckedControl, names: KindNames, shared: SharedNames)
        -> ControlModel.Selection?
    {
        guard control.supportsSelection else { return nil }
        return ControlModel.Selection(
            selectedState: shared.selectedState.map(names.state), selectEvent: shared.selectEvent.map(names.event),
            deselectEvent: shared.deselectEvent.map(names.event))
    }

    /// The sentence after a state's location: its fallback chain, selection and UIKit flags.
    func stateSummary(_ state: CheckedState, control: CheckedControl) -> String {
        var parts: [String] = []
        if state.name.value == control.initialState { parts.append("The initial state.") }
        if state.fallbackChain.isEmpty {
            parts.append("Every fallback chain ends here.")
        } else {
            parts.append("Falls back to " + state.fallbackChain.map { "`\($0)`" }.joined(separator: ", then ") + ".")
        }
        if state.requiresSelection { parts.append("Selection-only.") }
        if control.hasControlStates, let flags = state.controlState {
            switch flags.count {
            case 0: parts.append("UIKit: `UIControl.State.normal`.")
            case 1 where !flags[0].isApplicationBit: parts.append("UIKit: `UIControl.State.\(flags[0].rawValue)`.")
            default:
                // UIKit names no single application bit: those are raw values in `.application`.
                let members = flags.sorted().map { flag in
                    flag.isApplicationBit
                        ? "UIControl.State(rawValue: 1 << \(flag.bit.trailingZeroBitCount))" : "." + flag.rawValue
                }
                parts.append("UIKit: `UIControl.State([\(members.joined(separator: ", "))])`.")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Flags as a `ControlStateFlags` expression: `M.ControlStateFlags()`, `.highlighted`, or an
    /// array literal for two or more (the cheapest forms to type-check).
    static func flagsExpression(_ flags: [ControlStateFlag], module: String) -> String {
        switch flags.count {
        case 0: "\(module).ControlStateFlags()"
        case 1: "." + flags[0].rawValue
        default: flagsLiteral(flags)
        }
    }

    /// `[]`, `[.highlighted]`, `[.highlighted, .selected]`: flags as a `ControlStateFlags`
    /// literal, in UIKit's bit order.
    static func flagsLiteral(_ flags: [ControlStateFlag]) -> String {
        "[" + flags.sorted().map { "." + $0.rawValue }.joined(separator: ", ") + "]"
    }
}
