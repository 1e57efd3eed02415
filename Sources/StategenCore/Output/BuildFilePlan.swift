import Foundation

extension OutputWriter {
    /// The absolute path that ``writeBuildFile(_:to:)`` opens for `path`: the canonical path of
    /// its folder (``OutputFolder``: the longest existing leading part resolved by `realpath(3)`,
    /// then `.` and `a/..` removed by hand) joined with its name. So `nope/../spec.yml`, where
    /// `nope` does not exist, is written as `spec.yml` (no folder `nope` is created), and
    /// `link/../x` through a symbolic link as the system resolves it.
    ///
    /// Every check of what a side file (a depfile, an `.xcfilelist`, the page of `preview` or
    /// `styles`) would replace compares this path, not the path as spelled: the spelled path
    /// names no file while a folder on it is missing, and the check then found nothing to
    /// protect.
    public static func buildFileTarget(_ path: String) -> String {
        PathNames.join(OutputFolder.canonicalPath(PathNames.parent(of: path)), PathNames.lastComponent(path))
    }

    /// Why ``writeBuildFile(_:to:)`` would fail to write `contents` at `path`, found without
    /// writing anything: a run checks its side files (a depfile, an `.xcfilelist`) with this
    /// before it writes its generated files, so that a side file that cannot be written fails
    /// the run with every output folder as it was.
    ///
    /// Looked at, in the folder the file would be written through (the canonical path of its
    /// folder, as ``writeBuildFile(_:to:)`` does):
    /// - something that is not a regular file at the path;
    /// - a file or a symbolic link where a missing folder would be created;
    /// - a folder to create, or the file's name, longer than the file system allows in one name
    ///   (`pathconf(_PC_NAME_MAX)`, 255 bytes on ext4, APFS and most others) — for the file,
    ///   with the temporary file's name around it (``TemporaryFileName``, about 30 bytes more),
    ///   which is written first; and a whole path over `PATH_MAX` (4096 bytes on Linux, 1024 on
    ///   macOS);
    /// - a folder the user may not write in (`access(2)` with `W_OK | X_OK` answers `EACCES`,
    ///   or `EROFS` for a read-only volume): the file's folder, or the nearest existing one when
    ///   folders must be created. `EPERM` is not taken as a refusal: a sandbox such as Xcode's
    ///   user script sandboxing denies the folder but allows a declared output in it.
    ///
    /// Not found before the write: a full disk, a quota or `ulimit -f` (the write reports them).
    ///
    /// - Returns: the error, naming the file (or the folder that cannot be created) as `path`
    ///   spells it; `nil` when the file can be written, or already holds `contents` (which
    ///   ``writeBuildFile(_:to:)`` leaves alone).
    public func buildFileProblem(_ contents: String, at path: String) -> OutputError? {
        let given = PathNames.parent(of: path)
        let name = PathNames.lastComponent(path)
        let target = Self.buildFileTarget(path)
        let directory = PathNames.parent(of: target)
        if let entry = FileSystemCalls.entry(at: target) {
            guard entry.kind == .file else {
                return OutputError(path: path, message: "the path exists and is not a regular file")
            }
            if case .success(let existing) = FileSystemCalls.readFile(target), Self.sameBytes(existing, contents) {
                return nil
            }
            if let generated = Self.generatedFileRefusal(at: target) {
                return OutputError(path: path, message: generated)
            }
        }
        let nearest = FileSystemCalls.nearestExisting(directory)
        let nearestShown = FileSystemCalls.nearestExisting(given)
        if let entry = FileSystemCalls.entry(at: nearest), entry.kind != .directory {
            var isFolder: ObjCBool = false
            if !(FileManager.default.fileExists(atPath: nearest, isDirectory: &isFolder) && isFolder.boolValue) {
                return OutputError(
                    path: path, message: "'\(nearestShown)' is not a folder, so the file cannot be created in it")
            }
        }
        let limit = pathconf(nearest, Int32(_PC_NAME_MAX))
        let nameLimit = limit > 0 ? limit : 255
        let missing = directory.dropFirst(nearest.count).split(separator: "/")
        for component in missing where component.utf8.count > nameLimit {
            return OutputError(
                path: given,
                message:
                    "cannot create the folder: the name '\(Self.shortened(component))' is \(component.utf8.count) bytes long, more than the \(nameLimit) bytes the file system allows in one name"
            )
        }
        let temporary = TemporaryFileName.make(for: name)
        if temporary.utf8.count > nameLimit {
            let room = nameLimit - (temporary.utf8.count - name.utf8.count)
            return OutputError(
                path: path,
                message:
                    "cannot write the file: its name is \(name.utf8.count) bytes long, and the temporary file written first beside it ('\(Self.shortened(temporary))') would be \(temporary.utf8.count), more than the \(nameLimit) bytes the file system allows in one name; give the file a name of at most \(room) bytes"
            )
        }
        let full = PathNames.join(directory, temporary).utf8.count
        if full >= Int(PATH_MAX) {
            return OutputError(
                path: path,
                message:
                    "cannot write the file: its absolute path, with the temporary file's name, is \(full) bytes long, more than the \(Int(PATH_MAX) - 1) bytes the system takes"
            )
        }
        let writtenIn = missing.isEmpty ? directory : nearest
        if access(writtenIn, W_OK | X_OK) != 0, errno == EACCES || errno == EROFS {
            let reason = FileSystemCalls.describe(errno)
            return missing.isEmpty
                ? OutputError(path: path, message: "cannot write the file in '\(given)': \(reason)")
                : OutputError(path: given, message: "cannot create the folder in '\(nearestShown)': \(reason)")
        }
        return nil
    }

    /// Why a side file must not replace the regular file at `target`: it starts with stategen's
    /// header line, so it is a generated file (of this run or another), which only `generate`
    /// replaces. `nil` otherwise.
    static func generatedFileRefusal(at target: String) -> String? {
        guard case .success(let head) = FileSystemCalls.readFile(target, limit: headerLimit),
            GeneratedHeader.isGenerated(head)
        else { return nil }
        return "the path is a file generated by stategen; it is left untouched: give the file a path of its own"
    }

    /// `name` for a message: whole up to 40 characters, else its first 32 and `…`.
    private static func shortened(_ name: some StringProtocol) -> String {
        name.count <= 40 ? String(name) : name.prefix(32) + "…"
    }
}
