import Foundation

/// A colour space of the DTCG 2025.10 Color module ("Supported color spaces"), by its
/// `colorSpace` key, each as CSS Color Module Level 4 defines it.
public enum DTCGColorSpace: String, CaseIterable, Sendable {
    case srgb, srgbLinear = "srgb-linear", hsl, hwb, lab, lch, oklab, oklch
    case displayP3 = "display-p3", a98RGB = "a98-rgb", prophotoRGB = "prophoto-rgb", rec2020
    case xyzD65 = "xyz-d65", xyzD50 = "xyz-d50"

    /// The Color module's range of each component ("Supported color spaces" table): a closed
    /// range, or a hue's `[0, 360)`; `nil` bounds are unbounded (Lab's and OKLab's a and b,
    /// the chromas' upper end).
    public var componentRanges: [(name: String, lower: Double?, upper: Double?, upperOpen: Bool)] {
        let unit = [("red", 0.0, 1.0), ("green", 0, 1), ("blue", 0, 1)]
        func closed(_ items: [(String, Double?, Double?)]) -> [(String, Double?, Double?, Bool)] {
            items.map { ($0.0, $0.1, $0.2, false) }
        }
        let hue: (String, Double?, Double?, Bool) = ("hue", 0, 360, true)
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: return closed(unit)
        case .hsl: return [hue] + closed([("saturation", 0, 100), ("lightness", 0, 100)])
        case .hwb: return [hue] + closed([("whiteness", 0, 100), ("blackness", 0, 100)])
        case .lab: return closed([("lightness", 0, 100), ("a", nil, nil), ("b", nil, nil)])
        case .lch: return closed([("lightness", 0, 100), ("chroma", 0, nil)]) + [hue]
        case .oklab: return closed([("lightness", 0, 1), ("a", nil, nil), ("b", nil, nil)])
        case .oklch: return closed([("lightness", 0, 1), ("chroma", 0, nil)]) + [hue]
        case .xyzD65, .xyzD50: return closed([("X", 0, 1), ("Y", 0, 1), ("Z", 0, 1)])
        }
    }
}

/// Colour conversions between the DTCG 2025.10 Color module's spaces, with CSS Color Module
/// Level 4's formulas: §18 "Sample code for color conversions" (the matrices and transfer
/// functions of each space), §7 HSL and §8 HWB to sRGB, §9 Lab/LCH and OKLab/OKLCH (with the
/// Bradford chromatic adaptation between D50 and D65, §11), and §13.2 "CSS Gamut Mapping
/// Algorithm" (OKLCH chroma reduction, deltaEOK, JND 0.02).
///
/// Every space goes through CIE XYZ relative to D65 (Y = 1 is the white's luminance). All
/// functions are pure and take and return components as plain `Double`s, RGB ones
/// gamma-encoded from 0 to 1.
public enum ColorSpaces {
    public typealias Vector = [Double]
    public typealias Matrix = [[Double]]

    static func multiply(_ m: Matrix, _ v: Vector) -> Vector {
        m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] }
    }

    /// The inverse of a 3×3 matrix (Cramer's rule); CSS Color 4 publishes each inverse, which
    /// this computes to the same digits from the forward matrix.
    static func inverse(_ m: Matrix) -> Matrix {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [
            [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
        ]
    }

    // MARK: Matrices (CSS Color 4, §18 "Sample code for color conversions")

    /// Linear sRGB to XYZ (D65): `lin_sRGB_to_XYZ`.
    static let linearSRGBToXYZ: Matrix = [
        [506752 / 1228815, 87881 / 245763, 12673 / 70218],
        [87098 / 409605, 175762 / 245763, 12673 / 175545],
        [7918 / 409605, 87881 / 737289, 1001167 / 1053270],
    ]
    static let xyzToLinearSRGB = inverse(linearSRGBToXYZ)

    /// Linear Display P3 to XYZ (D65): `lin_P3_to_XYZ`.
    static let linearP3ToXYZ: Matrix = [
        [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
        [35783 / 156275, 247089 / 357200, 198249 / 2500400],
        [0, 32229 / 714400, 5220557 / 5000800],
    ]
    static let xyzToLinearP3 = inverse(linearP3ToXYZ)

    /// Linear A98 RGB to XYZ (D65): `lin_a98rgb_to_XYZ`.
    static let linearA98ToXYZ: Matrix = [
        [573536 / 994567, 263643 / 1420810, 187206 / 994567],
        [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835],
        [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835],
    ]

    /// Linear ProPhoto RGB to XYZ (D50): `lin_ProPhoto_to_XYZ`.
    static let linearProPhotoToXYZD50: Matrix = [
        [0.79776664490064230, 0.13518129740053308, 0.03134773412839220],
        [0.28807482881940130, 0.71183523424187300, 0.00008993693872564],
        [0.00000000000000000, 0.00000000000000000, 0.82510460251046020],
    ]

    /// Linear Rec. 2020 to XYZ (D65): `lin_2020_to_XYZ`.
    static let linearRec2020ToXYZ: Matrix = [
        [63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314],
        [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157],
        [0, 19567812 / 697040785, 295819943 / 278816314],
    ]

    /// Bradford chromatic adaptation from D65 to D50 (`D65_to_D50`); its inverse is `D50_to_D65`.
    static let d65ToD50: Matrix = [
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
    ]
    static let d50ToD65 = inverse(d65ToD50)

    /// XYZ (D65) to OKLab's LMS (`XYZtoLMS`, Ottosson's M1 recomputed for CSS's D65), and LMS
    /// (after the cube root) to OKLab (`LMStoOKLab`, M2).
    static let xyzToLMS: Matrix = [
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309],
    ]
    static let lmsToOKLab: Matrix = [
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757549230774],
    ]
    static let lmsToXYZ = inverse(xyzToLMS)
    static let okLabToLMS = inverse(lmsToOKLab)

    /// The D50 white (CIE 1931 2°, x 0.3457, y 0.3585) that CIE Lab is relative to (CSS Color 4 §9).
    static let d50White: Vector = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]

    // MARK: Transfer functions (CSS Color 4, §18), each odd-symmetric (extended beyond 0...1)

    /// sRGB's (and Display P3's) decoding: IEC 61966-2-1.
    static func srgbToLinear(_ c: Double) -> Double {
        let a = abs(c)
        return a <= 0.04045 ? c / 12.92 : (c < 0 ? -1 : 1) * pow((a + 0.055) / 1.055, 2.4)
    }

    /// sRGB's (and Display P3's) encoding.
    static func linearToSRGB(_ c: Double) -> Double {
        let a = abs(c)
        return a > 0.0031308 ? (c < 0 ? -1 : 1) * (1.055 * pow(a, 1 / 2.4) - 0.055) : 12.92 * c
    }

    /// A98 RGB's decoding: a pure power of 563/256.
    static func a98ToLinear(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 563 / 256) }

    /// ProPhoto RGB's decoding: linear below 16/512, else a power of 1.8 (ROMM RGB).
    static func prophotoToLinear(_ c: Double) -> Double {
        abs(c) <= 16 / 512 ? c / 16 : (c < 0 ? -1 : 1) * pow(abs(c), 1.8)
    }

    /// Rec. 2020's decoding as CSS Color 4 now defines it (display-referred, ITU-R BT.1886's
    /// EOTF with black 0 and white 1): a pure power of 2.4, which replaced BT.2020's camera
    /// curve (α 1.0993, β 0.0181) of earlier drafts.
    static func rec2020ToLinear(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 2.4) }

    // MARK: To XYZ (D65)

    /// CSS Color 4 §7.1 `hslToRgb`: hue in degrees, saturation and lightness from 0 to 100;
    /// gamma-encoded sRGB.
    static func hslToSRGB(_ hsl: Vector) -> Vector {
        let hue = hsl[0].truncatingRemainder(dividingBy: 360)
        let degrees = hue < 0 ? hue + 360 : hue
        let saturation = hsl[1] / 100
        let lightness = hsl[2] / 100
        func f(_ n: Double) -> Double {
            let k = (n + degrees / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }

    /// CSS Color 4 §8.1 `hwbToRgb`: whiteness and blackness from 0 to 100; when they add up to
    /// 100 or more, the grey `whiteness / (whiteness + blackness)`.
    static func hwbToSRGB(_ hwb: Vector) -> Vector {
        let white = hwb[1] / 100
        let black = hwb[2] / 100
        if white + black >= 1 {
            let grey = white / (white + black)
            return [grey, grey, grey]
        }
        return hslToSRGB([hwb[0], 100, 50]).map { $0 * (1 - white - black) + white }
    }

    /// CSS Color 4 §9 `Lab_to_XYZ`: CIE Lab (D50) to XYZ (D50), κ = 24389/27, ε = 216/24389.
    static func labToXYZD50(_ lab: Vector) -> Vector {
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        let f1 = (lab[0] + 16) / 116
        let f0 = lab[1] / 500 + f1
        let f2 = f1 - lab[2] / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = lab[0] > kappa * epsilon ? pow(f1, 3) : lab[0] / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return [x * d50White[0], y * d50White[1], z * d50White[2]]
    }

    /// CSS Color 4 §9 `LCH_to_Lab` (and OKLCH to OKLab): chroma and hue (degrees) to a and b.
    static func polarToRectangular(_ lch: Vector) -> Vector {
        let radians = lch[2] * .pi / 180
        return [lch[0], lch[1] * cos(radians), lch[1] * sin(radians)]
    }

    /// CSS Color 4 §9 `OKLab_to_XYZ`.
    static func okLabToXYZ(_ lab: Vector) -> Vector {
        multiply(lmsToXYZ, multiply(okLabToLMS, lab).map { $0 * $0 * $0 })
    }

    /// CSS Color 4 §9 `XYZ_to_OKLab`.
    static func xyzToOKLab(_ xyz: Vector) -> Vector {
        multiply(lmsToOKLab, multiply(xyzToLMS, xyz).map { cbrt($0) })
    }

    /// The colour's CIE XYZ (D65) from its components in `space` (`nil` is CSS's `none`,
    /// a missing component, which conversion treats as 0: CSS Color 4 §4.4).
    public static func xyzD65(_ space: DTCGColorSpace, _ components: [Double?]) -> Vector {
        let c = components.map { $0 ?? 0 }
        switch space {
        case .srgb: return multiply(linearSRGBToXYZ, c.map(srgbToLinear))
        case .srgbLinear: return multiply(linearSRGBToXYZ, c)
        case .hsl: return multiply(linearSRGBToXYZ, hslToSRGB(c).map(srgbToLinear))
        case .hwb: return multiply(linearSRGBToXYZ, hwbToSRGB(c).map(srgbToLinear))
        case .lab: return multiply(d50ToD65, labToXYZD50(c))
        case .lch: return multiply(d50ToD65, labToXYZD50(polarToRectangular(c)))
        case .oklab: return okLabToXYZ(c)
        case .oklch: return okLabToXYZ(polarToRectangular(c))
        case .displayP3: return multiply(linearP3ToXYZ, c.map(srgbToLinear))
        case .a98RGB: return multiply(linearA98ToXYZ, c.map(a98ToLinear))
        case .prophotoRGB: return multiply(d50ToD65, multiply(linearProPhotoToXYZD50, c.map(prophotoToLinear)))
        case .rec2020: return multiply(linearRec2020ToXYZ, c.map(rec2020ToLinear))
        case .xyzD65: return c
        case .xyzD50: return multiply(d50ToD65, c)
        }
    }

    // MARK: RGB destinations and gamut mapping

    /// The two gamuts the generated Swift draws in: sRGB and Display P3 (both with sRGB's
    /// transfer function, both D65).
    public enum Gamut: Sendable {
        case srgb, displayP3

        /// Gamma-encoded components of `xyz` (D65), unclipped.
        public func components(fromXYZ xyz: Vector) -> Vector {
            multiply(self == .srgb ? xyzToLinearSRGB : xyzToLinearP3, xyz).map(linearToSRGB)
        }

        /// CIE XYZ (D65) of gamma-encoded `components`.
        public func xyz(_ components: Vector) -> Vector {
            multiply(self == .srgb ? linearSRGBToXYZ : linearP3ToXYZ, components.map(srgbToLinear))
        }
    }

    /// deltaEOK (CSS Color 4 §13.1.3): the Euclidean distance of two colours in OKLab.
    public static func deltaEOK(_ a: Vector, _ b: Vector) -> Double {
        sqrt(zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
    }

    /// CSS Color 4 §13.2 "CSS Gamut Mapping Algorithm": the colour `xyz` (D65) in `gamut`,
    /// gamma-encoded from 0 to 1. A colour in the gamut is converted as it is; else its OKLCH
    /// chroma is reduced (binary search, ε = 0.0001) until clipping the reduced colour moves it
    /// less than a just-noticeable difference (deltaEOK JND = 0.02), lightness and hue kept;
    /// OKLCH lightness 1 or more is white, 0 or less black.
    public static func gamutMap(_ xyz: Vector, into gamut: Gamut) -> Vector {
        let jnd = 0.02
        let epsilon = 0.0001
        let origin = xyzToOKLab(xyz)
        if origin[0] >= 1 { return [1, 1, 1] }
        if origin[0] <= 0 { return [0, 0, 0] }
        let direct = gamut.components(fromXYZ: xyz)
        func inGamut(_ c: Vector) -> Bool { c.allSatisfy { $0 >= 0 && $0 <= 1 } }
        if inGamut(direct) { return direct }
        func clip(_ c: Vector) -> Vector { c.map { min(max($0, 0), 1) } }
        let chroma = hypot(origin[1], origin[2])
        let hue = atan2(origin[2], origin[1])
        func atChroma(_ c: Double) -> Vector { [origin[0], c * cos(hue), c * sin(hue)] }
        func components(_ lab: Vector) -> Vector { gamut.components(fromXYZ: okLabToXYZ(lab)) }
        var clipped = clip(direct)
        if deltaEOK(xyzToOKLab(gamut.xyz(clipped)), origin) < jnd { return clipped }
        var low = 0.0
        var high = chroma
        var lowInGamut = true
        while high - low > epsilon {
            let middle = (low + high) / 2
            let current = atChroma(middle)
            let currentComponents = components(current)
            if lowInGamut && inGamut(currentComponents) {
                low = middle
                continue
            }
            clipped = clip(currentComponents)
            let e = deltaEOK(xyzToOKLab(gamut.xyz(clipped)), current)
            if e < jnd {
                if jnd - e < epsilon { return clipped }
                lowInGamut = false
                low = middle
            } else {
                high = middle
            }
        }
        return clipped
    }

    /// How far outside 0...1 a component may be and still count as inside a gamut: half an
    /// 8-bit step, the error 8-bit sRGB has for any colour (and CSS Color 4's examples of
    /// sRGB colours written in other spaces, rounded to a few digits, fall just outside).
    public static let gamutTolerance = 0.5 / 255

    static func within(_ c: Vector) -> Bool {
        c.allSatisfy { $0 >= -gamutTolerance && $0 <= 1 + gamutTolerance }
    }

    static func byte(_ value: Double) -> UInt8 { value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded()) }

    /// The colour written in `space` as stategen keeps it: a colour inside sRGB as 8-bit sRGB
    /// (`displayP3` `nil`); one outside sRGB but inside Display P3 with its exact P3 components
    /// and, as `red`, `green`, `blue`, its sRGB gamut-mapped approximation (``gamutMap(_:into:)``);
    /// one wider than P3 gamut-mapped into P3 the same way, and that P3 colour then kept as a
    /// `display-p3` one (its sRGB approximation mapped from it), so that the P3 components alone
    /// give back the same value. "Inside" allows ``gamutTolerance``.
    /// `alpha` is from 0 to 1. `nil` when the components are too large to convert (XYZ not
    /// finite: a Lab `a` of 1e300).
    public static func color(_ space: DTCGColorSpace, _ components: [Double?], alpha: Double) -> RGBAColor? {
        let xyz = xyzD65(space, components)
        guard xyz.allSatisfy(\.isFinite), xyzToOKLab(xyz).allSatisfy(\.isFinite) else { return nil }
        let a = byte(alpha)
        if space == .displayP3 {
            // Display P3 components are kept as written, not round-tripped through XYZ.
            let p3 = components.map { min(max($0 ?? 0, 0), 1) }
            let srgb = Gamut.srgb.components(fromXYZ: xyz)
            if within(srgb) {
                return RGBAColor(red: byte(srgb[0]), green: byte(srgb[1]), blue: byte(srgb[2]), alpha: a)
            }
            let mapped = gamutMap(xyz, into: .srgb)
            return RGBAColor(
                red: byte(mapped[0]), green: byte(mapped[1]), blue: byte(mapped[2]), alpha: a,
                displayP3: DisplayP3Components(red: p3[0], green: p3[1], blue: p3[2]))
        }
        let srgb = Gamut.srgb.components(fromXYZ: xyz)
        if within(srgb) {
            return RGBAColor(red: byte(srgb[0]), green: byte(srgb[1]), blue: byte(srgb[2]), alpha: a)
        }
        let direct = Gamut.displayP3.components(fromXYZ: xyz)
        if !within(direct) {
            // Wider than P3: drawn as its P3 gamut mapping, which is then what the sRGB
            // approximation approximates (so the P3 components alone give back the colour).
            return color(.displayP3, gamutMap(xyz, into: .displayP3), alpha: alpha)
        }
        let p3 = direct.map { min(max($0, 0), 1) }
        let mapped = gamutMap(xyz, into: .srgb)
        return RGBAColor(
            red: byte(mapped[0]), green: byte(mapped[1]), blue: byte(mapped[2]), alpha: a,
            displayP3: DisplayP3Components(red: p3[0], green: p3[1], blue: p3[2]))
    }

    /// The colour's CIE XYZ (D65) as drawn: from its Display P3 components when it has them,
    /// else from its 8-bit sRGB.
    public static func xyzD65(drawn color: RGBAColor) -> Vector {
        if let p3 = color.displayP3 { return Gamut.displayP3.xyz([p3.red, p3.green, p3.blue]) }
        return Gamut.srgb.xyz([color.red, color.green, color.blue].map { Double($0) / 255 })
    }

    /// A hex colour in any of CSS Color 4's hex notations (§5.2: `#RGB`, `#RGBA`, `#RRGGBB`,
    /// `#RRGGBBAA`, each digit of the short forms doubled); `nil` for anything else.
    public static func cssHex(_ text: String) -> RGBAColor? {
        guard text.count == 5, text.first == "#" else { return RGBAColor(hex: text) }
        let digits = text.dropFirst().map { String(repeating: $0, count: 2) }.joined()
        return RGBAColor(hex: "#" + digits)
    }

    /// Whether a DTCG `hex` fallback stands for the colour: within a just-noticeable difference
    /// (deltaEOK 0.02, CSS Color 4 §13.2's JND) of the colour clipped to sRGB or of its
    /// gamut-mapped sRGB (the two fallbacks tools write; 8-bit rounding moves a colour by at most
    /// about 0.002).
    public static func fallbackMatches(_ hex: RGBAColor, space: DTCGColorSpace, components: [Double?]) -> Bool {
        let xyz = xyzD65(space, components)
        let fallback = xyzToOKLab(Gamut.srgb.xyz([hex.red, hex.green, hex.blue].map { Double($0) / 255 }))
        let srgb = Gamut.srgb.components(fromXYZ: xyz)
        for candidate in [srgb.map { min(max($0, 0), 1) }, gamutMap(xyz, into: .srgb)] {
            if deltaEOK(xyzToOKLab(Gamut.srgb.xyz(candidate)), fallback) <= 0.02 { return true }
        }
        return false
    }
}

extension SpecDecoder {
    /// DTCG 2025.10's colour spaces (Color module, "Supported color spaces").
    static let colorSpaces = DTCGColorSpace.allCases.map(\.rawValue)

    /// DTCG 2025.10's colour object: `{ colorSpace, components, alpha?, hex? }`, in any of the
    /// Color module's fourteen spaces, converted with ``ColorSpaces/color(_:_:alpha:)`` (wide-gamut
    /// colours keep their Display P3 components). A component is a number or `"none"` (missing,
    /// 0 for conversion: CSS Color 4 §4.4); each must be in the Color module's range for its space
    /// (a hue in `[0, 360)`), else `invalid-value`, except XYZ's `[0, 1]`, which D65 white's own Z
    /// (1.089) exceeds: outside it is the warning `color-component-range`. `alpha` is from 0 to 1.
    /// `hex` is DTCG's sRGB fallback for tools that cannot read the space: the components win,
    /// and a hex that is not the colour (``ColorSpaces/fallbackMatches(_:space:components:)``)
    /// is the warning `color-fallback-mismatch`.
    func colorObject(_ node: YAMLNode, what: String) -> AttributeValue? {
        guard
            let f = fields(
                of: node, in: what, allowed: ["colorSpace", "components", "alpha", "hex"],
                required: ["colorSpace", "components"])
        else { return nil }
        guard let spaceNode = f["colorSpace"], let componentsNode = f["components"] else { return nil }
        let spaceName = spaceNode.scalarText ?? ""
        guard let space = DTCGColorSpace(rawValue: spaceName) else {
            diagnostics.error(
                "\(what) has colour space \(describe(spaceNode)), which is none of the Design Tokens format's: \(Self.colorSpaces.joined(separator: ", "))"
                    + Suggestion.didYouMean(spaceName, in: Self.colorSpaces),
                at: spaceNode.location, rule: .invalidValue)
            return nil
        }
        let ranges = space.componentRanges
        guard let items = componentsNode.sequenceItems, items.count == 3 else {
            diagnostics.error(
                "\(what) needs three components in \(DiagnosticText.quoted(spaceName)), as [\(ranges.map(\.name).joined(separator: ", "))]",
                at: componentsNode.location, rule: .invalidValue)
            return nil
        }
        var components: [Double?] = []
        for (item, range) in zip(items, ranges) {
            if item.scalarText == "none" {
                components.append(nil)
                continue
            }
            guard let value = number(item) else {
                diagnostics.error(
                    "\(what) has a component \(describe(item)); components are numbers or \"none\"", at: item.location,
                    rule: .invalidValue)
                return nil
            }
            let below = range.lower.map { value < $0 } ?? false
            let above = range.upper.map { range.upperOpen ? value >= $0 : value > $0 } ?? false
            if below || above {
                let bounds =
                    "\(range.lower.map { Self.formatBound($0) } ?? "-∞") to \(range.upper.map { Self.formatBound($0) } ?? "∞")"
                    + (range.upperOpen ? " (not included)" : "")
                let message =
                    "\(what) has \(range.name) \(describe(item)) in \(DiagnosticText.quoted(spaceName)), outside the Color module's range, \(bounds)"
                if space == .xyzD65 || space == .xyzD50 {
                    diagnostics.warning(message, at: item.location, rule: .colorComponentRange)
                } else {
                    diagnostics.error(message, at: item.location, rule: .invalidValue)
                    return nil
                }
            }
            components.append(value)
        }
        var alpha = 1.0
        if let alphaNode = f["alpha"] {
            guard let value = number(alphaNode), (0...1).contains(value) else {
                diagnostics.error(
                    "\(what) has alpha \(describe(alphaNode)); alpha is from 0 to 1", at: alphaNode.location,
                    rule: .invalidValue)
                return nil
            }
            alpha = value
        }
        guard let color = ColorSpaces.color(space, components, alpha: alpha) else {
            diagnostics.error(
                "\(what) has components too large to convert from \(DiagnosticText.quoted(spaceName)) (the colour is not finite in CIE XYZ)",
                at: componentsNode.location, rule: .invalidValue)
            return nil
        }
        // DTCG's `hex` is six digits, sRGB, without alpha (the object's `alpha` is).
        if let hexNode = f["hex"] {
            guard let text = hexNode.scalarText, let hex = ColorSpaces.cssHex(text) else {
                diagnostics.error(
                    "\(what) has hex \(describe(hexNode)); DTCG's hex is \"#RRGGBB\" (the alpha is the object's 'alpha')",
                    at: hexNode.location, rule: .invalidValue)
                return nil
            }
            // CSS's other hex forms (#RGB, #RGBA, #RRGGBBAA), which real exports write (Spectrum,
            // Fluent, Carbon, Primer: "#000"): a warning, for the components are the colour.
            if text.count != 7 {
                let six = "#" + hex.hex.dropFirst().prefix(6).lowercased()
                let matches = ColorSpaces.fallbackMatches(hex, space: space, components: components)
                diagnostics.warning(
                    "\(what) has hex fallback \(DiagnosticText.quoted(text)), which DTCG writes as six digits (\(DiagnosticText.quoted(six)); the alpha is the object's 'alpha')"
                        + (matches
                            ? "; the components are used"
                            : ", and which is not its colour in \(DiagnosticText.quoted(spaceName)) (\(DiagnosticText.quoted(String(color.hex.prefix(7)))) in sRGB); the components are used"),
                    at: hexNode.location, rule: .colorFallbackMismatch)
            } else if !ColorSpaces.fallbackMatches(hex, space: space, components: components) {
                diagnostics.warning(
                    "\(what) has hex fallback \(DiagnosticText.quoted(text)), which is not its colour in \(DiagnosticText.quoted(spaceName)) (\(DiagnosticText.quoted(String(color.hex.prefix(7)))) in sRGB); the components are used",
                    at: hexNode.location, rule: .colorFallbackMismatch)
            }
        }
        return .color(color)
    }

    static func formatBound(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension AttributeValue {
    /// A colour with its alpha replaced by a token's `alpha` beside its `$value` (GitHub
    /// Primer's key): the colour's components, wide-gamut ones included, with `alpha` (0 to 1)
    /// as its opacity, rounded to 8 bits. This is what Primer's own build does (its `color/hex`
    /// and `color/rgba` transforms set the alpha of the resolved colour, the alias's target's
    /// included, disregarding the alpha it had). Any other value, or no alpha, is unchanged.
    func withTokenAlpha(_ alpha: Double?) -> AttributeValue {
        guard let alpha, case .color(var color) = self else { return self }
        color.alpha = UInt8((min(max(alpha, 0), 1) * 255).rounded())
        return .color(color)
    }
}
