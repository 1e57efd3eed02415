import Foundation
import XCTest

@testable import StategenCore

/// The side files of `generate` and `outputs` (`--depfile`, `--input-xcfilelist`,
/// `--output-xcfilelist`) are checked with the outputs, before anything is written: a side file
/// whose folder cannot be created or written fails the run with the output folder as it was
/// (no generated file, no stamp, no removal) and no other side file written.
final class SideFilePlanTests: ProjectTestCase {
    static let sideFiles = [
        ("--depfile", "stategen.d"), ("--input-xcfilelist", "in.xcfilelist"), ("--output-xcfilelist", "out.xcfilelist"),
    ]

    /// Every entry under `folder` of the project (recursively, hidden ones too), with its bytes
    /// and modification time: equal snapshots mean nothing was created, changed or removed.
    func snapshot(_ folder: String) throws -> [String: String] {
        let root = project.appendingPathComponent(folder).path
        var entries: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return entries }
        for case let name as String in enumerator {
            let path = root + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path)))?.base64EncodedString() ?? "(folder)"
            entries[name] = "\(date) \(bytes)"
        }
        return entries
    }

    func testASideFileWhoseFolderCannotBeCreatedFailsBeforeAnythingIsWritten() throws {
        try write(StarterSpec.text, "controls.yml")
        // A name longer than the file system allows (255 bytes), which fails mkdir even for root.
        let long = String(repeating: "a", count: 300)
        for (option, name) in Self.sideFiles {
            let result = try stategen(["generate", "controls.yml", "-o", "Gen", option, "deps/\(long)/\(name)"])
            XCTAssertEqual(result.status, 1, "\(option): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasPrefix("deps/\(long): error: \(option): cannot create the folder: the name '"),
                result.stderr)
            XCTAssertTrue(result.stderr.contains("is 300 bytes long"), result.stderr)
            XCTAssertEqual(result.stdout, "", "nothing is reported written")
            XCTAssertFalse(exists("Gen"), "\(option): the output folder is not created")
            XCTAssertFalse(exists("deps"))
        }

        // An output folder generated before, and a spec that now generates another file: the
        // failed run creates no file, removes none and leaves the stamp as it was.
        let first = try stategen(["generate", "controls.yml", "-o", "Gen", "--depfile", "Gen/stategen.d"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try snapshot("Gen")
        XCTAssertNotNil(before[GenerationStamp.fileName], "the run writes a stamp")
        XCTAssertNotNil(before["Controls.swift"])
        try write(spec(module: "Renamed"), "controls.yml")
        for (option, name) in Self.sideFiles {
            for path in ["deps/\(long)/\(name)", "\(String(repeating: "b", count: 250)).\(name)"] {
                // The second is a name the file system takes, but not with the temporary file's
                // prefix and suffix around it.
                let result = try stategen(["generate", "controls.yml", "-o", "Gen", option, path])
                XCTAssertEqual(result.status, 1, "\(option) \(path.prefix(8)): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("error: \(option): "), result.stderr)
                XCTAssertTrue(result.stderr.contains(" bytes long"), result.stderr)
                XCTAssertEqual(try snapshot("Gen"), before, "\(option) \(path.prefix(8)): the output folder changed")
                XCTAssertFalse(exists(path))
            }
        }

        // outputs writes one file list only when the other can be written too.
        let listed = try stategen([
            "outputs", "controls.yml", "-o", "Gen", "--input-xcfilelist", "in.xcfilelist", "--output-xcfilelist",
            "deps/\(long)/out.xcfilelist",
        ])
        XCTAssertEqual(listed.status, 1, listed.stderr)
        XCTAssertEqual(listed.stdout, "")
        XCTAssertFalse(exists("in.xcfilelist"), "the input list is not written when the output list cannot be")
    }

    /// A side file in a folder the user may not write (or create a folder in): refused before
    /// anything is written. Run as `nobody` through setpriv when the tests run as root, whom
    /// the permission bits do not stop.
    func testASideFileInAFolderThatCannotBeWrittenFailsBeforeAnythingIsWritten() throws {
        var command = [TestSupport.stategenBinary.path]
        if geteuid() == 0 {
            guard let setpriv = TestSupport.executable("setpriv") else {
                throw XCTSkip("running as root and setpriv (util-linux) is not installed")
            }
            command = [setpriv.path, "--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command
        }
        try write(StarterSpec.text, "controls.yml")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: project.path)
        try manager.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: project.appendingPathComponent("controls.yml").path)
        for folder in ["Gen", "locked"] {
            try manager.createDirectory(at: project.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The output folder is writable by anyone, so that only the side file can fail.
        try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: project.appendingPathComponent("Gen").path)
        try manager.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: project.appendingPathComponent("locked").path)
        addTeardownBlock { [project] in
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: project!.appendingPathComponent("locked").path)
        }
        for (option, name) in Self.sideFiles {
            for path in ["locked/\(name)", "locked/new/\(name)"] {
                let result = try TestSupport.run(
                    URL(fileURLWithPath: command[0]),
                    Array(command.dropFirst()) + [
                        "generate", "controls.yml", "-o", "Gen", option, path,
                    ], in: project)
                XCTAssertEqual(result.status, 1, "\(option) \(path): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("error: \(option): "), result.stderr)
                XCTAssertTrue(result.stderr.contains("Permission denied"), result.stderr)
                XCTAssertEqual(try snapshot("Gen"), [:], "\(option) \(path): the output folder changed")
            }
        }

        // A side file that already holds its content is not written, so a folder that cannot
        // be written in is no error for it.
        let arguments = ["generate", "controls.yml", "-o", "Gen", "--depfile", "open/stategen.d"]
        try manager.createDirectory(at: project.appendingPathComponent("open"), withIntermediateDirectories: true)
        try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: project.appendingPathComponent("open").path)
        let first = try TestSupport.run(URL(fileURLWithPath: command[0]), command.dropFirst() + arguments, in: project)
        XCTAssertEqual(first.status, 0, first.stderr)
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: project.appendingPathComponent("open").path)
        addTeardownBlock { [project] in
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: project!.appendingPathComponent("open").path)
        }
        let again = try TestSupport.run(URL(fileURLWithPath: command[0]), command.dropFirst() + arguments, in: project)
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// A side file's path through a folder that does not exist (`nope/../spec.yml`) is the
    /// file the write opens (`spec.yml`): it was compared as spelled, which names no file, so
    /// the depfile replaced the spec, a token file or a generated file (after "unchanged").
    /// Each is refused with an error at the path, exit 1, every file as it was and no folder
    /// created; `preview --output` and `styles --output` likewise.
    func testASideFileThroughAMissingFolderIsNeverWrittenOverWhatTheRunReadsOrWrites() throws {
        try write(##"{ "color": { "$type": "color", "primary": { "$value": "#0A84FF" } } }"##, "tokens.json")
        try write("tokenFiles: [tokens.json]\nunusedTokens: ignore\n" + StarterSpec.text, "spec.yml")
        let first = try stategen(["generate", "spec.yml", "--output", "Gen"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let files = ["spec.yml", "tokens.json", "Gen/Controls.swift", "Gen/\(GenerationStamp.fileName)"]
        let before = try files.map { try Data(contentsOf: project.appendingPathComponent($0)) }
        let paths = [
            "nope/../spec.yml", "nope/../tokens.json", "zz/../Gen/Controls.swift",
            "zz/../Gen/\(GenerationStamp.fileName)", "zz/yy/../../spec.yml",
        ]
        var commands: [(String, [String])] = []
        for option in ["--depfile", "--input-xcfilelist", "--output-xcfilelist"] {
            for path in paths { commands.append((path, ["generate", "spec.yml", "--output", "Gen", option, path])) }
        }
        for command in ["preview", "styles"] {
            for path in paths { commands.append((path, [command, "spec.yml", "--output", path])) }
        }
        for (path, arguments) in commands {
            let result = try stategen(arguments)
            let shown = arguments.joined(separator: " ")
            XCTAssertEqual(result.status, 1, "\(shown): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("error: "), "\(shown): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(path), "\(shown): the error names the path: \(result.stderr)")
            for (file, bytes) in zip(files, before) {
                XCTAssertEqual(
                    try Data(contentsOf: project.appendingPathComponent(file)), bytes, "\(shown): \(file) changed")
            }
            XCTAssertFalse(exists("nope"), shown)
            XCTAssertFalse(exists("zz"), shown)
            // Put back, so that one failure does not hide the next case.
            for (file, bytes) in zip(files, before) { try bytes.write(to: project.appendingPathComponent(file)) }
        }
        // The next run is still a run over stategen's own files.
        let again = try stategen(["generate", "spec.yml", "--output", "Gen"])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// A side file is never written over a file of the templates folder, used or not: the
    /// unused `extra.mustache` (warned `unknown-template`) is as much an input as a used one,
    /// and a new `.mustache` file under the folder would be a template of the next run.
    func testASideFileIsNeverWrittenOverAFileOfTheTemplatesFolder() throws {
        try write(StarterSpec.text, "spec.yml")
        try write("{{! not used }}\n", "T/extra.mustache")
        try write("notes\n", "T/README.txt")
        try write("stategen: 1\ntemplates: T\noutputs:\n  - specs: [spec.yml]\n    output: Gen\n", "stategen.yml")
        let files = ["T/extra.mustache", "T/README.txt"]
        let before = try files.map { try Data(contentsOf: project.appendingPathComponent($0)) }
        let paths = ["T/extra.mustache", "nope/../T/extra.mustache", "T/README.txt", "T/new.mustache"]
        var commands: [[String]] = []
        for option in ["--depfile", "--input-xcfilelist", "--output-xcfilelist"] {
            for path in paths where option == "--depfile" || !path.hasSuffix(".mustache") || path == "T/extra.mustache"
            {
                commands.append(["generate", option, path])
            }
        }
        for command in ["preview", "styles"] {
            for path in paths { commands.append([command, "spec.yml", "--templates", "T", "--output", path]) }
        }
        for arguments in commands {
            let result = try stategen(arguments)
            let shown = arguments.joined(separator: " ")
            XCTAssertEqual(result.status, 1, "\(shown): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("template"), "\(shown): \(result.stderr)")
            for (file, bytes) in zip(files, before) {
                XCTAssertEqual(
                    try Data(contentsOf: project.appendingPathComponent(file)), bytes, "\(shown): \(file) changed")
            }
            XCTAssertFalse(exists("T/new.mustache"), shown)
            XCTAssertFalse(exists("nope"), shown)
        }
    }
}
