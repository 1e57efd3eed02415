/// A stategen specification as written: the output of ``SpecDecoder``, before the references
/// between its parts are checked (that is ``SpecValidator``'s job).
///
/// Every name keeps the location it was written at so that later stages can point at it.
/// Collections keep the spec's order, which is also the order of the generated declarations.
/// The format is described in `docs/spec-reference.md`.
public struct Spec: Sendable {
    /// The version of the spec format (`stategen:`); this build reads version 1.
    public var formatVersion: Int
    /// The namespace of the generated code and the stem of its file name (`module:`).
    public var module: Located<String>
    /// The access level of every generated declaration (`access:`).
    public var access: AccessLevel
    public var doc: String?
    /// The state each control kind starts in unless it says otherwise (`initial:`, default `normal`).
    public var initialState: Located<String>?
    /// What a machine does with an event that no transition row handles (`unhandledEvents:`).
    public var unhandledEvents: UnhandledEventPolicy
    /// The order in which a combined state's components lend it their values (`precedence:`),
    /// strongest first; empty means the default (region states, then main-region states, each
    /// in declaration order). See ``SpecValidator`` and `docs/spec-reference.md`.
    public var precedence: [Located<String>]
    public var states: [StateSpec]
    public var events: [EventSpec]
    /// The shared transition rows; each control kind gets those whose states and event it has.
    public var transitions: [TransitionSpec]
    public var attributes: [AttributeSpec]
    public var attributeSets: [AttributeSetSpec]
    public var controls: [ControlSpec]
    /// The spec's own design tokens (`tokens:`), then those of each `tokenFiles:` entry, in the
    /// DTCG format; values refer to them as `"{group.token}"`. A path may be here more than once
    /// (a later file overriding it): ``tokenTable`` holds the winners.
    public var tokens: [TokenSpec]
    /// The `.tokens.json` (or YAML) files listed in `tokenFiles:`, relative to the spec.
    public var tokenFiles: [TokenFileSpec]
    /// The appearances values may differ by (`appearances:`), `light` first; `[light]` when the
    /// spec declares none.
    public var appearances: [Located<Appearance>]
    /// Tokens that hold another appearance's values (a token file listed with an
    /// `appearance:`), by appearance; a path here overrides the same path of `tokens` there.
    public var appearanceTokens: [Appearance: [TokenSpec]] = [:]
    /// Whether tokens no value uses are reported (`unusedTokens:`).
    public var unusedTokens: UnusedTokenPolicy
    /// How the generated Swift is written (`swift:`).
    public var swift: SwiftOptions
    /// `contrast:`: how foreground/background pairs are checked, if the spec says.
    public var contrast: ContrastSpec? = nil
    /// `warnings:`: warning rules not reported for this spec.
    public var warnings = WarningSettings()
    /// Every token with its alias chain followed; filled by the pipeline once the token files
    /// are read.
    public var tokenTable = TokenTable()
    /// The path of the spec file, as given.
    public var path: String
}

/// A token file listed in `tokenFiles:`: a path, and the appearance whose values it holds
/// (`nil`: every appearance's, the base).
public struct TokenFileSpec: Sendable {
    public var path: Located<String>
    public var appearance: Located<Appearance>?
    /// For a DTCG resolver document (`*.resolver.json`): the context chosen for each modifier
    /// that is not the theme (`modifiers: { brand: acme }`), in the spec's order; a modifier
    /// not named takes its `default`.
    public var modifiers: [(name: Located<String>, context: Located<String>)] = []
    /// For a resolver document: the modifier whose contexts are the appearances
    /// (`themeModifier: mode`); `nil`: the one named `theme`, else the first whose contexts
    /// name an appearance.
    public var themeModifier: Located<String>? = nil
    /// For a resolver document: the theme context of an appearance whose name differs
    /// (`contexts: { dark: night }`); others by name (`dark-high-contrast` is `darkHighContrast`).
    public var contexts: [Appearance: Located<String>] = [:]

    /// Whether the file is a DTCG resolver document (its name ends in `.resolver.json`).
    public var isResolver: Bool { path.value.hasSuffix(".resolver.json") }
}

/// An appearance values may differ by: UIKit's `userInterfaceStyle` and
/// `accessibilityContrast` traits, SwiftUI's `colorScheme` and `colorSchemeContrast`.
public enum Appearance: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The base: UIKit's `.light` (and `.unspecified`) user interface style.
    case light
    /// UIKit's `.dark` user interface style, SwiftUI's `ColorScheme.dark`.
    case dark
    /// Light, with the accessibility setting Increase Contrast on.
    case lightHighContrast
    /// Dark, with Increase Contrast on.
    case darkHighContrast

    /// The appearance whose value this one takes when it has none of its own:
    /// `darkHighContrast` → `dark` → `light`, `lightHighContrast` → `light`. As Apple's asset
    /// catalogs do: a colour set without a high-contrast variant shows the plain one, and one
    /// without a dark variant the light one.
    public var fallback: Appearance? {
        switch self {
        case .light: nil
        case .dark, .lightHighContrast: .light
        case .darkHighContrast: .dark
        }
    }

    /// The appearance itself, then its fallbacks: `[darkHighContrast, dark, light]`.
    public var chain: [Appearance] {
        var result = [self]
        while let next = result.last?.fallback { result.append(next) }
        return result
    }

    public static func < (a: Appearance, b: Appearance) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Whether a token that no value and no used alias refers to is reported.
public enum UnusedTokenPolicy: String, Sendable, Hashable, CaseIterable {
    /// An `unused-token` warning for each.
    case warn
    /// Nothing: a shared token file holds more than one spec uses.
    case ignore
}

/// The access level of the generated declarations, as in Swift.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `package`
    case `internal`
}

/// What a machine does when it is sent an event that no transition row of its state handles.
public enum UnhandledEventPolicy: String, Sendable, Hashable, CaseIterable {
    /// The state stays as it is and `send` reports `.ignored` (UIKit's behaviour: a touch on a
    /// disabled control does nothing).
    case ignore
    /// The state stays as it is and `send` reports `.rejected`, for callers that treat an
    /// unexpected event as a bug.
    case reject
}

/// A control state (`states:`), such as `normal` or `selected`.
public struct StateSpec: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// The state whose attribute values this one uses where it has none of its own (`fallback:`).
    /// `nil` means `normal` (UIKit: an unset state uses the normal value); `normal` has none.
    public var fallback: Located<String>?
    /// Whether only kinds that support selection have this state (`selection: true`).
    public var requiresSelection: Bool
    /// Whether the state is meant to have no way out (`terminal: true`); otherwise a state
    /// without an outgoing row is a warning.
    public var isTerminal: Bool
    /// The UIKit control-state flags this state stands for (`controlState:`), such as
    /// `[highlighted]`; `nil` when the state does not say. They drive the `UIControl.State`
    /// conversion, the SwiftUI helpers and `SelectableControlKind.selectedState`.
    public var controlState: Located<[ControlStateFlag]>?
    /// The parallel region the state belongs to (`region:`); `nil` for the main region, which
    /// holds `normal`. States of one region exclude each other; states of different regions
    /// combine (statecharts' parallel regions, flattened into one enum per kind). The first
    /// state declared in a region is its initial state.
    public var region: Located<String>?
}

/// An event that moves a control between states (`events:`), such as `touchDown`.
public struct EventSpec: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// Whether only kinds that support selection have this event (`selection: true`).
    public var requiresSelection: Bool
    /// What generic code may use the event for (`role:`), such as selecting the control.
    public var role: Located<EventRole>?
    /// The `UIControl.Event` that is this event (`uikit:`), for `Event(uiControlEvent:)`.
    public var uikit: Located<UIKitControlEvent>?
}

/// What an event does for generic code over control kinds (`role:` on an event). Each role is
/// a requirement of the generated `SelectableControlKind` protocol, so at most one event has it.
public enum EventRole: String, Sendable, Hashable, CaseIterable {
    /// The event that selects the control (`SelectableControlKind.selectEvent`).
    case select
    /// The event that deselects the control (`SelectableControlKind.deselectEvent`).
    case deselect
}

/// One transition row: in `source`, `event` moves the control to `target`.
public struct TransitionSpec: Sendable {
    public var source: Located<String>
    public var event: Located<String>
    public var target: Located<String>
}

/// The type of an attribute's values (`type:`); a value is read as its attribute's type, never
/// guessed from the scalar.
public enum AttributeType: String, Sendable, Hashable, CaseIterable {
    /// Any scalar's text (`NO`, `on`, `1:30` and `0x1F` included).
    case string
    /// A YAML 1.2 core integer: decimal, `0o` octal or `0x` hexadecimal, fitting in `Int`.
    case int
    /// A YAML 1.2 core integer or float, `.inf` and `.nan` included.
    case double
    /// `true` or `false` (YAML 1.2 core schema; `yes`, `on` and the like are not booleans).
    case bool
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` in hexadecimal, CSS order (alpha last).
    case color
    /// A length in points, generated as `CGFloat` where CoreGraphics is there (`Double`
    /// elsewhere): a number, or a DTCG `dimension` (`px`, `rem`) or `number` token.
    case dimension
    /// A Dynamic Type font: a text style (`body`), or `{ style, weight, design, size }`.
    case font
}

/// An attribute whose value differs by state (`attributes:`), such as `titleColor`.
public struct AttributeSpec: Sendable {
    public var name: Located<String>
    public var type: AttributeType
    public var doc: String?
    /// The UIKit per-state setter the attribute's values go to (`uikit:`); `nil` when none.
    /// Never guessed from the attribute's name.
    public var uikit: Located<UIKitProperty>?
    /// For a `dimension`: the text style whose Dynamic Type scaling it follows (`scaledBy:`),
    /// as `UIFontMetrics` and SwiftUI's `@ScaledMetric(relativeTo:)` scale a length.
    public var scaledBy: Located<FontSpec.TextStyle>?
    /// What the value is to a view (`role:`), for the generated application helpers; `nil`
    /// when the attribute has none. Never guessed from the attribute's name.
    public var role: Located<AttributeRole>? = nil
}

/// A named group of attributes that control kinds take as a whole (`attributeSets:`).
public struct AttributeSetSpec: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var attributes: [Located<String>]
    /// The pairs every kind with the set is checked for (`contrast:`).
    public var contrast: [ContrastPairSpec] = []
}

/// A control kind (`controls:`), such as a push button or a segmented-control segment.
public struct ControlSpec: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// Whether the kind supports selection (`selection: true`); only such kinds have the
    /// selection-only states and events.
    public var supportsSelection: Bool
    /// The kind's own initial state, overriding the spec's.
    public var initialState: Located<String>?
    /// States only this kind has (`states:` of the kind), with the keys of shared states.
    public var ownStates: [StateSpec]
    /// Events only this kind has (`events:` of the kind), with the keys of shared events.
    public var ownEvents: [EventSpec]
    /// The shared states the kind has (`sharedStates:`); `nil` means all of them (less the
    /// selection-only ones for a kind without selection).
    public var sharedStates: [Located<String>]?
    /// The shared events the kind has (`sharedEvents:`); `nil` means all of them (less the
    /// selection-only ones for a kind without selection).
    public var sharedEvents: [Located<String>]?
    /// The kind's own `precedence:`, replacing the spec's.
    public var precedence: [Located<String>]?
    /// The UIKit class the kind stands for (`uikit:`); bridging emits only what it supports.
    public var uikitClass: Located<UIKitControlClass>?
    /// The SwiftUI control the kind stands for (`swiftui:`).
    public var swiftUIControl: Located<SwiftUIControl>?
    /// Rows the kind adds, or that replace a shared row for the same state and event.
    public var transitions: [TransitionSpec]
    public var attributeSets: [Located<String>]
    public var values: [AttributeValuesSpec]
    /// The kind's own pairs (`contrast:`); one with the foreground of a set's pair replaces it.
    public var contrast: [ContrastPairSpec] = []
    /// `warnings:`: warning rules not reported about this kind.
    public var warnings = WarningSettings()
}

/// The per-state values of one attribute for one control kind (`values:`).
public struct AttributeValuesSpec: Sendable {
    public var attribute: Located<String>
    public var values: [StateValue]
}

/// One attribute value for one state.
public struct StateValue: Sendable {
    public var state: Located<String>
    public var value: Located<ValueSpec>
}

/// An attribute value as written: a literal of the attribute's type, a token reference, or
/// one of those for each appearance.
public indirect enum ValueSpec: Sendable, Hashable {
    /// A value written out, read as the attribute's type.
    case literal(AttributeValue)
    /// `"{group.token}"`: the token's value, which must fit the attribute's type; it differs by
    /// appearance where the token does.
    case token(String)
    /// `{ light: ..., dark: ... }`: a value for each appearance it names (`light` required).
    case byAppearance([Appearance: Located<ValueSpec>])
    /// A font written out whose parts refer to tokens (`{ family: "{font.family.sans}", style:
    /// body }`): the parts written as literals, and each part's token path, located at the part.
    /// It differs by appearance where one of its tokens does.
    case fontParts(FontSpec, [FontSpec.Part: Located<String>])
}

/// A typed attribute value.
public enum AttributeValue: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case color(RGBAColor)
    /// A `font` attribute's value; a `dimension`'s is a `double` (points). Held out of line:
    /// a font is 81 bytes, and inline it made every value that large.
    indirect case font(FontSpec)
}

/// A typed font: a Dynamic Type text style (the one it scales with), with an optional weight, a
/// design and an optional fixed size that still scales with the style (`UIFontMetrics`); or a
/// brand typeface, named by its family or its PostScript face, scaled with that text style.
public struct FontSpec: Sendable, Hashable {
    /// The text style it scales with (Dynamic Type); a brand face's too.
    public var textStyle: TextStyle
    public var weight: FontWeight?
    public var design: FontDesign
    /// Points at the default content size; `nil` is the style's own size.
    public var size: Double?
    /// The typeface's family name (`Inter`), as `UIFontDescriptor.AttributeName.family` and
    /// CSS `font-family` name it; `nil`: the system font.
    public var family: String? = nil
    /// The face's PostScript name (`Inter-SemiBold`), as `UIFont(name:size:)` takes it; `nil`:
    /// the face of `family` with `weight`.
    public var face: String? = nil
    /// The line height as a multiple of the font size (DTCG `typography`'s `lineHeight`);
    /// `nil`: the font's own.
    public var lineHeight: Double? = nil
    /// Extra space between characters, in points (DTCG `typography`'s `letterSpacing`); `nil`:
    /// none.
    public var letterSpacing: Double? = nil

    public init(
        textStyle: TextStyle, weight: FontWeight? = nil, design: FontDesign = .default, size: Double? = nil,
        family: String? = nil, face: String? = nil, lineHeight: Double? = nil, letterSpacing: Double? = nil
    ) {
        self.textStyle = textStyle
        self.weight = weight
        self.design = design
        self.size = size
        self.family = family
        self.face = face
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }

    /// A part of a font that a token can give (the key the spec writes it under): `family` a
    /// DTCG `fontFamily` token, `weight` a `fontWeight` (or `number`), `size` and
    /// `letterSpacing` a `dimension` (or `number`, points), `lineHeight` a `number`.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case family, weight, size, lineHeight, letterSpacing
    }

    /// UIKit's `UIFont.TextStyle` names.
    public enum TextStyle: String, Sendable, Hashable, CaseIterable {
        case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2
    }
}

/// `UIFont.Weight`'s and SwiftUI `Font.Weight`'s names.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The weight class, 100 (`ultraLight`) to 900 (`black`) in steps of 100, in
    /// `UIFont.Weight`'s order: CSS `font-weight` and DTCG `fontWeight` (SF Pro's Ultralight
    /// is 100, its Black 900).
    public var weightClass: Int {
        100 * ((Self.allCases.firstIndex(of: self) ?? 3) + 1)
    }

    /// The weight nearest a CSS / DTCG `fontWeight` number (1 to 1000): the weight class
    /// rounded to the nearest hundred, a half up (450 is `medium`), within 100 (`ultraLight`)
    /// and 900 (`black`); `nil` outside 1 to 1000 (DTCG 2025.10, 8.4 Font weight).
    public init?(weightClass number: Double) {
        guard number.isFinite, number >= 1, number <= 1000 else { return nil }
        let step = min(max(Int((number / 100).rounded(.toNearestOrAwayFromZero)), 1), 9)
        self = Self.allCases[step - 1]
    }
}

/// `UIFontDescriptor.SystemDesign`'s and SwiftUI `Font.Design`'s names.
public enum FontDesign: String, Sendable, Hashable, CaseIterable {
    case `default`, rounded, serif, monospaced
}

/// An sRGB colour with 8-bit components, as written in the spec; for a colour written in a
/// wide-gamut space, also its exact Display P3 components, which the generated Swift draws.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    /// The colour in Display P3, when it was written in a space wider than sRGB (`display-p3`,
    /// `oklch`, `rec2020`, ...; a wider one gamut-mapped into P3); `nil` for an sRGB colour.
    /// `red`, `green` and `blue` are then its sRGB approximation (for hex, previews and
    /// exports that take sRGB only).
    public var displayP3: DisplayP3Components? = nil

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255, displayP3: DisplayP3Components? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.displayP3 = displayP3
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when translucent (of the sRGB approximation for a wide-gamut
    /// colour): the hex notation ``init(hex:)`` reads, as
    /// diagnostics, `stategen preview` and `stategen styles` print colours.
    public var hex: String {
        func byte(_ b: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha == 255 ? "" : byte(alpha))
    }

    /// The components packed as `0xRRGGBBAA`.
    public var rgba: UInt32 {
        UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (CSS Color Module Level 4, hex colour notation,
    /// without the 4-digit form); `nil` for anything else.
    public init?(hex text: String) {
        // Read straight from the UTF-8 view into one number: no array per colour (a spec has
        // one colour per state and attribute of every kind).
        var utf8 = text.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        var count = 0
        while let d = utf8.next() {
            let nibble: UInt8
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = d - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = d - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = d - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard count < 8 else { return nil }
            value = value << 4 | UInt32(nibble)
            count += 1
        }
        func component(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        switch count {
        case 3:
            self.init(
                red: (component(8) & 15) * 17, green: (component(4) & 15) * 17, blue: (component(0) & 15) * 17,
                alpha: 255)
        case 6:
            self.init(red: component(16), green: component(8), blue: component(0), alpha: 255)
        case 8:
            self.init(red: component(24), green: component(16), blue: component(8), alpha: component(0))
        default:
            return nil
        }
    }
}

/// A colour's components in Display P3 (Apple's wide gamut: DCI-P3 primaries, D65 white, the
/// sRGB transfer function), each from 0 to 1, gamma-encoded as `UIColor(displayP3Red:green:blue:alpha:)`
/// and SwiftUI's `Color(.displayP3, red:green:blue:opacity:)` take them; the alpha is the
/// ``RGBAColor``'s.
public struct DisplayP3Components: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
