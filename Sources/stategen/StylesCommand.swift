import Foundation
import StategenCore

/// `stategen styles SPEC --format json|dtcg`: the resolved styles, for CI and design tools.
enum StylesCommand {
    static let usage =
        "USAGE: stategen styles <spec> [--format json|dtcg] [--appearance <name>] [--control <name>] [--output <file>] [options]"

    static let format = CommandOption.option(
        "--format", value: .cases(of: StyleExportFormat.self), placeholder: "<format>",
        help: "json (default): every kind, state and appearance, each",
        "value with the state it comes from and its source (spec",
        "line, token and aliases), and every contrast pair as",
        "measured, for CI; dtcg: one appearance's values as", "Design Tokens (DTCG 2025.10) component tokens",
        "<module>.<kind>.<state>.<attribute>, which design tools", "and stategen's tokenFiles read.")
    static let appearance = CommandOption.option(
        "--appearance", value: .cases(of: Appearance.self), placeholder: "<name>",
        help: "json: only this appearance; dtcg: the appearance written",
        "(default light). One of the spec's appearances.")
    static let control = CommandOption.option(
        "--control", value: .text, placeholder: "<name>", help: "Only this control kind (its spec name).")
    static let output = CommandOption.option(
        "--output", value: .file(extensions: ["json"]), placeholder: "<file>",
        help: "Write the document to <file> (atomically, and only when", "it changed) instead of standard output.")

    /// The options, in the help's order.
    static let options = [format, appearance, control, output] + PipelineOptions.options + Verbosity.options

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Print each control kind's resolved values by state and appearance, with
            where each comes from.

            \(usage)

            ARGUMENTS:
              <spec>                  The YAML spec file.

            OPTIONS:
            \(CommandOption.help(options))

            Both documents are versioned and described in 'stategen help styles'; the same spec
            gives the same bytes, and file paths in them are relative to the spec's folder.

            EXIT CODES:
              0 printed or written; 1 the spec has errors, it has no control kind named by
              --control or does not declare the --appearance, or the file cannot be written;
              2 the command line is wrong.
            """,
        options: options,
        arguments: .one(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let specPath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "styles takes one <spec>")
        }
        let exportFormat = try arguments.choice(Self.format, of: StyleExportFormat.self) ?? .json
        let appearance = try arguments.choice(Self.appearance, of: Appearance.self)
        let format = try PipelineOptions.format(arguments)
        let report = DiagnosticReport(format: format)
        defer { report.finish() }
        let verbosity = try Verbosity.parse(arguments)
        guard let options = try PipelineOptions.parse(arguments, report: report) else {
            return CommandLineTool.ExitCode.failure
        }

        var (spec, result) = GeneratorPipeline(options: options).validate(specAt: specPath)
        var export: StyleExport?
        if let spec {
            let control = arguments.value(Self.control)
            if let appearance, !spec.appearances.contains(appearance) {
                let declared = spec.appearances.map(\.rawValue)
                result.diagnostics.append(
                    .error(
                        "the spec has no appearance '\(appearance.rawValue)'; its appearances are \(declared.joined(separator: ", "))",
                        at: nil, rule: .undeclaredAppearance))
            } else {
                export = StyleExport(spec, control: control, appearances: appearance.map { [$0] })
                if export == nil, let control {
                    result.diagnostics.append(.undefinedControl(control, in: spec))
                }
            }
        }
        report.add([result])
        if verbosity == .verbose { StageTimingOutput.print([result]) }
        guard let export else { return CommandLineTool.ExitCode.failure }

        let text: String
        switch exportFormat {
        case .json: text = export.json()
        case .dtcg: text = export.dtcg(in: appearance ?? .light)
        }
        if let output = arguments.value(Self.output),
            let refusal = OutputGuard.refuseInput(output, inputs: result.inputs, templates: options.templates)
        {
            report.add(.error(refusal, at: nil, rule: OutputError.rule))
            return CommandLineTool.ExitCode.failure
        }
        return OutputGuard.writeDocument(text, to: arguments.value(Self.output), verbosity: verbosity, report: report)
    }
}
