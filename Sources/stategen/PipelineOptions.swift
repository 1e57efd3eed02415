import Foundation
import StategenCore

/// The options every spec-reading subcommand shares, and how their diagnostics are printed.
enum PipelineOptions {
    static let access = CommandOption.option(
        "--access", value: .cases(of: AccessLevel.self), placeholder: "<level>",
        help: "public, package or internal; overrides the spec's 'access'.")
    static let templates = CommandOption.option(
        "--templates", value: .folder, placeholder: "<dir>",
        help: "A folder of .mustache templates replacing the built-ins of", "the same names.")
    static let root = CommandOption.option(
        "--root", value: .folder, placeholder: "<dir>", repeatable: true,
        help: "Also read token files (and configuration entries) in this",
        "folder, which is outside the folder of the spec (or",
        "stategen.yml) naming them; repeatable.")
    static let warningsAsErrors = CommandOption.flag(
        "--warnings-as-errors", optionalValue: .listOf { DiagnosticRules.warnings }, placeholder: "[=<rule>,...]",
        help: "Report warnings as errors (and fail on them): all, or",
        "only those of the rules listed ('stategen explain').")
    static let layout = CommandOption.option(
        "--layout", value: .cases(of: SwiftOptions.Layout.self), placeholder: "<layout>",
        help: "single (default): one file; split: one file per kind and",
        "a shared file. Overrides the spec's 'swift: layout'.")
    static let inlining = CommandOption.option(
        "--inlining", value: .cases(of: SwiftOptions.Inlining.self), placeholder: "<policy>",
        help: "shared (default): only spec-independent code is",
        "@inlinable; all: every public declaration; none: nothing.")
    static let importAccess = CommandOption.option(
        "--import-access", value: .cases(of: SwiftOptions.ImportAccess.self), placeholder: "<level>",
        help: "public, package, internal or plain: the access of the",
        "generated imports (default: as public as the code).")
    static let codable = CommandOption.flag(
        "--codable", label: "--codable, --no-codable", help: "Codable conformances on states, events and styles.")
    static let noCodable = CommandOption.flag("--no-codable")
    static let hashable = CommandOption.flag(
        "--hashable", label: "--hashable, --no-hashable", help: "Hashable on each kind's Style and Style.Resolved.")
    static let noHashable = CommandOption.flag("--no-hashable")
    static let provenance = CommandOption.flag(
        "--provenance", label: "--provenance, --no-provenance",
        help: "Spec line numbers in comments (default: off, so that an",
        "edit of the spec rewrites only what it changes).")
    static let noProvenance = CommandOption.flag("--no-provenance")
    static let swiftModule = CommandOption.option(
        "--swift-module", value: .text, placeholder: "<name>",
        help: "The Swift module the output is compiled in (default: the",
        "config's 'swiftModule', else $PRODUCT_MODULE_NAME, which",
        "Xcode sets for Run Script phases). A public namespace of",
        "that name breaks library-evolution interfaces, and is",
        "reported (namespace-shadows-module).")
    static let diagnosticsFormat = CommandOption.option(
        "--diagnostics-format", value: .cases(of: Format.self), placeholder: "<format>",
        help: "text (default): the compiler's form on standard error;",
        "json: one JSON document of every problem of the run,",
        "output files' too ('stategen help diagnostics').")

    /// The options every spec-reading subcommand takes, in the help's order.
    static let options: [CommandOption] = [
        access, templates, root, warningsAsErrors, layout, inlining, importAccess, codable, noCodable, hashable,
        noHashable, provenance, noProvenance, swiftModule, diagnosticsFormat,
    ]

    /// The environment variable that names the Swift module when neither `--swift-module` nor
    /// `swiftModule:` does: Xcode sets it for Run Script phases.
    static let swiftModuleVariable = "PRODUCT_MODULE_NAME"

    /// The options of a subcommand that reads and checks a spec but renders nothing (`graph`):
    /// only the diagnostics ones apply.
    static let diagnosticsOptions: [CommandOption] = [
        warningsAsErrors,
        CommandOption.option(
            "--diagnostics-format", value: .cases(of: Format.self), placeholder: "<format>",
            help: "text (default): the compiler's form on standard error;",
            "json: one JSON document ('stategen help diagnostics')."),
    ]

    enum Format: String, CaseIterable {
        case text
        case json
    }

    /// The pipeline's options from the command line (`templates` stays the built-ins when
    /// `--templates` is not given; `swiftModule` is `--swift-module` only, the defaults are
    /// ``RunInputs``'s).
    ///
    /// - Throws: ``UsageError`` for a bad value; a templates folder that cannot be read is
    ///   reported to `report` and given as `nil` (exit 1, not a usage error).
    static func parse(_ arguments: ParsedArguments, report: DiagnosticReport) throws(UsageError)
        -> GeneratorPipeline.Options?
    {
        var options = GeneratorPipeline.Options()
        // The process exits after the run: tearing down the spec's data would be wasted work.
        options.keepsIntermediatesUntilExit = true
        if let level = try arguments.choice(access, of: AccessLevel.self) { options.access = level }
        // `--warnings-as-errors=all` is the flag alone, as the option's help reads.
        options.warningsAsErrors = arguments.isSet(warningsAsErrors) || arguments.value(warningsAsErrors) == "all"
        options.warningRulesAsErrors = try warningRulesAsErrors(arguments)
        options.swift = try swiftOptions(arguments)
        if let module = arguments.value(swiftModule) {
            guard StategenConfig.isSwiftModuleName(module) else {
                throw UsageError(
                    message:
                        "--swift-module must name a Swift module (an identifier such as DesignSystem), not '\(module)'")
            }
            options.swiftModule = module
        }
        _ = try format(arguments)
        options.inputRoots.roots = arguments.values(root)
        if let directory = arguments.value(templates) {
            do {
                options.templates = try TemplateSet.builtin(overriddenBy: directory)
            } catch {
                // A file that cannot be read, as the spec's and the configuration's are reported.
                report.add(Diagnostic.error(error.message, at: .file(error.path), rule: error.rule))
                return nil
            }
        }
        return options
    }

    /// `--layout`, `--inlining`, `--import-access` and the conformance and provenance flags,
    /// over the spec's and `stategen.yml`'s `swift:`.
    static func swiftOptions(_ arguments: ParsedArguments) throws(UsageError) -> SwiftOptions {
        let here = SourceLocation(path: "<command line>", line: 0, column: 0)
        func choice<T: RawRepresentable & CaseIterable>(_ option: CommandOption, _ type: T.Type) throws(UsageError)
            -> Located<T>?
        where T.RawValue == String {
            try arguments.choice(option, of: type).map { Located($0, at: here) }
        }
        func flag(_ on: CommandOption, _ off: CommandOption) throws(UsageError) -> Located<Bool>? {
            let isOn = arguments.isSet(on)
            let isOff = arguments.isSet(off)
            if isOn && isOff {
                throw UsageError(message: "\(on.names[0]) and \(off.names[0]) cannot be given together")
            }
            return isOn || isOff ? Located(isOn, at: here) : nil
        }
        return SwiftOptions(
            layout: try choice(layout, SwiftOptions.Layout.self),
            inlining: try choice(inlining, SwiftOptions.Inlining.self),
            importAccess: try choice(importAccess, SwiftOptions.ImportAccess.self),
            codable: try flag(codable, noCodable), hashable: try flag(hashable, noHashable),
            provenance: try flag(provenance, noProvenance))
    }

    /// The rules of `--warnings-as-errors=RULE,...`: each a warning's rule id; none for
    /// `--warnings-as-errors=all` (every warning).
    ///
    /// - Throws: ``UsageError`` for an error's rule or an unknown id (with did-you-mean), and for
    ///   `all` beside rule ids.
    static func warningRulesAsErrors(_ arguments: ParsedArguments) throws(UsageError) -> Set<String> {
        guard let list = arguments.value(warningsAsErrors), list != "all" else { return [] }
        var rules: Set<String> = []
        let ids = list.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if ids.contains("all") {
            throw UsageError(
                message: "--warnings-as-errors: 'all' (every warning) cannot be listed with rule ids; "
                    + "write '--warnings-as-errors' (or '=all') for every warning, or '=RULE,...' for only those")
        }
        for id in ids {
            if let problem = DiagnosticRules.problem(with: id) {
                throw UsageError(message: "--warnings-as-errors: \(problem)")
            }
            rules.insert(id)
        }
        return rules
    }

    static func format(_ arguments: ParsedArguments) throws(UsageError) -> Format {
        try arguments.choice(diagnosticsFormat, of: Format.self) ?? .text
    }
}

/// How much a subcommand prints besides diagnostics: `--quiet` nothing, `--verbose` also each
/// stage's time (on standard error, so that standard output stays the command's product).
enum Verbosity: Comparable {
    case quiet
    case normal
    case verbose

    static let quietFlag = CommandOption.flag("-q", "--quiet", help: "Print nothing but errors and warnings.")
    static let verboseFlag = CommandOption.flag(
        "--verbose", help: "Also print how long each stage took (read, decode, validate,",
        "context, render, write), on standard error.")
    static let options = [quietFlag, verboseFlag]

    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> Verbosity {
        let quiet = arguments.isSet(quietFlag)
        let verbose = arguments.isSet(verboseFlag)
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
                    "stategen: \(StatusLine.shown(result.specPath)): skipped: the output folder's \(GenerationStamp.fileName) matches every input\n"
                continue
            }
            let t = result.timings
            text +=
                "stategen: \(StatusLine.shown(result.specPath)): read \(format(t.read)), decode \(format(t.decode)), "
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

/// The one place a run's diagnostics are printed, from every stage: the spec's and the
/// configuration's (``GeneratorPipeline/Result``), the output stage's (``OutputPlan/diagnostics``,
/// a failed write, `check`'s findings) and the side files'.
///
/// As text (the compiler's form, on standard error) each batch is printed when it is added. As
/// JSON, everything is collected and printed as one document by ``finish()``, so that its
/// counts are the run's: on standard output for `generate`, `check` and `lint` (and nothing else
/// is printed there), on standard error for the subcommands whose standard output is their
/// product (`outputs`, `graph`, `styles`, `preview`, `context`). An equal diagnostic reported
/// twice (a templates folder's warning, once per spec) is printed once.
final class DiagnosticReport {
    /// At most this many warnings of one batch are printed as text; the rest are counted. Errors
    /// are never held back.
    static let limit = 100

    let format: PipelineOptions.Format
    /// Whether the JSON document goes to standard output.
    let jsonToStandardOutput: Bool
    private var collected: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    /// The text of every file whose results were added, by path: the output stage's notes
    /// point into them (the entries of `stategen.yml`) and are printed with their lines.
    private var sources: [String: String] = [:]
    private var finished = false

    init(format: PipelineOptions.Format, jsonToStandardOutput: Bool = false) {
        self.format = format
        self.jsonToStandardOutput = jsonToStandardOutput
    }

    /// Whether an error was reported.
    var hasErrors: Bool { seen.contains { $0.severity == .error } }

    /// Whether standard output is the JSON document's alone, so that what a subcommand prints
    /// besides diagnostics (`wrote`, `current`, a diff) goes to standard error instead.
    var ownsStandardOutput: Bool { format == .json && jsonToStandardOutput }

    /// Prints `text` on standard output, or on standard error while the JSON document owns
    /// standard output (``ownsStandardOutput``).
    func printInformation(_ text: String) {
        guard !text.isEmpty else { return }
        if ownsStandardOutput {
            CommandLineTool.printError(text)
        } else {
            CommandLineTool.printOutput(text)
        }
    }

    /// Adds the diagnostics of pipeline results (text: printed now, with their source lines and
    /// a count line).
    func add(_ results: [GeneratorPipeline.Result]) {
        for result in results { sources.merge(result.sources) { first, _ in first } }
        add(results.flatMap(\.diagnostics), sources: sources, counted: true)
    }

    /// Adds diagnostics of the output stage or the command line (text: printed now, without a
    /// count line; a note in a file of the results added before is printed with its line).
    func add(_ diagnostics: [Diagnostic]) {
        add(diagnostics, sources: sources, counted: false)
    }

    /// Adds one diagnostic (see ``add(_:)-([Diagnostic])``).
    func add(_ diagnostic: Diagnostic) {
        add([diagnostic])
    }

    private func add(_ diagnostics: [Diagnostic], sources: [String: String], counted: Bool) {
        let new = diagnostics.filter { seen.insert($0).inserted }
        switch format {
        case .json:
            collected += new
        case .text:
            var printer = DiagnosticPrinter(sources: sources)
            var text = ""
            // Every error is printed; warnings stop at the cap (as swiftc and clang never drop an
            // error for a flood of warnings), in the batch's file order.
            var warningsShown = 0
            for diagnostic in new {
                if diagnostic.severity != .error {
                    guard warningsShown < Self.limit else { continue }
                    warningsShown += 1
                }
                text += printer.render(diagnostic)
            }
            let hidden = new.count { $0.severity != .error } - warningsShown
            if hidden > 0 {
                text += "stategen: note: \(hidden) more warning\(hidden == 1 ? "" : "s") not shown\n"
            }
            let errors = new.count { $0.severity == .error }
            let warnings = new.count - errors
            if counted, errors + warnings > 0 {
                var counts: [String] = []
                if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
                if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
                text += counts.joined(separator: " and ") + " generated.\n"
            }
            if !text.isEmpty { CommandLineTool.printError(text) }
        }
    }

    /// Prints the JSON document of everything added (once; nothing for text, already printed).
    func finish() {
        guard format == .json, !finished, !UsageError.raised else { return }
        finished = true
        let text = DiagnosticJSON.render(collected)
        if jsonToStandardOutput {
            CommandLineTool.printOutput(text)
        } else {
            CommandLineTool.printError(text)
        }
    }
}

/// Prints the diagnostics of a subcommand that reports only its pipeline results (`graph`,
/// `styles`, `preview`, `context`, `templates`): one ``DiagnosticReport``, finished at once.
enum DiagnosticOutput {
    static func print(
        _ results: [GeneratorPipeline.Result], format: PipelineOptions.Format, toStandardOutput: Bool = false
    ) {
        let report = DiagnosticReport(format: format, jsonToStandardOutput: toStandardOutput)
        report.add(results)
        report.finish()
    }
}

extension Diagnostic {
    /// `--control NAME` names no kind of `spec` (`undefined-control`, with did-you-mean and the
    /// kinds' names), for `graph`, `preview` and `styles`.
    static func undefinedControl(_ control: String, in spec: CheckedSpec) -> Diagnostic {
        let names = spec.controls.map(\.name.value)
        return .error(
            "the spec has no control kind '\(control)'" + Suggestion.didYouMean(control, in: names), at: nil,
            rule: .undefinedControl, notes: [.init("its control kinds are: \(names.joined(separator: ", "))")])
    }
}
