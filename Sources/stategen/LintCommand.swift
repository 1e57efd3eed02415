import Foundation
import StategenCore

/// `stategen lint SPEC...`: every check generation makes, on each spec, writing nothing.
enum LintCommand {
    static let usage = "USAGE: stategen lint [<spec>...] [options]"

    /// The options, in the help's order.
    static let options = [RunInputs.config] + PipelineOptions.options + Verbosity.options

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Check specs and print their diagnostics; write nothing.

            \(usage)

            ARGUMENTS:
              <spec>...               One or more YAML spec files. Without them, the specs of the
                                      configuration file.

            OPTIONS:
            \(CommandOption.help(options))

            With --diagnostics-format json, one JSON document for all specs is printed on
            standard output.

            EXIT CODES:
              0 no errors (warnings allowed unless --warnings-as-errors); 1 some spec (or the
              configuration) has errors, or the configuration lists one spec twice or two
              specs whose files would collide in one output folder; 2 the command line is
              wrong.
            """,
        options: options,
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
        // Every spec through every stage but the write, as for generate; the outputs (when no
        // spec has an error) are checked against each other below.
        let generation = GeneratorPipeline.run(inputs.jobs)
        let results = generation.results
        report.add(inputs.withConfig(results))
        // The configuration's entries among themselves (a spec listed twice, two specs of one
        // module into one folder): errors `generate` would stop at. On the command line, where
        // lint has no output folder, specs are checked one by one.
        let collisions =
            inputs.config == nil ? [] : OutputWriter().collisions(generation.outputs).map { $0.diagnostic() }
        report.add(collisions)
        if verbosity == .verbose { StageTimingOutput.print(results) }
        return results.contains { $0.hasErrors } || !collisions.isEmpty
            ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    }
}
