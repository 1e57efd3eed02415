import Foundation
import StategenCore

/// `stategen lint SPEC...`: every check generation makes, on each spec, writing nothing.
enum LintCommand {
    static let usage = "USAGE: stategen lint [<spec>...] [options]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Check specs and print their diagnostics; write nothing.

            \(usage)

            ARGUMENTS:
              <spec>...               One or more YAML spec files. Without them, the specs of the
                                      configuration file.

            OPTIONS:
            \(RunInputs.configHelp)
            \(PipelineOptions.help)
            \(Verbosity.help)
              -h, --help              Show help information.

            With --diagnostics-format json, one JSON document for all specs is printed on
            standard output.

            EXIT CODES:
              0 no errors (warnings allowed unless --warnings-as-errors); 1 some spec (or the
              configuration) has errors; 2 the command line is wrong.
            """,
        options: PipelineOptions.options.union(RunInputs.options),
        flags: PipelineOptions.flags.union(Verbosity.flags),
        arguments: .many(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        let report = DiagnosticReport(format: format, jsonToStandardOutput: true)
        defer { report.finish() }
        guard let inputs = try RunInputs.resolve(arguments, output: .none, report: report) else {
            return CommandLineTool.ExitCode.failure
        }
        let results = inputs.jobs.flatMap { job in
            let pipeline = GeneratorPipeline(options: job.options)
            return job.specs.map { pipeline.generate(specAt: $0.path, listedAt: $0.listedAt) }
        }
        report.add(inputs.withConfig(results))
        if verbosity == .verbose { StageTimingOutput.print(results) }
        return results.contains { $0.hasErrors } ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    }
}
