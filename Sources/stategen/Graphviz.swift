import Foundation

/// Graphviz's `dot`, run to turn a kind's DOT into SVG for the preview.
enum Graphviz {
    struct Failure: Error {
        var message: String
    }

    /// `dot` on `PATH`, if it is there.
    static func dotExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// `dot -Tsvg` of `source`. The DOT goes through a temporary file rather than a pipe, so
    /// that a `dot` that exits early cannot stop stategen with `SIGPIPE`.
    static func svg(of source: String, dot: URL) -> Result<String, Failure> {
        let input = FileManager.default.temporaryDirectory
            .appendingPathComponent("stategen-preview-\(UUID().uuidString.prefix(8)).dot")
        do {
            try Data(source.utf8).write(to: input)
        } catch {
            return .failure(Failure(message: "cannot write \(input.path) for dot: \(error.localizedDescription)"))
        }
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "cannot run \(dot.path): \(error.localizedDescription)"))
        }
        // Read standard error beside standard output, so that neither pipe can fill and block dot.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(
                Failure(message: "dot exited with \(process.terminationStatus)" + (detail.isEmpty ? "" : ": \(detail)"))
            )
        }
        return .success(String(decoding: svg, as: UTF8.self))
    }
}
