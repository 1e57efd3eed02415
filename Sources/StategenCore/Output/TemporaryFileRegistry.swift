#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files the running process is writing (``OutputWriter``'s, before their
/// rename), in a fixed table that a signal handler can read: on `SIGINT`, `SIGTERM` or `SIGHUP`
/// the command line removes them (``removeAll()``) before it ends by the signal, so that Ctrl-C
/// leaves no temporary file until the next run; and the folders the run created
/// (``registerFolder(_:)``), removed after the files when they are empty, as after a failed run.
///
/// The table is allocated once, with ``capacity`` slots, each the path of one file as a C
/// string (made with `strdup`), or null. ``removeAll()`` only reads the slots and calls
/// `unlink(2)`, which is async-signal-safe; registering allocates, outside the handler. A
/// path stays registered after its rename until ``unregister(_:)``: `unlink` of a name that no
/// longer exists does nothing, and the name (with the writer's process id) is never taken by
/// another writer. A file registered when the table is full is not removed by a signal (the
/// next `generate` removes it, as after a kill).
package enum TemporaryFileRegistry {
    /// How many files may be registered at once (a run writes one per output, plus its stamp
    /// and side files, which it renames or removes as it goes).
    static let capacity = 256

    nonisolated(unsafe) private static let slots = makeTable()

    /// The folders this run created (``OutputWriter``'s `createDirectory`), in the order made,
    /// each as a C string or null: the same fixed table as ``slots``, for the same handler.
    nonisolated(unsafe) private static let folderSlots = makeTable()

    /// A table of ``capacity`` null slots.
    private static func makeTable() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }

    /// Puts a copy of `path` (made absolute) in the first free slot of `table`; a path added
    /// when the table is full is not added.
    private static func add(_ path: String, to table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        guard let absolute = absolute(path), let copy = strdup(absolute) else { return }
        for index in 0..<capacity where table[index] == nil {
            table[index] = copy
            return
        }
        free(copy)
    }

    /// Empties every slot of `table` that holds `path` (made absolute).
    private static func remove(_ path: String, from table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        guard let absolute = absolute(path) else { return }
        for index in 0..<capacity {
            guard let entry = table[index], strcmp(entry, absolute) == 0 else { continue }
            table[index] = nil
            free(entry)
        }
    }

    /// Adds `folder`, just created by this run, so that a signal removes it again if it is
    /// still empty (``removeAll()``). A folder registered when the table is full is left by a
    /// signal.
    static func registerFolder(_ folder: String) { add(folder, to: folderSlots) }

    /// Removes `folder` from the folder table (the run removed it itself, or keeps it).
    static func unregisterFolder(_ folder: String) { remove(folder, from: folderSlots) }

    /// `path` made absolute against the current folder, so that a handler need not know it.
    private static func absolute(_ path: String) -> String? {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return PathNames.join(
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
    }

    /// Adds `path` before the file is created.
    static func register(_ path: String) { add(path, to: slots) }

    /// Removes `path` from the table (the file was renamed into place, removed, or must be
    /// kept: a file moved aside that could not be put back).
    static func unregister(_ path: String) { remove(path, from: slots) }

    /// Whether `path` is registered (for tests).
    static func isRegistered(_ path: String) -> Bool {
        guard let absolute = absolute(path) else { return false }
        return (0..<capacity).contains { slots[$0].map { strcmp($0, absolute) == 0 } ?? false }
    }

    /// Unlinks every registered file, then removes every registered folder, the last made
    /// first, with `rmdir(2)`, which removes only an empty folder (one holding a generated file,
    /// or anything put there by another process, stays): for a signal handler (no allocation,
    /// no lock; only `unlink` and `rmdir`, both async-signal-safe).
    package static func removeAll() {
        for index in 0..<capacity {
            if let entry = slots[index] { unlink(entry) }
        }
        for index in (0..<capacity).reversed() {
            if let entry = folderSlots[index] { rmdir(entry) }
        }
    }

    /// Installs the handler of `SIGINT`, `SIGTERM` and `SIGHUP` that removes the registered
    /// files and then ends the process by the same signal, with its default action (so a shell
    /// reports 130, 143 or 129); and ignores `SIGXFSZ`, so that a write beyond `ulimit -f`
    /// fails with `EFBIG` ("File too large"), reported with the file's path, instead of
    /// killing the run with its temporary file half-written.
    package static func installSignalHandlers() {
        // The table is made now: a handler must not run its lazy initialisation (which allocates).
        _ = slots
        _ = folderSlots
        signal(SIGXFSZ, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { sig in
                TemporaryFileRegistry.removeAll()
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }

    /// Runs `body` with `SIGINT`, `SIGTERM` and `SIGHUP` held back (delivered when it returns):
    /// while a file another process put at an output path is moved aside to be put back, a
    /// signal must not remove it with the temporary files.
    static func withSignalsBlocked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, sig) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
