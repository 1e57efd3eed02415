#!/usr/bin/env python3
"""Prints a synthetic but realistic design-token file of about N tokens, in the W3C Design
Tokens Community Group format (DTCG 2025.10, JSON), for scripts/benchmark-tokens.

Usage: scripts/synth-tokens.py N > tokens.json

The tree, with the share of the N tokens each part takes:

- color.palette.<hue>.<shade> (40%): hue families of ten shades (50, 100 ... 900); even shades
  are "#RRGGBB" strings, odd shades {colorSpace: srgb, components: [r, g, b]} objects (some
  with alpha, some with an sRGB "hex" fallback). "$type": "color" is on the `color` group and
  inherited by everything under it.
- color.semantic.s<K> (25%): aliases of palette colours, "{color.palette.<hue>.<shade>}".
- color.role.r<K> (12%): aliases of semantic colours (alias of an alias); every eighth one
  repeats "$type": "color" on the token itself.
- color.state.x<K> (3%): aliases of roles (a chain of three aliases to the palette).
- size.space.<K> (8%) and size.radius.<K> (4%): "$type": "dimension" on `size`;
  {value, unit} in px or rem; every third radius is an alias of a space.
- number.opacity.<K>, number.lineHeight.<K>, number.zIndex.<K> (8% together): "$type":
  "number" on `number`.

Every fifth token has a "$description"; a few groups and tokens carry "$extensions" (which
tools keep their own data in). The output depends on N only (no randomness), and is indented
like files written by design tools. color.semantic.s0, color.state.x0 and size.radius.0 exist
for any N >= 1.
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


def described(token, text, k):
    if k % 5 == 0:
        token["$description"] = text
    return token


def build(n):
    n = max(n, 1)
    counts = {
        "palette": max(1, n * 40 // 100), "semantic": max(1, n * 25 // 100), "role": max(1, n * 12 // 100),
        "state": max(1, n * 3 // 100), "space": max(1, n * 8 // 100), "radius": max(1, n * 4 // 100),
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
            if si % 2 == 0:
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
        "number": {"$type": "number", **{kind: group for kind, group in numbers.items() if group}},
    }


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: scripts/synth-tokens.py N")
    json.dump(build(int(sys.argv[1])), sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
