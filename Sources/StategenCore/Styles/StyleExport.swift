import Foundation

/// The formats `stategen styles` writes.
public enum StyleExportFormat: String, Sendable, Hashable, CaseIterable {
    /// Every kind × state × appearance with each value's source, and the contrast check's
    /// measurements: `"format": "stategen-styles"` (``StyleExport/json()``), for CI and tools.
    case json
    /// One appearance's values as component tokens in the Design Tokens Community Group format
    /// (``StyleExport/dtcg(in:)``), for design tools and for stategen's own `tokenFiles:`.
    case dtcg
}

/// What `stategen styles` exports: a checked spec's resolved styles (``ResolvedStyles``) and
/// contrast measurements (``ContrastAudit``), narrowed to the kinds and appearances asked for,
/// with the file names its sources are given by.
///
/// Deterministic: kinds, states, attributes and appearances in the spec's order, keys sorted,
/// and every path relative to the spec's folder (never absolute, and the same wherever stategen
/// runs). The formats are described in `docs/styles.md`.
public struct StyleExport: Sendable {
    /// The resolved styles of the exported kinds, in the exported appearances only.
    public var styles: ResolvedStyles
    /// The contrast pairs of the exported kinds, measured in the exported appearances.
    public var contrast: [ContrastResult]
    /// The spec's file name (its last path component).
    public var specFile: String
    /// The folder the spec is in, as given; source paths are written relative to it.
    var specFolder: String
    /// Each attribute's `doc:`, by attribute name.
    var attributeDocs: [String: String]

    /// The export of `spec` (which validated without errors): every kind, or only the kind
    /// named `control`; every appearance of the spec, or only those of `appearances` (in the
    /// spec's order).
    ///
    /// - Returns: `nil` when `spec` has no kind named `control`.
    public init?(_ spec: CheckedSpec, control: String? = nil, appearances: [Appearance]? = nil) {
        if let control, !spec.controls.contains(where: { $0.name.value == control }) { return nil }
        let all = ResolvedStyles(spec)
        let keptAppearances = spec.appearances.filter { appearances?.contains($0) ?? true }
        func kept(kind: String, appearance: Appearance) -> Bool {
            (control == nil || kind == control) && keptAppearances.contains(appearance)
        }
        var styles = all
        styles.appearances = keptAppearances
        styles.kinds = all.kinds.filter { control == nil || $0.name == control }
        for k in styles.kinds.indices {
            for s in styles.kinds[k].styles.indices {
                styles.kinds[k].styles[s].appearances.removeAll { !keptAppearances.contains($0.appearance) }
            }
        }
        self.styles = styles
        contrast = ContrastAudit.results(spec, styles: all).filter { kept(kind: $0.kind, appearance: $0.appearance) }
        specFile = PathNames.lastComponent(spec.path)
        specFolder = PathNames.parent(of: spec.path)
        var docs: [String: String] = [:]
        for control in spec.controls {
            for set in control.attributeSets {
                for attribute in set.attributes { docs[attribute.name.value] = attribute.doc }
            }
        }
        attributeDocs = docs
    }

    /// The path of `location`'s file relative to the spec's folder (`controls.yml`,
    /// `dark.tokens.json`); `nil` for a location in no file.
    func file(_ location: SourceLocation) -> String? {
        guard !location.path.isEmpty, location.line > 0 else { return nil }
        return GeneratorPipeline.relativePath(of: location.path, from: specFolder)
    }

    /// A JSON object key's text: the sorted order of `JSONEncoder` is by these.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `document` as pretty-printed JSON with sorted keys and unescaped slashes, ending with a
    /// newline: the same value gives the same bytes.
    static func text(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Every number is finite (see ``WrittenValue``), so encoding cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// An attribute value as a spec writes it, in JSON: a colour `"#RRGGBB"` (`"#RRGGBBAA"` when
/// translucent), a number (dimensions in points), an integer, text, `true`/`false`, and a font
/// as a text style's name (`"body"`) or `{ style, weight, design, size }` with only the keys
/// that differ from the style's own — the form the generated `Color` and `Font` decode. JSON has
/// no infinity or NaN: such a `double` is written as YAML writes it, the text `".inf"`,
/// `"-.inf"` or `".nan"`.
enum WrittenValue: Encodable, Sendable, Hashable {
    case text(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case font(FontSpec)

    init(_ value: AttributeValue) {
        switch value {
        case .string(let text): self = .text(text)
        case .int(let number): self = .integer(number)
        case .double(let number): self = number.isFinite ? .number(number) : .text(Self.yamlText(number))
        case .bool(let flag): self = .boolean(flag)
        case .color(let color):
            // A Display P3 colour as the generated `Color` encodes and decodes it (CSS Color 4's
            // `color()` notation, each number Swift's shortest round-tripping form).
            if let p3 = color.displayP3 {
                self = .text("color(display-p3 \(p3.red) \(p3.green) \(p3.blue) / \(Double(color.alpha) / 255))")
            } else {
                self = .text(color.hex)
            }
        case .font(let font): self = .font(font)
        }
    }

    /// YAML 1.2's spelling of a number JSON cannot hold.
    static func yamlText(_ number: Double) -> String {
        number.isNaN ? ".nan" : number < 0 ? "-.inf" : ".inf"
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .boolean(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .font(let font):
            if font == FontSpec(textStyle: font.textStyle) {
                var container = encoder.singleValueContainer()
                try container.encode(font.textStyle.rawValue)
                return
            }
            var container = encoder.container(keyedBy: StyleExport.Key.self)
            try container.encode(font.textStyle.rawValue, forKey: .init("style"))
            try container.encodeIfPresent(font.weight?.rawValue, forKey: .init("weight"))
            if font.design != .default { try container.encode(font.design.rawValue, forKey: .init("design")) }
            if let size = font.size {
                if size.isFinite {
                    try container.encode(size, forKey: .init("size"))
                } else {
                    try container.encode(Self.yamlText(size), forKey: .init("size"))
                }
            }
            try container.encodeIfPresent(font.family, forKey: .init("family"))
            try container.encodeIfPresent(font.face, forKey: .init("face"))
            try container.encodeIfPresent(font.lineHeight, forKey: .init("lineHeight"))
            try container.encodeIfPresent(font.letterSpacing, forKey: .init("letterSpacing"))
        }
    }
}

/// Where a value comes from, in JSON: the place it is written (relative to the spec's folder),
/// the token it refers to with the aliases followed on the way, where the token holding the
/// value is declared, and the appearance whose entry of a value by appearance was taken.
struct WrittenSource: Encodable, Sendable {
    var file: String?
    var line: Int?
    var column: Int?
    /// The token the value refers to (`color.semantic.text.onAction`).
    var token: String?
    /// The aliases followed from `token`, ending with the token whose `$value` is a literal;
    /// empty when `token` holds the value itself; absent for a literal value.
    var aliases: [String]?
    /// Where the last token of the chain is declared.
    var tokenFile: String?
    var tokenLine: Int?
    var tokenColumn: Int?
    /// For a value written by appearance: the appearance whose entry was taken.
    var variant: String?

    init(_ source: ValueSource, in export: StyleExport) {
        if let path = export.file(source.location) {
            (file, line, column) = (path, source.location.line, source.location.column)
        }
        if let first = source.tokenChain.first {
            token = first
            aliases = Array(source.tokenChain.dropFirst())
            if let declared = source.tokenLocation, let path = export.file(declared) {
                (tokenFile, tokenLine, tokenColumn) = (path, declared.line, declared.column)
            }
        }
        variant = source.variant?.rawValue
    }
}

/// A place in a file, in JSON, relative to the spec's folder.
struct WrittenLocation: Encodable, Sendable {
    var file: String
    var line: Int
    var column: Int

    init?(_ location: SourceLocation, in export: StyleExport) {
        guard let path = export.file(location) else { return nil }
        (file, line, column) = (path, location.line, location.column)
    }
}
