/// The typed renderer of the built-in partial `control-uikit` (Templates/control-uikit.mustache):
/// a kind's UIKit code, written from its plan's typed UIKit parts (``TemplateContextBuilder/KindPlan``'s
/// `uikitApplies`, `uikitControl`, `uikitEvents` and `roles.uikit`) and the file's settings.
extension KindRenderer {
    /// Writes what `control-uikit.mustache` renders for kind `index`: each section of the template
    /// in turn, nothing for a kind without that part.
    func writeControlUIKit(_ index: Int, into output: inout KindOutput) {
        let plan = plans[index]
        for apply in plan.uikitApplies {
            writeUIKitApply(apply, into: &output)
        }
        if let bridge = plan.uikitControl {
            writeUIKitControl(bridge, into: &output)
        }
        if let events = plan.uikitEvents {
            writeUIKitEvents(events, typeName: plan.typeName, into: &output)
        }
        if let roles = plan.roles.uikit {
            writeUIKitRoles(roles, into: &output)
        }
    }

    /// Writes one element of `{{#uikitApplies}}`: the set's `apply(to:)`, its
    /// `applyDynamicColors(to:)` (`{{#hasDynamicCalls}}`) and a button's
    /// `configurationUpdateHandler` (`{{#configuration}}`).
    private func writeUIKitApply(_ apply: TemplateContextBuilder.UIKitApply, into output: inout KindOutput) {
        let module = settings.module
        let access = settings.accessModifier
        output.newline()
        output.write("extension ")
        output.write(module)
        output.write(".")
        output.write(apply.setTypeName)
        output.write(" where State == ")
        output.write(module)
        output.write(".")
        output.write(apply.kindTypeName)
        output.line(".State {")
        output.write("    /// Sets the attributes that have a UIKit setter on `")
        output.write(apply.parameter)
        output.line("`, in every control state UIKit can report for a")
        output.write("    /// `")
        output.write(apply.kindName)
        output.write("`: for each of the ")
        output.write(apply.combinationsText)
        output.line(", the value of the state it converts to")
        output.line("    /// (`State(controlStateFlags:)`). UIKit uses the normal value for a state given none, so setting every")
        output.line("    /// combination is what makes it show what `resolved(for:)` gives, combined states included.")
        // {{#calls}}
        for call in apply.calls {
            output.write("    /// - `")
            output.write(call.attribute)
            output.write("`: `")
            output.write(call.signature)
            output.write("`")
            output.write(call.conversionNote)
            output.line(".")
        }
        output.line("    @MainActor")
        output.write("    ")
        output.write(access)
        output.write("func apply(to ")
        output.write(apply.parameter)
        output.write(": UIKit.")
        output.write(apply.controlClass)
        output.line(") {")
        writeControlStatesLoop(apply, into: &output)
        for call in apply.calls {
            output.write("            ")
            output.write(apply.parameter)
            output.write(".")
            output.line(call.call)
        }
        output.line("        }")
        output.line("    }")
        // {{#hasDynamicCalls}}
        if apply.hasDynamicCalls {
            output.newline()
            output.line(
                "    /// As `apply(to:)` with the spec's values, but each colour is a `UIColor` that follows the view's appearance"
            )
            output.line(
                "    /// (`Appearance.dynamicUIColor`): `spec(for: appearance)`'s value of the state. Other values are the `light` one's."
            )
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.write("static func applyDynamicColors(to ")
            output.write(apply.parameter)
            output.write(": UIKit.")
            output.write(apply.controlClass)
            output.line(") {")
            writeControlStatesLoop(apply, into: &output)
            for call in apply.calls {
                output.write("            ")
                output.write(apply.parameter)
                output.write(".")
                output.line(call.dynamicCall)
            }
            output.line("        }")
            output.line("    }")
        }
        // {{#configuration}}
        if let updates = apply.configuration {
            output.newline()
            output.line(
                "    /// A `UIButton.configurationUpdateHandler` that, each time the button's state changes, sets the configuration's"
            )
            output.line("    /// values for the state the button's `state` converts to (`State(uiControlState:)`):")
            // {{#updates}}
            for update in updates {
                output.write("    /// - `")
                output.write(update.attribute)
                output.write("`: `")
                output.write(update.property)
                output.line("`.")
            }
            output.line("    /// A button without a configuration gets `UIButton.Configuration.plain()`.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("var configurationUpdateHandler: UIKit.UIButton.ConfigurationUpdateHandler {")
            output.line("        { button in")
            output.write("            let state = ")
            output.write(module)
            output.write(".")
            output.write(apply.kindTypeName)
            output.line(".State(uiControlState: button.state)")
            output.line("            var configuration = button.configuration ?? UIKit.UIButton.Configuration.plain()")
            for update in updates {
                output.write("            ")
                output.line(update.assignment)
            }
            output.line("            button.configuration = configuration")
            output.line("        }")
            output.line("    }")
        }
        output.line("}")
    }

    /// Writes the `for (flags, state) in ... _controlStates([...]) {` line of an apply's methods.
    private func writeControlStatesLoop(_ apply: TemplateContextBuilder.UIKitApply, into output: inout KindOutput) {
        output.write("        for (flags, state) in ")
        output.write(settings.module)
        output.write(".")
        output.write(apply.kindTypeName)
        output.write(".State._controlStates([")
        output.write(apply.combinations)
        output.line("]) {")
    }

    /// Writes `{{#uikitControl}}`: the `State` initializers from the kind's UIKit object, by its
    /// class (`{{#isPlainControl}}`, `{{#isSwitch}}`, `{{#isSegment}}`, `{{#isTabBarItem}}`,
    /// `{{#isPageIndicator}}`).
    private func writeUIKitControl(_ bridge: TemplateContextBuilder.UIKitControlBridge, into output: inout KindOutput) {
        let module = settings.module
        let access = settings.accessModifier
        output.newline()
        output.write("extension ")
        output.write(module)
        output.write(".")
        output.write(bridge.kindTypeName)
        output.line(".State {")
        // {{#isPlainControl}}
        if bridge.isPlainControl {
            output.line("    /// The state of `control` now: its `state` flags, by the rules of `init(controlStateFlags:)`.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.write("init(_ control: UIKit.")
            output.write(bridge.controlClass)
            output.line(") {")
            output.line("        self.init(uiControlState: control.state)")
            output.line("    }")
        }
        // {{#isSwitch}}
        if bridge.isSwitch {
            output.line("    /// The state of `control` now. A switch shows \"on\" through `isOn`, not through the")
            output.line("    /// `selected` flag of its `state`, so `isOn` gives `.selected` here; the other flags come")
            output.line("    /// from `state`.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("init(_ control: UIKit.UISwitch) {")
            output.write("        var flags = ")
            output.write(module)
            output.line(".ControlStateFlags(control.state)")
            output.line("        flags.remove(.selected)")
            output.line("        if control.isOn { flags.formUnion(.selected) }")
            output.line("        self.init(controlStateFlags: flags)")
            output.line("    }")
            output.newline()
            // {{#hasDisabled}} inline
            output.write("    /// Sets `control`'s `isOn` (`setOn(_:animated:)`)")
            if bridge.hasDisabled { output.write(" and `isEnabled`") }
            output.line(" to")
            output.line("    /// this state's: a switch shows \"on\" through `isOn`, not through a `selected` flag.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("func apply(to control: UIKit.UISwitch, animated: Swift.Bool = false) {")
            output.line("        control.setOn(self.controlStateFlags.contains(.selected), animated: animated)")
            // {{#hasDisabled}}
            if bridge.hasDisabled {
                output.line("        control.isEnabled = !self.controlStateFlags.contains(.disabled)")
            }
            output.line("    }")
        }
        // {{#isSegment}}
        if bridge.isSegment {
            output.line("    /// The state of the segment at `index` of `control`: selected when it is the control's")
            output.line("    /// `selectedSegmentIndex`, disabled when the control or the segment is")
            output.line("    /// (`isEnabledForSegment(at:)`); the other flags come from the control's `state`.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("init(segmentAt index: Swift.Int, of control: UIKit.UISegmentedControl) {")
            output.write("        var flags = ")
            output.write(module)
            output.line(".ControlStateFlags(control.state)")
            output.line("        flags.remove(.selected)")
            output.line("        if control.selectedSegmentIndex == index { flags.formUnion(.selected) }")
            output.line("        if !control.isEnabledForSegment(at: index) { flags.formUnion(.disabled) }")
            output.line("        self.init(controlStateFlags: flags)")
            output.line("    }")
        }
        // {{#isTabBarItem}}
        if bridge.isTabBarItem {
            output.line("    /// The state of `item` in `tabBar`: selected when it is the bar's `selectedItem`, disabled")
            output.line("    /// when its `isEnabled` is false. A tab bar item is a `UIBarItem`, not a `UIControl`: it has")
            output.line("    /// no `state` of its own.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("init(_ item: UIKit.UITabBarItem, in tabBar: UIKit.UITabBar) {")
            output.write("        var flags = ")
            output.write(module)
            output.line(".ControlStateFlags()")
            output.line("        if tabBar.selectedItem === item { flags.formUnion(.selected) }")
            output.line("        if !item.isEnabled { flags.formUnion(.disabled) }")
            output.line("        self.init(controlStateFlags: flags)")
            output.line("    }")
        }
        // {{#isPageIndicator}}
        if bridge.isPageIndicator {
            output.line("    /// The state of the indicator of page `page` of `control`: selected when it is the")
            output.line("    /// control's `currentPage`; the other flags come from the control's `state`.")
            output.line("    @MainActor")
            output.write("    ")
            output.write(access)
            output.line("init(page: Swift.Int, of control: UIKit.UIPageControl) {")
            output.write("        var flags = ")
            output.write(module)
            output.line(".ControlStateFlags(control.state)")
            output.line("        flags.remove(.selected)")
            output.line("        if control.currentPage == page { flags.formUnion(.selected) }")
            output.line("        self.init(controlStateFlags: flags)")
            output.line("    }")
        }
        output.line("}")
    }

    /// Writes `{{#uikitEvents}}`: the kind's `Event.uiControlEvent`, `nil` for the events that name
    /// no UIKit event (`{{#hasUnmapped}}`).
    private func writeUIKitEvents(
        _ events: TemplateContextBuilder.UIKitEvents, typeName: String, into output: inout KindOutput
    ) {
        let module = settings.module
        output.newline()
        output.write("extension ")
        output.write(module)
        output.write(".")
        output.write(typeName)
        output.write(".Event: ")
        output.write(module)
        output.line(".UIControlEventConvertible {")
        output.line("    /// The `UIControl.Event` this event is, or `nil` for an event that stands for none.")
        output.write("    ")
        output.write(settings.inlinable)
        output.write("nonisolated ")
        output.write(settings.accessModifier)
        output.line("var uiControlEvent: UIKit.UIControl.Event? {")
        output.line("        switch self {")
        // {{#cases}}
        for event in events.cases {
            output.write("        case .")
            output.write(event.event)
            output.write(": return .")
            output.line(event.uikit)
        }
        // {{#hasUnmapped}}
        if events.hasUnmapped {
            output.write("        case ")
            output.write(events.unmapped)
            output.line(": return nil")
        }
        output.line("        }")
        output.line("    }")
        output.line("}")
    }

    /// Writes `{{#uikitRoles}}`: the kind's `Style.Resolved.apply(to:)` on its UIKit class, its doc
    /// naming the appearance when the spec has more than one (`{{#appearance}}`, the root's).
    private func writeUIKitRoles(_ roles: TemplateContextBuilder.UIKitKindRoles, into output: inout KindOutput) {
        output.newline()
        output.write("extension ")
        output.write(settings.module)
        output.write(".")
        output.write(roles.kindTypeName)
        output.line(".Style.Resolved {")
        output.write("    /// Sets the properties of `")
        output.write(roles.parameter)
        output.write("` that the attributes of a `")
        output.write(roles.kindName)
        output.line("` have a role for (`role:` in the spec):")
        // {{#docs}}
        for doc in roles.docs {
            output.write("    /// - ")
            output.line(doc)
        }
        output.line("    ///")
        if shared.appearances.count > 1 {
            // {{#appearance}}
            output.write("    /// The values are one state's in one appearance (`Style.spec(for: Appearance(")
            output.write(roles.parameter)
            output.line(".traitCollection)).resolved(for: state)`):")
            output.line("    /// apply again when the state or the trait collection changes.")
        } else {
            // {{^appearance}}
            output.line(
                "    /// The values are one state's, as `Style.spec.resolved(for: state)` gives them: apply again when the state changes."
            )
        }
        output.line("    @MainActor")
        output.write("    ")
        output.write(settings.accessModifier)
        output.write("func apply(to ")
        output.write(roles.parameter)
        output.write(": UIKit.")
        output.write(roles.className)
        output.line(") {")
        // {{#statements}}
        for statement in roles.statements {
            output.write("        ")
            output.line(statement)
        }
        output.line("    }")
        output.line("}")
    }
}
