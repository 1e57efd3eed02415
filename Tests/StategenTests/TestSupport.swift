import Foundation
import XCTest

@testable import StategenCore

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/StategenTests/Fixtures")
    static let exampleSpec = packageRoot.appendingPathComponent("Examples/UIKitControls/controls.yml")
    static let exampleGenerated = packageRoot.appendingPathComponent("Examples/UIKitControls/Generated")
    /// Specs that must generate code which compiles and runs, besides the example.
    static let tortureSpec = fixtures.appendingPathComponent("valid/torture.yml")
    static let smallSpec = fixtures.appendingPathComponent("valid/small.yml")
    static let edgeCasesSpec = fixtures.appendingPathComponent("valid/edge-cases.yml")
    /// Three regions besides the main one, per-kind states and events, combinations everywhere.
    static let regionsSpec = fixtures.appendingPathComponent("valid/regions.yml")
    static let manyFlagsSpec = fixtures.appendingPathComponent("valid/many-flags.yml")

    /// The `stategen` executable built beside the test bundle.
    static var stategenBinary: URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for directory in candidates {
            let url = directory.appendingPathComponent("stategen")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/stategen")
    }

    private final class Marker {}

    /// A new empty temporary folder, removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stategen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Writes `text` to `name` in a new temporary folder and returns its path.
    static func write(_ text: String, named name: String = "spec.yml", in test: XCTestCase) throws -> String {
        let directory = try temporaryDirectory(test)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    struct ProcessResult {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs an executable to completion and captures its output; `environment` is added to
    /// the test's own environment (a `nil` value removes the variable).
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:]
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (name, value) in environment { merged[name] = value }
            process.environment = merged
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs, so that a full pipe cannot block it.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `swiftc` from the toolchain running the tests (`SWIFTC` overrides).
    static var swiftc: URL {
        if let path = ProcessInfo.processInfo.environment["SWIFTC"] { return URL(fileURLWithPath: path) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: "/usr/bin/swiftc")
    }

    /// The strict settings generated code must compile under.
    static let strictFlags = ["-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"]

    /// The default isolations generated code must compile under: none, and the main actor (an
    /// app target's default since Swift 6.2).
    static let isolationFlags: [[String]] = [[], ["-default-isolation", "MainActor"]]

    /// Runs each command, two at a time (the machine's cores are shared), and returns the
    /// results in order.
    static func runAll(_ commands: [(URL, [String])]) throws -> [ProcessResult] {
        let results = ResultBox(count: commands.count)
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for index in stride(from: lane, to: commands.count, by: 2) {
                results.set(index, Result { try run(commands[index].0, commands[index].1) })
            }
        }
        return try results.values.map { try $0!.get() }
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Result<ProcessResult, any Error>?]
        init(count: Int) { stored = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<ProcessResult, any Error>) {
            lock.withLock { stored[index] = value }
        }
        var values: [Result<ProcessResult, any Error>?] { lock.withLock { stored } }
    }

    /// The stub `UIKit` and `SwiftUI` modules (`Fixtures/Stubs`), built once per test run as
    /// static libraries: `-I` and `-L` the returned folder make `canImport(UIKit)` and
    /// `canImport(SwiftUI)` true, and `-lUIKit -lSwiftUI` link them.
    ///
    /// - Parameter libraryEvolution: build them resilient, as Apple's UIKit and SwiftUI are, for
    ///   modules built with `-enable-library-evolution` (which warn about importing a module
    ///   that is not). A second set, in its own folder.
    static func stubModules(libraryEvolution: Bool = false) throws -> URL {
        try (libraryEvolution ? StubModules.resilient : StubModules.shared).folder()
    }

    private final class StubModules: @unchecked Sendable {
        static let shared = StubModules(libraryEvolution: false)
        static let resilient = StubModules(libraryEvolution: true)
        /// The folders' name stems; the process id follows.
        static let stems = ["stategen-stubs-", "stategen-stubs-resilient-"]

        let libraryEvolution: Bool
        private let lock = NSLock()
        private var built: Result<URL, any Error>?

        init(libraryEvolution: Bool) {
            self.libraryEvolution = libraryEvolution
        }

        func folder() throws -> URL {
            try lock.withLock {
                if let built { return try built.get() }
                let result = Result { try build() }
                built = result
                return try result.get()
            }
        }

        private func build() throws -> URL {
            let stem = Self.stems[libraryEvolution ? 1 : 0]
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("\(stem)\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            atexit {
                for stem in StubModules.stems {
                    try? FileManager.default.removeItem(
                        at: FileManager.default.temporaryDirectory.appendingPathComponent(
                            "\(stem)\(ProcessInfo.processInfo.processIdentifier)"))
                }
            }
            // Resilient stubs import Foundation, which is not resilient on Linux (it is on Apple's
            // platforms): that warning is the stand-in's, so they are built without
            // -warnings-as-errors.
            let flags =
                libraryEvolution
                ? strictFlags.filter { $0 != "-warnings-as-errors" } + ["-enable-library-evolution"] : strictFlags
            let commands = ["UIKit", "SwiftUI"].map { module in
                (
                    TestSupport.swiftc,
                    flags + [
                        "-parse-as-library", "-emit-module", "-emit-library", "-static", "-module-name", module,
                        fixtures.appendingPathComponent("Stubs/\(module).swift").path,
                        "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path,
                        "-o", folder.appendingPathComponent("lib\(module).a").path,
                    ]
                )
            }
            for (command, result) in zip(commands, try runAll(commands)) where result.status != 0 {
                throw StubBuildError(message: "\(command.1.joined(separator: " ")):\n\(result.stderr)")
            }
            return folder
        }
    }

    struct StubBuildError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Builds `generated` as the static library module `Generated` with the stub UIKit and
    /// SwiftUI (in one package, so `package` declarations are visible), then the program
    /// `client` against it, in `directory`. Reports a failed build to XCTest and returns `nil`;
    /// returns the program's path otherwise.
    static func buildClient(
        of generated: URL, client: URL, in directory: URL, moduleFlags: [String] = [], clientFlags: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> URL? {
        let stubs = try stubModules()
        let common = strictFlags + ["-package-name", "Behaviour", "-I", stubs.path, "-I", directory.path]
        let module = try run(
            swiftc,
            common + moduleFlags + [
                "-parse-as-library", "-emit-module", "-emit-library", "-static", "-module-name", "Generated",
                generated.path, "-emit-module-path", directory.appendingPathComponent("Generated.swiftmodule").path,
                "-o", directory.appendingPathComponent("libGenerated.a").path,
            ])
        XCTAssertEqual(module.status, 0, String(module.stderr.prefix(4000)), file: file, line: line)
        guard module.status == 0 else { return nil }
        let binary = directory.appendingPathComponent("client")
        let built = try run(
            swiftc,
            common + clientFlags + [
                "-L", directory.path, "-L", stubs.path, client.path, "-lGenerated", "-lSwiftUI", "-lUIKit", "-o",
                binary.path,
            ])
        XCTAssertEqual(built.status, 0, "\(client.path)\n" + String(built.stderr.prefix(4000)), file: file, line: line)
        return built.status == 0 ? binary : nil
    }

    /// Runs the pipeline on spec text and returns the result.
    static func generate(_ text: String, in test: XCTestCase, name: String = "spec.yml") throws
        -> GeneratorPipeline.Result
    {
        let path = try write(text, named: name, in: test)
        return GeneratorPipeline().generate(specAt: path)
    }
}
