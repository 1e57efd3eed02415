#!/usr/bin/env python3
"""Writes Tests/StategenTests/ColourFigures.swift: expected values of DTCG 2025.10 colours
computed independently with the Python library coloraide (https://facelessuser.github.io/coloraide/),
so that the Swift tests need no Python.

Run: pip install --break-system-packages coloraide && python3 scripts/colour-figures.py

For each colour: its sRGB coordinates; inside sRGB (within half an 8-bit step, stategen's
ColorSpaces.gamutTolerance) the expected 8-bit sRGB; else the Display P3 components (clamped when
within the tolerance, else coloraide's 'oklch-chroma' fit, the CSS Color 4 gamut mapping: MINDE
chroma reduction in OKLCH, deltaEOK, JND 0.02) and the 8-bit sRGB of the same fit into sRGB
(of the colour inside P3; of its P3 fit for one wider than P3, which is 8-bit sRGB when that
fit is inside sRGB).
Colours within 1e-5 of the tolerance's edge are left out (either answer would be right).
"""
import json, math, os, random, sys
import coloraide
from coloraide import Color

TOL = 0.5 / 255
HERE = os.path.dirname(os.path.abspath(__file__))
CONF = os.path.join(HERE, "..", "..", "shared", "conformance", "dtcg-2025.10", "examples")

def to_coloraide(space, comps):
    c = [float("nan") if v is None else float(v) for v in comps]
    if space in ("hsl", "hwb"):
        c = [c[0], c[1] / 100, c[2] / 100]
    return Color(space, c)

def expect(space, comps, alpha=1.0):
    col = to_coloraide(space, comps)
    s = col.convert("srgb").coords(nans=False)
    edge = min(min(abs(v + TOL), abs(v - 1 - TOL)) for v in s)
    if edge < 1e-5:
        return None
    byte = lambda v: round(min(max(v, 0), 1) * 255)
    if all(-TOL <= v <= 1 + TOL for v in s):
        return {"srgb": [byte(v) for v in s], "p3": None}
    p = col.convert("display-p3").coords(nans=False)
    pedge = min(min(abs(v + TOL), abs(v - 1 - TOL)) for v in p)
    if pedge < 1e-5:
        return None
    if all(-TOL <= v <= 1 + TOL for v in p):
        p3 = [min(max(v, 0), 1) for v in p]
        mapped = col.convert("srgb").fit(method="oklch-chroma").coords(nans=False)
    else:
        # Wider than P3: mapped into P3, and the sRGB approximation mapped from that P3 colour.
        # A P3 fit that lands inside sRGB (a very dark colour, white) is 8-bit sRGB again.
        fitted = col.convert("display-p3").fit(method="oklch-chroma")
        p3 = fitted.coords(nans=False)
        s2 = fitted.convert("srgb").coords(nans=False)
        if min(min(abs(v + TOL), abs(v - 1 - TOL)) for v in s2) < 1e-5:
            return None
        if all(-TOL <= v <= 1 + TOL for v in s2):
            return {"srgb": [byte(v) for v in s2], "p3": None}
        mapped = fitted.convert("srgb").fit(method="oklch-chroma").coords(nans=False)
    return {"srgb": [byte(v) for v in mapped], "p3": p3}

RANGES = {
    "srgb": [(0, 1)] * 3, "srgb-linear": [(0, 1)] * 3, "display-p3": [(0, 1)] * 3,
    "a98-rgb": [(0, 1)] * 3, "prophoto-rgb": [(0, 1)] * 3, "rec2020": [(0, 1)] * 3,
    "hsl": [(0, 359.9), (0, 100), (0, 100)], "hwb": [(0, 359.9), (0, 60), (0, 60)],
    "lab": [(5, 95), (-110, 110), (-110, 110)], "lch": [(5, 95), (0, 140), (0, 359.9)],
    "oklab": [(0.05, 0.95), (-0.35, 0.35), (-0.35, 0.35)], "oklch": [(0.05, 0.95), (0, 0.37), (0, 359.9)],
    "xyz-d65": [(0, 0.95), (0, 1), (0, 1)], "xyz-d50": [(0, 0.96), (0, 1), (0, 0.82)],
}

def own_table():
    rng = random.Random(26)
    rows = []
    for space, ranges in RANGES.items():
        kept = 0
        while kept < 9:
            comps = [round(rng.uniform(a, b), 4) for a, b in ranges]
            e = expect(space, comps)
            if e is None:
                continue
            rows.append((space, comps, e)); kept += 1
    # Hand-picked: primaries of wide spaces, extremes, 'none', white and black.
    for space, comps in [
        ("display-p3", [1, 0, 0]), ("display-p3", [0, 1, 0]), ("display-p3", [0, 0, 1]),
        ("display-p3", [1, 1, 1]), ("display-p3", [0, 0, 0]), ("rec2020", [0, 1, 0]),
        ("rec2020", [1, 0, 0]), ("prophoto-rgb", [0, 1, 0]), ("prophoto-rgb", [0, 0, 1]),
        ("a98-rgb", [0, 1, 0]), ("oklch", [0.7, 0.3, 145]), ("oklch", [0.5, 0.4, 265]),
        ("oklch", [0.9, 0.2, 100]), ("lch", [50, 130, 40]), ("lab", [100, 0, 0]),
        ("hsl", [None, 0, 50]), ("hwb", [None, 50, 50]), ("lch", [60, 0, None]),
        ("oklch", [0.6, 0, None]), ("oklab", [0.5, None, None]), ("xyz-d65", [0.9505, 1, 1]),
        ("srgb", [None, 0.5, 1]), ("hwb", [120, 70, 50]), ("srgb-linear", [0.5, 0.2, 0.01]),
    ]:
        e = expect(space, comps)
        if e is not None:
            rows.append((space, comps, e))
    return rows

def examples():
    rows = []
    for name in sorted(os.listdir(CONF)):
        if not name.startswith("color_color-type-"):
            continue
        doc = json.load(open(os.path.join(CONF, name)))
        for key, token in doc.items():
            if key.startswith("$"):
                continue
            v = token["$value"]
            comps = [None if c == "none" else c for c in v["components"]]
            e = expect(v["colorSpace"], comps, v.get("alpha", 1))
            rows.append((name, key, v["colorSpace"], comps, v.get("alpha", 1), e))
    return rows

def swift_num(v):
    return "nil" if v is None else repr(float(v))

out = []
out.append("// Generated by scripts/colour-figures.py with coloraide %s (Python %s):" % (coloraide.__version__, sys.version.split()[0]))
out.append("//     pip install --break-system-packages coloraide && python3 scripts/colour-figures.py")
out.append("// Expected values computed by coloraide, independently of stategen's ColorSpaces.swift; see the")
out.append("// script's docstring for the rule. Facts only: the test needs no Python.")
out.append("")
out.append("/// A colour and what stategen must make of it: 8-bit sRGB (gamut-mapped when `p3` is set) and")
out.append("/// the Display P3 components of a colour outside sRGB.")
out.append("struct ColourFigure {")
out.append("    let space: String")
out.append("    let components: [Double?]")
out.append("    let srgb: [UInt8]")
out.append("    let p3: [Double]?")
out.append("}")
out.append("")
out.append("enum ColourFigures {")
out.append("    /// The colour examples of the DTCG 2025.10 Color module, by file and token name.")
out.append("    static let examples: [String: ColourFigure] = [")
for name, key, space, comps, alpha, e in examples():
    p3 = "nil" if e["p3"] is None else "[" + ", ".join(repr(v) for v in e["p3"]) + "]"
    out.append('        "%s/%s": ColourFigure(space: "%s", components: [%s], srgb: [%s], p3: %s),' % (
        name, key, space, ", ".join(swift_num(c) for c in comps), ", ".join(map(str, e["srgb"])), p3))
out.append("    ]")
out.append("")
out.append("    /// Colours of our own, every space, inside sRGB, inside Display P3 only and wider than P3.")
out.append("    static let table: [ColourFigure] = [")
for space, comps, e in own_table():
    p3 = "nil" if e["p3"] is None else "[" + ", ".join(repr(v) for v in e["p3"]) + "]"
    out.append('        ColourFigure(space: "%s", components: [%s], srgb: [%s], p3: %s),' % (
        space, ", ".join(swift_num(c) for c in comps), ", ".join(map(str, e["srgb"])), p3))
out.append("    ]")
out.append("}")
path = os.path.join(HERE, "..", "Tests", "StategenTests", "ColourFigures.swift")
open(path, "w").write("\n".join(out) + "\n")
print(path)
