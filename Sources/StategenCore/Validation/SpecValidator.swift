/// Checks a decoded ``Spec`` and spells out each control kind: resolves every name to its
/// declaration, applies selection support, merges shared and per-kind transition rows, walks
/// fallback chains and checks attribute values. Reports every problem to the collector.
///
/// Rules (each has a rule id, listed in `docs/diagnostics.md`):
/// - `normal` must be declared, may not require selection and has no fallback (UIKit: every
///   state falls back to `normal`).
/// - Every name used (state, event, attribute, attribute set) must be declared.
/// - A kind without selection may not name a selection-only state or event, nor fall back to one.
/// - A kind gets each shared row whose source, event and target it has; its own rows add to
///   them or replace the shared row for the same state and event.
/// - Each attribute of a kind's sets needs a `normal` value; values must be for the kind's
///   states and for attributes in its sets.
/// - A state that no row reaches from the initial state is a warning.
public struct SpecValidator {
    /// The name of the state every fallback chain ends in.
    public static let normalState = "normal"

    let diagnostics: DiagnosticCollector
    /// Whether every checked attribute keeps its ``CheckedAttribute/sourceList``; when `false`
    /// (a render, which reads none), only the kinds that can have contrast pairs keep them,
    /// for the contrast audit's messages, and the others' are dropped as each kind is checked.
    var keepsValueSources = true

    public init(diagnostics: DiagnosticCollector) {
        self.diagnostics = diagnostics
    }

    /// - Returns: the checked spec, or `nil` when an error was found (all are in the collector).
    public func validate(_ spec: Spec) -> CheckedSpec? {
        var rest = spec
        let kinds = rest.controls
        rest.controls = []
        return validate(rest, kinds: kinds)
    }

    /// `validate(_:)` of `spec` with `kinds` as its `controls` (`spec.controls` is ignored), taking
    /// the kinds over: each kind's decoded values are released as soon as it is checked, so that
    /// a run that holds no other reference to them (`GeneratorPipeline`) never holds the decoded
    /// and the checked values of every kind at once (about a third of the peak at 3,000 kinds).
    func validate(_ spec: Spec, kinds: consuming [ControlSpec]) -> CheckedSpec? {
        var spec = spec
        spec.controls = []
        var kinds = kinds
        let errorsBefore = diagnostics.diagnostics.filter { $0.severity == .error }.count
        let states = declarations(spec.states, \.name, what: "state")
        let events = declarations(spec.events, \.name, what: "event")
        let attributes = declarations(spec.attributes, \.name, what: "attribute")
        let sets = declarations(spec.attributeSets, \.name, what: "attribute set")

        let normal = states[Self.normalState]
        if normal == nil {
            diagnostics.error(
                "the spec declares no 'normal' state; every kind starts from it and every fallback chain ends in it",
                at: spec.states.first?.name.location ?? spec.module.location, rule: .missingNormalState)
        }
        if let normal, normal.requiresSelection {
            diagnostics.error(
                "the 'normal' state cannot require selection", at: normal.name.location,
                rule: .selectionRequired)
        }
        if let fallback = normal?.fallback {
            diagnostics.error(
                "the 'normal' state has no fallback; it is where every fallback chain ends",
                at: fallback.location, rule: .invalidFallback)
        }
        // Without a usable `normal` state every kind check would fail in its own way; stop here.
        guard normal?.requiresSelection == false else {
            spec.tokenTable.reportProblems(uses: nil, diagnostics: diagnostics)
            return nil
        }
        _ = fallbackChains(spec.states, states: states, reporting: nil)
        let initials = Self.regionInitials(spec.states)
        checkRegions(spec.states, initials: initials)
        checkPrecedence(spec.precedence, states: states, initials: initials)
        let selectedState = checkControlStates(spec.states)
        let roles = checkRoles(spec.events)
        checkUIKitProperties(spec.attributes)
        checkAttributeRoles(spec.attributes)

        if let initial = spec.initialState { resolveParts(initial, in: states) }
        let declaredAppearances = Set(spec.appearances.map(\.value))
        for file in spec.tokenFiles {
            // A resolver document's theme contexts, mapped to appearances the spec declares.
            for (appearance, context) in file.contexts.sorted(by: { $0.key < $1.key })
            where !declaredAppearances.contains(appearance) {
                diagnostics.error(
                    "appearance \(DiagnosticText.quoted(appearance.rawValue)) is not one of the spec's appearances (\(spec.appearances.map(\.value.rawValue).joined(separator: ", "))); add it to 'appearances', or the context is never shown",
                    at: context.location, rule: .undeclaredAppearance)
            }
            guard let appearance = file.appearance else { continue }
            if appearance.value == .light {
                diagnostics.error(
                    "light is the base appearance, which every other falls back to: list the file without 'appearance' (its tokens are then every appearance's)",
                    at: appearance.location, rule: .undeclaredAppearance)
                continue
            }
            guard !declaredAppearances.contains(appearance.value) else { continue }
            diagnostics.error(
                "appearance \(DiagnosticText.quoted(appearance.value.rawValue)) is not one of the spec's appearances (\(spec.appearances.map(\.value.rawValue).joined(separator: ", "))); add it to 'appearances'",
                at: appearance.location, rule: .undeclaredAppearance)
        }
        checkDuplicateRows(spec.transitions)
        for row in spec.transitions {
            checkRowLeavesRegion(row, states: states, initials: initials)
            resolveParts(row.source, in: states)
            _ = resolve(row.event, in: events, what: "event")
            resolveParts(row.target, in: states)
        }
        for set in spec.attributeSets {
            var seen: [String: SourceLocation] = [:]
            for attribute in set.attributes {
                _ = resolve(attribute, in: attributes, what: "attribute")
                if let first = seen[attribute.value] {
                    diagnostics.error(
                        "attribute \(DiagnosticText.quoted(attribute.value)) is listed twice in attribute set \(DiagnosticText.quoted(set.name.value))",
                        at: attribute.location, rule: .duplicateName,
                        notes: [.init("first listed here", at: first)])
                }
                seen[attribute.value] = attribute.location
            }
        }

        var context = Context(
            spec: spec, states: states, events: events, attributes: attributes, sets: sets,
            regionInitials: initials)
        context.appearances = spec.appearances.map(\.value)
        context.otherAppearances = context.appearances.filter { $0 != .light }
        context.sharedStateNames = Set(states.keys)
        context.attributeFacts = attributes.mapValues { ($0.type, $0.role?.value) }
        for control in kinds {
            for state in control.ownStates {
                let owners = context.ownStateOwners[state.name.value, default: []]
                guard owners.count < 2, owners.last != control.name.value else { continue }
                context.ownStateOwners[state.name.value, default: []].append(control.name.value)
            }
        }
        var shared = SharedKindChecks()
        var controls: [CheckedControl] = []
        controls.reserveCapacity(kinds.count)
        // Sets with contrast pairs, whose kinds the contrast audit reads the sources of.
        let pairedSets = Set(spec.attributeSets.filter { !$0.contrast.isEmpty }.map(\.name.value))
        for index in kinds.indices {
            var checked = check(kinds[index], context, shared: &shared)
            if !keepsValueSources, kinds[index].contrast.isEmpty,
                !kinds[index].attributeSets.contains(where: { pairedSets.contains($0.value) })
            {
                checked.dropValueSources()
            }
            controls.append(checked)
            kinds[index].values = []
        }
        // The contrast checks read each kind's declared pairs and own states, not its values.
        spec.controls = kinds
        let contrast = checkContrast(spec, context, controls: &controls)
        spec.tokenTable.reportProblems(uses: context.tokenUse.failed, diagnostics: diagnostics)
        warnAboutUnusedTokens(spec.tokenTable, use: context.tokenUse, policy: spec.unusedTokens)
        let errorsAfter = diagnostics.diagnostics.filter { $0.severity == .error }.count
        guard errorsAfter == errorsBefore else { return nil }
        return CheckedSpec(
            module: spec.module, access: spec.access, doc: spec.doc,
            unhandledEvents: spec.unhandledEvents, selectedState: selectedState, selectEvent: roles[.select],
            deselectEvent: roles[.deselect], controls: controls,
            appearances: spec.appearances.map(\.value), swift: spec.swift, path: spec.path, contrast: contrast)
    }

    struct Context {
        var spec: Spec
        var states: [String: StateSpec]
        var events: [String: EventSpec]
        var attributes: [String: AttributeSpec]
        var sets: [String: AttributeSetSpec]
        /// The initial state of each region of the shared states (the first declared in it).
        var regionInitials: [String: String]
        /// The tokens the values use, for the `unused-token` warning.
        var tokenUse = TokenUse()
        /// For each state some kind declares as its own, the kinds that do, in declaration order
        /// (at most two: enough to name another kind than the one asking). Built once, so that
        /// a kind's check does not scan every other kind.
        var ownStateOwners: [String: [String]] = [:]
        /// The spec's appearances, and those besides `light`: made once, not per kind.
        var appearances: [Appearance] = []
        var otherAppearances: [Appearance] = []
        /// The names of the shared states, made once for every kind's check of its flags.
        var sharedStateNames: Set<String> = []
        /// Each attribute's type and role, which a kind's values are checked by: looked up
        /// once per `values` row without copying the declaration.
        var attributeFacts: [String: (type: AttributeType, role: AttributeRole?)] = [:]
    }

    // MARK: Control kinds

    /// Spells out one control kind: its states, events, fallbacks, initial state, transitions,
    /// attribute sets and values, each checked by the method that owns that concern, in the order
    /// their diagnostics are reported. `shared` holds what kinds checked so far found that
    /// other kinds can take as it is.
    func check(_ control: ControlSpec, _ c: Context, shared: inout SharedKindChecks) -> CheckedControl {
        let key = shapeKey(of: control)
        let shape: KindShape
        if let key, var found = shared.shapes[key] {
            found.kindStates.kind = control.name.value
            shape = found
        } else {
            let reported = diagnostics.diagnostics.count
            shape = kindShape(of: control, c)
            // A shape that reported nothing reports nothing for another kind of its key either
            // (its messages differ only by the kind's name): that kind takes it as it is.
            if let key, diagnostics.diagnostics.count == reported { shared.shapes[key] = shape }
        }
        let k = KindScope(control: control, c: c, kindStates: shape.kindStates)
        let states = shape.states
        // The sets, their attributes' sets, UIKit setters and roles, likewise shared by kinds
        // that list the same sets and stand for the same UIKit class.
        let setsKey = SharedKindChecks.SetsKey(
            sets: control.attributeSets.map(\.value), uikitClass: control.uikitClass?.value)
        let sets: SharedKindChecks.Sets
        if let found = shared.sets[setsKey] {
            sets = found
        } else {
            let reported = diagnostics.diagnostics.count
            let (kindSets, setOf) = kindAttributeSets(k)
            let setterOwner = checkUIKitSetters(k, sets: kindSets)
            checkRoleOwners(k, sets: kindSets)
            sets = .init(kindSets: kindSets, setOf: setOf, setterOwner: setterOwner)
            if diagnostics.diagnostics.count == reported { shared.sets[setsKey] = sets }
        }
        let (kindSets, setOf, setterOwner) = (sets.kindSets, sets.setOf, sets.setterOwner)
        let hasControlStates = checkUIKitMapping(k, states: states, setterOwner: setterOwner)
        let values = kindValues(k, sets: kindSets, setOf: setOf, stateIndex: shape.stateIndex)
        let checkedSets = checkedAttributeSets(k, sets: kindSets, values: values, states: states)

        // The graph warnings would only echo an error that dropped a row; they run on a
        // spec whose names all resolved so far. A shared shape whose graph warned about nothing
        // for one kind warns about nothing for the others.
        if !diagnostics.hasErrors, !shape.graphIsQuiet {
            let reported = diagnostics.diagnostics.count
            warnAboutGraph(
                of: control, states: states, events: shape.events, initial: shape.initial,
                transitions: shape.transitions)
            if let key, diagnostics.diagnostics.count == reported, shared.shapes[key] != nil {
                shared.shapes[key]?.graphIsQuiet = true
            }
        }

        return CheckedControl(
            name: control.name, doc: control.doc, supportsSelection: control.supportsSelection,
            states: states, events: shape.checkedEvents, initialState: shape.initial,
            transitions: shape.transitions, attributeSets: checkedSets,
            hasControlStates: hasControlStates, uikitClass: control.uikitClass?.value,
            swiftUIControl: control.swiftUIControl?.value)
    }

    /// What the checks of some kinds found that other kinds take as it is, because it depends
    /// only on what they have in common and reported nothing.
    struct SharedKindChecks {
        /// The shape of the kinds of each ``shapeKey(of:)``.
        var shapes: [Bool: KindShape] = [:]
        /// What a kind's `attributeSets` and `uikit` class come to.
        struct SetsKey: Hashable {
            var sets: [String]
            var uikitClass: UIKitControlClass?
        }
        /// The sets, the set of each of their attributes, and the attribute that sets each UIKit
        /// setter.
        struct Sets {
            var kindSets: [AttributeSetSpec]
            var setOf: [String: String]
            var setterOwner: [UIKitProperty: AttributeSpec]
        }
        var sets: [SetsKey: Sets] = [:]
    }

    /// What a kind's states, events and transitions come to: its states, events, fallback
    /// chains, initial state, flattened rows and states.
    struct KindShape {
        var kindStates: KindStates
        var events: [EventSpec]
        var checkedEvents: [CheckedEvent]
        var initial: String
        var transitions: [CheckedTransition]
        var states: [CheckedState]
        /// The index of each of `states` by name: `0` is `normal`.
        var stateIndex: [String: Int]
        /// Whether the graph warnings (``warnAboutGraph(of:states:events:initial:transitions:)``)
        /// were found to say nothing about a kind of this shape.
        var graphIsQuiet = false
    }

    /// The key under which kinds share one ``KindShape``: whether the kind has selection, for a
    /// kind whose shape comes from the spec's shared declarations alone (no states, events,
    /// rows, `precedence`, `initial`, `sharedStates` or `sharedEvents` of its own) and whose
    /// warnings are not ignored per kind; `nil` for any other kind, which gets its own.
    func shapeKey(of control: ControlSpec) -> Bool? {
        guard control.ownStates.isEmpty, control.ownEvents.isEmpty, control.transitions.isEmpty,
            control.sharedStates == nil, control.sharedEvents == nil, control.precedence == nil,
            control.initialState == nil, diagnostics.ignoredWarningsByKind[control.name.value] == nil
        else { return nil }
        return control.supportsSelection
    }

    /// Checks and spells out one kind's shape, reporting in the order the checks run.
    func kindShape(of control: ControlSpec, _ c: Context) -> KindShape {
        let k = KindScope(control: control, c: c, kindStates: componentStates(of: control, c))
        checkStateCount(k)
        let (kindEvents, allowedEvents) = eventsOfKind(k)
        let eventNames = Set(kindEvents.map(\.name.value))
        let chains = checkFallbacks(k)
        let initial = initialState(k)
        // Transitions, then the states with their fallback chains.
        let transitions = flattenedTransitions(
            of: control, c, kindStates: k.kindStates, events: kindEvents,
            hasEvent: { hasEvent($0, k, eventNames: eventNames, allowed: allowedEvents) })
        let states = flattenedStates(of: control, c, kindStates: k.kindStates, chains: chains)
        return KindShape(
            kindStates: k.kindStates, events: kindEvents,
            checkedEvents: kindEvents.map {
                CheckedEvent(
                    name: $0.name, doc: $0.doc, requiresSelection: $0.requiresSelection, role: $0.role?.value,
                    uikit: $0.uikit?.value)
            },
            initial: initial, transitions: transitions, states: states,
            stateIndex: Dictionary(states.enumerated().map { ($1.name.value, $0) }, uniquingKeysWith: { a, _ in a }))
    }

    /// What the checks of one control kind share: the kind, the spec-wide context and the
    /// kind's states.
    private struct KindScope {
        let control: ControlSpec
        let c: Context
        let kindStates: KindStates
        var kind: String { control.name.value }
        var space: StateSpace { kindStates.space }
        /// Why a selection-only state or event is not in the kind: "control ... does not support
        /// selection; ...". Made only for a message.
        var selectionHint: String { SpecValidator.selectionHint(kind) }
    }

    /// Why a selection-only state or event is not in kind `kind`.
    static func selectionHint(_ kind: String) -> String {
        "control \(DiagnosticText.quoted(kind)) does not support selection; add 'selection: true' to it if it should"
    }

    /// The values of one kind's attributes, as its `values` rows give them, by attribute: one
    /// lookup per row and per attribute of the kind's sets, not one per value.
    private struct KindValues {
        /// One attribute's values.
        struct Entry {
            /// The attribute's `values` row.
            var row: AttributeValuesSpec
            /// Whether its `normal` value is written (whether or not it resolved).
            var normalWritten = false
            /// Each value with the index of its state in the kind's flattened states
            /// (``KindShape/stateIndex``), in the order written (a row has few): `light`'s,
            /// which every spec has, and the other appearances'.
            var light: [(state: Int, value: SourcedValue)] = []
            var others: [Appearance: [(state: Int, value: SourcedValue)]] = [:]

            /// The values in `appearance`, in the order written.
            func values(in appearance: Appearance) -> [(state: Int, value: SourcedValue)] {
                appearance == .light ? light : others[appearance] ?? []
            }

            /// Sets the value of state `index` in `appearance`.
            mutating func set(_ value: SourcedValue, state index: Int, in appearance: Appearance) {
                func set(in list: inout [(state: Int, value: SourcedValue)]) {
                    if let i = list.firstIndex(where: { $0.state == index }) {
                        list[i].value = value
                    } else {
                        list.append((index, value))
                    }
                }
                guard appearance != .light else { return set(in: &light) }
                var list = others.removeValue(forKey: appearance) ?? []
                set(in: &list)
                others[appearance] = list
            }
        }
        var entries: [String: Entry] = [:]
    }

    /// Reports a kind with more states than stategen generates (`too-many-states`), or so many
    /// that the code grows (`many-states`).
    private func checkStateCount(_ k: KindScope) {
        let (control, kind, space) = (k.control, k.kind, k.space)
        let product = space.regions.map { "\($0.states.count)" }.joined(separator: " × ")
        if space.count > StateSpace.maximumCount {
            diagnostics.error(
                "control \(DiagnosticText.quoted(kind)) would have \(space.count == .max ? "too many" : "\(space.count)") states (\(product), one of each region), more than the \(StateSpace.maximumCount) stategen generates; merge regions, or move states to kinds of their own",
                at: control.name.location, rule: .tooManyStates)
        } else if space.count > StateSpace.warningCount {
            diagnostics.warning(
                "control \(DiagnosticText.quoted(kind)) has \(space.count) states (\(product), one of each region); each is an enum case and a case of every generated switch, so the code grows and type-checks slowly: restrict the kind's shared states, or merge regions",
                at: control.name.location, rule: .manyStates, kind: kind)
        }
    }

    /// The kind's events: the shared ones it has (`sharedEvents`, selection), then its own;
    /// reports own events that shadow shared ones, need selection, or have a role. `allowed` is
    /// the kind's `sharedEvents` list, if it has one.
    private func eventsOfKind(_ k: KindScope) -> (events: [EventSpec], allowed: Set<String>?) {
        let (control, c, kind) = (k.control, k.c, k.kind)
        let allowedEvents = control.sharedEvents.map {
            sharedNames($0, in: c.events, what: "event", key: "sharedEvents", kind: kind)
        }
        var kindEvents = c.spec.events.filter {
            (control.supportsSelection || !$0.requiresSelection) && allowedEvents?.contains($0.name.value) ?? true
        }
        for event in control.ownEvents {
            if let shared = c.events[event.name.value] {
                reportShadowing("event", event.name, shared: shared.name.location, kind: kind, list: "sharedEvents")
            } else if event.requiresSelection, !control.supportsSelection {
                diagnostics.error(
                    "event \(DiagnosticText.quoted(event.name.value)) requires selection; \(k.selectionHint)",
                    at: event.name.location,
                    rule: .selectionRequired)
            } else {
                kindEvents.append(event)
            }
        }
        for event in control.ownEvents {
            guard let role = event.role else { continue }
            diagnostics.error(
                "event \(DiagnosticText.quoted(event.name.value)) of control \(DiagnosticText.quoted(kind)) cannot have role \(DiagnosticText.quoted(role.value.rawValue)): roles are requirements of SelectableControlKind, which every selectable kind shares, so they go on shared events",
                at: role.location, rule: .invalidRole)
        }
        return (kindEvents, allowedEvents)
    }

    /// Whether the kind has the event `name` (of a transition row); when not, reports why: not in
    /// its `sharedEvents`, selection-only, or undefined.
    private func hasEvent(
        _ name: Located<String>, _ k: KindScope, eventNames: Set<String>, allowed allowedEvents: Set<String>?
    ) -> Bool {
        let (control, c, kind) = (k.control, k.c, k.kind)
        if eventNames.contains(name.value) { return true }
        if let allowedEvents, c.events[name.value] != nil, !allowedEvents.contains(name.value) {
            diagnostics.error(
                "event \(DiagnosticText.quoted(name.value)) is not one of the shared events of control \(DiagnosticText.quoted(kind)); add it to the kind's 'sharedEvents'",
                at: name.location, rule: .eventNotInKind)
        } else if c.events[name.value] != nil || control.ownEvents.contains(where: { $0.name.value == name.value }) {
            diagnostics.error(
                "event \(DiagnosticText.quoted(name.value)) requires selection; \(k.selectionHint)",
                at: name.location, rule: .selectionRequired)
        } else {
            _ = resolve(
                name,
                in: c.events.merging(
                    control.ownEvents.map { ($0.name.value, $0) }, uniquingKeysWith: { a, _ in a }),
                what: "event")
        }
        return false
    }

    /// Each of the kind's states' fallback chain; reports fallbacks to a state the kind lacks.
    /// Fallbacks must stay within the kind's states, and never name a region's initial state.
    private func checkFallbacks(_ k: KindScope) -> [String: [String]] {
        let (control, c, kind, kindStates, space) = (k.control, k.c, k.kind, k.kindStates, k.space)
        let components = space.regions.flatMap(\.states)
        let chains = fallbackChains(
            components,
            states: control.ownStates.isEmpty
                ? c.states
                : c.states.merging(control.ownStates.map { ($0.name.value, $0) }, uniquingKeysWith: { a, _ in a }),
            reporting: Set(control.ownStates.map(\.name.value)))
        for state in components {
            guard let fallback = state.fallback else { continue }
            if c.states[fallback.value] != nil
                || control.ownStates.contains(where: { $0.name.value == fallback.value }),
                space.position[fallback.value] == nil
            {
                diagnostics.error(
                    "state \(DiagnosticText.quoted(state.name.value)) falls back to \(DiagnosticText.quoted(fallback.value)), which control \(DiagnosticText.quoted(kind)) lacks; \(kindStates.missing[fallback.value].map(kindStates.reason) ?? k.selectionHint)",
                    at: control.name.location, rule: kindStates.missing[fallback.value] ?? .selectionRequired,
                    notes: [.init("the fallback is declared here", at: fallback.location)])
            }
        }
        return chains
    }

    /// The kind's initial state (its own `initialState`, else the spec's, else `normal`), as a
    /// flattened state: a combination's other regions in their initial states.
    private func initialState(_ k: KindScope) -> String {
        let (control, c) = (k.control, k.c)
        var initial = SpecValidator.normalState
        if let own = control.initialState ?? c.spec.initialState, let name = flattenedName(own, in: k.kindStates) {
            initial = name
        }
        return initial
    }

    /// The kind's attribute sets, and the set of each of their attributes; reports a set listed
    /// twice and an attribute in two of the kind's sets.
    private func kindAttributeSets(_ k: KindScope) -> (sets: [AttributeSetSpec], setOf: [String: String]) {
        let (control, c, kind) = (k.control, k.c, k.kind)
        var setOf: [String: String] = [:]
        var kindSets: [AttributeSetSpec] = []
        for name in control.attributeSets {
            guard let set = resolve(name, in: c.sets, what: "attribute set") else { continue }
            if kindSets.contains(where: { $0.name.value == set.name.value }) {
                diagnostics.error(
                    "attribute set \(DiagnosticText.quoted(name.value)) is listed twice in control \(DiagnosticText.quoted(kind))",
                    at: name.location, rule: .duplicateName)
                continue
            }
            for attribute in set.attributes {
                if let other = setOf[attribute.value], other != set.name.value {
                    diagnostics.error(
                        "attribute \(DiagnosticText.quoted(attribute.value)) is in both attribute sets \(DiagnosticText.quoted(other)) and \(DiagnosticText.quoted(set.name.value)) of control \(DiagnosticText.quoted(kind))",
                        at: name.location, rule: .duplicateName)
                }
                setOf[attribute.value] = set.name.value
            }
            kindSets.append(set)
        }
        return (kindSets, setOf)
    }

    /// UIKit setters: one attribute per setter in a kind, each one the kind's class can take.
    ///
    /// - Returns: the attribute that sets each setter.
    private func checkUIKitSetters(
        _ k: KindScope, sets kindSets: [AttributeSetSpec]
    ) -> [UIKitProperty: AttributeSpec] {
        let (control, c, kind) = (k.control, k.c, k.kind)
        var setterOwner: [UIKitProperty: AttributeSpec] = [:]
        for set in kindSets {
            for name in set.attributes {
                guard let attribute = c.attributes[name.value], let uikit = attribute.uikit else { continue }
                let controlClass = control.uikitClass?.value ?? uikit.value.controlClasses[0]
                if let declared = control.uikitClass, !uikit.value.controlClasses.contains(declared.value) {
                    diagnostics.error(
                        "control \(DiagnosticText.quoted(kind)) stands for \(declared.value.rawValue), which has no per-state setter for 'uikit: \(uikit.value.rawValue)' of attribute \(DiagnosticText.quoted(attribute.name.value)) (\(uikit.value.controlClasses.map(\.rawValue).joined(separator: ", ")) \(uikit.value.controlClasses.count == 1 ? "has" : "have") one); take the attribute from a set without a 'uikit' setter, or change the kind's 'uikit'",
                        at: declared.location, rule: .uikitUnsupportedProperty,
                        notes: [.init("'uikit: \(uikit.value.rawValue)' is declared here", at: uikit.location)])
                    continue
                }
                if let first = setterOwner[uikit.value], first.name.value != attribute.name.value {
                    diagnostics.error(
                        "attributes \(DiagnosticText.quoted(first.name.value)) and \(DiagnosticText.quoted(attribute.name.value)) of control \(DiagnosticText.quoted(kind)) both set UIKit's \(uikit.value.signature(on: controlClass)); give one of them another 'uikit' or none",
                        at: control.name.location, rule: .duplicateUikitProperty,
                        notes: [
                            .init(
                                "\(DiagnosticText.quoted(first.name.value)) names it here", at: first.uikit?.location),
                            .init("\(DiagnosticText.quoted(attribute.name.value)) names it here", at: uikit.location),
                        ])
                } else {
                    setterOwner[uikit.value] = attribute
                }
            }
        }
        return setterOwner
    }

    /// Roles: one attribute per role in a kind, as a view has one background, one font...
    private func checkRoleOwners(_ k: KindScope, sets kindSets: [AttributeSetSpec]) {
        let (control, c, kind) = (k.control, k.c, k.kind)
        var roleOwner: [AttributeRole: AttributeSpec] = [:]
        for set in kindSets {
            for name in set.attributes {
                guard let attribute = c.attributes[name.value], let role = attribute.role else { continue }
                if let first = roleOwner[role.value] {
                    guard first.name.value != attribute.name.value else { continue }
                    diagnostics.error(
                        "attributes \(DiagnosticText.quoted(first.name.value)) and \(DiagnosticText.quoted(attribute.name.value)) of control \(DiagnosticText.quoted(kind)) both have role \(DiagnosticText.quoted(role.value.rawValue)) (\(role.value.meaning)), which the generated apply(to:) and style(_:) take from one attribute; give one of them another role or none",
                        at: control.name.location, rule: .duplicateRole,
                        notes: [
                            .init("\(DiagnosticText.quoted(first.name.value)) has it here", at: first.role?.location),
                            .init("\(DiagnosticText.quoted(attribute.name.value)) has it here", at: role.location),
                        ])
                } else {
                    roleOwner[role.value] = attribute
                }
            }
        }
    }

    /// UIKit mapping: whether the kind's states convert to `UIControl.State` flags (every state
    /// but `normal` and the regions' initial states has a `controlState`); warns when a UIKit
    /// setter needs them and they do not, and checks the flags of the flattened states when they do.
    private func checkUIKitMapping(
        _ k: KindScope, states: [CheckedState], setterOwner: [UIKitProperty: AttributeSpec]
    ) -> Bool {
        let (control, c, kind, space) = (k.control, k.c, k.kind, k.space)
        let components = space.regions.flatMap(\.states)
        let unmapped = components.filter {
            $0.name.value != Self.normalState && $0.controlState == nil && !isRegionInitial($0, space)
        }
        if let state = unmapped.first,
            let attribute = setterOwner.values.min(by: { $0.name.location < $1.name.location })
        {
            diagnostics.warning(
                "control \(DiagnosticText.quoted(kind)) gets no UIKit apply(to:) for attribute \(DiagnosticText.quoted(attribute.name.value)) (uikit: \(attribute.uikit?.value.rawValue ?? "")): state \(DiagnosticText.quoted(state.name.value)) has no 'controlState', so its states do not convert to UIControl.State",
                at: control.name.location, rule: .uikitUnmappedState, kind: kind,
                notes: [
                    .init(
                        "state \(DiagnosticText.quoted(state.name.value)) is declared here; give it 'controlState: ...'",
                        at: state.name.location)
                ])
        }
        if unmapped.isEmpty { checkFlattenedControlStates(states, of: control, shared: c.sharedStateNames) }
        return unmapped.isEmpty
    }

    /// The kind's values, keyed by a state or a combination of states, resolved per appearance;
    /// reports values of attributes outside the kind's sets, of a region's initial state, given
    /// twice for one state, or not a length a view can have.
    ///
    /// A value of a state missing from `stateIndex` (a kind with too many states, reported, has
    /// only `normal`) is checked and left out.
    private func kindValues(
        _ k: KindScope, sets kindSets: [AttributeSetSpec], setOf: [String: String], stateIndex: [String: Int]
    ) -> KindValues {
        let (control, c, kind, kindStates) = (k.control, k.c, k.kind, k.kindStates)
        var result = KindValues()
        result.entries.reserveCapacity(control.values.count)
        let initials = kindRegionInitials(of: control, c)
        let appearances = c.appearances
        // The state names the kind's rows have used so far, as resolved: each row names the
        // same few states, so a name is resolved (and its index looked up) once per kind, not
        // once per attribute. Only names that resolved without a problem are kept, so that a
        // bad one is reported at each use as before; a few, since they are scanned.
        var resolvedStates: [(text: String, name: String, index: Int?)] = []
        /// The flattened name of a value's state and its index in the kind's states (`nil` for
        /// a state left out); `nil` (reported) for a region's initial state or a name that does
        /// not resolve.
        func resolve(_ state: Located<String>) -> (name: String, index: Int?)? {
            // No region of the spec or kind: no value can name a region's initial state.
            if !initials.isEmpty {
                let parts = Self.combinationParts(state.value)
                if let initial = parts.first(where: { part in initials.contains { $0.value == part } }),
                    let region = initials.first(where: { $0.value == initial })?.key
                {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(state.value)) names \(DiagnosticText.quoted(initial)), the initial state of region \(DiagnosticText.quoted(region)), which has no look of its own: a control out of the region's other states shows the values of its remaining states; key the value by those ('normal' for none)",
                        at: state.location, rule: .invalidRegion)
                    return nil
                }
            }
            guard let name = flattenedName(state, in: kindStates) else { return nil }
            return (name, stateIndex[name])
        }
        /// Adds a row's values to its attribute's entry.
        func fill(
            _ entry: inout KindValues.Entry, row: AttributeValuesSpec,
            attribute: (type: AttributeType, role: AttributeRole?)?
        ) {
            entry.row = row
            if entry.light.isEmpty { entry.light.reserveCapacity(row.values.count) }
            // The states given so far, found by a scan: a row has a value or two per state.
            var seen: [(name: String, location: SourceLocation)] = []
            seen.reserveCapacity(row.values.count)
            for value in row.values {
                let name: String
                let index: Int?
                if let known = resolvedStates.first(where: { $0.text == value.state.value }) {
                    (name, index) = (known.name, known.index)
                } else {
                    guard let resolved = resolve(value.state) else { continue }
                    (name, index) = resolved
                    if resolvedStates.count < 16 { resolvedStates.append((value.state.value, name, index)) }
                }
                if let first = seen.first(where: { $0.name == name })?.location {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(value.state.value)) is the state \(DiagnosticText.quoted(name)), which already has a value of \(DiagnosticText.quoted(row.attribute.value))",
                        at: value.state.location, rule: .duplicateName, notes: [.init("its value is here", at: first)]
                    )
                    continue
                }
                seen.append((name, value.state.location))
                // A value that is written but does not resolve was reported; it still counts as
                // given, so that `normal` is not also reported missing.
                if name == Self.normalState { entry.normalWritten = true }
                guard let attribute else { continue }
                // A literal is every appearance's value: no table of appearances to build.
                if case .literal(let literal) = value.value.value {
                    guard !appearances.isEmpty else { continue }
                    let sourced = SourcedValue(value: literal, source: ValueSource(location: value.value.location))
                    if let role = attribute.role, !checkLength(sourced, role: role, attribute: row.attribute.value)
                    {
                        continue
                    }
                    guard let index else { continue }
                    for appearance in appearances { entry.set(sourced, state: index, in: appearance) }
                    continue
                }
                guard
                    let resolved = attributeValues(
                        value.value, type: attribute.type, attribute: row.attribute.value, tokens: c.spec.tokenTable,
                        use: c.tokenUse, appearances: appearances)
                else { continue }
                if let role = attribute.role, !checkLength(resolved, role: role, attribute: row.attribute.value)
                {
                    continue
                }
                guard let index else { continue }
                for (appearance, value) in resolved { entry.set(value, state: index, in: appearance) }
            }
        }
        for row in control.values {
            guard setOf[row.attribute.value] != nil else {
                let sets = kindSets.map { "\(DiagnosticText.quoted($0.name.value))" }.joined(separator: ", ")
                diagnostics.error(
                    "attribute \(DiagnosticText.quoted(row.attribute.value)) is in none of the attribute sets of control \(DiagnosticText.quoted(kind)) (\(sets.isEmpty ? "it has none" : sets))",
                    at: row.attribute.location, rule: .attributeNotInSets)
                continue
            }
            let attribute = c.attributeFacts[row.attribute.value]
            // The entry is filled where it is stored (one lookup of the attribute, no copy).
            fill(
                &result.entries[row.attribute.value, default: KindValues.Entry(row: row)], row: row,
                attribute: attribute)
        }
        return result
    }

    /// The kind's attribute sets with each attribute's values by state and appearance; reports
    /// an attribute with no `normal` value (`missing-normal-value`).
    private func checkedAttributeSets(
        _ k: KindScope, sets kindSets: [AttributeSetSpec], values kindValues: KindValues, states: [CheckedState]
    ) -> [CheckedAttributeSet] {
        let (control, c, kind) = (k.control, k.c, k.kind)
        let appearances = c.appearances
        return kindSets.map { set in
            CheckedAttributeSet(
                name: set.name, doc: set.doc,
                attributes: set.attributes.compactMap { name -> CheckedAttribute? in
                    guard let attribute = c.attributes[name.value] else { return nil }
                    let entry = kindValues.entries[name.value]
                    /// An appearance's values in the order of the kind's states.
                    func values(in appearance: Appearance) -> [(state: Int, value: SourcedValue)] {
                        let list = entry?.values(in: appearance) ?? []
                        return list.count > 1 ? list.sorted { $0.state < $1.state } : list
                    }
                    let own = values(in: .light)
                    // State 0 is `normal`.
                    if own.first?.state != 0, entry?.normalWritten != true {
                        diagnostics.error(
                            "attribute \(DiagnosticText.quoted(name.value)) of control \(DiagnosticText.quoted(kind)) has no 'normal' value; every state falls back to it",
                            at: entry?.row.attribute.location ?? control.name.location,
                            rule: .missingNormalValue)
                    }
                    var sources: [(appearance: Appearance, state: String, source: ValueSource)] = []
                    sources.reserveCapacity(own.count * appearances.count)
                    var appearanceValues: [Appearance: [(state: String, value: AttributeValue)]] = [:]
                    for appearance in appearances {
                        let list = appearance == .light ? own : values(in: appearance)
                        for (index, sourced) in list {
                            sources.append((appearance, states[index].name.value, sourced.source))
                        }
                        if appearance != .light {
                            appearanceValues[appearance] = list.map { (states[$0.state].name.value, $0.value.value) }
                        }
                    }
                    return CheckedAttribute(
                        name: attribute.name, type: attribute.type, doc: attribute.doc,
                        uikit: attribute.uikit?.value, scaledBy: attribute.scaledBy?.value, role: attribute.role?.value,
                        values: own.map { (states[$0.state].name.value, $0.value.value) },
                        appearanceValues: appearanceValues,
                        valuesLocation: entry?.row.attribute.location,
                        sourceList: sources)
                })
        }
    }

    /// Whether `state` is the initial state of a region other than the main one (it stands for
    /// the absence of the region's other states).
    func isRegionInitial(_ state: StateSpec, _ space: StateSpace) -> Bool {
        guard state.region != nil else { return false }
        guard let found = space.position[state.name.value] else { return false }
        return found.map { $0.index == 0 } ?? true
    }

    /// Checks that no two flattened states of a kind have the same flags (a combined state and
    /// a declared one, such as `selectedHighlighted` with `controlState: [selected,
    /// highlighted]` beside the region state `selected`), so that flags name one state.
    func checkFlattenedControlStates(_ states: [CheckedState], of control: ControlSpec, shared: Set<String>) {
        var owner: [[ControlStateFlag]: CheckedState] = [:]
        var reported: Set<[ControlStateFlag]> = []
        for state in states {
            guard let flags = state.controlState, !flags.isEmpty, !reported.contains(flags) else { continue }
            guard let first = owner[flags] else {
                owner[flags] = state
                continue
            }
            // Two shared declared states with one set of flags were reported where they are
            // declared; each set is reported once per kind.
            let declaredOnly = first.components.count <= 1 && state.components.count <= 1
            guard !(declaredOnly && shared.contains(first.name.value) && shared.contains(state.name.value)) else {
                continue
            }
            let advice =
                declaredOnly
                ? "give one of them other flags"
                : "drop the declared state whose flags the regions already give as a combination"
            diagnostics.error(
                "states \(DiagnosticText.quoted(first.name.value)) and \(DiagnosticText.quoted(state.name.value)) of control \(DiagnosticText.quoted(control.name.value)) both have the flags [\(flags.map(\.rawValue).joined(separator: ", "))]; a set of flags must name one state (\(advice))",
                at: control.name.location, rule: .duplicateControlState,
                notes: [
                    .init(
                        "\(DiagnosticText.quoted(first.components.first ?? first.name.value)) is declared here",
                        at: first.name.location),
                    .init(
                        "\(DiagnosticText.quoted(state.components.first ?? state.name.value)) is declared here",
                        at: state.name.location),
                ])
            // One report per set of flags: a declared combination gives several pairs.
            reported.insert(flags)
        }
    }

    // MARK: Platform keys

    /// Checks the states' `controlState` flags: `normal` has none (it is `UIControl.State.normal`,
    /// the empty set), and no two states have the same set, so that a set of flags names one
    /// state.
    ///
    /// - Returns: the state whose flags are exactly `[selected]`, if any.
    func checkControlStates(_ states: [StateSpec]) -> String? {
        var owner: [[ControlStateFlag]: StateSpec] = [:]
        var selected: String?
        for state in states {
            guard let flags = state.controlState else { continue }
            if state.name.value == Self.normalState {
                diagnostics.error(
                    "the 'normal' state is UIControl.State.normal, the empty set of flags; it takes no 'controlState'",
                    at: flags.location, rule: .invalidControlState)
                continue
            }
            if let first = owner[flags.value] {
                let text = flags.value.map(\.rawValue).joined(separator: ", ")
                diagnostics.error(
                    "states \(DiagnosticText.quoted(first.name.value)) and \(DiagnosticText.quoted(state.name.value)) both have controlState [\(text)]; a set of flags must name one state",
                    at: flags.location, rule: .duplicateControlState,
                    notes: [
                        .init(
                            "\(DiagnosticText.quoted(first.name.value)) has it here", at: first.controlState?.location)
                    ])
                continue
            }
            owner[flags.value] = state
            if flags.value == [.selected] { selected = state.name.value }
        }
        return selected
    }

    /// Checks event roles: each role names one event, and that event is selection-only (the
    /// roles are requirements of `SelectableControlKind`, which only kinds with selection adopt).
    ///
    /// - Returns: the event of each role.
    func checkRoles(_ events: [EventSpec]) -> [EventRole: String] {
        var owner: [EventRole: EventSpec] = [:]
        for event in events {
            guard let role = event.role else { continue }
            if !event.requiresSelection {
                diagnostics.error(
                    "event \(DiagnosticText.quoted(event.name.value)) has role \(DiagnosticText.quoted(role.value.rawValue)) but is not selection-only; add 'selection: true' to it (only kinds with selection adopt SelectableControlKind)",
                    at: role.location, rule: .invalidRole)
            }
            if let first = owner[role.value] {
                diagnostics.error(
                    "events \(DiagnosticText.quoted(first.name.value)) and \(DiagnosticText.quoted(event.name.value)) both have role \(DiagnosticText.quoted(role.value.rawValue)); a role names one event",
                    at: role.location, rule: .duplicateRole,
                    notes: [.init("\(DiagnosticText.quoted(first.name.value)) has it here", at: first.role?.location)])
                continue
            }
            owner[role.value] = event
        }
        return owner.mapValues(\.name.value)
    }

    /// Checks that each attribute's `uikit` setter takes values of the attribute's type.
    func checkUIKitProperties(_ attributes: [AttributeSpec]) {
        for attribute in attributes {
            guard let uikit = attribute.uikit, uikit.value.attributeType != attribute.type else { continue }
            let fitting = UIKitProperty.allCases.filter { $0.attributeType == attribute.type }.map(\.rawValue)
            diagnostics.error(
                "'uikit: \(uikit.value.rawValue)' (\(uikit.value.signature)) needs a \(uikit.value.attributeType.rawValue) attribute, but \(DiagnosticText.quoted(attribute.name.value)) is \(attribute.type.rawValue)"
                    + (fitting.isEmpty
                        ? "; no UIKit setter takes \(attribute.type.rawValue) values"
                        : "; setters for \(attribute.type.rawValue) values: \(fitting.joined(separator: ", "))"),
                at: uikit.location, rule: .uikitTypeMismatch)
        }
    }

    /// Checks that a value of an attribute with role `cornerRadius` or `borderWidth` is a
    /// length a view can have: a finite number of points, 0 or more (`CALayer` takes a negative
    /// radius or width without a word and draws nothing sensible). Reports the first
    /// appearance's value that is not at the written value (with a note at the token that
    /// holds it), and returns whether all are.
    func checkLength(_ resolved: [Appearance: SourcedValue], role: AttributeRole, attribute: String) -> Bool {
        guard role == .cornerRadius || role == .borderWidth else { return true }
        for (_, sourced) in resolved.sorted(by: { $0.key < $1.key }) {
            guard checkLength(sourced, role: role, attribute: attribute) else { return false }
        }
        return true
    }

    /// ``checkLength(_:role:attribute:)`` for one value (a literal is every appearance's).
    func checkLength(_ sourced: SourcedValue, role: AttributeRole, attribute: String) -> Bool {
        guard role == .cornerRadius || role == .borderWidth else { return true }
        guard case .double(let points) = sourced.value, !(points.isFinite && points >= 0) else { return true }
        diagnostics.error(
            "a value of \(DiagnosticText.quoted(attribute)) (role \(role.rawValue), \(role.meaning)) is \(points) points; it must be 0 or more",
            at: sourced.source.location, rule: .invalidValue,
            notes: (sourced.source.tokenValueLocation ?? sourced.source.tokenLocation).map {
                [.init("the token's value is declared here", at: $0)]
            } ?? [])
        return false
    }

    /// Checks that each attribute's `role` is one its type can fill: a colour role needs a
    /// `color`, `cornerRadius` and `borderWidth` a `dimension`, `font` a `font`.
    func checkAttributeRoles(_ attributes: [AttributeSpec]) {
        for attribute in attributes {
            guard let role = attribute.role, role.value.attributeType != attribute.type else { continue }
            let fitting = AttributeRole.allCases.filter { $0.attributeType == attribute.type }.map(\.rawValue)
            diagnostics.error(
                "'role: \(role.value.rawValue)' (\(role.value.meaning)) needs a \(role.value.attributeType.rawValue) attribute, but \(DiagnosticText.quoted(attribute.name.value)) is \(attribute.type.rawValue)"
                    + (fitting.isEmpty
                        ? "; no role takes \(attribute.type.rawValue) values"
                        : "; roles for \(attribute.type.rawValue) values: \(fitting.joined(separator: ", "))"),
                at: role.location, rule: .roleTypeMismatch)
        }
    }

    /// Warnings about a kind's transition graph: states unreachable from the initial state,
    /// reachable states with no way out that are not terminal, and events no row uses.
    func warnAboutGraph(
        of control: ControlSpec, states kindStates: [CheckedState], events kindEvents: [EventSpec], initial: String,
        transitions: [CheckedTransition]
    ) {
        /// Where a flattened state comes from: its declaration, or its first state's.
        func declared(_ state: CheckedState) -> String {
            state.components.count > 1
                ? "\(DiagnosticText.quoted(state.components[0])), a state of \(DiagnosticText.quoted(state.name.value)), is declared here"
                : "state \(DiagnosticText.quoted(state.name.value)) is declared here"
        }
        let kind = control.name.value
        var reached: Set<String> = [initial]
        var queue = [initial]
        while let state = queue.popLast() {
            for row in transitions where row.source == state && !reached.contains(row.target) {
                reached.insert(row.target)
                queue.append(row.target)
            }
        }
        for state in kindStates where !reached.contains(state.name.value) {
            diagnostics.warning(
                "state \(DiagnosticText.quoted(state.name.value)) cannot be reached from \(DiagnosticText.quoted(initial)) in control \(DiagnosticText.quoted(kind))",
                at: control.name.location, rule: .unreachableState, kind: kind,
                notes: [.init(declared(state), at: state.name.location)])
        }
        // Dead ends: a reachable state that no row leaves, unless it says it is terminal; a
        // kind of one state has nowhere to go (a static control).
        let sources = Set(transitions.map(\.source))
        for state in kindStates
        where kindStates.count > 1 && reached.contains(state.name.value) && !sources.contains(state.name.value)
            && !state.isTerminal
        {
            diagnostics.warning(
                "state \(DiagnosticText.quoted(state.name.value)) has no way out in control \(DiagnosticText.quoted(kind)); add a row leaving it, or mark it 'terminal: true'",
                at: control.name.location, rule: .deadEndState, kind: kind,
                notes: [.init(declared(state), at: state.name.location)])
        }
        // Events the kind has but no row of it uses: sending them always does nothing.
        let used = Set(transitions.map(\.event))
        for event in kindEvents where !used.contains(event.name.value) {
            diagnostics.warning(
                "event \(DiagnosticText.quoted(event.name.value)) is used by no transition row of control \(DiagnosticText.quoted(kind)); sending it never changes the state",
                at: control.name.location, rule: .unusedEvent, kind: kind,
                notes: [
                    .init("event \(DiagnosticText.quoted(event.name.value)) is declared here", at: event.name.location)
                ])
        }
    }

    // MARK: Names

    /// Declarations by name; a name declared twice in one section was already reported by the
    /// decoder (`duplicate-name`), so the first wins.
    func declarations<T>(_ items: [T], _ name: KeyPath<T, Located<String>>, what: String) -> [String: T] {
        var result: [String: T] = [:]
        for item in items where result[item[keyPath: name].value] == nil {
            result[item[keyPath: name].value] = item
        }
        return result
    }

    /// Reports each part of a state or combination (`selected+highlighted`) that names no
    /// declared state; whether the parts combine is checked per kind.
    func resolveParts(_ name: Located<String>, in states: [String: StateSpec]) {
        for part in name.value.split(separator: Self.combinationSeparator) {
            _ = resolve(Located(String(part), at: name.location), in: states, what: "state")
        }
    }

    /// The declaration a name refers to, or `nil` after reporting it as undefined.
    func resolve<T>(_ name: Located<String>, in table: [String: T], what: String) -> T? {
        if let found = table[name.value] { return found }
        diagnostics.error(
            "undefined \(what) \(DiagnosticText.quoted(name.value))"
                + Suggestion.didYouMean(name.value, in: table.keys.sorted()),
            at: name.location, rule: Self.undefinedRule(what))
        return nil
    }

    /// The rule of an undefined name of `what` (`undefined-state` for a state).
    static func undefinedRule(_ what: String) -> RuleID {
        switch what {
        case "state": return .undefinedState
        case "event": return .undefinedEvent
        case "attribute": return .undefinedAttribute
        case "attribute set": return .undefinedAttributeSet
        default: preconditionFailure("no undefined-name rule for \(what)")
        }
    }

    /// Each state's fallback chain (nearest first, ending in `normal`); reports undefined
    /// fallbacks and cycles.
    ///
    /// - Parameter reporting: the states whose problems to report (`nil`: all); the others'
    ///   were reported where they are declared.
    func fallbackChains(
        _ list: [StateSpec], states: [String: StateSpec], reporting: Set<String>?
    ) -> [String: [String]] {
        var chains: [String: [String]] = [:]
        var cycleReported: Set<String> = []
        for state in list where state.name.value != Self.normalState {
            var chain: [String] = []
            var current = state
            var seen: Set<String> = [state.name.value]
            while true {
                let next = current.fallback?.value ?? Self.normalState
                let report = reporting?.contains(state.name.value) ?? true
                if let fallback = current.fallback, states[fallback.value] == nil {
                    if current.name.value == state.name.value, report {
                        _ = resolve(fallback, in: states, what: "state")
                    }
                    break
                }
                if seen.contains(next) {
                    if next == state.name.value, !cycleReported.contains(next), report {
                        cycleReported.formUnion(chain)
                        cycleReported.insert(next)
                        diagnostics.error(
                            "the fallbacks of state \(DiagnosticText.quoted(state.name.value)) form a cycle: \(([state.name.value] + chain).joined(separator: " -> ")) -> \(next)",
                            at: state.fallback?.location ?? state.name.location, rule: .fallbackCycle)
                    }
                    break
                }
                chain.append(next)
                seen.insert(next)
                guard next != Self.normalState, let following = states[next] else { break }
                current = following
            }
            chains[state.name.value] = chain
        }
        return chains
    }
}
