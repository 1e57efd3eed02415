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

    /// The flag's bit in `UIControl.State.rawValue`.
    public var bit: UInt {
        switch self {
        case .highlighted: 1 << 0
        case .disabled: 1 << 1
        case .selected: 1 << 2
        case .focused: 1 << 3
        }
    }

    /// Which flag names the state when a set of flags matches two states equally well, highest
    /// first: a disabled control takes no touches, so `disabled` wins over `highlighted`; a touch
    /// is shown over a persistent selection, so `highlighted` wins over `selected`.
    public var precedence: Int {
        switch self {
        case .disabled: 3
        case .highlighted: 2
        case .selected: 1
        case .focused: 0
        }
    }

    /// Orders flags by their UIKit bit (highlighted 1, disabled 2, selected 4, focused 8).
    public static func < (lhs: ControlStateFlag, rhs: ControlStateFlag) -> Bool { lhs.bit < rhs.bit }
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

    /// The UIKit class whose method sets it.
    public var controlClass: String {
        switch self {
        case .title, .titleColor, .titleShadowColor, .image, .systemImage, .backgroundImage, .systemBackgroundImage:
            "UIButton"
        case .thumbImage, .systemThumbImage, .minimumTrackImage, .systemMinimumTrackImage, .maximumTrackImage,
            .systemMaximumTrackImage:
            "UISlider"
        case .incrementImage, .systemIncrementImage, .decrementImage, .systemDecrementImage:
            "UIStepper"
        }
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

    /// The method as UIKit documents it, for messages and doc comments:
    /// `UIButton.setTitleColor(_:for:)`.
    public var signature: String { "\(controlClass).\(setter)(_:for:)" }
}
