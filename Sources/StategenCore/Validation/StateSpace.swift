/// One control kind's states as statecharts see them: a main region (holding `normal`) and
/// parallel regions (`region:` on a state), each in exactly one of its states at a time, and
/// their product flattened into the one state enum the kind gets.
///
/// A flattened state is an ``Assignment``: one state of every region. Its spec name joins the
/// states that are not their region's initial one with `+`, regions first, then the main state
/// (`selected+highlighted`); `normal` and region initial states are left out of names, so
/// (normal, selected) is `selected` and a spec without regions keeps its state names.
struct StateSpace {
    /// A region of the kind: its states in declaration order, the initial one first.
    struct Region {
        /// `nil` for the main region.
        var name: String?
        var states: [StateSpec]
    }

    /// One state of each region, by index: `assignment[r]` indexes `regions[r].states`.
    typealias Assignment = [Int]

    /// Some regions' states (a row's source or target, a value's key): region index → state
    /// index.
    typealias Partial = [Int: Int]

    /// The main region first, then the regions in the order their first state is declared.
    /// Only regions with more than their initial state are kept: a region the kind has only the
    /// initial state of adds nothing.
    var regions: [Region]
    /// Region and state index of each component state's name; also lists the initial state of
    /// a region the kind lacks (it is always in it), mapped to `nil`.
    var position: [String: (region: Int, index: Int)?]
    /// Every flattened state, main region varying fastest within each combination of the other
    /// regions: `normal, highlighted, disabled, selected, selected+highlighted, ...`.
    var assignments: [Assignment]
    /// How many flattened states the regions give (saturating at `Int.max`).
    var count: Int

    /// The most flattened states one kind may have: 1,024 (ten two-state regions). Each costs
    /// an enum case, a row of every switch and a `Values` property; past a few hundred the
    /// generated code takes long to type-check.
    static let maximumCount = 1024
    /// Past this many flattened states a kind gets a `many-states` warning.
    static let warningCount = 64

    /// The kind's states by region. `states` are its component states, shared then own, in
    /// declaration order; `initials` names the initial state of every region of the spec.
    init(states: [StateSpec], initials: [String: String]) {
        var regions = [Region(name: nil, states: [])]
        var regionIndex: [String: Int] = [:]
        for state in states {
            guard let region = state.region?.value else {
                regions[0].states.append(state)
                continue
            }
            if let index = regionIndex[region] {
                regions[index].states.append(state)
            } else {
                regionIndex[region] = regions.count
                regions.append(Region(name: region, states: [state]))
            }
        }
        // Each region's initial state goes first (`normal` in the main region), whatever the
        // order the kind lists its states in.
        for r in regions.indices {
            let initial = regions[r].name.flatMap { initials[$0] } ?? SpecValidator.normalState
            if let i = regions[r].states.firstIndex(where: { $0.name.value == initial }), i > 0 {
                regions[r].states.insert(regions[r].states.remove(at: i), at: 0)
            }
        }
        var position: [String: (region: Int, index: Int)?] = [:]
        var kept = [regions[0]]
        for region in regions.dropFirst() {
            if region.states.count > 1 {
                kept.append(region)
            } else {
                for state in region.states { position[state.name.value] = .some(nil) }
            }
        }
        for (r, region) in kept.enumerated() {
            for (i, state) in region.states.enumerated() { position[state.name.value] = (r, i) }
        }
        self.regions = kept
        self.position = position
        var count = 1
        for region in kept {
            let (product, overflow) = count.multipliedReportingOverflow(by: region.states.count)
            count = overflow ? .max : product
        }
        self.count = count
        // Too many to generate (reported by the validator): only `normal`, so that the rest of
        // the checks stay cheap.
        guard count <= Self.maximumCount else {
            self.assignments = [Array(repeating: 0, count: kept.count)]
            return
        }
        var assignments: [Assignment] = [[]]
        for region in kept.reversed() {
            assignments = assignments.flatMap { rest in region.states.indices.map { [$0] + rest } }
        }
        // Outer loop over the other regions, inner over the main region.
        self.assignments = assignments.sorted { a, b in
            (a.dropFirst().reversed() + [a[0]]).lexicographicallyPrecedes(b.dropFirst().reversed() + [b[0]])
        }
    }

    /// Whether the kind has any region besides the main one.
    var hasRegions: Bool { regions.count > 1 }

    /// The state of `region` at `index`.
    func state(_ region: Int, _ index: Int) -> StateSpec { regions[region].states[index] }

    /// The component states of an assignment that are not their region's initial state (nor
    /// `normal`), regions first, then the main state.
    func components(of assignment: Assignment) -> [StateSpec] {
        var result: [StateSpec] = []
        for r in regions.indices.dropFirst() where assignment[r] != 0 { result.append(state(r, assignment[r])) }
        if assignment[0] != 0 { result.append(state(0, assignment[0])) }
        return result
    }

    /// The spec name of a flattened state: `selected+highlighted`, `normal` when every region is
    /// in its initial state.
    func name(of assignment: Assignment) -> String {
        let parts = components(of: assignment).map(\.name.value)
        return parts.isEmpty ? SpecValidator.normalState : parts.joined(separator: "+")
    }

    /// The flattened state that `partial` names, every other region in its initial state.
    func assignment(completing partial: Partial) -> Assignment {
        regions.indices.map { partial[$0] ?? 0 }
    }

    /// Whether `assignment` is in every state `partial` names.
    static func matches(_ partial: Partial, _ assignment: Assignment) -> Bool {
        partial.allSatisfy { assignment[$0.key] == $0.value }
    }
}

extension SpecValidator {
    /// The character that joins the states of a combined state in the spec: `selected+highlighted`.
    public static let combinationSeparator: Character = "+"

    /// The state names a combined state joins (`selected+highlighted`: `selected`,
    /// `highlighted`); a name without `+`, the common case, is its one part, found without
    /// splitting by Character (a tenth of a large spec's validation).
    static func combinationParts(_ text: String, omittingEmpty: Bool = true) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "+")) else { return omittingEmpty && text.isEmpty ? [] : [text] }
        return text.split(separator: combinationSeparator, omittingEmptySubsequences: omittingEmpty).map(String.init)
    }

    /// What a kind has of the spec's states, for resolving the names used in the kind.
    struct KindStates {
        var space: StateSpace
        /// Why a declared state is not in the kind, by name: `selection-required` (the kind has
        /// no selection) or `state-not-in-kind` (its `sharedStates` leaves it out); the text is
        /// ``reason(_:)``'s.
        var missing: [String: RuleID]
        /// Every state name declared anywhere (shared, and the kind's own), for suggestions.
        var declared: [String]
        /// The kinds that declare each own state, in declaration order (``Context/ownStateOwners``).
        var ownStateOwners: [String: [String]] = [:]
        /// The kind these states are of.
        var kind = ""

        /// Why a state that `missing` gives `rule` for is not in the kind: "requires selection;
        /// control ... does not support selection; ...". Made only for a message.
        func reason(_ rule: RuleID) -> String {
            rule == .stateNotInKind
                ? "is not one of the shared states of control \(DiagnosticText.quoted(kind)); add it to the kind's 'sharedStates'"
                : "requires selection; \(SpecValidator.selectionHint(kind))"
        }

        /// The first other kind that declares `state` as its own, if any.
        func elsewhere(_ state: String) -> String? {
            ownStateOwners[state]?.first { $0 != kind }
        }
    }

    /// The flattened state a state or combination used in a kind names, the other regions in
    /// their initial states: ``resolveStates(_:in:report:)`` (reporting as it does), then
    /// ``StateSpace/name(of:)``. A single state of the kind, the common case, is its own name
    /// (`normal` for a region's initial state) without building either.
    func flattenedName(_ name: Located<String>, in kind: KindStates) -> String? {
        let text = name.value
        if !text.isEmpty, !text.utf8.contains(UInt8(ascii: "+")), let found = kind.space.position[text] {
            guard let (_, index) = found, index != 0 else { return Self.normalState }
            return text
        }
        guard let partial = resolveStates(name, in: kind) else { return nil }
        return kind.space.name(of: kind.space.assignment(completing: partial))
    }

    /// Resolves a state or combination (`selected+highlighted`) used in a kind to the states it
    /// names, one per region. Reports (when `report` is set) and returns `nil` when a part is
    /// not a state of the kind or two parts are in one region.
    func resolveStates(_ name: Located<String>, in kind: KindStates, report: Bool = true) -> StateSpace
        .Partial?
    {
        let parts = Self.combinationParts(name.value, omittingEmpty: false)
        var partial: StateSpace.Partial = [:]
        var ok = true
        for part in parts {
            guard !part.isEmpty else {
                if report {
                    diagnostics.error(
                        "\(DiagnosticText.quoted(name.value)) has an empty part; a combined state joins state names with '+', as in 'selected+highlighted'",
                        at: name.location, rule: .invalidCombination)
                }
                return nil
            }
            guard let found = kind.space.position[part] else {
                if report {
                    if let rule = kind.missing[part] {
                        diagnostics.error(
                            "state \(DiagnosticText.quoted(part)) \(kind.reason(rule))", at: name.location, rule: rule)
                    } else {
                        let owner = kind.elsewhere(part).map {
                            "; it is a state of control \(DiagnosticText.quoted($0)) only (a kind's own states are nobody else's): declare it in the shared states, or in this kind too"
                        }
                        diagnostics.error(
                            "undefined state \(DiagnosticText.quoted(part))"
                                + (owner ?? Suggestion.didYouMean(part, in: kind.declared)),
                            at: name.location, rule: .undefinedState)
                    }
                }
                ok = false
                continue
            }
            // The initial state of a region the kind has no other state of: always true.
            guard let (region, index) = found else { continue }
            if let other = partial[region] {
                if report {
                    let first = kind.space.state(region, other).name.value
                    let what =
                        kind.space.regions[region].name.map { "region \(DiagnosticText.quoted($0))" }
                        ?? "the main region"
                    diagnostics.error(
                        "\(DiagnosticText.quoted(name.value)) combines \(DiagnosticText.quoted(first)) and \(DiagnosticText.quoted(part)), which are both in \(what): a control is in one state of a region at a time; combine states of different regions (give a state 'region: ...')",
                        at: name.location, rule: .invalidCombination)
                }
                return nil
            }
            partial[region] = index
        }
        return ok ? partial : nil
    }
}
