import Foundation

/// Text and values written into the preview page's HTML and CSS.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in element
    /// content and in quoted attribute values. Control characters (C0 but tab and newline,
    /// DEL, C1) and the Unicode bidirectional controls are written visibly instead, as
    /// ``visible(_:)`` text such as `\u{202E}`: a NUL is a parse error in HTML, and a
    /// right-to-left override would reorder the text after it.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where isHidden(scalar): out += visible(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is a control character the page shows as its code instead: C0 but
    /// tab and newline, DEL and C1, and the bidirectional controls (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `scalar` as Swift writes it in a string literal: `\u{0}`, `\u{1B}`, `\u{202E}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// A colour as CSS: `rgb(10, 132, 255)`, or `rgba(10, 132, 255, 0.102)` when translucent.
    /// Three decimals of alpha give back the spec's 8-bit alpha exactly (`round(a * 255)`). A
    /// wide-gamut colour is drawn in Display P3 with CSS Color 4's `color()` function (§10.1),
    /// `color(display-p3 0.1 0.9 0.25 / 0.8)`, its components to six decimals (a millionth, far
    /// below a 10-bit step); a browser without P3 shows it gamut-mapped.
    static func cssColor(_ color: RGBAColor) -> String {
        if let p3 = color.displayP3 {
            let components = [p3.red, p3.green, p3.blue].map { decimal($0, places: 6) }.joined(separator: " ")
            return "color(display-p3 \(components) / \(decimal(Double(color.alpha) / 255, places: 3)))"
        }
        let rgb = "\(color.red), \(color.green), \(color.blue)"
        guard color.alpha != 255 else { return "rgb(\(rgb))" }
        return "rgba(\(rgb), \(decimal(Double(color.alpha) / 255, places: 3)))"
    }

    /// A length in CSS pixels: points 1:1, as a browser at scale 1 shows a point-sized layout.
    static func cssLength(_ points: Double) -> String {
        decimal(points, places: 2) + "px"
    }

    /// `value` rounded to `places` decimals, without trailing zeros: `12`, `0.5`, `0.102`.
    /// A value too large to round through `Int` is written in plain digits too (``plain(_:places:)``);
    /// an infinite or NaN value, which no spec value should be, as `0`.
    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // Below 2^53 every integer is a Double, so the scaled value converts to Int exactly.
        guard abs(value) * scale < 9_007_199_254_740_992 else { return plain(value, places: places) }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A finite `value` too large for ``decimal(_:places:)``'s rounding, in plain digits. From
    /// 2^53 up, where every Double is an integer, its shortest digits that read back as it
    /// (Swift's `description`) with the exponent written out: `1e+19` is
    /// `10000000000000000000`, as the spec wrote it, not the binary value's
    /// `1000000000000000052504760255204420248704468581108159154915854115111802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115467196834763571854784`
    /// for `1e300`. Below, printf's `%f` to `places` decimals, without trailing zeros.
    static func plain(_ value: Double, places: Int) -> String {
        let text = value.description
        var rounded: String {
            var number = String(format: "%.\(places)f", value)
            guard number.contains(".") else { return number }
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(".") { number.removeLast() }
            return number
        }
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else {
            return rounded
        }
        var mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        guard exponent >= fraction.count else { return rounded }
        return sign + parts[0] + fraction + String(repeating: "0", count: exponent - fraction.count)
    }

    /// The font families CSS draws a design with: the system's own faces where the browser
    /// has them (`-apple-system`, `ui-rounded`, ...), then a generic family.
    static func fontFamily(_ design: FontDesign) -> String {
        switch design {
        case .default: "-apple-system, system-ui, sans-serif"
        case .rounded: "ui-rounded, -apple-system, system-ui, sans-serif"
        case .serif: "ui-serif, serif"
        case .monospaced: "ui-monospace, monospace"
        }
    }

    /// The point size `font` is drawn at: its own, else its text style's at the default
    /// Dynamic Type size (Large).
    static func pointSize(_ font: FontSpec) -> Double {
        font.size ?? WCAGContrast.defaultPointSize(font.textStyle)
    }

    /// CSS declarations for `font`: family (a brand font's family, else its face, quoted, then
    /// the system font stack as the fallback), size (points as pixels), numeric weight, and the
    /// line height (a number, CSS's multiple of the size) and letter spacing (pixels) where the
    /// font sets them.
    static func cssFont(_ font: FontSpec) -> String {
        let family =
            (font.family ?? font.face).map { "\(cssString($0)), \(fontFamily(.default))" } ?? fontFamily(font.design)
        var css =
            "font-family: \(family); font-size: \(cssLength(pointSize(font))); "
            + "font-weight: \(WCAGContrast.weight(of: font).weightClass)"
        if let lineHeight = font.lineHeight { css += "; line-height: \(decimal(lineHeight, places: 4))" }
        if let letterSpacing = font.letterSpacing { css += "; letter-spacing: \(cssLength(letterSpacing))" }
        return css
    }

    /// `text` as a CSS string in single quotes (CSS Syntax 3, 4.3.5): every character but
    /// letters, digits, space, `-`, `_` and `.` as a hexadecimal escape (`\27 ` for `'`), so
    /// that it can stand in a double-quoted HTML attribute without escaping.
    static func cssString(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            let plain =
                (scalar.properties.isAlphabetic && scalar.value < 0x80) || ("0"..."9").contains(Character(scalar))
                || " -_.".unicodeScalars.contains(scalar)
            out += plain ? String(scalar) : "\\\(String(scalar.value, radix: 16)) "
        }
        return out + "'"
    }
}
