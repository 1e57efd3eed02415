import Foundation
import StategenCore

/// How a subcommand that writes one document (`preview`, `styles`) writes it, and keeps it from
/// replacing a file the run read: the spec, or a token file it lists.
enum OutputGuard {
    /// Prints `text` on standard output, or with `output` writes it there through
    /// ``OutputWriter/writeBuildFile(_:to:)`` (atomically, only when it changed) and prints
    /// `wrote` or `unchanged` unless `--quiet`: what `preview` and `styles` do with their one
    /// document. Call ``refuseInput(_:inputs:templates:)`` first.
    ///
    /// - Returns: the exit code: 0, or 1 after reporting to `report` why the file could not be
    ///   written.
    static func writeDocument(
        _ text: String, to output: String?, verbosity: Verbosity, report: DiagnosticReport
    ) -> Int32 {
        guard let output else {
            CommandLineTool.printOutput(text)
            return CommandLineTool.ExitCode.success
        }
        do {
            let written = try OutputWriter().writeBuildFile(text, to: output)
            if verbosity != .quiet {
                CommandLineTool.printOutput(StatusLine.text(written ? "wrote" : "unchanged", output))
            }
        } catch {
            report.add(error.diagnostic())
            return CommandLineTool.ExitCode.failure
        }
        return CommandLineTool.ExitCode.success
    }

    /// Why `output` must not be written: it is one of `inputs`, however either is spelled —
    /// compared as files (the same device and inode, after following symbolic links), so
    /// `./spec.yml`, `../x/spec.yml`, `nope/../spec.yml` (through a folder that does not exist:
    /// ``OutputWriter/buildFileTarget(_:)``, the path the write opens), a symbolic link to the
    /// spec and a hard link of it are all the spec.
    ///
    /// - Parameters:
    ///   - output: the path given to `--output`.
    ///   - inputs: the files the run read (`GeneratorPipeline.Result.inputs`: the spec, then
    ///     its token files).
    ///   - templates: the run's templates: a file of its folder, used or not, or a new
    ///     `.mustache` file under it, is refused (``TemplateSet/sideFileRefusal(at:)``).
    /// An output folder's generation stamp (`.stategen-stamp`) is refused too; a file generated
    /// by stategen is refused by the write (``OutputWriter/writeBuildFile(_:to:)``).
    ///
    /// - Returns: the message to print after `stategen: error: `, naming `--output`, or `nil`
    ///   when `output` is none of them (or does not exist yet).
    static func refuseInput(_ output: String, inputs: [String], templates: TemplateSet? = nil) -> String? {
        if let refusal = templates?.sideFileRefusal(at: output) {
            return "--output '\(output)' is \(refusal): give --output another path"
        }
        // The file the write opens: `nope/../spec.yml` is `spec.yml` though `nope` is missing.
        let path = OutputWriter.buildFileTarget(output)
        if PathNames.lastComponent(path) == GenerationStamp.fileName, FileSystemCalls.entry(at: path) != nil {
            return
                "--output '\(output)' is an output folder's generation stamp; it is left untouched: give --output another path"
        }
        guard let target = identity(of: path) else { return nil }
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
