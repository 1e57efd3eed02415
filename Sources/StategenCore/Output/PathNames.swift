/// Path arithmetic on strings, keeping paths as given (relative stays relative, nothing is
/// resolved against the current folder), so that messages, depfiles and file lists hold the
/// paths the user wrote.
///
/// Foundation's `NSString` path methods are not used: swift-corelibs-foundation 6.3 traps in
/// `deletingLastPathComponent` on a one-character name such as `G`.
public enum PathNames {
    /// `directory/name`; just `name` when the folder is `.` or empty.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder holding `path`: `a/b` → `a`, `b` → `.`, `/b` → `/`.
    public static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The last component of `path`: `a/b.yml` → `b.yml`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with empty and `.` components removed (`./a//b/` → `a/b`), for comparing paths;
    /// `..` is kept, symbolic links are not followed.
    public static func normalized(_ path: String) -> String {
        // Joined by hand, appending Strings: `joined(separator:)` and appending a Substring
        // reach generic entry points whose witnesses the runtime resolves on first use (a
        // twentieth of a no-op `generate`'s instructions).
        var joined = ""
        for component in path.split(separator: "/") where component != "." {
            if !joined.isEmpty { joined += "/" }
            joined += String(component)
        }
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
