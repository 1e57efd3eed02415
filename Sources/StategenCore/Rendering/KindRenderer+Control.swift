/// The typed renderer of partial `control` (Templates/control.mustache): a kind's namespace
/// extension with its `State` and `Event` enums, transition switch, selection witnesses and
/// `Style`, then its UIKit and SwiftUI parts.
extension KindRenderer {
    /// Writes what `control.mustache` renders for kind `index`, from the kind's typed model
    /// (``TemplateContextBuilder/ControlModel``) and the file's settings.
    func writeControl(_ index: Int, into output: inout KindOutput) {
        let plan = plans[index]
        let model = builder.controlModel(plan, shared: shared)
        let module = settings.module
        let access = settings.accessModifier
        let inlinable = settings.inlinable
        let provenance = settings.provenance

        // extension {{module}} {
        output.write("extension ")
        output.write(module)
        output.line(" {")
        // {{#docLines}}
        for line in model.docLines {
            output.write("    /// ")
            output.line(line)
        }
        // /// Control kind `{{name}}`{{#provenance}}, declared at {{location}}{{/provenance}}. {{selectionSummary}}
        output.write("    /// Control kind `")
        output.write(model.name)
        output.write("`")
        if provenance {
            output.write(", declared at ")
            output.write(model.location)
        }
        output.write(". ")
        output.line(model.selectionSummary)
        // nonisolated {{accessModifier}}enum {{typeName}}: {{module}}.{{conformance}} {
        output.write("    nonisolated ")
        output.write(access)
        output.write("enum ")
        output.write(model.typeName)
        output.write(": ")
        output.write(module)
        output.write(".")
        output.write(model.conformance)
        output.line(" {")
        writeStateEnum(model, into: &output)
        output.newline()
        writeEventEnum(model, into: &output)
        output.newline()

        // initialState
        output.write("        /// The state a new `")
        output.write(model.name)
        output.line("` is in.")
        output.write("        ")
        output.write(access)
        output.write("static let initialState: State = .")
        output.line(model.initialState)
        output.newline()

        // transitions: {{#hasEvents}} / {{^hasEvents}}
        output.line(
            "        /// Every transition row, by source state, then event: read once from `target(from:on:)` (`Transition.table(of:)`)."
        )
        output.write("        ")
        output.write(access)
        output.write("static let transitions: [")
        output.write(module)
        if model.hasEvents {
            output.write(".Transition<State, Event>] = ")
            output.write(module)
            output.write(".Transition.table(of: ")
            output.write(module)
            output.write(".")
            output.write(model.typeName)
            output.line(".self)")
        } else {
            output.line(".Transition<State, Event>] = []")
        }
        output.newline()

        // target(from:on:): {{#switchCases}}{{#targetCases}}
        output.line(
            "        /// The state that `event` moves a control in `state` to, or `nil` when no row handles it: the table as one switch."
        )
        output.write("        ")
        output.write(inlinable)
        output.write(access)
        output.line("static func target(from state: State, on event: Event) -> State? {")
        if model.hasEvents {
            output.line("            switch (state, event) {")
            for switchCase in model.switchCases {
                for targetCase in switchCase.targetCases {
                    output.write("            case ")
                    output.write(targetCase.patterns)
                    output.write(": return .")
                    output.write(targetCase.target)
                    if let rowLocation = targetCase.rowLocation {
                        output.write("  // ")
                        output.write(rowLocation)
                    }
                    output.newline()
                }
            }
            output.line("            default: return nil")
            output.line("            }")
        } else {
            output.line("            // `Event` has no cases, so this is never called.")
        }
        output.line("        }")
        if let selection = model.selection {
            writeSelection(selection, model, into: &output)
        }
        output.newline()
        writeStyle(model, into: &output)
        output.line("    }")
        output.line("}")

        // {{#hasUIKit}} … {{> control-uikit}} …
        if plan.hasUIKit {
            output.newline()
            output.line("#if canImport(UIKit)")
            writeControlUIKit(index, into: &output)
            output.included.insert("control-uikit")
            output.line("#endif")
        }
        // {{#hasSwiftUIPart}} … {{> control-swiftui}} …
        if plan.hasSwiftUIPart {
            output.newline()
            output.line("#if canImport(SwiftUI)")
            writeControlSwiftUI(index, into: &output)
            output.included.insert("control-swiftui")
            output.line("#endif")
        }
    }

    /// Writes the kind's `enum State` (template lines `/// The states of a …` to its closing
    /// brace): the cases, `Style`, `ordinal`, `fallbackChain` and, under `{{#controlStates}}`,
    /// the UIKit flags and their initializer.
    private func writeStateEnum(_ model: TemplateContextBuilder.ControlModel, into output: inout KindOutput) {
        let module = settings.module
        let access = settings.accessModifier
        let inlinable = settings.inlinable
        let provenance = settings.provenance

        output.write("        /// The states of a `")
        output.write(model.name)
        output.line("`; each raw value is the state's name in the spec.")
        // {{frozen}}{{accessModifier}}enum State: … {{#codable}}{{#controlStates}} {
        output.write("        ")
        output.write(settings.frozen)
        output.write(access)
        output.write("enum State: Swift.String, ")
        output.write(module)
        output.write(".StyledKindState")
        if settings.codable { output.write(", Swift.Codable") }
        if model.controlStates != nil {
            output.write(", ")
            output.write(module)
            output.write(".ControlStateConvertible")
        }
        output.line(" {")
        // {{#states}}
        for state in model.states {
            for line in state.docLines {
                output.write("            /// ")
                output.line(line)
            }
            if state.hasDoc {
                // /// {{#needsRawValue}}`{{name}}`. {{/needsRawValue}}{{#provenance}}Declared at {{location}}. {{/provenance}}{{summary}}
                output.write("            /// ")
                if state.needsRawValue {
                    output.write("`")
                    output.write(state.name)
                    output.write("`. ")
                }
                if provenance {
                    output.write("Declared at ")
                    output.write(state.location)
                    output.write(". ")
                }
                output.line(state.summary)
            } else {
                // /// `{{name}}`{{#provenance}}, declared at {{location}}{{/provenance}}. {{summary}}
                output.write("            /// `")
                output.write(state.name)
                output.write("`")
                if provenance {
                    output.write(", declared at ")
                    output.write(state.location)
                }
                output.write(". ")
                output.line(state.summary)
            }
            // case {{caseName}}{{#needsRawValue}} = {{rawValueLiteral}}{{/needsRawValue}}
            output.write("            case ")
            output.write(state.caseName)
            if state.needsRawValue {
                output.write(" = ")
                output.write(state.rawValueLiteral)
            }
            output.newline()
        }
        output.newline()
        // typealias Style
        output.line("            /// The kind's `Style`.")
        output.write("            ")
        output.write(access)
        output.write("typealias Style = ")
        output.write(module)
        output.write(".")
        output.write(model.typeName)
        output.line(".Style")
        output.newline()
        // ordinal: {{#states}}
        output.line("            /// The state's position in `allCases` (the spec's order).")
        output.write("            ")
        output.write(inlinable)
        output.write(access)
        output.line("var ordinal: Swift.Int {")
        output.line("                switch self {")
        for state in model.states {
            output.write("                case .")
            output.write(state.caseName)
            output.write(": return ")
            output.line(String(state.ordinal))
        }
        output.line("                }")
        output.line("            }")
        output.newline()
        // fallbackChain: {{#hasFallbackChains}} / {{^hasFallbackChains}}
        output.line(
            "            /// The states this one takes values from where it has none, nearest first (not `normal`, which ends every chain)."
        )
        output.write("            ")
        output.write(inlinable)
        output.write(access)
        if model.hasFallbackChains {
            output.line("var fallbackChain: [State] {")
            output.line("                switch self {")
            for state in model.states where state.hasFallbackCases {
                output.write("                case .")
                output.write(state.caseName)
                output.write(": return [")
                output.write(state.fallbackCases)
                output.line("]")
            }
            if model.hasStatesWithoutFallbacks {
                output.write("                case ")
                output.write(model.statesWithoutFallbacks)
                output.line(": return []")
            }
            output.line("                }")
            output.line("            }")
        } else {
            output.line("var fallbackChain: [State] { [] }")
        }
        // {{#controlStates}}
        if let controlStates = model.controlStates {
            output.newline()
            output.line(
                "            /// The state's UIKit control-state flags, from the spec's `controlState:`; `[]` for `normal`."
            )
            output.write("            ")
            output.write(inlinable)
            output.write(access)
            output.write("var controlStateFlags: ")
            output.write(module)
            output.line(".ControlStateFlags {")
            output.line("                switch self {")
            for state in model.states {
                output.write("                case .")
                output.write(state.caseName)
                output.write(": return ")
                output.line(state.controlStateFlags)
            }
            output.line("                }")
            output.line("            }")
            output.newline()
            output.line(
                "            /// The state for `flags` from UIKit (or SwiftUI), by the rule of `ControlStateConvertible.init(controlStateFlags:)`."
            )
            output.write("            ")
            output.write(inlinable)
            output.write(access)
            output.write("init(controlStateFlags flags: ")
            output.write(module)
            output.line(".ControlStateFlags) {")
            if controlStates.searchesStates {
                output.line("                // Eight flags or more: too many combinations for one exhaustive switch.")
                output.line("                self = Self._state(matching: flags)")
            } else if controlStates.hasMask {
                output.write("                switch ")
                output.write(controlStates.flagsTuple)
                output.line(" {")
                for flagsCase in controlStates.cases {
                    output.write("                case ")
                    output.write(flagsCase.pattern)
                    output.write(": self = .")
                    output.write(flagsCase.state)
                    output.write("  // ")
                    output.line(flagsCase.flags)
                }
                output.line("                }")
            } else {
                output.write("                self = .")
                output.line(controlStates.normalCase)
            }
            output.line("            }")
        }
        output.line("        }")
    }

    /// Writes the kind's `enum Event` (`{{#hasEvents}}`: one case per event; `{{^hasEvents}}`:
    /// the caseless enum with its conformances written out).
    private func writeEventEnum(_ model: TemplateContextBuilder.ControlModel, into output: inout KindOutput) {
        let access = settings.accessModifier
        let inlinable = settings.inlinable
        let provenance = settings.provenance
        if model.hasEvents {
            output.write("        /// The events that move a `")
            output.write(model.name)
            output.line("` between states; each raw value is the event's name in the spec.")
            output.write("        ")
            output.write(settings.frozen)
            output.write(access)
            output.write("enum Event: Swift.String, Swift.CaseIterable, Swift.Hashable, Swift.Sendable")
            if settings.codable { output.write(", Swift.Codable") }
            output.line(" {")
            // {{#events}}
            for event in model.events {
                for line in event.docLines {
                    output.write("            /// ")
                    output.line(line)
                }
                if event.hasDoc {
                    if event.needsRawValue {
                        output.write("            /// `")
                        output.write(event.name)
                        output.line("`.")
                    }
                    if provenance {
                        output.write("            /// Declared at ")
                        output.write(event.location)
                        output.line(".")
                    }
                    if let role = event.role {
                        output.write("            /// Role: ")
                        output.write(role)
                        output.line(".")
                    }
                } else {
                    // /// `{{name}}`{{#provenance}}, declared at {{location}}{{/provenance}}.{{#role}} Role: {{.}}.{{/role}}
                    output.write("            /// `")
                    output.write(event.name)
                    output.write("`")
                    if provenance {
                        output.write(", declared at ")
                        output.write(event.location)
                    }
                    output.write(".")
                    if let role = event.role {
                        output.write(" Role: ")
                        output.write(role)
                        output.write(".")
                    }
                    output.newline()
                }
                output.write("            case ")
                output.write(event.caseName)
                if event.needsRawValue {
                    output.write(" = ")
                    output.write(event.rawValueLiteral)
                }
                output.newline()
            }
            output.line("        }")
        } else {
            output.write("        /// The events of a `")
            output.write(model.name)
            output.line("`: the spec gives it none, so no event value exists. The")
            output.line("        /// conformances are written out (Swift synthesizes none for an enum without cases).")
            output.write("        ")
            output.write(settings.frozen)
            output.write(access)
            output.write("enum Event: Swift.RawRepresentable, Swift.CaseIterable, Swift.Hashable, Swift.Sendable")
            if settings.codable { output.write(", Swift.Codable") }
            output.line(" {")
            output.write("            ")
            output.write(inlinable)
            output.write(access)
            output.line("init?(rawValue: Swift.String) { return nil }")
            output.newline()
            output.write("            ")
            output.write(inlinable)
            output.write(access)
            output.line("var rawValue: Swift.String { switch self {} }")
            output.newline()
            // {{#codable}}
            if settings.codable {
                output.line("            /// Throws `DecodingError.dataCorrupted`: there is no event to decode.")
                output.write("            ")
                output.write(access)
                output.line("init(from decoder: any Swift.Decoder) throws {")
                output.line("                throw Swift.DecodingError.dataCorrupted(")
                output.line(
                    "                    .init(codingPath: decoder.codingPath, debugDescription: \"this control kind has no events\"))"
                )
                output.line("            }")
                output.newline()
                output.line("            /// Never called: there is no event to encode.")
                output.write("            ")
                output.write(access)
                output.line("func encode(to encoder: any Swift.Encoder) throws { switch self {} }")
            }
            output.line("        }")
        }
    }

    /// Writes `{{#selection}}`: `isSelected(_:)` and the witnesses the spec names.
    private func writeSelection(
        _ selection: TemplateContextBuilder.ControlModel.Selection, _ model: TemplateContextBuilder.ControlModel,
        into output: inout KindOutput
    ) {
        let access = settings.accessModifier
        output.newline()
        output.line("        /// Whether `state` is a selection-only state (`selection: true`).")
        output.write("        ")
        output.write(settings.inlinable)
        output.write(access)
        output.line("static func isSelected(_ state: State) -> Swift.Bool {")
        output.line("            switch state {")
        // case {{#states}}{{#isNormal}}.{{caseName}}…{{^isNormal}}{{^isSelectionState}}, .{{caseName}}…: return false
        output.write("            case ")
        for state in model.states where state.isNormal {
            output.write(".")
            output.write(state.caseName)
        }
        for state in model.states where !state.isNormal && !state.isSelectionState {
            output.write(", .")
            output.write(state.caseName)
        }
        output.line(": return false")
        for state in model.states where state.isSelectionState {
            output.write("            case .")
            output.write(state.caseName)
            output.line(": return true")
        }
        output.line("            }")
        output.line("        }")
        // {{#selectedState}}
        if let caseName = selection.selectedState {
            output.newline()
            output.line("        /// The state with `controlState: selected`.")
            output.write("        ")
            output.write(access)
            output.write("static let selectedState: State = .")
            output.line(caseName)
        }
        // {{#selectEvent}}
        if let caseName = selection.selectEvent {
            output.newline()
            output.line("        /// The event with `role: select`.")
            output.write("        ")
            output.write(access)
            output.write("static let selectEvent: Event = .")
            output.line(caseName)
        }
        // {{#deselectEvent}}
        if let caseName = selection.deselectEvent {
            output.newline()
            output.line("        /// The event with `role: deselect`.")
            output.write("        ")
            output.write(access)
            output.write("static let deselectEvent: Event = .")
            output.line(caseName)
        }
    }

    /// Writes the kind's `struct Style`: its sets, initializer, one static style per appearance
    /// (`{{#specs}}`), `resolved(for:)` and `struct Resolved`.
    private func writeStyle(_ model: TemplateContextBuilder.ControlModel, into output: inout KindOutput) {
        let module = settings.module
        let access = settings.accessModifier
        let inlinable = settings.inlinable
        let sets = model.attributeSets

        output.write("        /// Every attribute set of a `")
        output.write(model.name)
        output.write("`: the spec's values (`spec`")
        if model.hasAppearances { output.write(", `spec(for:)`") }
        output.line(") and all in one state (`resolved(for:)`).")
        // {{frozen}}{{accessModifier}}struct Style: {{module}}.KindStyle{{#attributeSets}}…
        output.write("        ")
        output.write(settings.frozen)
        output.write(access)
        output.write("struct Style: ")
        output.write(module)
        output.write(".KindStyle")
        for set in sets {
            output.write(", ")
            output.write(module)
            output.write(".")
            output.write(set.protocolName)
        }
        if settings.hashable { output.write(", Swift.Hashable") }
        if settings.codable { output.write(", Swift.Codable") }
        output.line(" {")
        // {{#attributeSets}}: the properties, then
        // init({{#attributeSets}}{{label}}: {{module}}.{{typeName}}<State>{{^@last}}, {{/@last}}{{/attributeSets}})
        writeSetMembers(
            sets, indent: "            ", doc: ("Attribute set `", "`."), type: { $0.typeName + "<State>" },
            initDoc: "A style with each set's values.", into: &output)
        // {{#specs}}
        for spec in model.specs {
            writeSpec(spec, model, into: &output)
        }
        output.newline()
        // resolved(for:)
        output.line("            /// Every set's values in `state`, after the state's fallback chain.")
        output.write("            ")
        output.write(inlinable)
        output.write(access)
        output.line("func resolved(for state: State) -> Resolved {")
        output.write("                Resolved(")
        for (position, set) in sets.enumerated() {
            if position > 0 { output.write(", ") }
            output.write(set.label)
            output.write(": self.")
            output.write(set.propertyName)
            output.write(".resolved(for: state)")
        }
        output.line(")")
        output.line("            }")
        output.newline()
        // struct Resolved
        output.line("            /// Every attribute set's values in one state.")
        output.write("            ")
        output.write(settings.frozen)
        output.write(access)
        output.write("struct Resolved: Swift.Sendable")
        if settings.hashable { output.write(", Swift.Hashable") }
        if settings.codable { output.write(", Swift.Codable") }
        output.line(" {")
        writeSetMembers(
            sets, indent: "                ", doc: ("Set `", "` in the state."), type: \.resolvedTypeName,
            initDoc: "Each set's values in one state.", into: &output)
        output.line("            }")
        output.line("        }")
    }

    /// Writes a stored property per attribute set (`/// {doc.open}name{doc.close}`, then
    /// `var property: Module.type(set)`) at `indent`, a blank line, and the memberwise `init`
    /// documented `initDoc`: the members of a kind's `Style` and of its `Style.Resolved`.
    private func writeSetMembers(
        _ sets: [TemplateContextBuilder.ControlModel.AttributeSet], indent: String, doc: (open: String, close: String),
        type: (TemplateContextBuilder.ControlModel.AttributeSet) -> String, initDoc: String,
        into output: inout KindOutput
    ) {
        let module = settings.module
        let access = settings.accessModifier
        for set in sets {
            output.write(indent)
            output.write("/// ")
            output.write(doc.open)
            output.write(set.name)
            output.line(doc.close)
            output.write(indent)
            output.write(access)
            output.write("var ")
            output.write(set.propertyName)
            output.write(": ")
            output.write(module)
            output.write(".")
            output.line(type(set))
        }
        output.newline()
        output.write(indent)
        output.write("/// ")
        output.line(initDoc)
        output.write(indent)
        output.write(settings.inlinable)
        output.write(access)
        output.write("init(")
        for (position, set) in sets.enumerated() {
            if position > 0 { output.write(", ") }
            output.write(set.label)
            output.write(": ")
            output.write(module)
            output.write(".")
            output.write(type(set))
        }
        output.line(") {")
        for set in sets {
            output.write(indent)
            output.write("    self.")
            output.write(set.propertyName)
            output.write(" = ")
            output.line(set.propertyName)
        }
        output.write(indent)
        output.line("}")
    }

    /// Writes one element of `{{#specs}}`: the style of one appearance, as a reference to its
    /// fallback's (`equalsFallback`), the fallback's with the tables that differ, or (`light`)
    /// every table.
    private func writeSpec(
        _ spec: TemplateContextBuilder.ControlModel.Spec, _ model: TemplateContextBuilder.ControlModel,
        into output: inout KindOutput
    ) {
        let module = settings.module
        let access = settings.accessModifier
        // A light spec has no fallback (its `fallbackSpecName` is `false`).
        let fallback = spec.fallbackSpecName ?? "false"
        output.newline()
        if spec.isLight {
            output.write("            /// The values the spec gives")
            if model.hasAppearances { output.write(", in the `light` appearance") }
            output.line(". Each table holds one")
            output.write("            /// value per state in `State.allCases` order (")
            output.write(spec.stateOrder)
            output.line("), fallbacks applied.")
        } else {
            output.write("            /// The values in the `")
            output.write(spec.caseName)
            output.write("` appearance (a missing variant along its fallback chain): ")
            if spec.equalsFallback {
                output.write("the same as `")
                output.write(fallback)
                output.write("`")
            } else {
                output.write("`")
                output.write(fallback)
                output.write("` with the tables that differ")
            }
            output.line(".")
        }
        // {{#equalsFallback}}
        if spec.equalsFallback {
            output.write("            ")
            output.write(access)
            output.write("static let ")
            output.write(spec.specName)
            output.write(": Style = .")
            output.line(fallback)
            return
        }
        // {{^equalsFallback}}{{^isLight}}: the fallback's style with the tables that differ
        if !spec.isLight {
            output.write("            ")
            output.write(access)
            output.write("static let ")
            output.write(spec.specName)
            output.line(": Style = {")
            output.write("                var style = Style.")
            output.line(fallback)
            for set in spec.sets where !set.inherited {
                for attribute in set.attributes where !attribute.inherited {
                    output.write("                style.")
                    output.write(attribute.setPropertyName)
                    output.write(".")
                    output.write(attribute.propertyName)
                    output.write(" = .init(table: [")
                    output.write(attribute.table)
                    output.write("], own: ")
                    output.write(attribute.own)
                    output.write(")")
                    if let valuesLocation = attribute.valuesLocation {
                        output.write("  // ")
                        output.write(valuesLocation)
                    }
                    output.newline()
                }
            }
            output.line("                return style")
            output.line("            }()")
            return
        }
        // {{#isLight}}: every table
        output.write("            ")
        output.write(access)
        output.write("static let ")
        output.write(spec.specName)
        output.line(" = Style(")
        let lastSet = spec.sets.count - 1
        for (setPosition, set) in spec.sets.enumerated() {
            if set.inherited {
                // {{label}}: Style.{{fallbackSpecName}}.{{propertyName}}{{^@last}},{{/@last}}
                output.write("                ")
                output.write(set.label)
                output.write(": Style.")
                output.write(fallback)
                output.write(".")
                output.write(set.propertyName)
                if setPosition != lastSet { output.write(",") }
                output.newline()
                continue
            }
            output.write("                ")
            output.write(set.label)
            output.write(": ")
            output.write(module)
            output.write(".")
            output.write(set.typeName)
            output.line("<State>(")
            let lastAttribute = set.attributes.count - 1
            for (attributePosition, attribute) in set.attributes.enumerated() {
                // {{label}}: .init(table: [{{table}}], own: {{own}}){{^@last}},{{/@last}}{{#valuesLocation}}  // {{.}}{{/valuesLocation}}
                output.write("                    ")
                output.write(attribute.label)
                output.write(": .init(table: [")
                output.write(attribute.table)
                output.write("], own: ")
                output.write(attribute.own)
                output.write(")")
                if attributePosition != lastAttribute { output.write(",") }
                if let valuesLocation = attribute.valuesLocation {
                    output.write("  // ")
                    output.write(valuesLocation)
                }
                output.newline()
            }
            output.write("                )")
            if setPosition != lastSet { output.write(",") }
            output.newline()
        }
        output.line("            )")
    }
}
