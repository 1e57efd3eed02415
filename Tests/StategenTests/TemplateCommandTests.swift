import Foundation
import XCTest

@testable import StategenCore

/// The built-in templates travel inside the binary, and custom templates replace them by name.
final class TemplateCommandTests: XCTestCase {
    func stategen(_ arguments: [String], binary: URL = TestSupport.stategenBinary) throws -> TestSupport.ProcessResult {
        try TestSupport.run(binary, arguments)
    }

    /// Type-checks a generated file under the strict settings.
    func assertCompiles(_ file: URL, _ message: String, line: UInt = #line) throws {
        let result = try TestSupport.run(TestSupport.swiftc, TestSupport.strictFlags + ["-typecheck", file.path])
        XCTAssertEqual(result.status, 0, "\(message):\n\(result.stderr)", line: line)
    }

    func testTheBinaryWorksCopiedOutOfTheBuildTreeAndThroughASymlink() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let copy = directory.appendingPathComponent("bin/stategen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.stategenBinary, to: copy)
        let link = directory.appendingPathComponent("elsewhere/sg")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: copy)
        for (binary, name) in [(copy, "copy"), (link, "symlink")] {
            let output = directory.appendingPathComponent("out-\(name)")
            let result = try TestSupport.run(
                binary, ["generate", TestSupport.exampleSpec.path, "--output", output.path], in: directory)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let generated = output.appendingPathComponent("Controls.swift")
            // The same bytes as the library's own pipeline gives for that output folder (the
            // header names the spec relative to it).
            let expected = GeneratorPipeline(options: .init(outputDirectory: output.path))
                .generate(specAt: TestSupport.exampleSpec.path).files.first?.contents
            XCTAssertEqual(try String(contentsOf: generated, encoding: .utf8), expected, name)
            try assertCompiles(generated, name)
        }
    }

    func testListAndPrintTheBuiltIns() throws {
        let list = try stategen(["templates", "list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(
            list.stdout,
            "attribute-set\ncontrol\ncontrol-swiftui\ncontrol-uikit\nnamespace\nstategen.swift  (entry)\nswiftui\nuikit\n"
        )
        let printed = try stategen(["templates", "print", "control"])
        XCTAssertEqual(printed.status, 0)
        XCTAssertEqual(printed.stdout, TemplateSet.builtin.sources["control"])
        let unknown = try stategen(["templates", "print", "contrl"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'control'?"), unknown.stderr)
    }

    func testACustomTemplateReplacesTheBuiltInOfItsName() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        // Start from the built-in, as a user would, and add a member to every kind.
        let printed = try stategen(["templates", "print", "control"])
        XCTAssertEqual(printed.status, 0)
        let marker = "        /// The state a new `{{name}}` is in."
        XCTAssertTrue(printed.stdout.contains(marker))
        let changed = printed.stdout.replacingOccurrences(
            of: marker,
            with: "        /// The spec name of this kind (added by a custom template).\n"
                + "        {{accessModifier}}static let specName = \"{{name}}\"\n\n" + marker)
        try Data(changed.utf8).write(to: templates.appendingPathComponent("control.mustache"))
        let output = directory.appendingPathComponent("out")
        let result = try stategen([
            "generate", TestSupport.exampleSpec.path, "--output", output.path, "--templates", templates.path,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let generated = output.appendingPathComponent("Controls.swift")
        let text = try String(contentsOf: generated, encoding: .utf8)
        XCTAssertTrue(text.contains("public static let specName = \"PushButton\""), text)
        // The templates that were not replaced are the built-ins: the attribute sets are there.
        XCTAssertTrue(text.contains("public struct LabelAttributes"))
        try assertCompiles(generated, "custom template output")
    }

    /// Issue 15, defect 5: custom partials that multiply (ten levels of a partial including the
    /// next twice, around 1 MiB of text: 1 GiB) stop at the default 512 MiB output limit with
    /// an error at the tag in the template file, and nothing is written.
    func testMultiplyingCustomTemplatesStopAtTheOutputLimit() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = try TestSupport.writeMultiplyingTemplates(in: directory)
        let output = directory.appendingPathComponent("out")
        let result = try stategen([
            "generate", TestSupport.exampleSpec.path, "--output", output.path, "--templates", templates.path,
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains(
                "\(templates.path)/p9.mustache:1:9: error: the output passed the limit of 536870912 bytes"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing may be written")
    }

    func testTemplateErrorsAreLocatedInTheTemplateFile() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("attribute-set.mustache")
        try Data("// first line\n{{#attributes}}\n  {{propertyNme}}\n{{/attributes}}\n".utf8).write(to: template)
        let output = directory.appendingPathComponent("out")
        let missing = try stategen([
            "generate", TestSupport.exampleSpec.path, "--output", output.path, "--templates", templates.path,
        ])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("\(template.path):3:3: error:"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("propertyNme"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing may be written")

        try Data("{{#attributes}}\n{{name}}\n".utf8).write(to: template)
        let unclosed = try stategen([
            "generate", TestSupport.exampleSpec.path, "--output", output.path, "--templates", templates.path,
        ])
        XCTAssertEqual(unclosed.status, 1)
        XCTAssertTrue(unclosed.stderr.contains("\(template.path):1:1: error:"), unclosed.stderr)
    }

    /// A custom template whose set-delimiter tag makes the closing delimiter begin with a tag
    /// sigil, then an empty tag of that sigil (`{{=| /|=}}|/|`), is a located template error and
    /// exit 1 for each of the eight sigils, nothing written. Before, `generate` died of SIGILL in
    /// the template parser (issue 25).
    func testADelimiterThatBeginsWithASigilIsALocatedErrorNotATrap() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("attribute-set.mustache")
        let output = directory.appendingPathComponent("out")
        for sigil in ["/", "!", "#", ">", "^", "&", "<", "$"] {
            try Data("// first line\n{{=| \(sigil)|=}}|\(sigil)|\n".utf8).write(to: template)
            let result = try stategen([
                "generate", TestSupport.exampleSpec.path, "--output", output.path, "--templates", templates.path,
            ])
            XCTAssertEqual(result.status, 1, "\(sigil): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("\(template.path):2:11: error: unclosed tag: missing '\(sigil)|'"),
                "\(sigil): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing may be written")
        }
    }

    /// A template file that is not a regular file (a FIFO, a folder) or not UTF-8 is refused at
    /// once as a file that cannot be read (`io`), naming why; the run never blocks on a FIFO.
    /// Before, all of them read "cannot read the template as UTF-8 text [output]" (found by
    /// issue 15's last new-user trial).
    func testATemplateFileThatCannotBeReadSaysWhy() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let output = directory.appendingPathComponent("out").path
        let cases: [(make: (String) throws -> Void, message: String)] = [
            ({ XCTAssertEqual(mkfifo($0, 0o644), 0) }, "cannot read the template: it is not a regular file [io]"),
            (
                { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
                "cannot read the template: it is a folder, not a file [io]"
            ),
            (
                { try Data([0x7B, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: $0)) },
                "the template is not UTF-8 text [io]"
            ),
        ]
        for (index, item) in cases.enumerated() {
            let templates = directory.appendingPathComponent("templates\(index)")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            let template = templates.appendingPathComponent("control.mustache").path
            try item.make(template)
            let result = try stategen([
                "generate", TestSupport.exampleSpec.path, "--output", output, "--templates", templates.path,
            ])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, "\(template): error: \(item.message)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing may be written")
        }
    }

    func testContextPrintsTheVersionedTemplateData() throws {
        let result = try stategen(["context", TestSupport.exampleSpec.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let context = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(context["contextVersion"] as? Int, TemplateContextBuilder.contextVersion)
        XCTAssertEqual(context["module"] as? String, "Controls")
        let controls = try XCTUnwrap(context["controls"] as? [[String: Any]])
        XCTAssertEqual(controls.map { $0["name"] as? String }.first, "PushButton")
        let bad = try stategen([
            "context", SpecDiagnosticsTests.directory.appendingPathComponent("unknown-key.yml").path,
        ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stdout, "")
    }

    /// `context` takes the options of `generate` that change the context, and prints what
    /// `generate` renders with them.
    func testContextTakesTheOptionsThatChangeIt() throws {
        let result = try stategen([
            "context", TestSupport.exampleSpec.path, "--layout", "split", "--no-codable", "--provenance",
            "--access", "internal", "--file", "Controls+PushButton.swift",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let context = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(context["layout"] as? String, "split")
        // A kind's file of the split layout: its one kind, not the shared part.
        XCTAssertEqual((context["controls"] as? [[String: Any]])?.map { $0["name"] as? String }, ["PushButton"])
        XCTAssertEqual(context["sharedFile"] as? Bool, false)
        XCTAssertEqual(context["codable"] as? Bool, false)
        XCTAssertEqual(context["provenance"] as? Bool, true)
        XCTAssertEqual(context["access"] as? String, "internal")
        let plain = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(try stategen(["context", TestSupport.exampleSpec.path]).stdout.utf8))
                as? [String: Any])
        XCTAssertEqual(plain["layout"] as? String, "single")
        // The shared file of the split layout has no kinds.
        let shared = try stategen([
            "context", TestSupport.exampleSpec.path, "--layout", "split", "--file", "Controls.swift",
        ])
        XCTAssertEqual(shared.status, 0, shared.stderr)
        let sharedContext = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(shared.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((sharedContext["controls"] as? [Any])?.count, 0)
        XCTAssertEqual(sharedContext["sharedFile"] as? Bool, true)
        // Split without --file: which file's context is meant? A usage error listing them.
        let unnamed = try stategen(["context", TestSupport.exampleSpec.path, "--layout", "split"])
        XCTAssertEqual(unnamed.status, 2)
        XCTAssertEqual(unnamed.stdout, "")
        XCTAssertTrue(unnamed.stderr.contains("--file ('Controls.swift', 'Controls+PushButton.swift'"), unnamed.stderr)
        // With the output folder, specPath is the header's path from it.
        let located = try stategen([
            "context", TestSupport.exampleSpec.path, "--output",
            TestSupport.exampleSpec.deletingLastPathComponent()
                .appendingPathComponent("Generated").path,
        ])
        let locatedContext = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(located.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(locatedContext["specPath"] as? String, "../controls.yml", located.stderr)
        // The output folder given twice, under either spelling, is a usage error, as for generate.
        for command in ["context", "generate"] {
            let twice = try stategen([command, TestSupport.exampleSpec.path, "-o", "a", "--output", "b"])
            XCTAssertEqual(twice.status, 2, command)
            XCTAssertTrue(twice.stderr.contains("option '--output' is given twice (as -o too)"), twice.stderr)
        }
        // A file generate does not write.
        let missing = try stategen(["context", TestSupport.exampleSpec.path, "--file", "Controls+Nope.swift"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertTrue(missing.stderr.contains("no file named 'Controls+Nope.swift'"), missing.stderr)
        // Options that change no context are refused.
        XCTAssertEqual(try stategen(["context", TestSupport.exampleSpec.path, "--templates", "t"]).status, 2)
    }
}
