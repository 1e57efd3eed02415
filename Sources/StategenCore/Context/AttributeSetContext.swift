/// The context of the attribute sets: one shared generic type per set (`LabelAttributes<State>`
/// with its `ResolvedLabel` and `LabelStyled`), and per kind the `Style` that holds its sets with
/// the spec's values as tables, one value per state.
extension TemplateContextBuilder {
    /// The Swift names of one attribute set, the same for every kind that has it.
    struct SetNames {
        /// `LabelAttributes`, the generic struct.
        var typeName: String
        /// `ResolvedLabel`, the values of one state.
        var resolvedTypeName: String
        /// `LabelStyled`, the protocol of the styles that have the set.
        var protocolName: String
        /// `label`, the set's property in a kind's `Style`.
        var propertyName: String
        /// Attribute name → property name.
        var properties: [String: String]
    }

    /// Names every attribute set some kind has, claiming its three type names in the
    /// namespace (`kindNames`) and its property name among the sets, and each attribute's
    /// property name within its set.
    func nameAttributeSets(_ spec: CheckedSpec, kindNames: inout NameTable) -> [String: SetNames] {
        var result: [String: SetNames] = [:]
        var setProperties = NameTable(
            what: "attribute set", diagnostics: diagnostics, reserving: Self.reservedSetPropertyNames)
        for control in spec.controls {
            for set in control.attributeSets where result[set.name.value] == nil {
                let stem = typeStem(set.name)
                let names = SetNames(
                    typeName: stem + "Attributes", resolvedTypeName: "Resolved" + stem, protocolName: stem + "Styled",
                    propertyName: setPropertyName(set.name), properties: [:])
                // One report per set: its names share a stem.
                let before = diagnostics.diagnostics.count
                for type in [names.typeName, names.resolvedTypeName, names.protocolName]
                where diagnostics.diagnostics.count == before {
                    kindNames.claim(type, for: set.name, what: "attribute set")
                }
                if diagnostics.diagnostics.count == before { setProperties.claim(names.propertyName, for: set.name) }
                var attributeNames = NameTable(
                    what: "attribute", diagnostics: diagnostics, reserving: Self.reservedAttributeNames)
                var named = names
                for attribute in set.attributes {
                    let property = memberName(attribute.name)
                    attributeNames.claim(property, for: attribute.name)
                    named.properties[attribute.name.value] = property
                }
                result[set.name.value] = named
            }
        }
        return result
    }

    /// A set's property in a kind's `Style`: its member name (`label`), or for a name that
    /// cannot be a member (`self`, `init`) the name with `Attributes` (`selfAttributes`).
    func setPropertyName(_ name: Located<String>) -> String {
        if let member = try? namer.memberName(name.value) { return member }
        return memberName(Located(name.value + " attributes", at: name.location))
    }

    /// The shared types of the sets, in the order kinds first use them.
    func buildAttributeSetTypes(_ spec: CheckedSpec, shared: SharedNames) -> [TemplateValue] {
        var seen: Set<String> = []
        var result: [TemplateValue] = []
        for control in spec.controls {
            for set in control.attributeSets where seen.insert(set.name.value).inserted {
                guard let names = shared.sets[set.name.value] else { continue }
                let scaled = set.attributes.filter { $0.scaledBy != nil }
                result.append(
                    .object([
                        "name": .string(set.name.value),
                        "typeName": .string(names.typeName),
                        "resolvedTypeName": .string(names.resolvedTypeName),
                        "protocolName": .string(names.protocolName),
                        "propertyName": .string(names.propertyName),
                        "docLines": lines(SwiftLiteral.docLines(set.doc)),
                        "hasDoc": .bool(SwiftLiteral.hasDocLines(set.doc)),
                        "location": .string(location(set.name.location, shared.specFile)),
                        "hasAttributes": .bool(!set.attributes.isEmpty),
                        "attributes": .list(
                            set.attributes.map { attribute in
                                let property = names.properties[attribute.name.value] ?? attribute.name.value
                                return .object([
                                    "name": .string(attribute.name.value),
                                    "propertyName": .string(property),
                                    "label": .string(label(property)),
                                    "nameLiteral": .string(SwiftLiteral.string(attribute.name.value)),
                                    "type": .string(attribute.type.rawValue),
                                    "swiftType": .string(Self.swiftType(attribute.type, module: shared.module)),
                                    "docLines": lines(SwiftLiteral.docLines(attribute.doc)),
                                    "hasDoc": .bool(SwiftLiteral.hasDocLines(attribute.doc)),
                                    "location": .string(location(attribute.name.location, shared.specFile)),
                                    "uikit": attribute.uikit.map {
                                        .object(["signature": .string($0.signature(on: $0.controlClasses[0]))])
                                    } ?? .bool(false),
                                ])
                            }),
                        "roles": buildSetRoles(set, names: names),
                        "scaled": scaled.isEmpty
                            ? .bool(false)
                            : .object([
                                "dimensions": .list(
                                    scaled.map { attribute in
                                        .object([
                                            "propertyName": .string(
                                                names.properties[attribute.name.value] ?? attribute.name.value),
                                            "attribute": .string(attribute.name.value),
                                            "textStyle": .string(attribute.scaledBy?.rawValue ?? "body"),
                                        ])
                                    })
                            ]),
                    ]))
            }
        }
        return result
    }

    /// A kind's sets in its `Style`: each set's names, and per appearance (`specs`, light
    /// first) the tables of the spec's values, one value per state with fallbacks applied.
    func buildAttributeSets(_ control: CheckedControl, names: KindNames, shared: SharedNames) -> (
        sets: [ControlModel.AttributeSet], specs: [ControlModel.Spec]
    ) {
        let specFile = shared.specFile
        let stateNames = control.states.map(\.name.value)
        // Each state's fallback chain as positions in `stateNames`, itself first: made once
        // per kind, then read for every attribute in every appearance.
        var position: [String: Int] = [:]
        for (index, name) in stateNames.enumerated() { position[name] = index }
        let chains: [[Int]] = control.states.map { state in
            ([state.name.value] + state.fallbackChain).compactMap { position[$0] }
        }
        let normal = position[SpecValidator.normalState]
        /// The table and the `own:` argument of one attribute's values: one literal per state
        /// (the state's own value, else its fallback chain's first, else `normal`'s), and the
        /// states with a value of their own as `StateValues`' `own:` (and `more:` past 64
        /// states) words.
        func tables(_ values: [(state: String, value: AttributeValue)]) -> (table: String, own: String) {
            // Each value written once as a literal, by its state's position. The values come in
            // the kind's state order, so a cursor finds each state without hashing its name.
            var literals = [String?](repeating: nil, count: stateNames.count)
            var cursor = 0
            var ownWord: UInt64 = 0
            var length = 0
            for (state, value) in values {
                var next = cursor
                while next < stateNames.count, stateNames[next] != state { next += 1 }
                if next == stateNames.count {
                    // Out of order after all: looked up by name.
                    guard let found = position[state] else { continue }
                    next = found
                }
                let index = next
                cursor = next
                if literals[index] == nil {
                    let literal = Self.literal(value, module: shared.module)
                    length = max(length, literal.utf8.count)
                    literals[index] = literal
                    if index < 64 { ownWord |= 1 << UInt64(index) }
                }
            }
            let normalLiteral = normal.flatMap { literals[$0] } ?? ""
            var table = ""
            table.reserveCapacity((length + 2) * chains.count)
            for (index, chain) in chains.enumerated() {
                if index > 0 { table += ", " }
                var found: String?
                for state in chain {
                    if let literal = literals[state] {
                        found = literal
                        break
                    }
                }
                table += found ?? normalLiteral
            }
            // `own:` is one word up to 64 states, then `more:` words.
            if stateNames.isEmpty { return (table, "0") }
            let first = "0x" + String(ownWord, radix: 16, uppercase: true)
            if stateNames.count <= 64 { return (table, first) }
            var words = [UInt64](repeating: 0, count: (stateNames.count + 63) / 64)
            for (ordinal, literal) in literals.enumerated() where literal != nil && ordinal >= 64 {
                words[ordinal / 64] |= 1 << UInt64(ordinal % 64)
            }
            return (
                table,
                first + ", more: ["
                    + words.dropFirst().map { "0x" + String($0, radix: 16, uppercase: true) }
                    .joined(separator: ", ") + "]"
            )
        }
        // The sets that have names (all of a checked spec's), each with its names and its
        // attributes' property names and labels, looked up once.
        let present:
            [(set: CheckedAttributeSet, names: SetNames, label: String, properties: [String], labels: [String])] =
                control.attributeSets.compactMap { set in
                    guard let setNames = shared.sets[set.name.value] else { return nil }
                    let properties = set.attributes.map { setNames.properties[$0.name.value] ?? $0.name.value }
                    return (set, setNames, label(setNames.propertyName), properties, properties.map(label))
                }
        let sets: [ControlModel.AttributeSet] = present.map { entry in
            ControlModel.AttributeSet(
                name: entry.set.name.value, typeName: entry.names.typeName,
                resolvedTypeName: entry.names.resolvedTypeName, protocolName: entry.names.protocolName,
                propertyName: entry.names.propertyName, label: entry.label,
                attributes: zip(entry.set.attributes, entry.properties).map { ($0.name.value, $1) })
        }
        func specName(_ appearance: Appearance) -> String {
            appearance == .light ? "spec" : Self.appearanceCase(appearance) + "Spec"
        }
        // Each appearance's tables, per set: one (table, own) pair per attribute, as written.
        typealias SetTables = [(table: String, own: String)]
        let lightTables: [SetTables] = present.map { entry in
            entry.set.attributes.map { tables($0.values) }
        }
        var tablesByAppearance: [Appearance: [SetTables]] = [:]
        for appearance in shared.appearances {
            // An attribute without values of this appearance has the light tables.
            tablesByAppearance[appearance] =
                appearance == .light
                ? lightTables
                : zip(present, lightTables).map { entry, light in
                    zip(entry.set.attributes, light).map { attribute, light in
                        attribute.appearanceValues[appearance].map(tables) ?? light
                    }
                }
        }
        func sameTables(_ a: SetTables, _ b: SetTables) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.table == $1.table && $0.own == $1.own }
        }
        let stateOrder = stateNames.joined(separator: ", ")
        let specs: [ControlModel.Spec] = shared.appearances.map { appearance in
            // The appearance this one falls back to among those the spec has: a set (or the
            // whole style) whose tables equal that one's is written as a reference to it.
            let fallback = appearance.chain.dropFirst().first { shared.appearances.contains($0) }
            let ownTables = tablesByAppearance[appearance] ?? []
            let inherited = fallback.map { tablesByAppearance[$0] ?? [] }
            let setsInherited = ownTables.indices.map { index in
                inherited.map { index < $0.count && sameTables(ownTables[index], $0[index]) } ?? false
            }
            return ControlModel.Spec(
                isLight: appearance == .light, caseName: Self.appearanceCase(appearance),
                specName: specName(appearance), fallbackSpecName: fallback.map(specName),
                equalsFallback: !ownTables.isEmpty && setsInherited.allSatisfy { $0 },
                stateOrder: stateOrder,
                sets: present.enumerated().map { index, entry in
                    let fallbackTables = inherited.flatMap { index < $0.count ? $0[index] : nil }
                    return ControlModel.SpecSet(
                        label: entry.label, typeName: entry.names.typeName,
                        propertyName: entry.names.propertyName, inherited: setsInherited[index],
                        attributes: entry.set.attributes.indices.map { attributeIndex in
                            let tables = ownTables[index][attributeIndex]
                            let attributeInherited =
                                fallbackTables.map {
                                    attributeIndex < $0.count && $0[attributeIndex].table == tables.table
                                        && $0[attributeIndex].own == tables.own
                                } ?? false
                            return ControlModel.SpecAttribute(
                                label: entry.labels[attributeIndex], propertyName: entry.properties[attributeIndex],
                                setPropertyName: entry.names.propertyName,
                                inherited: attributeInherited, table: tables.table, own: tables.own,
                                valuesLocation: provenance
                                    ? location(
                                        entry.set.attributes[attributeIndex].valuesLocation ?? control.name.location,
                                        specFile)
                                    : nil)
                        })
                })
        }
        return (sets, specs)
    }

    // MARK: Values

    /// The case of `Appearance` an appearance is: its raw value (`darkHighContrast`).
    static func appearanceCase(_ appearance: Appearance) -> String { appearance.rawValue }

    /// The Swift type of an attribute's values, fully qualified so that no generated or
    /// imported type can shadow it.
    static func swiftType(_ type: AttributeType, module: String) -> String {
        switch type {
        case .string: "Swift.String"
        case .int: "Swift.Int"
        case .double: "Swift.Double"
        case .bool: "Swift.Bool"
        case .color: "\(module).Color"
        case .dimension: "\(module).Dimension"
        case .font: "\(module).Font"
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
            if let p3 = color.displayP3 {
                // A wide-gamut colour: its exact Display P3 components (the sRGB bytes are its
                // approximation for previews and exports).
                "\(module).Color(displayP3Red: \(SwiftLiteral.double(p3.red)), green: \(SwiftLiteral.double(p3.green)), "
                    + "blue: \(SwiftLiteral.double(p3.blue)), alpha: \(SwiftLiteral.double(Double(color.alpha) / 255)))"
            } else {
                "\(module).Color(rgba: 0x\(hex(color.red))\(hex(color.green))\(hex(color.blue))\(hex(color.alpha)))"
            }
        case .font(let font):
            "\(module).Font(." + font.textStyle.rawValue + (font.weight.map { ", weight: .\($0.rawValue)" } ?? "")
                + (font.design == .default ? "" : ", design: .\(font.design.rawValue)")
                + (font.size.map { ", size: \(SwiftLiteral.double($0))" } ?? "")
                + (font.family.map { ", family: \(SwiftLiteral.string($0))" } ?? "")
                + (font.face.map { ", face: \(SwiftLiteral.string($0))" } ?? "")
                + (font.lineHeight.map { ", lineHeight: \(SwiftLiteral.double($0))" } ?? "")
                + (font.letterSpacing.map { ", letterSpacing: \(SwiftLiteral.double($0))" } ?? "") + ")"
        }
    }

    /// A byte as two uppercase hexadecimal digits.
    private static func hex(_ byte: UInt8) -> String { hexDigits[Int(byte)] }

    /// `00` to `FF`, made once.
    private static let hexDigits: [String] = (0...255).map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
