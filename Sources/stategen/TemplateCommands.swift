import Foundation
import StategenCore

/// `stategen context SPEC`: the data the templates are rendered from, as JSON.
enum ContextCommand {
    static let usage = "USAGE: stategen context <spec> [options]"

    /// The options, in the help's order: those of `generate` that change the context, so that
    /// the context printed is the one `generate` renders with the same options.
    static let options = [
        PipelineOptions.access, PipelineOptions.root, PipelineOptions.layout, PipelineOptions.inlining,
        PipelineOptions.importAccess, PipelineOptions.codable, PipelineOptions.noCodable, PipelineOptions.hashable,
        PipelineOptions.noHashable, PipelineOptions.provenance, PipelineOptions.noProvenance,
        PipelineOptions.swiftModule, file, output,
    ]

    static let output = RunInputs.output(
        help: "The folder generate writes to: 'specPath' is then the spec's",
        "path from it, as in the generated header (default: the", "spec's file name).")

    static let file = CommandOption.option(
        "--file", value: .text, placeholder: "<name>",
        help: "The output file whose context to print, as generate names",
        "it (Controls+PushButton.swift); needed with layout split,",
        "where each file has its own.")

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Print the template context of a spec as JSON: every name a template can use.

            \(usage)

            ARGUMENTS:
              <spec>                  The YAML spec file.

            OPTIONS:
            \(CommandOption.help(options))

            The context printed is that of one output file, as 'generate' renders it: with
            layout single, the one file; with layout split, the file named by --file (the
            shared file has no controls, each kind's file has its kind's). The context's schema
            is versioned ('contextVersion') and described in 'stategen help
            template-context'. Diagnostics are printed as by 'generate'.

            EXIT CODES:
              0 printed; 1 the spec has errors, or it has no output file named by --file; 2
              the command line is wrong (layout split without --file).
            """,
        options: options,
        arguments: .one(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "context takes one <spec>")
        }
        let report = DiagnosticReport(format: .text)
        guard var options = try PipelineOptions.parse(arguments, report: report) else {
            return CommandLineTool.ExitCode.failure
        }
        options.outputDirectory = try RunInputs.outputDirectory(arguments)
        let (result, files) = GeneratorPipeline(options: options).fileContexts(specAt: path)
        report.add([result])
        guard let files, let first = files.first else { return CommandLineTool.ExitCode.failure }
        /// The files, for a message: the first few, then how many more.
        func listed() -> String {
            let names = files.prefix(4).map { "'\($0.name)'" }.joined(separator: ", ")
            return files.count > 4 ? names + " and \(files.count - 4) more" : names
        }
        guard let name = arguments.value(file) else {
            guard files.count == 1 else {
                throw UsageError(
                    message:
                        "with layout split, generate renders \(files.count) files, each with its own context: "
                        + "name one with --file (\(listed()))")
            }
            CommandLineTool.printJSON(first.context)
            return CommandLineTool.ExitCode.success
        }
        guard let chosen = files.first(where: { $0.name == name }) else {
            CommandLineTool.printError(
                "stategen: error: \(path): generate writes no file named '\(name)'; its files are \(listed())")
            return CommandLineTool.ExitCode.failure
        }
        CommandLineTool.printJSON(chosen.context)
        return CommandLineTool.ExitCode.success
    }
}

/// `stategen templates list` and `stategen templates print NAME`: the built-in templates, to
/// start custom ones from.
enum TemplatesCommand {
    static let usage = "USAGE: stategen templates (list | print <name>)"

    /// The options, in the help's order.
    static let options = [PipelineOptions.access]

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: List or print the built-in templates.

            \(usage)

            SUBCOMMANDS:
              list              The built-in templates' names; the entry template is rendered
                                once per output file, the others are its partials ({{> name}}).
              print <name>      A built-in template's source, to copy into a folder of your
                                own and pass with 'generate --templates <dir>' (a file there
                                named <name>.mustache replaces the built-in of that name).
            """,
        options: [],
        arguments: .subcommands([
            .init(name: "list", arguments: .none),
            .init(name: "print", arguments: .one(.oneOf { TemplateSet.builtin.sources.keys.sorted() })),
        ]),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let builtin = TemplateSet.builtin
        let names = builtin.sources.keys.sorted()
        switch arguments.positionals.first {
        case "list":
            guard arguments.positionals.count == 1 else {
                throw UsageError(message: "templates list takes no argument")
            }
            for name in names {
                CommandLineTool.printOutput((name == TemplateSet.entryName ? "\(name)  (entry)" : name) + "\n")
            }
            return CommandLineTool.ExitCode.success
        case "print":
            guard arguments.positionals.count == 2 else {
                throw UsageError(message: "templates print takes one <name>")
            }
            let name = arguments.positionals[1]
            let stem = name.hasSuffix(".mustache") ? String(name.dropLast(".mustache".count)) : name
            guard let source = builtin.sources[stem] else {
                CommandLineTool.printError(
                    "stategen: error: no built-in template named '\(name)' ('stategen templates list' lists them)"
                        + Suggestion.didYouMean(stem, in: names))
                return CommandLineTool.ExitCode.failure
            }
            CommandLineTool.printOutput(source)
            return CommandLineTool.ExitCode.success
        case let other?:
            throw UsageError(
                message: "unknown templates subcommand '\(other)'"
                    + Suggestion.didYouMean(other, in: ["list", "print"]))
        case nil:
            throw UsageError(message: "templates needs a subcommand: list or print <name>")
        }
    }
}
