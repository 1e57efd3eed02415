import Foundation
import StategenCore

/// `stategen graph SPEC [--control NAME] --format dot|mermaid`: the state machines as a diagram.
enum GraphCommand {
    static let usage = "USAGE: stategen graph <spec> [--control <name>] [--format dot|mermaid] [options]"

    static let control = CommandOption.option(
        "--control", value: .text, placeholder: "<name>", help: "Draw only this control kind (its spec name).")
    static let format = CommandOption.option(
        "--format", value: .cases(of: DiagramFormat.self), placeholder: "<format>",
        help: "dot (default): Graphviz, e.g. 'stategen graph controls.yml |",
        "dot -Tsvg > controls.svg'; mermaid: a Mermaid", "stateDiagram-v2, which GitHub renders in Markdown.")

    /// The options, in the help's order: only those that change a diagram or its diagnostics
    /// (the code generation options, --access, --templates, --layout, ..., do nothing for a
    /// diagram).
    static let options = [control, format] + PipelineOptions.diagnosticsOptions + Verbosity.options

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Print each control kind's states and transitions as a diagram.

            \(usage)

            ARGUMENTS:
              <spec>                  The YAML spec file.

            OPTIONS:
            \(CommandOption.help(options))

            States and events appear under their spec names; an arrow from a dot marks the
            initial state; each transition row is one arrow labelled with its event.

            EXIT CODES:
              0 printed; 1 the spec has errors, or it has no control kind named by --control;
              2 the command line is wrong.
            """,
        options: options,
        arguments: .one(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let specPath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "graph takes one <spec>")
        }
        let diagramFormat = try arguments.choice(format, of: DiagramFormat.self) ?? .dot
        let format = try PipelineOptions.format(arguments)
        let report = DiagnosticReport(format: format)
        defer { report.finish() }
        let verbosity = try Verbosity.parse(arguments)
        guard let options = try PipelineOptions.parse(arguments, report: report) else {
            return CommandLineTool.ExitCode.failure
        }

        var (spec, result) = GeneratorPipeline(options: options).validate(specAt: specPath)
        let specFile = PathNames.lastComponent(specPath)
        var diagram: StateDiagram?
        if let spec {
            let control = arguments.value(Self.control)
            diagram = StateDiagram(spec, control: control, specFile: specFile)
            if diagram == nil, let control {
                result.diagnostics.append(.undefinedControl(control, in: spec))
            }
        }
        report.add([result])
        if verbosity == .verbose { StageTimingOutput.print([result]) }
        guard let diagram else { return CommandLineTool.ExitCode.failure }
        CommandLineTool.printOutput(diagram.render(diagramFormat))
        return CommandLineTool.ExitCode.success
    }
}
