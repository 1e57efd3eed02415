/// The context of a kind's platform bridging: which state each combination of UIKit
/// control-state flags names, the UIKit per-state setters of its attribute sets, and the
/// SwiftUI initializers. Each exists only for a kind whose states all have flags
/// (`CheckedControl.hasControlStates`).
extension TemplateContextBuilder {
    /// UIKit's `UIControl.State` for every combination of the kind's flags: `nil` for a kind
    /// with a state that has no flags.
    ///
    /// A combination names the state whose flags are the largest subset of it; between two as
    /// large, the one whose flags rank first by ``ControlStateFlag/precedence`` (disabled,
    /// highlighted, selected, focused). `normal` (no flags) is always a candidate.
    func buildControlStates(_ control: CheckedControl, names: KindNames) -> ControlModel.ControlStates? {
        guard control.hasControlStates else { return nil }
        let mask = Self.mask(of: control)
        // Eight flags or more: 256 combinations and up, which the compiler cannot check in one
        // exhaustive switch in reasonable time; the generated code searches the states instead.
        if mask.count >= 8 {
            return ControlModel.ControlStates(
                hasMask: true, searchesStates: true, flagsTuple: "", cases: [],
                normalCase: names.state(SpecValidator.normalState))
        }
        // An exhaustive switch over one Bool per flag: `case (true, false):`. Bool patterns need
        // no `~=` overload resolution, so this type-checks faster than integer cases would.
        let cases: [ControlModel.FlagsCase] = Self.combinations(of: mask).map { combination in
            let state = Self.state(for: combination, in: control)
            let pattern = mask.map { combination.contains($0) ? "true" : "false" }.joined(separator: ", ")
            return ControlModel.FlagsCase(
                pattern: "(\(pattern))", state: names.state(state), flags: Self.flagsLiteral(combination))
        }
        return ControlModel.ControlStates(
            hasMask: !mask.isEmpty, searchesStates: false,
            flagsTuple: "(" + mask.map { "flags.contains(.\($0.rawValue))" }.joined(separator: ", ") + ")",
            cases: cases, normalCase: names.state(SpecValidator.normalState))
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

    /// The flags UIKit can report for a control of the kind: its states' flags, and `focused`
    /// for a `UIControl` (any control can take focus on tvOS, iPadOS with a keyboard and Mac
    /// Catalyst, whether or not the spec models it). `apply(to:)` sets a value for every
    /// combination of them, so UIKit never falls back to `normal` where the spec says otherwise.
    static func reportableFlags(of control: CheckedControl) -> [ControlStateFlag] {
        var flags = Set(mask(of: control))
        if control.uikitClass?.isControl ?? true { flags.insert(.focused) }
        return flags.sorted()
    }

    /// The Swift call, without its receiver, that sets `value` for the `UIControl.State`
    /// expression `state` in `form`: `setTitleColor(v, for: s)`, or
    /// `setTitleTextAttributes([.foregroundColor: v], for: s)`.
    static func uikitCall(_ form: UIKitSetterForm, value: String, state: String) -> String {
        switch form {
        case .method(let name): "\(name)(\(value), for: \(state))"
        case .titleTextAttribute(let key): "setTitleTextAttributes([.\(key): \(value)], for: \(state))"
        }
    }

    /// One `apply(to:)` per attribute set and UIKit class that has a setter among the set's
    /// attributes: the kind's class (`uikit:` on the control), or for a kind that names none,
    /// the class of each setter.
    func buildUIKitApplies(
        _ control: CheckedControl, typeName: String, names: KindNames, shared: SharedNames
    ) -> [TemplateValue] {
        guard control.hasControlStates else { return [] }
        let flags = Self.reportableFlags(of: control)
        let combinations = Self.combinations(of: flags)
        let flagNames = flags.map(\.rawValue)
        var applies: [TemplateValue] = []
        for set in control.attributeSets {
            var classes: [UIKitControlClass] = []
            for attribute in set.attributes {
                guard let uikit = attribute.uikit else { continue }
                let controlClass = control.uikitClass ?? uikit.controlClasses[0]
                if !classes.contains(controlClass) { classes.append(controlClass) }
            }
            for controlClass in classes {
                let parameter = Self.parameterName(controlClass.rawValue)
                let calls: [TemplateValue] = set.attributes.compactMap { attribute in
                    guard let uikit = attribute.uikit, control.uikitClass ?? uikit.controlClasses[0] == controlClass,
                        let form = uikit.setterForm(on: controlClass)
                    else { return nil }
                    let property = names.propertyName(attribute)
                    let call = Self.uikitCall(
                        form, value: Self.uikitValue("self.\(property)[state]", uikit.conversion),
                        state: "flags.uiControlState")
                    let dynamicValue =
                        uikit.conversion == .color
                        ? "\(shared.module).Appearance.dynamicUIColor { \(shared.module).\(typeName).Style.spec(for: $0).\(shared.sets[set.name.value]?.propertyName ?? set.name.value).\(property)[state] }"
                        : Self.uikitValue("Self.spec.\(property)[state]", uikit.conversion)
                    let dynamicCall = Self.uikitCall(form, value: dynamicValue, state: "flags.uiControlState")
                    return .object([
                        "attribute": .string(attribute.name.value),
                        "signature": .string(uikit.signature(on: controlClass)),
                        "call": .string(call),
                        "dynamicCall": .string(dynamicCall),
                        "conversionNote": .string(Self.conversionNote(uikit.conversion)),
                    ])
                }
                applies.append(
                    .object([
                        "kindTypeName": .string(typeName),
                        "kindName": .string(control.name.value),
                        "setTypeName": .string(names.setType[set.name.value] ?? set.name.value),
                        "controlClass": .string(controlClass.rawValue),
                        "parameter": .string(parameter),
                        "combinations": .string(combinations.map { String(Self.rawValue($0)) }.joined(separator: ", ")),
                        "combinationsText": .string(
                            "\(combinations.count) combination\(combinations.count == 1 ? "" : "s") of control-state flags ("
                                + (flagNames.isEmpty ? "none" : flagNames.joined(separator: ", ")) + ")"),
                        "calls": .list(calls),
                        "hasDynamicCalls": .bool(
                            shared.appearances.count > 1
                                && set.attributes.contains {
                                    $0.uikit?.conversion == .color
                                        && (control.uikitClass ?? $0.uikit?.controlClasses[0]) == controlClass
                                }),
                        "configuration": controlClass == .UIButton
                            ? buttonConfiguration(set, names: names) : .bool(false),
                    ]))
            }
        }
        return applies
    }

    /// The `UIButton.Configuration` properties a set's attributes update in the generated
    /// `configurationUpdateHandler`; `false` when none of them has one.
    func buttonConfiguration(_ set: CheckedAttributeSet, names: KindNames) -> TemplateValue {
        let updates: [TemplateValue] = set.attributes.compactMap { attribute in
            guard let uikit = attribute.uikit else { return nil }
            let value = Self.uikitValue("self.\(names.propertyName(attribute))[state]", uikit.conversion)
            let property: String
            switch uikit {
            case .title: property = "title"
            case .titleColor: property = "baseForegroundColor"
            case .image, .systemImage: property = "image"
            case .backgroundImage, .systemBackgroundImage: property = "background.image"
            default: return nil
            }
            return .object([
                "attribute": .string(attribute.name.value),
                "assignment": .string("configuration.\(property) = \(value)"),
                "property": .string("UIButton.Configuration.\(property)"),
            ])
        }
        return updates.isEmpty ? .bool(false) : .object(["updates": .list(updates)])
    }

    /// How a kind's `State` is read from (and, for a switch, written to) the UIKit object its
    /// class names: `false` for a kind without a class, or whose states have no flags.
    func buildUIKitControl(_ control: CheckedControl, typeName: String, names: KindNames) -> TemplateValue {
        guard control.hasControlStates, let controlClass = control.uikitClass else { return .bool(false) }
        let mask = Self.mask(of: control)
        let hasSelected = mask.contains(.selected)
        let hasDisabled = mask.contains(.disabled)
        return .object([
            "kindTypeName": .string(typeName),
            "kindName": .string(control.name.value),
            "controlClass": .string(controlClass.rawValue),
            "isSwitch": .bool(controlClass == .UISwitch && hasSelected),
            "isSegment": .bool(controlClass == .UISegmentedControl),
            "isTabBarItem": .bool(controlClass == .UITabBarItem),
            "isPageIndicator": .bool(controlClass == .UIPageControl),
            "isPlainControl": .bool(
                [.UIButton, .UISlider, .UIStepper, .UITextField].contains(controlClass)
                    || (controlClass == .UISwitch && !hasSelected)),
            "hasSelected": .bool(hasSelected),
            "hasDisabled": .bool(hasDisabled),
        ])
    }

    /// `Event(uiControlEvent:)` and `uiControlEvent` for a kind whose events name UIKit events
    /// (`uikit:` on an event); `false` when none does.
    func buildUIKitEvents(_ control: CheckedControl, names: KindNames) -> TemplateValue {
        let mapped = control.events.filter { $0.uikit != nil }
        guard !mapped.isEmpty else { return .bool(false) }
        return .object([
            "cases": .list(
                mapped.map { event in
                    .object([
                        "uikit": .string(event.uikit?.rawValue ?? ""),
                        "event": .string(names.event(event.name.value)),
                    ])
                }),
            "hasUnmapped": .bool(mapped.count < control.events.count),
            "unmapped": .string(
                control.events.filter { $0.uikit == nil }.map { "." + names.event($0.name.value) }.joined(
                    separator: ", ")),
        ])
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
        default: ("", "")
        }
    }

    /// The SwiftUI initializers of a kind's `State`: from booleans, from a button style's
    /// configuration (kinds with a highlighted flag) and from a toggle style's (kinds with a
    /// selected flag); `false` for a kind without flags.
    func buildSwiftUI(_ control: CheckedControl) -> TemplateValue {
        guard control.hasControlStates else { return .bool(false) }
        // SwiftUI reports no application bits.
        let mask = Self.mask(of: control).filter { !$0.isApplicationBit }
        // The style helpers: for the kind's SwiftUI control if it names one (a toggle's pressed
        // "on" look comes from the combined state), else by its class or its flags.
        let style = Self.swiftUIStyleKind(of: control)
        guard !mask.isEmpty else { return .bool(false) }
        let parameters = mask.map { Self.swiftUIParameter($0) }
        /// The initializer taking `configuration`, which supplies `flag` as `property`.
        let legacy = control.swiftUIControl == nil && control.uikitClass == nil
        func configurationInit(_ flag: ControlStateFlag) -> TemplateValue {
            guard mask.contains(flag) else { return .bool(false) }
            guard legacy || style == (flag == .highlighted ? .button : .toggle) else { return .bool(false) }
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
