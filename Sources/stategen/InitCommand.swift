import Foundation
import StategenCore

/// `stategen init [PATH]`: writes the commented starter spec, never over an existing file.
enum InitCommand {
    static let usage = "USAGE: stategen init [<path>] [--quiet]"

    /// `-q, --quiet` with init's help (init has only errors to print).
    static let options: [CommandOption] = {
        var quiet = Verbosity.quietFlag
        quiet.help = ["Print nothing but errors."]
        return [quiet]
    }()

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Write a commented starter spec to begin from.

            \(usage)

            ARGUMENTS:
              <path>                  Where to write it (default: \(StarterSpec.defaultPath)), a name
                                      ending in .yml or .yaml; missing folders are created.
                                      An existing file is never replaced.
                                      '-': print it on standard output instead (a file named
                                      '-' is ./-).

            OPTIONS:
            \(CommandOption.help(options))

            The starter spec has two control kinds, a push button and a toggle; it passes
            'stategen lint --warnings-as-errors' and generates Swift that compiles in the Swift 6
            language mode.

            EXIT CODES:
              0 written; 1 the file exists (it is left as it is) or cannot be written; 2 the
              command line is wrong.
            """,
        options: options,
        arguments: .one(.spec),
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else { throw UsageError(message: "init takes at most one <path>") }
        let path = arguments.positionals.first ?? StarterSpec.defaultPath
        let verbosity = try Verbosity.parse(arguments)
        guard !path.isEmpty else { throw UsageError(message: "init: the <path> is empty") }
        // '-' is standard output, as for most command-line tools.
        if path == "-" {
            CommandLineTool.printOutput(StarterSpec.text)
            return CommandLineTool.ExitCode.success
        }
        // The path goes into the starter's YAML comments and into the hints printed here: a
        // line break would end a comment, and other control characters make YAML refuse the file.
        if let control = path.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }) {
            throw UsageError(
                message:
                    "init: the <path> holds a control character (U+\(String(format: "%04X", control.value))); give a path without one"
            )
        }
        var isFolder: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        {
            let example = PathNames.join(
                String(path.reversed().drop(while: { $0 == "/" }).reversed()), StarterSpec.defaultPath)
            CommandLineTool.printError(
                "\(path): error: names a folder; give the path of the spec to write in it, such as \(example)")
            return CommandLineTool.ExitCode.failure
        }
        // `init Specs` where nothing is: a spec file named `Specs` is not what anyone means
        // (the folder, or Specs.yml), so a new file's name must end in .yml or .yaml. A path
        // that exists gets createNewFile's reason (it exists, it is a dangling link).
        let lowered = PathNames.lastComponent(path).lowercased()
        if !lowered.hasSuffix(".yml"), !lowered.hasSuffix(".yaml"), FileSystemCalls.entry(at: path) == nil {
            throw UsageError(
                message:
                    "init: '\(path)' has no .yml or .yaml extension; give the spec's file name, such as "
                    + "\(PathNames.join(path, StarterSpec.defaultPath)) (in a folder \(path)) or \(path).yml")
        }
        do {
            try OutputWriter().createNewFile(StarterSpec.text(writtenAt: path), at: path)
        } catch {
            CommandLineTool.printError(error.description)
            return CommandLineTool.ExitCode.failure
        }
        if verbosity != .quiet {
            // A person reads these (a bidirectional control in the path is shown escaped).
            let word = StatusLine.shown(StarterSpec.shellWord(argument: path))
            let text = """
                \(StatusLine.text("wrote", path))\
                next: stategen lint \(word)
                      stategen generate \(word) --output Generated

                """
            CommandLineTool.printOutput(text)
        }
        return CommandLineTool.ExitCode.success
    }
}
