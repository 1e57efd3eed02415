/// The spec's `contrast:` section: the WCAG level every pair meets unless it says otherwise,
/// the backdrop translucent colours are composited over, and the states exempt from the check.
public struct ContrastSpec: Sendable {
    /// `level:`; `nil` is ``ContrastLevel/aa``.
    public var level: Located<ContrastLevel>?
    /// `backdrop:`, a colour value (literal, token or by appearance); `nil` is white in light
    /// appearances and black in dark ones (UIKit's `systemBackground`).
    public var backdrop: Located<ValueSpec>?
    /// `exempt:`, declared state names; `nil` is every state whose `controlState` has
    /// `disabled`.
    public var exempt: [Located<String>]?
    /// Where `contrast:` is written.
    public var location: SourceLocation
}

/// A foreground/background pair to check (`contrast:` of an attribute set or a control kind).
public struct ContrastPairSpec: Sendable {
    /// A `color` attribute: the text (or, with `text: false`, the graphic) drawn.
    public var foreground: Located<String>
    /// A `color` attribute drawn behind it; `nil`, or an attribute the kind does not have, is
    /// the backdrop.
    public var background: Located<String>?
    /// A `font` attribute that sets the text's size and weight (WCAG large text).
    public var font: Located<String>?
    /// The level this pair meets; `nil` is the spec's.
    public var level: Located<ContrastLevel>?
    /// `text: false`: the foreground is a user-interface component or graphic, not text
    /// (WCAG 2.2 success criterion 1.4.11, 3:1).
    public var isText: Bool
    /// States exempt for this pair, besides the spec's.
    public var exempt: [Located<String>]
    /// The entry's position.
    public var location: SourceLocation
}

/// A WCAG 2.2 conformance level for contrast
/// (https://www.w3.org/TR/WCAG22/#contrast-minimum, #contrast-enhanced).
public enum ContrastLevel: String, Sendable, Hashable, CaseIterable {
    /// Success criterion 1.4.3: 4.5:1, large text 3:1.
    case aa = "AA"
    /// Success criterion 1.4.6: 7:1, large text 4.5:1.
    case aaa = "AAA"
}
