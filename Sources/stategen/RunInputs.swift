import Foundation
import StategenCore

/// Where a spec-reading subcommand's specs and output folders come from: the command line
/// (`<spec>... --output <dir>`), or, when no spec is given, the configuration file
/// (`--config <file>`, by default `stategen.yml` in the current folder).
struct RunInputs {
    /// What a subcommand does with an output folder.
    enum OutputUse {
        /// `generate`, `check`: `--output` is required with specs.
        case required
        /// `outputs`: `--output` is optional (file names alone without it).
        case optional
        /// `lint`: there is no output folder.
        case none
    }

    static let config = CommandOption.option(
        "--config", value: .spec, placeholder: "<file>",
        help: "Read the specs, output folders and options from this",
        "configuration file ('stategen help config'). Without <spec>",
        "and --config, ./stategen.yml is read.")

    /// `-o, --output <dir>` with a subcommand's own help lines.
    static func output(help: String...) -> CommandOption {
        var option = CommandOption.option("-o", "--output", value: .folder, placeholder: "<dir>")
        option.help = help
        return option
    }

    /// The value of `-o`/`--output` (any subcommand's ``output(help:)``), or `nil`.
    ///
    /// - Throws: ``UsageError`` when it is given twice, under either spelling.
    static func outputDirectory(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        let option = output()
        if arguments.givenNames(option).count > 1 {
            throw UsageError(message: "option '--output' is given twice (as -o too)")
        }
        return arguments.value(option)
    }

    var jobs: [GenerationJob]
    /// The configuration file's load (its text and diagnostics), when one was read.
    var config: GeneratorPipeline.Result?

    /// Every configuration file read, for build dependencies.
    var configInputs: [String] { config?.inputs ?? [] }

    /// The jobs of the command line.
    ///
    /// - Returns: `nil` when the configuration file has errors or names an unreadable
    ///   templates folder (reported; exit 1).
    /// - Throws: ``UsageError`` for a wrong combination of arguments.
    static func resolve(
        _ arguments: ParsedArguments, output use: OutputUse, report: DiagnosticReport
    ) throws(UsageError) -> RunInputs? {
        let output = try outputDirectory(arguments)
        let configPath = arguments.value(config)
        if !arguments.positionals.isEmpty {
            if configPath != nil { throw UsageError(message: "give <spec> arguments or --config, not both") }
            guard let options = try PipelineOptions.parse(arguments, report: report) else { return nil }
            var directory = "."
            switch use {
            case .required:
                guard let output else { throw UsageError(message: "missing --output <dir>") }
                directory = output
            case .optional:
                directory = output ?? "."
            case .none:
                break
            }
            return RunInputs(
                jobs: [
                    GenerationJob(
                        specs: arguments.positionals.map { SpecReference(path: $0) }, output: directory,
                        options: options)
                ].map(withEnvironmentModule), config: nil)
        }
        if output != nil {
            throw UsageError(
                message:
                    "--output needs <spec> arguments; with a configuration file, its entries name the output folders")
        }
        let path = configPath ?? StategenConfig.defaultPath
        if configPath == nil, !FileManager.default.fileExists(atPath: path) {
            throw UsageError(
                message: "missing <spec> (and there is no \(StategenConfig.defaultPath) in the current folder)")
        }
        guard let options = try PipelineOptions.parse(arguments, report: report) else { return nil }
        let (config, result) = StategenConfig.load(at: path, limits: options.yamlLimits)
        guard let config else {
            report.add([result])
            return nil
        }
        let diagnostics = DiagnosticCollector()
        guard
            let jobs = config.jobs(
                access: options.access,
                templates: arguments.value(PipelineOptions.templates) == nil ? nil : options.templates,
                warningsAsErrors: options.warningsAsErrors, warningRulesAsErrors: options.warningRulesAsErrors,
                swift: options.swift, swiftModule: options.swiftModule,
                yamlLimits: options.yamlLimits, roots: options.inputRoots.roots, diagnostics: diagnostics)
        else {
            var failed = result
            failed.diagnostics += diagnostics.sorted
            report.add([failed])
            return nil
        }
        return RunInputs(jobs: jobs.map(withEnvironmentModule), config: result)
    }

    /// `job`, its Swift module taken from `PRODUCT_MODULE_NAME` (Xcode's, in a Run Script
    /// phase) when neither `--swift-module` nor `swiftModule:` named one.
    static func withEnvironmentModule(_ job: GenerationJob) -> GenerationJob {
        var job = job
        if job.options.swiftModule == nil,
            let name = Environment.value(PipelineOptions.swiftModuleVariable), !name.isEmpty
        {
            job.options.swiftModule = name
        }
        return job
    }

    /// The results whose diagnostics and sources are printed: the configuration's, then the specs'.
    func withConfig(_ results: [GeneratorPipeline.Result]) -> [GeneratorPipeline.Result] {
        (config.map { [$0] } ?? []) + results
    }

    /// The start every generating subcommand shares: resolve the inputs (specs or the
    /// configuration file), run the pipeline over every job, and print the diagnostics.
    ///
    /// - Returns: the inputs and the generation, or `nil` when something had errors (already
    ///   reported; exit 1).
    /// - Throws: ``UsageError`` for a wrong command line.
    static func generate(
        _ arguments: ParsedArguments, output use: OutputUse, report: DiagnosticReport, stamps: Bool = false,
        spools: Bool = false
    ) throws(UsageError) -> (inputs: RunInputs, generation: Generation)? {
        guard var inputs = try resolve(arguments, output: use, report: report) else { return nil }
        if spools {
            for index in inputs.jobs.indices { inputs.jobs[index].options.spoolsOutput = true }
        }
        let generation = GeneratorPipeline.run(
            inputs.jobs, stampVersion: stamps ? CommandLineTool.stampIdentity : nil, recordsOutputs: stamps)
        report.add(inputs.withConfig(generation.results))
        return generation.hasErrors ? nil : (inputs, generation)
    }
}
