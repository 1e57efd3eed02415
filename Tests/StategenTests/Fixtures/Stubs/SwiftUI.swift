// A stand-in for Apple's SwiftUI, for compiling stategen's SwiftUI helpers on Linux. It
// declares the configurations the generated code reads, with SwiftUI's property names, and the
// SwiftUI types whose names clash with common control-kind names (Button, Toggle, Slider, Color,
// State, Transition, Label), so that a file importing it shows whether the generated namespace
// keeps its own names.
//
// Build: swiftc -emit-module -emit-library -static -module-name SwiftUI SwiftUI.swift

import Foundation

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
}
