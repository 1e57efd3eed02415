import Foundation

/// The folders a run reads its files from. A token file (`tokenFiles:`), or a spec or templates
/// folder listed in `stategen.yml`, that resolves (after `..` and symbolic links) outside the
/// folder of the file that names it is refused, unless a root lists its folder: a spec or
/// configuration from an untrusted branch cannot make a CI run read `/etc/passwd`,
/// `/proc/self/environ` or `../../secret.env` and print its bytes in a message.
///
/// Allowed, for a file named in the spec or configuration at `namer`:
/// - anything whose real path (`realpath(3)`) lies in the real path of `namer`'s folder, or in
///   the folder of `namer`'s own real path (so the files of a Bazel sandbox, each a symbolic link
///   to the source tree, are read: the spec and its token file link into one folder);
/// - with a configuration file, the same for the configuration's folder (the project);
/// - anything in a listed root (`roots:` of `stategen.yml`, `--root DIR`): its path, with `..`
///   resolved by name, or its real path, lies in the root's (as given, or real). A file under a
///   root by its path only (through a symbolic link that leaves the root) is read unless its
///   real path is in a system folder (``systemFolders``, or directly in `/`): a committed
///   `leak -> /` under a root does not open `/etc/passwd`.
///
/// A file that does not exist is compared by its folder's real path (or, when that is missing
/// too, its path with `..` resolved); its read then fails as before.
public struct InputRoots: Sendable, Hashable {
    /// The listed roots: `roots:` (resolved against the configuration's folder) and `--root`.
    public var roots: [String]
    /// The configuration file the run reads, whose folder is allowed to every spec it lists.
    public var configPath: String?

    public init(roots: [String] = [], configPath: String? = nil) {
        self.roots = roots
        self.configPath = configPath
    }

    /// Why the file at `path`, named in the file at `namer`, is not read, or `nil` when it may be.
    ///
    /// - Parameters:
    ///   - path: the file's path as the run opens it (relative to the current folder, or absolute).
    ///   - what: what the file is, for the message ("token file", "spec", "templates folder").
    ///   - spelled: the path as written in `namer`.
    ///   - namer: the spec or configuration file that names it.
    /// - Returns: the message of an `outside-root` error, naming the path as written; also for a
    ///   file in version-control metadata (``versionControlRefusal(of:what:spelled:)``).
    public func refusal(of path: String, what: String, spelled: String, namedIn namer: String) -> String? {
        if let refusal = Self.versionControlRefusal(of: path, what: what, spelled: spelled) { return refusal }
        let lexical = Self.absolute(path)
        // A missing file: its folder's real path and its name (so that its read reports it
        // missing, as before), else its path with `..` resolved.
        let real =
            Self.realPath(path)
            ?? Self.realPath(PathNames.parent(of: path)).map { PathNames.join($0, PathNames.lastComponent(path)) }
            ?? lexical
        var folders: [String] = []
        for file in [namer] + (configPath.map { [$0] } ?? []) {
            let folder = PathNames.parent(of: file)
            folders.append(Self.realPath(folder) ?? Self.absolute(folder))
            if let realFile = Self.realPath(file) { folders.append(PathNames.parent(of: realFile)) }
        }
        if folders.contains(where: { Self.contains($0, real) }) { return nil }
        if roots.contains(where: { Self.contains(Self.realPath($0) ?? Self.absolute($0), real) }) { return nil }
        // Under a root by its path only, through a symbolic link that leaves it: read, unless
        // the link leads into the system's own folders (a committed `leak -> /`).
        if roots.contains(where: { Self.contains(Self.absolute($0), lexical) }) {
            guard let system = Self.systemFolder(holding: real) else { return nil }
            return
                "\(what) \(DiagnosticText.quoted(spelled)) is in the system folder \(DiagnosticText.quoted(system)) "
                + "through a symbolic link out of its root, so it is not read; no root allows a system folder"
        }
        let whose = namer == configPath ? "the configuration file's folder" : "the folder of '\(namer)'"
        let through = real != lexical && Self.contains(Self.absolute(PathNames.parent(of: namer)), lexical)
        return
            "\(what) '\(spelled)' is outside \(whose)\(through ? " (through a symbolic link)" : ""), so it is not read; "
            + "to read it, list the folder holding it in 'roots:' of stategen.yml, or pass --root <dir>"
    }

    /// Folders that no `roots:` entry of `stategen.yml` may be or lie in: the system's own.
    /// (`/root` is a home folder, in ``sharedFolders``: containers' CI checks projects out under it.)
    static let systemFolders = ["/etc", "/proc", "/sys", "/dev", "/boot", "/run", "/private/etc", "/System"]
    /// The system folder (``systemFolders``, or `/` for a file directly in it) that the real
    /// path `real` lies in, or `nil`.
    static func systemFolder(holding real: String) -> String? {
        if real == "/" || PathNames.parent(of: real) == "/" { return "/" }
        return systemFolders.first(where: { contains($0, real) })
    }

    /// Folders that a `roots:` entry may lie in but not be: each holds every user's or program's files.
    static let sharedFolders = [
        "/home", "/root", "/Users", "/usr", "/var", "/tmp", "/private", "/private/var", "/private/tmp", "/opt", "/Library",
        "/Volumes", "/mnt", "/media", "/srv",
    ]

    /// Why a `roots:` entry of the configuration at `configPath` is refused, or `nil`.
    ///
    /// `stategen.yml` is build configuration, trusted as the Makefile or Xcode project that runs
    /// it is, but a branch can change it; so a root it lists must be a folder beside the project,
    /// not one that opens the machine. Refused, by the root's path (with `..` resolved by name)
    /// or its real path: `/`; a folder that holds the configuration's own folder (an ancestor
    /// allows everything under it, the home folder included); a system folder
    /// (``systemFolders``) or one in it; a shared folder (``sharedFolders``) or the home folder
    /// (`$HOME`) itself. `--root DIR` on the command line is the user's own and is not checked.
    ///
    /// - Parameters:
    ///   - root: the root as the run opens it (resolved against the configuration's folder).
    ///   - spelled: the root as written, for the message.
    public static func configRootRefusal(of root: String, spelled: String, configPath: String) -> String? {
        let folder = PathNames.parent(of: configPath)
        let configFolders = Set([absolute(folder)] + (realPath(folder).map { [$0] } ?? []))
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let homes = Set((home.map { [absolute($0)] + (realPath($0).map { [$0] } ?? []) } ?? []))
        let why: (String) -> String = { reason in
            "root \(DiagnosticText.quoted(spelled)) \(reason), so it is not a root; list the folder that holds "
                + "the files themselves (such as ../DesignTokens), or pass --root <dir> on the command line"
        }
        for candidate in Set([absolute(root)] + (realPath(root).map { [$0] } ?? [])) {
            if candidate == "/" { return why("is the file system's root") }
            if configFolders.contains(where: { $0 != candidate && contains(candidate, $0) }) {
                return why("holds the configuration file's own folder, which would allow every file under it")
            }
            if let system = systemFolders.first(where: { contains($0, candidate) }) {
                return why("is in the system folder \(DiagnosticText.quoted(system))")
            }
            if sharedFolders.contains(candidate) {
                return why("is the shared folder \(DiagnosticText.quoted(candidate))")
            }
            if homes.contains(candidate) { return why("is the home folder") }
        }
        return nil
    }

    /// The folder names of version-control metadata, which is never an input.
    public static let versionControlFolders: Set<String> = [".git", ".hg", ".svn", ".bzr", "_darcs"]

    /// Why `path` is not read because it is version-control metadata, or `nil`: its path (with
    /// `..` resolved by name) or its real path (`realpath(3)`, symbolic links followed) has a
    /// component in ``versionControlFolders``. A repository's `.git/config` can hold a CI job's
    /// credentials (`extraheader = AUTHORIZATION: …`); a spec, token file or template linked to
    /// it would put them into a message, the generated Swift or `check`'s diff. This holds for
    /// every input, from the command line too, and no root lifts it.
    ///
    /// - Parameters:
    ///   - what: what the file is, for the message ("token file", "spec", "template").
    ///   - spelled: the path as the user wrote it.
    public static func versionControlRefusal(of path: String, what: String, spelled: String) -> String? {
        let real =
            realPath(path)
            ?? realPath(PathNames.parent(of: path)).map { PathNames.join($0, PathNames.lastComponent(path)) }
        for candidate in [absolute(path)] + (real.map { [$0] } ?? []) {
            if let folder = candidate.split(separator: "/").first(where: { versionControlFolders.contains(String($0)) })
            {
                return
                    "\(what) \(DiagnosticText.quoted(spelled)) is in version-control metadata ('\(folder)'\(candidate == real && real != absolute(path) ? ", through a symbolic link" : "")), which is never an input, so it is not read"
            }
        }
        return nil
    }

    /// Whether `path` is `folder` or lies in it (both absolute, normalized).
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// `path` made absolute against the current folder, with `.`, `..` and empty components
    /// resolved by name (symbolic links not followed).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// `realpath(3)` of `path`, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
