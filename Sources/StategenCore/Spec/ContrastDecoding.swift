/// The contrast check's keys: the spec's `contrast:` and the `contrast:` pairs of attribute sets
/// and control kinds (docs/spec-reference.md, "Contrast").
extension SpecDecoder {
    /// `contrast: { level: AA, backdrop: "#FFFFFF", exempt: [disabled] }`.
    func decodeContrast(_ node: YAMLNode) -> ContrastSpec? {
        guard let f = fields(of: node, in: "'contrast'", allowed: ["level", "backdrop", "exempt"], nullIsEmpty: true)
        else { return nil }
        return ContrastSpec(
            level: f["level"].flatMap { located(choice($0, for: "level", of: ContrastLevel.self), $0) },
            backdrop: f["backdrop"].flatMap { valueSpec($0, type: .color, attribute: "backdrop") },
            exempt: f["exempt"].map { names($0, for: "exempt") },
            location: node.location)
    }

    /// `contrast: [{ foreground: titleColor, background: backgroundColor, font: font }, ...]`.
    func decodeContrastPairs(_ node: YAMLNode, in what: String) -> [ContrastPairSpec] {
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "'contrast' of \(what) must be a sequence of pairs, such as [{ foreground: titleColor, background: backgroundColor }], not \(describe(node))",
                at: node.location, rule: .wrongNodeKind)
            return []
        }
        return items.compactMap { item in
            guard
                let f = fields(
                    of: item, in: "a contrast pair of \(what)",
                    allowed: ["foreground", "background", "font", "level", "text", "exempt"], required: ["foreground"]),
                let foreground = f["foreground"].flatMap({ name($0, for: "foreground") })
            else { return nil }
            return ContrastPairSpec(
                foreground: foreground,
                background: f["background"].flatMap { name($0, for: "background") },
                font: f["font"].flatMap { name($0, for: "font") },
                level: f["level"].flatMap { located(choice($0, for: "level", of: ContrastLevel.self), $0) },
                isText: f["text"].flatMap { bool($0, for: "text") } ?? true,
                exempt: f["exempt"].map { names($0, for: "exempt") } ?? [],
                location: item.location)
        }
    }
}
