import Foundation
import StategenCore

/// The options every spec-reading subcommand shares, and how their diagnostics are printed.
enum PipelineOptions {
    static let options: Set<String> = [
        "--access", "--templates", "--diagnostics-format", "--layout", "--inlining", "--import-access",
        "--swift-module",
    ]
    static let flags: Set<String> = [
        "--warnings-as-errors", "--codable", "--no-codable", "--hashable", "--no-hashable", "--provenance",
        "--no-provenance",
    ]

    /// The environment variable that names the Swift module when neither `--swift-module` nor
    /// `swiftModule:` does: Xcode sets it for Run Script phases.
    static let swiftModuleVariable = "PRODUCT_MODULE_NAME"

    static let help = """
          --access <level>        public, package or internal; overrides the spec's 'access'.
          --templates <dir>       A folder of .mustache templates replacing the built-ins of
                                  the same names.
          --warnings-as-errors    Report warnings as errors (and fail on them).
          --layout <layout>       single (default): one file; split: one file per kind and
                                  a shared file. Overrides the spec's 'swift: layout'.
          --inlining <policy>     shared (default): only spec-independent code is
                                  @inlinable; all: every public declaration; none: nothing.
          --import-access <level> public, package, internal or plain: the access of the
                                  generated imports (default: as public as the code).
          --codable, --no-codable Codable conformances on states, events and styles.
          --hashable, --no-hashable
                                  Hashable on each kind's Style and Style.Resolved.
          --provenance, --no-provenance
                                  Spec line numbers in comments (default: off, so that an
                                  edit of the spec rewrites only what it changes).
          --swift-module <name>   The Swift module the output is compiled in (default: the
                                  config's 'swiftModule', else $PRODUCT_MODULE_NAME, which
                                  Xcode sets for Run Script phases). A public namespace of
                                  that name breaks library-evolution interfaces, and is
                                  reported (namespace-shadows-module).
          --diagnostics-format <format>
                                  text (default): the compiler's form on standard error;
                                  json: one JSON document (see docs/diagnostics.md).
        """

    enum Format: String {
        case text
        case json
    }

    /// The pipeline's options from the command line (`templates` stays the built-ins when
    /// `--templates` is not given; `swiftModule` is `--swift-module` only, the defaults are
    /// ``RunInputs``'s).
    ///
    /// - Throws: ``UsageError`` for a bad value; a templates folder that cannot be read is
    ///   reported and given as `nil` (exit 1, not a usage error).
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> GeneratorPipeline.Options? {
        var options = GeneratorPipeline.Options()
        // The process exits after the run: tearing down the spec's data would be wasted work.
        options.keepsIntermediatesUntilExit = true
        if let access = arguments.values["--access"] {
            guard let level = AccessLevel(rawValue: access) else {
                throw UsageError(
                    message: "--access must be public, package or internal, not '\(access)'"
                        + Suggestion.didYouMean(access, in: AccessLevel.allCases.map(\.rawValue)))
            }
            options.access = level
        }
        options.warningsAsErrors = arguments.flags.contains("--warnings-as-errors")
        options.swift = try swiftOptions(arguments)
        if let module = arguments.values["--swift-module"] {
            guard StategenConfig.isSwiftModuleName(module) else {
                throw UsageError(
                    message:
                        "--swift-module must name a Swift module (an identifier such as DesignSystem), not '\(module)'")
            }
            options.swiftModule = module
        }
        _ = try format(arguments)
        if let directory = arguments.values["--templates"] {
            do {
                options.templates = try TemplateSet.builtin(overriddenBy: directory)
            } catch {
                CommandLineTool.printError(error.description)
                return nil
            }
        }
        return options
    }

    /// `--layout`, `--inlining`, `--import-access` and the conformance and provenance flags,
    /// over the spec's and `stategen.yml`'s `swift:`.
    static func swiftOptions(_ arguments: ParsedArguments) throws(UsageError) -> SwiftOptions {
        let here = SourceLocation(path: "<command line>", line: 0, column: 0)
        func choice<T: RawRepresentable & CaseIterable>(_ option: String, _: T.Type) throws(UsageError) -> Located<T>?
        where T.RawValue == String {
            guard let value = arguments.values[option] else { return nil }
            let choices = T.allCases.map(\.rawValue)
            guard let parsed = T(rawValue: value) else {
                throw UsageError(
                    message:
                        "\(option) must be \(choices.dropLast().joined(separator: ", ")) or \(choices.last ?? ""), not '\(value)'"
                        + Suggestion.didYouMean(value, in: choices))
            }
            return Located(parsed, at: here)
        }
        func flag(_ name: String) throws(UsageError) -> Located<Bool>? {
            let on = arguments.flags.contains("--\(name)")
            let off = arguments.flags.contains("--no-\(name)")
            if on && off { throw UsageError(message: "--\(name) and --no-\(name) cannot be given together") }
            return on || off ? Located(on, at: here) : nil
        }
        return SwiftOptions(
            layout: try choice("--layout", SwiftOptions.Layout.self),
            inlining: try choice("--inlining", SwiftOptions.Inlining.self),
            importAccess: try choice("--import-access", SwiftOptions.ImportAccess.self),
            codable: try flag("codable"), hashable: try flag("hashable"), provenance: try flag("provenance"))
    }

    static func format(_ arguments: ParsedArguments) throws(UsageError) -> Format {
        guard let value = arguments.values["--diagnostics-format"] else { return .text }
        guard let format = Format(rawValue: value) else {
            throw UsageError(message: "--diagnostics-format must be text or json, not '\(value)'")
        }
        return format
    }
}

/// How much a subcommand prints besides diagnostics: `--quiet` nothing, `--verbose` also each
/// stage's time (on standard error, so that standard output stays the command's product).
enum Verbosity: Comparable {
    case quiet
    case normal
    case verbose

    static let flags: Set<String> = ["--quiet", "-q", "--verbose"]

    static let help = """
          -q, --quiet             Print nothing but errors and warnings.
          --verbose               Also print how long each stage took (read, decode, validate,
                                  context, render, write), on standard error.
        """

    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> Verbosity {
        let quiet = arguments.flags.contains("--quiet") || arguments.flags.contains("-q")
        let verbose = arguments.flags.contains("--verbose")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose cannot be given together") }
        return quiet ? .quiet : verbose ? .verbose : .normal
    }
}

/// Prints the stage timings of `--verbose`, measured by the pipeline.
enum StageTimingOutput {
    static func print(_ results: [GeneratorPipeline.Result], last: (stage: String, duration: Duration)? = nil) {
        var text = ""
        for result in results {
            if result.skipped {
                text +=
                    "stategen: \(result.specPath): skipped: the output folder's \(GenerationStamp.fileName) matches every input\n"
                continue
            }
            let t = result.timings
            text += "stategen: \(result.specPath): read \(format(t.read)), decode \(format(t.decode)), "
            text += "validate \(format(t.validate)), context \(format(t.context)), render \(format(t.render))\n"
        }
        if let last { text += "stategen: \(last.stage) \(format(last.duration))\n" }
        if !text.isEmpty { CommandLineTool.printError(text) }
    }

    /// Milliseconds with two decimals, such as `0.42 ms`.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f ms", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }
}

/// Prints a run's diagnostics: in the compiler's form on standard error, or as one JSON
/// document (on standard output for `lint`, whose only output they are; on standard error
/// otherwise).
enum DiagnosticOutput {
    /// At most this many diagnostics are printed as text; the rest are counted.
    static let limit = 100

    static func print(
        _ results: [GeneratorPipeline.Result], format: PipelineOptions.Format, toStandardOutput: Bool = false
    ) {
        let diagnostics = results.flatMap(\.diagnostics)
        switch format {
        case .json:
            let text = DiagnosticJSON.render(diagnostics)
            if toStandardOutput {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                CommandLineTool.printError(text)
            }
        case .text:
            var sources: [String: String] = [:]
            for result in results { sources.merge(result.sources) { first, _ in first } }
            var printer = DiagnosticPrinter(sources: sources)
            var text = ""
            for diagnostic in diagnostics.prefix(limit) { text += printer.render(diagnostic) }
            if diagnostics.count > limit {
                text += "stategen: note: \(diagnostics.count - limit) more diagnostics not shown\n"
            }
            let errors = diagnostics.count { $0.severity == .error }
            let warnings = diagnostics.count - errors
            if errors + warnings > 0 {
                var counts: [String] = []
                if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
                if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
                text += counts.joined(separator: " and ") + " generated.\n"
            }
            if !text.isEmpty { CommandLineTool.printError(text) }
        }
    }
}

extension Diagnostic {
    /// `--control NAME` names no kind of `spec` (`undefined-control`, with did-you-mean and the
    /// kinds' names), for `graph`, `preview` and `styles`.
    static func undefinedControl(_ control: String, in spec: CheckedSpec) -> Diagnostic {
        let names = spec.controls.map(\.name.value)
        return .error(
            "the spec has no control kind '\(control)'" + Suggestion.didYouMean(control, in: names), at: nil,
            rule: "undefined-control", notes: [.init("its control kinds are: \(names.joined(separator: ", "))")])
    }
}
