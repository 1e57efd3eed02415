import Foundation

/// Keeps a subcommand that writes one file (`preview --output`) from writing it over a file
/// the run read: the spec, or a token file it lists.
enum OutputGuard {
    /// Why `output` must not be written: it is one of `inputs`, however either is spelled —
    /// compared as files (the same device and inode, after following symbolic links), so
    /// `./spec.yml`, `../x/spec.yml`, a symbolic link to the spec and a hard link of it are all
    /// the spec.
    ///
    /// - Parameters:
    ///   - output: the path given to `--output`.
    ///   - inputs: the files the run read (`GeneratorPipeline.Result.inputs`: the spec, then
    ///     its token files).
    /// - Returns: the message to print after `stategen: error: `, naming `--output`, or `nil`
    ///   when `output` is none of them (or does not exist yet).
    static func refuseInput(_ output: String, inputs: [String]) -> String? {
        guard let target = identity(of: output) else { return nil }
        for input in inputs where identity(of: input) == target {
            let what = input == output ? "is" : "is the same file as '\(input)', which is"
            return "--output '\(output)' \(what) an input of this run (the spec or one of its token files);"
                + " it is left untouched: give --output another path"
        }
        return nil
    }

    /// The device and inode of the file at `path`, following symbolic links; `nil` when there
    /// is none.
    private static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
