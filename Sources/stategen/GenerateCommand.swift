import Foundation
import StategenCore

/// `stategen generate SPEC --output DIR`: runs the whole pipeline and writes the Swift file.
enum GenerateCommand {
    static let usage = "USAGE: stategen generate <spec> --output <dir> [--access <level>] [--templates <dir>] [--quiet]"

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
              --access <level>        public, package or internal; overrides the spec's 'access'.
              --templates <dir>       A folder of .mustache templates replacing the built-ins of
                                      the same names.
              -q, --quiet             Print nothing but diagnostics.
              -h, --help              Show help information.

            EXIT CODES:
              0 generated; 1 the spec has errors (nothing is written) or a file cannot be written;
              2 the command line is wrong.
            """,
        options: ["--output", "-o", "--access", "--templates"],
        flags: ["--quiet", "-q"],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let specPath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "generate takes one <spec>")
        }
        guard let output = arguments.values["--output"] ?? arguments.values["-o"] else {
            throw UsageError(message: "missing --output <dir>")
        }
        var options = GeneratorPipeline.Options(outputDirectory: output)
        if let access = arguments.values["--access"] {
            guard let level = AccessLevel(rawValue: access) else {
                throw UsageError(message: "--access must be public, package or internal, not '\(access)'")
            }
            options.access = level
        }
        let quiet = arguments.flags.contains("--quiet") || arguments.flags.contains("-q")
        if let directory = arguments.values["--templates"] {
            do {
                options.templates = try TemplateSet.builtin(overriddenBy: directory)
            } catch {
                CommandLineTool.printError(error.description)
                return CommandLineTool.ExitCode.failure
            }
        }

        let result = GeneratorPipeline(options: options).generate(specAt: specPath)
        DiagnosticOutput.print(result)
        guard !result.hasErrors else { return CommandLineTool.ExitCode.failure }
        do {
            let report = try OutputWriter().write(result.files, to: output)
            if !quiet {
                for name in report.written { print("wrote \(join(output, name))") }
                for name in report.unchanged { print("unchanged \(join(output, name))") }
                for name in report.removed { print("removed \(join(output, name))") }
            }
        } catch {
            CommandLineTool.printError(error.description)
            return CommandLineTool.ExitCode.failure
        }
        return CommandLineTool.ExitCode.success
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// Prints a run's diagnostics to standard error, in the compiler's form.
enum DiagnosticOutput {
    /// At most this many diagnostics are printed; the rest are counted.
    static let limit = 100

    static func print(_ result: GeneratorPipeline.Result) {
        var printer = DiagnosticPrinter(sources: result.sources)
        var text = ""
        for diagnostic in result.diagnostics.prefix(limit) { text += printer.render(diagnostic) }
        if result.diagnostics.count > limit {
            text += "stategen: note: \(result.diagnostics.count - limit) more diagnostics not shown\n"
        }
        let errors = result.diagnostics.count { $0.severity == .error }
        let warnings = result.diagnostics.count - errors
        if errors + warnings > 0 {
            var counts: [String] = []
            if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
            if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            text += counts.joined(separator: " and ") + " generated.\n"
        }
        if !text.isEmpty { CommandLineTool.printError(text) }
    }
}
