import Foundation
import StategenCore

/// `stategen check SPEC... --output DIR`: generates in memory and compares with the output
/// folder, for CI. Writes nothing.
enum CheckCommand {
    static let usage = "USAGE: stategen check [<spec>... --output <dir>] [options]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Check that the output folder holds exactly what 'generate' would write;
            write nothing.

            \(usage)

            ARGUMENTS:
              <spec>...               The YAML spec files. Without them, the configuration file
                                      is read.

            OPTIONS:
              -o, --output <dir>      The folder to compare with.
            \(RunInputs.configHelp)
            \(PipelineOptions.help)
            \(Verbosity.help)
              -h, --help              Show help information.

            Each file that is not current is reported on standard error as stale (its content
            differs), missing (not written yet) or extra (generated from the same specs, which
            no longer produce it; 'generate' removes it). A unified diff of each stale file,
            from the folder's copy to the generated text, is printed on standard output (not
            with --quiet); 'patch -p0' applies it.

            EXIT CODES:
              0 every file is current; 1 some file is stale, missing or extra, is in the way (a
              file stategen did not generate), or a spec has errors; 2 the command line is wrong.
            """,
        options: PipelineOptions.options.union(RunInputs.options).union(["--output", "-o"]),
        flags: PipelineOptions.flags.union(Verbosity.flags),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        guard let (_, generation) = try RunInputs.generate(arguments, output: .required, format: format) else {
            return CommandLineTool.ExitCode.failure
        }

        let (plan, compareTime) = GeneratorPipeline.plan(generation.outputs)
        for warning in plan.warnings { CommandLineTool.printError(warning.warningDescription) }
        var errors = plan.errors.map(\.description)
        var out = ""
        for item in plan.items {
            let path = item.output.path
            switch item.change {
            case .unchanged:
                if verbosity != .quiet { out += "current \(path)\n" }
            case .create:
                errors.append("\(path): error: missing: the spec generates this file; it is not in the output folder")
            case .update(let previous):
                errors.append("\(path): error: stale: the file differs from what the spec generates")
                if verbosity != .quiet {
                    out += UnifiedDiff.render(
                        from: previous, to: item.output.file.contents, oldLabel: path, newLabel: path)
                }
            }
        }
        for path in plan.stale {
            errors.append(
                "\(path): error: extra: generated from the same spec, which no longer produces it; 'generate' removes it"
            )
        }
        for path in plan.unlisted {
            errors.append(
                "\(path): error: extra: generated from a spec the configuration no longer lists, in a managed folder; 'generate' removes it"
            )
        }
        for path in plan.orphanedTemporaries {
            errors.append(
                "\(path): error: orphaned temporary file of a 'generate' that was interrupted before it renamed the file into place; 'generate' removes it"
            )
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        let notCurrent = errors.count
        if notCurrent > 0 {
            errors.append(
                "stategen: error: \(notCurrent) output problem\(notCurrent == 1 ? "" : "s"); "
                    + "run 'stategen generate' with the same arguments to update the output folder")
            CommandLineTool.printError(errors.joined(separator: "\n"))
        }
        if verbosity == .verbose { StageTimingOutput.print(generation.results, last: ("compare", compareTime)) }
        return notCurrent > 0 ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    }
}
