import Foundation
import XCTest

@testable import StategenCore

/// `generate`'s outputs rendered into temporary files (``GeneratorPipeline/Options/spoolsOutput``,
/// ``SpooledFile``): the render gives its bytes in pieces of whole lines and they equal those of
/// a render into memory; the writer renames the file into place, keeps a replaced file's
/// permission bits and sees an unchanged file as unchanged; a failed render or a dropped result
/// leaves no temporary file.
final class SpooledOutputTests: XCTestCase {
    /// The temporary files of this process for the output `name` in the system's temporary folder.
    func spools(for name: String) throws -> [String] {
        let folder = FileSystemCalls.system.temporaryDirectory
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix(".\(name).stategen-\(getpid())-") && $0.hasSuffix(".tmp")
        }
    }

    /// A template with partials, a parent with an indented block, mid-line blocks and trailing
    /// blanks, over enough elements for several pieces (``TemplateRenderer/sinkChunk``).
    func testPiecesEqualTheRenderIntoMemory() throws {
        let partials = [
            "row": "  {{name}} = {{value}}   \n{{#last}}end{{/last}}\n",
            "frame": "begin {{$inline}}default{{/inline}} done\n  {{$body}}\n  body\n  {{/body}}\nclose\t\n",
        ]
        let source = """
            {{#items}}
              {{>row}}
            {{<frame}}{{$inline}}{{name}}{{/inline}}{{$body}}
            {{value}}
              nested {{name}}
            {{/body}}{{/frame}}
            {{/items}}
            tail   
            """
        let items: [TemplateValue] = (0..<40_000).map {
            ["name": .string("item\($0)"), "value": .int($0 * 7), "last": .bool($0 % 97 == 0)]
        }
        let context: TemplateValue = ["items": .list(items)]
        let template = try Template(source: source, name: "entry")
        let options = RenderOptions(escapesHTML: false, isStrict: true, removesTrailingWhitespace: true)
        var used: Set<String> = []
        let whole = try template.renderBytes(
            context, partials: PartialCache(sources: partials), options: options, usedPartials: &used)
        nonisolated(unsafe) var pieces: [[UInt8]] = []
        let count = try template.renderBytes(
            context, partials: PartialCache(sources: partials), options: options, usedPartials: &used
        ) { pieces.append(Array($0)) }
        XCTAssertGreaterThan(whole.count, 3 * TemplateRenderer.sinkChunk, "the test must cross several pieces")
        XCTAssertGreaterThan(pieces.count, 2)
        XCTAssertEqual(count, whole.count)
        XCTAssertEqual(pieces.joined().count, whole.count)
        XCTAssertTrue(Array(pieces.joined()) == whole, "the pieces are the bytes of the render into memory")
        for piece in pieces.dropLast() {
            XCTAssertEqual(piece.last, 0x0A, "every piece but the last ends a line")
        }
        XCTAssertFalse(String(decoding: whole, as: UTF8.self).contains(" \n"), "trailing blanks are trimmed")
    }

    /// The output limit counts the bytes already given to the sink.
    func testOutputLimitCountsThePiecesGiven() throws {
        let template = try Template(source: "{{#items}}{{.}}\n{{/items}}", name: "entry")
        let items = (0..<300_000).map { _ in TemplateValue.string(String(repeating: "x", count: 20)) }
        let options = RenderOptions(escapesHTML: false, isStrict: true, maxOutputBytes: 3 << 20)
        var used: Set<String> = []
        XCTAssertThrowsError(
            try template.renderBytes(
                ["items": .list(items)], partials: PartialCache(sources: [:]), options: options, usedPartials: &used
            ) { _ in }
        ) { error in
            XCTAssertTrue((error as? TemplateError)?.message.contains("passed the limit") == true, "\(error)")
        }
    }

    func pipeline(spools: Bool, templates: TemplateSet = .builtin) -> GeneratorPipeline {
        var options = GeneratorPipeline.Options(templates: templates)
        options.spoolsOutput = spools
        return GeneratorPipeline(options: options)
    }

    func testSpooledOutputIsWrittenByRenameAndEqualsTheOutputInMemory() throws {
        let spec = TestSupport.exampleSpec.path
        let inMemory = pipeline(spools: false).generate(specAt: spec)
        let spooled = pipeline(spools: true).generate(specAt: spec)
        let file = try XCTUnwrap(spooled.files.first)
        let spool = try XCTUnwrap(file.spool, "generate's output is in a temporary file")
        XCTAssertTrue(FileManager.default.fileExists(atPath: spool.path))
        XCTAssertEqual(file.bytes, inMemory.files.first?.bytes)
        XCTAssertEqual(file, inMemory.files.first, "equal by size and hash")
        XCTAssertEqual(
            GenerationStamp.contentHash(of: file),
            GenerationStamp.contentHash(try XCTUnwrap(inMemory.files.first).bytes))

        let directory = try TestSupport.temporaryDirectory(self)
        let target = directory.appendingPathComponent(file.name)
        let writer = OutputWriter()
        let report = try writer.apply(writer.plan([PlannedOutput(directory: directory.path, file: file)]))
        XCTAssertEqual(report.written, [target.path])
        XCTAssertEqual(try Data(contentsOf: target), Data(try XCTUnwrap(inMemory.files.first).bytes))
        XCTAssertEqual(try spools(for: file.name), [], "the temporary file was renamed, not copied")
        XCTAssertEqual(file.bytes, inMemory.files.first?.bytes, "the bytes are read from where they were put")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [file.name])

        // A second spooled run of the same spec is unchanged, and keeps a replaced file's bits.
        let again = try XCTUnwrap(pipeline(spools: true).generate(specAt: spec).files.first)
        let second = try writer.apply(writer.plan([PlannedOutput(directory: directory.path, file: again)]))
        XCTAssertEqual(second.unchanged, [target.path])
        XCTAssertEqual(try spools(for: file.name), [], "an unchanged output's temporary file is removed")
        XCTAssertEqual(again.bytes, inMemory.files.first?.bytes, "read from the file on disk")
        let third = try XCTUnwrap(pipeline(spools: true).generate(specAt: spec).files.first)
        let header = String(decoding: third.head.prefix { $0 != 0x0A }, as: UTF8.self)
        try Data((header + "\nold\n").utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        let replaced = try writer.apply(writer.plan([PlannedOutput(directory: directory.path, file: third)]))
        XCTAssertEqual(replaced.written, [target.path])
        XCTAssertEqual(try Data(contentsOf: target), Data(try XCTUnwrap(inMemory.files.first).bytes))
        let bits = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        XCTAssertEqual(bits, 0o640, "the replaced file's permission bits")
        XCTAssertEqual(try spools(for: file.name), [])
    }

    func testADroppedResultRemovesItsTemporaryFile() throws {
        var path: String?
        do {
            let result = pipeline(spools: true).generate(specAt: TestSupport.exampleSpec.path)
            path = result.files.first?.spool?.path
            XCTAssertNotNil(path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(path)))
    }

    func testAFailedRenderLeavesNoTemporaryFile() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        // Strict mode: the miss ends the render after the temporary file was made.
        try Data(
            "// Generated by stategen from {{specFile}}. Do not edit: change the spec and regenerate.\n{{#controls}}{{name}}\n{{/controls}}{{noSuchKey}}\n"
                .utf8
        ).write(to: templates.appendingPathComponent("stategen.swift.mustache"))
        let set = try TemplateSet.builtin(overriddenBy: templates.path)
        let before = try spools(for: "Controls.swift")
        let result = pipeline(spools: true, templates: set).generate(specAt: TestSupport.exampleSpec.path)
        XCTAssertTrue(result.hasErrors)
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("noSuchKey") }, "\(result.diagnostics)")
        XCTAssertEqual(try spools(for: "Controls.swift"), before, "no temporary file is left")
    }

    /// Where `TMPDIR` cannot hold the temporary file (a missing folder; a read-only one, unless
    /// the tests run as root), `generate` renders into memory and writes the same bytes.
    func testAnUnusableTemporaryFolderRendersIntoMemory() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let readOnly = directory.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let expected = try XCTUnwrap(pipeline(spools: false).generate(specAt: TestSupport.exampleSpec.path).files.first)
        for (index, folder) in [directory.appendingPathComponent("missing").path, readOnly.path].enumerated() {
            let output = directory.appendingPathComponent("out\(index)")
            let run = try TestSupport.run(
                TestSupport.stategenBinary, ["generate", TestSupport.exampleSpec.path, "--output", output.path],
                environment: ["TMPDIR": folder])
            XCTAssertEqual(run.status, 0, run.stderr)
            let written = try Data(contentsOf: output.appendingPathComponent(expected.name))
            // The header names the spec relative to the output folder; the rest is the same.
            let body = { (bytes: [UInt8]) in bytes.drop { $0 != 0x0A } }
            XCTAssertTrue(body(Array(written)) == body(expected.bytes), "TMPDIR \(folder)")
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".tmp") }, [])
        }
    }

    /// `TMPDIR` on another volume than the output (`/dev/shm`, a tmpfs, beside an ext4 `/tmp`):
    /// the rename fails, the bytes are copied beside the target, and the rendered file in
    /// `TMPDIR` is removed, for a new file and for an update.
    func testATemporaryFolderOnAnotherVolumeLeavesNothingThere() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        var shm = stat()
        var here = stat()
        guard stat("/dev/shm", &shm) == 0, stat(directory.path, &here) == 0, shm.st_dev != here.st_dev else {
            throw XCTSkip("no /dev/shm on another volume than \(directory.path)")
        }
        let folder = "/dev/shm/stategen-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let output = directory.appendingPathComponent("out")
        let target = output.appendingPathComponent("Controls.swift")
        for round in 0..<2 {
            if round == 1 {
                // Edited by hand, header kept: an update.
                let handle = try FileHandle(forWritingTo: target)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("// edited\n".utf8))
                try handle.close()
            }
            let run = try TestSupport.run(
                TestSupport.stategenBinary, ["generate", TestSupport.exampleSpec.path, "--output", output.path],
                environment: ["TMPDIR": folder])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.contains("wrote"), run.stdout + run.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "round \(round)")
        }
    }
}
