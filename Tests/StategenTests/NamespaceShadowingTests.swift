import Foundation
import XCTest

@testable import StategenCore

/// A spec's `module: Controls` is `public enum Controls`; compiled in a Swift module also named
/// `Controls`, the module's `.swiftinterface` names its types `Controls.Controls.X`, which a
/// client's compiler reads as a member `Controls` of the enum and rejects (swift#56573).
/// stategen warns (`namespace-shadows-module`) when it knows the Swift module's name:
/// `--swift-module`, `swiftModule:` in `stategen.yml`, or Xcode's `PRODUCT_MODULE_NAME`.
final class NamespaceShadowingTests: ProjectTestCase {
    static let rule = RuleID.namespaceShadowsModule

    func testWarningWhenTheSwiftModuleHasTheNamespacesName() throws {
        func warnings(_ options: GeneratorPipeline.Options) -> [Diagnostic] {
            let result = GeneratorPipeline(options: options).generate(specAt: TestSupport.exampleSpec.path)
            XCTAssertFalse(result.files.isEmpty, "a warning does not stop generation")
            return result.diagnostics.filter { $0.rule == Self.rule }
        }
        let found = warnings(.init(swiftModule: "Controls"))
        XCTAssertEqual(found.count, 1)
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.severity, .warning)
        // At the value of `module:` (controls.yml line 5: `module: Controls`).
        XCTAssertEqual(warning.location, SourceLocation(path: TestSupport.exampleSpec.path, line: 5, column: 9))
        XCTAssertTrue(warning.message.contains("'Controls.Controls.X'"), warning.message)
        XCTAssertTrue(warning.message.contains("swift#56573"), warning.message)
        XCTAssertTrue(warning.message.contains("rename 'module' (such as 'ControlsSpec')"), warning.message)
        XCTAssertTrue(
            warning.notes.contains { $0.message.contains("-Xfrontend -enable-module-selectors-in-module-interface") })

        XCTAssertEqual(warnings(.init()), [], "no module name, no warning")
        XCTAssertEqual(warnings(.init(swiftModule: "DesignSystem")), [])
        XCTAssertEqual(warnings(.init(access: .internal, swiftModule: "Controls")), [], "internal: in no interface")
        XCTAssertEqual(warnings(.init(access: .package, swiftModule: "Controls")).count, 1, "the package interface")
    }

    /// `--swift-module` over `swiftModule:` (an entry's over the file's) over
    /// `PRODUCT_MODULE_NAME`, for every spec-reading subcommand.
    func testSwiftModuleFromTheCommandLineTheConfigurationAndXcodesEnvironment() throws {
        try write(StarterSpec.text, "controls.yml")
        let line = try XCTUnwrap(
            StarterSpec.text.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.hasPrefix("module: Controls") })
        let located = "controls.yml:\(line + 1):9: warning: namespace 'Controls' has the name of the Swift module"
        func lint(_ arguments: [String], module: String?) throws -> TestSupport.ProcessResult {
            try TestSupport.run(
                TestSupport.stategenBinary, ["lint"] + arguments, in: project,
                environment: ["PRODUCT_MODULE_NAME": module])
        }
        func warns(_ result: TestSupport.ProcessResult) -> Bool { result.stderr.contains("[\(Self.rule)]") }

        var result = try lint(["controls.yml"], module: nil)
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(warns(result), result.stderr)
        result = try lint(["controls.yml"], module: "Controls")
        XCTAssertEqual(result.status, 0, "a warning")
        XCTAssertTrue(result.stderr.contains(located), result.stderr)
        result = try lint(["controls.yml", "--swift-module", "Controls"], module: nil)
        XCTAssertTrue(result.stderr.contains(located), result.stderr)
        XCTAssertFalse(warns(try lint(["controls.yml", "--swift-module", "App"], module: "Controls")))
        XCTAssertEqual(try lint(["controls.yml", "--swift-module", ""], module: nil).status, 2)
        let dotted = try lint(["controls.yml", "--swift-module", "A.B"], module: nil)
        XCTAssertEqual(dotted.status, 2)
        XCTAssertTrue(dotted.stderr.contains("must name a Swift module"), dotted.stderr)
        XCTAssertTrue(
            try lint(["controls.yml", "--codable=yes"], module: nil).stderr.contains("is a flag and takes no value"))
        XCTAssertEqual(
            try lint(["controls.yml", "--swift-module", "Controls", "--warnings-as-errors"], module: nil).status, 1)

        for subcommand in ["generate", "check", "outputs"] {
            let run = try TestSupport.run(
                TestSupport.stategenBinary, [subcommand, "controls.yml", "--output", "Generated"], in: project,
                environment: ["PRODUCT_MODULE_NAME": "Controls"])
            XCTAssertTrue(run.stderr.contains(located), "\(subcommand): \(run.stderr)")
        }

        // stategen.yml: the top level's, an entry's over it, and either over the environment.
        try write(
            """
            stategen: 1
            swiftModule: Controls
            outputs:
              - specs: [controls.yml]
                output: Generated

            """, "stategen.yml")
        XCTAssertTrue(warns(try lint([], module: nil)))
        try write(
            """
            stategen: 1
            swiftModule: Controls
            outputs:
              - specs: [controls.yml]
                output: Generated
                swiftModule: App

            """, "stategen.yml")
        XCTAssertFalse(warns(try lint([], module: "Controls")))
        XCTAssertTrue(warns(try lint(["--swift-module", "Controls"], module: nil)))
    }

    /// The failure itself, and the ways out, verified as a client's compiler reads the
    /// interface: the example built for library evolution as the Swift module `Controls`
    /// fails; with `module: ControlsSpec`, or with module selectors in the interface
    /// (`-Xfrontend -enable-module-selectors-in-module-interface`, Swift 6.3), it passes.
    /// (`-Xfrontend -alias-module-names-in-module-interface`, the older workaround, crashes
    /// Swift 6.3.1's verifier on this code and breaks `UIKit.`-qualified inlinable code.)
    func testInterfaceOfAModuleNamedAsItsNamespaceVerifiesOnlyWithAWayOut() throws {
        let stubs = try TestSupport.stubModules(libraryEvolution: true)
        // The example renamed, beside its token files.
        let renamed = project.appendingPathComponent("renamed")
        try FileManager.default.createDirectory(at: renamed, withIntermediateDirectories: true)
        let example = TestSupport.exampleSpec.deletingLastPathComponent()
        for file in try FileManager.default.contentsOfDirectory(atPath: example.path) where file.hasSuffix(".json") {
            try FileManager.default.copyItem(
                at: example.appendingPathComponent(file), to: renamed.appendingPathComponent(file))
        }
        let text = try String(contentsOf: TestSupport.exampleSpec, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\nmodule: Controls\n", with: "\nmodule: ControlsSpec\n").utf8)
            .write(to: renamed.appendingPathComponent("controls.yml"))

        struct Cell {
            var name: String
            var spec: URL
            var flags: [String]
            var warns: Bool
            var verifies: Bool
        }
        let lenient = TestSupport.strictFlags.filter { $0 != "-warnings-as-errors" }
        let cells = [
            // The compiler also warns that the enum shadows its module, an error with
            // -warnings-as-errors: built without, so that the interface is written.
            Cell(name: "same names", spec: TestSupport.exampleSpec, flags: lenient, warns: true, verifies: false),
            Cell(
                name: "module: ControlsSpec", spec: renamed.appendingPathComponent("controls.yml"),
                flags: TestSupport.strictFlags, warns: false, verifies: true),
            Cell(
                name: "module selectors", spec: TestSupport.exampleSpec,
                flags: TestSupport.strictFlags + ["-Xfrontend", "-enable-module-selectors-in-module-interface"],
                warns: true, verifies: true),
        ]
        var builds: [(URL, [String])] = []
        var verifications: [(URL, [String])] = []
        for (index, cell) in cells.enumerated() {
            let folder = project.appendingPathComponent("cell\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let result = GeneratorPipeline(options: .init(swiftModule: "Controls")).generate(specAt: cell.spec.path)
            XCTAssertEqual(result.diagnostics.contains { $0.rule == Self.rule }, cell.warns, cell.name)
            let file = try XCTUnwrap(result.files.first)
            let source = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: source)
            let interface = folder.appendingPathComponent("Controls.swiftinterface").path
            builds.append(
                (
                    TestSupport.swiftc,
                    cell.flags + [
                        "-wmo", "-parse-as-library", "-enable-library-evolution", "-module-name", "Controls", "-I",
                        stubs.path, "-emit-module", "-emit-module-path",
                        folder.appendingPathComponent("Controls.swiftmodule").path, "-emit-module-interface-path",
                        interface, "-no-verify-emitted-module-interface", source.path,
                    ]
                ))
            verifications.append(
                (TestSupport.swiftc, CompileMatrixTests.verifyInterface(interface, "Controls", stubs)))
        }
        let built = try TestSupport.runAll(builds)
        for (cell, result) in zip(cells, built) {
            XCTAssertEqual(result.status, 0, "\(cell.name):\n\(result.stderr.prefix(4000))")
        }
        guard built.allSatisfy({ $0.status == 0 }) else { return }
        for (cell, result) in zip(cells, try TestSupport.runAll(verifications)) {
            if cell.verifies {
                XCTAssertEqual(result.status, 0, "\(cell.name):\n\(result.stderr.prefix(4000))")
            } else {
                XCTAssertNotEqual(result.status, 0, "\(cell.name): the interface verified")
                XCTAssertTrue(
                    result.stderr.contains("'Controls' is not a member type of enum 'Controls.Controls'"),
                    "\(cell.name):\n\(result.stderr.prefix(4000))")
            }
        }
    }
}
