import Foundation
import StategenCore

/// `stategen debug yaml-events FILE` and `stategen debug yaml-json FILE`: what the YAML layer
/// sees in a file, for bug reports and for comparing with the YAML test suite.
enum DebugCommand {
    static let usage = "USAGE: stategen debug (yaml-events | yaml-json) <file>"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Inspect how stategen reads a YAML file.

            \(usage)

            SUBCOMMANDS:
              yaml-events <file>      Print libyaml's event stream in the YAML test suite's
                                      test.event notation (+STR, +DOC, +MAP, =VAL :text, ...).
              yaml-json <file>        Print each document as one line of JSON, after the checks
                                      the spec loader makes (aliases resolved, duplicate keys and
                                      the reader's limits rejected; scalars by the YAML 1.2 core
                                      schema).

            EXIT CODES:
              0 read; 1 the file is not valid YAML (a located error is printed); 2 usage error.
            """,
        options: [],
        flags: [],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: "debug takes a subcommand and a <file>")
        }
        let (mode, path) = (arguments.positionals[0], arguments.positionals[1])
        guard mode == "yaml-events" || mode == "yaml-json" else {
            throw UsageError(
                message: "unknown debug subcommand '\(mode)'"
                    + Suggestion.didYouMean(mode, in: ["yaml-events", "yaml-json"]))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            CommandLineTool.printError("stategen: error: cannot read '\(path)'")
            return CommandLineTool.ExitCode.failure
        }
        let bytes = [UInt8](data)
        var out = ""
        do {
            if mode == "yaml-events" {
                try YAMLEventParser.parse(bytes, path: path) { event throws(YAMLError) in
                    out += YAMLEventNotation.line(event)
                    out += "\n"
                }
            } else {
                for document in try YAMLReader().read(bytes, path: path) {
                    out += YAMLJSON.text(document.root)
                    out += "\n"
                }
            }
        } catch {
            FileHandle.standardOutput.write(Data(out.utf8))
            var printer = DiagnosticPrinter(sources: [path: String(decoding: bytes, as: UTF8.self)])
            CommandLineTool.printError(printer.render(error.diagnostic))
            return CommandLineTool.ExitCode.failure
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        return CommandLineTool.ExitCode.success
    }
}
