import Foundation

/// WCAG 2.2 contrast arithmetic (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio,
/// #dfn-relative-luminance): sRGB colours with 8-bit components, and Display P3 colours measured
/// on their P3 components, as they are drawn.
public enum WCAGContrast {
    /// The relative luminance of `color` (alpha ignored), 0 (black) to 1 (white). An sRGB
    /// colour's is WCAG's: each component linearized (`c / 12.92` up to 0.04045, else
    /// `((c + 0.055) / 1.055) ^ 2.4`), weighted 0.2126, 0.7152, 0.0722. A Display P3 colour's
    /// (`displayP3` set) is the CIE Y of its P3 components (sRGB's transfer function, then CSS
    /// Color 4's `lin_P3_to_XYZ`), the same definition of luminance (WCAG's weights are sRGB's
    /// row of that matrix), not that of its clipped or mapped sRGB approximation.
    public static func relativeLuminance(_ color: RGBAColor) -> Double {
        if color.displayP3 != nil { return ColorSpaces.xyzD65(drawn: color)[1] }
        func linear(_ component: UInt8) -> Double {
            let c = Double(component) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// `(L1 + 0.05) / (L2 + 0.05)`, the lighter colour's luminance over the darker's: 1 to 21.
    public static func ratio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let (la, lb) = (relativeLuminance(a), relativeLuminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` drawn over the opaque `bottom` (source-over, non-premultiplied, as UIKit and
    /// browsers blend, on gamma-encoded components); opaque. Two sRGB colours blend in sRGB,
    /// rounded to 8 bits. When either is a Display P3 colour both blend in Display P3's encoded
    /// components (an sRGB colour converted exactly: sRGB is inside P3), so that neither is
    /// clipped, and the result is kept as a P3 colour (``ColorSpaces/color(_:_:alpha:)``: 8-bit
    /// sRGB again when it falls inside sRGB).
    public static func composite(_ top: RGBAColor, over bottom: RGBAColor) -> RGBAColor {
        let alpha = Double(top.alpha) / 255
        if top.displayP3 != nil || bottom.displayP3 != nil {
            func p3(_ color: RGBAColor) -> [Double] {
                ColorSpaces.Gamut.displayP3.components(fromXYZ: ColorSpaces.xyzD65(drawn: color))
            }
            let (t, b) = (p3(top), p3(bottom))
            let blended = zip(t, b).map { $0 * alpha + $1 * (1 - alpha) }
            return ColorSpaces.color(.displayP3, blended, alpha: 1) ?? bottom
        }
        func blend(_ t: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(t) * alpha + Double(b) * (1 - alpha)).rounded())
        }
        return RGBAColor(
            red: blend(top.red, bottom.red), green: blend(top.green, bottom.green), blue: blend(top.blue, bottom.blue))
    }

    /// The ratio as WCAG reports it: two decimals, rounded down, so that a ratio just under a
    /// threshold never prints as the threshold (4.499 is "4.49", not "4.50").
    public static func format(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }

    /// A point size as the messages print it: `17`, `17.5`, `1e+19`.
    public static func points(_ size: Double) -> String {
        size == size.rounded() && abs(size) < 1e15 ? String(Int(size)) : String(size)
    }

    /// A required ratio as WCAG writes it: `4.5:1`, `3:1`, `7:1`.
    public static func formatRequired(_ ratio: Double) -> String {
        ratio == ratio.rounded() ? "\(Int(ratio)):1" : "\(ratio):1"
    }

    /// The point size of `style` at the default Dynamic Type size (Large), from Apple's
    /// Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes".
    public static func defaultPointSize(_ style: FontSpec.TextStyle) -> Double {
        switch style {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    /// The weight of `font`: its own, else its style's (`headline` is semibold, the others
    /// regular).
    public static func weight(of font: FontSpec) -> FontWeight {
        font.weight ?? (font.textStyle == .headline ? .semibold : .regular)
    }

    /// Whether WCAG counts `font` as large-scale text (a brand typeface's too, by its own
    /// `size` and `weight`): at least 18 points, or at least 14
    /// points and bold (weight `bold` or heavier; `semibold` is not bold), taken as iOS points
    /// at the default Dynamic Type size.
    public static func isLargeText(_ font: FontSpec) -> Bool {
        let size = font.size ?? defaultPointSize(font.textStyle)
        let bold = [.bold, .heavy, .black].contains(weight(of: font))
        return size >= 18 || (size >= 14 && bold)
    }

    /// The ratio a pair needs: text 4.5:1 at AA (3:1 large) and 7:1 at AAA (4.5:1 large),
    /// success criteria 1.4.3 and 1.4.6; a component or graphic 3:1 (1.4.11, which has no AAA
    /// level).
    public static func required(level: ContrastLevel, isText: Bool, isLargeText: Bool) -> Double {
        guard isText else { return 3 }
        switch level {
        case .aa: return isLargeText ? 3 : 4.5
        case .aaa: return isLargeText ? 4.5 : 7
        }
    }
}

/// One pair of one kind in one state and appearance, measured.
public struct ContrastResult: Sendable {
    /// The kind's spec name.
    public var kind: String
    /// The pair measured.
    public var pair: CheckedContrastPair
    /// The kind's state, by its spec name (`selected+highlighted`).
    public var state: String
    public var appearance: Appearance
    /// The foreground's value in this state and appearance, with its source.
    public var foreground: ResolvedStyles.ResolvedValue
    /// `nil`: the pair has no background in this kind; the foreground is seen over the backdrop.
    public var background: ResolvedStyles.ResolvedValue?
    /// The opaque colour behind the kind in this appearance (``CheckedContrast/backdrop(in:)``).
    public var backdrop: SourcedValue
    /// The colours as seen: the background composited over the backdrop, the foreground over
    /// that; both opaque.
    public var seenForeground: RGBAColor
    public var seenBackground: RGBAColor
    /// The font the text is drawn in, if the pair names one.
    public var font: FontSpec?
    /// Whether `font` is WCAG large text (``WCAGContrast/isLargeText(_:)``); `false` without one.
    public var isLargeText: Bool
    /// The WCAG contrast ratio of the seen colours, 1 to 21 (not rounded).
    public var ratio: Double
    /// The ratio the pair's level asks (``WCAGContrast/required(level:isText:isLargeText:)``):
    /// 3, 4.5 or 7.
    public var required: Double
    /// Whether the state is exempt (disabled, by default): measured, not reported.
    public var isExempt: Bool

    /// Whether the ratio meets the required one (no rounding up: 4.499 fails 4.5).
    public var passes: Bool { ratio >= required }
}

/// The contrast check: every pair of every kind in every state and appearance, with
/// translucent colours composited over the backdrop. Failures of states that are not exempt
/// are `contrast` warnings at the foreground's value.
public enum ContrastAudit {
    /// Measures every pair of `spec` (which validated without errors).
    public static func results(_ spec: CheckedSpec, styles: ResolvedStyles) -> [ContrastResult] {
        var results: [ContrastResult] = []
        for (control, kind) in zip(spec.controls, styles.kinds) {
            for pair in control.contrastPairs {
                for style in kind.styles {
                    for appearanceStyle in style.appearances {
                        guard let foreground = appearanceStyle.value(of: pair.foreground),
                            case .color(let fg) = foreground.value
                        else { continue }
                        let backdrop = spec.contrast.backdrop(in: appearanceStyle.appearance)
                        guard case .color(let base) = backdrop.value else { continue }
                        let background = pair.background.flatMap { appearanceStyle.value(of: $0) }
                        var seenBackground = base
                        if let background, case .color(let bg) = background.value {
                            seenBackground = WCAGContrast.composite(bg, over: base)
                        }
                        let seenForeground = WCAGContrast.composite(fg, over: seenBackground)
                        var font: FontSpec?
                        if let name = pair.font, case .font(let value)? = appearanceStyle.value(of: name)?.value {
                            font = value
                        }
                        let large = font.map(WCAGContrast.isLargeText) ?? false
                        results.append(
                            ContrastResult(
                                kind: kind.name, pair: pair, state: style.state,
                                appearance: appearanceStyle.appearance, foreground: foreground, background: background,
                                backdrop: backdrop, seenForeground: seenForeground, seenBackground: seenBackground,
                                font: font, isLargeText: large,
                                ratio: WCAGContrast.ratio(seenForeground, seenBackground),
                                required: WCAGContrast.required(
                                    level: pair.level, isText: pair.isText, isLargeText: large),
                                isExempt: pair.exemptStates.contains(style.state)))
                    }
                }
            }
        }
        return results
    }

    /// Reports each failure of a state that is not exempt as a `contrast` warning. Failures
    /// with the same colours from the same places are one warning naming every state and
    /// appearance they occur in.
    public static func report(_ results: [ContrastResult], to diagnostics: DiagnosticCollector) {
        struct Key: Hashable {
            var kind: String
            var foreground: String
            var fgSource: ValueSource
            var bgSource: ValueSource?
            var seen: [UInt32]
            var required: Double
        }
        var groups: [Key: [ContrastResult]] = [:]
        var order: [Key] = []
        for result in results where !result.passes && !result.isExempt {
            let key = Key(
                kind: result.kind, foreground: result.pair.foreground, fgSource: result.foreground.source,
                bgSource: result.background?.source, seen: [result.seenForeground.rgba, result.seenBackground.rgba],
                required: result.required)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        for key in order {
            guard let group = groups[key], let first = group.first else { continue }
            diagnostics.warning(
                message(group), at: first.foreground.source.location, rule: .contrast, kind: key.kind,
                notes: notes(first))
        }
    }

    /// `ToggleButton: titleColor on backgroundColor is 3.22:1 in normal (light), below the 4.5:1
    /// that WCAG 2.2 AA asks of text (body, 17 pt regular)`.
    static func message(_ group: [ContrastResult]) -> String {
        let first = group[0]
        var states: [String] = []
        var appearances: [String: [String]] = [:]
        for result in group {
            if appearances[result.state] == nil { states.append(result.state) }
            appearances[result.state, default: []].append(result.appearance.rawValue)
        }
        let places = states.map { "\($0) (\(appearances[$0]!.joined(separator: ", ")))" }
        let on = first.pair.background.map { "on \($0)" } ?? "on the backdrop"
        let level: String
        let what: String
        if !first.pair.isText {
            // 1.4.11 is a level AA criterion; AAA asks nothing more of components.
            level = "AA"
            what =
                "a component or graphic (success criterion 1.4.11\(first.pair.level == .aaa ? ", which AAA does not raise" : ""))"
        } else if let font = first.font {
            level = first.pair.level.rawValue
            let size = font.size ?? WCAGContrast.defaultPointSize(font.textStyle)
            what =
                "\(first.isLargeText ? "large" : "normal") text (\((font.face ?? font.family).map { "\($0), " } ?? "")\(font.textStyle.rawValue), \(WCAGContrast.points(size)) pt \(WCAGContrast.weight(of: font).rawValue))"
        } else {
            level = first.pair.level.rawValue
            what = "normal text (the pair names no font)"
        }
        return
            "\(first.kind): \(first.pair.foreground) \(on) is \(WCAGContrast.format(first.ratio)) in \(list(places)), below the \(WCAGContrast.formatRequired(first.required)) that WCAG 2.2 \(level) asks of \(what)"
    }

    static func notes(_ result: ContrastResult) -> [Diagnostic.Note] {
        var foreground = note(
            result.pair.foreground, result.foreground.value, result.foreground.source, result.foreground.fromState,
            state: result.state)
        if case .color(let color) = result.foreground.value, color.alpha != 255 {
            foreground.message += ", translucent: seen as \(describe(result.seenForeground))"
        }
        var notes = [foreground]
        if let background = result.background {
            var text = note(
                background.attribute, background.value, background.source, background.fromState, state: result.state)
            if case .color(let color) = background.value, color.alpha != 255 {
                text.message +=
                    ", translucent: seen as \(describe(result.seenBackground)) over the backdrop \(hex(result.backdrop.value))"
            }
            notes.append(text)
        } else if result.backdrop.source.location.line > 0 {
            var backdrop = note(
                "the backdrop", result.backdrop.value, result.backdrop.source, result.state, state: result.state)
            backdrop.message += " is behind it in \(result.appearance.rawValue)"
            notes.append(backdrop)
        } else {
            notes.append(
                .init(
                    "the backdrop is the default \(hex(result.backdrop.value)) in \(result.appearance.rawValue) (contrast: backdrop: sets another)"
                ))
        }
        notes.append(.init("the pair is declared here", at: result.pair.location))
        return notes
    }

    /// `titleColor #0A84FF, from {color.semantic.action.primary} -> color.palette.blue.500`.
    static func note(
        _ attribute: String, _ value: AttributeValue, _ source: ValueSource, _ fromState: String, state: String
    ) -> Diagnostic.Note {
        var text = "\(attribute) \(hex(value))"
        if fromState != state { text += " (the value of \(fromState), which \(state) falls back to)" }
        if !source.tokenChain.isEmpty {
            text += " is token {\(source.tokenChain[0])}"
            if source.tokenChain.count > 1 {
                text += ", an alias of " + source.tokenChain.dropFirst().joined(separator: " -> ")
            }
        }
        if let variant = source.variant { text += " (its \(variant.rawValue) value)" }
        return .init(text, at: source.tokenLocation ?? source.location)
    }

    static func hex(_ value: AttributeValue) -> String {
        if case .color(let color) = value { return describe(color) }
        return "\(value)"
    }

    /// `#0A84FF`; a Display P3 colour's sRGB approximation and the P3 components measured,
    /// four decimals: `#F20000 (Display P3 0.88 0 0)`.
    static func describe(_ color: RGBAColor) -> String {
        guard let p3 = color.displayP3 else { return color.hex }
        let components = [p3.red, p3.green, p3.blue].map { HTML.decimal($0, places: 4) }.joined(separator: " ")
        return "\(color.hex) (Display P3 \(components))"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0, 1: return items.first ?? ""
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
