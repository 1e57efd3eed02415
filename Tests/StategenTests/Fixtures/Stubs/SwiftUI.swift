// A stand-in for Apple's SwiftUI, for compiling stategen's SwiftUI helpers on Linux. It
// declares the configurations the generated code reads, with SwiftUI's property names, and the
// SwiftUI types whose names clash with common control-kind names (Button, Toggle, Slider, Color,
// State, Transition, Label), so that a file importing it shows whether the generated namespace
// keeps its own names.
//
// Build: swiftc -emit-module -emit-library -static -module-name SwiftUI SwiftUI.swift

@MainActor @preconcurrency
public protocol View {}

/// SwiftUI: `ButtonStyle.Configuration`. The initializer is the stub's, for tests.
public struct ButtonStyleConfiguration {
    public let isPressed: Bool
    public init(isPressed: Bool) { self.isPressed = isPressed }
}

/// SwiftUI: `ToggleStyle.Configuration`, whose `isOn` reads a binding on the main actor. The
/// initializer is the stub's, for tests.
@MainActor @preconcurrency
public struct ToggleStyleConfiguration {
    public var isOn: Bool
    public init(isOn: Bool) { self.isOn = isOn }
}

public struct Button: View { public init() {} }
public struct Toggle: View { public init() {} }
public struct Slider: View { public init() {} }
public struct Label: View { public init() {} }
/// SwiftUI: `Color`, with its sRGB initializer; the stub keeps the components.
public struct Color: Hashable, Sendable {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public let components: [Double]
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        components = [red, green, blue, opacity]
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
