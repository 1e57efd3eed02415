import Foundation
import StategenCore

/// The options that write build-system files: a Make/Ninja depfile and Xcode file lists.
enum BuildSystemOptions {
    static let depfile = CommandOption.option(
        "--depfile", value: .anyFile, placeholder: "<file>",
        help: "Write a Make/Ninja depfile: the generated files depend on",
        "every file read (configuration, specs, template files used).")
    static let inputFileList = CommandOption.option(
        "--input-xcfilelist", value: .file(extensions: ["xcfilelist"]), placeholder: "<file>",
        help: "Write the files read as an Xcode input file list.")
    static let outputFileList = CommandOption.option(
        "--output-xcfilelist", value: .file(extensions: ["xcfilelist"]), placeholder: "<file>",
        help: "Write the generated files as an Xcode output file list.", "Relative paths are written under $(SRCROOT)/."
    )

    /// The side files' options, in the help's order.
    static let options = [depfile, inputFileList, outputFileList]

    /// The value given for the side file `option` (its first spelling); `nil` when not asked for.
    static func path(_ arguments: ParsedArguments, _ option: String) -> String? {
        options.first { $0.names[0] == option }.flatMap { arguments.value($0) }
    }

    /// Why the side files the arguments ask for cannot be written, found before anything is
    /// written (so that a bad path fails the run with every output untouched): a path that is
    /// a folder or another non-regular file, whose folder is a file, or that is one of the
    /// generated files or another side file; a name the file's reader cannot read back; and
    /// what the write would fail on (``OutputWriter/buildFileProblem(_:at:)``: a folder that
    /// cannot be created or written in, a name too long). Each error names its option.
    ///
    /// A side file is never written over a file the run reads (a spec, a token file, a
    /// template, `stategen.yml`), a file of the templates folder (used or not: any `.mustache` file under it included), a generated file or an output folder's generation stamp, however
    /// the path is spelled: each is compared as the path the write opens
    /// (``OutputWriter/buildFileTarget(_:)``, so `nope/../spec.yml` is `spec.yml` though `nope`
    /// does not exist), and by device and inode.
    ///
    /// - Parameters:
    ///   - outputs: the paths of the generated files.
    ///   - inputs: every file the run read.
    ///   - outputFolders: the output folders, whose `.stategen-stamp` is not a side file's.
    ///   - templates: the template sets of the run: no side file replaces a file of a templates
    ///     folder, used or not, or creates a `.mustache` file under it
    ///     (``TemplateSet/sideFileRefusal(at:)``).
    /// - Returns: one `output` diagnostic per problem; empty when all can be written (as far as
    ///   can be known before writing: a full disk is found only by the write).
    static func problems(
        _ arguments: ParsedArguments, outputs: [String], inputs: [String] = [], outputFolders: [String] = [],
        templates: [TemplateSet] = []
    ) -> [Diagnostic] {
        let writer = OutputWriter()
        var problems: [Diagnostic] = []
        // Paths are compared as the write opens them (``OutputWriter/buildFileTarget(_:)``): as
        // spelled, `nope/../spec.yml` names no file while `nope` is missing, yet it is written
        // over `spec.yml`.
        let target = OutputWriter.buildFileTarget
        var claimed: [String: String] = [:]
        // Files that exist, by identity: what the run read, the generated files and the stamps.
        var existing: [FileSystemCalls.Identity: String] = [:]
        for path in outputs {
            claimed[target(path)] = "a generated file"
            if let key = FileSystemCalls.Identity(following: target(path)) { existing[key] = "a generated file" }
        }
        for path in inputs {
            if let key = FileSystemCalls.Identity(following: target(path)) {
                existing[key] = "'\(path)', which this run reads"
            }
        }
        for folder in outputFolders {
            let stamp = PathNames.join(folder, GenerationStamp.fileName)
            claimed[target(stamp)] = "the generation stamp of '\(folder)'"
            if let key = FileSystemCalls.Identity(following: target(stamp)) {
                existing[key] = "the generation stamp of '\(folder)'"
            }
        }
        // A name the file's reader cannot read back as written is refused, before anything is
        // written, with an error at the file so named.
        for (option, names) in [
            ("--depfile", outputs + inputs), ("--input-xcfilelist", inputs), ("--output-xcfilelist", outputs),
        ]
        where Self.path(arguments, option) != nil {
            var seen: Set<String> = []
            for name in names where seen.insert(name).inserted {
                let problem =
                    option == "--depfile"
                    ? Depfile.problem(with: name, isTarget: outputs.contains(name)) : XcodeFileList.problem(with: name)
                if let problem {
                    problems.append(
                        OutputError(
                            path: name,
                            message: "\(option): the file name \(problem); rename the file, or leave out \(option)"
                        ).diagnostic())
                }
            }
        }
        for option in options.map({ $0.names[0] }) {
            guard let path = Self.path(arguments, option) else { continue }
            func problem(_ message: String) {
                problems.append(OutputError(path: path, message: "\(option): \(message)").diagnostic())
            }
            if let first = claimed[target(path)] {
                problem("the path is also \(first); give the \(option) file a path of its own")
                continue
            }
            if let key = FileSystemCalls.Identity(following: target(path)), let first = existing[key] {
                problem("the path is \(first); it is left untouched: give the \(option) file a path of its own")
                continue
            }
            if let refusal = templates.lazy.compactMap({ $0.sideFileRefusal(at: path) }).first {
                problem("the path is \(refusal): give the \(option) file a path of its own")
                continue
            }
            claimed[target(path)] = "the \(option) file"
            if let entry = FileSystemCalls.entry(at: path), entry.kind == .directory {
                problem("the path is a folder; give the path of a file (such as \(example(option)))")
                continue
            }
            // What the write would find: a folder that cannot be created, one the user may not
            // write in, a name too long. A file that already holds this content is not written.
            if let error = writer.buildFileProblem(contents(option, outputs: outputs, inputs: inputs), at: path) {
                problems.append(
                    OutputError(path: error.path, message: "\(option): \(error.message)", notes: error.notes)
                        .diagnostic())
            }
        }
        return problems
    }

    /// A file name for `option`'s file, for messages: the one docs/build-integration.md uses.
    private static func example(_ option: String) -> String {
        switch option {
        case "--input-xcfilelist": "BuildSupport/stategen-inputs.xcfilelist"
        case "--output-xcfilelist": "BuildSupport/stategen-outputs.xcfilelist"
        default: "Generated/stategen.d"
        }
    }

    /// The text of `option`'s file.
    private static func contents(_ option: String, outputs: [String], inputs: [String]) -> String {
        switch option {
        case "--depfile": Depfile.render(targets: outputs, prerequisites: inputs)
        case "--input-xcfilelist": XcodeFileList.render(inputs)
        default: XcodeFileList.render(outputs)
        }
    }

    /// Writes the files the arguments ask for, each only when its content changed. Call
    /// ``problems(_:outputs:inputs:outputFolders:)`` first, before writing anything: what it
    /// does not find is only what the write alone can (a full disk, a quota).
    ///
    /// - Throws: ``OutputError`` naming the option when one cannot be written.
    static func write(_ arguments: ParsedArguments, inputs: [String], generation: Generation) throws(OutputError) {
        let writer = OutputWriter()
        let outputs = generation.outputs.map(\.path)
        for option in options.map({ $0.names[0] }) {
            guard let path = Self.path(arguments, option) else { continue }
            do {
                try writer.writeBuildFile(contents(option, outputs: outputs, inputs: inputs), to: path)
            } catch {
                throw OutputError(path: error.path, message: "\(option): \(error.message)")
            }
        }
    }
}
