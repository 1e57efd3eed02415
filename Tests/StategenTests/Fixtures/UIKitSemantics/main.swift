// Drives the example's generated code (Examples/UIKitControls) the way UIKit behaves, with the
// stub UIKit and SwiftUI modules, and checks each rule of docs/uikit-semantics.md. Every
// expectation here is written from UIKit's documented behaviour, not computed from the spec.
// Prints one line per failed check ("FAILED ...") and a closing count.
import Generated
import SwiftUI
import UIKit

typealias C = Controls

nonisolated(unsafe) var checks = 0
nonisolated(unsafe) var failures = 0

func check(_ condition: Bool, _ message: String, line: Int = #line) {
    checks += 1
    if !condition {
        failures += 1
        print("FAILED line \(line): \(message)")
    }
}

// MARK: Selection survives isEnabled changes (UIControl.isSelected, UISwitch.isOn)

func selectionSurvivesDisableAndEnable<K: C.SelectableControlKind>(_: K.Type, _ name: String)
where K.State: C.ControlStateConvertible {
    var machine = C.Machine<K>(state: K.initialState)
    for event in [K.selectEvent, K.Event(rawValue: "disable")!, K.Event(rawValue: "enable")!] {
        machine.send(event)
        check(K.isSelected(machine.state), "\(name): selected after \(event.rawValue), got \(machine.state)")
    }
    check(machine.state == K.selectedState, "\(name): select, disable, enable ends in selectedState")
    // UIKit: the same three changes on a control's flags.
    var flags = C.ControlStateFlags()
    flags.insert(.selected)
    flags.insert(.disabled)
    check(machine.state != K.State(controlStateFlags: flags), "\(name): enabled again is not disabled")
    flags.remove(.disabled)
    check(machine.state == K.State(controlStateFlags: flags), "\(name): matches UIKit's [.selected]")
}

selectionSurvivesDisableAndEnable(C.ToggleButton.self, "ToggleButton")
selectionSurvivesDisableAndEnable(C.Switch.self, "Switch")
selectionSurvivesDisableAndEnable(C.Segment.self, "Segment")
selectionSurvivesDisableAndEnable(C.TabBarItem.self, "TabBarItem")
selectionSurvivesDisableAndEnable(C.PageIndicator.self, "PageIndicator")

do {
    // The disabled "on" state between the two steps is UIKit's [.disabled, .selected].
    var toggle = C.ToggleButton.Machine(state: .normal)
    toggle.send(.select)
    toggle.send(.disable)
    check(toggle.state == .selectedDisabled, "ToggleButton: select, disable is selected+disabled")
    check(toggle.state.controlStateFlags == [.disabled, .selected], "selected+disabled flags")
    check(toggle.send(.touchDown) == .ignored, "a disabled control takes no touches (UIControl.isEnabled)")
}

// MARK: A pressed selected control is [.selected, .highlighted] and keeps the selected look

do {
    var toggle = C.ToggleButton.Machine(state: .normal)
    toggle.send(.select)
    toggle.send(.touchDown)
    check(toggle.state == .selectedHighlighted, "ToggleButton: touchDown on selected is selected+highlighted")
    check(toggle.state == C.ToggleButton.State(controlStateFlags: [.selected, .highlighted]), "matches UIKit's flags")
    let label = C.ToggleButton.LabelAttributes.spec
    check(
        label.resolved(for: toggle.state).titleColor != label.resolved(for: .normal).titleColor,
        "a pressed selected toggle does not show the unselected title colour")
    check(
        label.resolved(for: toggle.state).titleColor == label.resolved(for: .selected).titleColor,
        "it shows the selected title colour")
    check(
        C.ToggleButton.AccessibilityAttributes.spec.resolved(for: toggle.state).accessibilityValue == "on",
        "VoiceOver says on while the on toggle is pressed")
    // The tap ends: changesSelectionAsPrimaryAction toggles isSelected off.
    toggle.send(.touchUpInside)
    check(toggle.state == .normal, "the tap deselects the toggle")
}

// MARK: A toggle seeded from UIKit mid-press

do {
    var toggle = C.ToggleButton.Machine(state: C.ToggleButton.State(controlStateFlags: [.selected, .highlighted]))
    check(toggle.send(.touchUpInside) == .moved(from: .selectedHighlighted, to: .normal), "seeded mid-press: tap deselects")
    check(!C.ToggleButton.isSelected(toggle.state), "not selected after the tap")
    var off = C.ToggleButton.Machine(state: C.ToggleButton.State(controlStateFlags: [.highlighted]))
    off.send(.touchUpInside)
    check(off.state == .selected, "seeded mid-press while off: tap selects")
}

// MARK: A disabled "on" switch reads as on

do {
    let accessibility = C.Switch.AccessibilityAttributes.spec
    check(
        accessibility.resolved(for: .selectedDisabled).accessibilityValue
            == accessibility.resolved(for: .selected).accessibilityValue,
        "disabled on switch reads what an enabled on switch reads")
    check(accessibility.resolved(for: .selectedDisabled).accessibilityValue == "1", "and it is 1")
    check(accessibility.resolved(for: .disabled).accessibilityValue == "0", "a disabled off switch reads 0")
}

// MARK: Touching the chosen segment

do {
    var segment = C.Segment.Machine(state: .selected)
    segment.send(.touchDown)
    check(segment.state == C.Segment.State(controlStateFlags: [.selected, .highlighted]), "chosen segment pressed")
    segment.send(.touchUpInside)
    check(segment.state == .selected, "a tap on the chosen segment keeps it chosen")
    var other = C.Segment.Machine(state: .normal)
    other.send(.touchDown)
    other.send(.touchUpInside)
    check(other.state == .selected, "a tap on another segment chooses it")
}

// MARK: Every state round-trips through its flags

func roundTrips<K: C.ControlKind>(_: K.Type, _ name: String) where K.State: C.ControlStateConvertible {
    for state in K.State.allCases {
        check(K.State(controlStateFlags: state.controlStateFlags) == state, "\(name): \(state) round-trips")
        check(K.State(uiControlState: state.uiControlState) == state, "\(name): \(state) round-trips through UIKit")
    }
}
roundTrips(C.PushButton.self, "PushButton")
roundTrips(C.ToggleButton.self, "ToggleButton")
roundTrips(C.Segment.self, "Segment")
roundTrips(C.Switch.self, "Switch")
roundTrips(C.Slider.self, "Slider")
roundTrips(C.Stepper.self, "Stepper")
roundTrips(C.TextField.self, "TextField")
roundTrips(C.TabBarItem.self, "TabBarItem")
roundTrips(C.PageIndicator.self, "PageIndicator")

// MARK: The machine and UIKit's flags agree on the same events

/// UIKit's side of a control: independent flags, changed by the same events.
struct UIKitFlags {
    var state = UIControl.State.normal
    let toggles: Bool
    mutating func apply(_ event: String) {
        switch event {
        case "touchDown": if !state.contains(.disabled) { state.insert(.highlighted) }
        case "touchUpInside":
            guard state.contains(.highlighted) else { return }
            state.remove(.highlighted)
            if toggles { state.formSymmetricDifference(.selected) }
        case "touchUpOutside", "touchCancel": state.remove(.highlighted)
        case "disable":
            state.insert(.disabled)
            state.remove(.highlighted)
        case "enable": state.remove(.disabled)
        case "select": state.insert(.selected)
        case "deselect": state.remove(.selected)
        default: break
        }
    }
}

func agreesWithUIKit<K: C.ControlKind>(_: K.Type, _ name: String, toggles: Bool) where K.State: C.ControlStateConvertible {
    // Every sequence of up to four events from the initial state.
    let events = K.Event.allCases.map(\.rawValue).filter {
        ["touchDown", "touchUpInside", "touchUpOutside", "touchCancel", "disable", "enable", "select", "deselect"]
            .contains($0)
    }
    var sequences: [[String]] = [[]]
    for _ in 0..<4 { sequences = sequences + sequences.flatMap { s in events.map { s + [$0] } } }
    for sequence in sequences {
        var machine = C.Machine<K>(state: K.initialState)
        var uikit = UIKitFlags(toggles: toggles)
        for event in sequence {
            machine.send(K.Event(rawValue: event)!)
            uikit.apply(event)
        }
        check(
            machine.state == K.State(uiControlState: uikit.state),
            "\(name): after \(sequence) the machine is \(machine.state), UIKit's flags \(uikit.state.rawValue)")
    }
}
agreesWithUIKit(C.PushButton.self, "PushButton", toggles: false)
agreesWithUIKit(C.ToggleButton.self, "ToggleButton", toggles: true)
agreesWithUIKit(C.Switch.self, "Switch", toggles: true)
agreesWithUIKit(C.Slider.self, "Slider", toggles: false)
agreesWithUIKit(C.Stepper.self, "Stepper", toggles: false)

// MARK: apply(to:) leaves UIKit no combination to fall back to normal for

@MainActor func applyCoversEveryReportableState() {
    let button = UIButton()
    let label = C.ToggleButton.LabelAttributes.spec
    label.apply(to: button)
    // Every combination UIKit can report for a toggle button: its flags and focus.
    for raw: UInt in 0..<16 {
        let flags = UIControl.State(rawValue: raw)
        let state = C.ToggleButton.State(uiControlState: flags)
        check(
            button.titleColor(for: flags)?.description == label.resolved(for: state).titleColor.uiColor.description,
            "UIButton in \(raw) shows the title colour of \(state)")
    }
    // The configuration handler sets the same colour for the button's state.
    button.isSelected = true
    button.isHighlighted = true
    label.configurationUpdateHandler(button)
    check(
        button.configuration?.baseForegroundColor?.description
            == label.resolved(for: .selectedHighlighted).titleColor.uiColor.description,
        "configurationUpdateHandler uses the combined state")
}
MainActor.assumeIsolated { applyCoversEveryReportableState() }

// MARK: Bridging per UIKit class

@MainActor func bridgingPerClass() {
    // A switch reports "on" through isOn, never through state's .selected.
    let uiSwitch = UISwitch()
    uiSwitch.isOn = true
    check(!uiSwitch.state.contains(.selected), "stub: a UISwitch's state has no .selected")
    check(C.Switch.State(uiSwitch) == .selected, "State(UISwitch) reads isOn")
    uiSwitch.isEnabled = false
    check(C.Switch.State(uiSwitch) == .selectedDisabled, "a disabled on switch is selected+disabled")
    C.Switch.State.normal.apply(to: uiSwitch)
    check(!uiSwitch.isOn && uiSwitch.isEnabled, "apply(to: UISwitch) sets isOn and isEnabled")

    // A segment is selected when it is the control's selectedSegmentIndex.
    let segmented = UISegmentedControl()
    segmented.selectedSegmentIndex = 1
    check(C.Segment.State(segmentAt: 1, of: segmented) == .selected, "chosen segment")
    check(C.Segment.State(segmentAt: 0, of: segmented) == .normal, "other segment")
    segmented.setEnabled(false, forSegmentAt: 1)
    check(C.Segment.State(segmentAt: 1, of: segmented) == .selectedDisabled, "disabled chosen segment")
    C.Segment.LabelAttributes.spec.apply(to: segmented)
    check(
        segmented.recordedCalls.allSatisfy { $0.hasPrefix("setTitleTextAttributes(") }
            && segmented.recordedCalls.count == 16,
        "segments get title text attributes for 16 states: \(segmented.recordedCalls.count)")

    // A tab bar item is selected when it is the bar's selectedItem.
    let bar = UITabBar()
    let item = UITabBarItem()
    check(C.TabBarItem.State(item, in: bar) == .normal, "unselected item")
    bar.selectedItem = item
    check(C.TabBarItem.State(item, in: bar) == .selected, "selected item")
    C.TabBarItem.LabelAttributes.spec.apply(to: item)
    check(item.recordedCalls.count == 8, "a bar item is no UIControl: no focus, 8 states: \(item.recordedCalls.count)")

    // Page indicators: the current page is the selected one.
    let pages = UIPageControl()
    pages.currentPage = 2
    check(C.PageIndicator.State(page: 2, of: pages) == .selected, "current page")
    check(C.PageIndicator.State(page: 0, of: pages) == .normal, "other page")

    // A text field's own state shows through an application bit.
    let field = UITextField()
    field.state = UIControl.State(rawValue: 1 << 16)
    check(C.TextField.State(field) == .invalid, "application bit 0 is invalid")
    field.isEnabled = false
    check(C.TextField.State(field) == .invalidDisabled, "invalid and disabled")
}
MainActor.assumeIsolated { bridgingPerClass() }

// MARK: UIControl.Event to events

check(C.PushButton.Event(uiControlEvent: .touchDown) == .touchDown, "touchDown maps")
check(C.PushButton.Event(uiControlEvent: .touchUpInside) == .touchUpInside, "touchUpInside maps")
check(C.PushButton.Event(uiControlEvent: .valueChanged) == nil, "valueChanged is none of the spec's events")
check(C.PushButton.Event.disable.uiControlEvent == nil, "disable is no UIKit event")
check(C.ToggleButton.Event.touchCancel.uiControlEvent == .touchCancel, "and back")

// MARK: SwiftUI: a pressed "on" toggle has the "on" look

@MainActor func swiftUIToggle() {
    let configuration = ToggleStyleConfiguration(isOn: true)
    let state = C.ToggleButton.State(configuration, isPressed: true, isEnabled: true)
    check(state == .selectedHighlighted, "pressed on toggle is selected+highlighted")
    let label = C.ToggleButton.LabelAttributes.spec
    check(label.resolved(for: state).titleColor == label.resolved(for: .selected).titleColor, "with the on look")
}
MainActor.assumeIsolated { swiftUIToggle() }

// MARK: Appearances: the example's tokens in light, dark and increased contrast

func rgba(_ color: C.Color) -> String {
    [color.red, color.green, color.blue, color.alpha].map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
}

do {
    // base.tokens.json, dark.tokens.json and high-contrast.tokens.json: color.palette.blue.500, through
    // color.semantic.action.primary.
    let style = C.PushButton.Style.self
    check(rgba(style.spec(for: .light).fill.resolved(for: .normal).backgroundColor) == "0A84FFFF", "light action")
    check(rgba(style.spec(for: .dark).fill.resolved(for: .normal).backgroundColor) == "0A84FFFF", "dark action")
    check(rgba(style.spec(for: .lightHighContrast).fill.resolved(for: .normal).backgroundColor) == "0040DDFF", "light high contrast")
    check(rgba(style.spec(for: .darkHighContrast).fill.resolved(for: .normal).backgroundColor) == "0A84FFFF", "dark high contrast falls back to dark")
    check(style.spec(for: .light).fill == C.PushButton.FillAttributes.spec, "light is spec")
    // A value by appearance, inline: PushButton's disabled title.
    check(rgba(style.spec(for: .dark).label.resolved(for: .disabled).titleColor) == "FFFFFF4D", "inline dark value")
    check(rgba(style.spec(for: .lightHighContrast).resolved(for: .disabled).label.titleColor) == "FFFFFF80", "falls back to light")
    // The state's chain first, then the appearance: a pressed selected toggle in dark.
    check(
        rgba(C.ToggleButton.Style.spec(for: .dark).fill.resolved(for: .selectedHighlighted).backgroundColor)
            == "0062CCFF", "dark pressed selected toggle: the dark variant of blue.600")
    // An alias followed in the appearance: text.primary is white in dark, black in light.
    check(rgba(C.TextField.Style.spec(for: .dark).text.resolved(for: .normal).textColor) == "FFFFFFFF", "dark text")
    check(C.Appearance(isDark: true, isHighContrast: true) == .darkHighContrast, "traits to appearance")
}

@MainActor func dynamicColors() {
    let button = UIButton()
    C.ToggleButton.LabelAttributes.applyDynamicColors(to: button)
    let dark = UITraitCollection(userInterfaceStyle: .dark)
    let light = UITraitCollection(userInterfaceStyle: .light)
    let highContrast = UITraitCollection(userInterfaceStyle: .light, accessibilityContrast: .high)
    let normal = UIControl.State.normal
    check(
        button.titleColor(for: normal)?.resolvedColor(with: light).description == "UIColor(0.60.df.ff)",
        "dynamic title colour in light")
    check(
        button.titleColor(for: normal)?.resolvedColor(with: dark).description == "UIColor(40.9c.ff.ff)",
        "dynamic title colour in dark")
    check(
        button.titleColor(for: normal)?.resolvedColor(with: highContrast).description == "UIColor(0.2f.a8.ff)",
        "dynamic title colour with increased contrast")
    check(C.Appearance(dark) == .dark && C.Appearance(highContrast) == .lightHighContrast, "Appearance(traits)")
    check(C.Appearance(colorScheme: .dark, contrast: .increased) == .darkHighContrast, "Appearance(colorScheme:contrast:)")
}
MainActor.assumeIsolated { dynamicColors() }

// MARK: Typed fonts and dimensions

@MainActor func fonts() {
    let label = C.ToggleButton.LabelAttributes.spec
    check(label.resolved(for: .normal).font == C.Font(.body), "the normal font is body")
    let selected = label.resolved(for: .selected).font
    check(selected == C.Font(.body, weight: .bold), "the selected font is body bold")
    // UIKit: preferredFont(forTextStyle:) with the weight trait; no fixed size, so no metrics.
    let uiFont = selected.uiFont
    check(uiFont.fontDescriptor.stubTextStyle == UIFont.TextStyle.body.rawValue, "uiFont's text style")
    check(uiFont.fontDescriptor.stubWeight == UIFont.Weight.bold.rawValue, "uiFont's weight")
    check(!uiFont.stubScaled && uiFont.pointSize == 0, "the style's own size")
    let fixed = C.Font(.caption1, design: .rounded, size: 13).uiFont
    check(fixed.stubScaled && fixed.pointSize == 13, "a fixed size is scaled with UIFontMetrics")
    check(fixed.fontDescriptor.stubDesign == UIFontDescriptor.SystemDesign.rounded.rawValue, "the design")
    check(C.Font(.title1).swiftUIFont == SwiftUI.Font.system(.title, design: .default, weight: nil), "SwiftUI's title")
    check(C.Font.TextStyle.body.scaled(12) == 12, "a dimension scaled at the default content size")
    // Dimensions are CGFloat where CoreGraphics is, Double here.
    let radius: C.Dimension = C.PushButton.FillAttributes.spec.resolved(for: .normal).cornerRadius
    check(radius == 12, "corner radius from the radius.control token")
    // scaledBy: body: UIFontMetrics scales it (the stub at the default content size, by 1).
    let fill = C.PushButton.FillAttributes.spec.resolved(for: .normal)
    check(fill.scaled().cornerRadius == 12 && fill.scaled().borderWidth == fill.borderWidth, "scaled dimensions")
}
MainActor.assumeIsolated { fonts() }

// MARK: Roles: a resolved style applied to a view (role: in the spec)

/// A colour's components as `RRGGBBAA`, from UIKit's, Core Graphics' or SwiftUI's.
func rgba(_ components: [CGFloat]?) -> String {
    guard let components else { return "nil" }
    return components.map { String(format: "%02X", Int((Double($0) * 255).rounded())) }.joined()
}
func rgba(_ components: [Double]?) -> String { rgba(components?.map { CGFloat($0) }) }

@MainActor func rolesOnUIKitViews() {
    // A push button's fill (base.tokens.json, dark.tokens.json): UIView.backgroundColor and the
    // layer's corner radius and border (CALayer).
    let view = UIView()
    C.PushButton.Style.spec.resolved(for: .highlighted).fill.apply(to: view)
    check(rgba(view.backgroundColor?.components) == "0060DFFF", "pressed fill is action.pressed")
    check(view.layer.cornerRadius == 12, "corner radius is radius.control")
    check(view.layer.borderWidth == 0, "a push button has no outline")
    check(rgba(view.layer.borderColor?.components) == "00000000", "border colour, transparent, as a CGColor")
    C.PushButton.Style.spec(for: .dark).resolved(for: .normal).fill.apply(to: view)
    check(rgba(view.backgroundColor?.components) == "0A84FFFF", "dark fill is dark blue.500")

    // A label takes the text roles (UILabel.textColor, UILabel.font).
    let label = UILabel()
    C.TextField.Style.spec.resolved(for: .invalid).text.apply(to: label)
    check(rgba(label.textColor?.components) == "D70015FF", "invalid text is text.danger")
    check(label.font?.fontDescriptor.stubTextStyle == UIFont.TextStyle.body.rawValue, "label font is body")
    check(label.backgroundColor == nil, "the text set has no background role")

    // A pressed "on" toggle button: every set by its role. The title colour goes through
    // setTitleColor(_:for:) for the button's state, never through titleLabel.textColor.
    let button = UIButton()
    button.isSelected = true
    button.isHighlighted = true
    let pressedOn = C.ToggleButton.State(button)
    check(pressedOn == .selectedHighlighted, "[.selected, .highlighted] is selected+highlighted")
    C.ToggleButton.Style.spec.resolved(for: pressedOn).apply(to: button)
    check(button.recordedCalls == ["setTitleColor(UIColor(ff.ff.ff.ff)) for 5"], "one title colour, for state 5: \(button.recordedCalls)")
    check(rgba(button.titleColor(for: button.state)?.components) == "FFFFFFFF", "the on title colour shows")
    check(button.titleLabel?.textColor == nil, "titleLabel's text colour is left to UIButton")
    check(button.titleLabel?.font?.fontDescriptor.stubWeight == UIFont.Weight.bold.rawValue, "on title is bold")
    check(rgba(button.backgroundColor?.components) == "0060DFFF", "pressed on fill is action.pressed")
    check(button.layer.cornerRadius == 8, "corner radius is radius.small, 0.5rem")
    check(button.layer.borderWidth == 0, "an on toggle has no outline")

    let off = UIButton()
    C.ToggleButton.Style.spec.resolved(for: C.ToggleButton.State(off)).apply(to: off)
    check(rgba(off.backgroundColor?.components) == "0A84FF1A", "off fill")
    check(off.layer.borderWidth == 1 && rgba(off.layer.borderColor?.components) == "0A84FFFF", "off outline is action.primary")
    check(rgba(off.titleColor(for: .normal)?.components) == "0060DFFF", "off title is action.text")
    check(off.titleLabel?.font?.fontDescriptor.stubWeight == nil, "off title is body's own weight")
    // A disabled "on" toggle: selected+disabled's own fill, and selected's (no) outline first.
    off.isSelected = true
    off.isEnabled = false
    C.ToggleButton.Style.spec.resolved(for: C.ToggleButton.State(off)).apply(to: off)
    check(rgba(off.backgroundColor?.components) == "0A84FF66", "disabled on fill")
    check(rgba(off.titleColor(for: off.state)?.components) == "FFFFFFB3", "disabled on title, for [.disabled, .selected]")
    check(off.layer.borderWidth == 0, "disabled on: no outline")

    // A text field (UITextField.textColor and font): invalid and disabled, by its own precedence.
    let field = UITextField()
    field.state = UIControl.State(rawValue: 1 << 16)
    field.isEnabled = false
    C.TextField.Style.spec.resolved(for: C.TextField.State(field)).apply(to: field)
    check(rgba(field.textColor?.components) == "D70015FF", "invalid disabled text stays red")
    check(field.font?.fontDescriptor.stubTextStyle == UIFont.TextStyle.body.rawValue, "text field font is body")
    check(field.layer.borderWidth == 2 && rgba(field.layer.borderColor?.components) == "FF3B30FF", "red outline, 2 points")
    check(rgba(field.backgroundColor?.components) == "F2F2F7FF", "disabled fill is surface.sunken")
    check(field.layer.cornerRadius == 10, "radius.field")

    // A switch's tint, off and on (UIView.tintColor, UISwitch.onTintColor).
    let uiSwitch = UISwitch()
    uiSwitch.isOn = true
    C.Switch.Style.spec.resolved(for: C.Switch.State(uiSwitch)).apply(to: uiSwitch)
    // success green is a Display P3 colour (0.2, 0.8, 0.3), drawn as one.
    check(rgba(uiSwitch.onTintColor?.components) == "33CC4DFF", "on tint is success green")
    check(uiSwitch.onTintColor?.colorSpaceName == "displayP3", "in Display P3")
    check(rgba(uiSwitch.tintColor?.components) == "33CC4DFF", "and so is the tint")

    // Every state and appearance: each property shows exactly the value resolved(for:) gives.
    for appearance in C.Appearance.allCases {
        for state in C.ToggleButton.State.allCases {
            let control = UIButton()
            control.state = state.uiControlState
            let resolved = C.ToggleButton.Style.spec(for: appearance).resolved(for: state)
            resolved.apply(to: control)
            check(
                rgba(control.backgroundColor?.components) == rgba(resolved.fill.backgroundColor.uiColor.components)
                    && Double(control.layer.cornerRadius) == Double(resolved.fill.cornerRadius)
                    && Double(control.layer.borderWidth) == Double(resolved.fill.borderWidth)
                    && rgba(control.layer.borderColor?.components) == rgba(resolved.fill.borderColor.uiColor.components)
                    && rgba(control.titleColor(for: control.state)?.components)
                        == rgba(resolved.label.titleColor.uiColor.components),
                "ToggleButton in \(state), \(appearance): the view shows the resolved values")
        }
    }
}
MainActor.assumeIsolated { rolesOnUIKitViews() }

// MARK: Roles in SwiftUI: a ButtonStyle and a ToggleStyle (rule 11)

@MainActor func rolesInSwiftUI() {
    EnvironmentValues.stubCurrent = EnvironmentValues()
    let push = C.PushButton.ButtonStyle()
    var drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: false)))
    check(drawn.modifiers.first == "label", "the label is drawn, then the modifiers")
    check(rgba(drawn.background?.color.components) == "0A84FFFF", "push button fill")
    check(drawn.background?.cornerRadius == 12, "in a rounded rectangle of radius.control")
    check(rgba(drawn.foreground?.components) == "FFFFFFFF", "white title")
    // The typography token font.button: 17 pt bold, scaled as headline, with its spacing.
    check(
        drawn.font == C.Font(.headline, weight: .bold, size: 17, lineHeight: 1.3, letterSpacing: -0.4).swiftUIFont,
        "bold headline")
    check(drawn.border?.lineWidth == 0 && drawn.border?.cornerRadius == 12, "no outline, in the same shape")
    drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: true)))
    check(rgba(drawn.background?.color.components) == "0060DFFF", "isPressed: the highlighted fill")
    // Disabled comes from the environment's isEnabled, and wins over a press.
    EnvironmentValues.stubCurrent.isEnabled = false
    drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: true)))
    check(rgba(drawn.background?.color.components) == "8E8E93FF", "disabled fill")
    check(rgba(drawn.foreground?.components) == "FFFFFF80", "disabled title, light")
    // The appearance comes from colorScheme and colorSchemeContrast.
    EnvironmentValues.stubCurrent.colorScheme = .dark
    drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: false)))
    check(rgba(drawn.foreground?.components) == "FFFFFF4D", "disabled title, dark")
    EnvironmentValues.stubCurrent.isEnabled = true
    EnvironmentValues.stubCurrent.colorSchemeContrast = .increased
    drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: false)))
    check(rgba(drawn.background?.color.components) == "0A84FFFF", "dark high contrast falls back to dark")
    EnvironmentValues.stubCurrent.colorScheme = .light
    drawn = stubRender(push.makeBody(configuration: ButtonStyleConfiguration(isPressed: false)))
    check(rgba(drawn.background?.color.components) == "0040DDFF", "light high contrast")
    // A style of one's own is drawn as it is, in every appearance.
    var custom = C.PushButton.Style.spec
    custom.fill.cornerRadius = .init(normal: 4)
    drawn = stubRender(C.PushButton.ButtonStyle(style: custom).makeBody(configuration: ButtonStyleConfiguration(isPressed: false)))
    check(drawn.background?.cornerRadius == 4 && rgba(drawn.background?.color.components) == "0A84FFFF", "own style")

    // A toggle: a button that flips isOn, pressed from the button, on from the configuration.
    EnvironmentValues.stubCurrent = EnvironmentValues()
    let toggle = C.ToggleButton.ToggleStyle()
    let configuration = ToggleStyleConfiguration(isOn: false)
    drawn = stubRender(toggle.makeBody(configuration: configuration))
    check(rgba(drawn.background?.color.components) == "0A84FF1A", "off toggle fill")
    check(drawn.border?.lineWidth == 1 && rgba(drawn.border?.color.components) == "0A84FFFF", "off toggle outline")
    check(drawn.actions.count == 1, "one button")
    drawn.actions.first?()
    check(configuration.isOn, "a tap turns it on")
    EnvironmentValues.stubCurrent.stubIsPressed = true
    drawn = stubRender(toggle.makeBody(configuration: configuration))
    check(rgba(drawn.background?.color.components) == "0060DFFF", "pressed on: selected+highlighted's fill")
    check(rgba(drawn.foreground?.components) == "FFFFFFFF", "pressed on keeps the on title")
    check(drawn.font == C.Font(.body, weight: .bold).swiftUIFont, "and the on font")
    check(drawn.border?.lineWidth == 0, "no outline when on")
    EnvironmentValues.stubCurrent.stubIsPressed = false
    EnvironmentValues.stubCurrent.isEnabled = false
    drawn = stubRender(toggle.makeBody(configuration: configuration))
    check(rgba(drawn.background?.color.components) == "0A84FF66", "disabled on fill")
    drawn.actions.first?()
    check(!configuration.isOn, "a tap turns it off")
    EnvironmentValues.stubCurrent = EnvironmentValues()

    // A switch's toggle style tints its label with the on colour.
    let on = ToggleStyleConfiguration(isOn: true)
    drawn = stubRender(C.Switch.ToggleStyle().makeBody(configuration: on))
    check(rgba(drawn.tint?.components) == "33CC4DFF", "on switch tint")
}
MainActor.assumeIsolated { rolesInSwiftUI() }

print("\(checks - failures) passed, \(failures) failed")
