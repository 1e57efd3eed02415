import StategenCore

/// One option of the command line, declared once: its spellings, what its value is, and its
/// entry in the help. A subcommand's list of them (``Subcommand/options``) is what the parser
/// accepts (``ParsedArguments``), what its help's OPTIONS section prints
/// (``CommandOption/help(_:)``) and what `stategen completions` offers, so the three cannot
/// disagree. Values are read through the declaration (``ParsedArguments/value(_:)``), not by a
/// spelled name.
struct CommandOption: Sendable {
    /// The spellings that mean this option, as the help shows them (`-o`, `--output`).
    var names: [String]
    /// What its value is; `nil` for a flag.
    var value: ValueKind?
    /// For a flag that also takes a value after `=` (`--warnings-as-errors=RULE,...`): what
    /// that value is.
    var optionalValue: ValueKind?
    /// The value's placeholder in the help (`<dir>`; `[=<rule>,...]` for an optional value).
    var placeholder: String
    /// Whether it may be given more than once (`--root A --root B`).
    var isRepeatable: Bool
    /// The help entry's label when it names more than this option (`--codable, --no-codable`);
    /// `nil`: the names and the placeholder.
    var label: String?
    /// The help entry's lines, without indentation; empty for an option the entry before it
    /// describes (`--no-codable`, under `--codable, --no-codable`).
    var help: [String]

    /// An option that takes a value: `--name <placeholder>` or `--name=<value>`.
    static func option(
        _ names: String..., value: ValueKind, placeholder: String, repeatable: Bool = false, help: String...
    ) -> CommandOption {
        CommandOption(
            names: names, value: value, optionalValue: nil, placeholder: placeholder, isRepeatable: repeatable,
            label: nil, help: help)
    }

    /// A flag; with `optionalValue`, it also takes a value after `=`.
    static func flag(
        _ names: String..., optionalValue: ValueKind? = nil, placeholder: String = "", label: String? = nil,
        help: String...
    ) -> CommandOption {
        CommandOption(
            names: names, value: nil, optionalValue: optionalValue, placeholder: placeholder, isRepeatable: false,
            label: label, help: help)
    }

    /// The help entry of `-h, --help`, which every subcommand takes (the dispatcher handles it).
    static let helpFlagEntry = "  -h, --help              Show help information."

    /// The column the entries' text starts at (after two spaces and the label's 24).
    static let textColumn = 26

    /// This option's help entry: `  LABEL` padded to ``textColumn``, its first line after it
    /// (or, for a label too long, on the next line), the others indented to the column.
    var helpEntry: String {
        guard let first = help.first else { return "" }
        let label =
            "  " + (self.label ?? names.joined(separator: ", ") + (value == nil ? placeholder : " " + placeholder))
        let indentation = String(repeating: " ", count: Self.textColumn)
        var lines: [String]
        if label.count < Self.textColumn {
            lines = [label + String(repeating: " ", count: Self.textColumn - label.count) + first]
        } else {
            lines = [label, indentation + first]
        }
        lines += help.dropFirst().map { indentation + $0 }
        return lines.joined(separator: "\n")
    }

    /// The OPTIONS section's entries of `options`, in their order, then `-h, --help`.
    static func help(_ options: [CommandOption]) -> String {
        (options.map(\.helpEntry).filter { !$0.isEmpty } + [helpFlagEntry]).joined(separator: "\n")
    }

    /// The parser's table of `options`: every spelling that takes a value, and what the value is.
    static func valueTable(_ options: [CommandOption]) -> OptionTable {
        var table: OptionTable = [:]
        for option in options {
            guard let value = option.value else { continue }
            for name in option.names { table[name] = value }
        }
        return table
    }

    /// Every spelling of a flag among `options`.
    static func flags(_ options: [CommandOption]) -> Set<String> {
        Set(options.filter { $0.value == nil }.flatMap(\.names))
    }
}

extension ParsedArguments {
    /// The value of `option` under whichever of its spellings was given (the first given, when
    /// several were); `nil` when it was not given. For a flag with an optional value, the value
    /// after `=`.
    func value(_ option: CommandOption) -> String? {
        option.names.lazy.compactMap { values[$0] }.first
    }

    /// Every value of a repeatable `option`, in order.
    func values(_ option: CommandOption) -> [String] {
        option.names.flatMap { repeated[$0] ?? [] }
    }

    /// Whether the flag `option` was given, under any of its spellings.
    func isSet(_ option: CommandOption) -> Bool {
        option.names.contains { flags.contains($0) }
    }

    /// The spellings of `option` that were given (to tell `-o` from `--output` in a message).
    func givenNames(_ option: CommandOption) -> [String] {
        option.names.filter { values[$0] != nil || flags.contains($0) }
    }

    /// The value of `option`, one of `T`'s names; `nil` when the option is not given.
    ///
    /// - Throws: ``UsageError`` (`--OPTION must be a, b or c, not 'x'`, with a did-you-mean)
    ///   for any other value.
    func choice<T: RawRepresentable & CaseIterable>(_ option: CommandOption, of type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let name = option.names.first(where: { values[$0] != nil }) else { return nil }
        return try choice(spelled: name, of: type)
    }
}
