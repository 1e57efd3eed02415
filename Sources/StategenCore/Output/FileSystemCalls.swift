import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls through which ``OutputWriter`` creates and replaces files, gathered in one
/// value so that tests can inject a failure between the temporary write and the rename (the
/// writer's `fileSystem`, internal, reached through `@testable import`).
///
/// Each call returns `0` on success or the `errno` value of the failure, so that a replacement
/// never has to set `errno` itself. Its static helpers (identity, entry kinds) are visible to
/// the package's command-line target.
package struct FileSystemCalls: Sendable {
    /// Creates the file at `path`, which must not exist (`O_EXCL`), writes `bytes` to it, flushes
    /// it to the disk and closes it; `mode` (when given) sets its permission bits, otherwise they
    /// are `0o666` less the umask. On failure the partly written file is left for the caller to
    /// remove.
    var writeNewFile: @Sendable (_ path: String, _ bytes: [UInt8], _ mode: mode_t?) -> Int32
    /// `rename(2)`: atomically replaces `to` with `from` (both in the same folder).
    var replace: @Sendable (_ from: String, _ to: String) -> Int32
    /// Moves `from` to `to` only if nothing is at `to`, atomically (`EEXIST` otherwise), so that
    /// a file created at an output path after the plan is never replaced
    /// (``placeWithoutReplacing(_:_:)``).
    var placeNew: @Sendable (_ from: String, _ to: String) -> Int32 = { placeWithoutReplacing($0, $1) }
    /// Swaps the entries at `a` and `b` atomically (``exchangeEntries(_:_:)``); `EINVAL`,
    /// `ENOSYS` or `ENOTSUP` where the system or the file system cannot.
    var exchange: @Sendable (_ a: String, _ b: String) -> Int32 = { exchangeEntries($0, $1) }
    /// The names in a folder (``listDirectory(_:)``).
    var list: @Sendable (_ path: String) -> Result<[String], Errno> = { listDirectory($0) }

    /// The folder for a temporary file that the output folder refuses: `TMPDIR`, else `/tmp`.
    var temporaryDirectory = Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"

    /// The real system calls.
    static let system = FileSystemCalls(
        writeNewFile: { path, bytes, mode in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return errno }
            var failure: Int32 = 0
            if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
            if failure == 0 {
                failure = bytes.withUnsafeBytes { writeAll(descriptor, $0) }
            }
            if failure == 0, fsync(descriptor) != 0 { failure = errno }
            if close(descriptor) != 0, failure == 0 { failure = errno }
            return failure
        },
        replace: { from, to in
            rename(from, to) == 0 ? 0 : errno
        })

    /// Linux's `renameat2(2)` (glibc 2.28 and later), looked up at run time: Swift's Glibc
    /// module does not declare it. `nil` where the C library lacks it.
    private static let renameat2:
        (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
            #if os(Linux)
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)
                        .self)
            #else
                return nil
            #endif
        }()

    /// `RENAME_NOREPLACE` and `RENAME_EXCHANGE` of `<linux/fs.h>` (renameat2(2)).
    private static let renameNoReplace: UInt32 = 1
    private static let renameExchange: UInt32 = 2

    /// Moves `from` to `to` unless something is at `to` (then `EEXIST`), atomically:
    /// `renameat2(..., RENAME_NOREPLACE)` on Linux, `renamex_np(..., RENAME_EXCL)` on Darwin. Where
    /// the file system refuses the flag, `link(2)` then `unlink(2)` of `from`, which also fails
    /// with `EEXIST` when the path is taken.
    static func placeWithoutReplacing(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
            if renamex_np(from, to, UInt32(RENAME_EXCL)) == 0 { return 0 }
            if errno != ENOTSUP && errno != EINVAL { return errno }
        #else
            if let renameat2 {
                if renameat2(AT_FDCWD, from, AT_FDCWD, to, renameNoReplace) == 0 { return 0 }
                if errno != EINVAL && errno != ENOSYS { return errno }
            }
        #endif
        guard link(from, to) == 0 else { return errno }
        unlink(from)
        return 0
    }

    /// Swaps `a` and `b`, both of which must exist, atomically: `renameat2(..., RENAME_EXCHANGE)`
    /// on Linux, `renamex_np(..., RENAME_SWAP)` on Darwin; `ENOSYS` where neither is available.
    static func exchangeEntries(_ a: String, _ b: String) -> Int32 {
        #if canImport(Darwin)
            return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
            guard let renameat2 else { return ENOSYS }
            return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 ? 0 : errno
        #endif
    }

    /// Which file an entry is: its device and inode, so that a file replaced by another (a new
    /// inode) is told apart from the one that was read.
    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// The identity of the file at `path`, following symbolic links.
        package init?(following path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }

        /// The identity of the entry at `path`, not following a symbolic link.
        init?(at path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// `path` if something is there, else its nearest ancestor that exists (as spelled: `.`,
    /// `/` or the empty string end the walk). Where a missing file or folder would be created.
    package static func nearestExisting(_ path: String) -> String {
        var current = path
        while !current.isEmpty, current != "/", current != ".", entry(at: current) == nil {
            let parent = PathNames.parent(of: current)
            if parent == current { break }
            current = parent
        }
        return current
    }

    /// The text of an `errno` value, such as "No space left on device".
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The kind and permission bits of the entry at `path`, without following a symbolic link;
    /// `nil` when there is none (or it cannot be looked at: the read that follows says why).
    package static func entry(at path: String) -> (kind: EntryKind, mode: mode_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let type = Int(info.st_mode) & Int(S_IFMT)
        let kind: EntryKind =
            type == Int(S_IFREG)
            ? .file : type == Int(S_IFDIR) ? .directory : type == Int(S_IFLNK) ? .symbolicLink : .other
        return (kind, mode_t(Int(info.st_mode) & 0o7777))
    }

    package enum EntryKind: CustomStringConvertible {
        case file
        case directory
        case symbolicLink
        case other

        package var description: String {
            switch self {
            case .file: "a regular file"
            case .directory: "a folder"
            case .symbolicLink: "a symbolic link"
            case .other: "a special file"
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// A regular file is read straight into an array of its size (`fstat`); whatever
    /// follows (a file that grew, or one without a size such as a pipe) is read in chunks.
    ///
    /// - Returns: the bytes, or the `errno` value of the failure.
    static func readFile(_ path: String, limit: Int = .max) -> Result<[UInt8], Errno> {
        var identity: Identity?
        return readFile(path, limit: limit, identity: &identity)
    }

    /// ``readFile(_:limit:)``, also giving the identity of the file read (from the descriptor
    /// read, so that it is the identity of these bytes).
    static func readFile(_ path: String, limit: Int = .max, identity: inout Identity?) -> Result<[UInt8], Errno> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Errno(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        let described = fstat(descriptor, &info) == 0
        if described { identity = Identity(info) }
        let size = described && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        let expected = min(max(size, 0), limit)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, filled in
            while filled < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 { return }
                filled += count
            }
        }
        if failure != 0 { return .failure(Errno(code: failure)) }
        if bytes.count < expected { return .success(bytes) }
        return withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 16) { chunk in
            while bytes.count < limit {
                let count = read(descriptor, chunk.baseAddress, min(chunk.count, limit - bytes.count))
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Errno(code: errno))
                }
                if count == 0 { break }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            }
            return .success(bytes)
        }
    }

    /// The names in the folder at `path`, without `.` and `..`, in no particular order.
    static func listDirectory(_ path: String) -> Result<[String], Errno> {
        guard let stream = opendir(path) else { return .failure(Errno(code: errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// An `errno` value as an error.
    struct Errno: Error, Sendable {
        var code: Int32
        var description: String { FileSystemCalls.describe(code) }
    }
}

extension FileSystemCalls {
    /// Writes all of `bytes` to `descriptor`, again after a write that a signal interrupted
    /// (`EINTR`) and on from where a short write stopped.
    ///
    /// - Returns: the `errno` of a failed write, or 0.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }
}

/// What the stamp and the writer need of an existing file, read in pieces into one reused
/// buffer rather than into memory whole: its size, XXH64, first line and identity.
struct FileDigest: Sendable {
    var count: Int
    var hash: UInt64
    /// The first line, without its line break.
    var header: [UInt8]
    /// Whether the first line ends with a line break (``header`` is then a whole line).
    var headerEnded: Bool
    /// The file read (from the descriptor read, so that it is the identity of these bytes).
    var identity: FileSystemCalls.Identity

    /// The first line with its line break when it has one: what ``GeneratedHeader`` reads of a
    /// file's start.
    var head: [UInt8] { headerEnded ? header + [0x0A] : header }

    /// The digest of the regular file at `path`, read `chunkSize` bytes at a time (a multiple
    /// of 32). Opened non-blocking: a FIFO put in an output's place must not stall the run.
    ///
    /// - Returns: the system's error when the file cannot be opened or read; `EINVAL` when it
    ///   is not a regular file.
    static func of(_ path: String, chunkSize: Int = 1 << 16) -> Result<FileDigest, FileSystemCalls.Errno> {
        precondition(chunkSize > 0 && chunkSize % 32 == 0)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.init(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.init(code: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.init(code: EINVAL)) }
        var state = XXH64()
        var digest = FileDigest(
            count: 0, hash: 0, header: [], headerEnded: false, identity: FileSystemCalls.Identity(info))
        return withUnsafeTemporaryAllocation(byteCount: chunkSize, alignment: 16) { buffer in
            while true {
                // Fill the buffer, so that only the last chunk has a partial stripe.
                var filled = 0
                while filled < chunkSize {
                    let count = read(descriptor, buffer.baseAddress! + filled, chunkSize - filled)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return .failure(.init(code: errno))
                    }
                    if count == 0 { break }
                    filled += count
                }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
                if !digest.headerEnded {
                    let end = chunk.firstIndex(of: UInt8(ascii: "\n"))
                    digest.header += chunk[..<(end ?? chunk.endIndex)]
                    digest.headerEnded = end != nil
                }
                digest.count += filled
                let consumed = state.addStripes(chunk)
                if filled < chunkSize {
                    digest.hash = state.finish(UnsafeRawBufferPointer(rebasing: chunk[consumed...]))
                    return .success(digest)
                }
            }
        }
    }
}
