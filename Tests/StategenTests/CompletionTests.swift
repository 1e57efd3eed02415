import Foundation
import XCTest

/// `stategen completions bash|zsh|fish`: each script is loaded in its own shell, which is asked
/// for the completions of a command line as a user's TAB would ask.
final class CompletionTests: XCTestCase {
    /// A command line typed up to the cursor, and exactly the words the completion must offer
    /// there (folders without their trailing `/`; a value after `=` or `,` without what is
    /// before it, which the shells keep or drop differently).
    struct Case {
        var line: String
        var offered: [String]
    }

    /// The same checks for each shell. They run in a folder holding `a.yml`, `b.txt` and the
    /// folder `sub`.
    static let cases: [Case] = [
        Case(line: "stategen ge", offered: ["generate"]),
        Case(line: "stategen generate --acc", offered: ["--access"]),
        Case(line: "stategen generate --access ", offered: ["internal", "package", "public"]),
        Case(line: "stategen graph --format ", offered: ["dot", "mermaid"]),
        Case(line: "stategen styles --format ", offered: ["dtcg", "json"]),
        Case(line: "stategen generate --layout=s", offered: ["single", "split"]),
        Case(line: "stategen explain unkn", offered: ["unknown-key", "unknown-template", "unknown-warning"]),
        Case(line: "stategen lint --warnings-as-errors=unused-event,unu", offered: ["unused-event", "unused-token"]),
        Case(line: "stategen lint ", offered: ["a.yml", "sub"]),
        Case(line: "stategen lint a.yml ", offered: ["a.yml", "sub"]),
        // graph, styles, preview and init take one spec: nothing after it but options.
        Case(line: "stategen graph a.yml ", offered: []),
        Case(line: "stategen styles --format json a.yml ", offered: []),
        Case(line: "stategen preview a.yml -o x.html ", offered: []),
        Case(line: "stategen generate --output ", offered: ["sub"]),
        Case(line: "stategen generate a.yml -o ", offered: ["sub"]),
        Case(line: "stategen templates pr", offered: ["print"]),
        Case(line: "stategen templates print control-", offered: ["control-swiftui", "control-uikit"]),
        Case(line: "stategen help spe", offered: ["spec"]),
        Case(line: "stategen completions ", offered: ["bash", "fish", "zsh"]),
    ]

    // MARK: - bash

    /// bash with Debian's bash-completion: COMP_WORDS split as readline splits them (at spaces,
    /// with `=` a word of its own, as COMP_WORDBREAKS says), then `_stategen` and COMPREPLY.
    func testBashCompletesWithBashCompletion() throws {
        let library = "/usr/share/bash-completion/bash_completion"
        guard FileManager.default.fileExists(atPath: library) else {
            throw XCTSkip("bash-completion is not installed (\(library)); Debian: apt-get install bash-completion")
        }
        try checkBash(loading: library)
    }

    /// The bash script without bash-completion falls back on compgen.
    func testBashCompletesWithoutBashCompletion() throws {
        try checkBash(loading: nil)
    }

    func checkBash(loading library: String?) throws {
        let bash = try shell("bash")
        let folder = try workFolder()
        let script = try writeScript(
            "bash", to: folder.deletingLastPathComponent().appendingPathComponent("stategen.bash"))
        var program = library.map { "source \($0)\n" } ?? ""
        program += """
            source \(script.path)
            complete_line() {
                local line=$1 word='' k c
                COMP_LINE=$line COMP_POINT=${#line} COMP_WORDS=()
                for ((k = 0; k < ${#line}; k++)); do
                    c=${line:k:1}
                    if [[ $c == ' ' ]]; then
                        [[ -n $word ]] && COMP_WORDS+=("$word")
                        word=''
                    elif [[ $c == = ]]; then
                        [[ -n $word ]] && COMP_WORDS+=("$word")
                        COMP_WORDS+=(=)
                        word=''
                    else
                        word+=$c
                    fi
                done
                COMP_WORDS+=("$word")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _stategen stategen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '== %s\\n' "$line"
                printf '%s\\n' "${COMPREPLY[@]}"
            }

            """
        for item in Self.cases { program += "complete_line \(quoted(item.line))\n" }
        let result = try TestSupport.run(bash, ["--norc", "--noprofile", "-c", program], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        try check(result.stdout, shell: "bash")
    }

    // MARK: - zsh

    /// zsh's own completion system: an interactive zsh on a pseudo-terminal (zsh/zpty) with
    /// compinit, the script found in `$fpath` as `_stategen`, each line typed and completed
    /// with TAB. A `compadd` function in front of the builtin records the words each call
    /// offers (those that match what is typed, from `compadd -O`).
    func testZshCompletesFromFpath() throws {
        try checkZsh(mode: "fpath")
    }

    /// The same, with the script loaded by `source` after compinit (it calls compdef).
    func testZshCompletesWhenSourced() throws {
        try checkZsh(mode: "source")
    }

    /// The zsh driving an interactive zsh: `zsh -f harness MODE SCRIPT_FOLDER WORK OUT LINE...`.
    /// After each TAB, the widget bound to it shows a numbered message (`zle -M`), and the
    /// harness reads the terminal up to it before it clears the line: the next keys are sent
    /// only once the completion has run.
    static let zshHarness = #"""
        zmodload zsh/zpty || exit 3
        local mode=$1 scripts=$2 work=$3 out=$4 i text
        shift 4
        zpty shell 'zsh -f -i' || exit 3
        zpty -w shell 'PS1="> "; bindkey -e; unsetopt AUTO_LIST LIST_AMBIGUOUS AUTO_MENU BEEP'
        if [[ $mode == fpath ]]; then
            zpty -w shell "fpath=(${(q)scripts} \$fpath); autoload -Uz compinit; compinit -u -D"
        else
            zpty -w shell "autoload -Uz compinit; compinit -u -D; source ${(q)scripts}/_stategen"
        fi
        zpty -w shell "cd ${(q)work}"
        zpty -w shell 'compadd() {
            if (( ${@[(I)-[ODA]*]} )); then builtin compadd "$@"; return; fi
            local -a offered
            builtin compadd -O offered "$@"
            (( $#offered )) && print -rl -- $offered >> $capture
            builtin compadd "$@"
        }'
        zpty -w shell 'integer tabs=0; complete-then-mark() { zle complete-word; zle -M "TABDONE$(( ++tabs + 500 ))"; }'
        zpty -w shell 'zle -N complete-then-mark; bindkey "^I" complete-then-mark; print -r -- READY$((40+2))'
        zpty -r shell text '*READY42*' || exit 4
        for ((i = 1; i <= $#; i++)); do
            zpty -w shell "capture=${(q)out}/$i; : >| \$capture"
            zpty -w -n shell "${argv[i]}"$'\t'
            zpty -r shell text "*TABDONE$((i + 500))*" || exit 5
            zpty -w -n shell $'\C-u'
            zpty -w shell "print -r -- DONE\$(($i+1000))"
            zpty -r shell text "*DONE$((i + 1000))*" || exit 6
            print -r -- "== ${argv[i]}"
            sort -u $out/$i
        done
        zpty -d shell
        """#

    func checkZsh(mode: String) throws {
        let zsh = try shell("zsh")
        let folder = try workFolder()
        let base = folder.deletingLastPathComponent()
        let scripts = base.appendingPathComponent("zsh-functions")
        let captures = base.appendingPathComponent("captures")
        for url in [scripts, captures] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        _ = try writeScript("zsh", to: scripts.appendingPathComponent("_stategen"))
        let harness = base.appendingPathComponent("harness.zsh")
        try Data(Self.zshHarness.utf8).write(to: harness)
        let zpty = try TestSupport.run(zsh, ["-f", "-c", "zmodload zsh/zpty"])
        guard zpty.status == 0 else { throw XCTSkip("zsh has no zsh/zpty module: \(zpty.stderr)") }
        // timeout(1) ends a harness whose pseudo-terminal never shows the awaited text, so that
        // a broken script fails the test instead of hanging it.
        let arguments = ["-f", harness.path, mode, scripts.path, folder.path, captures.path] + Self.cases.map(\.line)
        let result =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")
            ? try TestSupport.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["300", zsh.path] + arguments, in: folder)
            : try TestSupport.run(zsh, arguments, in: folder)
        XCTAssertEqual(result.status, 0, "zsh harness: \(result.stderr)")
        try check(result.stdout, shell: "zsh (\(mode))")
    }

    // MARK: - fish

    /// fish's `complete -C LINE`, which prints what TAB offers after LINE.
    func testFishCompletes() throws {
        let fish = try shell("fish")
        let folder = try workFolder()
        let script = try writeScript(
            "fish", to: folder.deletingLastPathComponent().appendingPathComponent("stategen.fish"))
        var program = "source \(script.path)\n"
        for item in Self.cases {
            let line = item.line.replacingOccurrences(of: "'", with: "\\'")
            program += "echo '== \(line)'; complete -C '\(line)'\n"
        }
        let home = folder.deletingLastPathComponent().path
        let result = try TestSupport.run(
            fish, ["--no-config", "-c", program], in: folder,
            environment: ["HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home])
        XCTAssertEqual(result.status, 0, result.stderr)
        try check(result.stdout, shell: "fish")
        // fish shows each subcommand's summary (the overview's line) beside its name.
        XCTAssertTrue(result.stdout.contains("generate\tGenerate Swift source from specs"), result.stdout)
    }

    // MARK: - The tables

    /// Every option a subcommand's help lists is offered after `stategen SUBCOMMAND -`, and
    /// nothing else: the completions follow the same tables as the parser.
    func testEveryOptionOfEverySubcommandIsOffered() throws {
        let bash = try shell("bash")
        let folder = try workFolder()
        let script = try writeScript(
            "bash", to: folder.deletingLastPathComponent().appendingPathComponent("stategen.bash"))
        let overview = try TestSupport.run(TestSupport.stategenBinary, ["--help"])
        let names = overview.stdout.components(separatedBy: "SUBCOMMANDS:")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertTrue(names.contains("completions"), overview.stdout)
        for name in names where name != "help" {
            let help = try TestSupport.run(TestSupport.stategenBinary, [name, "--help"])
            XCTAssertEqual(help.status, 0, name)
            // The options section: each word at a line's start (or after ', ') that is an option.
            var documented: Set<String> = []
            for line in help.stdout.split(separator: "\n") where line.hasPrefix("  -") {
                for part in line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
                    .components(separatedBy: ", ")
                {
                    let option = part.components(separatedBy: CharacterSet(charactersIn: " =[")).first ?? part
                    if option.hasPrefix("-") { documented.insert(option) }
                }
            }
            let program = """
                source \(script.path)
                COMP_WORDS=(stategen \(name) -) COMP_CWORD=2 COMP_LINE='stategen \(name) -' COMP_POINT=${#COMP_LINE}
                _stategen stategen - \(name)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try TestSupport.run(bash, ["--norc", "--noprofile", "-c", program], in: folder)
            let offered = Set(result.stdout.split(separator: "\n").map(String.init))
            XCTAssertEqual(
                offered, documented.union(["-h", "--help"]), "stategen \(name): offered vs the options of its help")
        }
    }

    func testAnUnknownShellIsAUsageError() throws {
        let result = try TestSupport.run(TestSupport.stategenBinary, ["completions", "fishh"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("not 'fishh'; did you mean 'fish'?"), result.stderr)
    }

    // MARK: - Support

    /// The shell's executable on PATH; skips the test where it is missing.
    func shell(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw XCTSkip("\(name) is not installed; Debian: apt-get install \(name)")
    }

    /// A folder holding `a.yml`, `b.txt` and the folder `sub`, in a temporary folder of its own.
    func workFolder() throws -> URL {
        let folder = try TestSupport.temporaryDirectory(self).appendingPathComponent("work")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("version: 1\n".utf8).write(to: folder.appendingPathComponent("a.yml"))
        try Data("text\n".utf8).write(to: folder.appendingPathComponent("b.txt"))
        return folder
    }

    /// Writes `stategen completions SHELL` to `url`.
    func writeScript(_ shell: String, to url: URL) throws -> URL {
        let result = try TestSupport.run(TestSupport.stategenBinary, ["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.isEmpty)
        try Data(result.stdout.utf8).write(to: url)
        return url
    }

    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Checks the output of a harness: for each case, `== LINE` then one offered word a line.
    func check(_ output: String, shell: String) throws {
        var offered: [String: [String]] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                offered[current!, default: []] = []
            } else if let current, !line.isEmpty {
                offered[current, default: []].append(String(line))
            }
        }
        for item in Self.cases {
            guard let words = offered[item.line] else {
                XCTFail("\(shell): no result for '\(item.line)':\n\(output)")
                continue
            }
            let typed = item.line.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
            let normalized = words.map { word -> String in
                // fish: the description after a tab. Values after '=' or ',': the value alone.
                var word = word.components(separatedBy: "\t")[0]
                if typed.contains("=") || typed.contains(",") {
                    word = String(word.split(separator: "=").last ?? "")
                    word = String(word.split(separator: ",").last ?? "")
                }
                return word.hasSuffix("/") ? String(word.dropLast()) : word
            }
            XCTAssertEqual(Set(normalized).sorted(), item.offered, "\(shell): '\(item.line)'")
        }
    }
}
