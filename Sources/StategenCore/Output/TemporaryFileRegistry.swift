#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files the running process is writing (``OutputWriter``'s, before their
/// rename), in a fixed table that a signal handler can read: on `SIGINT`, `SIGTERM` or `SIGHUP`
/// the command line removes them (``removeAll()``) before it ends by the signal, so that Ctrl-C
/// leaves no temporary file until the next run.
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

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()

    /// `path` made absolute against the current folder, so that a handler need not know it.
    private static func absolute(_ path: String) -> String? {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return PathNames.join(
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
    }

    /// Adds `path` before the file is created.
    static func register(_ path: String) {
        guard let absolute = absolute(path), let copy = strdup(absolute) else { return }
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = copy
            return
        }
        free(copy)
    }

    /// Removes `path` from the table (the file was renamed into place, removed, or must be
    /// kept: a file moved aside that could not be put back).
    static func unregister(_ path: String) {
        guard let absolute = absolute(path) else { return }
        for index in 0..<capacity {
            guard let entry = slots[index], strcmp(entry, absolute) == 0 else { continue }
            slots[index] = nil
            free(entry)
        }
    }

    /// Whether `path` is registered (for tests).
    static func isRegistered(_ path: String) -> Bool {
        guard let absolute = absolute(path) else { return false }
        return (0..<capacity).contains { slots[$0].map { strcmp($0, absolute) == 0 } ?? false }
    }

    /// Unlinks every registered file: for a signal handler (no allocation, no lock; only
    /// `unlink`).
    package static func removeAll() {
        for index in 0..<capacity {
            if let entry = slots[index] { unlink(entry) }
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
