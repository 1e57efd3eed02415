import Foundation
import XCTest

@testable import StategenCore

/// The generated Swift of every valid fixture, held to the golden copy under
/// `Tests/StategenTests/Reference/<fixture>/`, so that every change of the output shows as a
/// reviewed diff (as swift-protobuf's `Reference/`). Regenerate with `scripts/update-reference`.
final class ReferenceOutputTests: XCTestCase {
    static let reference = TestSupport.packageRoot.appendingPathComponent("Tests/StategenTests/Reference")

    func testEveryValidFixtureGeneratesItsReference() throws {
        let valid = TestSupport.fixtures.appendingPathComponent("valid")
        let specs = try FileManager.default.contentsOfDirectory(atPath: valid.path).filter { $0.hasSuffix(".yml") }
            .sorted()
        XCTAssertGreaterThanOrEqual(specs.count, 5)
        for spec in specs {
            let name = String(spec.dropLast(".yml".count))
            let folder = Self.reference.appendingPathComponent(name)
            let result = GeneratorPipeline(options: .init(outputDirectory: folder.path))
                .generate(specAt: valid.appendingPathComponent(spec).path)
            XCTAssertFalse(result.hasErrors, "\(spec): \(result.diagnostics)")
            let expected = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }.sorted()
            XCTAssertEqual(result.files.map(\.name).sorted(), expected, "\(spec): the files generated")
            for file in result.files {
                let golden = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
                let diff = UnifiedDiff.render(
                    from: golden, to: file.contents, oldLabel: "Reference/\(name)/\(file.name)",
                    newLabel: "generated")
                XCTAssertTrue(
                    diff.isEmpty,
                    "\(spec) no longer generates its reference; if the change is meant, run scripts/update-reference "
                        + "and review the diff:\n" + diff.prefix(4000))
            }
        }
    }
}
