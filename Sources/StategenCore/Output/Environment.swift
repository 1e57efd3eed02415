#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read one at a time with `getenv`.
///
/// Foundation's `ProcessInfo.processInfo.environment` copies every variable into a dictionary
/// on each call; on Linux that was a tenth of a no-op `generate`'s instructions, for the one or
/// two variables stategen reads.
public enum Environment {
    /// The value of the variable `name`; `nil` when it is not set.
    public static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
