import Foundation
import StategenCore

/// The `stategen` command: subcommands in the style of `swift` and `git`.
///
/// Exit codes: 0 success; 1 the spec (or a template, or the configuration) has errors, a file
/// could not be read or written, or (`check`) the output folder is not current; 2 the command
/// line is wrong.
enum CommandLineTool {
    static let version = "0.1.0"

    /// What a generation stamp records of the generator: the version and the identity of the
    /// running executable file (device, inode, size and modification time, from
    /// `/proc/self/exe`), so that a rebuilt or reinstalled stategen never trusts a stamp an
    /// older build of the same version wrote. `nil`, so that `generate` writes and trusts no
    /// stamp, where the executable cannot be found (and on systems without `/proc`).
    static var stampIdentity: String? {
        #if os(Linux)
            var info = stat()
            guard stat("/proc/self/exe", &info) == 0 else { return nil }
            return "\(version) exe=\(info.st_dev):\(info.st_ino):\(info.st_size):"
                + "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
            return nil
        #endif
    }

    enum ExitCode {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 2
    }

    static var overview: String {
        let subcommands = subcommandSummaries.map { name, summary in
            "  " + name + String(repeating: " ", count: max(1, 12 - name.count)) + summary
        }
        return overviewText.replacingOccurrences(of: "{{subcommands}}", with: subcommands.joined(separator: "\n"))
            .replacingOccurrences(of: "{{topics}}", with: HelpTopics.overview)
    }

    /// The subcommands (and `help`) in the overview's order, each with its line there, which
    /// zsh's and fish's completions show beside the name too.
    static let subcommandSummaries: [(name: String, summary: String)] = [
        (name: "generate", summary: "Generate Swift source from specs into an output folder."),
        (name: "check", summary: "Check that an output folder is current (for CI); write nothing."),
        (name: "lint", summary: "Check specs and print their diagnostics; write nothing."),
        (name: "outputs", summary: "List the files 'generate' would write."),
        (name: "graph", summary: "Print the state machines as a Graphviz or Mermaid diagram."),
        (name: "preview", summary: "Write an HTML page of every state's style, for review in a browser."),
        (name: "styles", summary: "Print the resolved styles as JSON, or as DTCG design tokens."),
        (name: "init", summary: "Write a commented starter spec."),
        (name: "schema", summary: "Print the JSON Schema of the spec format, for editors."),
        (name: "context", summary: "Print the data templates are rendered from, as JSON."),
        (name: "templates", summary: "List or print the built-in templates, to start custom ones."),
        (name: "debug", summary: "Inspect how stategen reads a YAML file (yaml-events, yaml-json, yaml-stats)."),
        (name: "explain", summary: "Explain a diagnostic's rule id, as in 'stategen explain unknown-key'."),
        (name: "completions", summary: "Print a shell completion script (bash, zsh or fish)."),
        (name: "help", summary: "Show help for a subcommand, or print a reference page."),
    ]

    static let overviewText = """
        OVERVIEW: Generates typed Swift control states, transition tables and attribute
        resolvers from a YAML specification.

        USAGE: stategen <subcommand> [options]

        SUBCOMMANDS:
        {{subcommands}}

        Without <spec> arguments, generate, check, outputs and lint read ./stategen.yml.

        HELP TOPICS (reference pages built into stategen, 'stategen help <topic>'):
        {{topics}}

        OPTIONS:
          -h, --help  Show help information.
          --version   Show the version.

        See 'stategen help <subcommand>' for a subcommand's options.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            printError(overview)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            // `stategen help generate` and `stategen --help generate` both show generate's help.
            // `stategen help --help` and `stategen help help` show the overview, which is
            // help's own help.
            guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
                guard rest.count <= 1 else { return usageError("\(first) takes at most one subcommand name") }
                CommandLineTool.printOutput(overview + "\n")
                return ExitCode.success
            }
            guard rest.count == 1 else {
                if let option = rest.dropFirst().first(where: { $0.hasPrefix("-") }) {
                    return usageError("\(first) takes a subcommand name and no options, not '\(option)'")
                }
                return usageError("\(first) takes at most one subcommand name")
            }
            guard let command = subcommand(named: name) else {
                if HelpTopics.print(name) { return ExitCode.success }
                return usageError(
                    "unknown subcommand or help topic '\(name)'"
                        + Suggestion.didYouMean(name, in: subcommandNames + ReferenceDocs.topics.map(\.name)))
            }
            CommandLineTool.printOutput(command.help + "\n")
            // A subcommand with a reference page of the same name (templates, styles, preview):
            // the page follows its help, so that `stategen help NAME` reaches both.
            if ReferenceDocs.topic(name) != nil {
                CommandLineTool.printOutput(
                    "\nREFERENCE PAGE (the subcommand's help alone: stategen \(name) --help)\n\n")
                fflush(nil)  // print buffers; the page is written straight to the descriptor
                _ = HelpTopics.print(name)
            }
            return ExitCode.success
        case "--version":
            guard rest.isEmpty else { return usageError("--version takes no arguments") }
            CommandLineTool.printOutput("stategen \(version)\n")
            return ExitCode.success
        default:
            guard let command = subcommand(named: first) else {
                if first.hasPrefix("-") {
                    return usageError(
                        "unknown option '\(first)'; options follow a subcommand, as in 'stategen generate --help'")
                }
                return usageError("unknown subcommand '\(first)'" + suggestion(first))
            }
            if rest.contains("-h") || rest.contains("--help") {
                CommandLineTool.printOutput(command.help + "\n")
                return ExitCode.success
            }
            do {
                return try command.run(ParsedArguments(rest, options: command.options))
            } catch {
                return usageError(error.message, help: command.usage, subcommand: first)
            }
        }
    }

    /// The names of the subcommands (each one ``subcommand(named:)`` knows), for did-you-mean
    /// suggestions and completions.
    static let subcommandNames = subcommandSummaries.map(\.name).filter { $0 != "help" }.sorted()

    /// The subcommand called `name`. A switch rather than a table, so that a run builds only
    /// its own subcommand (each `subcommand` is a lazily initialised global): building all
    /// of them, with their option sets, was a tenth of a no-op `generate`'s instructions.
    static func subcommand(named name: String) -> Subcommand? {
        switch name {
        case "generate": GenerateCommand.subcommand
        case "explain": ExplainCommand.subcommand
        case "check": CheckCommand.subcommand
        case "lint": LintCommand.subcommand
        case "outputs": OutputsCommand.subcommand
        case "graph": GraphCommand.subcommand
        case "preview": PreviewCommand.subcommand
        case "styles": StylesCommand.subcommand
        case "init": InitCommand.subcommand
        case "schema": SchemaCommand.subcommand
        case "context": ContextCommand.subcommand
        case "templates": TemplatesCommand.subcommand
        case "debug": DebugCommand.subcommand
        case "completions": CompletionsCommand.subcommand
        default: nil
        }
    }

    static func suggestion(_ name: String) -> String {
        Suggestion.didYouMean(name, in: subcommandNames)
    }

    /// Prints a command-line mistake, the usage line and where to read more: the subcommand's
    /// help (`stategen help generate`) for a mistake in a subcommand's arguments, else the
    /// overview (`stategen --help`).
    static func usageError(_ message: String, help: String? = nil, subcommand: String? = nil) -> Int32 {
        printError("stategen: error: " + DiagnosticText.escaped(message))
        if let help { printError(help) }
        printError(subcommand.map { "See 'stategen help \($0)'." } ?? "See 'stategen --help'.")
        return ExitCode.usage
    }

    /// Writes `text` on standard error, with a line break at the end; a failure is ignored
    /// (there is nowhere left to report it). Every control character but line breaks and tabs
    /// (a name from the inputs holding ESC or BEL) is written as its `\u{1B}`-style escape
    /// (``DiagnosticText``), so nothing printed here reaches the terminal as a control sequence.
    static func printError(_ text: String) {
        let text = DiagnosticText.escaped(text, keepingLineBreaks: true)
        _ = writeAll(2, text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` on standard output (unbuffered: stategen does not use `print`). When it
    /// cannot be written (a full disk, a closed descriptor: `stategen schema > /dev/full`), prints
    /// `stategen: error: cannot write to standard output: REASON` and exits with status 1, as
    /// the product of the command is lost; a reader that went away (`EPIPE`) ends the run with
    /// status 1 and no message.
    static func printOutput(_ text: String) {
        if let error = writeAll(1, text) { failedOutput(error) }
    }

    private static func failedOutput(_ error: Int32) -> Never {
        if error != EPIPE {
            printError("stategen: error: cannot write to standard output: \(String(cString: strerror(error)))")
        }
        exit(ExitCode.failure)
    }

    /// Prints `value` as JSON (``TemplateValue/jsonText``), written as it is made; a failed
    /// write exits as `printOutput` does (quietly for a closed pipe).
    static func printJSON(_ value: TemplateValue) {
        value.writeJSON { bytes in
            if let error = writeAll(1, bytes) { failedOutput(error) }
        }
    }

    /// Writes all of `text` to `descriptor`; the `errno` of a failed write, or `nil`.
    private static func writeAll(_ descriptor: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(descriptor, $0) }
    }

    /// Writes all of `bytes` to `descriptor`; the `errno` of a failed write, or `nil`.
    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        let failure = FileSystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
        return failure == 0 ? nil : failure
    }
}

/// One subcommand: its help, its options (``CommandOption``, from which the parser's table,
/// the help's OPTIONS section and the completions are made), its positional arguments, and
/// what it runs.
struct Subcommand: Sendable {
    var usage: String
    /// Builds the help text, which is made only when it is printed: interpolating every
    /// option's description on each run cost a no-op `generate` time for nothing.
    var makeHelp: @Sendable () -> String
    /// The options, in the help's order.
    var options: [CommandOption]
    /// The positional arguments, for completion (the subcommand's `run` checks them).
    var arguments: ArgumentKinds
    var run: @Sendable (ParsedArguments) throws(UsageError) -> Int32

    var help: String { makeHelp() }

    /// The spellings that take a value, and what the value is.
    var optionValues: OptionTable { CommandOption.valueTable(options) }
    /// The spellings of the flags.
    var flags: Set<String> { CommandOption.flags(options) }

    init(
        usage: String, help: @autoclosure @escaping @Sendable () -> String, options: [CommandOption],
        arguments: ArgumentKinds, run: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Int32
    ) {
        self.usage = usage
        self.makeHelp = help
        self.options = options
        self.arguments = arguments
        self.run = run
    }
}

struct UsageError: Error {
    var message: String

    /// Set once any usage error is made: the run then ends with exit 2 and the usage on
    /// standard error, and prints no JSON diagnostics document (``DiagnosticReport/finish()``),
    /// since it ran nothing it could report on.
    nonisolated(unsafe) static var raised = false

    init(message: String) {
        self.message = message
        Self.raised = true
    }
}

/// Arguments split into positionals, options (`--name value`, `--name=value`) and flags.
/// `--` ends option parsing.
struct ParsedArguments {
    /// The value of the option spelled `option`, one of `T`'s names; `nil` when it is not
    /// given (read options through ``choice(_:of:)``, by their declaration).
    ///
    /// - Throws: ``UsageError`` (`--OPTION must be a, b or c, not 'x'`, with a did-you-mean)
    ///   for any other value.
    func choice<T: RawRepresentable & CaseIterable>(spelled option: String, of _: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let value = values[option] else { return nil }
        let names = T.allCases.map(\.rawValue)
        guard let parsed = T(rawValue: value) else {
            let list =
                names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw UsageError(
                message: "\(option) must be \(list), not '\(value)'" + Suggestion.didYouMean(value, in: names))
        }
        return parsed
    }

    var positionals: [String] = []
    var values: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` by the subcommand's `declared` options. A repeatable option's every
    /// value is in ``repeated``, in order, the first also in ``values``; a flag's value after
    /// `=`, where it takes one (``CommandOption/optionalValue``), is in ``values``.
    init(_ arguments: [String], options declared: [CommandOption]) throws(UsageError) {
        let options = CommandOption.valueTable(declared)
        let known = CommandOption.flags(declared)
        let repeatable = Set(declared.filter(\.isRepeatable).flatMap(\.names))
        let optionalValues = Set(declared.filter { $0.optionalValue != nil }.flatMap(\.names))
        /// The words each flag with an optional value takes after `=` (`--warnings-as-errors`'
        /// rule ids), for the hint when one is written after a space instead.
        var listedWords: [String: () -> [String]] = [:]
        for option in declared {
            if case .listOf(let words)? = option.optionalValue {
                for name in option.names { listedWords[name] = words }
            }
        }
        var index = 0
        var onlyPositionals = false
        /// The flag with an optional value just read without one, if the last word was one.
        var bareFlag: String?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let previous = bareFlag
            bareFlag = nil
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                // `--warnings-as-errors unused-token`: the id is read as a spec, which does not
                // exist; the value goes after `=`.
                if let previous, !onlyPositionals, listedWords[previous]?().contains(argument) == true,
                    !FileManager.default.fileExists(atPath: argument)
                {
                    throw UsageError(
                        message: "'\(argument)' after '\(previous)' is read as a spec file, which does not exist; "
                            + "write '\(previous)=\(argument)' to give it to the option")
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if options[name] != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                    // `--output --codable`: the next word is another option, so this one's
                    // value is missing (a value that starts with '-' is given as `--output=-x`).
                    if options[value] != nil || known.contains(value) || value == "-h" || value == "--help" {
                        throw UsageError(
                            message: "option '\(name)' needs a value, but is followed by the option '\(value)'; "
                                + "write '\(name)=VALUE' for a value that starts with '-'")
                    }
                } else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
                guard values[name] == nil || repeatable.contains(name) else {
                    throw UsageError(message: "option '\(name)' is given twice")
                }
                guard !value.isEmpty else { throw UsageError(message: "option '\(name)' needs a non-empty value") }
                if values[name] == nil { values[name] = value }
                repeated[name, default: []].append(value)
            } else if known.contains(name), inlineValue == nil {
                // Alone and with a list (`--warnings-as-errors --warnings-as-errors=x`): every
                // warning, or only those listed?
                if optionalValues.contains(name), let listed = values[name] {
                    throw UsageError(
                        message: "option '\(name)' is given twice, alone and as '\(name)=\(listed)'; give one of them")
                }
                flags.insert(name)
                if optionalValues.contains(name) { bareFlag = name }
            } else if known.contains(name), let inlineValue, optionalValues.contains(name) {
                guard values[name] == nil else { throw UsageError(message: "option '\(name)' is given twice") }
                guard !flags.contains(name) else {
                    throw UsageError(
                        message:
                            "option '\(name)' is given twice, alone and as '\(name)=\(inlineValue)'; give one of them")
                }
                guard !inlineValue.isEmpty else {
                    throw UsageError(
                        message: "option '\(name)=' needs a value; write '\(name)' alone, or '\(name)=RULE,...'")
                }
                values[name] = inlineValue
            } else if known.contains(name) || name == "--help" || name == "-h" {
                // `--codable=yes`, `--help=yes`: a flag takes no value, and the suggestion would
                // name another flag.
                throw UsageError(message: "option '\(name)' is a flag and takes no value; write '\(name)' alone")
            } else {
                // A one-letter option is one edit from every other: only another case of it
                // (`-Q` for `-q`) is a likely slip.
                let candidates = Set(options.keys).union(known).sorted()
                let suggestion =
                    name.count <= 2
                    ? candidates.first { $0 != name && $0.lowercased() == name.lowercased() }.map {
                        "; did you mean '\($0)'?"
                    } ?? "" : Suggestion.didYouMean(name, in: candidates)
                throw UsageError(message: "unknown option '\(name)'" + suggestion)
            }
        }
    }
}
