// The same control kind as the generated Controls.ToggleButton, written by hand the way an iOS
// engineer would without stategen: two enums, a machine whose send is one switch over
// (state, event), and per-state colours with optional overrides and a switch that falls back to
// normal. scripts/benchmark-generated times it against the generated code in the same binary.

enum HandState: Hashable { case normal, highlighted, disabled, selected }

enum HandEvent: Hashable {
    case touchDown, touchUpInside, touchUpOutside, touchCancel, disable, enable, select, deselect
}

enum HandOutcome: Hashable {
    case moved(from: HandState, to: HandState)
    case ignored
}

struct HandMachine {
    var state: HandState = .normal

    mutating func send(_ event: HandEvent) -> HandOutcome {
        let target: HandState
        switch (state, event) {
        case (.normal, .touchDown): target = .highlighted
        case (.normal, .disable): target = .disabled
        case (.normal, .select): target = .selected
        case (.highlighted, .touchUpInside): target = .selected
        case (.highlighted, .touchUpOutside), (.highlighted, .touchCancel): target = .normal
        case (.highlighted, .disable): target = .disabled
        case (.disabled, .enable): target = .normal
        case (.selected, .touchUpInside), (.selected, .deselect): target = .normal
        case (.selected, .disable): target = .disabled
        default: return .ignored
        }
        let source = state
        state = target
        return .moved(from: source, to: target)
    }
}

struct HandColor: Hashable, Sendable {
    var red, green, blue, alpha: Double
}

/// One attribute's per-state values: normal always set, the others optional.
struct HandValues<Value: Sendable>: Sendable {
    var normal: Value
    var highlighted: Value?
    var disabled: Value?
    var selected: Value?

    subscript(state: HandState) -> Value {
        switch state {
        case .normal: normal
        case .highlighted: highlighted ?? normal
        case .disabled: disabled ?? normal
        case .selected: selected ?? normal
        }
    }
}

/// A font as the generated `Font` holds one: a text style, an optional weight and size.
struct HandFont: Sendable {
    enum Style: Sendable { case body, headline }
    enum Weight: Sendable { case regular, semibold }
    var style: Style
    var weight: Weight? = nil
    var size: Double? = nil
}

struct HandLabel: Sendable {
    struct Resolved: Sendable {
        var titleColor: HandColor
        var font: HandFont
        var underline: Bool
    }

    var titleColor: HandValues<HandColor>
    var font: HandValues<HandFont>
    var underline: HandValues<Bool>

    static let spec = HandLabel(
        titleColor: HandValues(
            normal: HandColor(red: 10 / 255, green: 132 / 255, blue: 1, alpha: 1),
            disabled: HandColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 77 / 255),
            selected: HandColor(red: 1, green: 1, blue: 1, alpha: 1)),
        font: HandValues(normal: HandFont(style: .body), selected: HandFont(style: .body, weight: .semibold)),
        underline: HandValues(normal: false))

    func resolved(for state: HandState) -> Resolved {
        Resolved(titleColor: titleColor[state], font: font[state], underline: underline[state])
    }
}
