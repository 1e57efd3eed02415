import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files with messages a user can act on (the POSIX reason, and what the path is
/// when it is not what was expected), through the same system calls as the output writer
/// (``FileSystemCalls``).
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
        switch FileSystemCalls.readFile(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let error): throw ReadError(message: posixReason(error.code))
        }
    }

    static func posixReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
