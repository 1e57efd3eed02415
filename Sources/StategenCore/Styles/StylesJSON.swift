import Foundation

/// `stategen styles --format json`: one JSON document of every exported kind's values by state
/// and appearance, each with the state it comes from and its source, and every contrast pair as
/// measured. The shape is described field by field in `docs/styles.md`.
extension StyleExport {
    /// The document's `format`.
    public static let jsonFormat = "stategen-styles"
    /// The version of the document's shape (`version`): bumped when a key is removed or renamed
    /// or a value changes meaning or unit; adding a key does not bump it.
    public static let jsonVersion = 1

    struct JSONDocument: Encodable {
        var format: String
        var version: Int
        var module: String
        /// The spec's file name.
        var spec: String
        var appearances: [String]
        var kinds: [JSONKind]
        var contrast: [JSONContrast]
    }

    struct JSONKind: Encodable {
        var name: String
        var doc: String?
        var declared: WrittenLocation?
        var attributes: [JSONAttribute]
        /// In the order of the kind's state enum.
        var states: [JSONState]
    }

    struct JSONAttribute: Encodable {
        var name: String
        var type: String
        /// The attribute set the kind takes it through.
        var set: String
        var role: String?
        var doc: String?
    }

    struct JSONState: Encodable {
        var name: String
        var doc: String?
        /// The states whose values it takes where it has none, nearest first, ending with
        /// `normal`; empty for `normal`.
        var fallbackChain: [String]
        /// In the spec's order of appearances.
        var appearances: [JSONAppearance]
    }

    struct JSONAppearance: Encodable {
        var appearance: String
        /// In the kind's attribute order.
        var attributes: [JSONValue]
    }

    struct JSONValue: Encodable {
        var name: String
        var type: String
        var value: WrittenValue
        var fromState: String
        var source: WrittenSource
    }

    struct JSONContrast: Encodable {
        var kind: String
        var state: String
        var appearance: String
        var foreground: JSONPairValue
        /// Absent when the pair has no background in the kind: the foreground is over the
        /// backdrop.
        var background: JSONPairValue?
        /// The opaque colour behind the kind.
        var backdrop: String
        /// The colours as seen: the background over the backdrop, the foreground over that.
        var seenForeground: String
        var seenBackground: String
        /// The pair's font attribute and its value, when the pair names one the kind has.
        var font: JSONPairValue?
        var level: String
        /// Whether the foreground is text (success criteria 1.4.3, 1.4.6) rather than a
        /// component or graphic (1.4.11).
        var text: Bool
        var largeText: Bool
        /// The contrast ratio, rounded down to four decimals.
        var ratio: Double
        /// As WCAG reports it: two decimals, rounded down (`4.49:1`).
        var ratioText: String
        var required: Double
        var requiredText: String
        var passes: Bool
        /// Whether the state is exempt from the pair (measured, never reported).
        var exempt: Bool
        /// Where the pair is declared.
        var declared: WrittenLocation?
    }

    struct JSONPairValue: Encodable {
        var attribute: String
        var value: WrittenValue
        var fromState: String
        var source: WrittenSource
    }

    /// The JSON document, pretty-printed with sorted keys, ending with a newline.
    public func json() -> String {
        let kinds = styles.kinds.map { kind in
            let types = Dictionary(kind.attributes.map { ($0.name, $0.type.rawValue) }, uniquingKeysWith: { a, _ in a })
            return JSONKind(
                name: kind.name, doc: kind.doc, declared: WrittenLocation(kind.location, in: self),
                attributes: kind.attributes.map {
                    JSONAttribute(
                        name: $0.name, type: $0.type.rawValue, set: $0.set, role: $0.role?.rawValue,
                        doc: attributeDocs[$0.name])
                },
                states: zip(kind.states, kind.styles).map { state, style in
                    JSONState(
                        name: state.name.value, doc: state.doc, fallbackChain: state.fallbackChain,
                        appearances: style.appearances.map { appearance in
                            JSONAppearance(
                                appearance: appearance.appearance.rawValue,
                                attributes: appearance.values.map { resolved in
                                    JSONValue(
                                        name: resolved.attribute,
                                        type: types[resolved.attribute] ?? "",
                                        value: WrittenValue(resolved.value), fromState: resolved.fromState,
                                        source: WrittenSource(resolved.source, in: self))
                                })
                        })
                })
        }
        let document = JSONDocument(
            format: Self.jsonFormat, version: Self.jsonVersion, module: styles.module, spec: specFile,
            appearances: styles.appearances.map(\.rawValue), kinds: kinds, contrast: contrast.map(jsonContrast))
        return Self.text(document)
    }

    func jsonContrast(_ result: ContrastResult) -> JSONContrast {
        func pairValue(_ resolved: ResolvedStyles.ResolvedValue) -> JSONPairValue {
            JSONPairValue(
                attribute: resolved.attribute, value: WrittenValue(resolved.value), fromState: resolved.fromState,
                source: WrittenSource(resolved.source, in: self))
        }
        var font: JSONPairValue?
        if let name = result.pair.font,
            let resolved = styles.kinds.first(where: { $0.name == result.kind })?
                .style(result.state, result.appearance)?.value(of: name)
        {
            font = pairValue(resolved)
        }
        var backdrop = ""
        if case .color(let color) = result.backdrop.value { backdrop = color.hex }
        return JSONContrast(
            kind: result.kind, state: result.state, appearance: result.appearance.rawValue,
            foreground: pairValue(result.foreground), background: result.background.map(pairValue),
            backdrop: backdrop, seenForeground: result.seenForeground.hex,
            seenBackground: result.seenBackground.hex, font: font, level: result.pair.level.rawValue,
            text: result.pair.isText, largeText: result.isLargeText,
            ratio: (result.ratio * 10_000).rounded(.down) / 10_000, ratioText: WCAGContrast.format(result.ratio),
            required: result.required, requiredText: WCAGContrast.formatRequired(result.required),
            passes: result.passes, exempt: result.isExempt, declared: WrittenLocation(result.pair.location, in: self))
    }
}
