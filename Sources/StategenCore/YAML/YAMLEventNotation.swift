/// The YAML test suite's `test.event` notation for an event (github.com/yaml/yaml-test-suite,
/// file format of `test.event`): `+STR`, `+DOC ---`, `+MAP {} &a <tag>`, `=VAL :text`,
/// `=ALI *a`, ..., with `\\`, `\0`, `\b`, `\n`, `\r` and `\t` escaped in scalar values.
public enum YAMLEventNotation {
    /// The event as one line of `test.event`, without the line break.
    public static func line(_ event: YAMLEvent) -> String {
        switch event.kind {
        case .streamStart: return "+STR"
        case .streamEnd: return "-STR"
        case .documentStart(let explicit): return explicit ? "+DOC ---" : "+DOC"
        case .documentEnd(let explicit): return explicit ? "-DOC ..." : "-DOC"
        case .sequenceStart(let flow): return "+SEQ" + (flow ? " []" : "") + properties(event)
        case .sequenceEnd: return "-SEQ"
        case .mappingStart(let flow): return "+MAP" + (flow ? " {}" : "") + properties(event)
        case .mappingEnd: return "-MAP"
        case .alias(let name): return "=ALI *" + name
        case .scalar(let text, let style):
            let indicator: String
            switch style {
            case .plain: indicator = ":"
            case .singleQuoted: indicator = "'"
            case .doubleQuoted: indicator = "\""
            case .literal: indicator = "|"
            case .folded: indicator = ">"
            }
            return "=VAL" + properties(event) + " " + indicator + escaped(text)
        }
    }

    static func properties(_ event: YAMLEvent) -> String {
        var out = ""
        if let anchor = event.anchor { out += " &" + anchor }
        if let tag = event.tag { out += " <" + tag + ">" }
        return out
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\0": out += "\\0"
            case "\u{08}": out += "\\b"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
