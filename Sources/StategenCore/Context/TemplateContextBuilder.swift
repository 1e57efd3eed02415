/// Builds the data the templates render from a ``CheckedSpec``: every identifier through
/// ``SwiftNamer``, every value as a Swift literal, every doc comment as lines. Templates hold
/// no logic beyond sections over this data; its schema is `docs/template-context.md`.
///
/// Reports names that have no Swift identifier and names that collide once converted
/// (`title-color` and `titleColor`, a kind `Button` and a kind `button`), pointing at both.
public struct TemplateContextBuilder {
    /// The version of the context's schema, `contextVersion` in the context; bumped when a
    /// key is removed or changes meaning.
    public static let contextVersion = 1

    /// Names the namespace itself declares or the generated code uses unqualified.
    static let reservedNamespaceMembers: Set<String> = ["Color", "Outcome"]
    /// Every name a module or a control kind may not take, with the reason.
    static var reservedTypeNames: [(name: String, reason: String)] {
        reservedNamespaceMembers.map { ($0, "the generated namespace declares '\($0)'") }
            + kindMemberTypes.map { ($0, "every control kind declares its own '\($0)' type") }
            + standardLibraryNames.map {
                ($0, "it would hide the Swift standard library's '\($0)' from the generated code")
            }
    }

    /// Types each control kind declares inside itself; a kind or module of the same name would
    /// be shadowed by them within the kind.
    static let kindMemberTypes: Set<String> = ["State", "Event", "Transition", "Machine", "Values"]
    /// Standard library names the generated code uses unqualified; a module or kind of the same
    /// name would shadow them.
    static let standardLibraryNames: Set<String> = [
        "Swift", "String", "Int", "Double", "Bool", "UInt32", "UInt8", "Hashable", "Equatable", "Sendable",
        "Codable", "Encodable", "Decodable", "CaseIterable", "Optional", "Array", "Never", "Error", "Encoder",
        "Decoder", "RawRepresentable",
    ]

    let diagnostics: DiagnosticCollector
    let namer = SwiftNamer()

    public init(diagnostics: DiagnosticCollector) {
        self.diagnostics = diagnostics
    }

    /// - Parameter specFile: how the generated code names its spec in comments (the spec's file
    ///   name, so that output does not depend on where the tool ran).
    /// - Returns: the context, or `nil` after reporting a naming error.
    public func build(_ spec: CheckedSpec, specFile rawSpecFile: String) -> TemplateValue? {
        // The file name goes into comments; a name can hold a line break.
        let specFile = SwiftLiteral.commentText(rawSpecFile)
        let errorsBefore = diagnostics.diagnostics.count { $0.severity == .error }
        let module = typeName(spec.module)
        let isPublic = spec.access == .public
        var moduleNames = NameTable(what: "module", diagnostics: diagnostics)
        var kindNames = NameTable(what: "control", diagnostics: diagnostics)
        for (name, reason) in Self.reservedTypeNames {
            moduleNames.reserve(name, because: reason)
            kindNames.reserve(name, because: reason)
        }
        moduleNames.claim(module, for: spec.module)
        kindNames.reserve(module, because: "it is the module's name, and 'X.X' would hide the namespace")
        let controls: [TemplateValue] = spec.controls.map { control in
            let name = typeName(control.name)
            kindNames.claim(name, for: control.name)
            return buildControl(control, typeName: name, module: module, specFile: specFile)
        }
        guard diagnostics.diagnostics.count(where: { $0.severity == .error }) == errorsBefore else { return nil }
        let accessModifier = spec.access == .internal ? "" : "\(spec.access.rawValue) "
        return .object([
            "contextVersion": .int(Self.contextVersion),
            "specFile": .string(specFile),
            "module": .string(module),
            "access": .string(spec.access.rawValue),
            "accessModifier": .string(accessModifier),
            "inlinable": .string(isPublic ? "@inlinable " : ""),
            "unhandledEvents": .string(spec.unhandledEvents.rawValue),
            "rejectsUnhandledEvents": .bool(spec.unhandledEvents == .reject),
            "docLines": lines(SwiftLiteral.docLines(spec.doc)),
            "hasDoc": .bool(!SwiftLiteral.docLines(spec.doc).isEmpty),
            "controls": .list(controls),
        ])
    }

    // MARK: Control kinds

    func buildControl(_ control: CheckedControl, typeName: String, module: String, specFile: String) -> TemplateValue {
        let kind = control.name.value
        var stateNames = NameTable(what: "state", diagnostics: diagnostics)
        var eventNames = NameTable(what: "event", diagnostics: diagnostics)
        var caseOf: [String: String] = [:]
        for state in control.states {
            let name = memberName(state.name)
            stateNames.claim(name, for: state.name)
            caseOf[state.name.value] = name
        }
        var eventCaseOf: [String: String] = [:]
        for event in control.events {
            let name = memberName(event.name)
            eventNames.claim(name, for: event.name)
            eventCaseOf[event.name.value] = name
        }
        func stateCase(_ name: String) -> String { caseOf[name] ?? name }
        func eventCase(_ name: String) -> String { eventCaseOf[name] ?? name }
        func bare(_ member: String) -> String {
            member.hasPrefix("`") ? String(member.dropFirst().dropLast()) : member
        }

        let states: [TemplateValue] = control.states.map { state in
            let chain = state.fallbackChain
            let own = stateCase(state.name.value)
            // `highlighted ?? normal`: the state's own value, then each fallback's, then normal's.
            let resolve = ([own] + chain.map(stateCase)).joined(separator: " ?? ")
            return .object([
                "name": .string(state.name.value),
                "caseName": .string(own),
                "needsRawValue": .bool(bare(own) != state.name.value),
                "rawValueLiteral": .string(SwiftLiteral.string(state.name.value)),
                "docLines": lines(SwiftLiteral.docLines(state.doc)),
                "hasDoc": .bool(!SwiftLiteral.docLines(state.doc).isEmpty),
                "location": .string(location(state.name.location, specFile)),
                "isNormal": .bool(state.name.value == SpecValidator.normalState),
                "isInitial": .bool(state.name.value == control.initialState),
                "requiresSelection": .bool(state.requiresSelection),
                "fallbackChain": .string(([state.name.value] + chain).joined(separator: " → ")),
                "resolveExpression": .string(resolve),
            ])
        }
        let events: [TemplateValue] = control.events.map { event in
            .object([
                "name": .string(event.name.value),
                "caseName": .string(eventCase(event.name.value)),
                "needsRawValue": .bool(bare(eventCase(event.name.value)) != event.name.value),
                "rawValueLiteral": .string(SwiftLiteral.string(event.name.value)),
                "docLines": lines(SwiftLiteral.docLines(event.doc)),
                "hasDoc": .bool(!SwiftLiteral.docLines(event.doc).isEmpty),
                "location": .string(location(event.name.location, specFile)),
                "requiresSelection": .bool(event.requiresSelection),
            ])
        }
        let transitions: [TemplateValue] = control.transitions.map { row in
            .object([
                "source": .string(stateCase(row.source)),
                "event": .string(eventCase(row.event)),
                "target": .string(stateCase(row.target)),
                "location": .string(location(row.location, specFile)),
                "isKindRow": .bool(row.isKindRow),
            ])
        }
        // One `case` per state for the exhaustive switch: its handled events, then the rest.
        let switchCases: [TemplateValue] = control.states.map { state in
            let rows = control.transitions.filter { $0.source == state.name.value }
            let handled = Set(rows.map(\.event))
            let unhandled = control.events.map(\.name.value).filter { !handled.contains($0) }
            return .object([
                "state": .string(stateCase(state.name.value)),
                "rows": .list(
                    rows.map { row in
                        .object(["event": .string(eventCase(row.event)), "target": .string(stateCase(row.target))])
                    }),
                "unhandledEvents": .string(unhandled.map { "." + bare(eventCase($0)) }.joined(separator: ", ")),
                "hasUnhandledEvents": .bool(!unhandled.isEmpty),
                "allowedEvents": .string(rows.map { "." + bare(eventCase($0.event)) }.joined(separator: ", ")),
            ])
        }

        // Set types end in `Attributes`, so they cannot take the kind's own member types
        // (`State`, `Event`, `Transition`, `Machine`, `Values`); they can collide with each other.
        var setNames = NameTable(what: "attribute set", diagnostics: diagnostics)
        let sets: [TemplateValue] = control.attributeSets.map { set in
            let stem = typeStem(set.name)
            let setType = stem + "Attributes"
            setNames.claim(setType, for: set.name)
            var propertyNames = NameTable(what: "attribute", diagnostics: diagnostics)
            let attributes: [TemplateValue] = set.attributes.map { attribute in
                let property = memberName(attribute.name)
                propertyNames.claim(property, for: attribute.name)
                let swiftType = Self.swiftType(attribute.type, module: module)
                let byState = Dictionary(uniqueKeysWithValues: attribute.values.map { ($0.state, $0.value) })
                let arguments = control.states.compactMap { state -> String? in
                    guard let value = byState[state.name.value] else { return nil }
                    return "\(bare(stateCase(state.name.value))): \(Self.literal(value, module: module))"
                }
                return .object([
                    "name": .string(attribute.name.value),
                    "propertyName": .string(property),
                    "type": .string(attribute.type.rawValue),
                    "swiftType": .string(swiftType),
                    "docLines": lines(SwiftLiteral.docLines(attribute.doc)),
                    "hasDoc": .bool(!SwiftLiteral.docLines(attribute.doc).isEmpty),
                    "location": .string(location(attribute.name.location, specFile)),
                    "defaultValues": .string("Values(\(arguments.joined(separator: ", ")))"),
                ])
            }
            return .object([
                "name": .string(set.name.value),
                "typeName": .string(setType),
                "docLines": lines(SwiftLiteral.docLines(set.doc)),
                "hasDoc": .bool(!SwiftLiteral.docLines(set.doc).isEmpty),
                "location": .string(location(set.name.location, specFile)),
                "attributes": .list(attributes),
            ])
        }

        return .object([
            "name": .string(kind),
            "typeName": .string(typeName),
            "docLines": lines(SwiftLiteral.docLines(control.doc)),
            "hasDoc": .bool(!SwiftLiteral.docLines(control.doc).isEmpty),
            "location": .string(location(control.name.location, specFile)),
            "supportsSelection": .bool(control.supportsSelection),
            "initialState": .string(stateCase(control.initialState)),
            "states": .list(states),
            "events": .list(events),
            "hasEvents": .bool(!control.events.isEmpty),
            "transitions": .list(transitions),
            "switchCases": .list(switchCases),
            "attributeSets": .list(sets),
            "hasAttributeSets": .bool(!sets.isEmpty),
        ])
    }

    // MARK: Values

    /// The Swift type of an attribute's values, fully qualified so that no generated or
    /// imported type can shadow it.
    static func swiftType(_ type: AttributeType, module: String) -> String {
        switch type {
        case .string: "Swift.String"
        case .int: "Swift.Int"
        case .double: "Swift.Double"
        case .bool: "Swift.Bool"
        case .color: "\(module).Color"
        }
    }

    /// A value as a Swift expression of its attribute's type.
    static func literal(_ value: AttributeValue, module: String) -> String {
        switch value {
        case .string(let text): SwiftLiteral.string(text)
        case .int(let number): "\(number)"
        case .double(let number): SwiftLiteral.double(number)
        case .bool(let flag): flag ? "true" : "false"
        case .color(let color):
            "\(module).Color(rgba: 0x\(hex(color.red))\(hex(color.green))\(hex(color.blue))\(hex(color.alpha)))"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    // MARK: Helpers

    func location(_ location: SourceLocation, _ specFile: String) -> String {
        "\(specFile):\(location.line)"
    }

    func lines(_ lines: [String]) -> TemplateValue {
        .list(lines.map { .string($0) })
    }

    func typeName(_ name: Located<String>) -> String {
        do {
            return try namer.typeName(name.value)
        } catch {
            diagnostics.error(
                "'\(name.value)' has no Swift type name: \(error)", at: name.location, rule: "invalid-name")
            return name.value
        }
    }

    func typeStem(_ name: Located<String>) -> String {
        do {
            return try namer.typeStem(name.value)
        } catch {
            diagnostics.error(
                "'\(name.value)' has no Swift type name: \(error)", at: name.location, rule: "invalid-name")
            return name.value
        }
    }

    func memberName(_ name: Located<String>) -> String {
        do {
            return try namer.memberName(name.value)
        } catch {
            diagnostics.error(
                "'\(name.value)' has no Swift member name: \(error)", at: name.location, rule: "invalid-name")
            return name.value
        }
    }
}

/// The identifiers taken in one Swift scope, to report two spec names that become one.
struct NameTable {
    let what: String
    let diagnostics: DiagnosticCollector
    private var taken: [String: Located<String>] = [:]
    private var reserved: [String: String] = [:]

    init(what: String, diagnostics: DiagnosticCollector) {
        self.what = what
        self.diagnostics = diagnostics
    }

    mutating func reserve(_ identifier: String, because reason: String) {
        reserved[identifier] = reason
    }

    /// Takes `identifier` for the spec name `name`, reporting a collision with an earlier one.
    mutating func claim(_ identifier: String, for name: Located<String>) {
        let key = identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
        if let reason = reserved[key] {
            diagnostics.error(
                "\(what) '\(name.value)' becomes the Swift name '\(key)', which is reserved: \(reason); rename it",
                at: name.location, rule: "name-collision")
        } else if let first = taken[key] {
            diagnostics.error(
                "\(what) '\(name.value)' becomes the Swift name '\(key)', as '\(first.value)' does; rename one of them",
                at: name.location, rule: "name-collision",
                notes: [.init("'\(first.value)' is declared here", at: first.location)])
        } else {
            taken[key] = name
        }
    }
}
