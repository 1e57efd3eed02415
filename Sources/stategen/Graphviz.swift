import Foundation
import StategenCore

/// Graphviz's `dot`, run to turn a kind's DOT into SVG for the preview.
enum Graphviz {
    struct Failure: Error {
        var message: String
    }

    /// How long one run of `dot` may take, in seconds, before it is stopped and counted as a
    /// failure: `STATEGEN_DOT_TIMEOUT` when it is a number of seconds above 0 and at most a
    /// day (86400), else 30.
    static var timeLimit: Double {
        if let text = Environment.value("STATEGEN_DOT_TIMEOUT"), let seconds = Double(text),
            seconds > 0, seconds <= 86_400
        {
            return seconds
        }
        return 30
    }

    /// `dot` on `PATH`, if it is there.
    static func dotExecutable() -> URL? {
        let path = Environment.value("PATH") ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// `dot -Tsvg` of `source`. The DOT goes through a temporary file rather than a pipe, so
    /// that a `dot` that exits early cannot stop stategen with `SIGPIPE`.
    ///
    /// - Parameter timeLimit: seconds `dot` may run; past them it is killed (with its process
    ///   group, which `Process` makes its own) and the run fails.
    /// - Returns: the SVG document, or why there is none: `dot` cannot be started, exits with
    ///   a status other than 0 (the message names it and the first line of `dot`'s standard
    ///   error), is killed by a signal, runs out of time, or writes no `<svg>` element.
    static func svg(of source: String, dot: URL, timeLimit: Double = timeLimit) -> Result<String, Failure> {
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
        // Read both pipes on their own threads, so that neither can fill and block dot, and
        // this one can stop waiting when the time is up. They end when every process holding
        // the pipes' write ends (dot, and anything it started) has exited.
        let pipes = PipeContents()
        let group = DispatchGroup()
        for (handle, isErrors) in [(output.fileHandleForReading, false), (errors.fileHandleForReading, true)] {
            group.enter()
            DispatchQueue.global().async {
                pipes.store(handle.readDataToEndOfFile(), isErrors: isErrors)
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeLimit) == .timedOut {
            // dot is the leader of its own process group: stop it and whatever it started.
            kill(-process.processIdentifier, SIGKILL)
            process.terminate()
            _ = group.wait(timeout: .now() + 5)
            process.waitUntilExit()
            return .failure(
                Failure(message: "dot did not finish within \(String(format: "%g", timeLimit)) s and was stopped"))
        }
        process.waitUntilExit()
        let detail =
            String(decoding: pipes.errors, as: UTF8.self).split(whereSeparator: \.isNewline)
            .lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }.map { ": \($0)" } ?? ""
        guard process.terminationReason == .exit else {
            return .failure(Failure(message: "dot was killed by signal \(process.terminationStatus)\(detail)"))
        }
        guard process.terminationStatus == 0 else {
            return .failure(Failure(message: "dot exited with status \(process.terminationStatus)\(detail)"))
        }
        let svg = String(decoding: pipes.output, as: UTF8.self)
        guard GraphvizSVG.inline(svg) != nil else {
            return .failure(Failure(message: "dot wrote no SVG\(detail)"))
        }
        return .success(svg)
    }

    /// What dot wrote to its standard output and error, stored by the threads that read them.
    private final class PipeContents: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (output: Data, errors: Data) = (Data(), Data())

        func store(_ data: Data, isErrors: Bool) {
            lock.withLock {
                if isErrors { stored.errors = data } else { stored.output = data }
            }
        }

        var output: Data { lock.withLock { stored.output } }
        var errors: Data { lock.withLock { stored.errors } }
    }
}
