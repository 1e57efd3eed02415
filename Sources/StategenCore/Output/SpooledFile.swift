#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A generated file's bytes kept in a temporary file instead of memory: `generate` renders
/// each output into one (``GeneratorPipeline/Options/spoolsOutput``), so that a run holds one
/// chunk of its output at a time, not every file whole, and the writer renames it into place
/// instead of writing it again (``OutputWriter``).
///
/// Shape: the file's path (first in the system's temporary folder, `TMPDIR` or `/tmp`, named
/// as the writer names its temporary files, ``TemporaryFileName``), its size in bytes, its
/// first ``OutputWriter/headerLimit`` bytes (the header the writer checks) and its XXH64.
/// While the file is owned it is registered with ``TemporaryFileRegistry`` (an interrupt
/// removes it) and removed when the last copy of the value goes; the writer takes it over with
/// ``movedTo(_:)`` when it renames it.
///
/// `@unchecked Sendable`: the one mutable field is changed by the writer only, on the thread
/// that runs the write, after rendering finished.
final class SpooledFile: @unchecked Sendable {
    private(set) var path: String
    /// The file's size in bytes.
    let count: Int
    /// The file's first bytes, at most ``OutputWriter/headerLimit``.
    let head: [UInt8]
    /// The XXH64 of the whole file.
    let hash: UInt64
    /// Whether this value still removes the file when it goes.
    private var owned = true

    deinit { remove() }

    /// Removes the file now, if this value still owns it.
    func remove() {
        guard owned else { return }
        unlink(path)
        TemporaryFileRegistry.unregister(path)
        owned = false
    }

    /// Removes the file, whose bytes are also at `path` (the output on disk was found to hold
    /// them, or they were copied there); reads go to `path` from now on.
    func replaced(by path: String) {
        remove()
        self.path = path
    }

    /// The file was renamed to `path` by its new owner, which now removes or keeps it.
    func movedTo(_ path: String) {
        TemporaryFileRegistry.unregister(self.path)
        self.path = path
        owned = false
    }

    /// Every byte of the file, read now; empty when it can no longer be read.
    func readAll() -> [UInt8] {
        guard case .success(let bytes) = FileSystemCalls.readFile(path) else { return [] }
        return bytes
    }

    /// Whether `bytes` are the file's bytes: the same size and the same XXH64, the fingerprint
    /// the generation stamp trusts too (``GenerationStamp``).
    func holds(_ bytes: [UInt8]) -> Bool {
        bytes.count == count && bytes.withUnsafeBytes { XXH64.hash($0) } == hash
    }

    /// The file `writer` wrote, now closed.
    fileprivate init(finished writer: SpoolWriter, hash: UInt64) {
        self.path = writer.path
        self.count = writer.count
        self.head = writer.head
        self.hash = hash
    }
}

/// Writes a new ``SpooledFile``: made with a new temporary file for one output, given the
/// bytes in order (``append(_:)``), then either finished into the file or discarded (also
/// when the value goes unfinished).
final class SpoolWriter {
    let path: String
    private var descriptor: Int32
    fileprivate private(set) var count = 0
    fileprivate private(set) var head: [UInt8] = []
    /// The first failed write's `errno`; later appends do nothing.
    private(set) var failure: Int32 = 0

    /// A new temporary file for the output `name` in `directory`; `nil` when none can be made
    /// there (the caller then keeps the output in memory).
    init?(name: String, directory: String) {
        path = PathNames.join(directory, TemporaryFileName.make(for: name))
        // Registered before it exists, so that an interrupt removes it.
        TemporaryFileRegistry.register(path)
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            TemporaryFileRegistry.unregister(path)
            return nil
        }
    }

    deinit { discard() }

    /// Appends `bytes` to the file; returns `false` when a write failed (``failure``).
    @discardableResult
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failure == 0, descriptor >= 0 else { return false }
        if head.count < OutputWriter.headerLimit {
            head += bytes.prefix(OutputWriter.headerLimit - head.count)
        }
        failure = FileSystemCalls.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
        count += bytes.count
        return failure == 0
    }

    /// Syncs and closes the file (durable before the rename that publishes it, as the writer's
    /// own temporary files are) and returns it; `nil` when a write, the sync, the close or
    /// reading it back failed (the file is then removed).
    func finish() -> SpooledFile? {
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        descriptor = -1
        if failure == 0, let read = GenerationStamp.hashAndHeader(ofFileAt: path) {
            return SpooledFile(finished: self, hash: read.hash)
        }
        unlink(path)
        TemporaryFileRegistry.unregister(path)
        return nil
    }

    /// Closes and removes the file, unless it was finished.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(path)
        TemporaryFileRegistry.unregister(path)
    }
}
