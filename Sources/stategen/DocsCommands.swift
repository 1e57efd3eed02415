import Foundation
import StategenCore

/// `stategen explain RULE`: the section of the diagnostics reference that a rule id names, from
/// the pages built into the binary (``ReferenceDocs``), so that every diagnostic's `[rule]` can be
/// looked up offline.
enum ExplainCommand {
    static let usage = "USAGE: stategen explain [<rule>]"

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Explain a diagnostic's rule id: what it reports and how to fix it.

            \(usage)

            ARGUMENTS:
              <rule>                  A rule id, as a diagnostic prints it in brackets
                                      ('unknown-key', or '[unknown-key]'). Without it, every rule
                                      id is listed.

            OPTIONS:
            \(CommandOption.help([]))

            The text is the rule's section of the diagnostics reference, which
            'stategen help diagnostics' prints whole.

            EXIT CODES:
              0 explained (or listed); 2 no such rule id, or the command line is wrong.
            """,
        options: [], arguments: .one(.oneOf { ReferenceDocs.ruleIDs }), run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError(message: "explain takes one rule id")
        }
        guard var rule = arguments.positionals.first else {
            CommandLineTool.printOutput(ReferenceDocs.ruleIDs.joined(separator: "\n") + "\n")
            return CommandLineTool.ExitCode.success
        }
        if rule.hasPrefix("["), rule.hasSuffix("]"), rule.count > 2 { rule = String(rule.dropFirst().dropLast()) }
        guard let text = ReferenceDocs.explanation(of: rule) else {
            // A wrong argument, as an unknown subcommand or help topic is: exit 2 with the usage.
            throw UsageError(
                message: "no rule id '\(rule)'" + Suggestion.didYouMean(rule, in: ReferenceDocs.ruleIDs)
                    + " ('stategen explain' lists them all)")
        }
        CommandLineTool.printOutput(ReferenceDocs.terminalText(text, page: "diagnostics.md"))
        return CommandLineTool.ExitCode.success
    }
}

/// The reference pages that `stategen help TOPIC` prints (``ReferenceDocs``).
enum HelpTopics {
    /// The `HELP TOPICS` part of the overview.
    static var overview: String {
        let width = (ReferenceDocs.topics.map(\.name.count).max() ?? 0) + 2
        return ReferenceDocs.topics.map { topic in
            "  " + topic.name + String(repeating: " ", count: width - topic.name.count) + topic.summary + "."
        }.joined(separator: "\n")
    }

    /// Prints the page of `name`; `false` when there is no such topic.
    static func print(_ name: String) -> Bool {
        guard let page = ReferenceDocs.page(name), let topic = ReferenceDocs.topic(name) else { return false }
        CommandLineTool.printOutput(ReferenceDocs.terminalText(page, page: topic.file))
        return true
    }
}
