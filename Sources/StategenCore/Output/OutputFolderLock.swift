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

    /// Locks each of the output folders `directories` (each once, in the order of their
    /// canonical paths, so that two runs over the same folders cannot deadlock), waiting while
    /// another run holds one of them; creates a folder that is missing. Never fails: a folder
    /// that cannot be created, opened or locked is left unlocked (the plan reports what is
    /// wrong with it).
    public init(folders directories: [String]) {
        var seen: Set<String> = []
        let folders = directories.map { OutputFolder.canonicalPath($0) }.filter { seen.insert($0).inserted }.sorted()
        for folder in folders {
            if FileSystemCalls.entry(at: folder) == nil,
                let made = try? OutputWriter().createDirectory(folder)
            {
                created += made
            }
            // A folder removed and made again while this run waited is locked again.
            for _ in 0..<8 {
                let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { break }
                var result: Int32
                repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
                guard result == 0 else {
                    close(descriptor)
                    break
                }
                var held = stat()
                if fstat(descriptor, &held) == 0, let current = FileSystemCalls.Identity(following: folder),
                    current == FileSystemCalls.Identity(held)
                {
                    descriptors.append(descriptor)
                    break
                }
                close(descriptor)
            }
        }
    }

    /// Removes the folders this lock created if they are still empty, then releases the locks.
    public func release() {
        for folder in created.reversed() { rmdir(folder) }
        created = []
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
    }

    deinit { release() }
}
