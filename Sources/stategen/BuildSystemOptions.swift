import Foundation
import StategenCore

/// The options that write build-system files: a Make/Ninja depfile and Xcode file lists.
enum BuildSystemOptions {
    static let options: Set<String> = ["--depfile", "--input-xcfilelist", "--output-xcfilelist"]

    static let help = """
          --depfile <file>        Write a Make/Ninja depfile: the generated files depend on
                                  every file read (configuration, specs, template files used).
          --input-xcfilelist <file>
                                  Write the files read as an Xcode input file list.
          --output-xcfilelist <file>
                                  Write the generated files as an Xcode output file list.
                                  Relative paths are written under $(SRCROOT)/.
        """

    /// Writes the files the arguments ask for, each only when its content changed.
    ///
    /// - Throws: ``OutputError`` when one cannot be written.
    static func write(_ arguments: ParsedArguments, inputs: [String], generation: Generation) throws(OutputError) {
        let writer = OutputWriter()
        let outputs = generation.outputs.map(\.path)
        if let path = arguments.values["--depfile"] {
            try writer.writeBuildFile(Depfile.render(targets: outputs, prerequisites: inputs), to: path)
        }
        if let path = arguments.values["--input-xcfilelist"] {
            try writer.writeBuildFile(XcodeFileList.render(inputs), to: path)
        }
        if let path = arguments.values["--output-xcfilelist"] {
            try writer.writeBuildFile(XcodeFileList.render(outputs), to: path)
        }
    }
}
