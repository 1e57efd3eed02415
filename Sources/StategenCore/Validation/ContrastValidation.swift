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
        checked.location = spec.contrast?.location
        if let backdrop = spec.contrast?.backdrop,
            let values = attributeValues(
                backdrop, type: .color, attribute: "backdrop", tokens: spec.tokenTable, use: c.tokenUse,
                appearances: spec.appearances.map(\.value))
        {
            for (appearance, sourced) in values.sorted(by: { $0.key < $1.key }) {
                if case .color(let color) = sourced.value, color.alpha != 255 {
                    diagnostics.error(
                        "the contrast backdrop must be opaque, but its \(appearance.rawValue) colour has alpha \(color.alpha); it is what translucent colours are seen over",
                        at: sourced.source.location, rule: "invalid-value")
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
                Set(names.filter { checkState($0, known: spaceStates) }.map(\.value))
            } ?? defaultExempt

        // A set's pairs are checked once, where they are written.
        var setPairs: [String: [ContrastPairSpec]] = [:]
        for set in spec.attributeSets {
            setPairs[set.name.value] = set.contrast.filter { pair in
                guard checkPair(pair, c) else { return false }
                guard set.attributes.contains(where: { $0.value == pair.foreground.value }) else {
                    diagnostics.error(
                        "the contrast pair's foreground '\(pair.foreground.value)' is not in attribute set '\(set.name.value)'; a set's pair draws one of its attributes",
                        at: pair.foreground.location, rule: "invalid-contrast-pair")
                    return false
                }
                pair.exempt.forEach { _ = checkState($0, known: spaceStates) }
                return true
            }
        }
        for index in controls.indices {
            let control = controls[index]
            guard let declared = spec.controls.first(where: { $0.name.value == control.name.value }) else { continue }
            let attributes = Set(control.attributeSets.flatMap { $0.attributes.map(\.name.value) })
            let kindStates = spaceStates.union(declared.ownStates.map(\.name.value))
            var pairs: [ContrastPairSpec] = control.attributeSets.flatMap { setPairs[$0.name.value] ?? [] }
            for pair in declared.contrast where checkPair(pair, c) {
                guard attributes.contains(pair.foreground.value) else {
                    diagnostics.error(
                        "the contrast pair's foreground '\(pair.foreground.value)' is not an attribute of control '\(control.name.value)' (none of its attribute sets has it)",
                        at: pair.foreground.location, rule: "invalid-contrast-pair")
                    continue
                }
                pair.exempt.forEach { _ = checkState($0, known: kindStates) }
                pairs.removeAll { $0.foreground.value == pair.foreground.value }
                pairs.append(pair)
            }
            controls[index].contrastPairs = pairs.map { pair in
                let exemptNames = exempt.union(pair.exempt.map(\.value))
                return CheckedContrastPair(
                    foreground: pair.foreground.value,
                    background: pair.background.map(\.value).flatMap { attributes.contains($0) ? $0 : nil },
                    font: pair.font.map(\.value).flatMap { attributes.contains($0) ? $0 : nil },
                    level: pair.level?.value ?? checked.level, isText: pair.isText,
                    exemptStates: Set(
                        control.states.filter { state in state.components.contains(where: exemptNames.contains) }
                            .map(\.name.value)),
                    location: pair.location)
            }
        }
        return checked
    }

    /// Whether `pair` names declared attributes of the right types; reports why not.
    private func checkPair(_ pair: ContrastPairSpec, _ c: Context) -> Bool {
        var ok = true
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
                    "the contrast pair's \(role) '\(name.value)' is \(attribute.type.rawValue), not \(type.rawValue)",
                    at: name.location, rule: "invalid-contrast-pair",
                    notes: [.init("the attribute is declared here", at: attribute.name.location)])
                ok = false
            }
        }
        return ok
    }

    /// Whether `name` is a declared state; reports it when not.
    private func checkState(_ name: Located<String>, known: Set<String>) -> Bool {
        guard !known.contains(name.value) else { return true }
        diagnostics.error(
            "undefined state '\(name.value)'" + Suggestion.didYouMean(name.value, in: known.sorted()),
            at: name.location, rule: "undefined-state")
        return false
    }
}
