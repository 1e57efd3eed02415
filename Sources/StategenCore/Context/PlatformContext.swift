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

    /// One UIKit setter call of a kind's `apply(to:)` (an element of `uikitApplies`' `calls`).
    struct UIKitSetterCall {
        /// The attribute's spec name (`attribute`).
        var attribute: String
        /// The setter's Swift signature (`signature`).
        var signature: String
        /// The call without its receiver, with the table's value (`call`).
        var call: String
        /// The call with a colour that follows the appearance (`dynamicCall`).
        var dynamicCall: String
        /// How the value is converted, as a clause after the signature, or `""` (`conversionNote`).
        var conversionNote: String

        /// The call's template context.
        var templateValue: TemplateValue {
            .object([
                "attribute": .string(attribute),
                "signature": .string(signature),
                "call": .string(call),
                "dynamicCall": .string(dynamicCall),
                "conversionNote": .string(conversionNote),
            ])
        }
    }

    /// One property a `UIButton.configurationUpdateHandler` sets (an element of `updates`).
    struct ButtonConfigurationUpdate {
        /// The attribute's spec name (`attribute`).
        var attribute: String
        /// The statement that sets it: `configuration.title = ...` (`assignment`).
        var assignment: String
        /// The property's documented name: `UIButton.Configuration.title` (`property`).
        var property: String

        /// The update's template context.
        var templateValue: TemplateValue {
            .object([
                "attribute": .string(attribute), "assignment": .string(assignment), "property": .string(property),
            ])
        }
    }

    /// One `apply(to:)` of an attribute set on a UIKit class (an element of `uikitApplies`).
    struct UIKitApply {
        /// The kind's Swift type name (`kindTypeName`).
        var kindTypeName: String
        /// The kind's spec name (`kindName`).
        var kindName: String
        /// The set's Swift type name (`setTypeName`).
        var setTypeName: String
        /// The UIKit class (`controlClass`).
        var controlClass: String
        /// The parameter of `apply(to:)`: `button` (`parameter`).
        var parameter: String
        /// The raw values of every flag combination UIKit can report: `0, 1, 2` (`combinations`).
        var combinations: String
        /// `4 combinations of control-state flags (highlighted, disabled)` (`combinationsText`).
        var combinationsText: String
        /// The setter calls (`calls`).
        var calls: [UIKitSetterCall]
        /// Whether `applyDynamicColors(to:)` is written (`hasDynamicCalls`).
        var hasDynamicCalls: Bool
        /// The `configurationUpdateHandler`'s updates for a `UIButton`, `nil` for none
        /// (`configuration`: an object with `updates`, or false).
        var configuration: [ButtonConfigurationUpdate]?

        /// The apply's template context.
        var templateValue: TemplateValue {
            .object([
                "kindTypeName": .string(kindTypeName),
                "kindName": .string(kindName),
                "setTypeName": .string(setTypeName),
                "controlClass": .string(controlClass),
                "parameter": .string(parameter),
                "combinations": .string(combinations),
                "combinationsText": .string(combinationsText),
                "calls": .list(calls.map(\.templateValue)),
                "hasDynamicCalls": .bool(hasDynamicCalls),
                "configuration": configuration.map { .object(["updates": .list($0.map(\.templateValue))]) }
                    ?? .bool(false),
            ])
        }
    }

    /// One `apply(to:)` per attribute set and UIKit class that has a setter among the set's
    /// attributes: the kind's class (`uikit:` on the control), or for a kind that names none,
    /// the class of each setter.
    func buildUIKitApplies(
        _ control: CheckedControl, typeName: String, names: KindNames, shared: SharedNames
    ) -> [UIKitApply] {
        guard control.hasControlStates else { return [] }
        let flags = Self.reportableFlags(of: control)
        let combinations = Self.combinations(of: flags)
        let flagNames = flags.map(\.rawValue)
        var applies: [UIKitApply] = []
        for set in control.attributeSets {
            var classes: [UIKitControlClass] = []
            for attribute in set.attributes {
                guard let uikit = attribute.uikit else { continue }
                let controlClass = control.uikitClass ?? uikit.controlClasses[0]
                if !classes.contains(controlClass) { classes.append(controlClass) }
            }
            for controlClass in classes {
                let parameter = Self.parameterName(controlClass.rawValue)
                let calls: [UIKitSetterCall] = set.attributes.compactMap { attribute in
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
                    return UIKitSetterCall(
                        attribute: attribute.name.value, signature: uikit.signature(on: controlClass), call: call,
                        dynamicCall: dynamicCall, conversionNote: Self.conversionNote(uikit.conversion))
                }
                applies.append(
                    UIKitApply(
                        kindTypeName: typeName,
                        kindName: control.name.value,
                        setTypeName: names.setType[set.name.value] ?? set.name.value,
                        controlClass: controlClass.rawValue,
                        parameter: parameter,
                        combinations: combinations.map { String(Self.rawValue($0)) }.joined(separator: ", "),
                        combinationsText:
                            "\(combinations.count) combination\(combinations.count == 1 ? "" : "s") of control-state flags ("
                            + (flagNames.isEmpty ? "none" : flagNames.joined(separator: ", ")) + ")",
                        calls: calls,
                        hasDynamicCalls: shared.appearances.count > 1
                            && set.attributes.contains {
                                $0.uikit?.conversion == .color
                                    && (control.uikitClass ?? $0.uikit?.controlClasses[0]) == controlClass
                            },
                        configuration: controlClass == .UIButton ? buttonConfiguration(set, names: names) : nil))
            }
        }
        return applies
    }

    /// The `UIButton.Configuration` properties a set's attributes update in the generated
    /// `configurationUpdateHandler`; `nil` when none of them has one.
    func buttonConfiguration(_ set: CheckedAttributeSet, names: KindNames) -> [ButtonConfigurationUpdate]? {
        let updates: [ButtonConfigurationUpdate] = set.attributes.compactMap { attribute in
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
            return ButtonConfigurationUpdate(
                attribute: attribute.name.value, assignment: "configuration.\(property) = \(value)",
                property: "UIButton.Configuration.\(property)")
        }
        return updates.isEmpty ? nil : updates
    }

    /// How a kind's `State` is read from (and, for a switch, written to) the UIKit object of its
    /// class (`uikitControl`).
    struct UIKitControlBridge {
        /// The kind's Swift type name (`kindTypeName`).
        var kindTypeName: String
        /// The kind's spec name (`kindName`).
        var kindName: String
        /// The UIKit class (`controlClass`).
        var controlClass: String
        /// A `UISwitch` whose states have a selected flag (`isSwitch`).
        var isSwitch: Bool
        /// A `UISegmentedControl` (`isSegment`).
        var isSegment: Bool
        /// A `UITabBarItem` (`isTabBarItem`).
        var isTabBarItem: Bool
        /// A `UIPageControl` (`isPageIndicator`).
        var isPageIndicator: Bool
        /// A control whose `state` is the kind's (`isPlainControl`).
        var isPlainControl: Bool
        /// Whether some state has the selected flag (`hasSelected`).
        var hasSelected: Bool
        /// Whether some state has the disabled flag (`hasDisabled`).
        var hasDisabled: Bool

        /// The bridge's template context.
        var templateValue: TemplateValue {
            .object([
                "kindTypeName": .string(kindTypeName),
                "kindName": .string(kindName),
                "controlClass": .string(controlClass),
                "isSwitch": .bool(isSwitch),
                "isSegment": .bool(isSegment),
                "isTabBarItem": .bool(isTabBarItem),
                "isPageIndicator": .bool(isPageIndicator),
                "isPlainControl": .bool(isPlainControl),
                "hasSelected": .bool(hasSelected),
                "hasDisabled": .bool(hasDisabled),
            ])
        }
    }

    /// How a kind's `State` is read from (and, for a switch, written to) the UIKit object its
    /// class names: `nil` for a kind without a class, or whose states have no flags.
    func buildUIKitControl(_ control: CheckedControl, typeName: String, names: KindNames) -> UIKitControlBridge? {
        guard control.hasControlStates, let controlClass = control.uikitClass else { return nil }
        let mask = Self.mask(of: control)
        let hasSelected = mask.contains(.selected)
        let hasDisabled = mask.contains(.disabled)
        return UIKitControlBridge(
            kindTypeName: typeName,
            kindName: control.name.value,
            controlClass: controlClass.rawValue,
            isSwitch: controlClass == .UISwitch && hasSelected,
            isSegment: controlClass == .UISegmentedControl,
            isTabBarItem: controlClass == .UITabBarItem,
            isPageIndicator: controlClass == .UIPageControl,
            isPlainControl: [.UIButton, .UISlider, .UIStepper, .UITextField].contains(controlClass)
                || (controlClass == .UISwitch && !hasSelected),
            hasSelected: hasSelected,
            hasDisabled: hasDisabled)
    }

    /// One event that names a UIKit event (an element of `uikitEvents`' `cases`).
    struct UIKitEventCase {
        /// The `UIControl.Event` member (`uikit`).
        var uikit: String
        /// The event's Swift case name (`event`).
        var event: String
    }

    /// `uiControlEvent` of a kind whose events name UIKit events (`uikitEvents`).
    struct UIKitEvents {
        /// The events that name a UIKit event (`cases`).
        var cases: [UIKitEventCase]
        /// Whether some event names none (`hasUnmapped`).
        var hasUnmapped: Bool
        /// Those events' cases: `.a, .b` (`unmapped`).
        var unmapped: String

        /// The events' template context.
        var templateValue: TemplateValue {
            .object([
                "cases": .list(cases.map { .object(["uikit": .string($0.uikit), "event": .string($0.event)]) }),
                "hasUnmapped": .bool(hasUnmapped),
                "unmapped": .string(unmapped),
            ])
        }
    }

    /// `Event(uiControlEvent:)` and `uiControlEvent` for a kind whose events name UIKit events
    /// (`uikit:` on an event); `nil` when none does.
    func buildUIKitEvents(_ control: CheckedControl, names: KindNames) -> UIKitEvents? {
        let mapped = control.events.filter { $0.uikit != nil }
        guard !mapped.isEmpty else { return nil }
        return UIKitEvents(
            cases: mapped.map { UIKitEventCase(uikit: $0.uikit?.rawValue ?? "", event: names.event($0.name.value)) },
            hasUnmapped: mapped.count < control.events.count,
            unmapped: control.events.filter { $0.uikit == nil }.map { "." + names.event($0.name.value) }.joined(
                separator: ", "))
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

    /// The SwiftUI initializers of a kind's `State` (`swiftUI` in its context): from booleans,
    /// and from a button style's or a toggle style's configuration.
    struct SwiftUIInits {
        /// One flag SwiftUI sets: the Swift condition that sets it and the flag's name.
        struct Flag {
            /// `!isEnabled` (`condition`).
            var condition: String
            /// `disabled` (`flag`).
            var flag: String
        }

        /// The initializer that takes a style's configuration, which supplies one flag.
        struct ConfigurationInit {
            /// The other flags' parameters, each after `, ` (`parameters`).
            var parameters: String
            /// The arguments of the call to the Bool initializer (`arguments`).
            var arguments: String
        }

        /// `isPressed: Swift.Bool, isEnabled: Swift.Bool` (`parameters`).
        var parameters: String
        /// Each flag's condition and name, for the doc comment (`flagsText`).
        var flagsText: String
        /// The flags SwiftUI reports, in UIKit's bit order (`flags`).
        var flags: [Flag]
        /// `init(_: ButtonStyleConfiguration, ...)`, or `nil` (`buttonStyle`, false).
        var buttonStyle: ConfigurationInit?
        /// `init(_: ToggleStyleConfiguration, ...)`, or `nil` (`toggleStyle`, false).
        var toggleStyle: ConfigurationInit?

        /// The value the templates read as the kind's `swiftUI`.
        var templateValue: TemplateValue {
            func value(_ initializer: ConfigurationInit?) -> TemplateValue {
                guard let initializer else { return .bool(false) }
                return .object([
                    "parameters": .string(initializer.parameters), "arguments": .string(initializer.arguments),
                ])
            }
            return .object([
                "parameters": .string(parameters),
                "flagsText": .string(flagsText),
                "flags": .list(
                    flags.map { .object(["condition": .string($0.condition), "flag": .string($0.flag)]) }),
                "buttonStyle": value(buttonStyle),
                "toggleStyle": value(toggleStyle),
            ])
        }
    }

    /// The SwiftUI initializers of a kind's `State`: from booleans, from a button style's
    /// configuration (kinds with a highlighted flag) and from a toggle style's (kinds with a
    /// selected flag); `nil` for a kind without flags.
    func buildSwiftUI(_ control: CheckedControl) -> SwiftUIInits? {
        guard control.hasControlStates else { return nil }
        // SwiftUI reports no application bits.
        let mask = Self.mask(of: control).filter { !$0.isApplicationBit }
        // The style helpers: for the kind's SwiftUI control if it names one (a toggle's pressed
        // "on" look comes from the combined state), else by its class or its flags.
        let style = Self.swiftUIStyleKind(of: control)
        guard !mask.isEmpty else { return nil }
        let parameters = mask.map { Self.swiftUIParameter($0) }
        /// The initializer taking `configuration`, which supplies `flag` as `property`.
        let legacy = control.swiftUIControl == nil && control.uikitClass == nil
        func configurationInit(_ flag: ControlStateFlag) -> SwiftUIInits.ConfigurationInit? {
            guard mask.contains(flag) else { return nil }
            guard legacy || style == (flag == .highlighted ? .button : .toggle) else { return nil }
            let rest = mask.filter { $0 != flag }.map { Self.swiftUIParameter($0).label }
            let own = Self.swiftUIParameter(flag).label
            let arguments = mask.map { other in
                let label = Self.swiftUIParameter(other).label
                return other == flag ? "\(label): configuration.\(own)" : "\(label): \(label)"
            }
            return SwiftUIInits.ConfigurationInit(
                parameters: rest.map { ", \($0): Swift.Bool" }.joined(),
                arguments: arguments.joined(separator: ", "))
        }
        return SwiftUIInits(
            parameters: parameters.map { "\($0.label): Swift.Bool" }.joined(separator: ", "),
            flagsText: mask.map { "`\(Self.swiftUIParameter($0).condition)` for \($0.rawValue)" }.joined(
                separator: ", "),
            flags: mask.map { SwiftUIInits.Flag(condition: Self.swiftUIParameter($0).condition, flag: $0.rawValue) },
            buttonStyle: configurationInit(.highlighted),
            toggleStyle: configurationInit(.selected))
    }
}
