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
/// - `.object`: a hash; names are looked up in it. Interpolating an object renders nothing
///   (an error in strict mode).
/// - `.lambda`: see `TemplateLambda` (Mustache spec, ~lambdas.yml).
///
/// Literal conformances let tests and callers write `["name": "x", "items": [1, 2]]`.
public indirect enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])
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
        case .list, .object, .lambda: return nil
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
        var object: [String: TemplateValue] = [:]
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
