/// How a kind's regions become one state enum: which states the kind has, its flattened
/// transition table, and each flattened state's fallback chain along the precedence.
///
/// Rules (each with a rule id in `docs/diagnostics.md`; the model is described in
/// `docs/spec-reference.md` and `docs/uikit-semantics.md`):
/// - A row matches every flattened state that is in all the states its source names, and sets
///   the regions its target names; the other regions keep their state (UIKit: `isSelected` is
///   independent of `isEnabled` and `isHighlighted`). For one state and event, each region takes
///   its state from the most specific matching row (most states named); two equally specific
///   rows that disagree are `conflicting-rows`.
/// - A combined state falls back to its sub-combinations (larger first), then to each of its
///   states in precedence order (each followed by its own fallback chain), then to `normal`.
extension SpecValidator {
    /// The states a kind has: the shared ones (less those needing selection in a kind without
    /// it, and those its `sharedStates` leaves out), then its own. Reports own states that
    /// shadow shared ones and a `sharedStates` list without `normal`.
    func componentStates(of control: ControlSpec, _ c: Context) -> KindStates {
        let kind = control.name.value
        var missing: [String: RuleID] = [:]
        var allowed: Set<String>?
        if let list = control.sharedStates {
            let listed = sharedNames(list, in: c.states, what: "state", key: "sharedStates", kind: kind)
            if !listed.contains(Self.normalState) {
                diagnostics.error(
                    "the sharedStates of control \(DiagnosticText.quoted(kind)) must list 'normal': every kind starts from it and every fallback chain ends in it",
                    at: list.first?.location ?? control.name.location, rule: .missingNormalState)
            }
            allowed = listed
        }
        var states: [StateSpec] = []
        for state in c.spec.states {
            let name = state.name.value
            let regionInitial = state.region.map { c.regionInitials[$0.value] == name } ?? false
            if !control.supportsSelection, state.requiresSelection, !regionInitial {
                missing[name] = .selectionRequired
            } else if let allowed, !allowed.contains(name), !regionInitial, name != Self.normalState {
                missing[name] = .stateNotInKind
            } else {
                states.append(state)
            }
        }
        var initials = c.regionInitials
        for state in control.ownStates {
            if let shared = c.states[state.name.value] {
                reportShadowing("state", state.name, shared: shared.name.location, kind: kind, list: "sharedStates")
                continue
            }
            if state.requiresSelection, !control.supportsSelection {
                diagnostics.error(
                    "state \(DiagnosticText.quoted(state.name.value)) requires selection; \(Self.selectionHint(kind))",
                    at: state.name.location,
                    rule: .selectionRequired)
                missing[state.name.value] = .selectionRequired
                continue
            }
            if let region = state.region?.value, initials[region] == nil { initials[region] = state.name.value }
            states.append(state)
        }
        checkRegions(control.ownStates.filter { c.states[$0.name.value] == nil }, initials: initials)
        return KindStates(
            space: StateSpace(states: states, initials: initials), missing: missing,
            declared: (c.spec.states + control.ownStates).map(\.name.value), ownStateOwners: c.ownStateOwners,
            kind: kind)
    }

    /// Reports a kind's own state or event named like a shared one (`state-shadows-shared`,
    /// `event-shadows-shared`), with a note at the shared one.
    func reportShadowing(_ what: String, _ name: Located<String>, shared: SourceLocation, kind: String, list: String) {
        diagnostics.error(
            "control \(DiagnosticText.quoted(kind)) declares its own \(what) \(DiagnosticText.quoted(name.value)), which is a shared \(what) already; rename it, or drop it here and keep the shared one (restrict the shared ones with \(DiagnosticText.quoted(list)))",
            at: name.location, rule: what == "state" ? .stateShadowsShared : .eventShadowsShared,
            notes: [.init("the shared \(what) is declared here", at: shared)])
    }

    /// The names a kind's `sharedStates` or `sharedEvents` lists, after reporting undefined
    /// ones and ones listed twice.
    func sharedNames<T>(
        _ list: [Located<String>], in table: [String: T], what: String, key: String, kind: String
    ) -> Set<String> {
        var seen: [String: SourceLocation] = [:]
        for name in list {
            guard resolve(name, in: table, what: what) != nil else { continue }
            if let first = seen[name.value] {
                diagnostics.error(
                    "\(what) \(DiagnosticText.quoted(name.value)) is listed twice in the \(key) of control \(DiagnosticText.quoted(kind))",
                    at: name.location, rule: .duplicateName, notes: [.init("first listed here", at: first)])
            }
            seen[name.value] = name.location
        }
        return Set(seen.keys)
    }

    /// The initial state of each region a kind can have: the spec's, and those of regions only
    /// the kind's own states are in.
    func kindRegionInitials(of control: ControlSpec, _ c: Context) -> [String: String] {
        var initials = c.regionInitials
        for state in control.ownStates {
            if let region = state.region?.value, initials[region] == nil { initials[region] = state.name.value }
        }
        return initials
    }

    /// The initial state of each region: the first state declared in it.
    static func regionInitials(_ states: [StateSpec]) -> [String: String] {
        var initials: [String: String] = [:]
        // `normal` is in the main region whatever it says (`invalid-region`).
        for state in states where state.name.value != Self.normalState {
            if let region = state.region?.value, initials[region] == nil { initials[region] = state.name.value }
        }
        return initials
    }

    /// Checks region declarations: `normal` is in the main region, and a region's initial state
    /// (the absence of its other states) has no flags and no fallback.
    func checkRegions(_ states: [StateSpec], initials: [String: String]) {
        for state in states {
            if let fallback = state.fallback, fallback.value != Self.normalState,
                let target = states.first(where: { $0.name.value == fallback.value }),
                let targetRegion = target.region?.value, initials[targetRegion] == target.name.value,
                target.name.value != state.name.value
            {
                diagnostics.error(
                    "state \(DiagnosticText.quoted(state.name.value)) falls back to \(DiagnosticText.quoted(fallback.value)), the initial state of region \(DiagnosticText.quoted(targetRegion)), which has no values of its own; fall back to 'normal' or another state",
                    at: fallback.location, rule: .invalidRegion)
            }
            guard let region = state.region else { continue }
            if region.value.isEmpty || region.value.contains(Self.combinationSeparator) {
                diagnostics.error(
                    "\(DiagnosticText.quoted(region.value)) cannot name a region: give it a name without '+'",
                    at: region.location,
                    rule: .invalidName)
            }
            if state.name.value == Self.normalState {
                diagnostics.error(
                    "the 'normal' state is in the main region, where every kind starts; it takes no 'region'",
                    at: region.location, rule: .invalidRegion)
                continue
            }
            guard initials[region.value] == state.name.value else { continue }
            let why =
                "state \(DiagnosticText.quoted(state.name.value)) is the initial state of region \(DiagnosticText.quoted(region.value)) (the first declared in it): it stands for none of the region's other states"
            if let flags = state.controlState {
                diagnostics.error(
                    "\(why), so it takes no 'controlState'", at: flags.location, rule: .invalidRegion)
            }
            if let fallback = state.fallback {
                diagnostics.error(
                    "\(why), so it takes no 'fallback'", at: fallback.location, rule: .invalidRegion)
            }
            if state.requiresSelection || state.isTerminal {
                diagnostics.error(
                    "\(why), so it takes no \(DiagnosticText.quoted(state.requiresSelection ? "selection" : "terminal")): every kind has it, in which the region's other states are absent",
                    at: state.name.location, rule: .invalidRegion)
            }
        }
    }

    /// Reports a row from a region state to `normal` alone (`selected: { deselect: normal }`):
    /// a row changes only the regions its target names, so it would keep the region state — the
    /// spec written before regions existed. Says what to write instead.
    func checkRowLeavesRegion(_ row: TransitionSpec, states: [String: StateSpec], initials: [String: String]) {
        guard row.target.value == Self.normalState, let source = states[row.source.value],
            let region = source.region?.value, initials[region] != source.name.value
        else { return }
        let initial = initials[region] ?? "its initial state"
        diagnostics.error(
            "the row \(DiagnosticText.quoted(row.source.value)) on \(DiagnosticText.quoted(row.event.value)) -> 'normal' would keep \(DiagnosticText.quoted(row.source.value)): a row changes only the regions its target names, and 'normal' is in the main region; write \(DiagnosticText.quoted(initial)) to leave region \(DiagnosticText.quoted(region)), or 'normal+\(row.source.value)' to keep it and go to 'normal'",
            at: row.target.location, rule: .rowKeepsRegion)
    }

    /// Reports two rows whose sources are one combination written in two orders
    /// (`a+b` and `b+a`) for one event: one (state, event) pair has one row.
    func checkDuplicateRows(_ rows: [TransitionSpec]) {
        var seen: [[String]: TransitionSpec] = [:]
        for row in rows where row.source.value.contains(Self.combinationSeparator) {
            let key =
                Self.combinationParts(row.source.value).sorted() + [
                    row.event.value
                ]
            if let first = seen[key] {
                diagnostics.error(
                    "the row \(DiagnosticText.quoted(row.source.value)) on \(DiagnosticText.quoted(row.event.value)) is the row \(DiagnosticText.quoted(first.source.value)) on \(DiagnosticText.quoted(row.event.value)) again: a combination names the same state in any order",
                    at: row.event.location, rule: .duplicateName,
                    notes: [.init("first written here", at: first.event.location)])
                continue
            }
            seen[key] = row
        }
    }

    /// The kind's flattened transition table, ordered by source state, then event.
    func flattenedTransitions(
        of control: ControlSpec, _ c: Context, kindStates: KindStates, events: [EventSpec],
        hasEvent: (Located<String>) -> Bool
    ) -> [CheckedTransition] {
        let kind = control.name.value
        let space = kindStates.space
        let eventNames = Set(events.map(\.name.value))
        struct Row {
            var source: StateSpace.Partial
            var event: String
            var target: StateSpace.Partial
            var spec: TransitionSpec
            var isKindRow: Bool
            /// The source's states, one per region, in region order: rows of equal keys and
            /// events are one row. Made once per row (rows are compared with every other).
            let key: [Int]

            init(
                source: StateSpace.Partial, event: String, target: StateSpace.Partial, spec: TransitionSpec,
                isKindRow: Bool
            ) {
                self.source = source
                self.event = event
                self.target = target
                self.spec = spec
                self.isKindRow = isKindRow
                self.key = source.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
            }
        }
        var rows: [Row] = []
        for row in c.spec.transitions where eventNames.contains(row.event.value) {
            guard let source = resolveStates(row.source, in: kindStates, report: false) else { continue }
            guard let target = resolveStates(row.target, in: kindStates, report: false) else {
                // The kind has the source and event but not the target: say so, since it can
                // leave the kind stuck (unless the kind replaces the row).
                let parts = Self.combinationParts(row.target.value)
                // Only states left out for want of selection: leaving one out with `sharedStates`
                // says on purpose that its rows do not apply.
                let lacking = parts.first {
                    c.states[$0] != nil && kindStates.missing[$0] == .selectionRequired
                }
                let replaced = control.transitions.contains {
                    $0.source.value == row.source.value && $0.event.value == row.event.value
                }
                if let lacking, !replaced {
                    diagnostics.warning(
                        "the shared row \(DiagnosticText.quoted(row.source.value)) on \(DiagnosticText.quoted(row.event.value)) -> \(DiagnosticText.quoted(row.target.value)) does not apply to control \(DiagnosticText.quoted(kind)), which lacks \(DiagnosticText.quoted(lacking)) (it requires selection); give the kind its own row for \(DiagnosticText.quoted(row.source.value)) on \(DiagnosticText.quoted(row.event.value)), or add 'selection: true'",
                        at: control.name.location, rule: .rowNeedsSelection, kind: kind,
                        notes: [.init("the shared row is here", at: row.target.location)])
                }
                continue
            }
            let new = Row(source: source, event: row.event.value, target: target, spec: row, isKindRow: false)
            guard !rows.contains(where: { $0.key == new.key && $0.event == new.event }) else { continue }
            rows.append(new)
        }
        // The kind's declared states and region initials matter only to its own rows.
        let declared =
            control.transitions.isEmpty
            ? [:] : c.states.merging(control.ownStates.map { ($0.name.value, $0) }, uniquingKeysWith: { a, _ in a })
        let initials = control.transitions.isEmpty ? [:] : kindRegionInitials(of: control, c)
        checkDuplicateRows(control.transitions)
        for row in control.transitions {
            checkRowLeavesRegion(row, states: declared, initials: initials)
            let source = resolveStates(row.source, in: kindStates)
            let event = hasEvent(row.event)
            let target = resolveStates(row.target, in: kindStates)
            guard let source, event, let target else { continue }
            let new = Row(source: source, event: row.event.value, target: target, spec: row, isKindRow: true)
            rows.removeAll { !$0.isKindRow && $0.key == new.key && $0.event == new.event }
            // A second row of the same source and event was reported (`duplicate-name`).
            guard !rows.contains(where: { $0.key == new.key && $0.event == new.event }) else { continue }
            rows.append(new)
        }

        var reported: Set<[Int]> = []
        var transitions: [CheckedTransition] = []
        // Each event's rows, in row order, so that each flattened state looks only at its rows.
        var rowsOfEvent: [String: [Int]] = [:]
        for i in rows.indices { rowsOfEvent[rows[i].event, default: []].append(i) }
        let eventOrder = events.map(\.name.value)
        for assignment in space.assignments {
            let sourceName = space.name(of: assignment)
            for event in eventOrder {
                let matching = (rowsOfEvent[event] ?? []).filter { StateSpace.matches(rows[$0].source, assignment) }
                guard let strongest = matching.max(by: { rows[$0].source.count < rows[$1].source.count }) else {
                    continue
                }
                var best: [Int: Int] = [:]  // region → row
                for i in matching {
                    for (region, state) in rows[i].target {
                        guard let b = best[region] else {
                            best[region] = i
                            continue
                        }
                        if rows[i].source.count > rows[b].source.count {
                            best[region] = i
                        } else if rows[i].source.count == rows[b].source.count, rows[b].target[region] != state,
                            reported.insert([b, i]).inserted
                        {
                            let what =
                                space.regions[region].name.map { "region \(DiagnosticText.quoted($0))" }
                                ?? "the main region"
                            diagnostics.error(
                                "rows \(DiagnosticText.quoted(rows[b].spec.source.value)) on \(DiagnosticText.quoted(event)) and \(DiagnosticText.quoted(rows[i].spec.source.value)) on \(DiagnosticText.quoted(event)) both apply to state \(DiagnosticText.quoted(sourceName)) of control \(DiagnosticText.quoted(kind)) and move \(what) to different states (\(DiagnosticText.quoted(space.state(region, rows[b].target[region] ?? 0).name.value)) and \(DiagnosticText.quoted(space.state(region, state).name.value))); make one of them more specific (a combined source such as 'highlighted+selected') or drop one",
                                at: rows[i].spec.event.location, rule: .conflictingRows,
                                notes: [.init("the other row is here", at: rows[b].spec.event.location)])
                        }
                    }
                }
                var target = assignment
                for (region, row) in best { target[region] = rows[row].target[region] ?? target[region] }
                transitions.append(
                    CheckedTransition(
                        source: sourceName, event: event, target: space.name(of: target),
                        location: rows[strongest].spec.event.location,
                        isKindRow: matching.contains { rows[$0].isKindRow }))
            }
        }
        return transitions
    }

    /// The kind's flattened states, with their flags and fallback chains.
    func flattenedStates(
        of control: ControlSpec, _ c: Context, kindStates: KindStates, chains: [String: [String]]
    ) -> [CheckedState] {
        let space = kindStates.space
        let rank = precedenceRank(of: control, c, kindStates: kindStates)
        return space.assignments.map { assignment in
            let parts = space.components(of: assignment)
            let name = space.name(of: assignment)
            guard parts.count > 1 else {
                let spec = parts.first ?? space.state(0, 0)
                return CheckedState(
                    name: Located(name, at: spec.name.location), doc: spec.doc,
                    fallbackChain: parts.isEmpty ? [] : chains[name] ?? [Self.normalState],
                    requiresSelection: spec.requiresSelection,
                    controlState: parts.isEmpty ? [] : spec.controlState?.value,
                    components: parts.map(\.name.value), isTerminal: spec.isTerminal)
            }
            let ordered = parts.sorted { (rank[$0.name.value] ?? .max) < (rank[$1.name.value] ?? .max) }
            var chain: [String] = []
            // Sub-combinations, larger first, each in precedence order.
            for size in stride(from: parts.count - 1, through: 2, by: -1) {
                for subset in Self.subsets(of: ordered.count, size: size) {
                    var partial: StateSpace.Partial = [:]
                    for i in subset {
                        guard let found = space.position[ordered[i].name.value], let (r, index) = found else {
                            continue
                        }
                        partial[r] = index
                    }
                    chain.append(space.name(of: space.assignment(completing: partial)))
                }
            }
            for part in ordered {
                chain.append(part.name.value)
                chain += (chains[part.name.value] ?? []).filter { $0 != Self.normalState }
            }
            chain.append(Self.normalState)
            var seen: Set<String> = [name]
            chain = chain.filter { seen.insert($0).inserted }
            let flags =
                parts.allSatisfy { $0.controlState != nil } ? parts.flatMap { $0.controlState?.value ?? [] } : nil
            return CheckedState(
                name: Located(name, at: parts[0].name.location),
                doc: "The combination of " + parts.map { "`\($0.name.value)`" }.joined(separator: " and ")
                    + ": the control is in each of them at once.",
                fallbackChain: chain, requiresSelection: parts.contains { $0.requiresSelection },
                controlState: flags.map { Array(Set($0)).sorted() },
                components: parts.map(\.name.value), isTerminal: parts.contains { $0.isTerminal })
        }
    }

    /// Every `size`-element subset of `0..<count`, in lexicographic order.
    static func subsets(of count: Int, size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard count >= size else { return [] }
        var result: [[Int]] = []
        func extend(_ prefix: [Int], from start: Int) {
            if prefix.count == size {
                result.append(prefix)
                return
            }
            for i in start..<count { extend(prefix + [i], from: i + 1) }
        }
        extend([], from: 0)
        return result
    }

    /// The rank of each of the kind's states in its precedence (0 strongest): the kind's
    /// `precedence:` (or the spec's) first, then region states before main-region states, each
    /// in declaration order. Reports the kind's own list's problems; the spec's were reported
    /// once by ``checkPrecedence(_:states:)``.
    func precedenceRank(of control: ControlSpec, _ c: Context, kindStates: KindStates) -> [String: Int] {
        let space = kindStates.space
        var order: [String] = []
        let own = control.precedence != nil
        var seen: [String: SourceLocation] = [:]
        for name in control.precedence ?? c.spec.precedence {
            if name.value.contains(Self.combinationSeparator) {
                if own { reportPrecedenceCombination(name) }
                continue
            }
            guard let found = space.position[name.value] else {
                if own { _ = resolveStates(name, in: kindStates) }
                continue
            }
            guard let (region, index) = found, index != 0 || region == 0, name.value != Self.normalState else {
                if own { reportPrecedenceInitial(name) }
                continue
            }
            if let first = seen[name.value] {
                if own { reportPrecedenceTwice(name, first: first) }
                continue
            }
            seen[name.value] = name.location
            order.append(name.value)
        }
        for region in space.regions.indices.dropFirst() + [0] {
            for state in space.regions[region].states.dropFirst() where !order.contains(state.name.value) {
                order.append(state.name.value)
            }
        }
        return Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func reportPrecedenceCombination(_ name: Located<String>) {
        diagnostics.error(
            "\(DiagnosticText.quoted(name.value)) is a combination; 'precedence' ranks single states, and a combination's own values (keyed by it) already come first",
            at: name.location, rule: .invalidPrecedence)
    }

    func reportPrecedenceInitial(_ name: Located<String>) {
        diagnostics.error(
            "\(DiagnosticText.quoted(name.value)) has no place in 'precedence': it is where every fallback chain ends, or a region's initial state, which has no values of its own",
            at: name.location, rule: .invalidPrecedence)
    }

    func reportPrecedenceTwice(_ name: Located<String>, first: SourceLocation) {
        diagnostics.error(
            "state \(DiagnosticText.quoted(name.value)) is listed twice in 'precedence'; a state has one rank",
            at: name.location, rule: .contradictoryPrecedence, notes: [.init("first listed here", at: first)])
    }

    /// Checks the spec's `precedence:`: declared states, none twice, neither `normal` nor a
    /// region's initial state.
    func checkPrecedence(_ list: [Located<String>], states: [String: StateSpec], initials: [String: String]) {
        var seen: [String: SourceLocation] = [:]
        for name in list {
            if name.value.contains(Self.combinationSeparator) {
                reportPrecedenceCombination(name)
                continue
            }
            guard let state = resolve(name, in: states, what: "state") else { continue }
            if name.value == Self.normalState || state.region.map({ initials[$0.value] == name.value }) == true {
                reportPrecedenceInitial(name)
                continue
            }
            if let first = seen[name.value] {
                reportPrecedenceTwice(name, first: first)
                continue
            }
            seen[name.value] = name.location
        }
    }
}
