#!/usr/bin/env python3
"""Prints a synthetic but realistic design-token file of about N tokens, in the W3C Design
Tokens Community Group format (DTCG 2025.10, JSON), for scripts/benchmark-tokens.

Usage: scripts/synth-tokens.py N > tokens.json

The tree, with the share of the N tokens each part takes (the shares of real design systems'
token files: mostly colours, a palette and aliases of it, then sizes, type and effects):

- color.palette.<hue>.<shade> (36%): hue families of ten shades (50, 100 ... 900); even shades
  are "#RRGGBB" strings, odd shades {colorSpace: srgb, components: [r, g, b]} objects (some
  with alpha, some with an sRGB "hex" fallback), and every seventh shade a wide-gamut
  {colorSpace: display-p3, components, hex} object (P3 components with DTCG's sRGB fallback,
  the colour clipped to sRGB).
  "$type": "color" is on the `color` group and inherited by everything under it.
- color.semantic.s<K> (22%): aliases of palette colours, "{color.palette.<hue>.<shade>}".
- color.role.r<K> (11%): aliases of semantic colours (alias of an alias); every eighth one
  repeats "$type": "color" on the token itself.
- color.state.x<K> (3%): aliases of roles (a chain of three aliases to the palette).
- size.space.<K> (7%) and size.radius.<K> (3%): "$type": "dimension" on `size`;
  {value, unit} in px or rem; every third radius is an alias of a space.
- font.family.<K>, font.weight.<K> (2% together): fontFamily (a name or a list of fallbacks)
  and fontWeight (a number or a DTCG name) tokens.
- typography.<K> (5%): typography composites {fontFamily (an alias of a family), fontSize,
  fontWeight (an alias of a weight or a number), letterSpacing, lineHeight}.
- effect.shadow.<K> (3%): shadow composites {color (a colour object or an alias), offsetX,
  offsetY, blur, spread}, every fourth a list of two layers; effect.border.<K> (1%): border
  composites {color, width, style}.
- motion.duration.<K> (1%) and motion.easing.<K> (1%): duration {value, unit: ms} and
  cubicBezier [x1, y1, x2, y2] tokens.
- number.opacity.<K>, number.lineHeight.<K>, number.zIndex.<K> (the rest, 5%): "$type":
  "number" on `number`.

Every fifth token has a "$description"; a few groups and tokens carry "$extensions" (which
tools keep their own data in). The output depends on N only (no randomness), and is indented
like files written by design tools (`json.dump(indent=2)`, as Python and Style Dictionary write
them). color.semantic.s0, color.state.x0 and size.radius.0 exist for any N >= 1.
"""
import colorsys, json, sys

HUES = ["red", "orange", "amber", "yellow", "lime", "green", "emerald", "teal", "cyan", "sky",
        "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose", "slate", "gray", "zinc",
        "neutral", "stone"]
SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900]


def mix(*values):
    """A deterministic pseudo-random integer from `values` (a 32-bit integer hash)."""
    h = 2166136261
    for v in values:
        for byte in str(v).encode():
            h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 0x2C1B3C6D) & 0xFFFFFFFF
    h ^= h >> 12
    return h


def hue_name(i):
    """red, orange, ..., stone, then red2, orange2, ..."""
    base = HUES[i % len(HUES)]
    return base if i < len(HUES) else f"{base}{i // len(HUES) + 1}"


def palette_rgb(family, shade_index):
    """A colour of a hue family at a shade: lighter at 50, darker at 900."""
    hue = ((family * 360 / len(HUES)) + (family // len(HUES)) * 7.3) % 360 / 360
    lightness = 0.97 - shade_index * 0.088
    saturation = 0.08 if HUES[family % len(HUES)] in ("slate", "gray", "zinc", "neutral", "stone") else 0.55 + (mix("s", family) % 40) / 100
    return colorsys.hls_to_rgb(hue, lightness, saturation)


def p3_to_srgb(p3):
    """Display P3 components as sRGB ones clipped to [0, 1] (DTCG's hex fallback of a wide-gamut
    colour): both spaces share the sRGB transfer function; linear P3 to linear sRGB is CSS Color
    4's matrices (P3 to XYZ D65, XYZ to sRGB) multiplied out."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    def encoded(c):
        c = min(1, max(0, c))
        return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    r, g, b = (linear(c) for c in p3)
    return [encoded(1.2249401762805598 * r - 0.22494017628055996 * g),
            encoded(-0.042056954709688163 * r + 1.0420569547096881 * g),
            encoded(-0.019637554590334432 * r - 0.07863604555063189 * g + 1.0982736001409663 * b)]


def described(token, text, k):
    if k % 5 == 0:
        token["$description"] = text
    return token


def build(n):
    n = max(n, 1)
    counts = {
        "palette": max(1, n * 36 // 100), "semantic": max(1, n * 22 // 100), "role": max(1, n * 11 // 100),
        "state": max(1, n * 3 // 100), "space": max(1, n * 7 // 100), "radius": max(1, n * 3 // 100),
        "family": n // 100, "weight": n // 100, "typography": n * 5 // 100, "shadow": n * 3 // 100,
        "border": n // 100, "duration": n // 100, "easing": n // 100,
    }
    counts["number"] = max(0, n - sum(counts.values()))
    k = 0  # running token number, for "every fifth token has a description"

    # Palette.
    palette = {"$description": "The raw palette; refer to the semantic colours instead."}
    palette_paths = []
    family = 0
    while len(palette_paths) < counts["palette"]:
        name = hue_name(family)
        group = {}
        for si, shade in enumerate(SHADES):
            if len(palette_paths) == counts["palette"]:
                break
            r, g, b = palette_rgb(family, si)
            if si % 7 == 3:
                # Display P3 components of the sRGB colour pushed outward, with the sRGB fallback.
                p3 = [round(min(1, max(0, 0.5 + (c - 0.5) * 1.08)), 4) for c in (r, g, b)]
                value = {"colorSpace": "display-p3", "components": p3,
                         "hex": "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in p3_to_srgb(p3)))}
            elif si % 2 == 0:
                value = "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in (r, g, b)))
            else:
                value = {"colorSpace": "srgb", "components": [round(r, 4), round(g, 4), round(b, 4)]}
                if mix("alpha", family, shade) % 6 == 0:
                    value["alpha"] = round(0.5 + (mix("a", family, shade) % 50) / 100, 2)
                elif mix("hex", family, shade) % 4 == 0:
                    value["hex"] = "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in (r, g, b)))
            token = described({"$value": value}, f"{name.capitalize()} {shade}.", k)
            if mix("ext", family, shade) % 50 == 0:
                token["$extensions"] = {"com.example.figma": {"variableId": f"VariableID:{family}:{shade}",
                                                              "scopes": ["ALL_FILLS", "STROKE_COLOR"]}}
            group[str(shade)] = token
            palette_paths.append(f"color.palette.{name}.{shade}")
            k += 1
        palette[name] = group
        family += 1

    # Semantic colours: aliases into the palette.
    semantic = {}
    for i in range(counts["semantic"]):
        target = palette_paths[mix("sem", i) % len(palette_paths)]
        semantic[f"s{i}"] = described({"$value": "{" + target + "}"}, f"Semantic colour {i}, {target.split('.', 2)[2]}.", k)
        k += 1
    # Roles: aliases of semantic colours; states: aliases of roles.
    role = {}
    for i in range(counts["role"]):
        token = {"$value": "{color.semantic.s%d}" % (mix("role", i) % counts["semantic"])}
        if i % 8 == 0:
            token["$type"] = "color"
        role[f"r{i}"] = described(token, f"Role colour {i}.", k)
        k += 1
    state = {}
    for i in range(counts["state"]):
        state[f"x{i}"] = described({"$value": "{color.role.r%d}" % (mix("state", i) % counts["role"])},
                                   f"State colour {i}: a chain of three aliases.", k)
        k += 1

    # Dimensions.
    space = {}
    for i in range(counts["space"]):
        if i % 4 == 3:
            value = {"value": round(0.25 * (1 + i % 16), 2), "unit": "rem"}
        else:
            value = {"value": 2 * (i % 64), "unit": "px"}
        space[str(i)] = described({"$value": value}, f"Spacing step {i}.", k)
        k += 1
    radius = {}
    for i in range(counts["radius"]):
        if i % 3 == 2:
            value = "{size.space.%d}" % (mix("radius", i) % counts["space"])
        else:
            value = {"value": i % 24, "unit": "px"}
        radius[str(i)] = described({"$value": value}, f"Corner radius {i}.", k)
        k += 1

    # Fonts and typography.
    families = ["Inter", ["SF Pro Text", "Helvetica Neue", "sans-serif"], "Source Serif 4", ["JetBrains Mono", "monospace"]]
    weight_names = ["thin", "light", "regular", "medium", "semi-bold", "bold", "extra-bold", "black"]
    family = {}
    for i in range(counts["family"]):
        family[f"f{i}"] = described({"$value": families[i % len(families)]}, f"Font family {i}.", k)
        k += 1
    weight = {}
    for i in range(counts["weight"]):
        weight[f"w{i}"] = described({"$value": weight_names[i % len(weight_names)] if i % 2 else 100 * (1 + i % 9)},
                                    f"Font weight {i}.", k)
        k += 1
    typography = {}
    for i in range(counts["typography"]):
        size = 10 + (i % 30)
        value = {
            "fontFamily": "{font.family.f%d}" % (mix("tf", i) % counts["family"]) if counts["family"] else "Inter",
            "fontSize": {"value": size, "unit": "px"},
            "fontWeight": "{font.weight.w%d}" % (mix("tw", i) % counts["weight"]) if counts["weight"] and i % 3 else 400 + 100 * (i % 4),
            "letterSpacing": {"value": round(-0.02 * (i % 5), 2), "unit": "rem"},
            "lineHeight": round(1.2 + (i % 6) / 10, 1),
        }
        typography[f"t{i}"] = described({"$value": value}, f"Text style {i}: {size} px.", k)
        k += 1

    # Effects and motion.
    def px(v):
        return {"value": v, "unit": "px"}
    shadow = {}
    for i in range(counts["shadow"]):
        def layer(j):
            color = ({"colorSpace": "srgb", "components": [0, 0, 0], "alpha": round(0.08 + 0.04 * (j % 5), 2)}
                     if (i + j) % 2 else "{color.semantic.s%d}" % (mix("sh", i, j) % counts["semantic"]))
            return {"color": color, "offsetX": px(0), "offsetY": px(1 + (i + j) % 8), "blur": px(2 * (1 + (i + j) % 12)),
                    "spread": px((i + j) % 3 - 1)}
        shadow[f"e{i}"] = described({"$value": [layer(0), layer(1)] if i % 4 == 3 else layer(0)}, f"Elevation {i}.", k)
        k += 1
    border = {}
    for i in range(counts["border"]):
        border[f"b{i}"] = described({"$value": {"color": "{color.role.r%d}" % (mix("bo", i) % counts["role"]),
                                                "width": px(1 + i % 3), "style": ["solid", "dashed", "dotted"][i % 3]}},
                                    f"Border {i}.", k)
        k += 1
    duration = {}
    for i in range(counts["duration"]):
        duration[f"d{i}"] = described({"$value": {"value": 50 * (1 + i % 12), "unit": "ms"}}, f"Duration {i}.", k)
        k += 1
    easing = {}
    for i in range(counts["easing"]):
        easing[f"c{i}"] = described({"$value": [round(0.1 * (i % 5), 2), 0, round(0.2 + 0.1 * (i % 8), 2), 1]},
                                    f"Easing {i}.", k)
        k += 1

    # Numbers.
    numbers = {"opacity": {}, "lineHeight": {}, "zIndex": {}}
    for i in range(counts["number"]):
        kind = ("opacity", "lineHeight", "zIndex")[i % 3]
        j = i // 3
        value = {"opacity": round((j % 101) / 100, 2), "lineHeight": round(1 + (j % 60) / 100, 2),
                 "zIndex": 10 * (j % 100)}[kind]
        numbers[kind][str(j)] = described({"$value": value}, f"{kind} {j}.", k)
        k += 1

    return {
        "color": {
            "$type": "color",
            "$description": "Colours: a palette, semantic aliases of it, and roles and states aliasing those.",
            "palette": palette, "semantic": semantic, "role": role, "state": state,
        },
        "size": {
            "$type": "dimension",
            "$extensions": {"com.example.export": {"platforms": ["ios", "web"]}},
            "space": space, "radius": radius,
        },
        **({"number": {"$type": "number", **{kind: group for kind, group in numbers.items() if group}}}
           if counts["number"] else {}),
        **({"font": {
            **({"family": {"$type": "fontFamily", **family}} if family else {}),
            **({"weight": {"$type": "fontWeight", **weight}} if weight else {}),
        }} if family or weight else {}),
        **({"typography": {"$type": "typography", **typography}} if typography else {}),
        **({"effect": {
            **({"shadow": {"$type": "shadow", **shadow}} if shadow else {}),
            **({"border": {"$type": "border", **border}} if border else {}),
        }} if shadow or border else {}),
        **({"motion": {
            **({"duration": {"$type": "duration", **duration}} if duration else {}),
            **({"easing": {"$type": "cubicBezier", **easing}} if easing else {}),
        }} if duration or easing else {}),
    }


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: scripts/synth-tokens.py N")
    json.dump(build(int(sys.argv[1])), sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
