// TEMPORARY: stand-ins for the typed renderers of `control-uikit` and `control-swiftui`, which
// are written in parallel on other branches, so that the typed `control` can be built and
// tested before they land. They render the Mustache partials from the kind's built context,
// exactly as `{{> control-uikit}}` and `{{> control-swiftui}}` do inside `control`. This file
// is deleted at the merge, when the real `writeControlUIKit` and `writeControlSwiftUI` arrive.

extension KindRenderer {
    /// Writes partial `control-uikit` for kind `index`, rendered from its template (temporary).
    func writeControlUIKit(_ index: Int, into output: inout KindOutput) {
        writeTemplatePartial("control-uikit", kind: index, into: &output)
    }

    /// Writes partial `control-swiftui` for kind `index`, rendered from its template (temporary).
    func writeControlSwiftUI(_ index: Int, into output: inout KindOutput) {
        writeTemplatePartial("control-swiftui", kind: index, into: &output)
    }

    /// Writes built-in partial `name` rendered against kind `index`'s context merged over the
    /// root settings the per-kind partials read (temporary).
    private func writeTemplatePartial(_ name: String, kind index: Int, into output: inout KindOutput) {
        var context: TemplateObject = [
            "module": .string(settings.module),
            "accessModifier": .string(settings.accessModifier),
            "inlinable": .string(settings.inlinable),
            "frozen": .string(settings.frozen),
            "codable": .bool(settings.codable),
            "hashable": .bool(settings.hashable),
            "provenance": .bool(settings.provenance),
            "appearance": TemplateContextBuilder.appearanceContext(shared.appearances),
        ]
        if case .object(let kind) = builder.buildControl(plans[index], shared: shared) {
            for key in kind.keys { context[key] = kind[key] }
        }
        do {
            let template = try Template(source: BuiltinTemplates.sources[name] ?? "", name: name)
            var used: Set<String> = []
            let bytes = try template.renderBytes(
                .object(context), partials: PartialCache(sources: BuiltinTemplates.sources),
                options: RenderOptions(escapesHTML: false, isStrict: true), usedPartials: &used)
            output.write(String(decoding: bytes, as: UTF8.self))
        } catch {
            output.write("<\(name): \(error)>")
        }
    }
}
