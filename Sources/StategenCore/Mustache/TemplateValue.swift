/// A value a template is rendered against.
///
/// Shapes and how the engine treats them (Mustache spec, interpolation.yml and sections.yml):
/// - `.null`: interpolates as the empty string; falsey in sections.
/// - `.bool`: `{{b}}` renders `true`/`false`; `false` is falsey.
/// - `.int`: decimal digits (`85` -> `"85"`); truthy, including `0`.
/// - `.double`: shortest round-trip form (`1.210` -> `"1.21"`); an integral value within
///   ±10^15 renders without a fraction (`3.0` -> `"3"`); truthy, including `0.0`.
/// - `.string`: rendered as is (HTML-escaped by `{{x}}` when `RenderOptions.escapesHTML`);
///   truthy, including the empty string (only null, false and the empty list are falsey).
/// - `.list`: a section iterates it, pushing each element; the empty list is falsey.
///   Interpolating a list renders nothing (an error in strict mode).
/// - `.lazyList`: a list whose elements are made one at a time as a section reaches them, and
///   dropped after (``TemplateLazyList``); otherwise as `.list`.
/// - `.object`: a hash (``TemplateObject``); names are looked up in it. Interpolating an
///   object renders nothing (an error in strict mode).
/// - `.lambda`: see `TemplateLambda` (Mustache spec, ~lambdas.yml).
///
/// Literal conformances let tests and callers write `["name": "x", "items": [1, 2]]`.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case lazyList(TemplateLazyList)
    case object(TemplateObject)
    /// A lambda. Two `.lambda` values are equal only if they wrap the same `TemplateLambda`
    /// instance (identity), see `TemplateLambda.==`.
    case lambda(TemplateLambda)

    /// Falsey per the Mustache spec (sections.yml, inverted.yml) with Ruby-like truthiness:
    /// only null, false and the empty list are falsey. Lambdas are truthy (~lambdas.yml,
    /// "Inverted Section").
    var isFalsey: Bool {
        switch self {
        case .null, .bool(false): return true
        case .list(let items): return items.isEmpty
        case .lazyList(let list): return list.count == 0
        default: return false
        }
    }

    /// The text a scalar interpolates as; `nil` for lists, objects and lambdas.
    var scalarText: String? {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return TemplateValue.format(value)
        case .string(let value): return value
        case .list, .lazyList, .object, .lambda: return nil
        }
    }

    /// Mustache spec, interpolation.yml "Basic Decimal Interpolation": `1.210` -> `"1.21"`.
    static func format(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return "\(value)"
    }
}

/// A list whose elements are made on demand: a section over it makes one element, renders it
/// and drops it before making the next, so that a render holds one element at a time (the
/// template context's `controls`: one kind's context, not every kind's).
///
/// Shape: `count` elements, element `i` being `make(i)`. `make` is called again each time an
/// element is read (a second section over the list makes it again), so it must return the same
/// value every time and report nothing. Equality compares the elements.
///
/// `@unchecked Sendable`: `make` may capture a builder that is not `Sendable`; a render calls
/// it on the rendering thread only, and the values it captures are not shared with another
/// thread (each spec's context is built and rendered by one job).
public struct TemplateLazyList: @unchecked Sendable, Equatable {
    /// How many elements the list has.
    public let count: Int
    private let make: (Int) -> TemplateValue
    /// The typed renderers of the kinds the elements are, when the list is the template
    /// context's `controls` (``KindRenderer``): a built-in per-kind partial is written by code
    /// instead of from the element, which is then not made unless a template reads it.
    let kinds: KindRenderer?

    /// A list of `count` elements, element `i` being `make(i)`.
    public init(count: Int, make: @escaping (Int) -> TemplateValue) {
        self.init(count: count, kinds: nil, make: make)
    }

    init(count: Int, kinds: KindRenderer?, make: @escaping (Int) -> TemplateValue) {
        self.count = count
        self.kinds = kinds
        self.make = make
    }

    /// Element `index` (`0..<count`), made now.
    public subscript(index: Int) -> TemplateValue { make(index) }

    /// Every element, made now.
    public var elements: [TemplateValue] { (0..<count).map(make) }

    public static func == (lhs: TemplateLazyList, rhs: TemplateLazyList) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }
}

/// A function value (Mustache spec, ~lambdas.yml).
///
/// Shape: a closure `(String?) -> TemplateValue`.
/// - Used by an interpolation tag (`{{name}}`, `{{{name}}}`, `{{&name}}`) it is called with
///   `nil` (arity 0). A `.string` result is parsed as a template with the default delimiters,
///   rendered against the current context stack and then escaped like any interpolation; any
///   other result is interpolated as a value. Not cached: every tag calls it again.
/// - Used by a section tag (`{{#name}}...{{/name}}`) it is called with the raw, unrendered
///   section text between the tags (arity 1). A `.string` result is parsed with the delimiters
///   in effect at the section tag and rendered in place of the section (not escaped); any other
///   result is inserted as its scalar text.
/// - An inverted section treats a lambda as truthy and never calls it.
///
/// Errors: a result that fails to parse makes rendering throw a `TemplateError` located at the
/// tag that called the lambda.
///
/// Equality is identity: two lambdas are equal only when they are copies of the same
/// `TemplateLambda` value (created by one `init`), never by comparing behaviour.
public struct TemplateLambda: Sendable, Equatable {
    private final class Box: Sendable {
        let body: @Sendable (String?) -> TemplateValue
        init(_ body: @escaping @Sendable (String?) -> TemplateValue) { self.body = body }
    }

    private let box: Box

    /// Wraps `body`; `sectionText` is `nil` for interpolation and the raw section text for
    /// sections.
    public init(_ body: @escaping @Sendable (_ sectionText: String?) -> TemplateValue) {
        box = Box(body)
    }

    /// Calls the lambda.
    public func callAsFunction(_ sectionText: String?) -> TemplateValue {
        box.body(sectionText)
    }

    /// Identity comparison (see the type's documentation).
    public static func == (lhs: TemplateLambda, rhs: TemplateLambda) -> Bool {
        lhs.box === rhs.box
    }
}

extension TemplateValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` -> `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` -> `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `1` -> `.int(1)`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `1.5` -> `.double(1.5)`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `"x"` -> `.string("x")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `[a, b]` -> `.list([a, b])`.
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// `["k": v]` -> `.object(["k": v])`; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}

/// A Mustache hash: names to values.
///
/// Shape: the entries in the order they were added, each with a 32-bit discriminator of its
/// name (its UTF-8 length and first three bytes) that a lookup compares before the
/// name itself. Building one hashes nothing and allocates one buffer, and a lookup scans a few
/// dozen entries at most (the template context's objects have 2 to 40 names): cheaper, for
/// objects that small, than a `Dictionary`, which hashes every name on insertion and on every
/// lookup (a 10,000-kind context built about 2 million of them).
///
/// A name added twice keeps the last value (as a dictionary literal does). Equality ignores
/// order: two objects are equal when they map the same names to equal values.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    struct Entry: Sendable {
        let key: String
        let discriminator: UInt32
        var value: TemplateValue
    }

    private(set) var entries: [Entry]

    /// An empty object.
    public init() { entries = [] }

    /// The object of `pairs`, in their order; a repeated name keeps the last value.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        entries = []
        entries.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs { self[key] = value }
    }

    /// The object of a dictionary's entries, in the order of their names.
    public init(_ dictionary: [String: TemplateValue]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// `["k": v]`; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// The value of `key`, or `nil`; setting `nil` removes the name.
    public subscript(key: String) -> TemplateValue? {
        get { self[TemplateKey(key)] }
        set {
            let key = TemplateKey(key)
            if let index = index(of: key) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key.text, discriminator: key.discriminator, value: newValue))
            }
        }
    }

    /// The value of a key whose discriminator was computed once (a template's names are, when
    /// the template is parsed).
    subscript(key: TemplateKey) -> TemplateValue? {
        index(of: key).map { entries[$0].value }
    }

    private func index(of key: TemplateKey) -> Int? {
        entries.withUnsafeBufferPointer { buffer in
            for index in buffer.indices
            where buffer[index].discriminator == key.discriminator && buffer[index].key == key.text {
                return index
            }
            return nil
        }
    }

    /// The names, in the order they were added.
    public var keys: [String] { entries.map(\.key) }

    /// How many names the object has.
    public var count: Int { entries.count }

    /// Whether the object has no name.
    public var isEmpty: Bool { entries.isEmpty }

    /// The names and values as a dictionary.
    public var dictionary: [String: TemplateValue] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The object with every value transformed, names and order kept.
    public func mapValues(_ transform: (TemplateValue) throws -> TemplateValue) rethrows -> TemplateObject {
        var object = self
        for index in object.entries.indices { object.entries[index].value = try transform(object.entries[index].value) }
        return object
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}

/// A name with its ``TemplateObject`` discriminator, computed once.
struct TemplateKey: Sendable {
    let text: String
    let discriminator: UInt32

    init(_ text: String) {
        self.text = text
        var utf8 = text.utf8.makeIterator()
        var discriminator = UInt32(truncatingIfNeeded: text.utf8.count)
        if let first = utf8.next() {
            discriminator |= UInt32(first) << 8
            if let second = utf8.next() {
                discriminator |= UInt32(second) << 16
                if let third = utf8.next() { discriminator |= UInt32(third) << 24 }
            }
        }
        self.discriminator = discriminator
    }
}
