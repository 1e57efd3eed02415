import Foundation
import StategenCore

/// `stategen preview SPEC [--output FILE.html] [--control NAME] [--diagram auto|svg|table]`: the
/// visual catalogue of the spec's styles, one self-contained HTML page.
enum PreviewCommand {
    static let usage =
        "USAGE: stategen preview <spec> [--output <file.html>] [--control <name>] [--diagram auto|svg|table] [options]"

    /// How each kind's transitions are shown.
    enum DiagramChoice: String, CaseIterable {
        /// Graphviz's SVG when `dot` is on `PATH`, else a table.
        case auto
        /// Graphviz's SVG; `dot` must be on `PATH`.
        case svg
        /// A transition table, whether or not Graphviz is installed.
        case table
    }

    static let output = CommandOption.option(
        "--output", value: .file(extensions: ["html"]), placeholder: "<file.html>",
        help: "Write the page there (atomically, only when it changed,",
        "making missing folders); without it, print it to", "standard output. The spec and its token files are",
        "refused.")
    static let control = CommandOption.option(
        "--control", value: .text, placeholder: "<name>", help: "Show only this control kind (its spec name).")
    static let diagram = CommandOption.option(
        "--diagram", value: .cases(of: DiagramChoice.self), placeholder: "<choice>",
        help: "auto (default): each kind's transitions as Graphviz SVG",
        "when 'dot' is on PATH, else as a table (and, with a", "warning, when dot fails); svg: Graphviz SVG, failing",
        "without 'dot' or when it fails; table: a table. Each", "run of dot may take STATEGEN_DOT_TIMEOUT seconds (30)."
    )

    /// The options, in the help's order.
    static let options = [output, control, diagram] + PipelineOptions.options + Verbosity.options

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Write an HTML page that shows every state of every control kind in every
            appearance, drawn from the spec's values, for review in a browser.

            \(usage)

            ARGUMENTS:
              <spec>                  The YAML spec file.

            OPTIONS:
            \(CommandOption.help(options))

            Each sample is drawn on its appearance's backdrop from the values with a role
            (background, border, corner radius, title colour and font, tint), with each value's
            source and the contrast of the kind's pairs beside it. The page loads nothing
            (no scripts, no network, system fonts) and is the same for the same spec, so it can
            be checked in and diffed. See 'stategen help preview'.

            EXIT CODES:
              0 written or printed; 1 the spec has errors (nothing is written), it has no
              control kind named by --control, --output is the spec or one of its token
              files, --diagram svg without Graphviz or with a dot that fails, or the file
              cannot be written; 2 the command line is wrong.
            """,
        options: options,
        arguments: .one(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let specPath = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing <spec>" : "preview takes one <spec>")
        }
        let choice = try arguments.choice(diagram, of: DiagramChoice.self) ?? .auto
        let format = try PipelineOptions.format(arguments)
        let report = DiagnosticReport(format: format)
        defer { report.finish() }
        let verbosity = try Verbosity.parse(arguments)
        guard let options = try PipelineOptions.parse(arguments, report: report) else {
            return CommandLineTool.ExitCode.failure
        }

        var (spec, result) = GeneratorPipeline(options: options).validate(specAt: specPath)
        let specFile = PathNames.lastComponent(specPath)
        var page: PreviewPage?
        if let spec {
            let control = arguments.value(Self.control)
            let styles = ResolvedStyles(spec)
            page = PreviewPage(
                spec: spec, styles: styles, contrast: ContrastAudit.results(spec, styles: styles), specFile: specFile,
                control: control)
            if page == nil, let control {
                result.diagnostics.append(.undefinedControl(control, in: spec))
            }
        }
        report.add([result])
        if verbosity == .verbose { StageTimingOutput.print([result]) }
        guard let spec, var page else { return CommandLineTool.ExitCode.failure }
        if let output = arguments.value(Self.output),
            let refusal = OutputGuard.refuseInput(output, inputs: result.inputs, templates: options.templates)
        {
            report.add(.error(refusal, at: nil, rule: OutputError.rule))
            return CommandLineTool.ExitCode.failure
        }

        if choice != .table {
            let dot = Graphviz.dotExecutable()
            if dot == nil, choice == .svg {
                CommandLineTool.printError(
                    "stategen: error: --diagram svg needs Graphviz's 'dot' on PATH (Debian: apt-get install graphviz);"
                        + " --diagram table shows the transitions without it")
                return CommandLineTool.ExitCode.failure
            }
            // With auto, the first failure (dot exits with an error, is killed, runs past its
            // time limit or writes no SVG) makes every kind a table: dot is not run again.
            drawing: for kind in page.kinds {
                guard let dot, let diagram = StateDiagram(spec, control: kind.name, specFile: specFile) else {
                    continue
                }
                switch Graphviz.svg(of: diagram.render(.dot), dot: dot) {
                case .success(let svg): page.diagrams[kind.name] = svg
                case .failure(let failure):
                    guard choice == .auto else {
                        CommandLineTool.printError("stategen: error: \(kind.name)'s diagram: \(failure.message)")
                        return CommandLineTool.ExitCode.failure
                    }
                    CommandLineTool.printError(
                        "stategen: warning: \(kind.name)'s diagram: \(failure.message);"
                            + " every kind's transitions are shown as a table instead")
                    page.diagrams = [:]
                    break drawing
                }
            }
        }

        return OutputGuard.writeDocument(
            page.render(), to: arguments.value(Self.output), verbosity: verbosity, report: report)
    }
}
