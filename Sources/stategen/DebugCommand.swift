import Foundation
import StategenCore

/// `stategen debug yaml-events FILE` and `stategen debug yaml-json FILE`: what the YAML layer
/// sees in a file, for bug reports and for comparing with the YAML test suite.
enum DebugCommand {
    static let usage = "USAGE: stategen debug (yaml-events | yaml-json | yaml-stats) <file>"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Inspect how stategen reads a YAML file.

            \(usage)

            SUBCOMMANDS:
              yaml-events <file>      Print libyaml's event stream in the YAML test suite's
                                      test.event notation (+STR, +DOC, +MAP, =VAL :text, ...),
                                      up to the first error or passed reader limit.
              yaml-json <file>        Print each document as one line of JSON, after the checks
                                      the spec loader makes (aliases resolved, duplicate keys and
                                      the reader's limits rejected; scalars by the YAML 1.2 core
                                      schema).
              yaml-stats <file>       Load the file as yaml-json does and print its size, node
                                      count, depth and the load time (for benchmarks).

            EXIT CODES:
              0 read; 1 the file is not valid YAML (a located error is printed); 2 usage error.
            """,
        options: [],
        arguments: .subcommands(modes.map { .init(name: $0, arguments: .one(.anyFile)) }),
        run: run)

    /// Counts the nodes in `content` and under it, and the deepest level (the reader's depth
    /// limit bounds the recursion). It reads each child's content in place rather than copying
    /// the child out of its array (which would retain and release all of a node's references).
    static func count(_ content: borrowing YAMLNode.Content, level: Int, nodes: inout Int, depth: inout Int) {
        nodes += 1
        depth = max(depth, level)
        switch content {
        case .scalar: break
        case .sequence(let items):
            for index in items.indices { count(items[index].content, level: level + 1, nodes: &nodes, depth: &depth) }
        case .mapping(let entries):
            for index in entries.indices {
                count(entries[index].key.content, level: level + 1, nodes: &nodes, depth: &depth)
                count(entries[index].value.content, level: level + 1, nodes: &nodes, depth: &depth)
            }
        }
    }

    /// The debug subcommands.
    static let modes = ["yaml-events", "yaml-json", "yaml-stats"]

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 2 else {
            throw UsageError(message: "debug takes a subcommand and a <file>")
        }
        let (mode, path) = (arguments.positionals[0], arguments.positionals[1])
        guard modes.contains(mode) else {
            throw UsageError(
                message: "unknown debug subcommand '\(mode)'" + Suggestion.didYouMean(mode, in: modes))
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: YAMLReader.Limits().maxInputBytes)
        } catch {
            CommandLineTool.printError("stategen: error: cannot read '\(path)': \(error.message)")
            return CommandLineTool.ExitCode.failure
        }
        var out = ""
        do {
            if mode == "yaml-events" {
                try YAMLEventParser.parse(bytes, path: path) { event throws(YAMLError) in
                    out += YAMLEventNotation.line(event)
                    out += "\n"
                }
            } else if mode == "yaml-stats" {
                let clock = ContinuousClock()
                let start = clock.now
                let documents = try YAMLReader().read(bytes, path: path)
                let elapsed = clock.now - start
                var nodes = 0
                var depth = 0
                for document in documents { count(document.root.content, level: 1, nodes: &nodes, depth: &depth) }
                let milliseconds =
                    Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
                out += "bytes: \(bytes.count)\ndocuments: \(documents.count)\nnodes: \(nodes)\ndepth: \(depth)\n"
                out += "load: \(String(format: "%.3f", milliseconds)) ms\n"
                CommandLineTool.printOutput(out)
                // Exit with the tree alive, as every stategen command does: freeing it node by
                // node at exit would be wasted work (and is no part of a load).
                withExtendedLifetime(documents) { exit(CommandLineTool.ExitCode.success) }
            } else {
                for document in try YAMLReader().read(bytes, path: path) {
                    out += YAMLJSON.text(document.root)
                    out += "\n"
                }
            }
        } catch {
            CommandLineTool.printOutput(out)
            var printer = DiagnosticPrinter(sources: [path: GeneratorPipeline.text(of: bytes)])
            CommandLineTool.printError(printer.render(error.diagnostic))
            return CommandLineTool.ExitCode.failure
        }
        CommandLineTool.printOutput(out)
        return CommandLineTool.ExitCode.success
    }
}
