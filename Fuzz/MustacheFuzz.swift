// libFuzzer target: the Mustache engine. Built by scripts/fuzz only (not part of the SwiftPM
// build).
//
// Input: a template and its partials, separated by NUL bytes: `MAIN\0NAME=TEXT\0NAME=TEXT...`
// (a partial named NAME with the source TEXT). Each input is parsed and rendered against one
// fixed context twice: with the Mustache spec's options, and with the generator's (no HTML
// escaping, strict, trailing whitespace removed), under small expansion and output limits so
// that a blow-up is an error rather than a timeout.
//
// With STATEGEN_FUZZ_SEEDS=DIR set, the process instead writes one seed per test of the
// Mustache spec files named on its command line (read with the project's YAML reader) into
// DIR, and exits.

import Foundation
@testable import StategenCore

private let lambdaUpper = TemplateLambda { text in .string((text ?? "").uppercased()) }
private let lambdaTag = TemplateLambda { _ in .string("{{name}}") }

private let context: TemplateValue = [
    "name": "Ada & <Bob>",
    "empty": "",
    "zero": 0,
    "pi": 3.14159,
    "yes": true,
    "no": false,
    "none": nil,
    "list": ["a", "b", "c"],
    "items": [["name": "one", "flag": true], ["name": "two", "flag": false], ["name": "three"]],
    "nested": ["a": ["b": ["c": "deep", "list": [1, 2]]], "name": "inner"],
    "upper": .lambda(lambdaUpper),
    "tag": .lambda(lambdaTag),
]

private let specOptions = RenderOptions(maxPartialDepth: 20, maxOutputBytes: 1 << 20, maxExpansions: 200_000)
private let generatorOptions = RenderOptions(
    escapesHTML: false, isStrict: true, maxPartialDepth: 20, removesTrailingWhitespace: true,
    maxOutputBytes: 1 << 20, maxExpansions: 200_000)

@_cdecl("LLVMFuzzerInitialize")
public func fuzzMustacheInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    guard let directory = ProcessInfo.processInfo.environment["STATEGEN_FUZZ_SEEDS"] else { return 0 }
    var written = 0
    for file in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: file),
            let document = try? YAMLReader().read(Array(data), path: file).first,
            case .mapping(let top) = document.root.content
        else { continue }
        for entry in top where entry.key.scalarText == "tests" {
            guard case .sequence(let tests) = entry.value.content else { continue }
            for test in tests {
                guard case .mapping(let fields) = test.content else { continue }
                var template = ""
                var partials: [String] = []
                for field in fields {
                    if field.key.scalarText == "template", let text = field.value.scalarText { template = text }
                    if field.key.scalarText == "partials", case .mapping(let named) = field.value.content {
                        for partial in named {
                            if let name = partial.key.scalarText, let text = partial.value.scalarText {
                                partials.append(name + "=" + text)
                            }
                        }
                    }
                }
                let seed = ([template] + partials).joined(separator: "\0")
                let path = directory + "/spec-\(written)"
                _ = FileManager.default.createFile(atPath: path, contents: Data(seed.utf8))
                written += 1
            }
        }
    }
    print("wrote \(written) seeds to \(directory)")
    exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    var partials: [String: String] = [:]
    for part in parts.dropFirst() {
        guard let equals = part.firstIndex(of: "=") else { continue }
        partials[String(part[..<equals])] = String(part[part.index(after: equals)...])
    }
    guard let template = try? Template(source: parts.first ?? "", name: "main") else { return 0 }
    _ = try? template.render(context, partials: partials, options: specOptions)
    _ = try? template.render(context, partials: partials, options: generatorOptions)
    return 0
}
