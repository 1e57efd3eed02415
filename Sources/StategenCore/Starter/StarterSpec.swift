/// The commented starter spec that `stategen init` writes: two control kinds (a push button and
/// a toggle) that show every part of the format. It passes `stategen lint --warnings-as-errors`
/// and its Swift compiles under strict Swift 6 settings (both tested).
public enum StarterSpec {
    /// The file `stategen init` writes when given no path.
    public static let defaultPath = "controls.yml"

    /// The spec's text as written at `path`: its comments' example commands name that path
    /// instead of `controls.yml`, the preview page `<name>.html` instead of `controls.html`, and
    /// write the JSON Schema into the spec's folder (which the `$schema=./…` line is relative to,
    /// as the YAML language server reads it). A path with characters a shell would split or
    /// expand is single-quoted in them; the example commands' comments stay in one column.
    public static func text(writtenAt path: String) -> String {
        guard path != defaultPath else { return text }
        let name = PathNames.lastComponent(path)
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        let page = (stem.isEmpty ? name : stem) + ".html"
        let schema = PathNames.join(PathNames.parent(of: path), "stategen.schema.json")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.trimmingPrefix(while: { $0 == " " }).hasPrefix("#") else { return String(line) }
            return line.replacingOccurrences(of: "controls.html", with: shellWord(argument: page))
                .replacingOccurrences(of: "controls.yml", with: shellWord(argument: path))
                .replacingOccurrences(
                    of: "stategen schema > stategen.schema.json",
                    with: "stategen schema > " + shellWord(argument: schema))
        }
        // The block of example commands, `#   stategen … # what it does`: realigned, since the
        // path's length moved the comments.
        let commands = lines.indices.filter { lines[$0].hasPrefix("#   stategen ") && lines[$0].contains(" # ") }
        let split = commands.map { index -> (command: Substring, comment: Substring) in
            let line = lines[index]
            let hash = line.range(of: " # ", options: .backwards)!
            var command = line[..<hash.lowerBound]
            while command.hasSuffix(" ") { command = command.dropLast() }
            return (command, line[hash.upperBound...])
        }
        let column = split.map(\.command.count).max() ?? 0
        for (index, part) in zip(commands, split) {
            lines[index] =
                part.command + String(repeating: " ", count: column - part.command.count) + " # " + part.comment
        }
        return lines.joined(separator: "\n")
    }

    /// `word` as a POSIX shell (and zsh) reads it back as one word: as it is when it holds only
    /// ASCII letters, digits and `._/-+,@%=:` and does not start with `=` (zsh's command path
    /// expansion), else single-quoted (a `'` in it written `'\''`).
    public static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty && !word.hasPrefix("=")
            && word.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || $0.properties.numericType != nil
                        || "._/-+,@%=:".unicodeScalars.contains($0))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// ``shellWord(_:)`` of a relative path given as a command's argument: one that starts with
    /// `-` is written `./-…`, so that it is not read as an option.
    public static func shellWord(argument path: String) -> String {
        shellWord(path.hasPrefix("-") ? "./" + path : path)
    }

    /// The spec's text, as written at `controls.yml`.
    public static let text = """
        # A stategen spec: control states, the events that move a control between them, and
        # per-state attribute values. The whole format: `stategen help spec`; what a
        # diagnostic's [rule] means: `stategen explain RULE`.
        #
        #   stategen lint controls.yml                        # check it; writes nothing
        #   stategen generate controls.yml --output Generated # write Generated/Controls.swift
        #   stategen graph controls.yml --format mermaid      # draw the state machines
        #
        # For completion in editors, write the schema beside this file:
        #   stategen schema > stategen.schema.json
        # then make this the first line of the file:
        #   # yaml-language-server: $schema=./stategen.schema.json

        stategen: 1            # the format version
        module: Controls       # the generated namespace, and the file's name (Controls.swift)
        access: public         # public, package or internal

        # Every control kind has these states, except that `selection: true` states exist only in
        # kinds with `selection: true`. A state without a value of its own uses its `fallback`'s
        # (by default `normal`'s, as UIKit does). `controlState` names its UIControl.State flag.
        #
        # As in UIKit, selection is independent of the touch and of being enabled: `selected` is
        # in a region of its own (`unselected`, its first state, is the region's initial state),
        # so a kind also gets the combined states `selected+highlighted` (a pressed "on" toggle)
        # and `selected+disabled`. Their values fall back to `selected` first, then to the other.
        states:
          normal: { doc: "Enabled, not touched, not selected." }
          highlighted: { doc: "A touch is down on the control.", controlState: highlighted }
          disabled: { doc: "Turned off; touches have no effect.", controlState: disabled }
          unselected: { doc: "Not selected.", region: selection }
          selected:
            doc: "On or chosen; stays so after the touch ends and while disabled."
            region: selection
            selection: true
            controlState: selected

        events:
          touchDown: { doc: "A finger touched down on the control." }
          touchUpInside: { doc: "The finger lifted inside the control." }
          touchCancel: { doc: "The system cancelled the touch." }
          disable: { doc: "The app turned the control off." }
          enable: { doc: "The app turned the control on again." }
          select: { doc: "The app selected the control.", selection: true }
          deselect: { doc: "The app deselected the control.", selection: true }

        # Shared rows, `state: { event: target }`. Each kind gets the rows whose states and event
        # it has; an event with no row in the current state is ignored. A row changes only the
        # region its target names: disabling a selected control gives `selected+disabled`.
        transitions:
          normal: { touchDown: highlighted, disable: disabled }
          highlighted: { touchUpInside: normal, touchCancel: normal, disable: disabled }
          disabled: { enable: normal }
          unselected: { select: selected }
          selected: { deselect: unselected }

        # Attributes have a type (string, int, double, bool, color, dimension or font); values are
        # read as that type, never guessed. Colours are "#RGB", "#RRGGBB" or "#RRGGBBAA" (alpha
        # last), quoted; a dimension is in points; a font is a Dynamic Type text style (body), or
        # { style, weight, design, size }. A `role` says what the value is to a view, for the
        # generated apply(to:) (UIKit) and style(_:) (SwiftUI) helpers and `stategen preview`.
        attributes:
          titleColor: { type: color, role: foreground, doc: "The title's colour." }
          font: { type: font, role: font, doc: "The title's font." }
          backgroundColor: { type: color, role: background, doc: "The fill behind the title." }
          cornerRadius: { type: dimension, role: cornerRadius, doc: "The fill's corner radius, in points." }

        # Sets group attributes; each set becomes a struct (`label` -> LabelAttributes) in every
        # kind that takes it. A `contrast` pair is checked in every state of every kind with the
        # set: the title on the fill must meet WCAG 2.2 AA (4.5:1 for text, 3:1 for large text,
        # which the font tells; disabled states are exempt), or `stategen lint` warns with both
        # ratios. `stategen preview controls.yml --output controls.html` draws every state.
        attributeSets:
          label:
            attributes: [titleColor, font]
            contrast: [{ foreground: titleColor, background: backgroundColor, font: font }]
          fill: [backgroundColor, cornerRadius]

        controls:
          Button:
            doc: "A push button: acts on touch up, holds no on/off state (no selection)."
            attributeSets: [label, fill]
            values:            # every attribute of the kind's sets needs a `normal` value
              titleColor: { normal: "#FFFFFF", highlighted: "#FFFFFFB3", disabled: "#FFFFFF80" }
              font: { normal: headline }
              backgroundColor: { normal: "#0060DF", highlighted: "#0047A6", disabled: "#8E8E93" }
              cornerRadius: { normal: 12 }

          Toggle:
            doc: "A button that turns on with a tap and off with the next one."
            selection: true
            transitions:       # this kind's own rows, on combined states: a tap toggles
              highlighted+unselected: { touchUpInside: normal+selected }
              highlighted+selected: { touchUpInside: normal+unselected }
            attributeSets: [label, fill]
            values:
              titleColor: { normal: "#0060DF", selected: "#FFFFFF", disabled: "#3C3C434D" }
              font: { normal: body, selected: { style: body, weight: semibold } }
              backgroundColor:
                normal: "#0A84FF1A"               # translucent: seen over what is behind the toggle
                selected: "#0060DF"
                disabled: "#7676801F"
                selected+disabled: "#0060DF66"    # a value for one combined state
              cornerRadius: { normal: 8 }

        """
}
