/// A spec whose references all resolve: the output of ``SpecValidator`` and the input of the
/// template context builder. Each control kind is spelled out in full — its own states, events,
/// merged transition rows and attribute values — so later stages need no lookups.
public struct CheckedSpec: Sendable {
    public var module: Located<String>
    public var access: AccessLevel
    public var doc: String?
    public var unhandledEvents: UnhandledEventPolicy
    /// The state whose `controlState` is exactly `[selected]`, if one is declared: the
    /// `selectedState` of every kind with selection.
    public var selectedState: String?
    /// The events with `role: select` and `role: deselect`, if declared.
    public var selectEvent: String?
    public var deselectEvent: String?
    public var controls: [CheckedControl]
    /// The appearances values differ by, `light` first.
    public var appearances: [Appearance]
    /// How the generated Swift is written: the spec's `swift:` with the run's options over it.
    public var swift: SwiftOptions
    /// The spec file's path, as given.
    public var path: String
    /// How the kinds' contrast pairs are checked.
    public var contrast = CheckedContrast()
}

/// The spec's `contrast:` settings, checked.
public struct CheckedContrast: Sendable {
    /// The level pairs meet unless they say otherwise.
    public var level: ContrastLevel = .aa
    /// The opaque colour behind each kind in each appearance, over which translucent
    /// backgrounds (and foregrounds without a background) are composited.
    public var backdrop: [Appearance: SourcedValue] = [:]

    public init() {}

    /// The backdrop of `appearance`: the spec's, else white in light appearances and black in
    /// dark ones (UIKit's `systemBackground`), whose source has line 0 (written nowhere).
    public func backdrop(in appearance: Appearance) -> SourcedValue {
        if let given = backdrop[appearance] { return given }
        let dark = appearance == .dark || appearance == .darkHighContrast
        return SourcedValue(
            value: .color(dark ? RGBAColor(red: 0, green: 0, blue: 0) : RGBAColor(red: 255, green: 255, blue: 255)),
            source: ValueSource(location: SourceLocation(path: "", line: 0, column: 0)))
    }
}

/// A foreground/background pair one kind is checked for.
public struct CheckedContrastPair: Sendable {
    /// A `color` attribute of the kind.
    public var foreground: String
    /// A `color` attribute of the kind; `nil`: the backdrop.
    public var background: String?
    /// A `font` attribute of the kind, if the pair names one the kind has.
    public var font: String?
    /// The pair's level, else the spec's.
    public var level: ContrastLevel
    /// Whether the foreground is text (1.4.3/1.4.6) or a component or graphic (1.4.11).
    public var isText: Bool
    /// The kind's states not checked: each state in an exempt declared state (the states it is
    /// made of, and the initial state of each region none of them is in).
    public var exemptStates: Set<String>
    /// Where the pair is written (under the attribute set or the kind).
    public var location: SourceLocation
}

/// One control kind with everything it has.
public struct CheckedControl: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var supportsSelection: Bool
    /// The kind's states, in the spec's order of `states:`.
    public var states: [CheckedState]
    /// The kind's events, in the spec's order of `events:`.
    public var events: [CheckedEvent]
    public var initialState: String
    /// The merged rows, ordered by source state, then event, as declared.
    public var transitions: [CheckedTransition]
    public var attributeSets: [CheckedAttributeSet]
    /// Whether every state of the kind has UIKit control-state flags (`normal` has `[]`), so
    /// that states convert to and from `UIControl.State` and SwiftUI's flags.
    public var hasControlStates: Bool
    /// The UIKit class the kind stands for (`uikit:`), if it names one.
    public var uikitClass: UIKitControlClass?
    /// The SwiftUI control the kind stands for (`swiftui:`), if it names one.
    public var swiftUIControl: SwiftUIControl?
    /// The pairs the contrast check checks in every state and appearance: those of the kind's
    /// attribute sets, and its own.
    public var contrastPairs: [CheckedContrastPair] = []
}

/// A state as one kind has it, with its fallback chain resolved: a declared state, or a
/// combination of states of different regions (`selected+highlighted`), flattened.
public struct CheckedState: Sendable {
    /// The spec name: a declared state's name, or its states joined with `+`.
    public var name: Located<String>
    public var doc: String?
    /// The chain of states whose values this state uses where it has none, nearest first,
    /// ending with `normal`; empty for `normal` itself.
    public var fallbackChain: [String]
    public var requiresSelection: Bool
    /// The state's UIKit control-state flags: `[]` for `normal`, `nil` for a state that
    /// declares none (`controlState:`). A combined state has the union of its states' flags.
    public var controlState: [ControlStateFlag]?
    /// The declared states it is made of, regions first, then the main state: `[]` for
    /// `normal`, one name for a declared state, two or more for a combination.
    public var components: [String]
    /// Whether the state is meant to have no way out (`terminal:` on one of its states).
    public var isTerminal: Bool
}

/// An event as one kind has it.
public struct CheckedEvent: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var requiresSelection: Bool
    public var role: EventRole?
    /// The `UIControl.Event` the event stands for (`uikit:`), if any.
    public var uikit: UIKitControlEvent?
}

/// One row of a kind's merged transition table: in `source`, `event` moves to `target`.
public struct CheckedTransition: Sendable {
    public var source: String
    public var event: String
    public var target: String
    /// Where the row was written (its event key).
    public var location: SourceLocation
    /// Whether the row is the kind's own (`controls.K.transitions`) rather than a shared row.
    public var isKindRow: Bool
}

/// An attribute set as one kind takes it, with the kind's values.
public struct CheckedAttributeSet: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var attributes: [CheckedAttribute]
}

/// An attribute of a set, typed, with one kind's values by state.
public struct CheckedAttribute: Sendable {
    public var name: Located<String>
    public var type: AttributeType
    public var doc: String?
    /// The UIKit setter the values are applied through, if the attribute names one.
    public var uikit: UIKitProperty?
    /// The text style a dimension scales with (`scaledBy:`), if any.
    public var scaledBy: FontSpec.TextStyle?
    /// What the value is to a view (`role:`), if the attribute says; no two attributes of one
    /// kind have the same role.
    public var role: AttributeRole?
    /// The kind's values by state, in the kind's state order; always has `normal`. These are
    /// the `light` appearance's.
    public var values: [(state: String, value: AttributeValue)]
    /// The values in each other appearance the spec declares, by state as `values` (each
    /// state that has a value in light has one here, along the appearance's fallback chain).
    public var appearanceValues: [Appearance: [(state: String, value: AttributeValue)]]
    /// Where the kind's values of this attribute are written (`controls.K.values.attribute`);
    /// `nil` when the kind gives none.
    public var valuesLocation: SourceLocation?
    /// Where each value of `values` and `appearanceValues` comes from, as (appearance, state,
    /// source), by appearance in the spec's order (`light` first), then by state in the kind's
    /// order: one array, since a kind has few, rather than a dictionary per appearance (a
    /// 10,000-kind spec held about 100 MB of them while it rendered).
    public var sourceList: [(appearance: Appearance, state: String, source: ValueSource)] = []

    /// Where the value of `state` in `appearance` comes from (``sourceList``), or `nil` where
    /// the state has no value of its own there.
    public func source(of state: String, in appearance: Appearance) -> ValueSource? {
        sourceList.first { $0.appearance == appearance && $0.state == state }?.source
    }

    /// ``sourceList`` by appearance (`light` included) and state: for `stategen preview`,
    /// `styles` and the contrast check. Made on each read.
    public var sources: [Appearance: [String: ValueSource]] {
        var result: [Appearance: [String: ValueSource]] = [:]
        for entry in sourceList { result[entry.appearance, default: [:]][entry.state] = entry.source }
        return result
    }
}

/// A checked value with where it comes from.
public struct SourcedValue: Sendable, Hashable {
    public var value: AttributeValue
    public var source: ValueSource
}

/// Where an attribute's value comes from: the place it is written in the spec and, for a
/// token reference, the token and each alias on the way to the token that holds the value.
public struct ValueSource: Sendable, Hashable {
    /// The value as written: the state's entry under `controls.K.values.attribute`, or the
    /// appearance's entry of a value by appearance.
    public var location: SourceLocation
    /// The token referred to, then each alias it went through, ending with the token whose
    /// `$value` is a literal; empty for a literal value.
    public var tokenChain: [String] = []
    /// Where the last token of `tokenChain` is declared, as the appearance resolved it (a
    /// `.tokens.json` file of that appearance, or the spec's `tokens:`).
    public var tokenLocation: SourceLocation? {
        get { tokenLocations.first ?? nil }
        set { setTokenLocations(newValue, tokenValueLocation) }
    }
    /// Where that token's `$value` is written (``TokenTable/valueLocation(of:in:)``), for a
    /// note about the value itself.
    public var tokenValueLocation: SourceLocation? {
        get { tokenLocations.count > 1 ? tokenLocations[1] : nil }
        set { setTokenLocations(tokenLocation, newValue) }
    }
    /// `tokenLocation` and `tokenValueLocation`, or empty when both are `nil` (a literal):
    /// held apart so that a literal's source, which most are, takes no room for them (a
    /// source was 105 bytes with both inline).
    private var tokenLocations: [SourceLocation?] = []
    /// For a value written by appearance (`{ light: ..., dark: ... }`), the appearance whose
    /// entry was taken (`dark` for `darkHighContrast` without an entry of its own).
    public var variant: Appearance? = nil

    private mutating func setTokenLocations(_ token: SourceLocation?, _ value: SourceLocation?) {
        tokenLocations = token == nil && value == nil ? [] : [token, value]
    }

    public init(
        location: SourceLocation, tokenChain: [String] = [], tokenLocation: SourceLocation? = nil,
        variant: Appearance? = nil, tokenValueLocation: SourceLocation? = nil
    ) {
        self.location = location
        self.tokenChain = tokenChain
        self.variant = variant
        setTokenLocations(tokenLocation, tokenValueLocation)
    }
}

extension CheckedSpec {
    /// Every attribute's ``CheckedAttribute/sourceList`` emptied: for a render, which reads
    /// none (they are for diagnostics, `styles` and `preview`), about a third of what the
    /// checked spec holds.
    mutating func dropValueSources() {
        for index in controls.indices { controls[index].dropValueSources() }
    }
}

extension CheckedControl {
    /// ``CheckedSpec/dropValueSources()`` of one kind.
    mutating func dropValueSources() {
        for s in attributeSets.indices {
            for a in attributeSets[s].attributes.indices { attributeSets[s].attributes[a].sourceList = [] }
        }
    }
}
