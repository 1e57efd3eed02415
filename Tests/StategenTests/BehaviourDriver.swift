import Foundation

@testable import StategenCore

/// Writes a client program for a spec's generated code, and the output it must print, from the
/// checked spec alone: every (state, event) pair of every kind (target, `canSend`, `send`'s
/// outcome, the table, `events(allowedIn:)`), every attribute's resolved value in every state
/// (its fallback chain), the Codable round trip of states and events, the selection witnesses,
/// the control-state conversions for all 16 UIKit flag sets, the UIKit setters called by
/// `apply(to:)` on the stub controls, and the SwiftUI initializers.
///
/// The program imports the generated code as the module `Generated`, so it sees the public API
/// only; its checking functions are `nonisolated`, so that they fail to compile if any generated
/// API they call were isolated to the main actor. Names and values are printed as their Unicode
/// scalars in hexadecimal, so that any text compares exactly, line by line.
struct BehaviourDriver {
    let spec: CheckedSpec
    /// The template context the generated code came from: the Swift names of everything.
    let context: TemplateValue

    var module: String { context["module"]?.string ?? "" }

    // MARK: The client program

    /// Whether some attribute of the spec is a font (the namespace then has `Font`).
    var usesFonts: Bool {
        spec.controls.contains { $0.attributeSets.contains { $0.attributes.contains { $0.type == .font } } }
    }

    /// `render(_:)` for the generated `Font`, as `render(_ value: AttributeValue)` writes a font.
    var fontRender: String {
        #"nonisolated func render(_ value: NS.Font) -> String { "f:\(value.textStyle.rawValue).\(value.weight?.rawValue ?? "-").\(value.design.rawValue).\(value.size.map { String($0.bitPattern, radix: 16) } ?? "-")" }"#
    }

    var source: String {
        var out = """
            import Foundation
            import Generated
            #if canImport(UIKit)
            import UIKit
            #endif
            #if canImport(SwiftUI)
            import SwiftUI
            #endif

            typealias NS = \(module)

            nonisolated func hex(_ text: String) -> String {
                text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ".")
            }
            nonisolated func render(_ value: String) -> String { "s:" + hex(value) }
            nonisolated func render(_ value: Int) -> String { "i:\\(value)" }
            nonisolated func render(_ value: Double) -> String { "d:" + String(value.bitPattern, radix: 16) }
            nonisolated func render(_ value: Bool) -> String { "b:\\(value)" }
            nonisolated func render(_ value: NS.Color) -> String {
                "c:" + [value.red, value.green, value.blue, value.alpha]
                    .map { String(Int(($0 * 255).rounded()), radix: 16) }.joined(separator: ".")
            }
            \(usesFonts ? fontRender : "")
            nonisolated func name<S>(_ outcome: NS.Outcome<S>) -> String {
                switch outcome {
                case .moved: "moved"
                case .ignored: "ignored"
                case .rejected: "rejected"
                }
            }
            nonisolated func check(_ condition: Bool, _ message: String) {
                if !condition { print("FAILED \\(message)") }
            }

            nonisolated func checkKind<K: NS.ControlKind>(_: K.Type, _ kind: String) where K.State: Codable, K.Event: Codable {
                print("K \\(kind) initial \\(hex(K.initialState.rawValue))")
                let states = Array(K.State.allCases)
                let events = Array(K.Event.allCases)
                var handled = 0
                for state in states {
                    for event in events {
                        let target = K.target(from: state, on: event)
                        var machine = NS.Machine<K>(state: state)
                        let canSend = machine.canSend(event)
                        let outcome = machine.send(event)
                        check(canSend == (target != nil), "\\(kind) canSend")
                        check(K.handles(event, in: state) == (target != nil), "\\(kind) handles")
                        check(K.resultingState(from: state, on: event) == (target ?? state), "\\(kind) resultingState")
                        if let target {
                            handled += 1
                            check(outcome == .moved(from: state, to: target) && machine.state == target, "\\(kind) moved")
                        } else {
                            check(machine.state == state, "\\(kind) stays")
                        }
                        print("T \\(kind) \\(hex(state.rawValue)) \\(hex(event.rawValue)) \\(target.map { hex($0.rawValue) } ?? "-") \\(name(outcome))")
                    }
                    let allowed = events.filter { K.target(from: state, on: $0) != nil }
                    check(K.events(allowedIn: state) == allowed, "\\(kind) events(allowedIn:)")
                    check(NS.Machine<K>(state: state).allowedEvents == allowed, "\\(kind) allowedEvents")
                }
                check(K.transitions.count == handled, "\\(kind) table size")
                for row in K.transitions {
                    check(K.target(from: row.source, on: row.event) == row.target, "\\(kind) table row")
                }
                let keys = K.transitions.map { [states.firstIndex(of: $0.source) ?? -1, events.firstIndex(of: $0.event) ?? -1] }
                check(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }, "\\(kind) table order")
                check(NS.Machine<K>().state == K.initialState, "\\(kind) new machine")
                do {
                    let stateData = try JSONEncoder().encode(states)
                    check(try JSONDecoder().decode([K.State].self, from: stateData) == states, "\\(kind) states decode")
                    let stateNames = try JSONDecoder().decode([String].self, from: stateData)
                    let eventData = try JSONEncoder().encode(events)
                    check(try JSONDecoder().decode([K.Event].self, from: eventData) == events, "\\(kind) events decode")
                    let eventNames = try JSONDecoder().decode([String].self, from: eventData)
                    print("C \\(kind) \\(stateNames.map(hex).joined(separator: ",")) \\(eventNames.map(hex).joined(separator: ","))")
                } catch {
                    print("FAILED \\(kind) Codable: \\(error)")
                }
            }

            nonisolated func jsonCoders() -> (JSONEncoder, JSONDecoder) {
                let encoder = JSONEncoder()
                encoder.nonConformingFloatEncodingStrategy = .convertToString(
                    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                let decoder = JSONDecoder()
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                return (encoder, decoder)
            }

            /// Encodes a set's values, decodes them back, and prints the keys: the spec's
            /// attribute names, and for each attribute the names of the states with a value.
            /// A value set without `normal`, or with a key that is no state, must not decode.
            nonisolated func checkSetCoding<T: Codable>(_ set: T, _ kind: String) {
                let (encoder, decoder) = jsonCoders()
                do {
                    let data = try encoder.encode(set)
                    let decoded = try decoder.decode(T.self, from: data)
                    check(String(reflecting: decoded) == String(reflecting: set), "\\(kind) set round trip")
                    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                        return print("FAILED \\(kind) set JSON is no object")
                    }
                    print("J \\(kind) \\(object.keys.sorted().map(hex).joined(separator: ","))")
                    var extra = object
                    extra["no such attribute"] = 0
                    let unknownAttribute = try JSONSerialization.data(withJSONObject: extra)
                    check((try? decoder.decode(T.self, from: unknownAttribute)) == nil, "\\(kind) unknown attribute decodes")
                    for attribute in object.keys.sorted() {
                        guard var values = object[attribute] as? [String: Any] else {
                            print("FAILED \\(kind) values JSON is no object")
                            continue
                        }
                        print("V \\(kind) \\(hex(attribute)) \\(values.keys.sorted().map(hex).joined(separator: ","))")
                        var broken = object
                        broken[attribute] = values.merging(["no such state": values["normal"] ?? 0]) { a, _ in a }
                        let unknown = try JSONSerialization.data(withJSONObject: broken)
                        check((try? decoder.decode(T.self, from: unknown)) == nil, "\\(kind) unknown state decodes")
                        values["normal"] = nil
                        broken[attribute] = values
                        let missing = try JSONSerialization.data(withJSONObject: broken)
                        check((try? decoder.decode(T.self, from: missing)) == nil, "\\(kind) missing normal decodes")
                    }
                } catch {
                    print("FAILED \\(kind) set coding: \\(error)")
                }
            }

            /// A colour's components, as `render(_: NS.Color)` writes them; `nil` when unset.
            nonisolated func colorText(_ components: [CGFloat]?) -> String {
                guard let components else { return "nil" }
                return "c:" + components.map { String(Int((Double($0) * 255).rounded()), radix: 16) }.joined(separator: ".")
            }
            nonisolated func colorText(_ components: [Double]?) -> String { colorText(components?.map { CGFloat($0) }) }

            nonisolated func checkSelectable<K: NS.SelectableControlKind>(_: K.Type, _ kind: String) {
                let selected = K.State.allCases.filter { K.isSelected($0) }
                print("S \\(kind) \\(selected.map { hex($0.rawValue) }.joined(separator: ","))")
            }


            """
        if context["hasColors"] == .bool(true) {
            out += """
                let quarter = NS.Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.125)
                #if canImport(SwiftUI)
                check(quarter.swiftUIColor.components == [0.25, 0.5, 0.75, 0.125], "swiftUIColor")
                #endif
                #if canImport(UIKit)
                check(quarter.uiColor.components == [0.25, 0.5, 0.75, 0.125], "uiColor")
                #endif

                """
        }
        for control in controls {
            out += "checkKind(NS.\(control.typeName).self, \"\(control.key)\")\n"
            if control.checked.supportsSelection {
                out += "checkSelectable(NS.\(control.typeName).self, \"\(control.key)\")\n"
                var witnesses: [String] = []
                if spec.selectedState != nil { witnesses.append("NS.\(control.typeName).selectedState.rawValue") }
                if spec.selectEvent != nil { witnesses.append("NS.\(control.typeName).selectEvent.rawValue") }
                if spec.deselectEvent != nil { witnesses.append("NS.\(control.typeName).deselectEvent.rawValue") }
                if !witnesses.isEmpty {
                    out +=
                        "print(\"R \(control.key) \" + [\(witnesses.joined(separator: ", "))].map(hex).joined(separator: \",\"))\n"
                }
            }
            out += attributeChecks(control)
            if control.checked.hasControlStates { out += flagChecks(control) }
            out += roleChecks(control)
        }
        return out
    }

    /// The generated `Appearance` cases other than light, as a Swift array literal (`[]` for a
    /// spec without appearances, whose sets have no `spec(for:)`).
    var appearanceList: String {
        "[" + spec.appearances.filter { $0 != .light }.map { "NS.Appearance.\($0.rawValue)" }.joined(separator: ", ")
            + "] as [NS.Appearance]"
    }

    func attributeChecks(_ control: Control) -> String {
        var out = ""
        for set in control.context["attributeSets"]?.list ?? [] {
            let setType = "NS.\(control.typeName).\(set["typeName"]?.string ?? "")"
            let setProperty = set["propertyName"]?.string ?? ""
            out += "checkSetCoding(\(setType).spec, \"\(control.key)\")\n"
            for attribute in set["attributes"]?.list ?? [] {
                let property = attribute["propertyName"]?.string ?? ""
                if spec.appearances.count > 1 {
                    out += """
                        for appearance in \(appearanceList) {
                            for state in NS.\(control.typeName).State.allCases {
                                print("P \(control.key) \(attribute["name"]?.string.map(hex) ?? "") \\(appearance) \\(hex(state.rawValue)) \\(render(NS.\(control.typeName).Style.spec(for: appearance).\(setProperty).\(property)[state]))")
                            }
                        }

                        """
                }
                out += """
                    for state in NS.\(control.typeName).State.allCases {
                        let value = render(\(setType).spec.\(property)[state])
                        check(render(\(setType).spec.resolved(for: state).\(property)) == value, "resolved")
                        print("A \(control.key) \(attribute["name"]?.string.map(hex) ?? "") \\(hex(state.rawValue)) \\(value)")
                    }

                    """
            }
        }
        for apply in control.context["uikitApplies"]?.list ?? [] {
            let setType = "NS.\(control.typeName).\(apply["setTypeName"]?.string ?? "")"
            out += """
                #if canImport(UIKit)
                do {
                    let control = UIKit.\(apply["controlClass"]?.string ?? "")()
                    \(setType).spec.apply(to: control)
                    for call in control.recordedCalls { print("U \(control.key) \(apply["controlClass"]?.string ?? "") \\(call)") }
                }
                #endif

                """
        }
        return out
    }

    func flagChecks(_ control: Control) -> String {
        let state = "NS.\(control.typeName).State"
        var out = """
            for rawValue: UInt in 0..<16 {
                let state = \(state)(controlStateFlags: NS.ControlStateFlags(rawValue: rawValue))
                print("F \(control.key) \\(rawValue) \\(hex(state.rawValue))")
                #if canImport(UIKit)
                check(\(state)(uiControlState: UIKit.UIControl.State(rawValue: rawValue)) == state, "uiControlState")
                #endif
            }
            for rawValue: UInt in [\(Self.maskCombinations(control.checked).map(String.init).joined(separator: ", "))] {
                print("M \(control.key) \\(rawValue) \\(hex(\(state)(controlStateFlags: NS.ControlStateFlags(rawValue: rawValue)).rawValue))")
            }
            for state in \(state).allCases {
                check(\(state)(controlStateFlags: state.controlStateFlags) == state, "flags round trip")
                print("G \(control.key) \\(hex(state.rawValue)) \\(state.controlStateFlags.rawValue)")
                #if canImport(UIKit)
                check(state.uiControlState.rawValue == state.controlStateFlags.rawValue, "uiControlState raw")
                check(\(state)(uiControlState: state.uiControlState) == state, "uiControlState round trip")
                #endif
            }

            """
        let mask = TemplateContextBuilder.mask(of: control.checked).filter { !$0.isApplicationBit }
        let swiftUI = control.context["swiftUI"]
        if !mask.isEmpty {
            let labels = mask.map { TemplateContextBuilder.swiftUIParameter($0).label }
            let arguments = labels.enumerated().map { "\($0.element): bits & \(1 << $0.offset) != 0" }
            out += """
                #if canImport(SwiftUI)
                for bits in 0..<\(1 << mask.count) {
                    let state = \(state)(\(arguments.joined(separator: ", ")))
                    print("W \(control.key) \\(bits) \\(hex(state.rawValue))")

                """
            if mask.contains(.highlighted), swiftUI?["buttonStyle"].map({ !$0.isFalsey }) ?? false {
                let rest = labels.enumerated().filter { $0.element != "isPressed" }
                    .map { "\($0.element): bits & \(1 << $0.offset) != 0" }
                let configuration = "SwiftUI.ButtonStyleConfiguration(isPressed: bits & 1 != 0)"
                let arguments = ([configuration] + rest).joined(separator: ", ")
                out += "    check(\(state)(\(arguments)) == state, \"button style\")\n"
            }
            if let index = mask.firstIndex(of: .selected), swiftUI?["toggleStyle"].map({ !$0.isFalsey }) ?? false {
                let rest = labels.enumerated().filter { $0.element != "isOn" }
                    .map { "\($0.element): bits & \(1 << $0.offset) != 0" }
                let configuration = "SwiftUI.ToggleStyleConfiguration(isOn: bits & \(1 << index) != 0)"
                let arguments = ([configuration] + rest).joined(separator: ", ")
                out += "    check(\(state)(\(arguments)) == state, \"toggle style\")\n"
            }
            out += "}\n#endif\n"
        }
        return out
    }

    // MARK: Roles

    /// An attribute with a role, and its path in the kind's `Style.Resolved`.
    struct RoleAttribute {
        var attribute: CheckedAttribute
        var role: AttributeRole
        var path: String
    }

    /// The attributes of a kind that have a role, in set order.
    func roleAttributes(_ control: Control) -> [RoleAttribute] {
        zip(control.checked.attributeSets, control.context["attributeSets"]?.list ?? []).flatMap { set, context in
            zip(set.attributes, context["attributes"]?.list ?? []).compactMap { attribute, attributeContext in
                attribute.role.map {
                    RoleAttribute(
                        attribute: attribute, role: $0,
                        path: (context["propertyName"]?.string ?? "") + "."
                            + (attributeContext["propertyName"]?.string ?? ""))
                }
            }
        }
    }

    /// The roles SwiftUI shows (a corner radius alone rounds nothing).
    static let swiftUIRoles: Set<AttributeRole> = [.font, .foreground, .background, .borderWidth, .tint]

    /// The client's checks of the application helpers: every state's spec values applied
    /// through `Style.Resolved.apply(to:)` to the kind's stub UIKit control (`Y` lines: the
    /// properties the stub shows) and through SwiftUI's `style(_:)` (`Z` lines: what the stub
    /// renderer saw); a font is checked in the program. The kind's `ButtonStyle` and
    /// `ToggleStyle` must draw, for every combination of SwiftUI's flags, what `style(_:)` draws
    /// for the state those flags give.
    func roleChecks(_ control: Control) -> String {
        let roles = roleAttributes(control)
        guard !roles.isEmpty else { return "" }
        let kind = "NS.\(control.typeName)"
        let font = roles.first { $0.role == .font }
        var out = ""
        if let controlClass = control.checked.uikitClass, TemplateContextBuilder.takesRoles(controlClass) {
            var fields = [
                "colorText(control.backgroundColor?.components)", "colorText(control.tintColor?.components)",
                "render(Double(control.layer.cornerRadius))", "render(Double(control.layer.borderWidth))",
                "colorText(control.layer.borderColor?.components)",
            ]
            var fontCheck = ""
            switch controlClass {
            case .UISwitch: fields.append("colorText(control.onTintColor?.components)")
            case .UIButton:
                fields.append("colorText(control.titleColor(for: control.state)?.components)")
                if let font {
                    fontCheck =
                        "check(control.titleLabel?.font?.fontDescriptor.stubTextStyle == resolved.\(font.path).uiFont.fontDescriptor.stubTextStyle && control.titleLabel?.font?.fontDescriptor.stubWeight == resolved.\(font.path).uiFont.fontDescriptor.stubWeight, \"title font\")"
                }
            case .UITextField:
                fields.append("colorText(control.textColor?.components)")
                if let font {
                    fontCheck =
                        "check(control.font?.fontDescriptor.stubTextStyle == resolved.\(font.path).uiFont.fontDescriptor.stubTextStyle && control.font?.fontDescriptor.stubWeight == resolved.\(font.path).uiFont.fontDescriptor.stubWeight, \"text font\")"
                }
            default: break
            }
            out += """
                #if canImport(UIKit)
                MainActor.assumeIsolated {
                    for state in \(kind).State.allCases {
                        let control = UIKit.\(controlClass.rawValue)()
                        let resolved = \(kind).Style.spec.resolved(for: state)
                        resolved.apply(to: control)
                        \(fontCheck)
                        print("Y \(control.key) \\(hex(state.rawValue)) " + [\(fields.joined(separator: ", "))].joined(separator: " "))
                    }
                }
                #endif

                """
        }
        guard roles.contains(where: { Self.swiftUIRoles.contains($0.role) }) else { return out }
        let fontCheck = font.map { "check(drawn.font == resolved.\($0.path).swiftUIFont, \"SwiftUI font\")" } ?? ""
        out += """
            #if canImport(SwiftUI)
            MainActor.assumeIsolated {
                SwiftUI.EnvironmentValues.stubCurrent = SwiftUI.EnvironmentValues()
                let label = SwiftUI.ButtonStyleConfiguration(isPressed: false).label
                for state in \(kind).State.allCases {
                    let resolved = \(kind).Style.spec.resolved(for: state)
                    let drawn = SwiftUI.stubRender(label.style(resolved))
                    \(fontCheck)
                    let background = colorText(drawn.background?.color.components) + " " + (drawn.background.map { render(Double($0.cornerRadius)) } ?? "nil")
                    let border = drawn.border.map { colorText($0.color.components) + " " + render(Double($0.lineWidth)) + " " + render(Double($0.cornerRadius)) } ?? "nil"
                    print("Z \(control.key) \\(hex(state.rawValue)) \\(background) \\(colorText(drawn.foreground?.components)) \\(colorText(drawn.tint?.components)) \\(border)")
                }

            """
        if let style = control.context["swiftUIRoles"], control.checked.hasControlStates {
            let mask = TemplateContextBuilder.mask(of: control.checked).filter { !$0.isApplicationBit }
            let labels = mask.map { TemplateContextBuilder.swiftUIParameter($0).label }
            func bit(_ label: String) -> String {
                labels.firstIndex(of: label).map { "bits & \(1 << $0) != 0" } ?? "false"
            }
            let arguments = labels.map { "\($0): \(bit($0))" }.joined(separator: ", ")
            let environment = """
                        SwiftUI.EnvironmentValues.stubCurrent.isEnabled = \(labels.contains("isEnabled") ? bit("isEnabled") : "true")
                        SwiftUI.EnvironmentValues.stubCurrent.isFocused = \(bit("isFocused"))
                        SwiftUI.EnvironmentValues.stubCurrent.stubIsPressed = \(bit("isPressed"))
                        let direct = SwiftUI.stubRender(label.style(\(kind).Style.spec.resolved(for: \(kind).State(\(arguments)))))
                """
            if let button = style["buttonStyle"], !button.isFalsey {
                let isOn = button["takesIsOn"] == .bool(true) ? "isOn: \(bit("isOn"))" : ""
                out += """
                        for bits in 0..<\(1 << mask.count) {
                    \(environment)
                            let styled = SwiftUI.stubRender(\(kind).ButtonStyle(\(isOn)).makeBody(configuration: SwiftUI.ButtonStyleConfiguration(isPressed: \(bit("isPressed")))))
                            check(styled.modifiers == direct.modifiers && styled.font == direct.font, "ButtonStyle draws the state of its flags")
                        }

                    """
            }
            if let toggle = style["toggleStyle"], !toggle.isFalsey {
                out += """
                        for bits in 0..<\(1 << mask.count) {
                    \(environment)
                            let configuration = SwiftUI.ToggleStyleConfiguration(isOn: \(bit("isOn")))
                            let styled = SwiftUI.stubRender(\(kind).ToggleStyle().makeBody(configuration: configuration))
                            check(styled.modifiers == direct.modifiers && styled.font == direct.font, "ToggleStyle draws the state of its flags")
                            styled.actions.first?()
                            check(configuration.isOn != (\(bit("isOn"))), "a tap flips isOn")
                        }

                    """
            }
        }
        out += """
                SwiftUI.EnvironmentValues.stubCurrent = SwiftUI.EnvironmentValues()
            }
            #endif

            """
        return out
    }

    /// The `Y` and `Z` lines `roleChecks(_:)` makes the program print, from the checked spec.
    func expectedRoleLines(_ control: Control, withUIKit: Bool, withSwiftUI: Bool) -> [String] {
        let roles = roleAttributes(control)
        guard !roles.isEmpty else { return [] }
        var lines: [String] = []
        func value(_ role: AttributeRole, _ state: CheckedState) -> AttributeValue? {
            roles.first { $0.role == role }.map { resolved($0.attribute, state) }
        }
        func text(_ value: AttributeValue?) -> String { value.map(render) ?? "nil" }
        let zero = render(.double(0))
        let black = render(.color(RGBAColor(red: 0, green: 0, blue: 0)))
        if withUIKit, let controlClass = control.checked.uikitClass, TemplateContextBuilder.takesRoles(controlClass) {
            for state in control.checked.states {
                var fields = [
                    text(value(.background, state)), text(value(.tint, state)),
                    value(.cornerRadius, state).map(render) ?? zero, value(.borderWidth, state).map(render) ?? zero,
                    value(.borderColor, state).map(render) ?? black,
                ]
                switch controlClass {
                case .UISwitch: fields.append(text(value(.tint, state)))
                case .UIButton, .UITextField: fields.append(text(value(.foreground, state)))
                default: break
                }
                lines.append("Y \(control.key) \(hex(state.name.value)) " + fields.joined(separator: " "))
            }
        }
        if withSwiftUI, roles.contains(where: { Self.swiftUIRoles.contains($0.role) }) {
            for state in control.checked.states {
                let radius = value(.cornerRadius, state).map(render) ?? zero
                let background = value(.background, state).map { render($0) + " " + radius } ?? "nil nil"
                let border =
                    value(.borderWidth, state).map {
                        (value(.borderColor, state).map(render) ?? black) + " " + render($0) + " " + radius
                    } ?? "nil"
                lines.append(
                    "Z \(control.key) \(hex(state.name.value)) \(background) \(text(value(.foreground, state))) \(text(value(.tint, state))) \(border)"
                )
            }
        }
        return lines
    }

    // MARK: What it must print

    /// The lines the program prints; `withUIKit` and `withSwiftUI` say whether the stub modules
    /// were importable.
    func expectedOutput(withUIKit: Bool, withSwiftUI: Bool) -> String {
        var lines: [String] = []
        let outcome = spec.unhandledEvents == .reject ? "rejected" : "ignored"
        for control in controls {
            let kind = control.key
            let checked = control.checked
            lines.append("K \(kind) initial \(hex(checked.initialState))")
            for state in checked.states {
                for event in checked.events {
                    let row = checked.transitions.first {
                        $0.source == state.name.value && $0.event == event.name.value
                    }
                    lines.append(
                        "T \(kind) \(hex(state.name.value)) \(hex(event.name.value)) \(row.map { hex($0.target) } ?? "-") \(row == nil ? outcome : "moved")"
                    )
                }
            }
            lines.append(
                "C \(kind) \(checked.states.map { hex($0.name.value) }.joined(separator: ",")) \(checked.events.map { hex($0.name.value) }.joined(separator: ","))"
            )
            if checked.supportsSelection {
                lines.append(
                    "S \(kind) \(checked.states.filter(\.requiresSelection).map { hex($0.name.value) }.joined(separator: ","))"
                )
                let witnesses = [spec.selectedState, spec.selectEvent, spec.deselectEvent].compactMap { $0 }
                if !witnesses.isEmpty { lines.append("R \(kind) \(witnesses.map(hex).joined(separator: ","))") }
            }
            for set in checked.attributeSets {
                lines.append("J \(kind) \(set.attributes.map(\.name.value).sorted().map(hex).joined(separator: ","))")
                for attribute in set.attributes.sorted(by: { $0.name.value < $1.name.value }) {
                    let states = attribute.values.map(\.state).sorted().map(hex).joined(separator: ",")
                    lines.append("V \(kind) \(hex(attribute.name.value)) \(states)")
                }
                for attribute in set.attributes {
                    for appearance in spec.appearances where appearance != .light {
                        for state in checked.states {
                            let value = resolved(attribute, state, appearance: appearance)
                            lines.append(
                                "P \(kind) \(hex(attribute.name.value)) \(appearance.rawValue) \(hex(state.name.value)) \(render(value))"
                            )
                        }
                    }
                    for state in checked.states {
                        lines.append(
                            "A \(kind) \(hex(attribute.name.value)) \(hex(state.name.value)) \(render(resolved(attribute, state)))"
                        )
                    }
                }
            }
            if withUIKit && checked.hasControlStates {
                lines += expectedUIKitCalls(checked, kind: kind)
            }
            if checked.hasControlStates {
                let mask = TemplateContextBuilder.mask(of: checked).filter { !$0.isApplicationBit }
                for rawValue in 0..<16 {
                    let flags = ControlStateFlag.allCases.filter { UInt(rawValue) & $0.bit != 0 && mask.contains($0) }
                    lines.append("F \(kind) \(rawValue) \(hex(Self.state(for: flags, in: checked)))")
                }
                // Every combination of the kind's own flags, application bits included.
                for rawValue in Self.maskCombinations(checked) {
                    let flags = ControlStateFlag.allCases.filter { rawValue & $0.bit != 0 }
                    lines.append("M \(kind) \(rawValue) \(hex(Self.state(for: flags, in: checked)))")
                }
                for state in checked.states {
                    lines.append(
                        "G \(kind) \(hex(state.name.value)) \((state.controlState ?? []).reduce(0) { $0 | $1.bit })")
                }
                if withSwiftUI && !mask.isEmpty {
                    for bits in 0..<(1 << mask.count) {
                        let flags = mask.enumerated().filter { offset, flag in
                            // isEnabled is the opposite of disabled.
                            (bits & (1 << offset) != 0) != (flag == .disabled)
                        }.map(\.element)
                        lines.append("W \(kind) \(bits) \(hex(Self.state(for: flags, in: checked)))")
                    }
                }
            }
            lines += expectedRoleLines(control, withUIKit: withUIKit, withSwiftUI: withSwiftUI)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    func expectedUIKitCalls(_ checked: CheckedControl, kind: String) -> [String] {
        var lines: [String] = []
        let combinations = TemplateContextBuilder.combinations(of: TemplateContextBuilder.reportableFlags(of: checked))
        for set in checked.attributeSets {
            var classes: [UIKitControlClass] = []
            for attribute in set.attributes {
                if let uikit = attribute.uikit {
                    let controlClass = checked.uikitClass ?? uikit.controlClasses[0]
                    if !classes.contains(controlClass) { classes.append(controlClass) }
                }
            }
            for controlClass in classes {
                for combination in combinations {
                    let rawValue = combination.reduce(0) { $0 | $1.bit }
                    let state = checked.states.first { $0.name.value == Self.state(for: combination, in: checked) }
                    for attribute in set.attributes {
                        guard let uikit = attribute.uikit,
                            checked.uikitClass ?? uikit.controlClasses[0] == controlClass,
                            let state
                        else {
                            continue
                        }
                        let value = resolved(attribute, state)
                        let text: String
                        switch (uikit.conversion, value) {
                        case (.string, .string(let s)): text = hex(s)
                        case (.color, .color(let c)):
                            text = "UIColor(" + (c.displayP3 == nil ? "" : "displayP3 ") + Self.componentText(c) + ")"
                        case (.namedImage, .string(let s)): text = "UIImage(named:\(hex(s)))"
                        case (.systemImage, .string(let s)): text = "UIImage(systemName:\(hex(s)))"
                        default: text = "?"
                        }
                        let call =
                            uikit == .titleColor && controlClass != .UIButton
                            ? "setTitleTextAttributes(NSColor=\(text))" : "\(uikit.setter)(\(text))"
                        lines.append("U \(kind) \(controlClass.rawValue) \(call) for \(rawValue)")
                    }
                }
            }
        }
        return lines
    }

    /// The documented rule, written out by brute force: among the states whose flags are all in
    /// `flags`, the one with the most flags; between two with as many, the one whose flags rank
    /// higher by precedence (disabled, highlighted, selected, focused); `normal` when none.
    /// The raw values of every combination of the flags the kind's states have.
    static func maskCombinations(_ control: CheckedControl) -> [UInt] {
        TemplateContextBuilder.combinations(of: TemplateContextBuilder.mask(of: control)).map {
            TemplateContextBuilder.rawValue($0)
        }
    }

    static func state(for flags: [ControlStateFlag], in control: CheckedControl) -> String {
        let candidates = control.states.filter { state in
            guard let own = state.controlState, !own.isEmpty else { return false }
            return Set(own).isSubset(of: Set(flags))
        }
        let best = candidates.max { a, b in
            let ra = [a.controlState!.count] + a.controlState!.map(\.precedence).sorted(by: >)
            let rb = [b.controlState!.count] + b.controlState!.map(\.precedence).sorted(by: >)
            return ra.lexicographicallyPrecedes(rb)
        }
        return best?.name.value ?? SpecValidator.normalState
    }

    /// The value of `attribute` in `state`: the state's own, else the first along its chain.
    func resolved(_ attribute: CheckedAttribute, _ state: CheckedState, appearance: Appearance = .light)
        -> AttributeValue
    {
        let values = appearance == .light ? attribute.values : attribute.appearanceValues[appearance] ?? []
        for name in [state.name.value] + state.fallbackChain {
            if let value = values.first(where: { $0.state == name })?.value { return value }
        }
        return .string("<none>")
    }

    func render(_ value: AttributeValue) -> String {
        switch value {
        case .string(let text): "s:" + hex(text)
        case .int(let number): "i:\(number)"
        case .double(let number): "d:" + String(number.bitPattern, radix: 16)
        case .bool(let flag): "b:\(flag)"
        case .color(let c): "c:" + Self.componentText(c)
        case .font(let f):
            "f:\(f.textStyle.rawValue).\(f.weight?.rawValue ?? "-").\(f.design.rawValue).\(f.size.map { String($0.bitPattern, radix: 16) } ?? "-")"
        }
    }

    func hex(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ".")
    }

    // MARK: Kinds

    struct Control {
        var checked: CheckedControl
        var context: TemplateValue
        /// The kind's Swift type name.
        var typeName: String
        /// How the output names the kind: its spec name in hexadecimal.
        var key: String
    }

    var controls: [Control] {
        zip(spec.controls, context["controls"]?.list ?? []).map { checked, context in
            Control(
                checked: checked, context: context, typeName: context["typeName"]?.string ?? "",
                key: hex(checked.name.value))
        }
    }
}

extension TemplateValue {
    subscript(key: String) -> TemplateValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var list: [TemplateValue]? {
        if case .list(let items) = self { return items }
        if case .lazyList(let list) = self { return list.elements }
        return nil
    }
}

extension BehaviourDriver {
    /// The components the generated `Color` holds, as the driven code prints them (each × 255,
    /// rounded, in hexadecimal): a Display P3 colour's P3 components, else its 8-bit sRGB ones.
    static func componentText(_ c: RGBAColor) -> String {
        let parts: [Int] =
            c.displayP3.map { p3 in [p3.red, p3.green, p3.blue].map { Int(($0 * 255).rounded()) } }
            ?? [Int(c.red), Int(c.green), Int(c.blue)]
        return (parts + [Int(c.alpha)]).map { String($0, radix: 16) }.joined(separator: ".")
    }
}
