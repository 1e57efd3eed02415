/// A YAML node as JSON text, for `stategen debug yaml-json` and the conformance test.
///
/// Scalars are typed by their tag when it is one of YAML's core tags (`!!str`, `!!int`,
/// `!!float`, `!!bool`, `!!null`), by the YAML 1.2 core schema when plain and untagged, and are
/// strings otherwise. Mapping keys become their scalar text (a collection key becomes its JSON
/// text). Infinities and NaN, which JSON lacks, become the strings `.inf`, `-.inf` and `.nan`.
/// Built iteratively, like the tree.
public enum YAMLJSON {
    static let coreTag = "tag:yaml.org,2002:"

    public static func text(_ root: YAMLNode) -> String {
        enum Work {
            case node(YAMLNode)
            case key(YAMLNode)
            case literal(String)
        }
        var out = ""
        var stack: [Work] = [.node(root)]
        while let work = stack.popLast() {
            switch work {
            case .literal(let text):
                out += text
            case .key(let node):
                if let text = node.scalarText {
                    out += string(text)
                } else {
                    out += string(YAMLJSON.text(node))
                }
            case .node(let node):
                switch node.content {
                case .scalar:
                    out += scalar(node)
                case .sequence(let items):
                    out += "["
                    stack.append(.literal("]"))
                    for (index, item) in items.enumerated().reversed() {
                        stack.append(.node(item))
                        if index > 0 { stack.append(.literal(",")) }
                    }
                case .mapping(let entries):
                    out += "{"
                    stack.append(.literal("}"))
                    for (index, entry) in entries.enumerated().reversed() {
                        stack.append(.node(entry.value))
                        stack.append(.literal(":"))
                        stack.append(.key(entry.key))
                        if index > 0 { stack.append(.literal(",")) }
                    }
                }
            }
        }
        return out
    }

    /// The scalar's JSON value.
    static func scalar(_ node: YAMLNode) -> String {
        guard case .scalar(let text, let style) = node.content else { return "null" }
        let value: YAMLCoreValue
        switch node.tag {
        case nil:
            value = style == .plain ? YAMLCoreSchema.resolve(plain: text) : .string(text)
        case coreTag + "str":
            value = .string(text)
        case coreTag + "int", coreTag + "float", coreTag + "bool", coreTag + "null":
            value = YAMLCoreSchema.resolve(plain: text)
        default:
            value = .string(text)
        }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return "\(number)"
        case .bigInt(let digits): return digits.contains(where: { $0 == "x" || $0 == "o" }) ? string(digits) : digits
        case .float(let number):
            if number.isNaN { return string(".nan") }
            if number.isInfinite { return string(number < 0 ? "-.inf" : ".inf") }
            return "\(number)"
        case .string(let text): return string(text)
        }
    }

    /// A JSON string literal (RFC 8259, section 7).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
