/// The context of a kind's platform bridging: which state each combination of UIKit
/// control-state flags names, the UIKit per-state setters of its attribute sets, and the
/// SwiftUI initializers. Each exists only for a kind whose states all have flags
/// (`CheckedControl.hasControlStates`).
extension TemplateContextBuilder {
    /// UIKit's `UIControl.State` for every combination of the kind's flags: `false` for a kind
    /// with a state that has no flags.
    ///
    /// A combination names the state whose flags are the largest subset of it; between two as
    /// large, the one whose flags rank first by ``ControlStateFlag/precedence`` (disabled,
    /// highlighted, selected, focused). `normal` (no flags) is always a candidate.
    func buildControlStates(_ control: CheckedControl, names: KindNames) -> TemplateValue {
        guard control.hasControlStates else { return .bool(false) }
        let mask = Self.mask(of: control)
        // An exhaustive switch over one Bool per flag: `case (true, false):`. Bool patterns need
        // no `~=` overload resolution, so this type-checks faster than integer cases would.
        let cases: [TemplateValue] = Self.combinations(of: mask).map { combination in
            let state = Self.state(for: combination, in: control)
            let pattern = mask.map { combination.contains($0) ? "true" : "false" }.joined(separator: ", ")
            return .object([
                "pattern": .string("(\(pattern))"),
                "state": .string(names.state(state)),
                "flags": .string(Self.flagsLiteral(combination)),
            ])
        }
        return .object([
            "hasMask": .bool(!mask.isEmpty),
            "flagsTuple": .string("(" + mask.map { "flags.contains(.\($0.rawValue))" }.joined(separator: ", ") + ")"),
            "cases": .list(cases),
            "normalCase": .string(names.state(SpecValidator.normalState)),
        ])
    }

    /// Every flag some state of the kind has, in UIKit's bit order.
    static func mask(of control: CheckedControl) -> [ControlStateFlag] {
        Array(Set(control.states.flatMap { $0.controlState ?? [] })).sorted()
    }

    /// Every subset of `flags`, ordered by raw value (`[]` first).
    static func combinations(of flags: [ControlStateFlag]) -> [[ControlStateFlag]] {
        (0..<(1 << flags.count)).map { bits in
            flags.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
        }.sorted { rawValue($0) < rawValue($1) }
    }

    static func rawValue(_ flags: [ControlStateFlag]) -> UInt {
        flags.reduce(0) { $0 | $1.bit }
    }

    /// The state of `control` that the flags `combination` name (see ``buildControlStates``).
    static func state(for combination: [ControlStateFlag], in control: CheckedControl) -> String {
        let wanted = Set(combination)
        var best = (name: SpecValidator.normalState, rank: [Int]())
        for state in control.states {
            guard let flags = state.controlState, !flags.isEmpty, Set(flags).isSubset(of: wanted) else { continue }
            // More flags first, then the strongest flags by precedence.
            let rank = [flags.count] + flags.map(\.precedence).sorted(by: >)
            if rank.lexicographicallyPrecedes(best.rank) == false, rank != best.rank {
                best = (state.name.value, rank)
            }
        }
        return best.name
    }

    // MARK: UIKit

    /// One `apply(to:)` per attribute set and UIKit class that has a setter among the set's
    /// attributes.
    func buildUIKitApplies(
        _ control: CheckedControl, typeName: String, names: KindNames, shared: SharedNames
    ) -> [TemplateValue] {
        guard control.hasControlStates else { return [] }
        let combinations = Self.combinations(of: Self.mask(of: control))
        let flagNames = Self.mask(of: control).map(\.rawValue)
        var applies: [TemplateValue] = []
        for set in control.attributeSets {
            var classes: [String] = []
            for attribute in set.attributes {
                if let uikit = attribute.uikit, !classes.contains(uikit.controlClass) {
                    classes.append(uikit.controlClass)
                }
            }
            for controlClass in classes {
                let calls: [TemplateValue] = set.attributes.compactMap { attribute in
                    guard let uikit = attribute.uikit, uikit.controlClass == controlClass else { return nil }
                    let value = "self.\(names.propertyName(attribute))[state]"
                    return .object([
                        "attribute": .string(attribute.name.value),
                        "signature": .string(uikit.signature),
                        "setter": .string(uikit.setter),
                        "value": .string(Self.uikitValue(value, uikit.conversion)),
                        "conversionNote": .string(Self.conversionNote(uikit.conversion)),
                    ])
                }
                applies.append(
                    .object([
                        "kindTypeName": .string(typeName),
                        "kindName": .string(control.name.value),
                        "setTypeName": .string(names.setType[set.name.value] ?? set.name.value),
                        "controlClass": .string(controlClass),
                        "parameter": .string(Self.parameterName(controlClass)),
                        "combinations": .string(combinations.map { String(Self.rawValue($0)) }.joined(separator: ", ")),
                        "combinationsText": .string(
                            "\(combinations.count) combination\(combinations.count == 1 ? "" : "s") of control-state flags ("
                                + (flagNames.isEmpty ? "none" : flagNames.joined(separator: ", ")) + ")"),
                        "calls": .list(calls),
                    ]))
            }
        }
        return applies
    }

    /// `button` for `UIButton`: the parameter of `apply(to:)`.
    static func parameterName(_ controlClass: String) -> String {
        let stem = controlClass.hasPrefix("UI") ? String(controlClass.dropFirst(2)) : controlClass
        return stem.prefix(1).lowercased() + stem.dropFirst()
    }

    /// The expression UIKit's setter takes for the value `expression`.
    static func uikitValue(_ expression: String, _ conversion: UIKitProperty.Conversion) -> String {
        switch conversion {
        case .string: expression
        case .color: "\(expression).uiColor"
        case .namedImage: "UIKit.UIImage(named: \(expression))"
        case .systemImage: "UIKit.UIImage(systemName: \(expression))"
        }
    }

    static func conversionNote(_ conversion: UIKitProperty.Conversion) -> String {
        switch conversion {
        case .string: ""
        case .color: ", through `UIColor(red:green:blue:alpha:)`"
        case .namedImage: ", the image loaded with `UIImage(named:)` (an asset)"
        case .systemImage: ", the image loaded with `UIImage(systemName:)` (an SF Symbol)"
        }
    }

    // MARK: SwiftUI

    /// SwiftUI's name for each flag and the condition that sets it.
    static func swiftUIParameter(_ flag: ControlStateFlag) -> (label: String, condition: String) {
        switch flag {
        case .highlighted: ("isPressed", "isPressed")
        case .disabled: ("isEnabled", "!isEnabled")
        case .selected: ("isOn", "isOn")
        case .focused: ("isFocused", "isFocused")
        }
    }

    /// The SwiftUI initializers of a kind's `State`: from booleans, from a button style's
    /// configuration (kinds with a highlighted flag) and from a toggle style's (kinds with a
    /// selected flag); `false` for a kind without flags.
    func buildSwiftUI(_ control: CheckedControl) -> TemplateValue {
        guard control.hasControlStates else { return .bool(false) }
        let mask = Self.mask(of: control)
        guard !mask.isEmpty else { return .bool(false) }
        let parameters = mask.map { Self.swiftUIParameter($0) }
        /// The initializer taking `configuration`, which supplies `flag` as `property`.
        func configurationInit(_ flag: ControlStateFlag) -> TemplateValue {
            guard mask.contains(flag) else { return .bool(false) }
            let rest = mask.filter { $0 != flag }.map { Self.swiftUIParameter($0).label }
            let own = Self.swiftUIParameter(flag).label
            let arguments = mask.map { other in
                let label = Self.swiftUIParameter(other).label
                return other == flag ? "\(label): configuration.\(own)" : "\(label): \(label)"
            }
            return .object([
                "parameters": .string(rest.map { ", \($0): Swift.Bool" }.joined()),
                "arguments": .string(arguments.joined(separator: ", ")),
            ])
        }
        return .object([
            "parameters": .string(parameters.map { "\($0.label): Swift.Bool" }.joined(separator: ", ")),
            "flagsText": .string(
                mask.map { "`\(Self.swiftUIParameter($0).condition)` for \($0.rawValue)" }.joined(separator: ", ")),
            "flags": .list(
                mask.map { flag in
                    .object([
                        "condition": .string(Self.swiftUIParameter(flag).condition),
                        "flag": .string(flag.rawValue),
                    ])
                }),
            "buttonStyle": configurationInit(.highlighted),
            "toggleStyle": configurationInit(.selected),
        ])
    }
}
