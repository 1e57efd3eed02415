// libFuzzer target: the whole pipeline. Built by scripts/fuzz only (not part of the SwiftPM
// build).
//
// Input: the bytes of a spec. Each input is written to `spec.yml` in one folder per process
// (the pipeline reads specs by path; token files it lists are read relative to that folder),
// then read, decoded, validated, turned into a template context and rendered with the built-in
// templates into memory (nothing else is written), and its diagnostics are rendered as the
// command line prints them.

import Foundation
@testable import StategenCore

// The folder: STATEGEN_FUZZ_FOLDER (scripts/fuzz passes one under .build/fuzz/run and removes
// it afterwards: libFuzzer ends a timed run with _exit, so no exit handler would run), else a
// new temporary folder, removed at exit (a replay, `pipeline-fuzz FILE...`, ends with exit).
private let folder: String = {
    if let given = ProcessInfo.processInfo.environment["STATEGEN_FUZZ_FOLDER"] {
        try? FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
        return given
    }
    var template = Array((NSTemporaryDirectory() + "/stategen-fuzz-pipeline-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
    temporaryFolder = String(cString: made)
    atexit {
        if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    }
    return String(cString: made)
}()
/// The folder made above, when this process made it.
nonisolated(unsafe) private var temporaryFolder: String?
private let pipeline = GeneratorPipeline()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = folder + "/spec.yml"
    // Written with open/write/close: FileManager.createFile syncs the file to disk, which took
    // an eighth of each execution's time and most of its wall time.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { fatalError("cannot open \(path): errno \(errno)") }
    var written = 0
    while written < size, let data {
        let count = write(descriptor, data + written, size - written)
        guard count > 0 else { fatalError("cannot write \(path): errno \(errno)") }
        written += count
    }
    close(descriptor)
    let result = pipeline.generate(specAt: path)
    var printer = DiagnosticPrinter(sources: result.sources)
    for diagnostic in result.diagnostics { _ = printer.render(diagnostic) }
    var total = 0
    for file in result.files { total += file.bytes.count }
    return total < 0 ? 1 : 0
}
