/// A YAML node as JSON text, for `stategen debug yaml-json` and the conformance test.
///
/// Scalars are typed as ``YAMLNode/coreValue`` types them. Mapping keys become their scalar text;
/// a collection key becomes a string of its JSON text, in which any collection key is written
/// as its text unquoted (quoting each nested key's text again would double its backslashes per
/// level: 150 keys nested in keys, 229 bytes of YAML, grew without bound; found by fuzzing).
/// Infinities and NaN, which JSON lacks, become the strings `.inf`, `-.inf` and `.nan`.
/// Built iteratively, like the tree.
public enum YAMLJSON {
    /// The node as compact JSON on one line (at most a few times the size of its YAML).
    public static func text(_ root: YAMLNode) -> String {
        text(root, inKey: false)
    }

    /// The node as JSON; `inKey`: the node is (inside) a collection key, whose collection keys
    /// are written unquoted.
    static func text(_ root: YAMLNode, inKey: Bool) -> String {
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
                } else if inKey {
                    out += YAMLJSON.text(node, inKey: true)
                } else {
                    out += string(YAMLJSON.text(node, inKey: true))
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
        let value = node.coreValue ?? .null
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
