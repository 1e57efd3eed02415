import Foundation
import StategenCore

/// `stategen outputs SPEC...`: the files a `generate` run would write, for build systems that
/// declare outputs up front.
enum OutputsCommand {
    static let usage = "USAGE: stategen outputs [<spec>... [--output <dir>]] [options]"

    /// The options, in the help's order; the file lists with this subcommand's own help.
    static let options: [CommandOption] = {
        var inputs = BuildSystemOptions.inputFileList
        inputs.help = ["Also write the files read as an Xcode input file list."]
        var outputs = BuildSystemOptions.outputFileList
        outputs.help = ["Also write the listed files as an Xcode output file list."]
        return [
            RunInputs.output(help: "The output folder the paths are in (without it, file names", "alone)."),
            RunInputs.config, inputs, outputs,
        ] + PipelineOptions.options + Verbosity.options
    }()

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: List the files 'generate' would write, one path a line; write nothing else.

            \(usage)

            ARGUMENTS:
              <spec>...               The YAML spec files. Without them, the configuration file
                                      is read.

            OPTIONS:
            \(CommandOption.help(options))

            The specs are generated in memory to learn their file names, so a spec with errors
            lists nothing.

            EXIT CODES:
              0 listed; 1 a spec or the configuration has errors, or a file list cannot be
              written; 2 the command line is wrong.
            """,
        options: options,
        arguments: .many(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        // Standard output is the list: the JSON document goes to standard error.
        let report = DiagnosticReport(format: format)
        defer { report.finish() }
        guard let (inputs, generation) = try RunInputs.generate(arguments, output: .optional, report: report) else {
            return CommandLineTool.ExitCode.failure
        }
        // What would make 'generate' fail (two outputs for one path, a file in the way, a side
        // file that cannot be written) makes the list fail too: a build system must not be
        // told of outputs that will never be written.
        let (plan, _) = GeneratorPipeline.plan(generation.outputs)
        report.add(plan.diagnostics)
        let sideFiles = BuildSystemOptions.problems(
            arguments, outputs: generation.outputs.map(\.path), inputs: inputs.configInputs + generation.inputs,
            outputFolders: inputs.jobs.map(\.output), templates: inputs.jobs.map(\.options.templates))
        report.add(sideFiles)
        guard plan.errors.isEmpty, sideFiles.isEmpty else { return CommandLineTool.ExitCode.failure }
        do {
            try BuildSystemOptions.write(
                arguments, inputs: inputs.configInputs + generation.inputs, generation: generation)
        } catch {
            report.add(error.diagnostic())
            return CommandLineTool.ExitCode.failure
        }
        let text = generation.outputs.map { $0.path + "\n" }.joined()
        CommandLineTool.printOutput(text)
        if verbosity == .verbose { StageTimingOutput.print(generation.results) }
        return CommandLineTool.ExitCode.success
    }
}
