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
/// are); spaces and `#` are escaped with a backslash and `$` is doubled, as GNU Make and Ninja
/// read them. Deterministic: the order given, each path once.
public enum Depfile {
    /// The depfile text: one rule, `targets` (the outputs) depending on `prerequisites` (every
    /// input read), ending with a newline.
    public static func render(targets: [String], prerequisites: [String]) -> String {
        let targets = unique(targets).map(escape)
        let prerequisites = unique(prerequisites).map(escape)
        var out = targets.joined(separator: " ") + ":"
        for prerequisite in prerequisites { out += " \\\n  " + prerequisite }
        return out + "\n"
    }

    static func escape(_ path: String) -> String {
        var out = ""
        for character in path {
            switch character {
            case " ": out += "\\ "
            case "#": out += "\\#"
            case "$": out += "$$"
            default: out.append(character)
            }
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
public enum XcodeFileList {
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
