// A stand-in for Apple's SwiftUI, for compiling and running stategen's SwiftUI helpers on Linux.
// It declares what the generated code uses, with SwiftUI's signatures and isolation, and the
// SwiftUI types whose names clash with common control-kind names (Button, Toggle, Slider, Color,
// State, Transition, Label), so that a file importing it shows whether the generated namespace
// keeps its own names. Views are evaluated as SwiftUI does, `body` by `body`, by `stubRender`,
// which records what the modifiers set (and the buttons' actions) so that tests can check it;
// `EnvironmentValues.stubCurrent` is the environment `@Environment` reads.
//
// Build: swiftc -emit-module -emit-library -static -module-name SwiftUI SwiftUI.swift

import Foundation

/// SwiftUI: `protocol View`, whose `body` SwiftUI evaluates until it reaches its primitive views.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// SwiftUI: `Never` is the `Body` of primitive views.
extension Never: View {
    public var body: Never { fatalError("a primitive view has no body") }
}

/// SwiftUI: `@resultBuilder struct ViewBuilder`, the one-view block the generated code writes.
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// SwiftUI: `ButtonStyle.Configuration`. The initializer is the stub's, for tests.
public struct ButtonStyleConfiguration {
    /// SwiftUI: the button's label, a view.
    public struct Label: View, StubPrimitive {
        public typealias Body = Never
        public var body: Never { fatalError("a primitive view has no body") }
        public func stubRender(into rendering: inout StubRendering) { rendering.modifiers.append("label") }
    }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
    public init(isPressed: Bool) {
        self.isPressed = isPressed
        label = Label()
    }
}

/// SwiftUI: `@propertyWrapper @dynamicMemberLookup struct Binding<Value>`, here only its value.
@propertyWrapper
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
}

/// SwiftUI: `ToggleStyle.Configuration`, whose `isOn` is a binding read on the main actor. The
/// initializers are the stub's, for tests.
@MainActor @preconcurrency
public struct ToggleStyleConfiguration {
    /// SwiftUI: the toggle's label, a view.
    public struct Label: View, StubPrimitive {
        public typealias Body = Never
        public var body: Never { fatalError("a primitive view has no body") }
        public func stubRender(into rendering: inout StubRendering) { rendering.modifiers.append("label") }
    }
    public let label = ToggleStyleConfiguration.Label()
    /// SwiftUI: `@Binding var isOn: Bool { get nonmutating set }`.
    @Binding public var isOn: Bool
    public init(isOn: Binding<Bool>) { _isOn = isOn }
    /// Stub only: a configuration whose binding reads and writes a value of its own.
    public init(isOn: Bool) {
        let box = StubBox(isOn)
        _isOn = Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// Stub only: a value a binding reads and writes.
final class StubBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// SwiftUI: `@MainActor @preconcurrency protocol ButtonStyle`.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// SwiftUI: `@MainActor @preconcurrency protocol ToggleStyle`.
@MainActor @preconcurrency
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ToggleStyleConfiguration
}

/// SwiftUI: `struct Button<Label: View>: View`.
public struct Button<Label: View>: View, StubPrimitive {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
    let action: @MainActor () -> Void
    let label: Label
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }
    /// Stub only: the button's label, drawn by the button style around it (SwiftUI's
    /// `buttonStyle(_:)`) with `EnvironmentValues.stubIsPressed`; its action is recorded.
    public func stubRender(into rendering: inout StubRendering) {
        rendering.actions.append(action)
        if let style = rendering.buttonStyle {
            style(ButtonStyleConfiguration(isPressed: EnvironmentValues.stubCurrent.stubIsPressed), &rendering)
        } else {
            SwiftUI.stubRender(label, into: &rendering)
        }
    }
}

public struct Toggle: View {
    public var body: Never { fatalError("a primitive view has no body") }
    public init() {}
}
public struct Slider: View {
    public var body: Never { fatalError("a primitive view has no body") }
    public init() {}
}
public struct Label: View {
    public var body: Never { fatalError("a primitive view has no body") }
    public init() {}
}

/// SwiftUI: `protocol ShapeStyle`.
public protocol ShapeStyle: Sendable {}

/// SwiftUI: `Color`, with its RGB initializer; the stub keeps the components and their space.
public struct Color: Hashable, Sendable, ShapeStyle, CustomStringConvertible {
    /// SwiftUI: `enum Color.RGBColorSpace: Sendable` with `sRGB`, `sRGBLinear` and `displayP3`
    /// (SwiftUICore.swiftinterface, iPhoneOS18.0.sdk).
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public let components: [Double]
    /// Stub only: the colour space `components` are in.
    public let colorSpace: RGBColorSpace
    /// SwiftUI: `init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double,
    /// blue: Double, opacity: Double = 1)` (SwiftUICore.swiftinterface, iPhoneOS18.0.sdk).
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = [red, green, blue, opacity]
        self.colorSpace = colorSpace
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Stub only: the components as 8-bit values in hexadecimal, `Color(ff.84.a.ff)`, a Display
    /// P3 colour's after `displayP3 `.
    public var description: String {
        "Color(" + (colorSpace == .sRGB ? "" : "\(colorSpace) ") + components.map { String(Int(($0 * 255).rounded()), radix: 16) }.joined(separator: ".") + ")"
    }
}

/// SwiftUI: `protocol Shape`, and `InsettableShape`.
public protocol Shape: Sendable {}
public protocol InsettableShape: Shape {}

/// SwiftUI: `enum RoundedCornerStyle`.
public enum RoundedCornerStyle: Sendable { case circular, continuous }

/// SwiftUI: `struct RoundedRectangle: InsettableShape`.
public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
}

/// SwiftUI: `struct FillStyle`.
public struct FillStyle: Sendable {
    public init() {}
}

/// SwiftUI: `struct Alignment`.
public struct Alignment: Sendable {
    public static let center = Alignment()
}

extension InsettableShape {
    /// SwiftUI: the shape's inner stroke of `lineWidth` in `content`, a view.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> some View
    {
        StubStroke(
            description: "strokeBorder(\(content), \(lineWidth)) of \(self)", color: content as? Color,
            lineWidth: lineWidth, cornerRadius: (self as? RoundedRectangle)?.cornerSize.width)
    }
}

/// Stub only: a stroked shape, which records itself.
struct StubStroke: View, StubPrimitive {
    let description: String
    let color: Color?
    let lineWidth: CGFloat
    let cornerRadius: CGFloat?
    var body: Never { fatalError("a primitive view has no body") }
    func stubRender(into rendering: inout StubRendering) {
        rendering.modifiers.append(description)
        if let color, let cornerRadius { rendering.border = (color, lineWidth, cornerRadius) }
    }
}

/// SwiftUI: `struct EnvironmentValues`, the values the generated code reads. The stub's
/// current environment is `stubCurrent`.
public struct EnvironmentValues: Sendable {
    public var isEnabled = true
    public var isFocused = false
    public var colorScheme = ColorScheme.light
    public var colorSchemeContrast = ColorSchemeContrast.standard
    /// Stub only: whether a button drawn by `stubRender` is pressed.
    public var stubIsPressed = false
    public init() {}
    /// Stub only: the environment every `@Environment` reads.
    @MainActor public static var stubCurrent = EnvironmentValues()
}

/// SwiftUI: `@propertyWrapper struct Environment<Value>: DynamicProperty`.
@propertyWrapper
public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    @MainActor public var wrappedValue: Value { EnvironmentValues.stubCurrent[keyPath: keyPath] }
}

/// Stub only: what `stubRender` saw: each primitive view and modifier in the order SwiftUI
/// applies them (innermost first), the values of the last font, foreground, tint, background
/// and border modifiers, and the buttons' actions.
@MainActor
public struct StubRendering {
    public var modifiers: [String] = []
    public var font: Font?
    /// The last `kerning(_:)` and `lineSpacing(_:)`, 0 (SwiftUI's default) without one.
    public var kerning: CGFloat = 0
    public var lineSpacing: CGFloat = 0
    public var foreground: Color?
    public var tint: Color?
    /// The background's colour and the corner radius of its rounded rectangle.
    public var background: (color: Color, cornerRadius: CGFloat)?
    /// The colour, width and corner radius of the inner stroke of a rounded rectangle.
    public var border: (color: Color, lineWidth: CGFloat, cornerRadius: CGFloat)?
    public var actions: [@MainActor () -> Void] = []
    /// The style the buttons inside are drawn with.
    var buttonStyle: (@MainActor (ButtonStyleConfiguration, inout StubRendering) -> Void)?
    public init() {}
}

/// Stub only: a view `stubRender` draws itself, without a `body`.
@MainActor
protocol StubPrimitive {
    func stubRender(into rendering: inout StubRendering)
}

/// Stub only: evaluates `view` as SwiftUI does, `body` by `body`, down to its primitive views.
@MainActor
public func stubRender<V: View>(_ view: V) -> StubRendering {
    var rendering = StubRendering()
    stubRender(view, into: &rendering)
    return rendering
}

@MainActor
func stubRender<V: View>(_ view: V, into rendering: inout StubRendering) {
    if let primitive = view as? any StubPrimitive {
        primitive.stubRender(into: &rendering)
    } else {
        stubRender(view.body, into: &rendering)
    }
}

/// Stub only: a view with one modifier, which records itself after its content.
struct StubModified<Content: View>: View, StubPrimitive {
    let content: Content
    let apply: @MainActor (inout StubRendering) -> Void
    var body: Never { fatalError("a primitive view has no body") }
    func stubRender(into rendering: inout StubRendering) {
        SwiftUI.stubRender(content, into: &rendering)
        apply(&rendering)
    }
}

extension View {
    /// SwiftUI: `func font(_ font: Font?) -> some View`.
    public func font(_ font: Font?) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("font")
            $0.font = font
        }
    }

    /// SwiftUI (iOS 16, macOS 13): `func kerning(_ kerning: CGFloat) -> some View`.
    public func kerning(_ kerning: CGFloat) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("kerning")
            $0.kerning = kerning
        }
    }

    /// SwiftUI: `func lineSpacing(_ lineSpacing: CGFloat) -> some View`.
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("lineSpacing")
            $0.lineSpacing = lineSpacing
        }
    }

    /// SwiftUI: `func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("foregroundStyle(\(style))")
            $0.foreground = style as? Color
        }
    }

    /// SwiftUI: `func tint(_ tint: Color?) -> some View`.
    public func tint(_ tint: Color?) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("tint(\(String(describing: tint)))")
            $0.tint = tint
        }
    }

    /// SwiftUI: `func background<S: ShapeStyle, T: InsettableShape>(_ style: S, in shape: T,
    /// fillStyle: FillStyle = FillStyle()) -> some View`.
    public func background<S: ShapeStyle, T: InsettableShape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View {
        StubModified(content: self) {
            $0.modifiers.append("background(\(style), in: \(shape))")
            if let color = style as? Color, let rounded = shape as? RoundedRectangle {
                $0.background = (color, rounded.cornerSize.width)
            }
        }
    }

    /// SwiftUI: `func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    /// -> some View`.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let overlay = content()
        return StubModified(content: self) { rendering in
            var inner = StubRendering()
            SwiftUI.stubRender(overlay, into: &inner)
            rendering.modifiers.append("overlay(\(inner.modifiers.joined(separator: ", ")))")
            rendering.border = inner.border
        }
    }

    /// SwiftUI: `func buttonStyle<S: ButtonStyle>(_ style: S) -> some View`: the buttons inside
    /// are drawn with `style`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        StubButtonStyled(content: self, style: style)
    }
}

/// Stub only: the buttons of `content`, drawn with `style`.
struct StubButtonStyled<Content: View, Style: ButtonStyle>: View, StubPrimitive {
    let content: Content
    let style: Style
    var body: Never { fatalError("a primitive view has no body") }
    func stubRender(into rendering: inout StubRendering) {
        let outer = rendering.buttonStyle
        rendering.buttonStyle = { configuration, rendering in
            SwiftUI.stubRender(style.makeBody(configuration: configuration), into: &rendering)
        }
        SwiftUI.stubRender(content, into: &rendering)
        rendering.buttonStyle = outer
    }
}

@propertyWrapper
public struct State<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
public protocol Transition {}

/// SwiftUI: `enum ColorScheme`, the environment's `colorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

/// SwiftUI: `enum ColorSchemeContrast`, the environment's `colorSchemeContrast`.
public enum ColorSchemeContrast: Hashable, Sendable, CaseIterable {
    case standard, increased
}

/// SwiftUI: `struct Font`, with the system-font factories the generated code uses (real
/// signatures); the stub keeps what it was given.
public struct Font: Hashable, Sendable {
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    public struct Weight: Hashable, Sendable {
        let value: Double
        public static let ultraLight = Weight(value: -0.8), thin = Weight(value: -0.6), light = Weight(value: -0.4)
        public static let regular = Weight(value: 0), medium = Weight(value: 0.23), semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4), heavy = Weight(value: 0.56), black = Weight(value: 0.62)
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    /// Stub only.
    public let stubDescription: String

    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        Font(stubDescription: "system(\(style), \(String(describing: design)), \(String(describing: weight?.value)))")
    }
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font(stubDescription: "system(size: \(size), \(String(describing: weight?.value)), \(String(describing: design)))")
    }
    /// SwiftUI (iOS 14, macOS 11): `static func custom(_ name: String, size: CGFloat, relativeTo
    /// textStyle: Font.TextStyle) -> Font`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font {
        Font(stubDescription: "custom(\(name), size: \(size), relativeTo: \(textStyle))")
    }
    /// SwiftUI: `func weight(_ weight: Font.Weight) -> Font`.
    public func weight(_ weight: Font.Weight) -> Font {
        Font(stubDescription: "\(stubDescription).weight(\(weight.value))")
    }
}
