/// How the preview draws one kind in one state and appearance: the resolved values of the
/// attributes with a role, as the view properties they stand for (``AttributeRole``).
///
/// The sample is a box: the `background` fills it, `borderWidth` and `borderColor` outline it
/// (a width without a colour draws opaque black, `CALayer.borderColor`'s default), and
/// `cornerRadius` rounds both. Inside, a title in the `foreground` colour and the `font`, and a
/// bar in the `tint` colour. Attributes without a role are listed beside the sample, not drawn.
struct PreviewSample {
    var background: RGBAColor?
    var foreground: RGBAColor?
    var tint: RGBAColor?
    var borderColor: RGBAColor?
    var borderWidth: Double?
    var cornerRadius: Double?
    var font: FontSpec?

    init(_ style: ResolvedStyles.AppearanceStyle, attributes: [ResolvedStyles.Attribute]) {
        for attribute in attributes {
            guard let role = attribute.role, let value = style.value(of: attribute.name)?.value else { continue }
            switch (role, value) {
            case (.background, .color(let color)): background = color
            case (.foreground, .color(let color)): foreground = color
            case (.tint, .color(let color)): tint = color
            case (.borderColor, .color(let color)): borderColor = color
            case (.borderWidth, .double(let points)): borderWidth = points
            case (.cornerRadius, .double(let points)): cornerRadius = points
            case (.font, .font(let spec)): font = spec
            default: continue
            }
        }
    }

    /// Whether the sample shows a title: the kind has a text colour or a font.
    var hasTitle: Bool { foreground != nil || font != nil }

    /// Whether anything is drawn at all.
    var isEmpty: Bool { !hasTitle && tint == nil && background == nil && (borderWidth ?? 0) <= 0 }

    /// The CSS declarations of the box.
    var boxStyle: String {
        var declarations: [String] = []
        if let background { declarations.append("background-color: \(HTML.cssColor(background))") }
        if let borderWidth, borderWidth > 0 {
            let color = borderColor ?? RGBAColor(red: 0, green: 0, blue: 0)
            declarations.append("border: \(HTML.cssLength(borderWidth)) solid \(HTML.cssColor(color))")
        }
        if let cornerRadius, cornerRadius > 0 {
            declarations.append("border-radius: \(HTML.cssLength(cornerRadius))")
        }
        return declarations.joined(separator: "; ")
    }

    /// The CSS declarations of the title in `appearance`: without a text colour, UIKit's
    /// `label` colour (black, white in dark appearances); without a font, `body`.
    func titleStyle(in appearance: Appearance) -> String {
        let dark = appearance == .dark || appearance == .darkHighContrast
        let color =
            foreground
            ?? (dark ? RGBAColor(red: 255, green: 255, blue: 255) : RGBAColor(red: 0, green: 0, blue: 0))
        let font = font ?? FontSpec(textStyle: .body, weight: nil, design: .default, size: nil)
        return "color: \(HTML.cssColor(color)); \(HTML.cssFont(font))"
    }

    /// The CSS declarations of the tint bar, if the kind has a tint.
    var tintStyle: String? {
        tint.map { "background-color: \(HTML.cssColor($0))" }
    }
}
