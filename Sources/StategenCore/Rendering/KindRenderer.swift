import Glibc

/// Typed rendering of the built-in per-kind partials: Swift code that writes what a built-in
/// partial (`control`, `control-uikit`, `control-swiftui`) renders for one kind, straight from
/// the kind's plan, without making the kind's template context or walking the template.
///
/// The `.mustache` templates stay the definition of the output (custom template sets start from
/// them, and `stategen context` prints what they read); each typed renderer writes the same
/// bytes as its template for every valid spec and option, which `TypedPartialTests` holds them
/// to. A render uses a typed renderer only where the template set's partial of that name is the
/// built-in one (``RenderOptions/typedPartials``); a custom template of the same name renders as
/// a template, against the kind's context, as before.
struct KindRenderer: @unchecked Sendable {
    // `@unchecked Sendable`: the builder holds classes (its diagnostics, its name cache) that
    // are written only while planning, before any render; a render's threads then only read
    // the plans, names and settings (``RenderOptions/typedThreads``).

    /// The partials with a typed renderer. A partial that includes another is listed only when
    /// the one it includes is too, so that a typed partial never stands in for a custom one.
    static let partials: Set<String> = ["control", "control-uikit", "control-swiftui"]

    /// The typed partials a render may use when the partials named `builtin` are the built-in
    /// ones: those whose own template and every one they include are built in.
    static func usable(builtin: Set<String>) -> Set<String> {
        var usable = partials.intersection(builtin)
        if !usable.isSuperset(of: ["control-uikit", "control-swiftui"]) { usable.remove("control") }
        return usable
    }

    /// How many threads a render writes the kinds' typed partials on
    /// (``RenderOptions/typedThreads``): the processors online, at most 4 (past that the
    /// render's own walk and the output's copy dominate), at least 1.
    static let threads: Int = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 4))

    let builder: TemplateContextBuilder
    let plans: [TemplateContextBuilder.KindPlan]
    let shared: TemplateContextBuilder.SharedNames
    let settings: KindRenderSettings

    /// Writes partial `name` for kind `index` (`0..<plans.count`) to `output`; `false`, writing
    /// nothing, for a partial without a typed renderer.
    func render(_ name: String, kind index: Int, into output: inout KindOutput) -> Bool {
        switch name {
        case "control": writeControl(index, into: &output); return true
        case "control-uikit": writeControlUIKit(index, into: &output); return true
        case "control-swiftui": writeControlSwiftUI(index, into: &output); return true
        default: return false
        }
    }
}

/// The settings of the whole file that a kind's partials read: the root context's `module`,
/// `accessModifier`, `inlinable`, `frozen`, `codable`, `hashable` and `provenance`, typed.
struct KindRenderSettings: Sendable {
    /// The namespace's Swift name (`module`).
    var module: String
    /// `"public "`, `"package "` or `""` (`accessModifier`).
    var accessModifier: String
    /// `"@inlinable "` or `""` for a kind's members (`inlinable`).
    var inlinable: String
    /// `"@frozen "` or `""` for a kind's enums (`frozen`).
    var frozen: String
    /// Whether the types are `Codable` (`codable`).
    var codable: Bool
    /// Whether the value tables are `Hashable` (`hashable`).
    var hashable: Bool
    /// Whether locations name the spec's lines (`provenance`).
    var provenance: Bool
}

/// The UTF-8 a typed renderer writes: appended to, and handed to the template renderer, which
/// adds it to its output as it adds a partial's text (trailing blanks trimmed there when its
/// options say so).
struct KindOutput {
    var bytes: [UInt8] = []
    /// The partials the written partial included, as its template would have (for the
    /// render's list of templates used).
    var included: Set<String> = []

    /// Appends `text`.
    @inline(__always)
    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `text` and a line break.
    @inline(__always)
    mutating func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    /// Appends a line break.
    @inline(__always)
    mutating func newline() {
        bytes.append(0x0A)
    }

    /// Drops the bytes written, keeping the buffer's capacity.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        included.removeAll()
    }
}
