/// The files a spec's code is written to, and the context each is rendered from: the spec's
/// context with `sharedFile`, `controls` and `imports` set for the file.
extension TemplateContextBuilder {
    /// One output file: its name relative to the output folder, and its context.
    public struct FileContext: Sendable {
        public var name: String
        public var context: TemplateValue
    }

    /// With `layout: single`, one file `STEM.swift` with everything; with `layout: split`,
    /// `STEM.swift` with the namespace's shared types and `STEM+Kind.swift` per kind. Each file
    /// imports only the modules its code uses (under `MemberImportVisibility`, a file must import
    /// what it uses; with a `public import`, it must use it in public code).
    ///
    /// - Parameters:
    ///   - root: the spec's context from ``buildContext(_:specFile:specPath:)``.
    ///   - plans: its kinds' plans, in the spec's order.
    ///   - stem: the files' common stem, the module's Swift type name.
    ///   - controls: a file's `controls` value for some of the plans (made when rendered).
    static func files(
        root: TemplateObject, plans: [KindPlan], stem: String, controls: ([KindPlan]) -> TemplateValue
    ) -> [FileContext] {
        func file(_ name: String, shared: Bool, kinds: [KindPlan]) -> FileContext {
            var object = root
            object["sharedFile"] = .bool(shared)
            object["controls"] = controls(kinds)
            object["imports"] = Self.imports(root: root, shared: shared, kinds: kinds)
            return FileContext(name: name, context: .object(object))
        }
        if case .string("single")? = root["layout"] {
            return [file("\(stem).swift", shared: true, kinds: plans)]
        }
        return [file("\(stem).swift", shared: true, kinds: [])]
            + plans.map { plan in
                file("\(stem)+\(plan.typeName.filter { $0 != "`" }).swift", shared: false, kinds: [plan])
            }
    }

    /// The imports of a file with the shared part (or not) and these kinds, in a fixed order.
    static func imports(root: TemplateObject, shared: Bool, kinds: [KindPlan]) -> TemplateValue {
        func flag(_ fields: TemplateObject, _ key: String) -> Bool {
            fields[key].map { !$0.isFalsey } ?? false
        }
        var modules: [String] = []
        if shared || kinds.contains(where: \.hasUIKit) { modules.append("UIKit") }
        // CoreGraphics gives `Dimension` its type, in the shared file. A kind's file writes
        // dimensions only as literals in its tables: `CGFloat(floatLiteral:)` needs the import
        // (MemberImportVisibility), but no public declaration does, and an unused `public import`
        // is a warning; so there it is an `internal import`.
        var internalOnly: Set<String> = []
        if shared && flag(root, "hasDimensions") {
            modules.append("CoreGraphics")
        } else if kinds.contains(where: \.usesDimensions) {
            modules.append("CoreGraphics")
            internalOnly.insert("CoreGraphics")
        }
        if (shared && flag(root, "hasSharedSwiftUI")) || kinds.contains(where: \.usesSwiftUI) {
            modules.append("SwiftUI")
        }
        let modifier: String
        if case .string(let text)? = root["importModifier"] { modifier = text } else { modifier = "" }
        return .list(
            modules.map { module in
                let narrowed = internalOnly.contains(module) && ["public ", "package "].contains(modifier)
                return .object(["name": .string(module), "modifier": .string(narrowed ? "internal " : modifier)])
            })
    }
}
