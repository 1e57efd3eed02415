import Foundation

/// The project configuration file, `stategen.yml`: which specs generate into which output
/// folders, with which options. `stategen generate`, `check`, `outputs` and `lint` read it when
/// they are given no spec. The format is described in `docs/config.md`:
///
/// ```yaml
/// stategen: 1
/// access: public                 # defaults for every entry
/// outputs:
///   - specs: [Specs/controls.yml]
///     output: Sources/DesignSystem/Generated
///     templates: Templates       # an entry's own settings override the defaults
/// ```
///
/// Relative paths are relative to the folder holding the configuration file.
public struct StategenConfig: Sendable {
    /// The file read when no spec and no `--config` is given: `stategen.yml` in the current
    /// folder.
    public static let defaultPath = "stategen.yml"
    /// The configuration format versions this build reads.
    public static let supportedFormatVersions = [1]

    /// Whether `name` can be a Swift module's name: an identifier of ASCII letters, digits and
    /// `_`, not starting with a digit (what SwiftPM and Xcode's `PRODUCT_MODULE_NAME` give).
    public static func isSwiftModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// Options of a run, set at the top level (for every entry) or in an entry.
    public struct Settings: Sendable {
        /// `access:`, overriding each spec's own.
        public var access: AccessLevel?
        /// `templates:`, a folder of templates replacing built-ins of the same names (resolved
        /// against the configuration's folder).
        public var templates: Located<String>?
        /// `warningsAsErrors: true|false`.
        public var warningsAsErrors: Bool?
        /// `warningsAsErrors: [rule, ...]`: only these warnings are errors.
        public var warningRulesAsErrors: [Located<String>]?
        /// `swift:`, over each spec's own.
        public var swift: SwiftOptions
        /// `swiftModule:`, the Swift module the output is compiled in (as `--swift-module`).
        public var swiftModule: Located<String>?
        /// `managed:`, whether the output folder belongs to this configuration: `generate`
        /// removes generated files of specs it does not list (``OutputFolderPolicy/managed``).
        public var managed: Bool?

        public init(
            access: AccessLevel? = nil, templates: Located<String>? = nil, warningsAsErrors: Bool? = nil,
            warningRulesAsErrors: [Located<String>]? = nil, swift: SwiftOptions = SwiftOptions(),
            swiftModule: Located<String>? = nil, managed: Bool? = nil
        ) {
            self.warningRulesAsErrors = warningRulesAsErrors
            self.swift = swift
            self.swiftModule = swiftModule
            self.managed = managed
            self.access = access
            self.templates = templates
            self.warningsAsErrors = warningsAsErrors
        }

        /// These settings, each unset one taken from `defaults`.
        func over(_ defaults: Settings) -> Settings {
            Settings(
                access: access ?? defaults.access, templates: templates ?? defaults.templates,
                warningsAsErrors: warningsAsErrors ?? defaults.warningsAsErrors,
                warningRulesAsErrors: warningRulesAsErrors ?? defaults.warningRulesAsErrors,
                swift: swift.over(defaults.swift),
                swiftModule: swiftModule ?? defaults.swiftModule, managed: managed ?? defaults.managed)
        }
    }

    /// One entry of `outputs:`: specs generated into one folder.
    public struct Entry: Sendable {
        /// The spec paths (resolved against the configuration's folder), where each was written.
        public var specs: [Located<String>]
        /// The output folder (resolved against the configuration's folder).
        public var output: Located<String>
        public var settings: Settings
    }

    /// The configuration file's path, as given.
    public var path: String
    /// `roots:`, folders outside the configuration's folder that its entries and the specs' token
    /// files may read from (resolved against the configuration's folder); see ``InputRoots``.
    public var roots: [Located<String>] = []
    /// The top-level settings, the defaults of every entry.
    public var settings: Settings
    public var entries: [Entry]

    /// `path` relative to the configuration file's folder (kept as it is when absolute, and when
    /// the configuration is in the current folder), so that relative stays relative.
    public static func resolve(_ path: String, against configPath: String) -> String {
        if path.hasPrefix("/") { return path }
        return PathNames.join(PathNames.parent(of: configPath), path)
    }

    /// Reads and decodes the configuration file at `path` with the spec's strictness (unknown
    /// keys, wrong node kinds and types are located errors with "did you mean").
    ///
    /// - Returns: the configuration (`nil` when it has an error), and a result holding the
    ///   diagnostics and the file's text.
    public static func load(at path: String, limits: YAMLReader.Limits = .init()) -> (
        config: StategenConfig?, result: GeneratorPipeline.Result
    ) {
        var result = GeneratorPipeline.Result()
        result.specPath = path
        result.inputs = [path]
        let diagnostics = DiagnosticCollector()
        var config: StategenConfig?
        if let root = GeneratorPipeline.readDocument(
            at: path, what: "config", limits: limits, listedAt: nil, into: &result, diagnostics: diagnostics)
        {
            config = ConfigDecoder(diagnostics: diagnostics).decode(root, path: path)
        }
        result.diagnostics = diagnostics.sorted
        return (result.hasErrors ? nil : config, result)
    }

    /// The generation jobs of the entries, in order, with command-line options applied over the
    /// file's settings.
    ///
    /// - Parameters:
    ///   - access: `--access`, overriding every `access:`.
    ///   - templates: the templates of `--templates`, overriding every `templates:`.
    ///   - warningsAsErrors: `--warnings-as-errors`; `true` wins over the file's settings.
    ///   - warningRulesAsErrors: `--warnings-as-errors=RULE,...`, added to the file's
    ///     `warningsAsErrors: [RULE, ...]`.
    ///   - swift: the command line's output options, over every `swift:`.
    ///   - swiftModule: `--swift-module`, over every `swiftModule:`.
    ///   - roots: `--root`, added to `roots:`.
    /// - Returns: the jobs, or `nil` when a templates folder cannot be read (reported to
    ///   `diagnostics` at the `templates:` that names it, rule `io`), or a spec or templates
    ///   folder is outside the configuration's folder and every root (`outside-root`, at it).
    public func jobs(
        access: AccessLevel?, templates: TemplateSet?, warningsAsErrors: Bool,
        warningRulesAsErrors: Set<String> = [], swift: SwiftOptions = SwiftOptions(),
        swiftModule: String? = nil, yamlLimits: YAMLReader.Limits = .init(), roots: [String] = [],
        diagnostics: DiagnosticCollector
    ) -> [GenerationJob]? {
        var jobs: [GenerationJob] = []
        var loaded: [String: TemplateSet] = [:]
        let inputRoots = InputRoots(roots: self.roots.map(\.value) + roots, configPath: path)
        var outside = false
        for entry in entries {
            let folder = entry.settings.templates.map { [("templates folder", $0)] } ?? []
            for (what, named) in entry.specs.map({ ("spec", $0) }) + folder {
                if let refusal = inputRoots.refusal(of: named.value, what: what, spelled: named.value, namedIn: path) {
                    diagnostics.error(refusal, at: named.location, rule: .outsideRoot)
                    outside = true
                }
            }
        }
        if let folder = settings.templates,
            let refusal = inputRoots.refusal(
                of: folder.value, what: "templates folder", spelled: folder.value, namedIn: path)
        {
            diagnostics.error(refusal, at: folder.location, rule: .outsideRoot)
            outside = true
        }
        if outside { return nil }
        for entry in entries {
            let settings = entry.settings.over(self.settings)
            var options = GeneratorPipeline.Options(
                access: access ?? settings.access, swift: swift.over(settings.swift), yamlLimits: yamlLimits,
                warningsAsErrors: warningsAsErrors || settings.warningsAsErrors == true,
                swiftModule: swiftModule ?? settings.swiftModule?.value)
            options.inputRoots = inputRoots
            options.warningRulesAsErrors = warningRulesAsErrors.union(
                (settings.warningRulesAsErrors ?? []).map(\.value))
            if let templates {
                options.templates = templates
            } else if let folder = settings.templates {
                if let set = loaded[folder.value] {
                    options.templates = set
                } else {
                    do {
                        // stategen.yml may come from an untrusted branch: each template must be
                        // in the folder itself, not a link to elsewhere in the project.
                        let set = try TemplateSet.builtin(overriddenBy: folder.value, confined: true)
                        // A template file of the folder that is a symbolic link out of it would
                        // be rendered into the generated Swift.
                        for file in Set(set.origins.values).sorted()
                        where !file.hasPrefix(TemplateSet.builtinOriginPrefix) {
                            if let refusal = inputRoots.refusal(
                                of: file, what: "template", spelled: file, namedIn: path)
                            {
                                diagnostics.error(refusal, at: folder.location, rule: .outsideRoot)
                                return nil
                            }
                        }
                        loaded[folder.value] = set
                        options.templates = set
                    } catch {
                        diagnostics.error(
                            error.rule == .io ? "\(error.message) ('\(error.path)')" : error.message,
                            at: folder.location, rule: error.rule)
                        return nil
                    }
                }
            }
            jobs.append(
                GenerationJob(
                    specs: entry.specs.map { SpecReference(path: $0.value, listedAt: $0.location) },
                    output: entry.output.value, options: options,
                    folderPolicy: settings.managed == true ? .managed : .listed))
        }
        return jobs
    }
}
