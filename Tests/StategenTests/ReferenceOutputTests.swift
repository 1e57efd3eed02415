import Foundation
import XCTest

@testable import StategenCore

/// Golden outputs (as swift-protobuf's `Reference/`): the Swift generated from every valid
/// fixture is checked in under `Tests/StategenTests/Reference/<spec name>/`, and the example's in
/// `Examples/UIKitControls/Generated` (the one copy, which `stategen check` also holds), so
/// that every change of the output shows as a reviewed diff. Each spec is generated in-process
/// as if into its reference folder (the header names the spec relative to it) and compared
/// byte for byte; `scripts/update-reference` regenerates the folders.
final class ReferenceOutputTests: XCTestCase {
    static let reference = TestSupport.packageRoot.appendingPathComponent("Tests/StategenTests/Reference")

    /// Each spec with the name and the folder of its reference.
    static var specs: [(name: String, spec: URL, folder: URL)] {
        let valid = TestSupport.fixtures.appendingPathComponent("valid")
        let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: valid.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted()
            .map { file -> (name: String, spec: URL, folder: URL) in
                let name = String(file.dropLast(".yml".count))
                return (name: name, spec: valid.appendingPathComponent(file), folder: reference.appendingPathComponent(name))
            }
        return [(name: "UIKitControls", spec: TestSupport.exampleSpec, folder: TestSupport.exampleGenerated)] + fixtures
    }

    func testEveryValidFixtureHasAReferenceFolder() {
        XCTAssertEqual(Self.specs.count, 6, "the example and the five valid fixtures")
    }

    func testGeneratedOutputMatchesTheReference() throws {
        for (name, spec, folder) in Self.specs {
            var options = GeneratorPipeline.Options()
            options.outputDirectory = folder.path
            let result = GeneratorPipeline(options: options).generate(specAt: spec.path)
            XCTAssertFalse(result.hasErrors, "\(name): \(result.diagnostics)")
            let hint = "run scripts/update-reference and review the diff"
            let checkedIn = Set(
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                    .filter { !$0.hasPrefix(".") })
            let generated = Set(result.files.map(\.name))
            XCTAssertEqual(checkedIn, generated, "\(name): the reference folder holds other files; \(hint)")
            for file in result.files {
                let golden = folder.appendingPathComponent(file.name)
                let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
                if file.contents != expected {
                    let diff = UnifiedDiff.render(
                        from: expected, to: file.contents,
                        oldLabel: "Reference/\(name)/\(file.name)", newLabel: "generated", context: 3)
                    XCTFail("Reference/\(name)/\(file.name) differs from the generated output; \(hint):\n\(diff)")
                }
            }
        }
    }
}
