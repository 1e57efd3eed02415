// libFuzzer target: the YAML reader. Built by scripts/fuzz only (not part of the SwiftPM build).
//
// Input: the bytes of a YAML stream. Each input is read by the reader (the tree the spec loader
// uses), printed as JSON as `debug yaml-json` does, streamed as events as `debug yaml-events`
// does, and any error is rendered as the command line prints it. A crash, a sanitizer report, a
// leak, a timeout or memory past `-rss_limit_mb` is a finding.

@testable import StategenCore

#if STATEGEN_FUZZ_PLANTED_TRAP
    /// How far an input got towards the planted trap (below).
    nonisolated(unsafe) private var plantedStage = 0
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    #if STATEGEN_FUZZ_PLANTED_TRAP
        // Only in `scripts/fuzz --self-test`'s build of this file (planted-fuzz; never yaml-fuzz,
        // nor the library): a Swift trap on inputs that begin with "%T!", which the script must
        // keep as a reproducer. One byte at a time, each step storing how far it got (so that the
        // optimizer cannot merge the comparisons into one), and nothing else is run: the only
        // coverage is these steps, which lead libFuzzer to the trap in about a second (with the
        // YAML reader's coverage too, it took 2 to 60 s).
        plantedStage = 0
        if bytes.count >= 1 && bytes[0] == UInt8(ascii: "%") {
            plantedStage = 1
            if bytes.count >= 2 && bytes[1] == UInt8(ascii: "T") {
                plantedStage = 2
                if bytes.count >= 3 && bytes[2] == UInt8(ascii: "!") {
                    fatalError("planted trap (scripts/fuzz --self-test)")
                }
            }
        }
        return 0
    #else
        return readAll(bytes)
    #endif
}

/// One execution of the target: `bytes` read, printed and streamed (above).
private func readAll(_ bytes: [UInt8]) -> Int32 {
    let path = "fuzz.yml"
    var printer = DiagnosticPrinter(sources: [path: GeneratorPipeline.text(of: bytes)])
    do {
        for document in try YAMLReader().read(bytes, path: path) {
            _ = YAMLJSON.text(document.root)
        }
    } catch {
        _ = printer.render(error.diagnostic)
    }
    var events = 0
    do {
        try YAMLEventParser.parse(bytes, path: path) { event throws(YAMLError) in
            events += YAMLEventNotation.line(event).utf8.count
        }
    } catch {
        _ = printer.render(error.diagnostic)
    }
    return 0
}
