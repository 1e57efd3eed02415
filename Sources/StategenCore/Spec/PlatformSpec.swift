/// One of UIKit's control-state flags, as a state's `controlState:` names it. The raw bit is
/// UIKit's: `UIControl.State` is an option set whose `normal` is `[]`.
public enum ControlStateFlag: String, Sendable, Hashable, CaseIterable, Comparable {
    /// UIKit: `UIControl.State.highlighted = 1 << 0`.
    case highlighted
    /// UIKit: `UIControl.State.disabled = 1 << 1`.
    case disabled
    /// UIKit: `UIControl.State.selected = 1 << 2`.
    case selected
    /// UIKit: `UIControl.State.focused = 1 << 3`.
    case focused
    /// The eight bits of `UIControl.State.application` (`0x00FF0000`), which UIKit leaves to
    /// the app: `application0` is `1 << 16`, `application7` is `1 << 23`.
    case application0, application1, application2, application3
    case application4, application5, application6, application7

    /// The flag's bit in `UIControl.State.rawValue`.
    public var bit: UInt {
        switch self {
        case .highlighted: 1 << 0
        case .disabled: 1 << 1
        case .selected: 1 << 2
        case .focused: 1 << 3
        case .application0: 1 << 16
        case .application1: 1 << 17
        case .application2: 1 << 18
        case .application3: 1 << 19
        case .application4: 1 << 20
        case .application5: 1 << 21
        case .application6: 1 << 22
        case .application7: 1 << 23
        }
    }

    /// Whether the flag is one of the application bits (`UIControl.State.application`).
    public var isApplicationBit: Bool { bit >= 1 << 16 }

    /// Which flag names the state when a set of flags matches two states equally well, highest
    /// first: a disabled control takes no touches, so `disabled` wins over `highlighted`; a touch
    /// is shown over a persistent selection, so `highlighted` wins over `selected`; application
    /// bits rank last.
    public var precedence: Int {
        switch self {
        case .disabled: 3
        case .highlighted: 2
        case .selected: 1
        case .focused: 0
        default: -1
        }
    }

    /// Orders flags by their UIKit bit (highlighted 1, disabled 2, selected 4, focused 8, then
    /// the application bits).
    public static func < (lhs: ControlStateFlag, rhs: ControlStateFlag) -> Bool { lhs.bit < rhs.bit }
}

/// The UIKit class a control kind stands for (`uikit:` on a control). Bridging emits only what
/// that class supports: its per-state setters, how it reports selection, and nothing else.
public enum UIKitControlClass: String, Sendable, Hashable, CaseIterable {
    /// `UIButton`: per-state title, colour and image setters; `configurationUpdateHandler`.
    case UIButton
    /// `UISwitch`: reports "on" through `isOn`, never through `UIControl.State.selected`.
    case UISwitch
    /// `UISegmentedControl`: `setTitleTextAttributes(_:for:)`; a segment is selected when it is
    /// the control's `selectedSegmentIndex`.
    case UISegmentedControl
    /// `UISlider`: per-state thumb and track images.
    case UISlider
    /// `UIStepper`: per-state increment, decrement and background images.
    case UIStepper
    /// `UITextField`: no per-state setters.
    case UITextField
    /// `UIPageControl`: no per-state setters; a page is selected when it is `currentPage`.
    case UIPageControl
    /// `UITabBarItem`, a `UIBarItem` (not a `UIControl`): `setTitleTextAttributes(_:for:)`;
    /// selected when it is the tab bar's `selectedItem`.
    case UITabBarItem

    /// Whether the class is a `UIControl` (and so has `state`, `isEnabled`, `isHighlighted`).
    public var isControl: Bool { self != .UITabBarItem }
}

/// The SwiftUI control a kind stands for (`swiftui:` on a control), which decides the style
/// helpers generated for it.
public enum SwiftUIControl: String, Sendable, Hashable, CaseIterable {
    /// A `Button`: a `ButtonStyleConfiguration` initializer (`isPressed`).
    case button
    /// A `Toggle`: a `ToggleStyleConfiguration` initializer (`isOn`, and pressed "on" is the
    /// combined selected-and-highlighted state).
    case toggle
}

/// A `UIControl.Event` an event stands for (`uikit:` on an event), with UIKit's raw values.
///
/// The cases are the names of UIKit's `UIControl.Event` constants;
/// `bit` gives each one's raw value.
public enum UIKitControlEvent: String, Sendable, Hashable, CaseIterable {
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
    case touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered
    case menuActionTriggered, editingDidBegin, editingChanged, editingDidEnd, editingDidEndOnExit

    /// The event's bit in `UIControl.Event.rawValue` (UIKit's values).
    public var bit: UInt {
        switch self {
        case .touchDown: 1 << 0
        case .touchDownRepeat: 1 << 1
        case .touchDragInside: 1 << 2
        case .touchDragOutside: 1 << 3
        case .touchDragEnter: 1 << 4
        case .touchDragExit: 1 << 5
        case .touchUpInside: 1 << 6
        case .touchUpOutside: 1 << 7
        case .touchCancel: 1 << 8
        case .valueChanged: 1 << 12
        case .menuActionTriggered: 1 << 14
        case .primaryActionTriggered: 1 << 13
        case .editingDidBegin: 1 << 16
        case .editingChanged: 1 << 17
        case .editingDidEnd: 1 << 18
        case .editingDidEndOnExit: 1 << 19
        }
    }
}

/// A UIKit per-state setter that an attribute's values are applied through (`uikit:` on an
/// attribute). Each names one `set...(_:for:)` method of one UIKit class and needs one attribute
/// type; images come in two forms, like SwiftUI's `Image(_:)` and `Image(systemName:)`: the plain
/// name loads the string with `UIImage(named:)` (an asset), the `system` name with
/// `UIImage(systemName:)` (an SF Symbol).
public enum UIKitProperty: String, Sendable, Hashable, CaseIterable {
    /// UIKit: `UIButton.setTitle(_:for:)`, a string.
    case title
    /// UIKit: `UIButton.setTitleColor(_:for:)`, a colour.
    case titleColor
    /// UIKit: `UIButton.setTitleShadowColor(_:for:)`, a colour.
    case titleShadowColor
    /// UIKit: `UIButton.setImage(_:for:)`, an asset name; `systemImage`, an SF Symbol name.
    case image
    case systemImage
    /// UIKit: `UIButton.setBackgroundImage(_:for:)`, an asset or SF Symbol name.
    case backgroundImage
    case systemBackgroundImage
    /// UIKit: `UISlider.setThumbImage(_:for:)`, an asset or SF Symbol name.
    case thumbImage
    case systemThumbImage
    /// UIKit: `UISlider.setMinimumTrackImage(_:for:)`, an asset or SF Symbol name.
    case minimumTrackImage
    case systemMinimumTrackImage
    /// UIKit: `UISlider.setMaximumTrackImage(_:for:)`, an asset or SF Symbol name.
    case maximumTrackImage
    case systemMaximumTrackImage
    /// UIKit: `UIStepper.setIncrementImage(_:for:)`, an asset or SF Symbol name.
    case incrementImage
    case systemIncrementImage
    /// UIKit: `UIStepper.setDecrementImage(_:for:)`, an asset or SF Symbol name.
    case decrementImage
    case systemDecrementImage

    /// How a value reaches UIKit.
    public enum Conversion: Sendable, Hashable {
        /// The string as it is.
        case string
        /// `UIColor(red:green:blue:alpha:)` from the colour's components.
        case color
        /// `UIImage(named:)`: an image in the app's asset catalog or bundle.
        case namedImage
        /// `UIImage(systemName:)`: an SF Symbol.
        case systemImage
    }

    /// The UIKit class whose method sets it when the kind names no class (`uikit:` on the
    /// control): the first of ``controlClasses``.
    public var controlClass: String { controlClasses[0].rawValue }

    /// The UIKit classes that can take the property per state, in order of preference.
    /// `titleColor` reaches `UISegmentedControl` and `UITabBarItem` through their title text
    /// attributes (`setTitleTextAttributes(_:for:)`, `.foregroundColor`).
    public var controlClasses: [UIKitControlClass] {
        switch self {
        case .titleColor: [.UIButton, .UISegmentedControl, .UITabBarItem]
        case .title, .titleShadowColor, .image, .systemImage: [.UIButton]
        case .backgroundImage, .systemBackgroundImage: [.UIButton, .UIStepper]
        case .thumbImage, .systemThumbImage, .minimumTrackImage, .systemMinimumTrackImage, .maximumTrackImage,
            .systemMaximumTrackImage:
            [.UISlider]
        case .incrementImage, .systemIncrementImage, .decrementImage, .systemDecrementImage:
            [.UIStepper]
        }
    }

    /// How `controlClass` takes the property per state, as data (the context builder spells it
    /// in Swift): its own setter, or for `titleColor` on a class other than `UIButton` the
    /// `.foregroundColor` of its title text attributes; `nil` when the class cannot take the
    /// property. Source: Apple's `UIButton.setTitleColor(_:for:)`,
    /// `UISegmentedControl.setTitleTextAttributes(_:for:)`, `UIBarItem.setTitleTextAttributes(_:for:)`.
    public func setterForm(on controlClass: UIKitControlClass) -> UIKitSetterForm? {
        guard controlClasses.contains(controlClass) else { return nil }
        if self == .titleColor, controlClass != .UIButton { return .titleTextAttribute(key: "foregroundColor") }
        return .method(setter)
    }

    /// The method as UIKit documents it on `controlClass`.
    public func signature(on controlClass: UIKitControlClass) -> String {
        if self == .titleColor, controlClass != .UIButton {
            let owner = controlClass == .UITabBarItem ? "UIBarItem" : controlClass.rawValue
            return "\(owner).setTitleTextAttributes(_:for:) (.foregroundColor)"
        }
        return "\(controlClass.rawValue).\(setter)(_:for:)"
    }

    /// The setter's base name, called as `setter(value, for: state)`.
    public var setter: String {
        switch self {
        case .title: "setTitle"
        case .titleColor: "setTitleColor"
        case .titleShadowColor: "setTitleShadowColor"
        case .image, .systemImage: "setImage"
        case .backgroundImage, .systemBackgroundImage: "setBackgroundImage"
        case .thumbImage, .systemThumbImage: "setThumbImage"
        case .minimumTrackImage, .systemMinimumTrackImage: "setMinimumTrackImage"
        case .maximumTrackImage, .systemMaximumTrackImage: "setMaximumTrackImage"
        case .incrementImage, .systemIncrementImage: "setIncrementImage"
        case .decrementImage, .systemDecrementImage: "setDecrementImage"
        }
    }

    public var conversion: Conversion {
        switch self {
        case .title: .string
        case .titleColor, .titleShadowColor: .color
        case .image, .backgroundImage, .thumbImage, .minimumTrackImage, .maximumTrackImage, .incrementImage,
            .decrementImage:
            .namedImage
        case .systemImage, .systemBackgroundImage, .systemThumbImage, .systemMinimumTrackImage,
            .systemMaximumTrackImage, .systemIncrementImage, .systemDecrementImage:
            .systemImage
        }
    }

    /// The attribute type the setter needs.
    public var attributeType: AttributeType {
        conversion == .color ? .color : .string
    }

    /// The method as UIKit documents it on the first class that has it, for messages:
    /// `UIButton.setTitleColor(_:for:)`.
    public var signature: String { signature(on: controlClasses[0]) }
}

/// What an attribute's value is to a view (`role:` on an attribute): the property the generated
/// application helpers set with it, besides the per-state setters of ``UIKitProperty``. UIKit:
/// each attribute set's `apply(to:)` on a `UIView` (and a `UILabel`), each kind's
/// `Style.Resolved.apply(to:)` on its class; SwiftUI: each set's and kind's `style(_:)` view
/// modifier and the kinds' `ButtonStyle` and `ToggleStyle`.
public enum AttributeRole: String, Sendable, Hashable, CaseIterable {
    /// The fill behind the content: UIKit's `UIView.backgroundColor`, SwiftUI's
    /// `background(_:in:)`.
    case background
    /// The colour of the content's text: UIKit's `UILabel.textColor` and
    /// `UITextField.textColor`, a `UIButton`'s title colour; SwiftUI's `foregroundStyle(_:)`.
    case foreground
    /// UIKit's `UIView.tintColor`, SwiftUI's `tint(_:)`.
    case tint
    /// The radius of the fill's and border's corners: UIKit's `CALayer.cornerRadius`, SwiftUI's
    /// `RoundedRectangle(cornerRadius:)`.
    case cornerRadius
    /// UIKit's `CALayer.borderWidth`, SwiftUI's `strokeBorder(_:lineWidth:)`.
    case borderWidth
    /// UIKit's `CALayer.borderColor`, SwiftUI's `strokeBorder(_:lineWidth:)`.
    case borderColor
    /// The text's font: UIKit's `UILabel.font`, `UITextField.font`, a `UIButton`'s
    /// `titleLabel.font`; SwiftUI's `font(_:)`.
    case font

    /// The attribute type the role needs.
    public var attributeType: AttributeType {
        switch self {
        case .background, .foreground, .tint, .borderColor: .color
        case .cornerRadius, .borderWidth: .dimension
        case .font: .font
        }
    }

    /// Whether the role is a property of every view (`UIView` and its layer) rather than of
    /// the view's text.
    public var isViewRole: Bool { self != .foreground && self != .font }

    /// What the role is, for messages: `a view's background colour`.
    public var meaning: String {
        switch self {
        case .background: "a view's background colour"
        case .foreground: "the colour of a view's text"
        case .tint: "a view's tint colour"
        case .cornerRadius: "the radius of a view's corners"
        case .borderWidth: "the width of a view's border"
        case .borderColor: "the colour of a view's border"
        case .font: "the font of a view's text"
        }
    }
}

/// How a UIKit class takes one per-state property (``UIKitProperty/setterForm(on:)``), without
/// Swift syntax: the context builder writes the call.
public enum UIKitSetterForm: Sendable, Hashable {
    /// The class's own per-state method, called as `name(value, for: state)`
    /// (`setTitleColor`).
    case method(String)
    /// One key of the class's title text attributes, set through
    /// `setTitleTextAttributes(_:for:)`; `key` is the `NSAttributedString.Key` member
    /// (`foregroundColor`).
    case titleTextAttribute(key: String)
}
