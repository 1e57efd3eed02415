import Foundation
import StategenCore

/// `stategen generate SPEC --output DIR`: runs the whole pipeline and writes the Swift file.
enum GenerateCommand {
    static let usage = "USAGE: stategen generate <spec> --output <dir> [options]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Generate Swift source from a spec.

            \(usage)

            ARGUMENTS:
              <spec>                  The YAML spec file.

            OPTIONS:
              -o, --output <dir>      The folder to write into (created when missing). A file is
                                      rewritten only when its content changes; generated files the
                                      spec no longer produces are removed; a file stategen did not
                                      generate is never overwritten.
            \(PipelineOptions.help)
              -q, --quiet             Print nothing but diagnostics.
              -h, --help              Show help information.

            EXIT CODES:
              0 generated; 1 the spec has errors (nothing is written) or a file cannot be written;
              2 the command line is wrong.
            """,
        options: PipelineOptions.options.union(["--output", "-o"]),
        flags: PipelineOptions.flags.union(["--quiet", "-q"]),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let specPath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "generate takes one <spec>")
        }
        guard let output = arguments.values["--output"] ?? arguments.values["-o"] else {
            throw UsageError(message: "missing --output <dir>")
        }
        let format = try PipelineOptions.format(arguments)
        guard let options = try PipelineOptions.parse(arguments) else { return CommandLineTool.ExitCode.failure }
        let quiet = arguments.flags.contains("--quiet") || arguments.flags.contains("-q")

        let result = GeneratorPipeline(options: options).generate(specAt: specPath)
        DiagnosticOutput.print([result], format: format)
        guard !result.hasErrors else { return CommandLineTool.ExitCode.failure }
        do {
            let report = try OutputWriter().write(result.files, to: output)
            if !quiet {
                for path in report.written { print("wrote \(path)") }
                for path in report.unchanged { print("unchanged \(path)") }
                for path in report.removed { print("removed \(path)") }
            }
        } catch {
            CommandLineTool.printError(error.description)
            return CommandLineTool.ExitCode.failure
        }
        return CommandLineTool.ExitCode.success
    }
}
