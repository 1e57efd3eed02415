import Foundation
import StategenCore

/// `stategen check SPEC... --output DIR`: generates in memory and compares with the output
/// folder, for CI. Writes nothing.
enum CheckCommand {
    static let usage = "USAGE: stategen check [<spec>... --output <dir>] [options]"

    /// The options, in the help's order.
    static let options =
        [RunInputs.output(help: "The folder to compare with."), RunInputs.config] + PipelineOptions.options
        + Verbosity.options

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
            \(CommandOption.help(options))

            Each file that is not current is reported on standard error as stale (its content
            differs), missing (not written yet) or extra (generated from the same specs, which
            no longer produce it; 'generate' removes it). A unified diff of each stale file,
            from the folder's copy to the generated text, is printed on standard output (not
            with --quiet); 'patch -p0' applies it.

            EXIT CODES:
              0 every file is current; 1 some file is stale, missing or extra, is in the way (a
              file stategen did not generate), or a spec has errors; 2 the command line is wrong.
            """,
        options: options,
        arguments: .many(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let format = try PipelineOptions.format(arguments)
        let verbosity = try Verbosity.parse(arguments)
        let report = DiagnosticReport(format: format, jsonToStandardOutput: true)
        defer { report.finish() }
        guard let (_, generation) = try RunInputs.generate(arguments, output: .required, report: report) else {
            return CommandLineTool.ExitCode.failure
        }

        let (plan, compareTime) = GeneratorPipeline.plan(generation.outputs)
        var findings = plan.diagnostics
        var out = ""
        for item in plan.items {
            let path = item.output.path
            switch item.change {
            case .unchanged:
                if verbosity != .quiet { out += StatusLine.text("current", path) }
            case .create:
                findings.append(
                    .error(
                        "missing: the spec generates this file; it is not in the output folder", at: .file(path),
                        rule: .missingOutput))
            case .update(let previous):
                findings.append(
                    .error(
                        "stale: the file differs from what the spec generates", at: .file(path), rule: .staleOutput))
                if verbosity != .quiet {
                    out += UnifiedDiff.render(
                        from: previous, to: item.output.file.contents, oldLabel: path, newLabel: path)
                }
            }
        }
        for path in plan.stale {
            findings.append(
                .error(
                    "extra: generated from the same spec, which no longer produces it; 'generate' removes it",
                    at: .file(path), rule: .extraOutput))
        }
        for path in plan.unlisted {
            findings.append(
                .error(
                    "extra: generated from a spec the configuration no longer lists, in a managed folder; 'generate' removes it",
                    at: .file(path), rule: .extraOutput))
        }
        for path in plan.orphanedTemporaries {
            findings.append(
                .error(
                    "orphaned temporary file of a 'generate' that was interrupted before it renamed the file into place; 'generate' removes it",
                    at: .file(path), rule: .orphanedTemporary))
        }
        report.printInformation(out)
        report.add(findings)
        let problems = findings.count { $0.severity == .error }
        if problems > 0, format == .text {
            // Advise 'generate' only where it would succeed: it refuses a plan with errors.
            let advice =
                plan.errors.isEmpty
                ? "run 'stategen generate' with the same arguments to update the output folder"
                : "'stategen generate' would fail too: fix the output errors above first"
            CommandLineTool.printError(
                "stategen: error: \(problems) output problem\(problems == 1 ? "" : "s"); \(advice)")
        }
        if verbosity == .verbose { StageTimingOutput.print(generation.results, last: ("compare", compareTime)) }
        return problems > 0 ? CommandLineTool.ExitCode.failure : CommandLineTool.ExitCode.success
    }
}
