/// The context of a kind's attribute sets: one struct per set, one property per attribute, the
/// spec's values as literals.
extension TemplateContextBuilder {
    func buildAttributeSets(_ control: CheckedControl, names: inout KindNames, shared: SharedNames) -> [TemplateValue] {
        let specFile = shared.specFile
        // Set types end in `Attributes`, so they cannot take the kind's own member types
        // (`State`, `Event`, `Transition`, `Machine`, `Values`); they can collide with each
        // other and with the namespace's name, which the generated code uses qualified.
        var setNames = NameTable(what: "attribute set", diagnostics: diagnostics)
        setNames.reserve(bare(shared.module), because: "it is the namespace's name")
        // All sets' attributes together: a kind's sets share nothing, but one attribute name per
        // kind keeps `Resolved` values and UIKit setters unambiguous.
        var propertyNames = NameTable(
            what: "attribute", diagnostics: diagnostics, reserving: Self.reservedAttributeNames)
        let stateCase = names.stateCase
        return control.attributeSets.map { set in
            let setType = typeStem(set.name) + "Attributes"
            setNames.claim(setType, for: set.name)
            names.setType[set.name.value] = setType
            let others = shared.appearances.filter { $0 != .light }
            // Per appearance besides light, each attribute's label, values and location.
            var appearanceArguments: [[TemplateValue]] = Array(repeating: [], count: others.count)
            let attributes: [TemplateValue] = set.attributes.map { attribute in
                let property = memberName(attribute.name)
                propertyNames.claim(property, for: attribute.name)
                names.property[attribute.name.value] = property
                /// `Values(normal: ..., selected: ...)` of the values by state.
                func valuesExpression(_ values: [(state: String, value: AttributeValue)]) -> String {
                    let byState = Dictionary(uniqueKeysWithValues: values.map { ($0.state, $0.value) })
                    let arguments = control.states.compactMap { state -> String? in
                        guard let value = byState[state.name.value] else { return nil }
                        return
                            "\(label(stateCase[state.name.value] ?? state.name.value)): \(Self.literal(value, module: shared.module))"
                    }
                    return "Values(\(arguments.joined(separator: ", ")))"
                }
                let valuesLocation =
                    attribute.valuesLocation.map { location($0, specFile) } ?? location(control.name.location, specFile)
                for (index, appearance) in others.enumerated() {
                    appearanceArguments[index].append(
                        .object([
                            "label": .string(label(property)),
                            "values": .string(
                                valuesExpression(attribute.appearanceValues[appearance] ?? attribute.values)),
                            "valuesLocation": .string(valuesLocation),
                        ]))
                }
                return .object([
                    "name": .string(attribute.name.value),
                    "propertyName": .string(property),
                    "label": .string(label(property)),
                    "nameLiteral": .string(SwiftLiteral.string(attribute.name.value)),
                    "type": .string(attribute.type.rawValue),
                    "swiftType": .string(Self.swiftType(attribute.type, module: shared.module)),
                    "docLines": lines(SwiftLiteral.docLines(attribute.doc)),
                    "hasDoc": .bool(!SwiftLiteral.docLines(attribute.doc).isEmpty),
                    "location": .string(location(attribute.name.location, specFile)),
                    "valuesLocation": .string(
                        attribute.valuesLocation.map { location($0, specFile) }
                            ?? location(control.name.location, specFile)),
                    "uikit": attribute.uikit.map {
                        .object([
                            "signature": .string($0.signature(on: control.uikitClass ?? $0.controlClasses[0]))
                        ])
                    } ?? .bool(false),
                    "defaultValues": .string(valuesExpression(attribute.values)),

                ])
            }
            // One `static let` of the set's values per appearance besides light, each with the
            // attributes' values in that appearance.
            let appearanceSpecs: [TemplateValue] = others.enumerated().map { index, appearance in
                .object([
                    "caseName": .string(Self.appearanceCase(appearance)),
                    "specName": .string(Self.appearanceCase(appearance) + "Spec"),
                    "attributes": .list(appearanceArguments[index]),
                ])
            }
            return .object([
                "name": .string(set.name.value),
                "typeName": .string(setType),
                "appearanceSpecs": .list(appearanceSpecs),
                "hasAppearances": .bool(!appearanceSpecs.isEmpty),
                "appearanceCases": .list(
                    shared.appearances.map { appearance in
                        .object([
                            "caseName": .string(Self.appearanceCase(appearance)),
                            "specName": .string(
                                appearance == .light ? "spec" : Self.appearanceCase(appearance) + "Spec"),
                        ])
                    }),
                "hasAttributes": .bool(!set.attributes.isEmpty),
                "docLines": lines(SwiftLiteral.docLines(set.doc)),
                "hasDoc": .bool(!SwiftLiteral.docLines(set.doc).isEmpty),
                "location": .string(location(set.name.location, specFile)),
                "attributes": .list(attributes),
            ])
        }
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
            "\(module).Color(rgba: 0x\(hex(color.red))\(hex(color.green))\(hex(color.blue))\(hex(color.alpha)))"
        case .font(let font):
            "\(module).Font(." + font.textStyle.rawValue + (font.weight.map { ", weight: .\($0.rawValue)" } ?? "")
                + (font.design == .default ? "" : ", design: .\(font.design.rawValue)")
                + (font.size.map { ", size: \(SwiftLiteral.double($0))" } ?? "") + ")"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
