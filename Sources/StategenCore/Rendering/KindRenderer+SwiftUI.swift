/// The typed `control-swiftui` partial (Templates/control-swiftui.mustache): a kind's SwiftUI
/// initializers of `State`, and the `style(_:)` modifier, `ButtonStyle` and `ToggleStyle` its
/// attributes' roles give, written from the kind's plan (`KindPlan.swiftUI`, `roles.swiftUI`).
extension KindRenderer {
    /// Writes what `control-swiftui` renders for kind `index`: nothing for a kind with neither
    /// SwiftUI initializers nor SwiftUI roles.
    func writeControlSwiftUI(_ index: Int, into output: inout KindOutput) {
        let plan = plans[index]
        // {{#swiftUI}}
        if let inits = plan.swiftUI {
            writeSwiftUIInits(inits, typeName: plan.typeName, into: &output)
        }
        // {{#swiftUIRoles}}
        if let roles = plan.roles.swiftUI {
            writeSwiftUIView(roles, into: &output)
            // {{#buttonStyle}}
            if let style = roles.buttonStyle {
                writeButtonStyle(style, roles: roles, into: &output)
            }
            // {{#toggleStyle}}
            if let style = roles.toggleStyle {
                writeToggleStyle(style, roles: roles, into: &output)
            }
        }
    }

    /// Writes `module.kindTypeName` (`{{module}}.{{kindTypeName}}`).
    @inline(__always)
    private func writeKindType(_ typeName: String, into output: inout KindOutput) {
        output.write(settings.module)
        output.write(".")
        output.write(typeName)
    }

    /// Writes the `{{#swiftUI}}` section: `extension M.Kind.State` with the Bool initializer and
    /// the style configurations' initializers.
    private func writeSwiftUIInits(
        _ inits: TemplateContextBuilder.SwiftUIInits, typeName: String, into output: inout KindOutput
    ) {
        let access = settings.accessModifier
        output.write("extension ")
        writeKindType(typeName, into: &output)
        output.line(".State {")
        output.write("    /// The state SwiftUI describes, by the rules of `init(controlStateFlags:)`: ")
        output.write(inits.flagsText)
        output.line(".")
        output.write("    ")
        output.write(settings.inlinable)
        output.write("nonisolated ")
        output.write(access)
        output.write("init(")
        output.write(inits.parameters)
        output.line(") {")
        output.write("        self.init(controlStateFlags: [")
        // {{#flags}}{{condition}} ? .{{flag}} : []{{^@last}}, {{/@last}}{{/flags}}
        let last = inits.flags.count - 1
        for (position, flag) in inits.flags.enumerated() {
            output.write(flag.condition)
            output.write(" ? .")
            output.write(flag.flag)
            output.write(" : []")
            if position != last { output.write(", ") }
        }
        output.line("])")
        output.line("    }")
        // {{#buttonStyle}}
        if let initializer = inits.buttonStyle {
            output.newline()
            output.line(
                "    /// The state in a `ButtonStyle`'s `makeBody(configuration:)`: `isPressed` from it, the rest from `@Environment(\\.isEnabled)`."
            )
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.write("init(_ configuration: SwiftUI.ButtonStyleConfiguration")
            output.write(initializer.parameters)
            output.line(") {")
            output.write("        self.init(")
            output.write(initializer.arguments)
            output.line(")")
            output.line("    }")
        }
        // {{#toggleStyle}}
        if let initializer = inits.toggleStyle {
            output.newline()
            output.line(
                "    /// The state in a `ToggleStyle`'s `makeBody(configuration:)`: `isOn` from it, the rest from the view (`@Environment(\\.isEnabled)`, a press)."
            )
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.write("init(_ configuration: SwiftUI.ToggleStyleConfiguration")
            output.write(initializer.parameters)
            output.line(") {")
            output.write("        self.init(")
            output.write(initializer.arguments)
            output.line(")")
            output.line("    }")
        }
        output.line("}")
    }

    /// Writes the start of the `{{#swiftUIRoles}}` section: `extension SwiftUI.View` with the
    /// kind's `style(_:)`, chaining its sets' own (`{{#chainsSetStyles}}`) or with its modifiers.
    private func writeSwiftUIView(_ roles: TemplateContextBuilder.SwiftUIRoles, into output: inout KindOutput) {
        let access = settings.accessModifier
        output.newline()
        output.line("extension SwiftUI.View {")
        if roles.chainsSetStyles {
            // {{#chainsSetStyles}}
            output.write("    /// The view with a `")
            output.write(roles.kindName)
            output.line(
                "`'s attribute sets in one state applied by their attributes' roles (`role:` in the spec): each set's `style(_:)` in turn."
            )
            output.write("    ")
            output.write(access)
            output.write("func style(_ resolved: ")
            writeKindType(roles.kindTypeName, into: &output)
            output.line(".Style.Resolved) -> some SwiftUI.View {")
            output.write("        self")
            // {{#setStyles}}.style(resolved.{{propertyName}}){{/setStyles}}
            for property in roles.setStyles {
                output.write(".style(resolved.")
                output.write(property)
                output.write(")")
            }
            output.newline()
            output.line("    }")
        } else {
            // {{^chainsSetStyles}}
            output.write("    /// The view with every attribute set of a `")
            output.write(roles.kindName)
            output.write("` in one state (`")
            writeKindType(roles.kindTypeName, into: &output)
            output.line(".Style.Resolved`)")
            output.line("    /// applied by their attributes' roles (`role:` in the spec):")
            // {{#docs}}
            for doc in roles.docs {
                output.write("    /// - ")
                output.line(doc)
            }
            output.write("    ")
            output.write(access)
            output.write("func style(_ resolved: ")
            writeKindType(roles.kindTypeName, into: &output)
            output.line(".Style.Resolved) -> some SwiftUI.View {")
            output.line("        self")
            // {{#modifiers}}
            for modifier in roles.modifiers {
                output.write("            ")
                output.line(modifier)
            }
            output.line("    }")
        }
        output.line("}")
    }

    /// Writes the `{{#environment}}` lines of a style's `StyledLabel`: one `@Environment`
    /// property per value.
    private func writeEnvironment(_ style: TemplateContextBuilder.SwiftUIStyle, into output: inout KindOutput) {
        for value in style.environment {
            output.write("            @SwiftUI.Environment(\\.")
            output.write(value.keyPath)
            output.write(") var ")
            output.write(value.name)
            output.write(": ")
            output.line(value.type)
        }
    }

    /// Writes the end of a style's `StyledLabel`, from `body` on, and the closing braces of the
    /// style and of its extension.
    private func writeStyledLabelBody(
        _ style: TemplateContextBuilder.SwiftUIStyle, roles: TemplateContextBuilder.SwiftUIRoles,
        into output: inout KindOutput
    ) {
        output.newline()
        output.line("            var body: some SwiftUI.View {")
        output.line("                label.style(resolved)")
        output.line("            }")
        output.newline()
        output.write("            var resolved: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style.Resolved {")
        output.write("                (values ?? ")
        output.write(style.spec)
        output.write(").resolved(for: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.write(".State(")
        output.write(style.stateArguments)
        output.line("))")
        output.line("            }")
        output.line("        }")
        output.line("    }")
        output.line("}")
    }

    /// Writes the `{{#buttonStyle}}` section of `{{#swiftUIRoles}}`: the kind's `ButtonStyle`.
    private func writeButtonStyle(
        _ style: TemplateContextBuilder.SwiftUIStyle, roles: TemplateContextBuilder.SwiftUIRoles,
        into output: inout KindOutput
    ) {
        let access = settings.accessModifier
        output.newline()
        output.write("extension ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(" {")
        output.write("    /// A SwiftUI `ButtonStyle` that draws a button as a `")
        output.write(roles.kindName)
        output.line("`: its label with")
        output.write("    /// `style(_:)` of the state SwiftUI reports (")
        output.write(style.flagsText)
        output.line(";")
        output.write("    /// `State(isPressed:...)`), in ")
        output.write(style.appearanceText)
        output.line(", or in `style`'s values.")
        output.line("    ///")
        output.line("    /// ```swift")
        output.line("    /// SwiftUI.Button(\"Save\") { save() }")
        output.write("    ///     .buttonStyle(")
        writeKindType(roles.kindTypeName, into: &output)
        output.write(".ButtonStyle(")
        if style.takesIsOn { output.write("isOn: isOn") }
        output.line("))")
        writeStyleStruct("ButtonStyle", takesIsOn: style.takesIsOn, roles: roles, into: &output)
        output.line("        /// The button's label in its state.")
        output.write("        ")
        output.write(access)
        output.line("func makeBody(configuration: SwiftUI.ButtonStyleConfiguration) -> some SwiftUI.View {")
        output.write("            StyledLabel(label: configuration.label, isPressed: configuration.isPressed")
        if style.takesIsOn { output.write(", isOn: isOn") }
        output.line(", values: style)")
        output.line("        }")
        output.newline()
        output.write("        /// The label in the state that the press")
        if style.takesIsOn { output.write(", `isOn`") }
        output.line(" and the environment give: a")
        output.line("        /// view of its own, so that SwiftUI updates it when the environment changes.")
        output.line("        private struct StyledLabel: SwiftUI.View {")
        output.line("            let label: SwiftUI.ButtonStyleConfiguration.Label")
        output.line("            let isPressed: Swift.Bool")
        // {{#hasIsOn}}
        if style.hasIsOn { output.line("            let isOn: Swift.Bool") }
        output.write("            let values: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style?")
        // {{#environment}}
        writeEnvironment(style, into: &output)
        writeStyledLabelBody(style, roles: roles, into: &output)
    }

    /// Writes the end of a style's doc comment and the start of the style, `name` (`ButtonStyle`
    /// or `ToggleStyle`, conforming to SwiftUI's protocol of that name): its stored properties
    /// (`isOn` first where it `takesIsOn`) and its `init`, then a blank line.
    private func writeStyleStruct(
        _ name: String, takesIsOn: Bool, roles: TemplateContextBuilder.SwiftUIRoles, into output: inout KindOutput
    ) {
        let access = settings.accessModifier
        output.line("    /// ```")
        output.line("    @MainActor")
        output.write("    ")
        output.write(access)
        output.write("struct ")
        output.write(name)
        output.write(": SwiftUI.")
        output.write(name)
        output.line(" {")
        // {{#takesIsOn}}
        if takesIsOn {
            output.line(
                "        /// Whether the button is on: the kind's `selected` flag, which a button style is not told.")
            output.write("        ")
            output.write(access)
            output.line("var isOn: Swift.Bool")
        }
        output.line(
            "        /// The values to draw with in every appearance; `nil` for the spec's, in the environment's appearance."
        )
        output.write("        ")
        output.write(access)
        output.write("var style: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style?")
        output.newline()
        output.line("        /// A style with `style`'s values, or with `nil` the spec's.")
        output.write("        nonisolated ")
        output.write(access)
        output.write("init(")
        if takesIsOn { output.write("isOn: Swift.Bool, ") }
        output.write("style: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style? = nil) {")
        // {{#takesIsOn}}
        if takesIsOn { output.line("            self.isOn = isOn") }
        output.line("            self.style = style")
        output.line("        }")
        output.newline()
    }

    /// Writes the `{{#toggleStyle}}` section of `{{#swiftUIRoles}}`: the kind's `ToggleStyle`.
    private func writeToggleStyle(
        _ style: TemplateContextBuilder.SwiftUIStyle, roles: TemplateContextBuilder.SwiftUIRoles,
        into output: inout KindOutput
    ) {
        let access = settings.accessModifier
        output.newline()
        output.write("extension ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(" {")
        output.write("    /// A SwiftUI `ToggleStyle` that draws a toggle as a `")
        output.write(roles.kindName)
        output.line("`: a button that flips")
        output.line(
            "    /// `isOn` when tapped (as Apple's `ToggleStyleConfiguration.isOn` documentation shows), whose")
        output.write("    /// label gets `style(_:)` of the state SwiftUI reports (")
        output.write(style.flagsText)
        output.line("; the press")
        output.write("    /// from the button, as a toggle style is not told it), in ")
        output.write(style.appearanceText)
        output.line(", or in `style`'s")
        output.line("    /// values. A pressed \"on\" toggle keeps the \"on\" look (`selected+highlighted`).")
        output.line("    ///")
        output.line("    /// ```swift")
        output.line("    /// SwiftUI.Toggle(\"Bold\", isOn: $isBold)")
        output.write("    ///     .toggleStyle(")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".ToggleStyle())")
        writeStyleStruct("ToggleStyle", takesIsOn: false, roles: roles, into: &output)
        output.line(
            "        /// A button that toggles `configuration.isOn`, labelled with the toggle's label in its state.")
        output.write("        ")
        output.write(access)
        output.line("func makeBody(configuration: SwiftUI.ToggleStyleConfiguration) -> some SwiftUI.View {")
        output.line("            SwiftUI.Button {")
        output.line("                configuration.isOn.toggle()")
        output.line("            } label: {")
        output.line("                configuration.label")
        output.line("            }")
        output.line("            .buttonStyle(Press(isOn: configuration.isOn, values: style))")
        output.line("        }")
        output.newline()
        output.line("        /// Tells the label whether the toggle is pressed.")
        output.line("        private struct Press: SwiftUI.ButtonStyle {")
        output.line("            let isOn: Swift.Bool")
        output.write("            let values: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style?")
        output.newline()
        output.line("            func makeBody(configuration: SwiftUI.ButtonStyleConfiguration) -> some SwiftUI.View {")
        output.line(
            "                StyledLabel(label: configuration.label, isPressed: configuration.isPressed, isOn: isOn, values: values)"
        )
        output.line("            }")
        output.line("        }")
        output.newline()
        output.line("        /// The label in the state that the press, `isOn` and the environment give: a view of")
        output.line("        /// its own, so that SwiftUI updates it when the environment changes.")
        output.line("        private struct StyledLabel: SwiftUI.View {")
        output.line("            let label: SwiftUI.ButtonStyleConfiguration.Label")
        output.line("            let isPressed: Swift.Bool")
        output.line("            let isOn: Swift.Bool")
        output.write("            let values: ")
        writeKindType(roles.kindTypeName, into: &output)
        output.line(".Style?")
        // {{#environment}}
        writeEnvironment(style, into: &output)
        writeStyledLabelBody(style, roles: roles, into: &output)
    }
}
