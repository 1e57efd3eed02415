// libFuzzer target: the YAML reader. Built by scripts/fuzz only (not part of the SwiftPM build).
//
// Input: the bytes of a YAML stream. Each input is read by the reader (the tree the spec loader
// uses), printed as JSON as `debug yaml-json` does, streamed as events as `debug yaml-events`
// does, and any error is rendered as the command line prints it. A crash, a sanitizer report, a
// leak, a timeout or memory past `-rss_limit_mb` is a finding.

@testable import StategenCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
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
