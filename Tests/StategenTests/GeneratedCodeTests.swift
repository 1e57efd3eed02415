import Foundation
import XCTest

@testable import StategenCore

/// The generated Swift: the checked-in example output is current (golden file), generation is
/// deterministic, and the code compiles under Swift 6's strict settings and behaves.
final class GeneratedCodeTests: XCTestCase {
    func generateExample(options: GeneratorPipeline.Options = .init()) throws -> GeneratedFile {
        let result = GeneratorPipeline(options: options).generate(specAt: TestSupport.exampleSpec.path)
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)")
        return try XCTUnwrap(result.files.first)
    }

    func testExampleMatchesCheckedInOutput() throws {
        let file = try generateExample()
        let golden = TestSupport.exampleGenerated.appendingPathComponent(file.name)
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if file.contents != expected {
            let lines = zip(
                file.contents.split(separator: "\n", omittingEmptySubsequences: false),
                expected.split(separator: "\n", omittingEmptySubsequences: false))
            let first = lines.enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail(
                """
                \(golden.path) is stale; regenerate it with
                  swift run stategen generate Examples/UIKitControls/controls.yml --output Examples/UIKitControls/Generated
                first difference at line \((first?.offset ?? 0) + 1):
                  generated: \(first?.element.0 ?? "")
                  checked in: \(first?.element.1 ?? "")
                """)
        }
    }

    func testGenerationIsDeterministic() throws {
        let first = try generateExample()
        let second = try generateExample()
        XCTAssertEqual(first, second)
        XCTAssertFalse(first.contents.contains("/work/"), "output must not carry absolute paths")
    }

    func testExampleTypeChecksUnderStrictSwift6ForEveryAccessLevel() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        for access in AccessLevel.allCases {
            let file = try generateExample(options: .init(access: access))
            let url = directory.appendingPathComponent("\(access)-\(file.name)")
            try Data(file.contents.utf8).write(to: url)
            let result = try TestSupport.run(
                TestSupport.swiftc,
                TestSupport.strictFlags + ["-typecheck", "-package-name", "Example", "-parse-as-library", url.path])
            XCTAssertEqual(result.status, 0, "access \(access):\n\(result.stderr)")
        }
    }

    func testSelectedDoesNotCompileOnAKindWithoutSelection() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let file = try generateExample()
        let generated = directory.appendingPathComponent(file.name)
        try Data(file.contents.utf8).write(to: generated)
        let misuse = directory.appendingPathComponent("Misuse.swift")
        try Data("let state: Controls.PushButton.State = .selected\n".utf8).write(to: misuse)
        let result = try TestSupport.run(
            TestSupport.swiftc, TestSupport.strictFlags + ["-typecheck", generated.path, misuse.path])
        XCTAssertNotEqual(result.status, 0, "a push button must have no 'selected' state")
        XCTAssertTrue(result.stderr.contains("has no member 'selected'"), result.stderr)

        // The same line on a kind with selection compiles.
        try Data("let state: Controls.Segment.State = .selected\n".utf8).write(to: misuse)
        let fine = try TestSupport.run(
            TestSupport.swiftc, TestSupport.strictFlags + ["-typecheck", generated.path, misuse.path])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// Builds the generated code with a driver that walks every transition row and every
    /// fallback, runs it, and compares what it prints.
    func testGeneratedCodeRunsAsTheSpecSays() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let file = try generateExample()
        let generated = directory.appendingPathComponent(file.name)
        try Data(file.contents.utf8).write(to: generated)
        let driver = directory.appendingPathComponent("main.swift")
        try Data(
            #"""
            var button = Controls.PushButton.Machine()
            print(button.state, button.send(.touchDown), button.send(.touchUpInside), button.state)
            print(button.send(.enable), button.send(.disable), button.send(.touchDown), button.state)
            var segment = Controls.Segment.Machine()
            print(segment.send(.touchDown), segment.send(.touchUpInside), segment.send(.touchDown), segment.state)
            print(Controls.Segment.target(from: .selected, on: .deselect) as Any)
            print(Controls.PushButton.events(allowedIn: .highlighted))
            print(Controls.PushButton.transitions.count, Controls.Segment.transitions.count)
            let label = Controls.PushButton.LabelAttributes.spec
            print(label.resolved(for: .normal).font, label.resolved(for: .highlighted).font)
            print(label.titleColor[.disabled] == Controls.Color(rgba: 0xFFFFFF80))
            var custom = Controls.Segment.LabelAttributes.spec
            print(custom.titleColor[.highlighted] == custom.titleColor[.normal])
            custom.titleColor.highlighted = Controls.Color(red: 1, green: 0, blue: 0)
            print(custom.resolved(for: .highlighted).titleColor.red)
            print(Controls.Switch.AccessibilityAttributes.spec.accessibilityValue[.selected])
            print(Controls.Switch.State.allCases.map(\.rawValue))
            """#.utf8
        ).write(to: driver)
        let binary = directory.appendingPathComponent("driver")
        let build = try TestSupport.run(
            TestSupport.swiftc, TestSupport.strictFlags + [generated.path, driver.path, "-o", binary.path])
        XCTAssertEqual(build.status, 0, build.stderr)
        let run = try TestSupport.run(binary, [])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout.replacingOccurrences(of: "driver.", with: ""),
            """
            normal moved(from: Controls.PushButton.State.normal, to: Controls.PushButton.State.highlighted) moved(from: Controls.PushButton.State.highlighted, to: Controls.PushButton.State.normal) normal
            ignored moved(from: Controls.PushButton.State.normal, to: Controls.PushButton.State.disabled) ignored disabled
            moved(from: Controls.Segment.State.normal, to: Controls.Segment.State.highlighted) moved(from: Controls.Segment.State.highlighted, to: Controls.Segment.State.selected) moved(from: Controls.Segment.State.selected, to: Controls.Segment.State.selected) selected
            Optional(Controls.Segment.State.normal)
            [Controls.PushButton.Event.touchUpInside, Controls.PushButton.Event.touchUpOutside, Controls.PushButton.Event.touchCancel, Controls.PushButton.Event.disable]
            7 11
            headline headline
            true
            true
            1.0
            1
            ["normal", "highlighted", "disabled", "selected"]

            """)
    }
}

/// The templates built into the binary are the ones in `Templates/`.
final class BuiltinTemplateTests: XCTestCase {
    func testEmbeddedTemplatesMatchTheTemplatesFolder() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".mustache") }.sorted()
        let names = files.map { String($0.dropLast(".mustache".count)) }
        XCTAssertEqual(names, TemplateSet.builtin.sources.keys.sorted(), "run scripts/embed-templates")
        for (file, name) in zip(files, names) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(
                TemplateSet.builtin.sources[name], text,
                "\(file) differs from the embedded copy; run scripts/embed-templates")
        }
    }
}
