/// Builds the data the templates render from a ``CheckedSpec``: every identifier through
/// ``SwiftNamer``, every value as a Swift literal, every doc comment as lines, every decision
/// (which conformances, which UIKit setters, which state a set of control-state flags names)
/// made here. Templates hold no logic beyond sections over this data; its schema is
/// `docs/template-context.md`.
///
/// Reports names that have no Swift identifier, names that collide once converted
/// (`title-color` and `titleColor`, a kind `Button` and a kind `button`) and names the generated
/// code itself declares in the same scope, pointing at both.
public struct TemplateContextBuilder {
    /// The version of the context's schema, `contextVersion` in the context; bumped when a
    /// key is removed or changes meaning.
    public static let contextVersion = 5

    /// Names the namespace itself declares, and the modules the generated code names in
    /// qualified references (`Swift.String`, `UIKit.UIColor`): a kind with one of these names
    /// would shadow them inside the namespace. Read from the built-in templates
    /// (``TemplateDeclarations``): every type at the top level of `extension {{module}} {`.
    static let reservedNamespaceMembers: [String: String] = {
        var names: [String: String] = [:]
        for declaration in TemplateDeclarations.builtin where declaration.inNamespace && !declaration.isGenericParameter
        {
            names[declaration.name] =
                names[declaration.name] ?? "the generated namespace declares '\(declaration.name)'"
        }
        for module in TemplateDeclarations.qualifiedModules {
            names[module] =
                module == "Swift"
                ? "the generated code names the standard library as 'Swift'"
                : "the generated code names \(module)'s types as '\(module).X'"
        }
        return names
    }()

    /// Names the generated code declares inside a kind or a shared type, and its generic
    /// parameters, where a namespace of the same name would be shadowed (the generated code
    /// names the namespace in qualified references). Read from the built-in templates
    /// (``TemplateDeclarations``).
    static let reservedModuleNames: [String: String] = {
        var names: [String: String] = [:]
        let declarations = TemplateDeclarations.builtin.filter { !$0.inNamespace }
        for declaration in declarations.filter({ !$0.isGenericParameter }) where names[declaration.name] == nil {
            let owner =
                switch declaration.template {
                case "control": "every kind"
                case "control-swiftui": "a kind with SwiftUI code"
                case "control-uikit": "a kind with UIKit code"
                case "attribute-set": "every attribute set"
                default: "the generated code"
                }
            names[declaration.name] = "\(owner) declares '\(declaration.name)'"
        }
        for declaration in declarations.filter(\.isGenericParameter) where names[declaration.name] == nil {
            names[declaration.name] = "the generated code has a generic parameter '\(declaration.name)'"
        }
        return names
    }()

    /// Names that cannot be a state: the `State` enum's synthesized `allCases`, and
    /// `Values.hashValue` (Hashable's), which a state's property would make ambiguous.
    static let reservedStateNames: [String: String] = [
        "allCases": "'State.allCases' lists the states (CaseIterable)",
        "hashValue": "'Values.hashValue' is Hashable's",
        "ordinal": "'State.ordinal' is the state's position (KindState)",
        "description": "'State.description' prints the state's name (CustomStringConvertible)",
        "fallbackChain": "'State.fallbackChain' lists the states a state's values fall back to (KindState)",
    ]

    /// Names that cannot be an event: the `Event` enum's synthesized `allCases`.
    static let reservedEventNames: [String: String] = [
        "allCases": "'Event.allCases' lists the events (CaseIterable)"
    ]

    /// Names that cannot be an attribute set: the members of a kind's `Style` besides its sets.
    static let reservedSetPropertyNames: [String: String] = [
        "resolved": "'Style.resolved(for:)' gives every set's values in one state",
        "hashValue": "'hashValue' is Hashable's",
    ]

    /// Names that cannot be an attribute: the set struct's and `Resolved`'s `hashValue`.
    static let reservedAttributeNames: [String: String] = [
        "hashValue": "'hashValue' is Hashable's"
    ]

    let diagnostics: DiagnosticCollector
    let namer = SwiftNamer()
    /// Member names already made by ``memberName(_:)``: every kind names the spec's shared
    /// states and events again.
    let memberNames = MemberNameCache()
    /// The Swift module the code is compiled in, when known: a public namespace of the same
    /// name is reported (`namespace-shadows-module`).
    let swiftModule: String?
    /// Whether locations name the spec's lines (`swift: { provenance: true }`), or only its
    /// file.
    var provenance = false
    /// Whether a font value sets a line height or a letter spacing: the helpers then apply
    /// them (SwiftUI `kerning(_:)` and `lineSpacing(_:)`, a `UILabel`'s attributed text).
    var spacedFonts = false

    /// - Parameter swiftModule: the name of the Swift module that compiles the output
    ///   (``GeneratorPipeline/Options/swiftModule``); `nil` when unknown.
    public init(diagnostics: DiagnosticCollector, swiftModule: String? = nil) {
        self.diagnostics = diagnostics
        self.swiftModule = swiftModule
    }

    /// - Parameters:
    ///   - specFile: how the generated code names its spec in source-location comments (the
    ///     spec's file name, so that output does not depend on where the tool ran).
    ///   - specPath: how the header names the spec: its path relative to the output folder when
    ///     known, else `specFile`.
    /// - Returns: the context, or `nil` after reporting a naming error.
    public func build(
        _ spec: CheckedSpec, specFile rawSpecFile: String, specPath rawSpecPath: String? = nil
    ) -> TemplateValue? {
        prepared(for: spec).buildContext(spec, specFile: rawSpecFile, specPath: rawSpecPath).map { .object($0.root) }
    }

    /// This builder with the spec-wide settings that every kind's context reads.
    private func prepared(for spec: CheckedSpec) -> TemplateContextBuilder {
        var builder = self
        builder.provenance = spec.swift.resolved(access: spec.access).provenance
        builder.spacedFonts = Self.hasSpacedFonts(spec)
        return builder
    }

    /// The `controls` of a file with these kinds: each kind's context made from its plan when a
    /// template reaches it.
    /// The list also carries the kinds' typed renderers (``KindRenderer``).
    private func lazyControls(_ plans: [KindPlan], shared: SharedNames, settings: KindRenderSettings)
        -> TemplateValue
    {
        .lazyList(
            TemplateLazyList(
                count: plans.count,
                kinds: KindRenderer(builder: self, plans: plans, shared: shared, settings: settings)
            ) { [self] in buildControl(plans[$0], shared: shared) })
    }

    /// The files of `spec`'s code and the context each is rendered from
    /// (``files(root:plans:stem:controls:)``), each kind's context made only when a template
    /// reaches it (``TemplateLazyList``); `nil` after reporting a naming error.
    func buildFiles(_ spec: CheckedSpec, specFile: String, specPath: String?, stem: String) -> [FileContext]? {
        let builder = prepared(for: spec)
        guard let (root, plans, shared, settings) = builder.buildContext(spec, specFile: specFile, specPath: specPath)
        else { return nil }
        return Self.files(root: root, plans: plans, stem: stem) {
            builder.lazyControls($0, shared: shared, settings: settings)
        }
    }

    /// Whether a font value sets a line height or a letter spacing.
    static func hasSpacedFonts(_ spec: CheckedSpec) -> Bool {
        spec.controls.contains { control in
            control.attributeSets.contains { set in
                set.attributes.contains { attribute in
                    /// Whether a value is a font with a line height or letter spacing.
                    func spaced(_ values: [(state: String, value: AttributeValue)]) -> Bool {
                        values.contains {
                            guard case .font(let font) = $0.value else { return false }
                            return font.lineHeight != nil || font.letterSpacing != nil
                        }
                    }
                    // Looked through in place: every attribute of every kind is asked.
                    return attribute.type == .font
                        && (spaced(attribute.values) || attribute.appearanceValues.values.contains(where: spaced))
                }
            }
        }
    }

    /// The root context (its `controls` a ``TemplateLazyList`` over the plans), the kinds'
    /// plans and the names they share; `nil` after reporting a naming error.
    private func buildContext(_ spec: CheckedSpec, specFile rawSpecFile: String, specPath rawSpecPath: String?)
        -> (root: TemplateObject, plans: [KindPlan], shared: SharedNames, settings: KindRenderSettings)?
    {
        // The names go into comments, and a file name can hold a line break.
        let specFile = SwiftLiteral.commentText(rawSpecFile)
        let specPath = rawSpecPath.map(SwiftLiteral.commentText)
        let errorsBefore = diagnostics.diagnostics.count { $0.severity == .error }
        let module = typeName(spec.module)
        var kindNames = NameTable(what: "control", diagnostics: diagnostics)
        for (reserved, reason) in Self.reservedNamespaceMembers {
            kindNames.reserve(reserved, because: reason)
        }
        kindNames.reserve(
            module.hasPrefix("`") ? String(module.dropFirst().dropLast()) : module,
            because: "it is the namespace's own name, which the generated code uses in qualified references")
        if let reason = Self.reservedNamespaceMembers[module] ?? Self.reservedModuleNames[module] {
            diagnostics.error(
                "module \(DiagnosticText.quoted(spec.module.value)) becomes the Swift name \(DiagnosticText.quoted(module)), which is reserved: \(reason), and the namespace's own as '\(module).Kind' too; rename it",
                at: spec.module.location, rule: .nameCollision)
        }
        reportShadowedModule(spec, namespace: module)
        let sets = nameAttributeSets(spec, kindNames: &kindNames)
        let shared = SharedNames(
            module: module, specFile: specFile, unhandledEvents: spec.unhandledEvents,
            selectedState: spec.selectedState, selectEvent: spec.selectEvent, deselectEvent: spec.deselectEvent,
            appearances: spec.appearances, sets: sets)
        let plans: [KindPlan] = spec.controls.map { control in
            let name = typeName(control.name)
            kindNames.claim(name, for: control.name)
            return planControl(control, typeName: name, shared: shared)
        }
        // Public (or package) declarations name UIKit's and SwiftUI's types: an import less
        // visible than the code cannot compile wherever those modules exist.
        if let importAccess = spec.swift.importAccess {
            let narrower: Bool =
                switch (spec.access, importAccess.value) {
                case (.public, .package), (.public, .internal), (.package, .internal): true
                default: false
                }
            if narrower {
                diagnostics.error(
                    "'importAccess: \(importAccess.value.rawValue)' is less visible than the \(spec.access.rawValue) code: its \(spec.access.rawValue) declarations use UIKit's and SwiftUI's types, which \(importAccess.value == .internal ? "an" : "a") \(importAccess.value.rawValue) import hides, so it does not compile where those modules exist; use \(DiagnosticText.quoted(SwiftOptions.Resolved.defaultImportAccess(for: spec.access).rawValue)) (the default) or 'plain'",
                    // An option from the command line has no place in a file.
                    at: importAccess.location.line > 0 ? importAccess.location : nil, rule: .narrowImportAccess)
            }
        }
        guard diagnostics.diagnostics.count(where: { $0.severity == .error }) == errorsBefore else { return nil }
        // SwiftUI is imported only where the code uses it: a kind's SwiftUI initializers, or a
        // colour attribute (Color's SwiftUI bridge).
        let hasSwiftUIInits = plans.contains { $0.swiftUI != nil }
        var used: Set<AttributeType> = []
        for control in spec.controls {
            for set in control.attributeSets { for attribute in set.attributes { used.insert(attribute.type) } }
        }
        let hasColors = used.contains(.color)
        let hasFonts = used.contains(.font)
        let attributeSetTypes = buildAttributeSetTypes(spec, shared: shared)
        // A set's `style(_:)` view modifier (a border alone needs neither colours nor fonts).
        let hasSetModifiers = attributeSetTypes.contains { set in
            guard case .object(let fields) = set, case .object(let roles)? = fields["roles"] else { return false }
            return roles["swiftUI"].map { !$0.isFalsey } ?? false
        }
        let hasSharedSwiftUI = hasColors || hasFonts || spec.appearances.count > 1 || hasSetModifiers
        let options = spec.swift.resolved(access: spec.access)
        // `@inlinable` needs public or package code, `@frozen` public code. `shared` keeps them
        // to what does not depend on the spec (`inlinableShared`, `frozenShared`).
        let inlinable = spec.access == .internal ? "" : "@inlinable "
        let frozen = spec.access == .public ? "@frozen " : ""
        let settings = KindRenderSettings(
            module: module, accessModifier: spec.access == .internal ? "" : "\(spec.access.rawValue) ",
            inlinable: options.inlining == .all ? inlinable : "", frozen: options.inlining == .all ? frozen : "",
            codable: options.codable, hashable: options.hashable, provenance: options.provenance)
        var root: TemplateObject = [
            "specFile": .string(specFile),
            "specPath": .string(specPath ?? specFile),
            "module": .string(settings.module),
            "moduleName": .string(spec.module.value),
            "location": .string(location(spec.module.location, specFile)),
            "access": .string(spec.access.rawValue),
            "accessModifier": .string(settings.accessModifier),
            "inlining": .string(options.inlining.rawValue),
            "inlinable": .string(settings.inlinable),
            "frozen": .string(settings.frozen),
            "inlinableShared": .string(options.inlining == .none ? "" : inlinable),
            "frozenShared": .string(options.inlining == .none ? "" : frozen),
            "codable": .bool(settings.codable),
            "hashable": .bool(settings.hashable),
            "provenance": .bool(settings.provenance),
            "layout": .string(options.layout.rawValue),
            "importModifier": .string(options.importAccess.modifier),
            "sharedFile": .bool(true),
            "imports": .list([]),
            "unhandledEvents": .string(spec.unhandledEvents.rawValue),
            "unhandledOutcome": .string(spec.unhandledEvents == .reject ? "rejected" : "ignored"),
            "docLines": lines(SwiftLiteral.docLines(spec.doc)),
            "hasDoc": .bool(SwiftLiteral.hasDocLines(spec.doc)),
            "selectedState": spec.selectedState.map { .object(["name": .string($0)]) } ?? .bool(false),
            "selectEvent": spec.selectEvent.map { .object(["name": .string($0)]) } ?? .bool(false),
            "deselectEvent": spec.deselectEvent.map { .object(["name": .string($0)]) } ?? .bool(false),
            "hasSwiftUI": .bool(hasSwiftUIInits || hasSharedSwiftUI),
            "hasSharedSwiftUI": .bool(hasSharedSwiftUI),
            "attributeSetTypes": .list(attributeSetTypes),
            "hasColors": .bool(hasColors),
            "hasFonts": .bool(hasFonts),
            "hasDimensions": .bool(used.contains(.dimension)),
            "applicationFlags": .list(Self.applicationFlags(of: spec)),
            "appearance": Self.appearanceContext(spec.appearances),
            "contextVersion": .int(Self.contextVersion),
        ]
        // Each kind's context is made when a template reaches it, from its plan.
        root["controls"] = lazyControls(plans, shared: shared, settings: settings)
        // The imports of the whole spec in one file; `files(root:plans:stem:controls:)` sets each
        // file's own.
        root["imports"] = Self.imports(root: root, shared: true, kinds: plans)
        return (root, plans, shared, settings)
    }

    /// The application bits (`UIControl.State.application`) some state of the spec uses, each
    /// with its shift and its index within the application byte.
    static func applicationFlags(of spec: CheckedSpec) -> [TemplateValue] {
        let used: Set<ControlStateFlag> = Set(spec.controls.flatMap { $0.states.flatMap { $0.controlState ?? [] } })
        return used.filter(\.isApplicationBit).sorted().map { flag -> TemplateValue in
            let shift = flag.bit.trailingZeroBitCount
            return .object([
                "name": .string(flag.rawValue), "shift": .int(shift), "index": .int(shift - 16),
            ])
        }
    }

    /// The `Appearance` enum: its cases with their fallbacks, and which case each combination
    /// of dark and high contrast gives (the nearest declared one along the fallback chain);
    /// `false` when the spec declares only `light`.
    static func appearanceContext(_ appearances: [Appearance]) -> TemplateValue {
        guard appearances.count > 1 else { return .bool(false) }
        func nearest(_ appearance: Appearance) -> Appearance {
            appearance.chain.first { appearances.contains($0) } ?? .light
        }
        let traits: [(dark: Bool, high: Bool, wanted: Appearance)] = [
            (false, false, .light), (true, false, .dark), (false, true, .lightHighContrast),
            (true, true, .darkHighContrast),
        ]
        return .object([
            "cases": .list(
                appearances.map { appearance in
                    .object([
                        "caseName": .string(appearanceCase(appearance)),
                        "fallback": appearance.fallback.map { .string(".\(appearanceCase(nearest($0)))") }
                            ?? .string("nil"),
                        "fallbackText": .string(
                            appearance.chain.filter(appearances.contains).map(\.rawValue).joined(separator: " → ")),
                    ])
                }),
            "traits": .list(
                traits.map { trait in
                    .object([
                        "pattern": .string("(\(trait.dark), \(trait.high))"),
                        "caseName": .string(appearanceCase(nearest(trait.wanted))),
                    ])
                }),
        ])
    }

    /// What every control kind's context needs from the spec as a whole.
    struct SharedNames {
        var module: String
        var specFile: String
        var unhandledEvents: UnhandledEventPolicy
        var selectedState: String?
        var selectEvent: String?
        var deselectEvent: String?
        /// The appearances values differ by, `light` first.
        var appearances: [Appearance]
        /// The Swift names of every attribute set, by spec name.
        var sets: [String: SetNames]
    }

    // MARK: Helpers

    /// `controls.yml:42`, or only `controls.yml` without provenance (so that a line added to
    /// the spec changes nothing in the output).
    func location(_ location: SourceLocation, _ specFile: String) -> String {
        provenance ? "\(specFile):\(location.line)" : specFile
    }

    func lines(_ lines: [String]) -> TemplateValue {
        .list(lines.map { .string($0) })
    }

    /// `x` for `` `x` ``: a member name after a `.` or inside a composed name.
    func bare(_ member: String) -> String {
        member.hasPrefix("`") ? String(member.dropFirst().dropLast()) : member
    }

    /// An argument label for the member name `member`: without backticks (Swift warns about
    /// escaped keywords there), except for `inout`, `var` and `let`, which a label cannot be
    /// without them.
    func label(_ member: String) -> String {
        let name = bare(member)
        switch name {
        case "inout", "var", "let": return "`" + name + "`"
        default: return name
        }
    }

    func typeName(_ name: Located<String>) -> String {
        do {
            return try namer.typeName(name.value)
        } catch {
            diagnostics.error(
                "\(DiagnosticText.quoted(name.value)) has no Swift type name: \(error)", at: name.location,
                rule: .invalidName)
            return name.value
        }
    }

    func typeStem(_ name: Located<String>) -> String {
        do {
            return try namer.typeStem(name.value)
        } catch {
            diagnostics.error(
                "\(DiagnosticText.quoted(name.value)) has no Swift type name: \(error)", at: name.location,
                rule: .invalidName)
            return name.value
        }
    }

    func memberName(_ name: Located<String>) -> String {
        if let known = memberNames.names[name.value] { return known }
        do {
            let member = try namer.memberName(name.value)
            memberNames.names[name.value] = member
            return member
        } catch {
            diagnostics.error(
                "\(DiagnosticText.quoted(name.value)) has no Swift member name: \(error)", at: name.location,
                rule: .invalidName)
            return name.value
        }
    }
}

extension TemplateContextBuilder {
    /// Warns when the namespace enum has the name of the Swift module that compiles it, and
    /// the code is public or package: the module's interface (`.swiftinterface`, and the
    /// package interface) then names the namespace's types `Controls.Controls.X`, which reads as
    /// a member `Controls` of the enum `Controls` and does not type-check
    /// (https://github.com/swiftlang/swift/issues/56573). Internal code shows in no interface.
    func reportShadowedModule(_ spec: CheckedSpec, namespace: String) {
        let name = namespace.hasPrefix("`") ? String(namespace.dropFirst().dropLast()) : namespace
        guard let swiftModule, name == swiftModule, spec.access != .internal else { return }
        diagnostics.warning(
            "namespace \(DiagnosticText.quoted(name)) has the name of the Swift module that compiles it: built for library evolution, "
                + "the module's interface names its types '\(name).\(name).X', which does not type-check (swift#56573); "
                + "rename 'module' (such as '\(name)Spec'), or the Swift module",
            at: spec.module.location, rule: .namespaceShadowsModule,
            notes: [
                .init(
                    "or build the module with '-Xfrontend -enable-module-selectors-in-module-interface' (Swift 6.3 "
                        + "or later), whose interface writes '\(name)::\(name).X'")
            ])
    }
}

/// Spec names and the Swift member names ``SwiftNamer`` made of them, for one context build.
final class MemberNameCache {
    var names: [String: String] = [:]
}
