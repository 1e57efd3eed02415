import Foundation

/// `stategen styles --format dtcg`: one appearance's resolved values as component tokens in the
/// Design Tokens Community Group format (DTCG, 2025.10), which design tools (Tokens Studio,
/// Style Dictionary) and stategen's own `tokenFiles:` read.
///
/// - Tokens are `<module>.<kind>.<state>.<attribute>` (`Controls.ToggleButton.selected+highlighted.backgroundColor`).
///   DTCG names may not start with `$` or contain `.`, `{` or `}`: those characters of a spec
///   name become `_`, and the spec name is kept in the group's or token's `$extensions`.
/// - Values are resolved literals, so the document stands alone: a colour is an `srgb` colour
///   object with its `hex`, a `dimension` attribute a `dimension` in `px` (a point each, as
///   stategen reads them), `int` and `double` attributes `number`s. A font is a `typography`
///   token (the only DTCG type for a font, which stategen reads as a font), and `string` and `bool`
///   attributes, which DTCG has no type for, and numbers JSON cannot hold, are not tokens: they
///   are in their state group's `$extensions`.
/// - `$extensions["dev.stategen"]` holds each value's provenance: the spec's value (the form
///   the JSON format has), the state it comes from, the token and aliases it was resolved
///   through, and where it is written; a font's also what its typography `$value` cannot say
///   (its text style, design, face and the members standing in for parts it leaves out), so
///   that `tokenFiles:` read it back as the same font (``StategenExtension``).
extension StyleExport {
    /// The document's `$extensions["dev.stategen"].format`.
    public static let dtcgFormat = "stategen-styles-dtcg"
    /// The version of the document's shape, bumped as ``jsonVersion`` is.
    public static let dtcgVersion = 1
    /// A group: its `$description`, stategen's `$extensions`, and its tokens and groups.
    struct DTCGGroup: Encodable {
        var description: String?
        var extensions: (any Encodable & Sendable)?
        var children: [(name: String, node: DTCGNode)] = []

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(description, forKey: Key("$description"))
            if let extensions {
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("$extensions"))
                try nested.encode(extensions, forKey: Key(StategenExtension.key))
            }
            for child in children {
                switch child.node {
                case .group(let group): try container.encode(group, forKey: Key(child.name))
                case .token(let token): try container.encode(token, forKey: Key(child.name))
                }
            }
        }
    }

    enum DTCGNode {
        case group(DTCGGroup)
        case token(DTCGToken)
    }

    struct DTCGToken: Encodable {
        var type: String
        var value: DTCGValue
        var description: String
        var provenance: DTCGProvenance

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(type, forKey: Key("$type"))
            try container.encode(value, forKey: Key("$value"))
            try container.encode(description, forKey: Key("$description"))
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("$extensions"))
            try nested.encode(provenance, forKey: Key(StategenExtension.key))
        }
    }

    /// A token's `$value`.
    enum DTCGValue: Encodable {
        case color(DTCGColor)
        case dimension(DTCGDimension)
        case number(WrittenValue)
        case typography(DTCGTypography)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .color(let color): try color.encode(to: encoder)
            case .dimension(let dimension): try dimension.encode(to: encoder)
            case .number(let number): try number.encode(to: encoder)
            case .typography(let typography): try typography.encode(to: encoder)
            }
        }
    }

    /// DTCG 2025.10's colour object: components and alpha from 0 to 1 (four decimals, which
    /// round back to the same 8-bit values), and `hex`, the sRGB fallback `#RRGGBB`. A
    /// wide-gamut colour is `display-p3` with its exact P3 components (which read back as the
    /// same colour), its hex the sRGB gamut-mapped approximation.
    struct DTCGColor: Encodable {
        var colorSpace = "srgb"
        var components: [Double]
        var alpha: Double
        var hex: String

        init(_ color: RGBAColor) {
            func unit(_ byte: UInt8) -> Double { (Double(byte) / 255 * 10_000).rounded() / 10_000 }
            if let p3 = color.displayP3 {
                colorSpace = DTCGColorSpace.displayP3.rawValue
                components = [p3.red, p3.green, p3.blue]
            } else {
                components = [unit(color.red), unit(color.green), unit(color.blue)]
            }
            alpha = unit(color.alpha)
            var opaque = color
            opaque.alpha = 255
            hex = opaque.hex
        }
    }

    /// DTCG's `dimension`: `{ value, unit }`; stategen writes points as `px`.
    struct DTCGDimension: Encodable {
        var value: Double
        var unit = "px"
    }

    /// DTCG's `typography` (2025.10, 9.7), whose five properties are all required: a font's
    /// own values where it gives them, else those of the text style on iOS at the default
    /// content size (Large); the font as the spec writes it is in `$extensions`.
    struct DTCGTypography: Encodable {
        /// A brand font's family (else its PostScript face), then `system-ui`, the CSS generic
        /// family it falls back to; else Apple's system font for the design and its CSS name.
        var fontFamily: [String]
        /// The font's own size, else the text style's at the default content size.
        var fontSize: DTCGDimension
        /// 100 to 900, as CSS and DTCG number weights: the font's weight, else the style's.
        var fontWeight: Int
        /// The font's letter spacing, else 0 (the system applies its own tracking).
        var letterSpacing: DTCGDimension
        /// A multiple of `fontSize`: the font's line height, else the text style's leading over
        /// its size at the default content size, four decimals.
        var lineHeight: Double

        init(_ font: FontSpec) {
            fontFamily = (font.family ?? font.face).map { [$0, "system-ui"] } ?? Self.family(font.design)
            fontSize = DTCGDimension(value: font.size ?? WCAGContrast.defaultPointSize(font.textStyle))
            fontWeight = WCAGContrast.weight(of: font).weightClass
            letterSpacing = DTCGDimension(value: font.letterSpacing ?? 0)
            let style = font.textStyle
            lineHeight =
                font.lineHeight
                ?? (Self.leading(style) / WCAGContrast.defaultPointSize(style) * 10_000).rounded() / 10_000
        }

        /// SF Pro, SF Pro Rounded, New York and SF Mono are the system font's designs; CSS Fonts
        /// 4 names them `system-ui`, `ui-rounded`, `ui-serif` and `ui-monospace`.
        static func family(_ design: FontDesign) -> [String] {
            switch design {
            case .default: ["SF Pro", "system-ui"]
            case .rounded: ["SF Pro Rounded", "ui-rounded"]
            case .serif: ["New York", "ui-serif"]
            case .monospaced: ["SF Mono", "ui-monospace"]
            }
        }

        /// The line height of `style` at the default Dynamic Type size (Large), in points, from
        /// Apple's Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes".
        static func leading(_ style: FontSpec.TextStyle) -> Double {
            switch style {
            case .largeTitle: 41
            case .title1: 34
            case .title2: 28
            case .title3: 25
            case .headline, .body: 22
            case .callout: 21
            case .subheadline: 20
            case .footnote: 18
            case .caption1: 16
            case .caption2: 13
            }
        }
    }

    /// A token's `$extensions["dev.stategen"]`.
    struct DTCGProvenance: Encodable, Sendable {
        /// The spec name, when the token's name had to differ from it.
        var name: String?
        /// The value as the spec writes it (a font as `"body"` or `{ style, weight, ... }`).
        var value: WrittenValue
        var fromState: String
        var source: WrittenSource
        /// A font's text style, design, PostScript face and the `$value` members that stand
        /// in for parts it leaves out, which the token reader reads back (``StategenExtension``).
        var textStyle: String?
        var design: String?
        var face: String?
        var defaulted: [String]?

        /// Adds what `font`'s typography `$value` cannot say of it.
        mutating func describe(_ font: FontSpec) {
            textStyle = font.textStyle.rawValue
            design = font.design == .default ? nil : font.design.rawValue
            face = font.face
            let standIns: [(String, Bool)] = [
                ("fontFamily", font.family == nil), ("fontSize", font.size == nil), ("fontWeight", font.weight == nil),
                ("lineHeight", font.lineHeight == nil), ("letterSpacing", font.letterSpacing == nil),
            ]
            let names = standIns.filter(\.1).map(\.0)
            defaulted = names.isEmpty ? nil : names
        }
    }

    /// A value that is no token (a `string` or `bool` attribute, or a number JSON cannot hold),
    /// in its state group's `$extensions`.
    struct DTCGOtherValue: Encodable, Sendable {
        var type: String
        var value: WrittenValue
        var fromState: String
        var source: WrittenSource
    }

    /// The root group's `$extensions["dev.stategen"]`.
    struct DTCGDocumentInfo: Encodable, Sendable {
        var format: String
        var version: Int
        var module: String
        var spec: String
        var appearance: String
    }

    /// A kind group's `$extensions["dev.stategen"]`, when its name had to differ.
    struct DTCGNameInfo: Encodable, Sendable {
        var name: String
    }

    /// A state group's `$extensions["dev.stategen"]`.
    struct DTCGStateInfo: Encodable, Sendable {
        /// The state's spec name.
        var state: String
        var fallbackChain: [String]
        /// The state's values that are no token, by attribute; absent when there are none.
        var otherAttributes: [String: DTCGOtherValue]?
    }

    /// `name` as a DTCG token or group name: `.`, `{` and `}` (and a leading `$`) become `_`.
    /// Spec names cannot hold `{`, `}` or `$`, and two names that differ only in `.` against
    /// `_` are one Swift name (a `name-collision`), so no two names of one group meet.
    static func dtcgName(_ name: String) -> String {
        var result = String(name.map { ".{}".contains($0) ? "_" : $0 })
        if result.hasPrefix("$") { result = "_" + result.dropFirst() }
        return result
    }

    /// The DTCG document of `appearance` (one of the exported appearances), pretty-printed with
    /// sorted keys, ending with a newline.
    public func dtcg(in appearance: Appearance) -> String {
        var module = DTCGGroup(
            description:
                "Component tokens of \(styles.module): <kind>.<state>.<attribute>, each state's values after its fallback chain.",
            extensions: nil)
        for kind in styles.kinds {
            var kindGroup = DTCGGroup(
                description: kind.doc,
                extensions: Self.dtcgName(kind.name) == kind.name ? nil : DTCGNameInfo(name: kind.name))
            for (state, style) in zip(kind.states, kind.styles) {
                guard let values = style.appearances.first(where: { $0.appearance == appearance })?.values else {
                    continue
                }
                var stateGroup = DTCGGroup(description: state.doc)
                var others: [String: DTCGOtherValue] = [:]
                for resolved in values {
                    guard let attribute = kind.attributes.first(where: { $0.name == resolved.attribute }) else {
                        continue
                    }
                    guard let (type, value) = Self.tokenValue(resolved.value, type: attribute.type) else {
                        others[resolved.attribute] = DTCGOtherValue(
                            type: attribute.type.rawValue, value: WrittenValue(resolved.value),
                            fromState: resolved.fromState, source: WrittenSource(resolved.source, in: self))
                        continue
                    }
                    let name = Self.dtcgName(resolved.attribute)
                    var provenance = DTCGProvenance(
                        name: name == resolved.attribute ? nil : resolved.attribute,
                        value: WrittenValue(resolved.value), fromState: resolved.fromState,
                        source: WrittenSource(resolved.source, in: self))
                    if case .font(let font) = resolved.value { provenance.describe(font) }
                    let token = DTCGToken(
                        type: type, value: value,
                        description: tokenDescription(
                            kind: kind.name, state: state.name.value, resolved, in: appearance),
                        provenance: provenance)
                    stateGroup.children.append((name, .token(token)))
                }
                stateGroup.extensions = DTCGStateInfo(
                    state: state.name.value, fallbackChain: state.fallbackChain,
                    otherAttributes: others.isEmpty ? nil : others)
                kindGroup.children.append((Self.dtcgName(state.name.value), .group(stateGroup)))
            }
            module.children.append((Self.dtcgName(kind.name), .group(kindGroup)))
        }
        let root = DTCGGroup(
            description:
                "The resolved styles of \(styles.module) (\(specFile)) in the \(appearance.rawValue) appearance, written by 'stategen styles --format dtcg' (docs/styles.md).",
            extensions: DTCGDocumentInfo(
                format: Self.dtcgFormat, version: Self.dtcgVersion, module: styles.module, spec: specFile,
                appearance: appearance.rawValue),
            children: [(Self.dtcgName(styles.module), .group(module))])
        return Self.text(root)
    }

    /// The DTCG `$type` and `$value` of `value`, an attribute of `type`; `nil` for a value that
    /// cannot be a token.
    static func tokenValue(_ value: AttributeValue, type: AttributeType) -> (String, DTCGValue)? {
        switch value {
        case .color(let color):
            return ("color", .color(DTCGColor(color)))
        case .double(let number) where number.isFinite:
            return type == .dimension
                ? ("dimension", .dimension(DTCGDimension(value: number))) : ("number", .number(.number(number)))
        case .int(let number):
            return ("number", .number(.integer(number)))
        case .font(let font):
            return ("typography", .typography(DTCGTypography(font)))
        case .double, .string, .bool:
            return nil
        }
    }

    /// `titleColor of ToggleButton in selected+highlighted (the value of selected, which it
    /// falls back to), light appearance. The title's colour.`
    func tokenDescription(
        kind: String, state: String, _ resolved: ResolvedStyles.ResolvedValue, in appearance: Appearance
    ) -> String {
        var text = "\(resolved.attribute) of \(kind) in \(state)"
        if resolved.fromState != state {
            text += " (the value of \(resolved.fromState), which it falls back to)"
        }
        text += ", \(appearance.rawValue) appearance."
        if let doc = attributeDocs[resolved.attribute] { text += " " + doc }
        return text
    }
}
