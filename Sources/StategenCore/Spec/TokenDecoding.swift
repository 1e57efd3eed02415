import Foundation

/// Reads a tree of design tokens in the W3C Design Tokens Community Group format (DTCG,
/// 2025.10) — the spec's `tokens:` or a `.tokens.json` file, both read through libyaml, so every
/// diagnostic is at the token's `path:line:column`.
///
/// - A mapping with `$value` is a token; any other mapping is a group whose keys are its
///   children. Keys starting with `$` are DTCG's: `$type`, `$value`, `$description`,
///   `$extensions` (tools' own data, which stategen reads past) and `$deprecated`; any other is
///   `unknown-key`.
/// - A token's type is its `$type`, else the nearest enclosing group's; an alias
///   (`"{color.blue.500}"`) may leave it to its target.
/// - Names may not contain `.`, `{` or `}` (DTCG), nor start with `$`.
extension SpecDecoder {
    /// The tokens of the tree at `node`, in document order.
    ///
    /// An entry that is neither a token nor a group (a plain value where a mapping belongs) is
    /// reported once for the whole tree, at the first such entry, naming its kind but not its
    /// value and counting the others: a file that is not a token tree at all (a credentials
    /// file, `{"github_token": "ghp_…", …}`) shows one of its lines, not one per key.
    func decodeTokens(_ node: YAMLNode) -> [TokenSpec] {
        var tokens: [TokenSpec] = []
        var strays: [(path: String, node: YAMLNode)] = []
        walkTokenGroup(node, path: [], inherited: nil, into: &tokens, strays: &strays)
        if let first = strays.first {
            let others =
                strays.count == 1
                ? ""
                : "; \(strays.count - 1) more \(strays.count == 2 ? "entry is" : "entries are") not one either "
                    + "(is this a Design Tokens file?)"
            diagnostics.error(
                "\(DiagnosticText.quoted(first.path)) must be a token (a mapping with $value) or a group (a mapping), "
                    + "not \(describeKind(first.node))\(others)",
                at: first.node.location, rule: "wrong-node-kind")
        }
        return tokens
    }

    /// What kind of node `node` is, for a message that must not quote it: "a string", "a
    /// sequence", "null".
    func describeKind(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(_, let style):
            if node.isNull { return "null" }
            return style == .singleQuoted || style == .doubleQuoted ? "a quoted string" : "a single value"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }

    /// A `$type`: every DTCG 2025.10 type (composite ones included) and stategen's own.
    enum TypeName {
        case supported(Located<TokenType>)
    }

    /// The `$type` at `node`; reports (with did-you-mean) and returns `nil` for another name.
    func tokenTypeName(_ node: YAMLNode) -> TypeName? {
        let known = TokenType.allCases.map(\.rawValue)
        if let text = node.scalarText, !node.isNull, let type = TokenType(rawValue: text) {
            return .supported(Located(type, at: node.location))
        }
        diagnostics.error(
            "'$type' must be one of \(known.joined(separator: ", ")), not \(describe(node))"
                + (node.scalarText.map { Suggestion.didYouMean($0, in: known) } ?? ""),
            at: node.location, rule: typeRule(node))
        return nil
    }

    /// The `$` keys of a group and of a token, for did-you-mean.
    static let groupKeys = ["$type", "$description", "$extensions", "$deprecated"]
    static let tokenKeys = ["$value", "$type", "$description", "$extensions", "$deprecated"]

    func walkTokenGroup(
        _ node: YAMLNode, path: [String], inherited: TypeName?, into tokens: inout [TokenSpec],
        strays: inout [(path: String, node: YAMLNode)]
    ) {
        let what = path.isEmpty ? "the tokens" : "token group \(DiagnosticText.quoted(path.joined(separator: ".")))"
        var type = inherited
        var typeBroken = false
        for (key, child) in namedEntries(of: node, in: what) where key.value.hasPrefix("$") {
            switch key.value {
            case "$type":
                type = tokenTypeName(child)
                typeBroken = type == nil
            case "$description", "$extensions", "$deprecated":
                break
            default:
                // `$vaule` in what reads as a group is a misspelt token.
                let suggestion = Suggestion.closest(to: key.value, in: Self.tokenKeys)
                diagnostics.error(
                    "unknown key \(DiagnosticText.quoted(key.value)) in \(what)"
                        + (suggestion.map { "; did you mean \(DiagnosticText.quoted($0))?" }
                            ?? "; a group has $type, $description, $extensions, $deprecated and its tokens and groups"),
                    at: key.location, rule: "unknown-key")
            }
        }
        for (key, child) in namedEntries(of: node, in: what) where !key.value.hasPrefix("$") {
            guard checkTokenName(key) else { continue }
            let childPath = path + [key.value]
            if let entries = child.mappingEntries, entries.contains(where: { $0.key.scalarText == "$value" }) {
                if let token = decodeTokenKeepingProblems(
                    child, path: Located(childPath.joined(separator: "."), at: key.location), inherited: type,
                    typeBroken: typeBroken)
                {
                    tokens.append(token)
                }
            } else if child.mappingEntries != nil {
                walkTokenGroup(child, path: childPath, inherited: type, into: &tokens, strays: &strays)
            } else {
                strays.append((childPath.joined(separator: "."), child))
            }
        }
    }

    /// DTCG: a name may not contain `.`, `{` or `}`, and is not empty.
    func checkTokenName(_ key: Located<String>) -> Bool {
        if key.value.isEmpty {
            diagnostics.error("a token or group name cannot be empty", at: key.location, rule: "invalid-name")
            return false
        }
        if let bad = key.value.first(where: { ".{}".contains($0) }) {
            diagnostics.error(
                "token or group name \(DiagnosticText.quoted(key.value)) contains \(DiagnosticText.quoted(bad)), which the Design Tokens format reserves (paths join names with '.', aliases are written '{path}')",
                at: key.location, rule: "invalid-name")
            return false
        }
        return true
    }

    func decodeToken(_ node: YAMLNode, path: Located<String>, inherited: TypeName?, typeBroken: Bool = false)
        -> TokenSpec?
    {
        let f =
            fields(
                of: node, in: "token \(DiagnosticText.quoted(path.value))", allowed: Self.tokenKeys,
                required: ["$value"]) ?? [:]
        guard let valueNode = f["$value"] else { return nil }
        var type = inherited
        var broken = typeBroken
        if let typeNode = f["$type"] {
            type = tokenTypeName(typeNode)
            broken = type == nil
        }
        let description = f["$description"].flatMap { string($0, for: "$description") }
        var supported: Located<TokenType>?
        if case .supported(let known)? = type { supported = known }
        if let alias = Self.tokenReference(valueNode) {
            return TokenSpec(
                path: path, type: supported, value: .alias(Located(alias, at: valueNode.location)),
                description: description)
        }
        guard let supported else {
            // A `$type` that was reported as wrong is not reported missing as well.
            if !broken {
                diagnostics.error(
                    "token \(DiagnosticText.quoted(path.value)) has no $type, and no enclosing group gives one; add '$type' (\(TokenType.allCases.map(\.rawValue).joined(separator: ", ")))",
                    at: path.location, rule: "missing-key")
            }
            return TokenSpec(path: path, type: nil, value: .invalid, description: description)
        }
        if supported.value.isComposite {
            let value = compositeValue(
                valueNode, type: supported.value, token: path.value, extensions: f["$extensions"])
            return TokenSpec(
                path: path, type: supported,
                value: value.map { .composite(Located($0, at: valueNode.location)) } ?? .invalid,
                description: description)
        }
        guard let value = tokenLiteral(valueNode, type: supported.value, token: path.value) else {
            return TokenSpec(path: path, type: supported, value: .invalid, description: description)
        }
        return TokenSpec(
            path: path, type: supported, value: .literal(Located(value, at: valueNode.location)),
            description: description)
    }

    /// The path of a reference written `{group.token}` (a whole scalar in braces), else `nil`.
    /// A scalar tagged `!!str` is text, never a reference: `!!str "{placeholder}"`.
    static func tokenReference(_ node: YAMLNode) -> String? {
        guard node.tag != "tag:yaml.org,2002:str" else { return nil }
        guard let text = node.scalarText, text.count > 2, text.first == "{", text.last == "}" else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// A token's `$value` read as its type.
    /// `what` names the value in messages (a composite's member); by default, the token's value.
    func tokenLiteral(_ node: YAMLNode, type: TokenType, token: String, what: String? = nil) -> AttributeValue? {
        let what = what ?? "the value of token \(DiagnosticText.quoted(token)) (\(type.rawValue))"
        func fail(_ message: String, at location: SourceLocation? = nil) -> AttributeValue? {
            diagnostics.error("\(what) \(message)", at: location ?? node.location, rule: "invalid-value")
            return nil
        }
        switch type {
        case .color:
            if let text = node.scalarText, !node.isNull {
                if let color = RGBAColor(hex: text) { return .color(color) }
                return fail(
                    "cannot be \(text.isEmpty ? "an empty string" : "\(DiagnosticText.quoted(text))"); write \"#RRGGBB\" or \"#RRGGBBAA\", or { colorSpace, components }"
                )
            }
            // An empty value (not `null` written out) is nearly always `$value: #0A84FF`, whose
            // '#' starts a comment.
            if node.isNull, node.scalarText == "" {
                diagnostics.error(
                    "\(what) is empty; write \"#RRGGBB\" or \"#RRGGBBAA\" in quotes, or { colorSpace, components } (an unquoted '#' after a space starts a comment, which leaves the value empty)",
                    at: node.location, rule: "wrong-node-kind")
                return nil
            }
            return colorObject(node, what: what)
        case .dimension, .duration:
            let units: [String: Double] = type == .dimension ? ["px": 1, "rem": 16] : ["ms": 0.001, "s": 1]
            guard node.mappingEntries != nil else {
                return fail(
                    "must be { value, unit } (unit \(units.keys.sorted().joined(separator: " or "))), not \(describe(node))"
                )
            }
            let f = fields(of: node, in: what, allowed: ["value", "unit"], required: ["value", "unit"]) ?? [:]
            guard let valueNode = f["value"], let unitNode = f["unit"] else { return nil }
            guard let number = number(valueNode) else {
                if let problem = numberProblem(valueNode) {
                    return fail("has value \(problem)", at: valueNode.location)
                }
                // A string is the mistake to name (`"value": "1"`), not the number it lacks.
                if case .scalar(let text, let style) = valueNode.content, !text.isEmpty,
                    style == .doubleQuoted || style == .singleQuoted
                {
                    return fail(
                        "has the string \(DiagnosticText.quoted(text)) as its value; write the number without quotes",
                        at: valueNode.location)
                }
                return fail("needs a number as its value, not \(describe(valueNode))", at: valueNode.location)
            }
            guard let unit = unitNode.scalarText, let scale = units[unit] else {
                // The unit's text as written, quoted or not: its quotes are no part of the mistake.
                let shown = unitNode.isNull ? nil : unitNode.scalarText.flatMap { $0.isEmpty ? nil : DiagnosticText.quoted($0) }
                return fail(
                    "has unit \(shown ?? describe(unitNode)); use \(units.keys.sorted().joined(separator: " or "))",
                    at: unitNode.location)
            }
            guard (number * scale).isFinite else {
                return fail(
                    "is \(number) \(unit), which overflows a Double in \(type == .dimension ? "points" : "seconds") (at most about 1.8e308)",
                    at: valueNode.location)
            }
            return .double(number * scale)
        case .number:
            // An integer literal stays exact (9007199254740993 is no Double): an `int`
            // attribute takes it as written, a `double` or `dimension` one as a Double.
            if case .int(let whole)? = node.coreValue { return .int(whole) }
            guard let number = number(node) else {
                return fail(numberProblem(node).map { "is \($0)" } ?? "must be a number, not \(describe(node))")
            }
            return .double(number)
        case .fontWeight:
            if let number = number(node), (1...1000).contains(number) { return .double(number) }
            if let text = node.scalarText, let weight = Self.fontWeights[text] { return .double(weight) }
            return fail(
                "must be a number from 1 to 1000 or one of \(Self.fontWeights.keys.sorted().joined(separator: ", ")), not \(describe(node))"
            )
        case .fontFamily:
            // A name, or a list of names (fallbacks) of which the first is used; each a string.
            let names = node.sequenceItems ?? [node]
            for item in names {
                guard let text = item.scalarText, !item.isNull, !text.isEmpty, case .string? = item.coreValue else {
                    return fail(
                        "must be a font name or a list of names, each a non-empty string, not \(describe(item))",
                        at: item.location)
                }
            }
            guard let first = names.first?.scalarText else { return fail("must list at least one font name") }
            return .string(first)
        case .string:
            if let text = node.scalarText, !node.isNull { return .string(text) }
            return fail("must be text, not \(describe(node))")
        case .boolean:
            if case .bool(let value)? = node.coreValue { return .bool(value) }
            return fail("must be true or false, not \(describe(node))")
        case .shadow, .border, .strokeStyle, .transition, .cubicBezier, .gradient, .typography:
            // Read member by member: ``compositeValue(_:type:token:extensions:)``.
            return fail("is a composite value, which has members rather than one value")
        }
    }

    /// DTCG's names of font weights and their numbers.
    static let fontWeights: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
        "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
        "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]

    /// A JSON or YAML number (an integer, one past Int's range included, or a finite float).
    func number(_ node: YAMLNode) -> Double? {
        switch node.coreValue {
        case .int(let value)?: Double(value)
        case .bigInt(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        case .float(let value)? where value.isFinite: value
        default: nil
        }
    }

    /// Why a number that ``number(_:)`` does not take is none (`"'1e400', too large for a
    /// Double (at most about 1.8e308)"`), or `nil` for a node that is no number.
    func numberProblem(_ node: YAMLNode) -> String? {
        guard let text = node.scalarText else { return nil }
        switch node.coreValue {
        case .float(let value)? where value.isNaN: return "\(DiagnosticText.quoted(text)), which is not a number (NaN)"
        case .float(let value)? where value.isInfinite && text.lowercased().hasSuffix(".inf"):
            return "\(DiagnosticText.quoted(text)), which is infinite"
        case .float(let value)? where value.isInfinite:
            return "\(DiagnosticText.quoted(text)), too large for a Double (at most about 1.8e308)"
        case .bigInt?:
            return "\(DiagnosticText.quoted(text)), too large for a Double (at most about 1.8e308)"
        default: return nil
        }
    }

    /// DTCG 2025.10's colour spaces.
    static let colorSpaces = [
        "srgb", "srgb-linear", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3", "a98-rgb",
        "prophoto-rgb", "rec2020", "xyz-d65", "xyz-d50",
    ]

    /// DTCG 2025.10's colour object: `{ colorSpace, components, alpha?, hex? }`. `srgb` is read
    /// as it is, `srgb-linear` and `hsl` are converted to sRGB; another DTCG space takes its
    /// `hex` (DTCG's sRGB fallback, `#RRGGBB`) with the object's `alpha`, or is rejected.
    func colorObject(_ node: YAMLNode, what: String) -> AttributeValue? {
        guard
            let f = fields(
                of: node, in: what, allowed: ["colorSpace", "components", "alpha", "hex"],
                required: ["colorSpace", "components"])
        else { return nil }
        guard let spaceNode = f["colorSpace"], let componentsNode = f["components"] else { return nil }
        let space = spaceNode.scalarText ?? ""
        guard Self.colorSpaces.contains(space) else {
            diagnostics.error(
                "\(what) has colour space \(describe(spaceNode)), which is none of the Design Tokens format's: \(Self.colorSpaces.joined(separator: ", "))"
                    + Suggestion.didYouMean(space, in: Self.colorSpaces),
                at: spaceNode.location, rule: "invalid-value")
            return nil
        }
        guard let items = componentsNode.sequenceItems, items.count == 3 else {
            diagnostics.error(
                "\(what) needs three components, as [red, green, blue] (or [hue, saturation, lightness] for hsl)",
                at: componentsNode.location, rule: "invalid-value")
            return nil
        }
        var components: [Double] = []
        for item in items {
            // DTCG's "none" (a missing component) counts as 0.
            if item.scalarText == "none" {
                components.append(0)
            } else if let value = number(item) {
                components.append(value)
            } else {
                diagnostics.error(
                    "\(what) has a component \(describe(item)); components are numbers", at: item.location,
                    rule: "invalid-value")
                return nil
            }
        }
        var alpha = 1.0
        if let alphaNode = f["alpha"] {
            guard let value = number(alphaNode), (0...1).contains(value) else {
                diagnostics.error(
                    "\(what) has alpha \(describe(alphaNode)); alpha is from 0 to 1", at: alphaNode.location,
                    rule: "invalid-value")
                return nil
            }
            alpha = value
        }
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        // DTCG's `hex` is six digits, sRGB, without alpha (the object's `alpha` is).
        var fallback: RGBAColor?
        if let hexNode = f["hex"] {
            guard let text = hexNode.scalarText, text.count == 7, let color = RGBAColor(hex: text) else {
                diagnostics.error(
                    "\(what) has hex \(describe(hexNode)); DTCG's hex is \"#RRGGBB\" (the alpha is the object's 'alpha')",
                    at: hexNode.location, rule: "invalid-value")
                return nil
            }
            fallback = RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: byte(alpha))
        }
        guard ["srgb", "srgb-linear", "hsl"].contains(space) else {
            if let fallback { return .color(fallback) }
            diagnostics.error(
                "\(what) is in colour space \(DiagnosticText.quoted(space)), which stategen does not convert; give it in srgb, srgb-linear or hsl, or add DTCG's \"hex\" sRGB fallback",
                at: spaceNode.location, rule: "invalid-value")
            return nil
        }
        let rgb: [Double]
        switch space {
        case "srgb-linear":
            // sRGB's transfer function (IEC 61966-2-1).
            rgb = components.map { c in c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        case "hsl":
            rgb = Self.hslToRGB(hue: components[0], saturation: components[1] / 100, lightness: components[2] / 100)
        default:
            rgb = components
        }
        guard rgb.allSatisfy({ (-0.0005...1.0005).contains($0) }) else {
            diagnostics.error(
                "\(what) has components outside the sRGB gamut (each must be from 0 to 1)", at: componentsNode.location,
                rule: "invalid-value")
            return nil
        }
        return .color(RGBAColor(red: byte(rgb[0]), green: byte(rgb[1]), blue: byte(rgb[2]), alpha: byte(alpha)))
    }

    /// CSS Color 4's HSL to sRGB (hue in degrees, saturation and lightness from 0 to 1).
    static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
        func f(_ n: Double) -> Double {
            // The hue in [0, 360), negative hues included (-120° is 240°).
            let degrees = hue.truncatingRemainder(dividingBy: 360)
            let k = (n + (degrees < 0 ? degrees + 360 : degrees) / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }
}
