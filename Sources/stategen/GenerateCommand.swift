import Foundation
import StategenCore

/// `stategen generate SPEC... --output DIR`: runs the whole pipeline and writes the Swift files,
/// and on request the build system's dependency files.
enum GenerateCommand {
    static let usage = "USAGE: stategen generate [<spec>... --output <dir>] [options]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Generate Swift source from specs.

            \(usage)

            ARGUMENTS:
              <spec>...               The YAML spec files; each writes <dir>/<Module>.swift.
                                      Without them, the configuration file is read.

            OPTIONS:
              -o, --output <dir>      The folder to write into (created when missing). A file is
                                      rewritten only when its content changes, atomically;
                                      generated files the specs no longer produce are removed; a
                                      file stategen did not generate is never overwritten.
            \(RunInputs.configHelp)
            \(BuildSystemOptions.help)
            \(PipelineOptions.help)
            \(Verbosity.help)
              -h, --help              Show help information.

            Every spec is checked before anything is written: one error anywhere, and nothing is
            written.

            EXIT CODES:
              0 generated (or already current); 1 a spec or the configuration has errors
              (nothing is written) or a file cannot be written; 2 the command line is wrong.
            """,
        options: PipelineOptions.options.union(RunInputs.options).union(BuildSystemOptions.options)
            .union(["--output", "-o"]),
        flags: PipelineOptions.flags.union(Verbosity.flags),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        guard
            let (inputs, generation) = try RunInputs.generate(
                arguments, output: .required, format: format, stamps: true)
        else {
            return CommandLineTool.ExitCode.failure
        }

        let (plan, planTime) = GeneratorPipeline.plan(generation.outputs)
        for warning in plan.warnings { CommandLineTool.printError(warning.warningDescription) }
        guard plan.errors.isEmpty else {
            for error in plan.errors { CommandLineTool.printError(error.description) }
            return CommandLineTool.ExitCode.failure
        }
        let report: WriteReport
        let writeTime: Duration
        do {
            (report, writeTime) = try GeneratorPipeline.write(plan)
        } catch {
            CommandLineTool.printError(error.description)
            return CommandLineTool.ExitCode.failure
        }
        GeneratorPipeline.writeStamps(generation)
        if verbosity != .quiet {
            var text = ""
            for path in report.written { text += "wrote \(path)\n" }
            for path in report.unchanged { text += "unchanged \(path)\n" }
            for path in report.removed { text += "removed \(path)\n" }
            for path in report.removedTemporaries {
                text += "removed \(path) (a temporary file left by an interrupted run)\n"
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        do {
            try BuildSystemOptions.write(
                arguments, inputs: inputs.configInputs + generation.inputs, generation: generation)
        } catch {
            CommandLineTool.printError(error.description)
            return CommandLineTool.ExitCode.failure
        }
        if verbosity == .verbose {
            StageTimingOutput.print(generation.results, last: ("write", planTime + writeTime))
        }
        return CommandLineTool.ExitCode.success
    }
}
