import Foundation
import StategenCore

/// `stategen schema`: prints the JSON Schema of the spec format.
enum SchemaCommand {
    static let usage = "USAGE: stategen schema"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Print the JSON Schema (draft 2020-12) of the spec format, for editors.

            \(usage)

            Save it next to your specs and point your editor at it, for example with the YAML
            language server's modeline as the first line of a spec:
              # yaml-language-server: $schema=./stategen.schema.json
            The schema checks structure only; 'stategen lint' checks everything.
            """,
        options: [],
        arguments: .none,
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "schema takes no arguments") }
        CommandLineTool.printOutput(SpecSchema.text + "\n")
        return CommandLineTool.ExitCode.success
    }
}
