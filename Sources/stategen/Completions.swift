import Foundation
import StategenCore

/// What an option's value, or a positional argument, is: declared with the option (each
/// subcommand's ``CommandOption``s), so that the shell
/// completions `stategen completions` prints follow the parser's own tables.
enum ValueKind: Sendable {
    /// Free text (a kind's name, a Swift module name): nothing is offered.
    case text
    /// One word of a fixed set (`--access`: public, package, internal). A closure, so that the
    /// set is built only when completions are printed, never on an ordinary run.
    case oneOf(@Sendable () -> [String])
    /// A comma-separated list of words of a fixed set (`--warnings-as-errors=RULE,...`).
    case listOf(@Sendable () -> [String])
    /// A file with one of these extensions (no dot; empty: any file). Folders are offered too,
    /// to descend into.
    case file(extensions: [String])
    /// A folder.
    case folder

    /// A spec file: YAML (`.yml`, `.yaml`) or JSON, which is YAML too.
    static let spec = ValueKind.file(extensions: ["yml", "yaml", "json"])
    /// Any file (a configuration file, a depfile, a file list).
    static let anyFile = ValueKind.file(extensions: [])

    /// The words of an enumeration's cases (`AccessLevel`, `DiagramFormat`, ...).
    static func cases<T: RawRepresentable & CaseIterable & SendableMetatype>(of _: T.Type) -> ValueKind
    where T.RawValue == String, T.AllCases: SendableMetatype {
        .oneOf { T.allCases.map(\.rawValue) }
    }
}

/// A subcommand's positional arguments, for completion.
indirect enum ArgumentKinds: Sendable {
    /// No arguments.
    case none
    /// One argument.
    case one(ValueKind)
    /// Any number of arguments, each of this kind.
    case many(ValueKind)
    /// A word naming a nested subcommand (`templates print`), then that one's arguments.
    case subcommands([Nested])

    struct Nested: Sendable {
        var name: String
        var arguments: ArgumentKinds
    }
}

/// The option table of a subcommand: each option that takes a value, and what the value is.
typealias OptionTable = [String: ValueKind]

extension Dictionary where Key == String, Value == ValueKind {
    /// Both tables' options (an option in both keeps `self`'s kind).
    func union(_ other: OptionTable) -> OptionTable { merging(other) { mine, _ in mine } }

    /// The table without `names`.
    func subtracting(_ names: Set<String>) -> OptionTable { filter { !names.contains($0.key) } }
}

/// `stategen completions bash|zsh|fish`: the shell completion script, generated from the
/// subcommands' own option tables.
enum CompletionsCommand {
    static let usage = "USAGE: stategen completions (bash | zsh | fish)"

    enum Shell: String, CaseIterable {
        case bash
        case zsh
        case fish
    }

    static let subcommand = Subcommand(
        usage: usage,
        help: """
            OVERVIEW: Print a shell completion script for stategen: subcommands, options, their
            values (access levels, formats, rule ids, template names), spec files and folders.

            \(usage)

            INSTALL:
              bash (best with the bash-completion package, which it uses when loaded):
                  source <(stategen completions bash)        in ~/.bashrc, or for all users:
                  stategen completions bash > /usr/share/bash-completion/completions/stategen
                  (per user: ~/.local/share/bash-completion/completions/stategen)
              zsh: write _stategen into a folder of $fpath, before compinit runs in ~/.zshrc:
                  mkdir -p ~/.zfunc && stategen completions zsh > ~/.zfunc/_stategen
                  fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit
                  (or, after compinit: source <(stategen completions zsh))
              fish:
                  stategen completions fish > ~/.config/fish/completions/stategen.fish

            The script is made from the options this stategen takes: print it again after an
            upgrade.

            OPTIONS:
            \(CommandOption.help([]))

            EXIT CODES:
              0 printed; 2 the command line is wrong.
            """,
        options: [], arguments: .one(.cases(of: Shell.self)), run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            throw UsageError(message: "completions takes one shell: bash, zsh or fish")
        }
        guard let shell = Shell(rawValue: name) else {
            let shells = Shell.allCases.map(\.rawValue)
            throw UsageError(
                message: "completions takes bash, zsh or fish, not '\(name)'" + Suggestion.didYouMean(name, in: shells))
        }
        CommandLineTool.printOutput(CompletionScript(CompletionScript.commands()).render(shell))
        return CommandLineTool.ExitCode.success
    }
}

/// A completion script: the command line's tables (``CompletionScript/Command``) written as
/// shell code. The bash and zsh scripts share the table functions (the `case` syntax both
/// take); each shell has its own front end and actions.
struct CompletionScript {
    /// One subcommand, as completion sees it.
    struct Command {
        var name: String
        /// The subcommand's line in the overview.
        var summary: String
        /// The options that take a value, by name, with the flags whose value is optional
        /// (`--warnings-as-errors=RULE,...`).
        var values: [(name: String, kind: ValueKind)]
        /// The options that take a value (the next word, or after `=`).
        var options: [String]
        /// Every option and flag offered for a word that starts with `-`.
        var offered: [String]
        var arguments: ArgumentKinds
    }

    var commands: [Command]

    init(_ commands: [Command]) { self.commands = commands }

    /// Every subcommand, from ``CommandLineTool/subcommandNames`` and
    /// ``CommandLineTool/subcommand(named:)``, and `help` (subcommands and help topics).
    static func commands() -> [Command] {
        var commands: [Command] = CommandLineTool.subcommandNames.compactMap { name in
            guard let subcommand = CommandLineTool.subcommand(named: name) else { return nil }
            let optional = subcommand.options.flatMap { option in
                option.optionalValue.map { kind in option.names.map { (name: $0, kind: kind) } } ?? []
            }
            let values = subcommand.optionValues.map { (name: $0.key, kind: $0.value) } + optional
            return Command(
                name: name, summary: summary(of: name), values: values.sorted { $0.name < $1.name },
                options: subcommand.optionValues.keys.sorted(),
                offered: (Array(subcommand.optionValues.keys) + subcommand.flags + ["-h", "--help"]).sorted(),
                arguments: subcommand.arguments)
        }
        let helpTopics: @Sendable () -> [String] = {
            // A topic of a subcommand's name (styles, preview, templates) is that subcommand's
            // help: each name is offered once.
            let names = CommandLineTool.subcommandNames
            return names + ReferenceDocs.topics.map(\.name).filter { !names.contains($0) }
        }
        commands.append(
            Command(
                name: "help", summary: summary(of: "help"), values: [], options: [], offered: [],
                arguments: .one(.oneOf(helpTopics))))
        return commands.sorted { $0.name < $1.name }
    }

    /// The line of the overview that describes `name`.
    static func summary(of name: String) -> String {
        CommandLineTool.subcommandSummaries.first { $0.name == name }?.summary ?? ""
    }

    /// The options before a subcommand.
    static let topLevelOptions = ["--help", "--version", "-h"]

    func render(_ shell: CompletionsCommand.Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    // MARK: - Shell words

    /// `words` as one single-quoted shell word, separated by spaces (stategen's words hold no
    /// quote; one would be written as `'\''`).
    static func quoted(_ words: [String]) -> String {
        "'" + words.joined(separator: " ").replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one single-quoted fish word (in which `\\` and `'` are escaped).
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// zsh's `_describe` entries of the subcommands: `name:summary`, a colon in the summary
    /// escaped, each quoted, one a line.
    var zshDescriptions: String {
        commands.map { command in
            "        " + Self.quoted([command.name + ":" + command.summary.replacingOccurrences(of: ":", with: "\\:")])
        }.joined(separator: "\n")
    }

    /// The fish commands printing each subcommand's name, a tab and its summary.
    var fishDescriptions: String {
        commands.map { "    printf '%s\\t%s\\n' \($0.name) " + Self.fishQuoted($0.summary) }.joined(separator: "\n")
    }

    /// A `case` pattern matching any of `words` (bash and zsh), each word quoted.
    static func pattern(_ words: [String]) -> String {
        words.map { quoted([$0]) }.joined(separator: "|")
    }

    // MARK: - bash and zsh: the shared tables

    /// The action that completes a value of `kind`, through the helper functions each script
    /// defines.
    static func action(_ kind: ValueKind) -> String {
        switch kind {
        case .text: ":"
        case .oneOf(let words): "_stategen_words \(quoted(words()))"
        case .listOf(let words): "_stategen_list \(quoted(words()))"
        case .file(let extensions): "_stategen_files \(quoted(extensions))"
        case .folder: "_stategen_folders"
        }
    }

    /// `_stategen_takes_value SUBCOMMAND OPTION` (status 0 when the option takes the next word),
    /// `_stategen_options SUBCOMMAND` (prints the options offered), `_stategen_value
    /// SUBCOMMAND OPTION` (completes the option's value) and `_stategen_arguments SUBCOMMAND
    /// ARG...` (completes the next positional argument after ARG...).
    func sharedTables() -> String {
        var text = "_stategen_takes_value() {\n    case $1 in\n"
        for command in commands where !command.options.isEmpty {
            text += "    (\(command.name)) case $2 in (\(Self.pattern(command.options))) return 0 ;; esac ;;\n"
        }
        text += "    esac\n    return 1\n}\n\n"
        text += "_stategen_options() {\n    case $1 in\n"
        for command in commands where !command.offered.isEmpty {
            text += "    (\(command.name)) _stategen_words \(Self.quoted(command.offered)) ;;\n"
        }
        text += "    esac\n}\n\n"
        text += "_stategen_value() {\n    case $1 in\n"
        for command in commands where !command.values.isEmpty {
            text += "    (\(command.name))\n        case $2 in\n"
            for value in command.values {
                text += "        (\(Self.pattern([value.name]))) \(Self.action(value.kind)) ;;\n"
            }
            text += "        esac ;;\n"
        }
        text += "    esac\n}\n\n"
        text += "_stategen_arguments() {\n    local n=$(($# - 1))\n    case $1 in\n"
        for command in commands {
            let body = Self.arguments(command.arguments, level: 0, indent: "        ")
            guard !body.isEmpty else { continue }
            text += "    (\(command.name))\n\(body)        ;;\n"
        }
        text += "    esac\n}\n"
        return text
    }

    /// The code completing the argument after `level` positional arguments (in `$2`...).
    static func arguments(_ kinds: ArgumentKinds, level: Int, indent: String) -> String {
        switch kinds {
        case .none:
            return ""
        case .one(let kind):
            return "\(indent)if ((n == \(level))); then \(action(kind)); fi\n"
        case .many(let kind):
            return "\(indent)if ((n >= \(level))); then \(action(kind)); fi\n"
        case .subcommands(let nested):
            var text = "\(indent)if ((n == \(level))); then \(action(.oneOf { nested.map(\.name) }))\n"
            text += "\(indent)else\n\(indent)    case ${\(level + 2)} in\n"
            for item in nested {
                let body = arguments(item.arguments, level: level + 1, indent: indent + "        ")
                guard !body.isEmpty else { continue }
                text += "\(indent)    (\(quoted([item.name])))\n\(body)\(indent)        ;;\n"
            }
            text += "\(indent)    esac\n\(indent)fi\n"
            return text
        }
    }

    static func header(_ shell: String, _ install: String) -> String {
        """
        # \(shell) completion for stategen \(CommandLineTool.version), generated by
        # 'stategen completions \(shell)' from its option tables: print it again after an upgrade.
        \(install)

        """
    }

    /// The subcommand names offered first.
    var subcommandNames: [String] { commands.map(\.name) }

    // MARK: - bash

    func bash() -> String {
        Self.header(
            "bash",
            """
            # Load it with 'source <(stategen completions bash)', or save it as
            # /usr/share/bash-completion/completions/stategen (see 'stategen help completions').
            """)
                + """

                # Completes $cur among the words of $1.
                _stategen_words() {
                    local IFS=$' \\t\\n'
                    COMPREPLY=($(compgen -W "$1" -- "$cur"))
                }

                # Completes the last item of a comma-separated list in $cur among the words of $1.
                _stategen_list() {
                    local head='' word IFS=$' \\t\\n'
                    [[ $cur == *,* ]] && head=${cur%,*},
                    COMPREPLY=()
                    for word in $1; do
                        [[ $head$word == "$cur"* ]] && COMPREPLY+=("$head$word")
                    done
                }

                # Completes files with the extensions in $1 (all files when empty), and folders.
                _stategen_files() {
                    if declare -F _filedir >/dev/null; then
                        if [[ -n $1 ]]; then _filedir "@(${1// /|})"; else _filedir; fi
                        return
                    fi
                    local path IFS=$'\\n'
                    compopt -o filenames 2>/dev/null
                    COMPREPLY=()
                    for path in $(compgen -f -- "$cur"); do
                        if [[ -d $path || -z $1 || " $1 " == *" ${path##*.} "* ]]; then COMPREPLY+=("$path"); fi
                    done
                }

                # Completes folders.
                _stategen_folders() {
                    if declare -F _filedir >/dev/null; then
                        _filedir -d
                        return
                    fi
                    local IFS=$'\\n'
                    compopt -o filenames 2>/dev/null
                    COMPREPLY=($(compgen -d -- "$cur"))
                }


                """
            + sharedTables()
                + """

                _stategen() {
                    local cur prev words cword split=''
                    if declare -F _init_completion >/dev/null; then
                        # -s: '--option=value' is one word, split into prev (the option) and cur.
                        _init_completion -s || return
                    else
                        # Without bash-completion: join what COMP_WORDBREAKS split at '='.
                        local i word joined=''
                        words=()
                        for ((i = 0; i <= COMP_CWORD; i++)); do
                            word=${COMP_WORDS[i]}
                            if [[ $word == = || -n $joined ]] && ((${#words[@]} > 0)); then
                                words[${#words[@]} - 1]+=$word
                                [[ $word == = ]] && joined=1 || joined=''
                            else
                                words+=("$word")
                            fi
                        done
                        cword=$((${#words[@]} - 1))
                        cur=${words[cword]}
                        prev=${words[cword - 1]}
                        if [[ $cur == --?*=* ]]; then
                            prev=${cur%%=*} cur=${cur#*=} split=true
                        fi
                    fi
                    local sub='' skip='' rest='' w i
                    local -a args=()
                    for ((i = 1; i < cword; i++)); do
                        w=${words[i]}
                        if [[ -n $skip ]]; then skip=''; continue; fi
                        if [[ -n $rest ]]; then args+=("$w"); continue; fi
                        if [[ -z $sub ]]; then
                            [[ $w == -* ]] || sub=$w
                            continue
                        fi
                        case $w in
                        --) rest=1 ;;
                        -*=*) ;;
                        -*) _stategen_takes_value "$sub" "$w" && skip=1 ;;
                        *) args+=("$w") ;;
                        esac
                    done
                    if [[ -z $sub ]]; then
                        if [[ $cur == -* ]]; then
                            _stategen_words \(Self.quoted(Self.topLevelOptions))
                        else
                            _stategen_words \(Self.quoted(subcommandNames))
                        fi
                        return
                    fi
                    # split: '--option=value' (_init_completion sets it to true or false).
                    if [[ $split == true || -n $skip ]]; then
                        _stategen_value "$sub" "$prev"
                        return
                    fi
                    if [[ -z $rest && $cur == -* ]]; then
                        _stategen_options "$sub"
                        return
                    fi
                    _stategen_arguments "$sub" "${args[@]}"
                }

                complete -F _stategen stategen

                """
    }

    // MARK: - zsh

    func zsh() -> String {
        "#compdef stategen\n"
            + Self.header(
                "zsh",
                """
                # Save it as _stategen in a folder of $fpath (before compinit runs), or load it after
                # compinit with 'source <(stategen completions zsh)' (see 'stategen help completions').
                """)
                + """

                # Completes among the words of $1.
                _stategen_words() {
                    compadd -- ${=1}
                }

                # Completes the last item of a comma-separated list among the words of $1.
                _stategen_list() {
                    compset -P '*,'
                    compadd -S '' -- ${=1}
                }

                # Completes files with the extensions in $1 (all files when empty), and folders.
                _stategen_files() {
                    if [[ -n $1 ]]; then
                        _files -g "*.(${1// /|})"
                    else
                        _files
                    fi
                }

                # Completes folders.
                _stategen_folders() {
                    _files -/
                }

                # Completes a subcommand's name, with its summary.
                _stategen_commands() {
                    local -a commands=(
                \(zshDescriptions)
                    )
                    _describe -t commands 'stategen subcommand' commands
                }


                """
            + sharedTables()
                + """

                _stategen() {
                    local sub='' skip='' rest='' w i
                    local -a args
                    for ((i = 2; i < CURRENT; i++)); do
                        w=${words[i]}
                        if [[ -n $skip ]]; then skip=''; continue; fi
                        if [[ -n $rest ]]; then args+=("$w"); continue; fi
                        if [[ -z $sub ]]; then
                            [[ $w == -* ]] || sub=$w
                            continue
                        fi
                        case $w in
                        (--) rest=1 ;;
                        (-*=*) ;;
                        (-*) _stategen_takes_value "$sub" "$w" && skip=1 ;;
                        (*) args+=("$w") ;;
                        esac
                    done
                    if [[ -z $sub ]]; then
                        if [[ $PREFIX == -* ]]; then
                            _stategen_words \(Self.quoted(Self.topLevelOptions))
                        else
                            _stategen_commands
                        fi
                        return
                    fi
                    if [[ -n $skip ]]; then
                        _stategen_value "$sub" "${words[CURRENT - 1]}"
                        return
                    fi
                    if [[ -z $rest && $PREFIX == --?*=* ]]; then
                        local option=${PREFIX%%=*}
                        compset -P '*='
                        _stategen_value "$sub" "$option"
                        return
                    fi
                    if [[ -z $rest && $PREFIX == -* ]]; then
                        _stategen_options "$sub"
                        return
                    fi
                    _stategen_arguments "$sub" "${args[@]}"
                }

                if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
                    _stategen "$@"
                else
                    compdef _stategen stategen
                fi

                """
    }

    // MARK: - fish

    /// The fish command that prints the candidates for a value of `kind` (each after `$prefix`,
    /// the `--option=` of a value given after `=`).
    static func fishAction(_ kind: ValueKind) -> String {
        switch kind {
        case .text: "true"
        case .oneOf(let words): "__stategen_words \"$prefix\" \(words().joined(separator: " "))"
        case .listOf(let words): "__stategen_list \"$prefix\" \"$cur\" \(words().joined(separator: " "))"
        case .file(let extensions): "__stategen_files \"$prefix\" \"$cur\" \(extensions.joined(separator: " "))"
        case .folder: "__stategen_folders \"$prefix\" \"$cur\""
        }
    }

    static func fishArguments(_ kinds: ArgumentKinds, level: Int, indent: String) -> String {
        switch kinds {
        case .none:
            return ""
        case .one(let kind):
            return "\(indent)test (count $args) -eq \(level); and \(fishAction(kind))\n"
        case .many(let kind):
            return "\(indent)test (count $args) -ge \(level); and \(fishAction(kind))\n"
        case .subcommands(let nested):
            var text = "\(indent)if test (count $args) -eq \(level)\n"
            text += "\(indent)    \(fishAction(.oneOf { nested.map(\.name) }))\n"
            text += "\(indent)else\n\(indent)    switch $args[\(level + 1)]\n"
            for item in nested {
                let body = fishArguments(item.arguments, level: level + 1, indent: indent + "            ")
                guard !body.isEmpty else { continue }
                text += "\(indent)        case \(quoted([item.name]))\n\(body)"
            }
            text += "\(indent)    end\n\(indent)end\n"
            return text
        }
    }

    func fish() -> String {
        var tables = "function __stategen_takes_value --argument-names sub option\n    switch $sub\n"
        for command in commands where !command.options.isEmpty {
            tables += "        case \(command.name)\n"
            tables += "            contains -- $option \(command.options.joined(separator: " ")); and return 0\n"
        }
        tables += "    end\n    return 1\nend\n\n"
        tables += "function __stategen_options --argument-names sub\n    switch $sub\n"
        for command in commands where !command.offered.isEmpty {
            tables += "        case \(command.name)\n"
            tables += "            __stategen_words '' \(command.offered.joined(separator: " "))\n"
        }
        tables += "    end\nend\n\n"
        tables += "function __stategen_value --argument-names sub option prefix cur\n    switch $sub\n"
        for command in commands where !command.values.isEmpty {
            tables += "        case \(command.name)\n            switch $option\n"
            for value in command.values {
                tables += "                case \(Self.quoted([value.name]))\n"
                tables += "                    \(Self.fishAction(value.kind))\n"
            }
            tables += "            end\n"
        }
        tables += "    end\nend\n\n"
        tables += "function __stategen_arguments --argument-names sub cur\n"
        tables += "    set -l args $argv\n    set -e args[1..2]\n    set -l prefix ''\n    switch $sub\n"
        for command in commands {
            let body = Self.fishArguments(command.arguments, level: 0, indent: "            ")
            guard !body.isEmpty else { continue }
            tables += "        case \(command.name)\n\(body)"
        }
        tables += "    end\nend\n"

        return Self.header(
            "fish",
            """
            # Save it as ~/.config/fish/completions/stategen.fish (see 'stategen help completions').
            """)
                + """

                # Prints $argv[2..] each after the prefix $argv[1].
                function __stategen_words --argument-names prefix
                    set -e argv[1]
                    for word in $argv
                        printf '%s\\n' "$prefix$word"
                    end
                end

                # Prints the words $argv[3..] as the last item of the comma-separated list in $cur.
                function __stategen_list --argument-names prefix cur
                    set -e argv[1..2]
                    set -l head (string match -r -- '^.*,' "$cur")
                    for word in $argv
                        printf '%s\\n' "$prefix$head$word"
                    end
                end

                # Prints the files completing $cur with the extensions $argv[3..] (any file
                # without them), and the folders.
                function __stategen_files --argument-names prefix cur
                    set -e argv[1..2]
                    set -l pattern '/$'
                    if set -q argv[1]
                        set pattern '(/|\\.('(string join '|' -- (string escape --style=regex -- $argv))'))$'
                    end
                    for path in (complete -C "__stategen_no_such_command "(string escape -- $cur))
                        set path (string split -m 1 \\t -- $path)[1]
                        if not set -q argv[1]; or string match -qr -- $pattern $path
                            printf '%s\\n' "$prefix$path"
                        end
                    end
                end

                # Prints each subcommand's name and, after a tab, its summary.
                function __stategen_commands
                \(fishDescriptions)
                end

                # Prints the folders completing $cur.
                function __stategen_folders --argument-names prefix cur
                    for path in (complete -C "__stategen_no_such_command "(string escape -- $cur))
                        set path (string split -m 1 \\t -- $path)[1]
                        string match -q -- '*/' $path; and printf '%s\\n' "$prefix$path"
                    end
                end


                """
            + tables
                + """

                function __stategen_complete
                    set -l words (commandline -opc)
                    set -l cur (commandline -ct)
                    set -e words[1]
                    set -l sub
                    set -l skip
                    set -l rest
                    set -l args
                    for w in $words
                        if test -n "$skip"
                            set skip
                            continue
                        end
                        if test -n "$rest"
                            set -a args $w
                            continue
                        end
                        if test -z "$sub"
                            string match -q -- '-*' $w; or set sub $w
                            continue
                        end
                        switch $w
                            case --
                                set rest 1
                            case '-*=*'
                            case '-*'
                                __stategen_takes_value $sub $w; and set skip 1
                            case '*'
                                set -a args $w
                        end
                    end
                    if test -z "$sub"
                        if string match -q -- '-*' $cur
                            __stategen_words '' \(Self.topLevelOptions.joined(separator: " "))
                        else
                            __stategen_commands
                        end
                        return
                    end
                    if test -n "$skip"
                        __stategen_value $sub $words[-1] '' $cur
                        return
                    end
                    if test -z "$rest"; and string match -qr -- '^--[^=]+=' $cur
                        set -l option (string split -m 1 = -- $cur)
                        __stategen_value $sub $option[1] $option[1]= $option[2]
                        return
                    end
                    if test -z "$rest"; and string match -q -- '-*' $cur
                        __stategen_options $sub
                        return
                    end
                    __stategen_arguments $sub $cur $args
                end

                complete -c stategen -f -a '(__stategen_complete)'

                """
    }
}
