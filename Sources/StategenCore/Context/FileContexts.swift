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
    ///   - context: the spec's context from ``build(_:specFile:specPath:)``.
    ///   - stem: the files' common stem, the module's Swift type name.
    public static func files(of context: TemplateValue, stem: String) -> [FileContext] {
        guard case .object(let root) = context, case .list(let controls)? = root["controls"] else {
            return [FileContext(name: "\(stem).swift", context: context)]
        }
        let controlFields: [TemplateObject] = controls.map {
            if case .object(let fields) = $0 { return fields }
            return [:]
        }
        func file(_ name: String, shared: Bool, kinds: [TemplateValue], fields: [TemplateObject])
            -> FileContext
        {
            var object = root
            object["sharedFile"] = .bool(shared)
            object["controls"] = .list(kinds)
            object["imports"] = Self.imports(root: root, shared: shared, kinds: fields)
            return FileContext(name: name, context: .object(object))
        }
        if case .string("single")? = root["layout"] {
            return [file("\(stem).swift", shared: true, kinds: controls, fields: controlFields)]
        }
        var files = [file("\(stem).swift", shared: true, kinds: [], fields: [])]
        for (control, fields) in zip(controls, controlFields) {
            guard case .string(let typeName)? = fields["typeName"] else { continue }
            files.append(
                file(
                    "\(stem)+\(typeName.filter { $0 != "`" }).swift", shared: false, kinds: [control], fields: [fields])
            )
        }
        return files
    }

    /// The imports of a file with the shared part (or not) and these kinds, in a fixed order.
    static func imports(root: TemplateObject, shared: Bool, kinds: [TemplateObject])
        -> TemplateValue
    {
        func flag(_ fields: TemplateObject, _ key: String) -> Bool {
            fields[key].map { !$0.isFalsey } ?? false
        }
        var modules: [String] = []
        if shared || kinds.contains(where: { flag($0, "hasUIKit") }) { modules.append("UIKit") }
        // CoreGraphics gives `Dimension` its type, in the shared file. A kind's file writes
        // dimensions only as literals in its tables: `CGFloat(floatLiteral:)` needs the import
        // (MemberImportVisibility), but no public declaration does, and an unused `public import`
        // is a warning; so there it is an `internal import`.
        var internalOnly: Set<String> = []
        if shared && flag(root, "hasDimensions") {
            modules.append("CoreGraphics")
        } else if kinds.contains(where: { flag($0, "usesDimensions") }) {
            modules.append("CoreGraphics")
            internalOnly.insert("CoreGraphics")
        }
        if (shared && flag(root, "hasSharedSwiftUI")) || kinds.contains(where: { flag($0, "usesSwiftUI") }) {
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
