/// The context of the application helpers that attributes' roles (`role:` in the spec) give:
/// per shared set type, UIKit's `apply(to:)` on a `UIView` and a `UILabel` and a SwiftUI
/// `style(_:)` view modifier; per kind, `Style.Resolved.apply(to:)` on its UIKit class, a
/// `style(_:)` for all its sets, and a SwiftUI `ButtonStyle` or `ToggleStyle`. Every statement
/// is written here, with the Apple documentation of the property it sets.
extension TemplateContextBuilder {
    /// An attribute that has a role, and the expression of its value in a `Resolved` value.
    struct RoleValue {
        var role: AttributeRole
        /// The attribute's spec name.
        var attribute: String
        /// The value's path in a `Resolved` value: `backgroundColor` in a set's,
        /// `fill.backgroundColor` in a kind's.
        var path: String
        /// The value in the `Resolved` value `base`: `self.backgroundColor`.
        var expression: String = ""

        func from(_ base: String) -> RoleValue {
            var value = self
            value.expression = base + "." + path
            return value
        }
    }

    /// Where Apple documents the property a role sets on a UIKit class.
    static func uikitDocumentation(_ role: AttributeRole, on controlClass: UIKitControlClass?) -> String {
        switch (role, controlClass) {
        case (.background, _):
            "`UIView.backgroundColor` <https://developer.apple.com/documentation/uikit/uiview/backgroundcolor>"
        case (.tint, .UISwitch?):
            "`UIView.tintColor` <https://developer.apple.com/documentation/uikit/uiview/tintcolor> and "
                + "`UISwitch.onTintColor` <https://developer.apple.com/documentation/uikit/uiswitch/ontintcolor>: "
                + "the switch's tint off and on"
        case (.tint, _):
            "`UIView.tintColor` <https://developer.apple.com/documentation/uikit/uiview/tintcolor>, which "
                + "subviews without a tint of their own inherit"
        case (.cornerRadius, _):
            "`CALayer.cornerRadius` <https://developer.apple.com/documentation/quartzcore/calayer/cornerradius>, "
                + "which rounds the background colour and the border, not the content"
        case (.borderWidth, _):
            "`CALayer.borderWidth` <https://developer.apple.com/documentation/quartzcore/calayer/borderwidth>, "
                + "drawn inside the bounds, above the content"
        case (.borderColor, _):
            "`CALayer.borderColor` <https://developer.apple.com/documentation/quartzcore/calayer/bordercolor>, "
                + "a `CGColor` (`UIColor.cgColor`), which does not follow the appearance by itself"
        case (.foreground, .UIButton?):
            "`UIButton.setTitleColor(_:for:)` <https://developer.apple.com/documentation/uikit/uibutton/settitlecolor(_:for:)> "
                + "for the button's current `state` (UIKit: not `titleLabel.textColor`, "
                + "<https://developer.apple.com/documentation/uikit/uibutton/titlelabel>)"
        case (.foreground, .UITextField?):
            "`UITextField.textColor` <https://developer.apple.com/documentation/uikit/uitextfield/textcolor>"
        case (.foreground, _):
            "`UILabel.textColor` <https://developer.apple.com/documentation/uikit/uilabel/textcolor>"
        case (.font, .UIButton?):
            "`UIButton.titleLabel` <https://developer.apple.com/documentation/uikit/uibutton/titlelabel>'s `font`"
        case (.font, .UITextField?):
            "`UITextField.font` <https://developer.apple.com/documentation/uikit/uitextfield/font>"
        case (.font, _):
            "`UILabel.font` <https://developer.apple.com/documentation/uikit/uilabel/font>"
        }
    }

    /// The statements that set `value`'s role on `receiver`, an instance of `controlClass`
    /// (`nil`: a `UILabel` for the text roles, a `UIView` for the others); empty when the class
    /// shows no text for a text role.
    static func uikitStatements(
        _ value: RoleValue, receiver: String, controlClass: UIKitControlClass?, spacedFonts: Bool = false
    ) -> [String] {
        let e = value.expression
        if value.role == .font, controlClass == nil, spacedFonts {
            // A label's text takes the letter spacing and line height as attributes.
            return [
                "\(receiver).font = \(e).uiFont",
                "if let text = \(receiver).text { \(receiver).attributedText = UIKit.NSAttributedString(string: text, attributes: \(e).uiTextAttributes) }",
            ]
        }
        switch (value.role, controlClass) {
        case (.background, _): return ["\(receiver).backgroundColor = \(e).uiColor"]
        case (.tint, .UISwitch?):
            return ["\(receiver).tintColor = \(e).uiColor", "\(receiver).onTintColor = \(e).uiColor"]
        case (.tint, _): return ["\(receiver).tintColor = \(e).uiColor"]
        case (.cornerRadius, _): return ["\(receiver).layer.cornerRadius = .init(\(e))"]
        case (.borderWidth, _): return ["\(receiver).layer.borderWidth = .init(\(e))"]
        case (.borderColor, _): return ["\(receiver).layer.borderColor = \(e).uiColor.cgColor"]
        case (.foreground, .UIButton?): return ["\(receiver).setTitleColor(\(e).uiColor, for: \(receiver).state)"]
        case (.foreground, .UITextField?), (.foreground, nil): return ["\(receiver).textColor = \(e).uiColor"]
        case (.font, .UIButton?): return ["\(receiver).titleLabel?.font = \(e).uiFont"]
        case (.font, .UITextField?), (.font, nil): return ["\(receiver).font = \(e).uiFont"]
        case (.foreground, _), (.font, _): return []
        }
    }

    /// The UIKit classes whose whole view a kind describes, and so take its roles: not a
    /// segmented control (a kind is one segment), a page control (one indicator) or a tab bar
    /// item (a `UIBarItem`, no view).
    static func takesRoles(_ controlClass: UIKitControlClass) -> Bool {
        [.UIButton, .UISwitch, .UISlider, .UIStepper, .UITextField].contains(controlClass)
    }

    /// One UIKit `apply(to:)`: its parameter and class, the doc lines of what it sets and the
    /// statements; `false` without statements.
    static func uikitApply(
        _ values: [RoleValue], parameter: String, className: String, controlClass: UIKitControlClass?,
        setOf: (RoleValue) -> String? = { _ in nil }, spacedFonts: Bool = false
    ) -> TemplateValue {
        let (docs, statements) = uikitApplyLines(
            values, parameter: parameter, className: className, controlClass: controlClass, setOf: setOf,
            spacedFonts: spacedFonts)
        guard !statements.isEmpty else { return .bool(false) }
        return .object([
            "parameter": .string(parameter),
            "className": .string(className),
            "docs": .list(docs.map { .string($0) }),
            "statements": .list(statements.map { .string($0) }),
        ])
    }

    /// The doc lines and statements of one UIKit `apply(to:)` (see ``uikitApply``).
    static func uikitApplyLines(
        _ values: [RoleValue], parameter: String, className: String, controlClass: UIKitControlClass?,
        setOf: (RoleValue) -> String? = { _ in nil }, spacedFonts: Bool = false
    ) -> (docs: [String], statements: [String]) {
        var statements: [String] = []
        var docs: [String] = []
        for value in values {
            let applied = uikitApplied(
                value, parameter: parameter, className: className, controlClass: controlClass, set: setOf(value),
                spacedFonts: spacedFonts)
            docs.append(applied.doc)
            statements += applied.statements
        }
        return (docs, statements)
    }

    /// A kind's `Style.Resolved.apply(to:)` on its UIKit class (`uikitRoles`).
    struct UIKitKindRoles {
        /// The parameter: `control` (`parameter`).
        var parameter: String
        /// The UIKit class (`className`).
        var className: String
        /// One doc line per value set, or per set applied by its own `apply(to:)` (`docs`).
        var docs: [String]
        /// The statements (`statements`).
        var statements: [String]
        /// The kind's Swift type name (`kindTypeName`).
        var kindTypeName: String
        /// The kind's spec name (`kindName`).
        var kindName: String

        /// The roles' template context.
        var templateValue: TemplateValue {
            .object([
                "parameter": .string(parameter),
                "className": .string(className),
                "docs": .list(docs.map { .string($0) }),
                "statements": .list(statements.map { .string($0) }),
                "kindTypeName": .string(kindTypeName),
                "kindName": .string(kindName),
            ])
        }
    }

    /// One role value's statements on `parameter` and its doc line (what it sets, or that the
    /// class shows no text).
    static func uikitApplied(
        _ value: RoleValue, parameter: String, className: String, controlClass: UIKitControlClass?, set: String?,
        spacedFonts: Bool = false
    ) -> (statements: [String], doc: String) {
        let lines = uikitStatements(value, receiver: parameter, controlClass: controlClass, spacedFonts: spacedFonts)
        let what = "`\(value.attribute)`\(set.map { " of set `\($0)`" } ?? "") (\(value.role.rawValue))"
        guard !lines.isEmpty else { return ([], "\(what): none, a `\(className)` shows no text of its own.") }
        let spaced =
            value.role == .font && controlClass == nil && spacedFonts
            ? ", and its `text` as `attributedText` with `uiTextAttributes` (letter spacing as `kern`, line height as the paragraph style's minimum and maximum line height)"
            : ""
        return (lines, "\(what): \(uikitDocumentation(value.role, on: controlClass))\(spaced).")
    }

    /// The SwiftUI modifiers a set's or kind's roles apply, in order (font and colour of the
    /// content, the background in a rounded rectangle, the border over it, the tint), each a
    /// line after `self`; empty when no role shows in SwiftUI (a corner radius alone rounds
    /// nothing, as in UIKit).
    static func swiftUIModifiers(_ values: [RoleValue], spacedFonts: Bool = false) -> (lines: [String], docs: [String])
    {
        func value(_ role: AttributeRole) -> RoleValue? { values.first { $0.role == role } }
        let radius = value(.cornerRadius).map { ".init(\($0.expression))" } ?? "0"
        let shape = "SwiftUI.RoundedRectangle(cornerRadius: \(radius))"
        let shapeDoc =
            value(.cornerRadius).map { "a `RoundedRectangle` of `\($0.attribute)`" } ?? "a rectangle"
        var lines: [String] = []
        var docs: [String] = []
        if let font = value(.font) {
            lines.append(".font(\(font.expression).swiftUIFont)")
            docs.append(
                "`\(font.attribute)` (font): `font(_:)` <https://developer.apple.com/documentation/swiftui/view/font(_:)>."
            )
            if spacedFonts {
                lines.append(".kerning(.init(\(font.expression).letterSpacing ?? 0))")
                lines.append(".lineSpacing(.init(\(font.expression).lineSpacing))")
                docs.append(
                    "`\(font.attribute)`'s letter spacing: `kerning(_:)` <https://developer.apple.com/documentation/swiftui/view/kerning(_:)>; its line height: `lineSpacing(_:)` <https://developer.apple.com/documentation/swiftui/view/linespacing(_:)>, (lineHeight − 1) × size."
                )
            }
        }
        if let foreground = value(.foreground) {
            lines.append(".foregroundStyle(\(foreground.expression).swiftUIColor)")
            docs.append(
                "`\(foreground.attribute)` (foreground): `foregroundStyle(_:)` <https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)>."
            )
        }
        if let background = value(.background) {
            lines.append(".background(\(background.expression).swiftUIColor, in: \(shape))")
            docs.append(
                "`\(background.attribute)` (background): `background(_:in:fillStyle:)` <https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)>, in \(shapeDoc)."
            )
        }
        if let width = value(.borderWidth) {
            let color = value(.borderColor).map { "\($0.expression).swiftUIColor" } ?? "SwiftUI.Color.black"
            lines.append(
                ".overlay { \(shape).strokeBorder(\(color), lineWidth: .init(\(width.expression))) }")
            let colorDoc =
                value(.borderColor).map { "`\($0.attribute)`" }
                ?? "opaque black, as `CALayer.borderColor` is by default"
            docs.append(
                "`\(width.attribute)` (borderWidth): `strokeBorder(_:lineWidth:antialiased:)` <https://developer.apple.com/documentation/swiftui/insettableshape/strokeborder(_:linewidth:antialiased:)> of \(shapeDoc), in \(colorDoc), in an `overlay(alignment:content:)` <https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)>."
            )
        }
        if let tint = value(.tint) {
            lines.append(".tint(\(tint.expression).swiftUIColor)")
            docs.append(
                "`\(tint.attribute)` (tint): `tint(_:)` <https://developer.apple.com/documentation/swiftui/view/tint(_:)-23xyq>."
            )
        }
        return (lines, docs)
    }

    /// The roles of a shared set type: `uikitView` (`apply(to: UIView)`), `uikitLabel`
    /// (`apply(to: UILabel)`, for a set with a text role) and `swiftUI` (`style(_:)`), each
    /// object or false; `false` for a set without roles.
    func buildSetRoles(_ set: CheckedAttributeSet, names: SetNames) -> TemplateValue {
        let paths = set.attributes.compactMap { attribute -> RoleValue? in
            attribute.role.map {
                RoleValue(
                    role: $0, attribute: attribute.name.value,
                    path: names.properties[attribute.name.value] ?? attribute.name.value)
            }
        }
        guard !paths.isEmpty else { return .bool(false) }
        let values = paths.map { $0.from("self") }
        let viewValues = values.filter(\.role.isViewRole)
        let hasText = values.contains { !$0.role.isViewRole }
        let swiftUI = Self.swiftUIModifiers(paths.map { $0.from("resolved") }, spacedFonts: spacedFonts)
        return .object([
            "uikitView": Self.uikitApply(viewValues, parameter: "view", className: "UIView", controlClass: nil),
            "uikitLabel": hasText
                ? Self.uikitApply(
                    values, parameter: "label", className: "UILabel", controlClass: nil, spacedFonts: spacedFonts)
                : .bool(false),
            "swiftUI": swiftUI.lines.isEmpty
                ? .bool(false)
                : .object([
                    "modifiers": .list(swiftUI.lines.map { .string($0) }),
                    "docs": .list(swiftUI.docs.map { .string($0) }),
                ]),
        ])
    }

    /// The attributes of `set` that have a role, each with its path in a kind's style
    /// (`label.titleColor`: the set's property, then the attribute's); `names` are the set's
    /// Swift names, without which the spec's names are used.
    static func roleValues(of set: CheckedAttributeSet, names: SetNames?) -> [RoleValue] {
        let property = names?.propertyName ?? set.name.value
        return set.attributes.compactMap { attribute -> RoleValue? in
            guard let role = attribute.role else { return nil }
            let member = names?.properties[attribute.name.value] ?? attribute.name.value
            return RoleValue(role: role, attribute: attribute.name.value, path: "\(property).\(member)")
        }
    }

    /// A kind's `Style.Resolved.apply(to:)` with each set of two roles or more that are all a
    /// view's, and set on the kind's class as on any `UIView`, applied by that set's own
    /// `apply(to:)`: the
    /// statements and doc lines, or `nil` when no set is such (the statements stay written out).
    func uikitSetApplies(
        _ control: CheckedControl, controlClass: UIKitControlClass, shared: SharedNames, module: String
    ) -> (statements: [String], docs: [String])? {
        var statements: [String] = []
        var docs: [String] = []
        var chainsSome = false
        for set in control.attributeSets {
            let names = shared.sets[set.name.value]
            let property = names?.propertyName ?? set.name.value
            let values = Self.roleValues(of: set, names: names).map { $0.from("self") }
            guard !values.isEmpty else { continue }
            let classLines = values.map { Self.uikitStatements($0, receiver: "control", controlClass: controlClass) }
            let viewLines = values.map { Self.uikitStatements($0, receiver: "control", controlClass: nil) }
            if let names, values.count > 1, values.allSatisfy(\.role.isViewRole), classLines == viewLines {
                chainsSome = true
                statements.append("self.\(property).apply(to: control)")
                let attributes = values.map { "`\($0.attribute)`" }.joined(separator: ", ")
                docs.append(
                    "set `\(set.name.value)` (\(attributes)): `\(module).\(names.resolvedTypeName).apply(to:)`, as on any `UIView`.")
                continue
            }
            for value in values {
                let applied = Self.uikitApplied(
                    value, parameter: "control", className: controlClass.rawValue, controlClass: controlClass,
                    set: set.name.value)
                statements += applied.statements
                docs.append(applied.doc)
            }
        }
        return chainsSome ? (statements, docs) : nil
    }

    /// A kind's SwiftUI helpers from its attributes' roles (`swiftUIRoles` in its context): a
    /// `style(_:)` for all its sets, and its `ButtonStyle` or `ToggleStyle`.
    struct SwiftUIRoles {
        /// The kind's Swift type name (`kindTypeName`).
        var kindTypeName: String
        /// The kind's spec name (`kindName`).
        var kindName: String
        /// The modifiers of `style(_:)`, each a line after `self` (`modifiers`).
        var modifiers: [String]
        /// One doc line per modifier (`docs`).
        var docs: [String]
        /// Whether the modifiers are the kind's sets' own, set by set (`chainsSetStyles`).
        var chainsSetStyles: Bool
        /// The property name of each set with a `style(_:)`, in order; empty unless
        /// `chainsSetStyles` (`setStyles`, each `propertyName`).
        var setStyles: [String]
        /// The kind's `ButtonStyle`, or `nil` (`buttonStyle`, false).
        var buttonStyle: SwiftUIStyle?
        /// The kind's `ToggleStyle`, or `nil` (`toggleStyle`, false).
        var toggleStyle: SwiftUIStyle?

        /// The value the templates read as the kind's `swiftUIRoles`.
        var templateValue: TemplateValue {
            .object([
                "kindTypeName": .string(kindTypeName),
                "kindName": .string(kindName),
                "modifiers": .list(modifiers.map { .string($0) }),
                "docs": .list(docs.map { .string($0) }),
                "chainsSetStyles": .bool(chainsSetStyles),
                "setStyles": .list(setStyles.map { .object(["propertyName": .string($0)]) }),
                "buttonStyle": buttonStyle?.templateValue ?? .bool(false),
                "toggleStyle": toggleStyle?.templateValue ?? .bool(false),
            ])
        }
    }

    /// A kind's SwiftUI `ButtonStyle` or `ToggleStyle`: what its label reads and how it makes
    /// the kind's state.
    struct SwiftUIStyle {
        /// One `@Environment` value the label reads.
        struct EnvironmentValue {
            /// The key path after `\.` (`keyPath`).
            var keyPath: String
            /// The property's name (`name`).
            var name: String
            /// The property's type (`type`).
            var type: String
        }

        /// The environment values the label reads (`environment`).
        var environment: [EnvironmentValue]
        /// The arguments of `State(isPressed:...)` (`stateArguments`).
        var stateArguments: String
        /// Whether a button style is told whether the button is on (`takesIsOn`).
        var takesIsOn: Bool
        /// Whether the label has an `isOn` (`hasIsOn`).
        var hasIsOn: Bool
        /// The expression of the spec's values (`spec`).
        var spec: String
        /// Each flag's condition and name, for the doc comment (`flagsText`).
        var flagsText: String
        /// Where the values come from, for the doc comment (`appearanceText`).
        var appearanceText: String

        /// The value the templates read as a kind's `buttonStyle` or `toggleStyle`.
        var templateValue: TemplateValue {
            .object([
                "environment": .list(
                    environment.map {
                        .object(["keyPath": .string($0.keyPath), "name": .string($0.name), "type": .string($0.type)])
                    }),
                "stateArguments": .string(stateArguments),
                "takesIsOn": .bool(takesIsOn),
                "hasIsOn": .bool(hasIsOn),
                "spec": .string(spec),
                "flagsText": .string(flagsText),
                "appearanceText": .string(appearanceText),
            ])
        }
    }

    /// The roles of a kind, across its sets: `uikit` (`Style.Resolved.apply(to:)` on its class)
    /// (object or false) and `swiftUI` (`style(_:)`, with the kind's `ButtonStyle` or
    /// `ToggleStyle`; `nil` when no role shows in SwiftUI).
    func buildKindRoles(_ control: CheckedControl, typeName: String, shared: SharedNames) -> (
        uikit: UIKitKindRoles?, swiftUI: SwiftUIRoles?
    ) {
        var setOfAttribute: [String: String] = [:]
        let paths = control.attributeSets.flatMap { set -> [RoleValue] in
            let values = Self.roleValues(of: set, names: shared.sets[set.name.value])
            for value in values { setOfAttribute[value.attribute] = set.name.value }
            return values
        }
        guard !paths.isEmpty else { return (nil, nil) }
        let module = shared.module
        var uikit: UIKitKindRoles?
        if let controlClass = control.uikitClass, Self.takesRoles(controlClass) {
            // `control`, as in `State(_ control:)`: a class's own name can be a keyword (`switch`).
            var (docs, statements) = Self.uikitApplyLines(
                paths.map { $0.from("self") },
                parameter: "control", className: controlClass.rawValue, controlClass: controlClass,
                setOf: { setOfAttribute[$0.attribute] })
            if !statements.isEmpty {
                if let chained = uikitSetApplies(control, controlClass: controlClass, shared: shared, module: module) {
                    statements = chained.statements
                    docs = chained.docs
                }
                uikit = UIKitKindRoles(
                    parameter: "control", className: controlClass.rawValue, docs: docs, statements: statements,
                    kindTypeName: typeName, kindName: control.name.value)
            }
        }
        let modifiers = Self.swiftUIModifiers(paths.map { $0.from("resolved") }, spacedFonts: spacedFonts)
        guard !modifiers.lines.isEmpty else { return (uikit, nil) }
        // When the kind's modifiers are its sets' own, set by set (no role takes a value from
        // another set), its `style(_:)` is each set's `style(_:)` in turn.
        var setLines: [String] = []
        var setStyles: [String] = []
        var everySetShared = true
        for set in control.attributeSets {
            guard let names = shared.sets[set.name.value] else {
                everySetShared = false
                continue
            }
            let setPaths = Self.roleValues(of: set, names: names)
            let lines = Self.swiftUIModifiers(setPaths.map { $0.from("resolved") }, spacedFonts: spacedFonts).lines
            guard !lines.isEmpty else { continue }
            setLines += lines
            setStyles.append(names.propertyName)
        }
        let chainsSetStyles = everySetShared && setLines == modifiers.lines
        return (
            uikit,
            SwiftUIRoles(
                kindTypeName: typeName, kindName: control.name.value, modifiers: modifiers.lines,
                docs: modifiers.docs, chainsSetStyles: chainsSetStyles, setStyles: chainsSetStyles ? setStyles : [],
                buttonStyle: swiftUIStyle(control, typeName: typeName, module: module, shared: shared, toggle: false),
                toggleStyle: swiftUIStyle(control, typeName: typeName, module: module, shared: shared, toggle: true))
        )
    }

    /// A kind's SwiftUI `ButtonStyle` (or with `toggle`, `ToggleStyle`): the environment values
    /// its label reads and the arguments of `State(isPressed:...)`; `nil` when the kind is no
    /// SwiftUI button (toggle), or its states have no flags SwiftUI reports.
    func swiftUIStyle(
        _ control: CheckedControl, typeName: String, module: String, shared: SharedNames, toggle: Bool
    ) -> SwiftUIStyle? {
        guard control.hasControlStates, Self.swiftUIStyleKind(of: control) == (toggle ? .toggle : .button) else {
            return nil
        }
        let mask = Self.mask(of: control).filter { !$0.isApplicationBit }
        guard !mask.isEmpty, !toggle || mask.contains(.selected) else { return nil }
        var environment: [SwiftUIStyle.EnvironmentValue] = []
        func read(_ keyPath: String, _ name: String, _ type: String) {
            environment.append(SwiftUIStyle.EnvironmentValue(keyPath: keyPath, name: name, type: type))
        }
        if mask.contains(.disabled) { read("isEnabled", "isEnabled", "Swift.Bool") }
        if mask.contains(.focused) { read("isFocused", "isFocused", "Swift.Bool") }
        let hasAppearances = shared.appearances.count > 1
        if hasAppearances {
            read("colorScheme", "colorScheme", "SwiftUI.ColorScheme")
            read("colorSchemeContrast", "contrast", "SwiftUI.ColorSchemeContrast")
        }
        let arguments = mask.map { flag in
            let label = Self.swiftUIParameter(flag).label
            return "\(label): \(label)"
        }.joined(separator: ", ")
        // A button style of a kind with selection is told whether the button is on.
        let takesIsOn = !toggle && mask.contains(.selected)
        let spec =
            hasAppearances
            ? "\(module).\(typeName).Style.spec(for: \(module).Appearance(colorScheme: colorScheme, contrast: contrast))"
            : "\(module).\(typeName).Style.spec"
        let flags = mask.map { "`\(Self.swiftUIParameter($0).condition)` for \($0.rawValue)" }.joined(separator: ", ")
        return SwiftUIStyle(
            environment: environment, stateArguments: arguments, takesIsOn: takesIsOn, hasIsOn: toggle || takesIsOn,
            spec: spec, flagsText: flags,
            appearanceText: hasAppearances
                ? "the spec's values in the environment's appearance (`colorScheme`, `colorSchemeContrast`)"
                : "the spec's values")
    }

    /// The SwiftUI control a kind's styles are for: its `swiftui:`, else a `UIButton` with
    /// selection is a toggle and one without a button, a `UISwitch` a toggle; `nil` otherwise.
    static func swiftUIStyleKind(of control: CheckedControl) -> SwiftUIControl? {
        if let named = control.swiftUIControl { return named }
        switch control.uikitClass {
        case .UIButton?: return control.supportsSelection ? .toggle : .button
        case .UISwitch?: return .toggle
        default: return nil
        }
    }
}
