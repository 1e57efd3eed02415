import Foundation

/// The templates a run renders from, by name (a file's name without `.mustache`): the built-ins
/// embedded in the binary, each optionally replaced by a file of the same name from a folder.
public struct TemplateSet: Sendable {
    /// The template rendered once per spec; the others are its partials.
    public static let entryName = "stategen.swift"

    /// The source of each template, by name.
    public var sources: [String: String]
    /// Where each template came from, for error locations: a file path, or `<builtin>/NAME.mustache`
    /// (``builtinOriginPrefix``).
    public var origins: [String: String]

    /// Warnings about the set (rule `unknown-template`): a file of the templates folder that
    /// replaces no built-in template and that no template includes, so that it is never used.
    /// Reported by every render with this set (``GeneratorPipeline``).
    public var warnings: [Diagnostic] = []

    /// The start of the origin of a built-in template, which is no file.
    public static let builtinOriginPrefix = "<builtin>/"

    /// The folder the template files were read from (``builtin(overriddenBy:confined:)``), as
    /// given; `nil` for the built-ins alone.
    public var folder: String? = nil

    /// How far a render of these templates may expand (docs/templates.md, "Limits").
    public var limits = TemplateLimits()

    /// The templates built into this binary (copied from `Templates/` at build time).
    public static var builtin: TemplateSet {
        var origins: [String: String] = [:]
        for name in BuiltinTemplates.sources.keys { origins[name] = "\(builtinOriginPrefix)\(name).mustache" }
        return TemplateSet(sources: BuiltinTemplates.sources, origins: origins)
    }

    /// The largest template file read: 16 MiB (the built-in templates are a few KiB each).
    public static let maxTemplateBytes = 1 << 24

    /// The built-ins with every `NAME.mustache` in `directory` replacing (or adding) the
    /// template `NAME`.
    ///
    /// - Throws: ``OutputError`` when the folder or a file in it cannot be read (a file that is
    ///   not a regular file, larger than ``maxTemplateBytes`` or not UTF-8), or holds no
    ///   template.
    ///
    /// Every template file is refused when its real path is in version-control metadata
    /// (``InputRoots/versionControlRefusal(of:what:spelled:)``); with `confined`, also when
    /// its real path (symbolic links followed) is outside the folder's real path.
    ///
    /// - Parameter confined: refuse a file that resolves outside `directory` (for the
    ///   `templates:` of `stategen.yml`, which may come from an untrusted branch; the command
    ///   line's `--templates` is the user's own folder and is not confined).
    public static func builtin(overriddenBy directory: String, confined: Bool = false) throws(OutputError)
        -> TemplateSet
    {
        var set = builtin
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw OutputError(path: directory, message: "the templates folder does not exist")
        }
        guard isDirectory.boolValue else {
            throw OutputError(path: directory, message: "the templates path is not a folder")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw OutputError(
                path: directory, message: "cannot read the templates folder: \((error as NSError).localizedDescription)"
            )
        }
        let templates = entries.filter { $0.hasSuffix(".mustache") }.sorted()
        guard !templates.isEmpty else {
            throw OutputError(path: directory, message: "the templates folder has no .mustache file")
        }
        for file in templates {
            let path = directory.hasSuffix("/") ? directory + file : directory + "/" + file
            if let refusal = InputRoots.versionControlRefusal(of: path, what: "template", spelled: path) {
                throw OutputError(path: path, message: refusal, rule: .outsideRoot)
            }
            if confined, let folder = InputRoots.realPath(directory),
                !InputRoots.contains(folder, InputRoots.realPath(path) ?? InputRoots.absolute(path))
            {
                throw OutputError(
                    path: path,
                    message:
                        "template \(DiagnosticText.quoted(path)) is a symbolic link out of its templates folder, so it is not read; "
                        + "put the file itself in the folder",
                    rule: .outsideRoot)
            }
            // Only a regular file, of bounded size: a FIFO or a device named *.mustache must
            // neither stall the run nor be read without end.
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readRegularFile(path, limit: maxTemplateBytes)
            } catch {
                throw OutputError(path: path, message: "cannot read the template: \(error.message)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw OutputError(path: path, message: "the template is not UTF-8 text")
            }
            let name = String(file.dropLast(".mustache".count))
            set.sources[name] = text
            set.origins[name] = path
        }
        set.warnings = unknownTemplates(in: set)
        set.folder = directory
        return set
    }

    /// Why a side file (a depfile, an `.xcfilelist`, the page of `preview` or `styles`) must not
    /// be written at `path`: it would replace a file of the templates folder (``folder``), used
    /// or not (an unused one is warned `unknown-template`, and is still the user's template),
    /// or create a `.mustache` file under it, which the next run would read as a template.
    /// Compared as the path the write opens (``OutputWriter/buildFileTarget(_:)``, so
    /// `nope/../T/x.mustache` is `T/x.mustache`), and by device and inode with every entry of
    /// the folder (a symbolic or hard link to one of them is that file).
    ///
    /// - Returns: the reason, to follow "the path is"; `nil` when `path` is none of them, or the
    ///   set has no folder.
    public func sideFileRefusal(at path: String) -> String? {
        guard let folder else { return nil }
        let root = OutputFolder.canonicalPath(folder)
        let target = OutputWriter.buildFileTarget(path)
        let what = "in the templates folder '\(folder)'; it is left untouched"
        if target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            if target.hasSuffix(".mustache") { return "a template file " + what }
            if PathNames.parent(of: target) == root, FileSystemCalls.entry(at: target) != nil {
                return "a file " + what
            }
        }
        guard let key = FileSystemCalls.Identity(following: target),
            let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return nil }
        for entry in entries where FileSystemCalls.Identity(following: PathNames.join(folder, entry)) == key {
            return "the same file as '\(PathNames.join(folder, entry))', a file " + what
        }
        return nil
    }

    /// The `unknown-template` warnings of `set`: each template from a file that is not a
    /// built-in's name and is included (as a partial or parent, by a fixed name) by no template
    /// of the set, with the built-in it was likely meant to replace (by edit distance,
    /// ``Suggestion``; a name that differs only in case is called out). Nothing is reported
    /// when a template includes a partial by a dynamic name (`{{>*name}}`), which could name any.
    static func unknownTemplates(in set: TemplateSet) -> [Diagnostic] {
        let builtinNames = BuiltinTemplates.sources.keys.sorted()
        var included: Set<String> = []
        for (name, source) in set.sources {
            guard let template = try? Template(source: source, name: name) else { continue }
            let references = template.partialReferences()
            if references.hasDynamicReferences { return [] }
            included.formUnion(references.names)
        }
        var warnings: [Diagnostic] = []
        for name in set.sources.keys.sorted()
        where BuiltinTemplates.sources[name] == nil && !included.contains(name) {
            guard let path = set.origins[name], !path.hasPrefix(builtinOriginPrefix) else { continue }
            let file = "\(name).mustache"
            var message = "'\(file)' replaces no built-in template and no template includes it, so it is not used"
            if let match = Suggestion.closest(to: name, in: builtinNames) {
                message +=
                    match.lowercased() == name.lowercased()
                    ? "; template names are case-sensitive: to replace the built-in '\(match)', name it '\(match).mustache'"
                    : "; did you mean '\(match).mustache'?"
            }
            warnings.append(
                .warning(
                    message, at: .file(path), rule: .unknownTemplate,
                    notes: [.init("the built-in templates are: \(builtinNames.joined(separator: ", "))")]))
        }
        return warnings
    }
}

/// Renders the Swift file of a spec from its template context.
public struct SwiftRenderer: Sendable {
    public var templates: TemplateSet

    public init(templates: TemplateSet = .builtin) {
        self.templates = templates
    }

    /// Renders the entry template in strict mode (a name missing from the context is an error)
    /// without HTML escaping.
    ///
    /// - Throws: ``DiagnosticsError`` with the template error at its template's line and column.
    public func render(_ context: TemplateValue) throws(DiagnosticsError) -> String {
        var used: [String] = []
        return try render(context, templatesUsed: &used)
    }

    /// Renders as ``render(_:)`` and sets `templatesUsed` to the origins (``TemplateSet/origins``)
    /// of the templates the render read: the entry template, then each partial it used, by name.
    public func render(_ context: TemplateValue, templatesUsed: inout [String]) throws(DiagnosticsError) -> String {
        String(decoding: try renderFiles([context], templatesUsed: &templatesUsed)[0], as: UTF8.self)
    }

    /// Renders the entry template against each of `contexts` (one per generated file), as
    /// ``render(_:)`` does, into each file's UTF-8 bytes, parsing each template once for all of
    /// them. Spaces and tabs at line ends are dropped as each line is rendered (see
    /// ``RenderOptions/removesTrailingWhitespace``). Sets `templatesUsed` as
    /// ``render(_:templatesUsed:)`` does, for all the files together. `capacity` is reserved
    /// for each file's bytes up front (a guess, in bytes; a file grows past it as needed).
    ///
    /// - Throws: ``DiagnosticsError`` with the template error at its template's line and column.
    public func renderFiles(_ contexts: [TemplateValue], templatesUsed: inout [String], capacity: Int = 0)
        throws(DiagnosticsError) -> [[UInt8]]
    {
        try renderEach(contexts, templatesUsed: &templatesUsed) {
            (template, _, context, partials, options, used) throws(TemplateError) in
            try template.renderBytes(context, partials: partials, options: options, usedPartials: &used, capacity: capacity)
        }
    }

    /// Renders as ``renderFiles(_:templatesUsed:capacity:)``, each file named by `files`, with
    /// its bytes in a temporary file in `spoolDirectory` when one can be made and written there
    /// (``SpooledFile``; the render then holds a chunk of the file, not all of it), else in
    /// memory, as when `spoolDirectory` is `nil`: a temporary file that cannot be written (a
    /// full disk, a file size limit) is removed and the file rendered again into memory, so
    /// that the writer reports the problem at the output's own path if it has it too.
    ///
    /// - Throws: ``DiagnosticsError`` with the template error at its template's line and column;
    ///   no temporary file is left.
    func renderFiles(
        _ files: [(name: String, context: TemplateValue)], spoolDirectory: String?, templatesUsed: inout [String],
        capacity: Int = 0
    ) throws(DiagnosticsError) -> [GeneratedFile] {
        try renderEach(files.map(\.context), templatesUsed: &templatesUsed) {
            (template, index, context, partials, options, used) throws(TemplateError) -> GeneratedFile in
            let name = files[index].name
            if let spoolDirectory, let writer = SpoolWriter(name: name, directory: spoolDirectory) {
                do throws(TemplateError) {
                    _ = try template.renderBytes(context, partials: partials, options: options, usedPartials: &used) {
                        (bytes) throws(TemplateError) in
                        // Stops the render; it is made again below.
                        if !writer.append(bytes) { throw Self.spoolFailed }
                    }
                } catch {
                    guard writer.failure != 0 else { throw error }
                }
                if writer.failure == 0, let spool = writer.finish() {
                    return GeneratedFile(name: name, spool: spool)
                }
                writer.discard()
            }
            return GeneratedFile(
                name: name,
                bytes: try template.renderBytes(
                    context, partials: partials, options: options, usedPartials: &used, capacity: capacity))
        }
    }

    /// What the sink of a spooled render throws when its temporary file could not be written.
    private static let spoolFailed = TemplateError(
        location: TemplateLocation(template: "", line: 1, column: 1), message: "the temporary file could not be written")

    /// Parses the entry template and renders it against each of `contexts` with `render`,
    /// sharing the parsed partials; sets `templatesUsed` (``render(_:templatesUsed:)``).
    /// A thrown `TemplateError` is reported at its template's line and column.
    private func renderEach<Rendered>(
        _ contexts: [TemplateValue], templatesUsed: inout [String],
        _ render: (Template, Int, TemplateValue, PartialCache, RenderOptions, inout Set<String>) throws(TemplateError)
            -> Rendered
    ) throws(DiagnosticsError) -> [Rendered] {
        let name = TemplateSet.entryName
        guard let source = templates.sources[name] else {
            throw DiagnosticsError([.error("no template named '\(name)'", at: nil, rule: .template)])
        }
        do {
            let template = try Template(source: source, name: templates.origins[name] ?? name)
            let cache = PartialCache(sources: templates.sources)
            let limits = templates.limits
            var options = RenderOptions(
                escapesHTML: false, isStrict: true, maxPartialDepth: limits.maxDepth, removesTrailingWhitespace: true,
                maxOutputBytes: limits.maxOutputBytes, maxExpansions: limits.maxExpansions)
            // The built-in per-kind partials are written by typed code (`KindRenderer`) where the
            // set's are the built-in ones.
            options.typedPartials = KindRenderer.usable(
                builtin: Set(
                    KindRenderer.partials.filter {
                        templates.origins[$0]?.hasPrefix(TemplateSet.builtinOriginPrefix) ?? false
                            && templates.sources[$0] == BuiltinTemplates.sources[$0]
                    }))
            options.typedThreads = KindRenderer.threads
            var partials: Set<String> = []
            var files: [Rendered] = []
            for (index, context) in contexts.enumerated() {
                files.append(try render(template, index, context, cache, options, &partials))
            }
            templatesUsed = ([name] + partials.sorted()).map { templates.origins[$0] ?? $0 }
            return files
        } catch {
            let location = SourceLocation(
                path: templates.origins[error.location.template] ?? error.location.template, line: error.location.line,
                column: error.location.column)
            throw DiagnosticsError([
                .error(TemplateContextKeys.explained(error.message), at: location, rule: .template)
            ])
        }
    }
}

/// Bounds on one render of a generated file, so that templates that recurse or multiply (a
/// partial including the next one twice, forty deep) fail at a located tag instead of running
/// for hours or filling the memory. The defaults are far above what the built-in templates
/// need: they write 13 to 18 bytes per spec byte, in about one expansion per 100 to 280 bytes.
public struct TemplateLimits: Sendable, Hashable {
    /// Deepest nesting of partials, parents, block arguments and lambda results
    /// (``RenderOptions/maxPartialDepth``). Default 100 levels.
    public var maxDepth: Int
    /// Most bytes of one generated file (``RenderOptions/maxOutputBytes``). Default 512 MiB
    /// (536,870,912 bytes).
    public var maxOutputBytes: Int
    /// Most expansions (section contents, partials, parents, blocks, lambda calls) in one
    /// generated file (``RenderOptions/maxExpansions``). Default 20,000,000.
    public var maxExpansions: Int

    public init(maxDepth: Int = 100, maxOutputBytes: Int = 512 << 20, maxExpansions: Int = 20_000_000) {
        self.maxDepth = maxDepth
        self.maxOutputBytes = maxOutputBytes
        self.maxExpansions = maxExpansions
    }
}
