import Foundation
import StategenCore

/// `stategen lint SPEC...`: every check generation makes, on each spec, writing nothing.
enum LintCommand {
    static let usage = "USAGE: stategen lint <spec>... [options]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Check specs and print their diagnostics; write nothing.

            \(usage)

            ARGUMENTS:
              <spec>...               One or more YAML spec files.

            OPTIONS:
            \(PipelineOptions.help)
              -h, --help              Show help information.

            With --diagnostics-format json, one JSON document for all specs is printed on
            standard output.

            EXIT CODES:
              0 no errors (warnings allowed unless --warnings-as-errors); 1 some spec has errors;
              2 the command line is wrong.
            """,
        options: PipelineOptions.options,
        flags: PipelineOptions.flags,
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "missing <spec>") }
        let format = try PipelineOptions.format(arguments)
        guard let options = try PipelineOptions.parse(arguments) else { return CommandLineTool.ExitCode.failure }
        let pipeline = GeneratorPipeline(options: options)
        let results = arguments.positionals.map { pipeline.generate(specAt: $0) }
        DiagnosticOutput.print(results, format: format, toStandardOutput: format == .json)
        return results.contains { $0.hasErrors } ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    }
}
