/// The dependency information of a run in a Make/Ninja depfile (`--depfile`), the form C
/// compilers write with `-MD`:
///
/// ```
/// Generated/Controls.swift Generated/Forms.swift: \
///   stategen.yml \
///   Specs/controls.yml \
///   Specs/forms.yml
/// ```
///
/// Paths are written as given (relative stays relative, so the file is hermetic when they
/// are), escaped so that GNU Make and Ninja both read each one back as exactly its name: a space
/// is written `\ ` (with the backslashes right before it doubled), `#` as `\#`, `:` as `\:` and
/// `$` as `$$`. A path that the two readers cannot both read back (see ``problem(with:isTarget:)``)
/// is refused before anything is written. Deterministic: the order given, each path once.
public enum Depfile {
    /// The depfile text: one rule, `targets` (the outputs) depending on `prerequisites` (every
    /// input read), ending with a newline. Check each path with ``problem(with:isTarget:)``
    /// first: a path it refuses is not escaped correctly here.
    public static func render(targets: [String], prerequisites: [String]) -> String {
        let targets = unique(targets).map(escape)
        let prerequisites = unique(prerequisites).map(escape)
        var out = targets.joined(separator: " ") + ":"
        for prerequisite in prerequisites { out += " \\\n  " + prerequisite }
        return out + "\n"
    }

    /// Why `path` cannot be written in a depfile, or `nil` when ``render(targets:prerequisites:)``
    /// writes it so that GNU Make (4.x) and Ninja (1.11) read it back as exactly `path`.
    ///
    /// Refused, because one of the two readers has no escape for it (found by running both on
    /// every ASCII character; `BuildIntegrationTests` runs them on the hostile names): a line
    /// break (it ends the rule), any other control character, tab or DEL (Ninja ends the name
    /// there), `=` (Make reads the line as a variable assignment), `;` (Make starts a recipe, so
    /// the rest would run as a command), `|` (Make's order-only prerequisites), `"`, `'`, `&`,
    /// `*`, `?`, `<`, `>`, `^`, `` ` `` (Ninja ends the name), `[` (Make expands it as a
    /// wildcard and Ninja keeps a backslash put before it), a backslash right before `#` or `:`
    /// or at the end of the path, and `:` at the end (the two readers unescape them differently),
    /// a leading `~` (Make expands it to a home folder), a path with `(` that ends with `)`
    /// (Make reads it as an archive member) and, in a target, `%` (Make reads a pattern rule).
    ///
    /// - Parameter isTarget: whether `path` is one of the rule's targets (a generated file).
    /// - Returns: a phrase for a message, naming the character (control characters as
    ///   `\u{…}`), such as "holds a newline (\\u{0A}), which ends a depfile's rule".
    public static func problem(with path: String, isTarget: Bool = false) -> String? {
        var previous: Unicode.Scalar?
        for scalar in path.unicodeScalars {
            defer { previous = scalar }
            let shown = "'\(scalar)'"
            switch scalar {
            case "\n", "\r":
                return "holds a line break (\(DiagnosticText.escapedScalar(scalar))), which ends a depfile's rule"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                return
                    "holds the control character \(DiagnosticText.escapedScalar(scalar)), which Ninja reads as the end of the name"
            case "=": return "holds '=', which makes GNU Make read the depfile's line as a variable assignment"
            case ";": return "holds ';', which makes GNU Make run the rest of the line as a command"
            case "|": return "holds '|', which GNU Make reads as the start of order-only prerequisites"
            case "\"", "'", "&", "*", "?", "<", ">", "^", "`":
                return "holds \(shown), which Ninja reads as the end of the name in a depfile"
            case "[": return "holds '[', which GNU Make expands as a wildcard (and Ninja has no escape for)"
            case "#", ":":
                if previous == "\\" {
                    return "holds a backslash before \(shown), which GNU Make and Ninja unescape differently"
                }
            case "%" where isTarget:
                return "holds '%', which makes GNU Make read the depfile's rule as a pattern rule"
            default: break
            }
        }
        if path.hasSuffix("\\") { return "ends with a backslash, which GNU Make and Ninja unescape differently" }
        if path.hasSuffix(":") { return "ends with ':', which Ninja reads as the end of the targets" }
        if path.hasPrefix("~") { return "starts with '~', which GNU Make expands to a home folder" }
        if path.contains("("), path.hasSuffix(")") {
            return "holds '(' and ends with ')', which GNU Make reads as a member of an archive"
        }
        return nil
    }

    static func escape(_ path: String) -> String {
        var out = ""
        var backslashes = 0
        for character in path {
            switch character {
            case " ":
                // 2N+1 backslashes and a space are read as N backslashes and a space.
                out += String(repeating: "\\", count: backslashes) + "\\ "
            case "#": out += "\\#"
            case ":": out += "\\:"
            case "$": out += "$$"
            default: out.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return out
    }
}

/// An Xcode file list (`.xcfilelist`): one path per line, for a Run Script phase's Input File
/// Lists and Output File Lists, which user script sandboxing requires.
///
/// A relative path is written under `$(SRCROOT)/` (Xcode runs a script phase in the project's
/// folder, `SRCROOT`, and expands the setting), so the list holds no absolute path of this
/// machine; an absolute path is written as it is.
///
/// Xcode reads each line as one path and replaces the build settings in it (`$(NAME)`,
/// `${NAME}`, `$NAME`), with no escape for a literal `$`; a line that starts with `#` is a
/// comment. So a path with a line break or a `$` is refused (``problem(with:)``); a `#` inside
/// a path is safe, as every line starts with `/` or `$(SRCROOT)/`.
public enum XcodeFileList {
    /// Why `path` cannot be written in a file list, or `nil`: a line break (LF, CR, NEL U+0085,
    /// U+2028 or U+2029, each of which splits the line in two), another C0 or C1 control
    /// character (U+0000–U+001F, U+007F–U+009F), or `$` (which Xcode would expand).
    ///
    /// - Returns: a phrase for a message, such as "holds a line break (\\u{0A}), which splits
    ///   a file list's line".
    public static func problem(with path: String) -> String? {
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                // Xcode reads the list with Foundation's line splitting, which also breaks at
                // NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
                return
                    "holds a line break (\(DiagnosticText.escapedScalar(scalar))), which splits a file list's line in two"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                return
                    "holds the control character \(DiagnosticText.escapedScalar(scalar)), which a file list cannot hold"
            case "$":
                return "holds '$', which Xcode expands as a build setting in a file list (it has no escape for it)"
            default: break
            }
        }
        return nil
    }

    /// The list's text, each path once, in the order given, ending with a newline.
    public static func render(_ paths: [String], root: String = "$(SRCROOT)") -> String {
        unique(paths).map { path in
            if path.hasPrefix("/") || path.hasPrefix("$(") { return path }
            var relative = Substring(path)
            while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
            return root + "/" + relative
        }.map { $0 + "\n" }.joined()
    }
}

/// `paths` without repeats, first occurrence kept.
private func unique(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
}
