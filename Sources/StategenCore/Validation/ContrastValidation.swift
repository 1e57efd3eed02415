/// The names and settings of the contrast check (docs/spec-reference.md, "Contrast").
///
/// Rules: a pair's `foreground` and `background` are declared `color` attributes and its `font`
/// a declared `font` attribute (`undefined-attribute`, `invalid-contrast-pair`); a set's pair has
/// its foreground in the set, a kind's pair in one of the kind's sets (`invalid-contrast-pair`);
/// `exempt` names declared states (`undefined-state`); the backdrop is an opaque colour in every
/// appearance (`invalid-value`).
extension SpecValidator {
    func checkContrast(_ spec: Spec, _ c: Context, controls: inout [CheckedControl]) -> CheckedContrast {
        var checked = CheckedContrast()
        checked.level = spec.contrast?.level?.value ?? .aa
        if let backdrop = spec.contrast?.backdrop,
            let values = attributeValues(
                backdrop, type: .color, attribute: "backdrop", tokens: spec.tokenTable, use: c.tokenUse,
                appearances: spec.appearances.map(\.value))
        {
            for (appearance, sourced) in values.sorted(by: { $0.key < $1.key }) {
                if case .color(let color) = sourced.value, color.alpha != 255 {
                    diagnostics.error(
                        "the contrast backdrop must be opaque, but its \(appearance.rawValue) colour has alpha \(color.alpha); it is what translucent colours are seen over",
                        at: sourced.source.location, rule: .invalidValue)
                    continue
                }
                checked.backdrop[appearance] = sourced
            }
        }
        let spaceStates = Set(c.states.keys)
        let defaultExempt = Set(
            spec.states.filter { state in
                state.controlState?.value.contains(.disabled) ?? (state.name.value == "disabled")
            }.map(\.name.value))
        let exempt =
            spec.contrast?.exempt.map { names in
                Set(checkStates(names, known: spaceStates).map(\.value))
            } ?? defaultExempt

        // A set's pairs are checked once, where they are written.
        var setPairs: [String: [ContrastPairSpec]] = [:]
        for set in spec.attributeSets {
            setPairs[set.name.value] = withoutDuplicates(set.contrast).filter { pair in
                guard checkPair(pair, c) else { return false }
                guard set.attributes.contains(where: { $0.value == pair.foreground.value }) else {
                    diagnostics.error(
                        "the contrast pair's foreground \(DiagnosticText.quoted(pair.foreground.value)) is not in attribute set \(DiagnosticText.quoted(set.name.value)); a set's pair draws one of its attributes",
                        at: pair.foreground.location, rule: .invalidContrastPair)
                    return false
                }
                _ = checkStates(pair.exempt, known: spaceStates)
                return true
            }
        }
        // `controls` are the checked `spec.controls`, index for index.
        for (index, declared) in zip(controls.indices, spec.controls) {
            let control = controls[index]
            guard
                !declared.contrast.isEmpty
                    || control.attributeSets.contains(where: { setPairs[$0.name.value]?.isEmpty == false })
            else { continue }
            let attributes = Set(control.attributeSets.flatMap { $0.attributes.map(\.name.value) })
            let kindStates = spaceStates.union(declared.ownStates.map(\.name.value))
            var pairs: [ContrastPairSpec] = control.attributeSets.flatMap { setPairs[$0.name.value] ?? [] }
            for pair in withoutDuplicates(declared.contrast) where checkPair(pair, c) {
                guard attributes.contains(pair.foreground.value) else {
                    diagnostics.error(
                        "the contrast pair's foreground \(DiagnosticText.quoted(pair.foreground.value)) is not an attribute of control \(DiagnosticText.quoted(control.name.value)) (none of its attribute sets has it)",
                        at: pair.foreground.location, rule: .invalidContrastPair)
                    continue
                }
                _ = checkStates(pair.exempt, known: kindStates)
                pairs.removeAll { $0.foreground.value == pair.foreground.value }
                pairs.append(pair)
            }
            let memberships = Self.declaredStates(of: control.states, shared: spec.states, own: declared.ownStates)
            controls[index].contrastPairs = pairs.map { pair in
                let exemptNames = exempt.union(pair.exempt.map(\.value))
                return CheckedContrastPair(
                    foreground: pair.foreground.value,
                    background: pair.background.map(\.value).flatMap { attributes.contains($0) ? $0 : nil },
                    font: pair.font.map(\.value).flatMap { attributes.contains($0) ? $0 : nil },
                    level: pair.level?.value ?? checked.level, isText: pair.isText,
                    exemptStates: Set(
                        control.states.filter { state in
                            !(memberships[state.name.value] ?? []).isDisjoint(with: exemptNames)
                        }.map(\.name.value)),
                    location: pair.location)
            }
        }
        return checked
    }

    /// The declared states each of `states` is in: the states it is made of, and the initial
    /// state of every region none of them is in (`normal` for the main region, `unselected` for
    /// a selection region whose first state it is), so that `exempt: [normal]` names what a
    /// user sees as normal.
    static func declaredStates(of states: [CheckedState], shared: [StateSpec], own: [StateSpec]) -> [String: Set<
        String
    >] {
        var regionOf: [String: String] = [:]
        var initials: [String: String] = ["": SpecValidator.normalState]
        for state in shared + own {
            let region = state.region?.value ?? ""
            if regionOf[state.name.value] == nil { regionOf[state.name.value] = region }
            if initials[region] == nil { initials[region] = state.name.value }
        }
        let regions = Set(states.flatMap { $0.components.map { regionOf[$0] ?? "" } }).union([""])
        var result: [String: Set<String>] = [:]
        for state in states {
            var names = Set(state.components)
            let covered = Set(state.components.map { regionOf[$0] ?? "" })
            for region in regions where !covered.contains(region) {
                if let initial = initials[region] { names.insert(initial) }
            }
            result[state.name.value] = names
        }
        return result
    }

    /// `pairs` without a second pair of the same foreground, which is reported.
    private func withoutDuplicates(_ pairs: [ContrastPairSpec]) -> [ContrastPairSpec] {
        var seen: [String: SourceLocation] = [:]
        return pairs.filter { pair in
            if let first = seen[pair.foreground.value] {
                diagnostics.error(
                    "a second contrast pair for foreground \(DiagnosticText.quoted(pair.foreground.value)); one list has one pair per foreground",
                    at: pair.foreground.location, rule: .duplicateName, notes: [.init("the first is here", at: first)]
                )
                return false
            }
            seen[pair.foreground.value] = pair.foreground.location
            return true
        }
    }

    /// The names of `names` that are declared states, each once; reports the others.
    private func checkStates(_ names: [Located<String>], known: Set<String>) -> [Located<String>] {
        var seen: [String: SourceLocation] = [:]
        return names.filter { name in
            if let first = seen[name.value] {
                diagnostics.error(
                    "state \(DiagnosticText.quoted(name.value)) is listed twice", at: name.location,
                    rule: .duplicateName,
                    notes: [.init("first listed here", at: first)])
                return false
            }
            seen[name.value] = name.location
            return checkState(name, known: known)
        }
    }

    /// Whether `pair` names declared attributes of the right types; reports why not.
    private func checkPair(_ pair: ContrastPairSpec, _ c: Context) -> Bool {
        var ok = true
        if let background = pair.background, background.value == pair.foreground.value {
            diagnostics.error(
                "the contrast pair's foreground and background are both \(DiagnosticText.quoted(background.value)); a colour on itself is 1:1",
                at: background.location, rule: .invalidContrastPair)
            ok = false
        }
        for (name, type, role) in [
            (pair.foreground, AttributeType.color, "foreground"), (pair.background, .color, "background"),
            (pair.font, .font, "font"),
        ] {
            guard let name else { continue }
            guard let attribute = resolve(name, in: c.attributes, what: "attribute") else {
                ok = false
                continue
            }
            if attribute.type != type {
                diagnostics.error(
                    "the contrast pair's \(role) \(DiagnosticText.quoted(name.value)) is \(attribute.type.rawValue), not \(type.rawValue)",
                    at: name.location, rule: .invalidContrastPair,
                    notes: [.init("the attribute is declared here", at: attribute.name.location)])
                ok = false
            }
        }
        return ok
    }

    /// Whether `name` is a declared state; reports it when not.
    private func checkState(_ name: Located<String>, known: Set<String>) -> Bool {
        guard !known.contains(name.value) else { return true }
        if name.value.contains(Self.combinationSeparator) {
            diagnostics.error(
                "\(DiagnosticText.quoted(name.value)) is a combination of states; 'exempt' lists declared states, and a combined state is exempt when one of its states is",
                at: name.location, rule: .undefinedState)
            return false
        }
        diagnostics.error(
            "undefined state \(DiagnosticText.quoted(name.value))"
                + Suggestion.didYouMean(name.value, in: known.sorted()),
            at: name.location, rule: .undefinedState)
        return false
    }
}
