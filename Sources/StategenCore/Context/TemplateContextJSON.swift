import Foundation

extension TemplateValue {
    /// The value as pretty-printed JSON with sorted keys (what `stategen context` prints), so
    /// that template authors can see every name a template may use. A lambda, which JSON
    /// cannot hold, prints as the string `"<lambda>"`.
    public var jsonText: String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The object built below holds only JSON types, so serialization cannot fail.
        let data =
            (try? JSONSerialization.data(withJSONObject: foundationObject, options: options)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .list(let items): items.map(\.foundationObject)
        case .lazyList(let list): list.elements.map(\.foundationObject)
        case .object(let fields): fields.dictionary.mapValues(\.foundationObject)
        case .lambda: "<lambda>"
        }
    }
}
