import Foundation
import XCTest

@testable import StategenCore

/// Shared helpers for the tests of the build-integration subcommands: a temporary project
/// folder holding the starter spec, and the `stategen` binary run in it.
class ProjectTestCase: XCTestCase {
    var project: URL!

    override func setUpWithError() throws {
        project = try TestSupport.temporaryDirectory(self)
    }

    @discardableResult
    func stategen(_ arguments: [String], in directory: URL? = nil) throws -> TestSupport.ProcessResult {
        try TestSupport.run(TestSupport.stategenBinary, arguments, in: directory ?? project)
    }

    /// Writes `text` at `path` in the project folder.
    func write(_ text: String, _ path: String) throws {
        let url = project.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: project.appendingPathComponent(path).path)
    }

    /// The starter spec with another module name.
    func spec(module: String) -> String {
        StarterSpec.text.replacingOccurrences(of: "module: Controls", with: "module: \(module)")
    }
}
