/// The visual catalogue of a checked spec (`stategen preview`): one self-contained HTML page
/// that shows, for each control kind, every state in every appearance as a sample drawn from
/// the resolved values (``PreviewSample``), each value with where it comes from, the contrast
/// of the kind's pairs, and the kind's transitions (Graphviz's SVG when given, else a table).
///
/// The page loads nothing: one inline style sheet, no scripts, no images, no web fonts (a
/// system font stack). It is deterministic — kinds, states, appearances and values in the
/// spec's order, the spec named by its file name and sources by paths relative to the spec's
/// folder, no dates or versions — so it can be checked in and diffed.
public struct PreviewPage: Sendable {
    /// The spec drawn (validated without errors).
    public var spec: CheckedSpec
    /// Its resolved values (``ResolvedStyles/init(_:)`` of `spec`).
    public var styles: ResolvedStyles
    /// The contrast of every pair (``ContrastAudit/results(_:styles:)``).
    public var contrast: [ContrastResult]
    /// The spec's file name, for the title.
    public var specFile: String
    /// The kinds shown, in the spec's order.
    public var kinds: [ResolvedStyles.Kind]
    /// Graphviz SVG documents by kind name (`dot -Tsvg` of the kind's ``StateDiagram``); a
    /// kind without one gets a transition table.
    public var diagrams: [String: String]

    /// The page of every kind of `spec`, or of the kind named `control` only.
    ///
    /// - Returns: `nil` when `spec` has no kind named `control`.
    public init?(
        spec: CheckedSpec, styles: ResolvedStyles, contrast: [ContrastResult], specFile: String,
        control: String? = nil, diagrams: [String: String] = [:]
    ) {
        self.spec = spec
        self.styles = styles
        self.contrast = contrast
        self.specFile = specFile
        self.diagrams = diagrams
        kinds = styles.kinds.filter { control == nil || $0.name == control }
        if control != nil, kinds.isEmpty { return nil }
    }

    /// The page's HTML, ending with a newline.
    public func render() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"stategen preview\">\n"
        let title = kinds.count == 1 && styles.kinds.count > 1 ? "\(styles.module).\(kinds[0].name)" : styles.module
        out += "<title>\(HTML.escape(title)) — \(HTML.escape(specFile))</title>\n"
        out += "<style>\n\(Self.styleSheet)</style>\n</head>\n<body>\n"
        header(title, into: &out)
        out += "<main>\n"
        // Looked up by cell and by kind, once: a scan of every result or kind for each one
        // would make a spec of thousands of kinds take minutes.
        let lookup = Lookup(contrast: contrast, controls: spec.controls)
        for kind in kinds { section(kind, lookup, into: &out) }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    // MARK: - Header

    private func header(_ title: String, into out: inout String) {
        out += "<header>\n<h1>\(HTML.escape(title))</h1>\n"
        if let doc = spec.doc { out += "<p class=\"doc\">\(HTML.escape(doc))</p>\n" }
        let count = kinds.count == 1 ? "one control kind" : "\(kinds.count) control kinds"
        let shown = Set(kinds.map(\.name))
        let results = contrast.filter { shown.contains($0.kind) }
        out +=
            "<p>The styles of \(count) in <code>\(HTML.escape(specFile))</code>: each state in each appearance"
            + " (\(styles.appearances.map { HTML.escape($0.rawValue) }.joined(separator: ", "))), drawn from its"
            + " resolved values, with where each value comes from"
            + (results.isEmpty ? "" : ", the contrast of the kind’s pairs") + " and the kind’s transitions.</p>\n"
        out +=
            "<p class=\"note\">The browser draws each sample from the values on its appearance’s backdrop:"
            + " points as CSS pixels, text at the default Dynamic Type size (Large) in the system font,"
            + " translucent colours over what is behind them. It shows the values, not UIKit’s drawing.</p>\n"
        if kinds.count > 1 {
            out += "<nav><ul>\n"
            for kind in kinds {
                out += "<li><a href=\"#kind-\(HTML.escape(kind.name))\">\(HTML.escape(kind.name))</a></li>\n"
            }
            out += "</ul></nav>\n"
        }
        if !results.isEmpty {
            let exempt = results.count { $0.isExempt }
            let failing = results.count { !$0.isExempt && !$0.passes }
            out +=
                "<p class=\"summary\">Contrast: \(results.count) \(results.count == 1 ? "check" : "checks"),"
                + " \(results.count - exempt - failing) pass, <span class=\"\(failing > 0 ? "fail" : "pass")\">"
                + "\(failing) fail</span>, \(exempt) exempt.</p>\n"
        }
        out += "</header>\n"
    }

    // MARK: - A kind

    /// The contrast results of each cell and the checked kinds, by name.
    private struct Lookup {
        struct Cell: Hashable {
            var kind: String
            var state: String
            var appearance: Appearance
        }

        /// The results of each kind, state and appearance, in their order in the audit's list.
        var contrast: [Cell: [ContrastResult]] = [:]
        var controls: [String: CheckedControl] = [:]

        init(contrast results: [ContrastResult], controls kinds: [CheckedControl]) {
            for result in results {
                contrast[Cell(kind: result.kind, state: result.state, appearance: result.appearance), default: []]
                    .append(result)
            }
            for kind in kinds where controls[kind.name.value] == nil { controls[kind.name.value] = kind }
        }
    }

    private func section(_ kind: ResolvedStyles.Kind, _ lookup: Lookup, into out: inout String) {
        let name = HTML.escape(kind.name)
        out += "<section class=\"kind\" id=\"kind-\(name)\">\n<h2>\(name)</h2>\n"
        if let doc = kind.doc { out += "<p class=\"doc\">\(HTML.escape(doc))</p>\n" }
        var sets: [String] = []
        for attribute in kind.attributes where !sets.contains(attribute.set) { sets.append(attribute.set) }
        out += "<p class=\"where\">Declared at \(HTML.escape(place(kind.location)))"
        if !sets.isEmpty { out += "; attribute sets: \(sets.map(HTML.escape).joined(separator: ", "))" }
        out += ".</p>\n"

        out += "<table class=\"states\">\n<thead><tr><th scope=\"col\">state</th>"
        for appearance in styles.appearances {
            let backdrop = spec.contrast.backdrop(in: appearance).value
            out += "<th scope=\"col\">\(HTML.escape(appearance.rawValue))"
            out += "<span class=\"backdrop\">backdrop \(HTML.escape(Self.text(backdrop)))</span></th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for (state, style) in zip(kind.states, kind.styles) {
            out +=
                "<tr data-state=\"\(HTML.escape(state.name.value))\"><th scope=\"row\"><span class=\"state\">\(HTML.escape(state.name.value))</span>"
            if !state.fallbackChain.isEmpty {
                out += "<span class=\"fallback\">falls back to "
                out += state.fallbackChain.map(HTML.escape).joined(separator: " → ") + "</span>"
            }
            out += "</th>\n"
            for appearanceStyle in style.appearances {
                cell(kind, state: style.state, appearanceStyle, lookup, into: &out)
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        transitions(kind, lookup, into: &out)
        out += "</section>\n"
    }

    /// One state in one appearance: the sample on the backdrop, the contrast of the kind's
    /// pairs, the values.
    private func cell(
        _ kind: ResolvedStyles.Kind, state: String, _ style: ResolvedStyles.AppearanceStyle, _ lookup: Lookup,
        into out: inout String
    ) {
        let appearance = style.appearance
        let sample = PreviewSample(style, attributes: kind.attributes)
        var backdrop = ""
        if case .color(let color) = spec.contrast.backdrop(in: appearance).value {
            backdrop = " style=\"background-color: \(HTML.cssColor(color))\""
        }
        out += "<td>\n<div class=\"stage\"\(backdrop)>"
        out += "<div class=\"sample\" data-kind=\"\(HTML.escape(kind.name))\" data-state=\"\(HTML.escape(state))\""
        out += " data-appearance=\"\(HTML.escape(appearance.rawValue))\""
        let box = sample.boxStyle
        if !box.isEmpty { out += " style=\"\(box)\"" }
        out += ">"
        if sample.hasTitle {
            out +=
                "<span class=\"title\" style=\"\(sample.titleStyle(in: appearance))\">\(HTML.escape(kind.name))</span>"
        }
        if let tint = sample.tintStyle { out += "<span class=\"tint\" style=\"\(tint)\"></span>" }
        if sample.isEmpty { out += "<span class=\"nothing\">no attribute with a role</span>" }
        out += "</div></div>\n"

        if let results = lookup.contrast[Lookup.Cell(kind: kind.name, state: state, appearance: appearance)] {
            out += "<ul class=\"contrast\">\n"
            for result in results { contrastItem(result, into: &out) }
            out += "</ul>\n"
        }

        out += "<table class=\"values\">\n"
        for value in style.values {
            out += "<tr><th scope=\"row\">\(HTML.escape(value.attribute))</th><td>"
            if case .color(let color) = value.value {
                out += "<span class=\"swatch\" style=\"background-color: \(HTML.cssColor(color))\"></span>"
            }
            out += "<span class=\"value\">\(HTML.escape(Self.text(value.value)))</span>"
            out += "<span class=\"source\">\(source(value, state: state))</span></td></tr>\n"
        }
        out += "</table>\n"
        out += "</td>\n"
    }

    /// `from selected · {color.semantic.action.primary} → color.palette.blue.500 (base.tokens.json:9) ·
    /// controls.yml:160`, as HTML.
    private func source(_ value: ResolvedStyles.ResolvedValue, state: String) -> String {
        var parts: [String] = []
        if value.fromState != state { parts.append(HTML.escape("from \(value.fromState)")) }
        if let variant = value.source.variant { parts.append(HTML.escape("its \(variant.rawValue) entry")) }
        if let token = value.source.tokenChain.first {
            // A line may break after each dot of a token's path.
            let names = (["{\(token)}"] + value.source.tokenChain.dropFirst()).map {
                HTML.escape($0).replacingOccurrences(of: ".", with: ".<wbr>")
            }
            var chain = names.joined(separator: " → ")
            if let location = value.source.tokenLocation { chain += " (\(HTML.escape(place(location))))" }
            parts.append(chain)
        }
        if value.source.location.line > 0 { parts.append(HTML.escape(place(value.source.location))) }
        return parts.joined(separator: " · ")
    }

    private func contrastItem(_ result: ContrastResult, into out: inout String) {
        let status = result.isExempt ? "exempt" : result.passes ? "pass" : "fail"
        var needs = [result.pair.level.rawValue]
        if !result.pair.isText {
            needs.append("graphic")
        } else if result.isLargeText {
            needs.append("large text")
        }
        let on = result.pair.background ?? "the backdrop"
        var text = "\(result.pair.foreground) on \(on): \(WCAGContrast.format(result.ratio)), needs "
        text += "\(WCAGContrast.formatRequired(result.required)) (\(needs.joined(separator: ", ")))"
        if result.isExempt { text += result.passes ? ", would pass" : ", would fail" }
        out += "<li class=\"\(status)\">\(HTML.escape(text)) <b>\(status)</b></li>\n"
    }

    // MARK: - Transitions

    private func transitions(_ kind: ResolvedStyles.Kind, _ lookup: Lookup, into out: inout String) {
        guard let control = lookup.controls[kind.name] else { return }
        out += "<h3>Transitions</h3>\n"
        if let document = diagrams[kind.name], let svg = GraphvizSVG.inline(document) {
            out += "<figure class=\"diagram\">\n\(svg)\n</figure>\n"
            return
        }
        out += "<table class=\"transitions\">\n"
        out += "<caption>initial state: \(HTML.escape(control.initialState))</caption>\n"
        out += "<thead><tr><th scope=\"col\">in state</th><th scope=\"col\">event</th>"
        out += "<th scope=\"col\">moves to</th><th scope=\"col\">row</th></tr></thead>\n<tbody>\n"
        for row in control.transitions {
            out += "<tr><td>\(HTML.escape(row.source))</td><td>\(HTML.escape(row.event))</td>"
            out += "<td>\(HTML.escape(row.target))</td>"
            out += "<td>\(row.isKindRow ? "the kind’s" : "shared"), \(HTML.escape(place(row.location)))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
    }

    // MARK: - Text

    /// `controls.yml:160`: the file's path relative to the spec's folder, and the line.
    func place(_ location: SourceLocation) -> String {
        let file =
            location.path.isEmpty
            ? specFile : GeneratorPipeline.relativePath(of: location.path, from: PathNames.parent(of: spec.path))
        return "\(file):\(location.line)"
    }

    /// A value as the page prints it: `#0A84FF1A`, `body 17 pt semibold`, `12`, `true`.
    static func text(_ value: AttributeValue) -> String {
        switch value {
        case .color(let color): return color.hex
        case .font(let font):
            var text = (font.face ?? font.family).map { "\($0) " } ?? ""
            text += "\(font.textStyle.rawValue) \(HTML.decimal(HTML.pointSize(font), places: 2)) pt"
            text += " \(WCAGContrast.weight(of: font).rawValue)"
            if font.design != .default { text += " \(font.design.rawValue)" }
            return text
        case .double(let number): return HTML.decimal(number, places: 4)
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let string): return "\"\(string)\""
        }
    }

    // MARK: - Style sheet

    static let styleSheet = """
        :root { color-scheme: light; }
        body { margin: 0; padding: 24px 32px; background: #f2f2f7; color: #1c1c1e;
          font: 13px/1.4 -apple-system, system-ui, sans-serif; }
        h1 { font-size: 26px; margin: 0 0 8px; }
        h2 { font-size: 21px; margin: 40px 0 4px; }
        h3 { font-size: 15px; margin: 20px 0 8px; }
        p { margin: 4px 0; max-width: 80em; }
        code { font-family: ui-monospace, monospace; }
        .note, .where, .fallback, .backdrop, .source { color: #636366; }
        nav ul { list-style: none; margin: 12px 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        a { color: #0040dd; }
        table { border-collapse: collapse; }
        table.states { table-layout: fixed; margin-top: 12px; }
        table.states > thead > tr > th { text-align: left; vertical-align: bottom; padding: 4px 8px;
          font-weight: 600; }
        table.states > tbody > tr > th { width: 120px; text-align: left; vertical-align: top; padding: 12px 8px;
          font-weight: normal; }
        table.states > tbody > tr > td { width: 300px; vertical-align: top; padding: 8px; background: #ffffff;
          border: 1px solid #d1d1d6; }
        .state { display: block; font-weight: 600; }
        .backdrop, .fallback { display: block; font-size: 11px; font-weight: normal; }
        .stage { display: flex; align-items: center; justify-content: center; min-height: 64px; padding: 12px;
          border: 1px solid #d1d1d6; }
        .sample { box-sizing: border-box; display: flex; flex-direction: column; align-items: center;
          justify-content: center; gap: 6px; min-width: 176px; min-height: 44px; padding: 6px 20px; }
        .title { white-space: nowrap; line-height: 1.2; }
        .tint { display: block; width: 112px; height: 6px; border-radius: 3px; }
        .nothing { color: #8e8e93; font-size: 11px; }
        table.values { width: 100%; margin-top: 8px; font-size: 11px; }
        table.values th, table.values td { padding: 2px 4px 2px 0; text-align: left; vertical-align: top;
          font-weight: normal; }
        table.values th { width: 40%; overflow-wrap: anywhere; }
        .value { font-family: ui-monospace, monospace; }
        .source { display: block; overflow-wrap: anywhere; }
        .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px;
          border: 1px solid #8e8e93; }
        ul.contrast { margin: 8px 0 0; padding: 0; list-style: none; font-size: 11px; }
        ul.contrast li { padding: 2px 4px; margin-top: 2px; border-left: 3px solid; }
        .pass { color: #1b6e2f; }
        li.pass { border-color: #34c759; }
        .fail { color: #b3261e; font-weight: 600; }
        li.fail { border-color: #ff3b30; background: #fff0ef; }
        li.exempt { color: #636366; border-color: #aeaeb2; }
        table.transitions { background: #ffffff; }
        table.transitions caption { text-align: left; padding: 4px 0; }
        table.transitions th, table.transitions td { border: 1px solid #d1d1d6; padding: 3px 8px; text-align: left; }
        figure.diagram { margin: 0; padding: 8px; background: #ffffff; border: 1px solid #d1d1d6;
          display: inline-block; max-width: 100%; overflow-x: auto; }
        figure.diagram svg { display: block; max-width: 100%; height: auto; }

        """
}
