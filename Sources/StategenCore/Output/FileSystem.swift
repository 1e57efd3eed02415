import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files and creating folders with messages a user can act on (the POSIX
/// reason, and what the path is when it is not what was expected), rather than Foundation's
/// generic error codes.
public enum FileSystem {
    /// Why a file could not be read.
    public struct ReadError: Error, Sendable {
        public var message: String
    }

    /// The bytes of the regular file at `path` (symbolic links followed).
    ///
    /// - Parameter limit: files larger than this many bytes are refused before they are read.
    /// - Throws: ``ReadError`` when the path is missing, a folder or another non-regular file,
    ///   larger than `limit`, or unreadable.
    public static func readRegularFile(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReadError(message: posixReason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ReadError(message: "it is a folder, not a file")
        default: throw ReadError(message: "it is not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw ReadError(message: "it is \(info.st_size) bytes, more than the limit of \(limit)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ReadError(message: posixReason(EACCES)) }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw ReadError(message: describe(error))
        }
    }

    /// Creates `path` and its missing parents, like `mkdir -p`.
    ///
    /// - Throws: ``ReadError`` naming the first component that is a file, or the POSIX reason.
    static func createDirectories(_ path: String) throws(ReadError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? component : "/" + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw ReadError(message: "'\(prefix)' is a file, not a folder")
                }
                continue
            }
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                throw ReadError(message: "cannot create '\(prefix)': \(posixReason(errno))")
            }
        }
    }

    static func posixReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The POSIX reason under a Foundation error where there is one.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return posixReason(Int32(underlying.code))
        }
        if nsError.domain == NSPOSIXErrorDomain { return posixReason(Int32(nsError.code)) }
        return nsError.localizedDescription
    }
}
