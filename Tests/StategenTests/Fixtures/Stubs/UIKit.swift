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

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    /// Stub only: the components as 8-bit values in hexadecimal, `UIColor(ff.84.a.ff)`.
    open var description: String {
        "UIColor(" + components.map { String(Int((Double($0) * 255).rounded()), radix: 16) }.joined(separator: ".")
            + ")"
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
    open func setTitle(_ title: String?, for state: UIControl.State) {
        record("setTitle", title.map(stubHex) ?? "nil", state)
    }
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        record("setTitleColor", color?.description ?? "nil", state)
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
