/// Every kind's attribute values as a control shows them: for each state and each appearance,
/// each attribute's value after the state's fallback chain and the appearance's fallback chain
/// are applied, with the state whose value it is and where that value comes from (the spec
/// entry, the token and its aliases). What `stategen preview`, `stategen styles` and the
/// contrast check read; the generated resolvers give the same values at run time.
public struct ResolvedStyles: Sendable {
    /// The spec's `module:`.
    public var module: String
    /// The spec's appearances, `light` first.
    public var appearances: [Appearance]
    /// The spec's control kinds, in its order.
    public var kinds: [Kind]

    /// One control kind's resolved values.
    public struct Kind: Sendable {
        /// The kind's spec name.
        public var name: String
        /// The kind's `doc:`, if any.
        public var doc: String?
        /// The kind's states, in the order of its state enum.
        public var states: [CheckedState]
        /// The kind's attributes in set order, each once (an attribute in two sets is listed
        /// under the first).
        public var attributes: [Attribute]
        /// By state, in `states` order.
        public var styles: [StateStyle]
        /// Where the kind is declared.
        public var location: SourceLocation

        /// The style of `state` in `appearance`, if the kind has that state.
        public func style(_ state: String, _ appearance: Appearance) -> AppearanceStyle? {
            styles.first { $0.state == state }?.appearances.first { $0.appearance == appearance }
        }
    }

    /// An attribute as a kind has it.
    public struct Attribute: Sendable, Hashable {
        /// The attribute's spec name.
        public var name: String
        public var type: AttributeType
        /// What the value is to a view (`role:`), if the attribute says.
        public var role: AttributeRole?
        /// The attribute set it is taken through.
        public var set: String
    }

    /// One state of a kind, in every appearance.
    public struct StateStyle: Sendable {
        /// The state's spec name.
        public var state: String
        /// By appearance, in the spec's order.
        public var appearances: [AppearanceStyle]
    }

    /// One state of a kind in one appearance: every attribute's value.
    public struct AppearanceStyle: Sendable {
        public var appearance: Appearance
        /// In the kind's attribute order.
        public var values: [ResolvedValue]

        /// The value of `attribute`, if the kind has it.
        public func value(of attribute: String) -> ResolvedValue? {
            values.first { $0.attribute == attribute }
        }
    }

    /// An attribute's value in one state and appearance.
    public struct ResolvedValue: Sendable, Hashable {
        /// The attribute's spec name.
        public var attribute: String
        /// The value: a colour, a font, a dimension in points (`double`), ...
        public var value: AttributeValue
        /// The state whose value this is: the state itself, or the first state along its
        /// fallback chain that has a value (ending with `normal`).
        public var fromState: String
        /// Where the value of `fromState` is written, and the token it comes from.
        public var source: ValueSource
    }

    /// Resolves every value of `spec` (a spec that validated without errors).
    public init(_ spec: CheckedSpec) {
        module = spec.module.value
        appearances = spec.appearances
        kinds = spec.controls.map { control in
            var attributes: [Attribute] = []
            var checked: [String: CheckedAttribute] = [:]
            for set in control.attributeSets {
                for attribute in set.attributes where checked[attribute.name.value] == nil {
                    checked[attribute.name.value] = attribute
                    attributes.append(
                        Attribute(
                            name: attribute.name.value, type: attribute.type, role: attribute.role,
                            set: set.name.value))
                }
            }
            let styles = control.states.map { state in
                StateStyle(
                    state: state.name.value,
                    appearances: spec.appearances.map { appearance in
                        AppearanceStyle(
                            appearance: appearance,
                            values: attributes.compactMap { attribute in
                                guard let source = checked[attribute.name] else { return nil }
                                return Self.resolve(source, state: state, appearance: appearance)
                            })
                    })
            }
            return Kind(
                name: control.name.value, doc: control.doc, states: control.states, attributes: attributes,
                styles: styles, location: control.name.location)
        }
    }

    /// The value `state` shows in `appearance`: its own, else that of the first state of its
    /// fallback chain with one (every attribute has a `normal` value).
    static func resolve(_ attribute: CheckedAttribute, state: CheckedState, appearance: Appearance) -> ResolvedValue? {
        let values =
            appearance == .light ? attribute.values : attribute.appearanceValues[appearance] ?? attribute.values
        for step in [state.name.value] + state.fallbackChain {
            guard let value = values.first(where: { $0.state == step })?.value else { continue }
            let source =
                attribute.source(of: step, in: appearance) ?? attribute.source(of: step, in: .light)
                ?? ValueSource(location: attribute.valuesLocation ?? attribute.name.location)
            return ResolvedValue(attribute: attribute.name.value, value: value, fromState: step, source: source)
        }
        return nil
    }
}
