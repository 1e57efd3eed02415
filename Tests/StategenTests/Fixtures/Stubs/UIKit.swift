// A stand-in for Apple's UIKit, for compiling and running stategen's UIKit bridging on Linux.
// It declares only what the generated code uses, with UIKit's signatures, isolation and raw
// values (UIControl.State: normal 0, highlighted 1 << 0, disabled 1 << 1, selected 1 << 2,
// focused 1 << 3). The per-state setters record their calls so that tests can check them.
//
// Build: swiftc -emit-module -emit-library -static -module-name UIKit UIKit.swift
// (then `-I` its folder makes `canImport(UIKit)` true).

// UIKit re-exports Foundation, which gives CGFloat on Linux as CoreGraphics does on Apple's.
@_exported import Foundation

/// Stub only: a string as its Unicode scalars in hexadecimal, `68.69` for "hi".
func stubHex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ".")
}

@MainActor
open class UIView {
    public init() {}
    /// UIKit: `@NSCopying var backgroundColor: UIColor?`.
    open var backgroundColor: UIColor?
    /// UIKit: `var tintColor: UIColor!`; the stub keeps what was set (UIKit reads the
    /// superview's when it is nil).
    open var tintColor: UIColor!
    /// UIKit: `var layer: CALayer { get }`, the view's backing layer.
    public let layer = CALayer()
}

/// QuartzCore (which UIKit re-exports): `open class CALayer`, the properties the generated code
/// sets, with Core Animation's defaults (no corner radius, no border, an opaque black border
/// colour).
open class CALayer: @unchecked Sendable {
    public init() {}
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor.stubBlack
}

/// CoreGraphics: `class CGColor`; the stub keeps the components it was made from.
public final class CGColor: @unchecked Sendable, CustomStringConvertible {
    public let components: [CGFloat]?
    init(components: [CGFloat]) { self.components = components }
    static let stubBlack = CGColor(components: [0, 0, 0, 1])
    /// Stub only: as `UIColor.description`.
    public var description: String {
        "CGColor(" + (components ?? []).map { String(Int((Double($0) * 255).rounded()), radix: 16) }.joined(separator: ".")
            + ")"
    }
}

/// UIKit: `class UILabel: UIView`, the text properties the generated code sets.
@MainActor
open class UILabel: UIView {
    /// UIKit: `var font: UIFont!`.
    open var font: UIFont!
    /// UIKit: `var text: String?`.
    open var text: String?
    /// UIKit: `@NSCopying var attributedText: NSAttributedString?`.
    open var attributedText: NSAttributedString?
    /// UIKit: `var textColor: UIColor!`.
    open var textColor: UIColor!
}

@MainActor
open class UIControl: UIView {
    /// UIKit: `typedef NS_OPTIONS(NSUInteger, UIControlState)`.
    nonisolated public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    open var state: State = .normal

    /// UIKit: each of these adds or removes its one flag of `state`, independently of the
    /// others (a selected control stays selected when it is disabled).
    open var isEnabled: Bool {
        get { !state.contains(.disabled) }
        set { if newValue { state.remove(.disabled) } else { state.insert(.disabled) } }
    }
    open var isSelected: Bool {
        get { state.contains(.selected) }
        set { if newValue { state.insert(.selected) } else { state.remove(.selected) } }
    }
    open var isHighlighted: Bool {
        get { state.contains(.highlighted) }
        set { if newValue { state.insert(.highlighted) } else { state.remove(.highlighted) } }
    }

    /// Stub only: every setter call, as `setter(value) for rawValue`, in call order; strings
    /// are written as their Unicode scalars in hexadecimal (`68.69` for "hi").
    public var recordedCalls: [String] = []

    func record(_ setter: String, _ value: String, _ state: State) {
        recordedCalls.append("\(setter)(\(value)) for \(state.rawValue)")
    }
}

/// UIKit: `open class UIColor : NSObject, NSSecureCoding, NSCopying, Sendable`.
open class UIColor: @unchecked Sendable, CustomStringConvertible {
    public let components: [CGFloat]
    /// Stub only: the dynamic provider, when the colour is dynamic.
    var provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// Stub only: the colour space of `components`, `"sRGB"` or `"displayP3"`.
    public let colorSpaceName: String

    /// UIKit: `- (UIColor *)initWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue
    /// alpha:(CGFloat)alpha;` (UIColor.h, iPhoneOS18.0.sdk).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        colorSpaceName = "sRGB"
    }

    /// UIKit: `- (UIColor *)initWithDisplayP3Red:(CGFloat)displayP3Red green:(CGFloat)green
    /// blue:(CGFloat)blue alpha:(CGFloat)alpha API_AVAILABLE(ios(10.0), watchos(3.0));`
    /// (UIColor.h, iPhoneOS18.0.sdk), which Swift imports as `init(displayP3Red:green:blue:alpha:)`;
    /// the stub keeps the P3 components as they are.
    public init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [displayP3Red, green, blue, alpha]
        colorSpaceName = "displayP3"
    }

    /// UIKit: the colour as Core Graphics' (`var cgColor: CGColor { get }`).
    open var cgColor: CGColor { CGColor(components: components) }

    /// Stub only: the components as 8-bit values in hexadecimal, `UIColor(ff.84.a.ff)`, a Display
    /// P3 colour's after `displayP3 `.
    open var description: String {
        "UIColor(" + (colorSpaceName == "sRGB" ? "" : colorSpaceName + " ") + components.map { String(Int((Double($0) * 255).rounded()), radix: 16) }.joined(separator: ".")
            + ")"
    }
}

/// UIKit: `enum UIUserInterfaceStyle : Int`.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// UIKit: `enum UIAccessibilityContrast : Int`.
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1, normal = 0, high = 1
}

/// UIKit: `open class UITraitCollection : NSObject, NSCopying, NSSecureCoding, Sendable`; its
/// trait properties are readable from any isolation.
open class UITraitCollection: @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let accessibilityContrast: UIAccessibilityContrast

    /// Stub only (UIKit builds trait collections with `init(traitsFrom:)` and friends).
    public init(userInterfaceStyle: UIUserInterfaceStyle, accessibilityContrast: UIAccessibilityContrast = .normal) {
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
    }
}

extension UIColor {
    /// UIKit: `init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor)`.
    public convenience init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        self.init(red: 0, green: 0, blue: 0, alpha: 0)
        provider = dynamicProvider
    }

    /// UIKit: the colour as `traitCollection` shows it (itself for a colour that is not dynamic).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        provider?(traitCollection) ?? self
    }
}

/// UIKit: `open class UIImage : NSObject, NSSecureCoding, Sendable`.
open class UIImage: @unchecked Sendable, CustomStringConvertible {
    public let source: String

    /// UIKit: an SF Symbol; `nil` when the system has no symbol of that name (the stub never
    /// fails).
    public init?(systemName name: String) { source = "systemName:" + stubHex(name) }

    /// UIKit: an image from the asset catalog or bundle.
    public init?(named name: String) { source = "named:" + stubHex(name) }

    open var description: String { "UIImage(\(source))" }
}

@MainActor
open class UIButton: UIControl {
    open var configuration: Configuration?
    open var configurationUpdateHandler: ConfigurationUpdateHandler?
    /// UIKit: `var titleLabel: UILabel? { get }`, the label that shows the title.
    public let titleLabel: UILabel? = UILabel()
    /// Stub only: the colours `setTitleColor(_:for:)` was given, by state.
    public var titleColors = StubPerStateValues<UIColor>()

    /// UIKit: the title colour shown in `state`, by UIKit's lookup: the colour set for exactly
    /// that state, else the normal state's.
    open func titleColor(for state: UIControl.State) -> UIColor? { titleColors[state] }

    open func setTitle(_ title: String?, for state: UIControl.State) {
        record("setTitle", title.map(stubHex) ?? "nil", state)
    }
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        record("setTitleColor", color?.description ?? "nil", state)
        titleColors.values[state.rawValue] = color
    }
    open func setTitleShadowColor(_ color: UIColor?, for state: UIControl.State) {
        record("setTitleShadowColor", color?.description ?? "nil", state)
    }
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        record("setImage", image?.description ?? "nil", state)
    }
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        record("setBackgroundImage", image?.description ?? "nil", state)
    }
}

@MainActor
open class UISlider: UIControl {
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        record("setThumbImage", image?.description ?? "nil", state)
    }
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        record("setMinimumTrackImage", image?.description ?? "nil", state)
    }
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        record("setMaximumTrackImage", image?.description ?? "nil", state)
    }
}

@MainActor
open class UIStepper: UIControl {
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
        record("setIncrementImage", image?.description ?? "nil", state)
    }
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
        record("setDecrementImage", image?.description ?? "nil", state)
    }
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        record("setBackgroundImage", image?.description ?? "nil", state)
    }
}

extension UIControl {
    /// UIKit: `typedef NS_OPTIONS(NSUInteger, UIControlEvents)`, with UIKit's raw values.
    nonisolated public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
    }
}

extension UIButton {
    /// UIKit: `struct UIButton.Configuration` (iOS 15), the properties the generated code sets.
    public struct Configuration: Hashable {
        /// UIKit: `UIBackgroundConfiguration`, the part the generated code sets.
        public struct Background: Hashable {
            public var image: UIImage?
            public static func == (a: Background, b: Background) -> Bool {
                a.image?.description == b.image?.description
            }
            public func hash(into hasher: inout Hasher) { hasher.combine(image?.description) }
        }
        public var title: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var background = Background()

        public static func plain() -> Configuration { Configuration() }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.title == b.title && a.image?.description == b.image?.description
                && a.baseForegroundColor?.description == b.baseForegroundColor?.description
                && a.background == b.background
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(title) }
    }

    /// UIKit: `typealias UIButton.ConfigurationUpdateHandler = (UIButton) -> Void`, on the main actor.
    public typealias ConfigurationUpdateHandler = @MainActor (UIButton) -> Void
}

/// Stub only: UIKit's documented lookup for per-state values: the value set for exactly that
/// state, else the normal state's (UIButton.setTitleColor(_:for:): "If a color is not specified
/// for a state, the default is to use the normal value").
@MainActor
public struct StubPerStateValues<Value> {
    public var values: [UInt: Value] = [:]
    public init() {}
    public subscript(state: UIControl.State) -> Value? {
        values[state.rawValue] ?? values[UIControl.State.normal.rawValue]
    }
}

@MainActor
open class UISwitch: UIControl {
    /// UIKit: the switch's on/off value; `state` never contains `.selected` for it.
    open var isOn = false
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
    /// UIKit: `var onTintColor: UIColor?`, the switch's tint when it is on.
    open var onTintColor: UIColor?
}

@MainActor
open class UISegmentedControl: UIControl {
    /// UIKit: `UISegmentedControlNoSegment`.
    public static let noSegment = -1
    open var selectedSegmentIndex = UISegmentedControl.noSegment
    /// Stub only: the segments `setEnabled(false, forSegmentAt:)` turned off.
    public var disabledSegments: Set<Int> = []
    open func isEnabledForSegment(at segment: Int) -> Bool { !disabledSegments.contains(segment) }
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        if enabled { disabledSegments.remove(segment) } else { disabledSegments.insert(segment) }
    }
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        record("setTitleTextAttributes", stubAttributes(attributes), state)
    }
}

/// UIKit: `open class UIBarItem : NSObject` — not a UIControl.
@MainActor
open class UIBarItem {
    public init() {}
    open var isEnabled = true
    /// Stub only: as `UIControl.recordedCalls`.
    public var recordedCalls: [String] = []
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        recordedCalls.append("setTitleTextAttributes(\(stubAttributes(attributes))) for \(state.rawValue)")
    }
}

@MainActor
open class UITabBarItem: UIBarItem {}

@MainActor
open class UITabBar: UIView {
    open var selectedItem: UITabBarItem?
}

@MainActor
open class UIPageControl: UIControl {
    open var currentPage = 0
}

@MainActor
open class UITextField: UIControl {
    /// UIKit: `var font: UIFont?`.
    open var font: UIFont?
    /// UIKit: `var textColor: UIColor?`.
    open var textColor: UIColor?
}

extension NSAttributedString.Key {
    /// UIKit: the text's colour, a `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// UIKit (NSAttributedString.h, `NSFontAttributeName`): the text's `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// UIKit (NSAttributedString.h, `NSKernAttributeName`): extra space between characters, points.
    public static let kern = NSAttributedString.Key("NSKern")
    /// UIKit (NSAttributedString.h, `NSParagraphStyleAttributeName`): an `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// UIKit (NSParagraphStyle.h): `open class NSParagraphStyle : NSObject, NSCopying,
/// NSMutableCopying, NSSecureCoding, Sendable`, the properties the generated code sets.
open class NSParagraphStyle: @unchecked Sendable {
    public init() {}
    /// UIKit: `var minimumLineHeight: CGFloat { get }` (0: none).
    open var minimumLineHeight: CGFloat { stubMinimumLineHeight }
    /// UIKit: `var maximumLineHeight: CGFloat { get }` (0: none).
    open var maximumLineHeight: CGFloat { stubMaximumLineHeight }
    var stubMinimumLineHeight: CGFloat = 0
    var stubMaximumLineHeight: CGFloat = 0
}

/// UIKit (NSParagraphStyle.h): `open class NSMutableParagraphStyle : NSParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// UIKit: `var minimumLineHeight: CGFloat { get set }`.
    open override var minimumLineHeight: CGFloat {
        get { stubMinimumLineHeight }
        set { stubMinimumLineHeight = newValue }
    }
    /// UIKit: `var maximumLineHeight: CGFloat { get set }`.
    open override var maximumLineHeight: CGFloat {
        get { stubMaximumLineHeight }
        set { stubMaximumLineHeight = newValue }
    }
}

/// Stub only: title text attributes as `key=value` pairs, sorted by key.
func stubAttributes(_ attributes: [NSAttributedString.Key: Any]?) -> String {
    guard let attributes else { return "nil" }
    return attributes.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")
}

/// UIKit: `open class UIFontDescriptor : NSObject, NSCopying, NSSecureCoding, Sendable`.
open class UIFontDescriptor: @unchecked Sendable {
    /// UIKit: `struct UIFontDescriptor.AttributeName`.
    public struct AttributeName: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// UIKit (UIFontDescriptor.h, `UIFontDescriptorFamilyAttribute`): the family name.
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
    }
    /// UIKit: `struct UIFontDescriptor.TraitKey`.
    public struct TraitKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
    }
    /// UIKit: `struct UIFontDescriptor.SystemDesign`.
    public struct SystemDesign: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    }

    /// Stub only: what the descriptor was given, for tests.
    public var stubTextStyle: String
    public var stubWeight: CGFloat?
    public var stubDesign: String?

    /// Stub only: the family `init(fontAttributes:)` was given.
    public var stubFamily: String?

    init(textStyle: String) { stubTextStyle = textStyle }

    /// UIKit (UIFontDescriptor.h, `initWithFontAttributes:`):
    /// `init(fontAttributes attributes: [UIFontDescriptor.AttributeName : Any] = [:])`.
    public init(fontAttributes attributes: [UIFontDescriptor.AttributeName: Any] = [:]) {
        stubTextStyle = ""
        stubFamily = attributes[.family] as? String
        stubWeight = (attributes[.traits] as? [TraitKey: Any])?[.weight].flatMap { ($0 as? UIFont.Weight)?.rawValue }
    }

    open func addingAttributes(_ attributes: [UIFontDescriptor.AttributeName: Any]) -> UIFontDescriptor {
        let copy = UIFontDescriptor(textStyle: stubTextStyle)
        copy.stubDesign = stubDesign
        copy.stubWeight = (attributes[.traits] as? [TraitKey: Any])?[.weight].flatMap { ($0 as? UIFont.Weight)?.rawValue }
            ?? stubWeight
        return copy
    }

    open func withDesign(_ design: UIFontDescriptor.SystemDesign) -> UIFontDescriptor? {
        let copy = UIFontDescriptor(textStyle: stubTextStyle)
        copy.stubWeight = stubWeight
        copy.stubDesign = design.rawValue
        return copy
    }
}

/// UIKit: `open class UIFont : NSObject, NSCopying, NSSecureCoding, Sendable`.
open class UIFont: @unchecked Sendable {
    /// UIKit: `struct UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }
    /// UIKit: `struct UIFont.Weight` (raw values are UIKit's).
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    public let fontDescriptor: UIFontDescriptor
    public let pointSize: CGFloat
    /// Stub only: whether UIFontMetrics scaled it (or it is a preferred font, which is scaled).
    public var stubScaled = false
    /// Stub only: the PostScript name `init(name:size:)` found, `nil` for other fonts.
    public var stubName: String?
    /// Stub only: whether it is `systemFont(ofSize:weight:)`'s.
    public var stubSystem = false
    /// Stub only: the text style of the `UIFontMetrics` that scaled it.
    public var stubTextStyle: String?
    /// Stub only: the installed typefaces, family name to PostScript face names.
    nonisolated(unsafe) public static var stubInstalled: [String: [String]] = [:]

    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        fontDescriptor = descriptor
        self.pointSize = pointSize
    }

    /// UIKit (UIFont.h, `fontWithName:size:`): `init?(name fontName: String, size fontSize: CGFloat)`,
    /// `nil` when no installed face has that PostScript name.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let family = UIFont.stubInstalled.first(where: { $0.value.contains(fontName) })?.key else { return nil }
        let descriptor = UIFontDescriptor(fontAttributes: [.family: family])
        self.init(descriptor: descriptor, size: fontSize)
        stubName = fontName
    }

    /// UIKit (UIFont.h, `fontNamesForFamilyName:`):
    /// `class func fontNames(forFamilyName familyName: String) -> [String]`.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        stubInstalled[familyName] ?? []
    }

    /// UIKit (UIFont.h, `systemFontOfSize:weight:`):
    /// `class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let descriptor = UIFontDescriptor(fontAttributes: [.traits: [UIFontDescriptor.TraitKey.weight: weight]])
        let font = UIFont(descriptor: descriptor, size: fontSize)
        font.stubSystem = true
        return font
    }

    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let font = UIFont(descriptor: UIFontDescriptor(textStyle: style.rawValue), size: 17)
        font.stubScaled = true
        return font
    }
}

/// UIKit: `open class UIFontMetrics : NSObject, Sendable`.
open class UIFontMetrics: @unchecked Sendable {
    public let textStyle: UIFont.TextStyle
    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }
    /// UIKit (UIFontMetrics.h, `scaledFontForFont:`): `func scaledFont(for font: UIFont) -> UIFont`.
    /// Like UIKit, which raises on a font already scaled, the stub traps on one.
    open func scaledFont(for font: UIFont) -> UIFont {
        precondition(!font.stubScaled, "UIFontMetrics.scaledFont(for:) was given an already scaled font")
        let scaled = UIFont(descriptor: font.fontDescriptor, size: font.pointSize)
        scaled.stubScaled = true
        scaled.stubName = font.stubName
        scaled.stubSystem = font.stubSystem
        scaled.stubTextStyle = textStyle.rawValue
        return scaled
    }
    /// Stub only: scales by 1 (the default content size).
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat { value }
}
