// libFuzzer target: design-token files (DTCG, `tokenFiles:`). Built by scripts/fuzz only (not
// part of the SwiftPM build).
//
// Input: the bytes of a token file, optionally followed by a NUL byte and the bytes of a second
// one: `TOKENS[\0DARK]`. Without a NUL, the input is written to `tokens.json` and read through
// `spec.yml`, which lists it in `tokenFiles:` (the Bazel example's spec: a colour and a text
// attribute whose values alias `color.action`, `color.pressed` and `color.muted`). With one, the
// part before it is `tokens.json` and the part after it `tokens.dark.json`, read through
// `spec-dark.yml`, which lists the second with `appearance: dark` (values alias tokens of
// Examples/UIKitControls' files, a colour and a dimension). Either way the spec goes through
// `generate`'s path — read, token files read and decoded, aliases resolved, validated, turned
// into a template context and rendered with the built-in templates into memory (nothing else
// is written) — and its diagnostics are rendered as the command line prints them.

import Foundation
@testable import StategenCore

private let spec = """
    stategen: 1
    module: Buttons
    tokenFiles: [tokens.json]
    states:
      normal: {}
      highlighted: { fallback: normal }
      disabled: {}
    events: { touchDown: {}, touchUp: {}, disable: {}, enable: {} }
    transitions:
      normal: { touchDown: highlighted, disable: disabled }
      highlighted: { touchUp: normal }
      disabled: { enable: normal }
    attributes:
      tint: { type: color }
      title: { type: string }
    attributeSets:
      look: [tint, title]
    controls:
      Button:
        attributeSets: [look]
        values:
          tint: { normal: "{color.action}", highlighted: "{color.pressed}", disabled: "{color.muted}" }
          title: { normal: Tap }

    """

private let darkSpec = """
    stategen: 1
    module: Buttons
    appearances: [light, dark]
    tokenFiles:
      - tokens.json
      - { path: tokens.dark.json, appearance: dark }
    states:
      normal: {}
      highlighted: { fallback: normal }
    events: { touchDown: {}, touchUp: {} }
    transitions:
      normal: { touchDown: highlighted }
      highlighted: { touchUp: normal }
    attributes:
      tint: { type: color }
      cornerRadius: { type: double }
    attributeSets:
      look: [tint, cornerRadius]
    controls:
      Button:
        attributeSets: [look]
        values:
          tint: { normal: "{color.semantic.action.primary}", highlighted: "{color.semantic.action.pressed}" }
          cornerRadius: { normal: "{radius.control}" }

    """

/// Writes `size` bytes at `data` to `path` (open/write/close: FileManager.createFile syncs the
/// file to disk, which costs more than the rest of an execution).
private func write(_ data: UnsafePointer<UInt8>?, _ size: Int, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { fatalError("cannot open \(path): errno \(errno)") }
    var written = 0
    while written < size, let data {
        let count = Foundation.write(descriptor, data + written, size - written)
        guard count > 0 else { fatalError("cannot write \(path): errno \(errno)") }
        written += count
    }
    close(descriptor)
}

// The folder, with both specs written once: STATEGEN_FUZZ_FOLDER (scripts/fuzz passes one under
// .build/fuzz/run and removes it afterwards: libFuzzer ends a timed run with _exit, so no exit
// handler would run), else a new temporary folder, removed at exit (a replay,
// `tokens-fuzz FILE...`, ends with exit).
private let folder: String = {
    let made: String
    if let given = ProcessInfo.processInfo.environment["STATEGEN_FUZZ_FOLDER"] {
        try? FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
        made = given
    } else {
        var template = Array((NSTemporaryDirectory() + "/stategen-fuzz-tokens-XXXXXX").utf8CString)
        guard let result = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
        made = String(cString: result)
        temporaryFolder = made
        atexit {
            if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
        }
    }
    for (name, text) in [("spec.yml", spec), ("spec-dark.yml", darkSpec)] {
        let bytes = Array(text.utf8)
        write(bytes, bytes.count, to: made + "/" + name)
    }
    return made
}()
/// The folder made above, when this process made it.
nonisolated(unsafe) private var temporaryFolder: String?
private let pipeline = GeneratorPipeline()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let specPath: String
    if let separator = bytes.firstIndex(of: 0), let data {
        write(data, separator, to: folder + "/tokens.json")
        write(data + separator + 1, size - separator - 1, to: folder + "/tokens.dark.json")
        specPath = folder + "/spec-dark.yml"
    } else {
        write(data, size, to: folder + "/tokens.json")
        specPath = folder + "/spec.yml"
    }
    let result = pipeline.generate(specAt: specPath)
    var printer = DiagnosticPrinter(sources: result.sources)
    for diagnostic in result.diagnostics { _ = printer.render(diagnostic) }
    var total = 0
    for file in result.files { total += file.bytes.count }
    return total < 0 ? 1 : 0
}
