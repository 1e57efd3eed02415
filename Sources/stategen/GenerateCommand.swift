import Foundation
import StategenCore

/// `stategen generate SPEC... --output DIR`: runs the whole pipeline and writes the Swift files,
/// and on request the build system's dependency files.
enum GenerateCommand {
    static let usage = "USAGE: stategen generate [<spec>... --output <dir>] [options]"

    static let overwriteReadOnly = CommandOption.flag(
        "--overwrite-read-only", help: "Replace or remove a generated file that is read-only",
        "(mode 0444, as Perforce leaves a file not opened for",
        "edit); without it, such a file is an error and nothing is",
        "written.")

    /// The options, in the help's order.
    static let options =
        [
            RunInputs.output(
                help: "The folder to write into (created when missing). A file is",
                "rewritten only when its content changes, atomically;",
                "generated files the specs no longer produce are removed; a",
                "file stategen did not generate is never overwritten."),
            overwriteReadOnly, RunInputs.config,
        ] + BuildSystemOptions.options + PipelineOptions.options + Verbosity.options

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Generate Swift source from specs.

            \(usage)

            ARGUMENTS:
              <spec>...               The YAML spec files; each writes <dir>/<Module>.swift.
                                      Without them, the configuration file is read.

            OPTIONS:
            \(CommandOption.help(options))

            Every spec is checked before anything is written: one error anywhere, and nothing is
            written.

            EXIT CODES:
              0 generated (or already current); 1 a spec or the configuration has errors
              (nothing is written) or a file cannot be written; 2 the command line is wrong.
            """,
        options: options,
        arguments: .many(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        let report = DiagnosticReport(format: format, jsonToStandardOutput: true)
        defer { report.finish() }
        guard
            let (inputs, generation) = try RunInputs.generate(
                arguments, output: .required, report: report, stamps: true, spools: true)
        else {
            return CommandLineTool.ExitCode.failure
        }

        // Concurrent runs into one folder plan and write one after the other.
        let lock = OutputFolderLock(folders: generation.outputs.map(\.directory))
        defer { lock.release() }
        var writer = OutputWriter()
        writer.overwritesReadOnlyFiles = arguments.isSet(overwriteReadOnly)
        writer.keepsPreviousText = false
        let (plan, planTime) = GeneratorPipeline.plan(generation.outputs, writer: writer)
        report.add(plan.diagnostics)
        // The side files are checked with the outputs, before anything is written.
        let sideFiles = BuildSystemOptions.problems(
            arguments, outputs: generation.outputs.map(\.path), inputs: inputs.configInputs + generation.inputs,
            outputFolders: inputs.jobs.map(\.output), templates: inputs.jobs.map(\.options.templates))
        report.add(sideFiles)
        guard plan.errors.isEmpty, sideFiles.isEmpty else { return CommandLineTool.ExitCode.failure }
        let written: WriteReport
        let writeTime: Duration
        do {
            (written, writeTime) = try GeneratorPipeline.write(plan, writer: writer)
        } catch {
            report.add(error.diagnostic())
            return CommandLineTool.ExitCode.failure
        }
        GeneratorPipeline.writeStamps(generation, plan: plan)
        if verbosity != .quiet {
            var text = ""
            for path in written.written { text += StatusLine.text("wrote", path) }
            for path in written.unchanged { text += StatusLine.text("unchanged", path) }
            for path in written.removed { text += StatusLine.text("removed", path) }
            for path in written.removedTemporaries {
                text += StatusLine.text("removed", path, note: "(a temporary file left by an interrupted run)")
            }
            report.printInformation(text)
        }
        do {
            try BuildSystemOptions.write(
                arguments, inputs: inputs.configInputs + generation.inputs, generation: generation)
        } catch {
            report.add(error.diagnostic())
            return CommandLineTool.ExitCode.failure
        }
        if verbosity == .verbose {
            StageTimingOutput.print(generation.results, last: ("write", planTime + writeTime))
        }
        return CommandLineTool.ExitCode.success
    }
}
