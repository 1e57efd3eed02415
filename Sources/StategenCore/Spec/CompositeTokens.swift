/// DTCG 2025.10's composite types (Format module, "Composite types"): `shadow`, `border`,
/// `strokeStyle`, `transition`, `cubicBezier`, `gradient` and `typography`, read member by
/// member and resolved with their member aliases followed.
///
/// Each member is a literal of its type or an alias (`"{group.token}"`, or the JSON Pointer
/// form ``SpecDecoder/tokenReference(_:)`` reads) of a token of that type; `shadow` and
/// `gradient` arrays may also hold aliases of tokens of their own type, whose layers or stops
/// take the alias's place ("Array aliasing in composite types"). A typography token is a font
/// (``AttributeValue/font(_:)``); the others are kept resolved in
/// ``TokenTable/composites``, for no attribute type takes them.

/// A composite token's `$value` as written: members literal or aliased, in the shape of its
/// type (the official 2025.10 JSON Schemas, `format/values/*.json`).
public indirect enum CompositePart: Sendable {
    /// A member of a primitive type written out (a colour, a dimension in points, a duration
    /// in seconds, a number, a font family's first name, a font weight, a boolean).
    case literal(Located<AttributeValue>)
    /// A keyword: a `strokeStyle`'s line style, its `lineCap`, a typography's text style.
    case keyword(Located<String>)
    /// An alias, which must name a token of `type`.
    case alias(Located<String>, type: TokenType)
    /// An object of named members (a shadow layer, a border, a stroke style's dashes, a
    /// transition, a gradient stop, a typography), written at `location`.
    case members([String: CompositePart], at: SourceLocation)
    /// A list (shadow layers, gradient stops, a dash array, a cubic Bézier's four numbers).
    case items([CompositePart], at: SourceLocation)

    /// The paths of the tokens its aliases name, in document order.
    public var references: [String] {
        switch self {
        case .literal, .keyword: []
        case .alias(let path, _): [path.value]
        case .members(let members, _): members.sorted { $0.key < $1.key }.flatMap(\.value.references)
        case .items(let items, _): items.flatMap(\.references)
        }
    }
}

/// A composite token's value with every alias followed.
public enum CompositeValue: Sendable, Hashable {
    /// One or more layers, drawn in order (DTCG `shadow`).
    case shadow([ShadowLayer])
    case border(BorderValue)
    case strokeStyle(StrokeStyleValue)
    case transition(TransitionValue)
    case cubicBezier(CubicBezier)
    /// The stops, in order (DTCG `gradient`).
    case gradient([GradientStop])
    /// A typography token's font.
    case typography(FontSpec)

    /// The token type of the value.
    public var type: TokenType {
        switch self {
        case .shadow: .shadow
        case .border: .border
        case .strokeStyle: .strokeStyle
        case .transition: .transition
        case .cubicBezier: .cubicBezier
        case .gradient: .gradient
        case .typography: .typography
        }
    }
}

/// One layer of a DTCG `shadow`: lengths in points (as CSS `box-shadow` and
/// `CALayer.shadowOffset`/`shadowRadius` take them).
public struct ShadowLayer: Sendable, Hashable {
    public var color: RGBAColor
    public var offsetX: Double
    public var offsetY: Double
    /// The blur radius.
    public var blur: Double
    /// How far the shadow grows (or, negative, shrinks) beyond the shape.
    public var spread: Double
    /// An inner shadow (`inset: true`) rather than a drop shadow (the default).
    public var inset: Bool

    public init(color: RGBAColor, offsetX: Double, offsetY: Double, blur: Double, spread: Double, inset: Bool) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.inset = inset
    }
}

/// A DTCG `border`: its colour, width in points and stroke style.
public struct BorderValue: Sendable, Hashable {
    public var color: RGBAColor
    public var width: Double
    public var style: StrokeStyleValue

    public init(color: RGBAColor, width: Double, style: StrokeStyleValue) {
        self.color = color
        self.width = width
        self.style = style
    }
}

/// A DTCG `strokeStyle`: one of CSS's line styles, or dashes and gaps with a line cap.
public enum StrokeStyleValue: Sendable, Hashable {
    case keyword(LineStyle)
    /// Alternating dash and gap lengths in points, and SVG's `stroke-linecap`.
    case dashes([Double], lineCap: LineCap)

    /// CSS's `<line-style>` keywords that DTCG takes (CSS Backgrounds and Borders 3).
    public enum LineStyle: String, Sendable, Hashable, CaseIterable {
        case solid, dashed, dotted, double, groove, ridge, outset, inset
    }

    /// SVG's `stroke-linecap` (`CAShapeLayerLineCap` has the same three).
    public enum LineCap: String, Sendable, Hashable, CaseIterable {
        case round, butt, square
    }
}

/// A DTCG `transition`: times in seconds, and its timing function.
public struct TransitionValue: Sendable, Hashable {
    public var duration: Double
    public var delay: Double
    public var timingFunction: CubicBezier

    public init(duration: Double, delay: Double, timingFunction: CubicBezier) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
    }
}

/// A DTCG `cubicBezier`: the control points P1 and P2 of a timing curve from (0, 0) to (1, 1),
/// as CSS `cubic-bezier()` and `CAMediaTimingFunction(controlPoints:)` take them; the x
/// coordinates are from 0 to 1.
public struct CubicBezier: Sendable, Hashable {
    public var p1x: Double
    public var p1y: Double
    public var p2x: Double
    public var p2y: Double

    public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x
        self.p1y = p1y
        self.p2x = p2x
        self.p2y = p2y
    }
}

/// A stop of a DTCG `gradient`: its colour, and its position along the gradient's axis from 0
/// to 1 (DTCG: a position outside that range is clamped to it).
public struct GradientStop: Sendable, Hashable {
    public var color: RGBAColor
    public var position: Double

    public init(color: RGBAColor, position: Double) {
        self.color = color
        self.position = position
    }
}

extension TokenType {
    /// Whether the type is one of DTCG's composite types (its value an object or a list of
    /// members), which ``CompositePart`` reads.
    public var isComposite: Bool {
        switch self {
        case .shadow, .border, .strokeStyle, .transition, .cubicBezier, .gradient, .typography: true
        default: false
        }
    }
}

extension FontSpec {
    /// The family names of Apple's system fonts (as design tools and DTCG exports of Apple's
    /// HIG name them) and the design each stands for: a typography token of one is the system
    /// font (no ``family``), which Dynamic Type and `UIFont.systemFont` draw. `UIFont(name:)`
    /// knows none of them.
    static let systemFamilies: [String: FontDesign] = [
        "SF Pro": .default, "SF Pro Text": .default, "SF Pro Display": .default, "SF UI": .default,
        "SF UI Text": .default, "SF UI Display": .default, "San Francisco": .default, "-apple-system": .default,
        "system-ui": .default, "BlinkMacSystemFont": .default, "SF Pro Rounded": .rounded, "ui-rounded": .rounded,
        "SF Mono": .monospaced, "ui-monospace": .monospaced, "New York": .serif, "ui-serif": .serif,
    ]
}

extension FontSpec {
    /// The first family of a CSS `font-family` list written as one string (`"'Segoe UI',
    /// -apple-system, sans-serif"`, as Fluent and Carbon export it; CSS Fonts 4 §2.1), without
    /// its quotes: `Segoe UI`. A name without a comma is the name itself (a DTCG `fontFamily`
    /// string names one family).
    static func firstFamily(ofStack stack: String) -> String {
        guard stack.contains(",") || stack.first == "'" || stack.first == "\"" else { return stack }
        let first = stack.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var name = String(first.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if name.count >= 2, let quote = name.first, quote == "'" || quote == "\"", name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        return name.isEmpty ? stack : name
    }
}

extension FontWeight {
    /// The weight class nearest to a DTCG `fontWeight` (1 to 1000, a name as a number): the
    /// multiple of 100 from 100 to 900 nearest to it, halfway rounding up (650 is `bold`,
    /// 700), below 100 `ultraLight` and above 900 `black`.
    public init(nearest weight: Double) {
        let index = min(max(Int((weight / 100).rounded(.toNearestOrAwayFromZero)), 1), 9) - 1
        self = Self.allCases[index]
    }
}

/// stategen's own data in a DTCG file's `$extensions` (DTCG 2025.10, 5.2.3 Extensions: a
/// reverse-domain key): what `stategen styles --format dtcg` writes and stategen's token reader
/// reads back.
///
/// A typography token's object may hold, besides the export's provenance (which the reader
/// passes over), what its five `$value` members cannot say of a stategen font, so that it
/// reads back as the same ``FontSpec``:
/// - `textStyle`: the Dynamic Type text style it scales with (``FontSpec/TextStyle``;
///   default `body`);
/// - `design`: the system design (``FontDesign``; default `default`, or the one the system
///   family names, `SF Pro Rounded` is `rounded`);
/// - `face`: the PostScript face name (`Inter-SemiBold`, as `UIFont(name:size:)` takes it);
/// - `defaulted`: the `$value` members that stand in for a part the font leaves out, which
///   reads back as left out: `fontFamily` (no family: the system font's or the face's name),
///   `fontSize`, `fontWeight`, `lineHeight` (the text style's at the default content size) and
///   `letterSpacing` (0).
public enum StategenExtension {
    /// The reverse-domain key of stategen's data in `$extensions`.
    public static let key = "dev.stategen"
}

extension SpecDecoder {
    /// A composite token's `$value` (`node`) read as `type`; `nil` after reporting each
    /// problem at its member (`invalid-value`, `wrong-node-kind`, `unknown-key`,
    /// `missing-key`). `extensions` is the token's `$extensions`: a typography token's
    /// `"dev.stategen"` object may give its text style, design, face and the members that
    /// stand in for parts the font leaves out (``StategenExtension``); a bad one is an
    /// `invalid-value` there.
    func compositeValue(_ node: YAMLNode, type: TokenType, token: String, extensions: YAMLNode?) -> CompositePart? {
        let what = "the value of token \(DiagnosticText.quoted(token)) (\(type.rawValue))"
        var reader = CompositeReader(decoder: self, token: token)
        guard var part = reader.read(node, as: type, what: what) else { return nil }
        guard type == .typography, let extensions,
            let own = extensions.mappingEntries?.first(where: { $0.key.scalarText == StategenExtension.key })?.value,
            case .members(var members, let location) = part
        else { return reader.failed ? nil : part }
        // The keys of the font; the object's other keys are what `stategen styles` exports.
        func keyword(_ key: String, _ noun: String, among names: [String]) -> Bool {
            guard let value = own.mappingEntries?.first(where: { $0.key.scalarText == key })?.value else { return true }
            if let text = value.scalarText, names.isEmpty ? !text.isEmpty : names.contains(text) {
                members[key] = .keyword(Located(text, at: value.location))
                return true
            }
            diagnostics.error(
                "the \(noun) of token \(DiagnosticText.quoted(token)) must be "
                    + (names.isEmpty ? "a name" : "one of \(names.joined(separator: ", "))")
                    + ", not \(describe(value))"
                    + (names.isEmpty ? "" : value.scalarText.map { Suggestion.didYouMean($0, in: names) } ?? ""),
                at: value.location, rule: .invalidValue)
            return false
        }
        guard keyword("textStyle", "text style", among: FontSpec.TextStyle.allCases.map(\.rawValue)),
            keyword("design", "design", among: FontDesign.allCases.map(\.rawValue)),
            keyword("face", "PostScript face", among: [])
        else { return nil }
        if let defaulted = own.mappingEntries?.first(where: { $0.key.scalarText == "defaulted" })?.value {
            let names = CompositeReader.typographyMembers.map(\.0)
            var items: [CompositePart] = []
            for item in defaulted.sequenceItems ?? [defaulted] {
                guard let text = item.scalarText, names.contains(text), defaulted.sequenceItems != nil else {
                    diagnostics.error(
                        "the members of token \(DiagnosticText.quoted(token)) that stand in for parts its font leaves out must be a list of \(names.joined(separator: ", ")), not \(describe(item))",
                        at: item.location, rule: .invalidValue)
                    return nil
                }
                items.append(.keyword(Located(text, at: item.location)))
            }
            members["defaulted"] = .items(items, at: defaulted.location)
        }
        part = .members(members, at: location)
        return reader.failed ? nil : part
    }
}

/// Reads one composite value, reporting every problem (not only the first) and remembering
/// that one was found.
struct CompositeReader {
    let decoder: SpecDecoder
    let token: String
    var failed = false

    /// A member's subject in messages: "member 'offsetX' of token 'shadow.raised'".
    func subject(_ member: String) -> String {
        "member \(DiagnosticText.quoted(member)) of token \(DiagnosticText.quoted(token))"
    }

    /// The members each object type has, and whether each is required (DTCG 2025.10).
    static let shadowMembers: [(String, TokenType, Bool)] = [
        ("color", .color, true), ("offsetX", .dimension, true), ("offsetY", .dimension, true),
        ("blur", .dimension, true), ("spread", .dimension, true), ("inset", .boolean, false),
    ]
    static let borderMembers: [(String, TokenType, Bool)] = [
        ("color", .color, true), ("width", .dimension, true), ("style", .strokeStyle, true),
    ]
    static let transitionMembers: [(String, TokenType, Bool)] = [
        ("duration", .duration, true), ("delay", .duration, true), ("timingFunction", .cubicBezier, true),
    ]
    static let typographyMembers: [(String, TokenType, Bool)] = [
        ("fontFamily", .fontFamily, true), ("fontSize", .dimension, true), ("fontWeight", .fontWeight, true),
        ("letterSpacing", .dimension, true), ("lineHeight", .number, true),
    ]
    static let stopMembers: [(String, TokenType, Bool)] = [("color", .color, true), ("position", .number, true)]

    mutating func fail(_ message: String, at location: SourceLocation, rule: RuleID = .invalidValue) -> CompositePart?
    {
        decoder.diagnostics.error(message, at: location, rule: rule)
        failed = true
        return nil
    }

    /// `node` as a value of `type`: an alias of a token of `type`, else a literal of it.
    mutating func read(_ node: YAMLNode, as type: TokenType, what: String) -> CompositePart? {
        if let path = SpecDecoder.tokenReference(node) { return .alias(Located(path, at: node.location), type: type) }
        // A member written as a token (`{ "$type": "color", "$value": ... }`), which DTCG 2025.10
        // ("Composite (Design) Token" in Terminology) and its schema refuse: one error, not one
        // per key.
        if let entries = node.mappingEntries, entries.contains(where: { $0.key.scalarText == "$value" }) {
            return fail(
                "\(what) is written as a token (with '$value'); a member is a value of its type or an alias of a token (\"{group.token}\" or { \"$ref\": \"#/group/token\" }): write the value itself, or declare the token and refer to it",
                at: node.location)
        }
        switch type {
        case .shadow:
            // One layer, or a list of layers and aliases of shadow tokens.
            if let items = node.sequenceItems {
                guard !items.isEmpty else { return fail("\(what) lists no shadow layer", at: node.location) }
                let layers = items.map { item in
                    SpecDecoder.tokenReference(item).map { .alias(Located($0, at: item.location), type: .shadow) }
                        ?? object(
                            item, Self.shadowMembers, what: "a shadow layer of token \(DiagnosticText.quoted(token))")
                }
                let parsed = layers.compactMap { $0 }
                return parsed.count == layers.count ? .items(parsed, at: node.location) : nil
            }
            return object(node, Self.shadowMembers, what: what)
        case .border:
            return object(node, Self.borderMembers, what: what)
        case .transition:
            return object(node, Self.transitionMembers, what: what)
        case .typography:
            return typography(node, what: what)
        case .gradient:
            guard let items = node.sequenceItems, !items.isEmpty else {
                return fail(
                    "\(what) must be a list of stops ({ color, position }), not \(decoder.describe(node))",
                    at: node.location)
            }
            let stops = items.map { item in
                SpecDecoder.tokenReference(item).map { .alias(Located($0, at: item.location), type: .gradient) }
                    ?? object(item, Self.stopMembers, what: "a stop of token \(DiagnosticText.quoted(token))")
            }
            let parsed = stops.compactMap { $0 }
            return parsed.count == stops.count ? .items(parsed, at: node.location) : nil
        case .cubicBezier:
            guard let items = node.sequenceItems, items.count == 4 else {
                return fail(
                    "\(what) must be four numbers, [P1x, P1y, P2x, P2y], not \(decoder.describe(node))",
                    at: node.location)
            }
            var numbers: [CompositePart] = []
            for (index, item) in items.enumerated() {
                if let path = SpecDecoder.tokenReference(item) {
                    numbers.append(.alias(Located(path, at: item.location), type: .number))
                    continue
                }
                let name = ["P1x", "P1y", "P2x", "P2y"][index]
                guard let number = decoder.number(item) else {
                    _ = fail("\(what) has \(name) \(decoder.describe(item)); it must be a number", at: item.location)
                    continue
                }
                // The x coordinates are times: from 0 to 1 (DTCG, CSS Easing 1).
                if index % 2 == 0, !(0...1).contains(number) {
                    _ = fail("\(what) has \(name) \(number); an x coordinate is from 0 to 1", at: item.location)
                    continue
                }
                numbers.append(.literal(Located(.double(number), at: item.location)))
            }
            return numbers.count == 4 ? .items(numbers, at: node.location) : nil
        case .strokeStyle:
            if node.mappingEntries == nil {
                let names = StrokeStyleValue.LineStyle.allCases.map(\.rawValue)
                guard let text = node.scalarText, !node.isNull, StrokeStyleValue.LineStyle(rawValue: text) != nil else {
                    return fail(
                        "\(what) must be one of \(names.joined(separator: ", ")) or { dashArray, lineCap }, not \(decoder.describe(node))"
                            + (node.scalarText.map { Suggestion.didYouMean($0, in: names) } ?? ""),
                        at: node.location)
                }
                return .keyword(Located(text, at: node.location))
            }
            guard
                let f = decoder.fields(
                    of: node, in: what, allowed: ["dashArray", "lineCap"], required: ["dashArray", "lineCap"])
            else {
                failed = true
                return nil
            }
            var members: [String: CompositePart] = [:]
            if let dashes = f["dashArray"] {
                if let path = SpecDecoder.tokenReference(dashes) {
                    return fail(
                        "\(subject("dashArray")) is the alias '{\(path)}'; list its dimensions, each a dimension or an alias of one",
                        at: dashes.location)
                }
                guard let items = dashes.sequenceItems, !items.isEmpty else {
                    return fail(
                        "\(subject("dashArray")) must be a list of dimensions, not \(decoder.describe(dashes))",
                        at: dashes.location)
                }
                let lengths = items.map {
                    read($0, as: .dimension, what: "a dash length of token \(DiagnosticText.quoted(token))")
                }
                let parsed = lengths.compactMap { $0 }
                if parsed.count == lengths.count { members["dashArray"] = .items(parsed, at: dashes.location) }
            }
            if let cap = f["lineCap"] {
                let names = StrokeStyleValue.LineCap.allCases.map(\.rawValue)
                if let text = cap.scalarText, StrokeStyleValue.LineCap(rawValue: text) != nil {
                    members["lineCap"] = .keyword(Located(text, at: cap.location))
                } else {
                    _ = fail(
                        "\(subject("lineCap")) must be one of \(names.joined(separator: ", ")), not \(decoder.describe(cap))"
                            + (cap.scalarText.map { Suggestion.didYouMean($0, in: names) } ?? ""),
                        at: cap.location)
                }
            }
            return members.count == 2 ? .members(members, at: node.location) : nil
        default:
            let errors = decoder.diagnostics.diagnostics.count
            guard let value = decoder.tokenLiteral(node, type: type, token: token, what: what) else {
                if decoder.diagnostics.diagnostics.count > errors { failed = true }
                return nil
            }
            return .literal(Located(value, at: node.location))
        }
    }

    /// A typography value, read as real exports write it as well as DTCG 2025.10 does (the
    /// official schema's `format/values/typography.json` requires all five members): a missing
    /// `letterSpacing` is none and a missing `lineHeight` the font's own; `letterSpacing` may be
    /// a bare `0` (CSS's unitless zero) or in `em` (× the font size, CSS Values 4 §6.1.1);
    /// `lineHeight` may be a `{ value, unit }` in px or rem (÷ the font size: a multiple) or in
    /// `em` (the multiple itself); `fontWeight` may be a numeral in quotes (`"600"`). A member
    /// DTCG does not define (Fluent's `MozOsxFontSmoothing`, Tokens Studio's `textCase`) is a
    /// warning naming it (`ignored-member`) and is not used; one a letter or two away from a
    /// member's name is the misspelling it is (`unknown-key`).
    mutating func typography(_ node: YAMLNode, what: String) -> CompositePart? {
        let names = Self.typographyMembers.map(\.0)
        var node = node
        if let entries = node.mappingEntries {
            var kept: [YAMLMappingEntry] = []
            for entry in entries {
                if let key = entry.key.scalarText, !names.contains(key),
                    Suggestion.closest(to: key, in: names) == nil
                {
                    decoder.diagnostics.warning(
                        "\(what) has the member \(DiagnosticText.quoted(key)), which DTCG's typography does not define and stategen does not use (it reads \(names.joined(separator: ", ")))",
                        at: entry.key.location, rule: .ignoredMember)
                    continue
                }
                kept.append(entry)
            }
            node.content = .mapping(kept)
        }
        let before = decoder.diagnostics.diagnostics.count
        guard
            let f = decoder.fields(
                of: node, in: what, allowed: names, required: ["fontFamily", "fontSize", "fontWeight"])
        else {
            failed = true
            return nil
        }
        var ok = decoder.diagnostics.diagnostics.count == before
        var result: [String: CompositePart] = [:]
        func dimension(_ child: YAMLNode) -> (value: YAMLNode, unit: String)? {
            guard let entries = child.mappingEntries, entries.count == 2,
                let value = entries.first(where: { $0.key.scalarText == "value" })?.value,
                let unit = entries.first(where: { $0.key.scalarText == "unit" })?.value.scalarText
            else { return nil }
            return (value, unit)
        }
        for (name, type, _) in Self.typographyMembers {
            guard let child = f[name] else { continue }
            let label = "\(subject(name)) (\(type.rawValue))"
            var part: CompositePart?
            switch name {
            case "letterSpacing" where SpecDecoder.tokenReference(child) == nil:
                if decoder.number(child) == 0 {
                    part = .literal(Located(.double(0), at: child.location))
                } else if let (value, unit) = dimension(child), unit == "em", let number = decoder.number(value) {
                    part = .members(["em": .literal(Located(.double(number), at: value.location))], at: child.location)
                } else {
                    part = read(child, as: .dimension, what: label)
                }
            case "lineHeight" where SpecDecoder.tokenReference(child) == nil && child.mappingEntries != nil:
                if let (value, unit) = dimension(child), unit == "em", let number = decoder.number(value) {
                    part = .literal(Located(.double(number), at: value.location))
                } else if let points = read(child, as: .dimension, what: "\(subject(name)) (a dimension)") {
                    part = .members(["points": points], at: child.location)
                }
            case "fontWeight":
                if case .scalar(let text, let style) = child.content, style == .doubleQuoted || style == .singleQuoted,
                    let number = Double(text), (1...1000).contains(number)
                {
                    part = .literal(Located(.double(number), at: child.location))
                } else {
                    part = read(child, as: type, what: label)
                }
            default:
                part = read(child, as: type, what: label)
            }
            if let part { result[name] = part } else { ok = false }
        }
        guard ok else {
            failed = true
            return nil
        }
        return .members(result, at: node.location)
    }

    /// An object with `members` (name, type, required).
    mutating func object(_ node: YAMLNode, _ members: [(String, TokenType, Bool)], what: String) -> CompositePart? {
        let names = members.map(\.0)
        let before = decoder.diagnostics.diagnostics.count
        guard
            let f = decoder.fields(
                of: node, in: what, allowed: names, required: members.filter(\.2).map(\.0))
        else {
            failed = true
            return nil
        }
        var result: [String: CompositePart] = [:]
        var ok = decoder.diagnostics.diagnostics.count == before
        for (name, type, _) in members {
            guard let child = f[name] else { continue }
            if let part = read(child, as: type, what: "\(subject(name)) (\(type.rawValue))") {
                result[name] = part
            } else {
                ok = false
            }
        }
        guard ok else {
            failed = true
            return nil
        }
        return .members(result, at: node.location)
    }
}

extension TokenTable.Resolver {
    /// A resolved member: a primitive's value, a keyword, a composite token's value, or an
    /// object or list of resolved members.
    indirect enum Member {
        case value(AttributeValue)
        case keyword(String)
        case composite(CompositeValue)
        case members([String: Member])
        case items([Member])
    }

    /// Most layers of a `shadow` token, or stops of a `gradient` token, once the aliases in
    /// its list are replaced by their targets' (real shadows have a few layers; gradients a
    /// few dozen stops).
    static let maxListItems = 1_000

    /// The value of the composite `token` written as `part` (of type `type`), in `appearance`;
    /// `nil` after recording each broken member alias as a problem of the token: one naming
    /// no token (`undefined-token`, with did-you-mean), one naming a token of another type
    /// (`token-type-mismatch`), one leading back to the token (`token-cycle`). A member
    /// alias of a token that is itself bad fails silently: its problem is that token's.
    mutating func compositeValue(
        _ part: CompositePart, type: TokenType, of token: TokenSpec, in appearance: Appearance?
    ) -> CompositeValue? {
        let path = token.path.value
        guard !resolvingComposites.contains(path) else {
            // Reached again through an alias of one of its members' targets.
            record(
                .error(
                    "token \(DiagnosticText.quoted(path)) takes its value from itself, through the aliases of its members: a cycle",
                    at: token.path.location, rule: .tokenCycle),
                for: token)
            return nil
        }
        resolvingComposites.insert(path)
        defer { resolvingComposites.remove(path) }
        guard let member = resolveMember(part, of: token, in: appearance) else { return nil }
        // DTCG 2025.10 "Array aliasing in composite types": a list's aliases of shadow or
        // gradient tokens take their layers' or stops' place, so lists of two aliases of the
        // token before double at each level. Each token's flattened list is bounded (its
        // targets' are already, being memoised), before it is built.
        if type == .shadow || type == .gradient, case .items(let items) = member {
            let count = items.reduce(0) { count, item in
                switch item {
                case .composite(.shadow(let layers)): count + layers.count
                case .composite(.gradient(let stops)): count + stops.count
                default: count + 1
                }
            }
            if count > Self.maxListItems {
                record(
                    .error(
                        "token \(DiagnosticText.quoted(path)) has \(count) \(type == .shadow ? "shadow layers" : "gradient stops") through the aliases of its list, more than \(Self.maxListItems) (the limit)",
                        at: token.path.location, rule: .tokenLimit),
                    for: token)
                return nil
            }
        }
        guard let value = Self.composite(member, type: type) else { return nil }
        // A timing curve's x coordinates from aliases of number tokens are times too.
        let curve: CubicBezier? =
            switch value {
            case .cubicBezier(let curve): curve
            case .transition(let transition): transition.timingFunction
            default: nil
            }
        if let curve,
            let (name, x) = [("P1x", curve.p1x), ("P2x", curve.p2x)].first(where: { !(0...1).contains($0.1) })
        {
            record(
                .error(
                    "token \(DiagnosticText.quoted(path)) has \(name) \(x) through its aliases; an x coordinate of a cubic Bézier is from 0 to 1",
                    at: token.path.location, rule: .invalidValue),
                for: token)
            return nil
        }
        return value
    }

    mutating func resolveMember(_ part: CompositePart, of token: TokenSpec, in appearance: Appearance?) -> Member? {
        switch part {
        case .literal(let value): return .value(value.value)
        case .keyword(let text): return .keyword(text.value)
        case .members(let members, _):
            var result: [String: Member] = [:]
            var ok = true
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let value = resolveMember(member, of: token, in: appearance) {
                    result[name] = value
                } else {
                    ok = false
                }
            }
            return ok ? .members(result) : nil
        case .items(let items, _):
            var result: [Member] = []
            var ok = true
            for item in items {
                if let value = resolveMember(item, of: token, in: appearance) {
                    result.append(value)
                } else {
                    ok = false
                }
            }
            return ok ? .items(result) : nil
        case .alias(let target, let type):
            let own = DiagnosticText.quoted(token.path.value)
            guard declaration(target.value, in: appearance) != nil else {
                let group = table.firstToken(inGroup: target.value)
                record(
                    .error(
                        "token \(own) refers to '{\(target.value)}', which is "
                            + (group.map {
                                "a group, not a token; refer to one of its tokens, such as \(DiagnosticText.quoted($0))"
                            } ?? "no token" + Suggestion.didYouMean(target.value, in: table.order)),
                        at: target.location, rule: .undefinedToken),
                    for: token)
                return nil
            }
            if resolvingComposites.contains(target.value) {
                record(
                    .error(
                        "token \(own) refers to '{\(target.value)}', whose value takes that of \(own): a cycle",
                        at: target.location, rule: .tokenCycle),
                    for: token)
                return nil
            }
            let entry = resolve(target.value, in: appearance)
            let found: (type: TokenType, member: Member)?
            if let entry {
                if case .font(let font) = entry.value, entry.type == .typography {
                    found = (.typography, .composite(.typography(font)))
                } else {
                    found = (entry.type, .value(entry.value))
                }
            } else if let composite = composites[appearance]?[target.value] {
                found = (composite.type, .composite(composite))
            } else {
                // The target is bad: its own problem says why.
                return nil
            }
            guard let found, found.type == type else {
                record(
                    .error(
                        "token \(own) refers to '{\(target.value)}' where a \(type.rawValue) belongs, but it is a \(found?.type.rawValue ?? "token of another type")",
                        at: target.location, rule: .tokenTypeMismatch),
                    for: token)
                return nil
            }
            return found.member
        }
    }

    /// The typed value of a resolved `member` of `type` (its shape is the one the decoder read).
    static func composite(_ member: Member, type: TokenType) -> CompositeValue? {
        func color(_ member: Member?) -> RGBAColor? {
            if case .value(.color(let color))? = member { return color }
            return nil
        }
        func number(_ member: Member?) -> Double? {
            switch member {
            case .value(.double(let value))?: value
            case .value(.int(let value))?: Double(value)
            default: nil
            }
        }
        func members(_ member: Member) -> [String: Member]? {
            if case .members(let members) = member { return members }
            return nil
        }
        func list(_ member: Member) -> [Member] {
            if case .items(let items) = member { return items }
            return [member]
        }
        switch type {
        case .shadow:
            var layers: [ShadowLayer] = []
            for item in list(member) {
                if case .composite(.shadow(let aliased)) = item {
                    layers += aliased
                    continue
                }
                guard let m = members(item), let c = color(m["color"]), let x = number(m["offsetX"]),
                    let y = number(m["offsetY"]), let blur = number(m["blur"]), let spread = number(m["spread"])
                else { return nil }
                var inset = false
                if case .value(.bool(let value))? = m["inset"] { inset = value }
                layers.append(ShadowLayer(color: c, offsetX: x, offsetY: y, blur: blur, spread: spread, inset: inset))
            }
            return .shadow(layers)
        case .border:
            guard let m = members(member), let c = color(m["color"]), let width = number(m["width"]),
                let style = m["style"].flatMap({ composite($0, type: .strokeStyle) }),
                case .strokeStyle(let stroke) = style
            else { return nil }
            return .border(BorderValue(color: c, width: width, style: stroke))
        case .strokeStyle:
            switch member {
            case .composite(.strokeStyle(let value)): return .strokeStyle(value)
            case .keyword(let text):
                return StrokeStyleValue.LineStyle(rawValue: text).map { .strokeStyle(.keyword($0)) }
            case .members(let m):
                guard case .keyword(let cap)? = m["lineCap"], let lineCap = StrokeStyleValue.LineCap(rawValue: cap),
                    let dashes = m["dashArray"].map(list)
                else { return nil }
                let lengths = dashes.compactMap(number)
                guard lengths.count == dashes.count else { return nil }
                return .strokeStyle(.dashes(lengths, lineCap: lineCap))
            default: return nil
            }
        case .cubicBezier:
            if case .composite(.cubicBezier(let value)) = member { return .cubicBezier(value) }
            let numbers = list(member).compactMap(number)
            guard numbers.count == 4 else { return nil }
            return .cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]))
        case .transition:
            guard let m = members(member), let duration = number(m["duration"]), let delay = number(m["delay"]),
                let timing = m["timingFunction"].flatMap({ composite($0, type: .cubicBezier) }),
                case .cubicBezier(let curve) = timing
            else { return nil }
            return .transition(TransitionValue(duration: duration, delay: delay, timingFunction: curve))
        case .gradient:
            var stops: [GradientStop] = []
            for item in list(member) {
                if case .composite(.gradient(let aliased)) = item {
                    stops += aliased
                    continue
                }
                guard let m = members(item), let c = color(m["color"]), let position = number(m["position"]) else {
                    return nil
                }
                // DTCG: "Values outside this range are clamped."
                stops.append(GradientStop(color: c, position: min(max(position, 0), 1)))
            }
            return .gradient(stops)
        case .typography:
            if case .composite(.typography(let font)) = member { return .typography(font) }
            guard let m = members(member), case .value(.string(let stack))? = m["fontFamily"],
                let size = number(m["fontSize"]), let weight = number(m["fontWeight"])
            else { return nil }
            let family = FontSpec.firstFamily(ofStack: stack)
            // `letterSpacing` in points, or in `em` (× the size); `lineHeight` a multiple, or a
            // length in points (÷ the size). Missing: none, and the font's own.
            var letterSpacing: Double?
            switch m["letterSpacing"] {
            case .members(let parts)?:
                guard let em = number(parts["em"]) else { return nil }
                letterSpacing = em * size
            case let spacing?:
                guard let points = number(spacing) else { return nil }
                letterSpacing = points
            case nil: letterSpacing = nil
            }
            var lineHeight: Double?
            switch m["lineHeight"] {
            case .members(let parts)?:
                guard let points = number(parts["points"]) else { return nil }
                lineHeight = size > 0 ? points / size : nil
            case let height?:
                guard let multiple = number(height) else { return nil }
                lineHeight = multiple
            case nil: lineHeight = nil
            }
            var style = FontSpec.TextStyle.body
            if case .keyword(let name)? = m["textStyle"], let named = FontSpec.TextStyle(rawValue: name) {
                style = named
            }
            // stategen's extension (``StategenExtension``): the design, the face, and the
            // members that stand in for parts the font leaves out.
            var design: FontDesign?
            if case .keyword(let name)? = m["design"] { design = FontDesign(rawValue: name) }
            var face: String?
            if case .keyword(let name)? = m["face"] { face = name }
            var defaulted: Set<String> = []
            if case .items(let items)? = m["defaulted"] {
                for case .keyword(let name) in items { defaulted.insert(name) }
            }
            let system = FontSpec.systemFamilies[family]
            return .typography(
                FontSpec(
                    textStyle: style, weight: defaulted.contains("fontWeight") ? nil : FontWeight(nearest: weight),
                    design: design ?? system ?? .default, size: defaulted.contains("fontSize") ? nil : size,
                    family: system == nil && !defaulted.contains("fontFamily") ? family : nil, face: face,
                    lineHeight: defaulted.contains("lineHeight") ? nil : lineHeight,
                    letterSpacing: defaulted.contains("letterSpacing") ? nil : letterSpacing))
        default:
            return nil
        }
    }
}
