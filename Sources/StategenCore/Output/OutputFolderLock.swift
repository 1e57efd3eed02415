#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on output folders, held by `stategen generate` from the plan to
/// the stamp, so that concurrent runs into one folder (parallel make, Xcode, CI jobs) plan and
/// write one after the other: each plans against what the previous one wrote, and finds its
/// files unchanged or updates them.
///
/// The lock is `flock(2)` (`LOCK_EX`) on a descriptor of the output folder itself, opened
/// read-only. Why the folder: the stamp (`.stategen-stamp`) is replaced by a rename on every
/// run, so a lock on it would be on a file that is no longer there; a lock file would be one
/// more file in every output folder. A missing folder is created first (and removed again when
/// the run leaves it empty), so that every run locks the same folder. The lock is released when
/// the descriptor is closed: at ``release()`` or when the process ends, however it ends, so a
/// killed run never leaves a folder locked.
///
/// It is advisory: only stategen takes it, and nothing else is kept from writing the folder;
/// it serialises stategen's runs, and the writer still never replaces a file it did not plan to
/// (``OutputWriter/apply(_:)``). A folder that cannot be opened or locked (a sandbox that allows
/// only the declared outputs, a file system without `flock`) is written unlocked: then a run
/// that finds its exact bytes already at a path (put there by a concurrent run) still succeeds.
public final class OutputFolderLock: @unchecked Sendable {
    private var descriptors: [Int32] = []
    private var created: [String] = []

    /// Locks each of the output folders `directories` once, waiting while another run holds one
    /// of them; creates a folder that is missing. Folders are told apart by identity (device and
    /// inode, once created), not by path: two spellings of one folder whose canonical paths
    /// differ (`sub/G` through `sub`, a symbolic link to `real` made only when `real/G` is
    /// created) were locked through two descriptors, and the second `flock` waited forever on
    /// the first. They are locked in the order of their identities, which no spelling changes,
    /// so that two runs over the same folders cannot deadlock. Never fails: a folder that cannot
    /// be created, opened or locked is left unlocked (the plan reports what is wrong with it).
    public init(folders directories: [String]) {
        var seen: Set<String> = []
        let paths = directories.map { OutputFolder.canonicalPath($0) }.filter { seen.insert($0).inserted }
        for folder in paths where FileSystemCalls.entry(at: folder) == nil {
            if let made = try? OutputWriter().createDirectory(folder) { created += made }
        }
        var identities: Set<FileSystemCalls.Identity> = []
        let folders = paths.compactMap { path in FileSystemCalls.Identity(following: path).map { ($0, path) } }
            .filter { identities.insert($0.0).inserted }
            .sorted { ($0.0.device, $0.0.inode) < ($1.0.device, $1.0.inode) }
        var held: Set<FileSystemCalls.Identity> = []
        for (_, folder) in folders {
            // A folder removed and made again while this run waited is locked again.
            for _ in 0..<8 {
                let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { break }
                var info = stat()
                // Never a second lock on a folder this run holds: it would wait on itself.
                guard fstat(descriptor, &info) == 0, !held.contains(FileSystemCalls.Identity(info)) else {
                    close(descriptor)
                    break
                }
                var result: Int32
                repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
                guard result == 0 else {
                    close(descriptor)
                    break
                }
                let identity = FileSystemCalls.Identity(info)
                if let current = FileSystemCalls.Identity(following: folder), current == identity {
                    descriptors.append(descriptor)
                    held.insert(identity)
                    break
                }
                close(descriptor)
            }
        }
    }

    /// Removes the folders this lock created if they are still empty, then releases the locks.
    public func release() {
        OutputWriter.removeCreatedDirectories(created)
        created = []
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { release() }
}
