import Foundation
import XCTest

@testable import StategenCore

/// `generate` frees what it no longer needs as it goes (so that its peak holds one form of the
/// kinds, not two): the YAML tree of each kind once the kind is decoded
/// (`SpecDecoder.decode(releasing:)`), each kind's decoded values once it is checked
/// (`SpecValidator.validate(_:kinds:)`), and the value sources a render never reads
/// (`SpecValidator.keepsValueSources`). These tests hold each of those to what the run that
/// keeps everything gives, over every fixture, valid and invalid, and the example.
final class ReleasedIntermediatesTests: XCTestCase {
    static var specs: [URL] {
        let fixtures = ["valid", "invalid"].flatMap { folder in
            let url = TestSupport.fixtures.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".yml") }.sorted().map { url.appendingPathComponent($0) }
        }
        return fixtures + [TestSupport.exampleSpec]
    }

    func tree(_ url: URL) throws -> YAMLNode? {
        let bytes = try Array(Data(contentsOf: url))
        return try? YAMLReader().read(bytes, path: url.path).first?.root
    }

    /// What a decode gives, in a form that compares: the diagnostics, and each kind's name and
    /// the number of values of each of its attributes.
    func decoded(_ url: URL, releasing: Bool) throws -> ([Diagnostic], [String])? {
        guard let root = try tree(url) else { return nil }
        let diagnostics = DiagnosticCollector()
        let decoder = SpecDecoder(diagnostics: diagnostics)
        // Held here, the tree is shared, so nothing of it is freed; handed over, it is.
        let spec = releasing ? decoder.decode(releasing: root) : withExtendedLifetime(root) { decoder.decode(root) }
        let kinds = (spec?.controls ?? []).map { kind in
            "\(kind.name.value) \(kind.name.location) "
                + kind.values.map { "\($0.attribute.value):\($0.values.count)" }
                .joined(separator: ",")
        }
        return (diagnostics.diagnostics, kinds)
    }

    func testHandingTheTreeOverDecodesTheSameSpec() throws {
        var compared = 0
        for url in Self.specs {
            guard let kept = try decoded(url, releasing: false), let handedOver = try decoded(url, releasing: true)
            else { continue }
            XCTAssertEqual(kept.0, handedOver.0, "diagnostics of \(url.lastPathComponent)")
            XCTAssertEqual(kept.1, handedOver.1, "kinds of \(url.lastPathComponent)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 50, "the fixtures that are well-formed YAML, valid and invalid specs")
    }

    /// A validation that keeps no value sources for a render reports the same, and keeps the
    /// sources of every kind the contrast audit reads.
    func testARenderKeepsOnlyTheSourcesTheContrastAuditReads() throws {
        var withPairs = 0
        for url in Self.specs {
            func validated(keepsSources: Bool) throws -> ([Diagnostic], CheckedSpec?)? {
                guard let root = try tree(url) else { return nil }
                let diagnostics = DiagnosticCollector()
                guard let spec = SpecDecoder(diagnostics: diagnostics).decode(releasing: root) else { return nil }
                var validator = SpecValidator(diagnostics: diagnostics)
                validator.keepsValueSources = keepsSources
                let checked = validator.validate(spec)
                if let checked, checked.controls.contains(where: { !$0.contrastPairs.isEmpty }) {
                    ContrastAudit.report(
                        ContrastAudit.results(checked, styles: ResolvedStyles(checked)), to: diagnostics)
                }
                return (diagnostics.diagnostics, checked)
            }
            guard let kept = try validated(keepsSources: true), let dropped = try validated(keepsSources: false)
            else { continue }
            XCTAssertEqual(kept.0, dropped.0, "diagnostics of \(url.lastPathComponent)")
            guard let all = kept.1, let some = dropped.1 else {
                XCTAssertNil(kept.1)
                XCTAssertNil(dropped.1)
                continue
            }
            for (full, lean) in zip(all.controls, some.controls) {
                let fullSources = full.attributeSets.flatMap(\.attributes).map(\.sourceList.count)
                let leanSources = lean.attributeSets.flatMap(\.attributes).map(\.sourceList.count)
                if full.contrastPairs.isEmpty {
                    XCTAssertTrue(leanSources.allSatisfy { $0 == 0 }, "\(full.name.value) in \(url.lastPathComponent)")
                } else {
                    withPairs += 1
                    XCTAssertEqual(fullSources, leanSources, "\(full.name.value) in \(url.lastPathComponent)")
                }
                XCTAssertEqual(
                    full.attributeSets.flatMap(\.attributes).map(\.values.count),
                    lean.attributeSets.flatMap(\.attributes).map(\.values.count))
            }
        }
        XCTAssertGreaterThan(withPairs, 0, "some fixture has a kind with contrast pairs")
    }
}
