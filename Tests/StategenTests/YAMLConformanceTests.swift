import Foundation
import XCTest

@testable import StategenCore

/// The YAML layer against the YAML test suite in `../shared/conformance/yaml-test-suite`,
/// judged by what raw libyaml 0.2.5 does on each case (`libyaml-0.2.5-baseline.txt`): a layer
/// over libyaml cannot parse better than libyaml, and must never do worse.
///
/// - `valid-pass`: our event stream equals `test.event`, the tree loads, and its JSON equals
///   `in.json` where the case has one.
/// - `invalid-rejected`: the reader rejects the input with a located error.
/// - `valid-fail`, `invalid-accepted`: libyaml itself is wrong there; the reader only has to
///   finish without crashing or hanging.
final class YAMLConformanceTests: XCTestCase {
    var jsonCompared = 0

    static let suite = TestSupport.packageRoot
        .appendingPathComponent("../shared/conformance/yaml-test-suite").standardized
    static let baseline = TestSupport.packageRoot
        .appendingPathComponent("../shared/conformance/libyaml-0.2.5-baseline.txt").standardized

    /// Valid streams whose documents a loader must still reject, and why. Each must be
    /// rejected with the named error.
    static let rejectedByTheLoader: [String: (kind: YAMLError.Kind, reason: String)] = [
        "X38W": (
            .duplicateKey,
            "the anchored flow sequence [a, b] is a key, then its alias *a is a key of the same mapping: two equal keys (YAML 1.2.2, 3.2.1.1: mapping keys are unique)"
        )
    ]

    func testYAMLTestSuite() throws {
        guard let baseline = try? String(contentsOf: Self.baseline, encoding: .utf8) else {
            throw XCTSkip("the YAML test suite is not at \(Self.suite.path); conformance not checked")
        }
        var passed = 0
        var failures: [String] = []
        var counts: [String: (passed: Int, total: Int)] = [:]
        for line in baseline.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2 else { continue }
            let (name, expectation) = (String(parts[0]), String(parts[1]))
            let folder = Self.suite.appendingPathComponent(name)
            let input = try [UInt8](Data(contentsOf: folder.appendingPathComponent("in.yaml")))
            let problem = check(input, folder: folder, expectation: expectation, name: name)
            var count = counts[expectation] ?? (0, 0)
            count.total += 1
            if let problem {
                failures.append("\(name) (\(expectation)): \(problem)")
            } else {
                passed += 1
                count.passed += 1
            }
            counts[expectation] = count
        }
        for (expectation, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("yaml-test-suite \(expectation): \(count.passed)/\(count.total)")
        }
        print("yaml-test-suite valid-pass cases whose tree was compared with in.json: \(jsonCompared)")
        print("\(passed) passed, \(failures.count) failed")
        XCTAssertEqual(passed + failures.count, 402, "the suite should have 402 cases")
        XCTAssertEqual(failures, [], "\n" + failures.joined(separator: "\n"))
    }

    /// What is wrong with our handling of one case, or `nil`.
    func check(_ input: [UInt8], folder: URL, expectation: String, name: String) -> String? {
        var events = ""
        let eventError: YAMLError?
        do {
            try YAMLEventParser.parse(input, path: "in.yaml") { event throws(YAMLError) in
                events += YAMLEventNotation.line(event) + "\n"
            }
            eventError = nil
        } catch {
            eventError = error
        }
        let tree: Result<[YAMLDocument], YAMLError>
        do {
            tree = .success(try YAMLReader().read(input, path: "in.yaml"))
        } catch {
            tree = .failure(error)
        }
        switch expectation {
        case "valid-pass":
            if let eventError { return "events: \(eventError)" }
            let expected = (try? String(contentsOf: folder.appendingPathComponent("test.event"), encoding: .utf8)) ?? ""
            if events != expected { return "events differ:\n\(events)\nexpected:\n\(expected)" }
            if let exception = Self.rejectedByTheLoader[name] {
                guard case .failure(let error) = tree, error.kind == exception.kind else {
                    return "expected the loader to reject it: \(exception.reason)"
                }
                return nil
            }
            let documents: [YAMLDocument]
            switch tree {
            case .failure(let error): return "tree: \(error)"
            case .success(let loaded): documents = loaded
            }
            guard let json = try? Data(contentsOf: folder.appendingPathComponent("in.json")) else { return nil }
            jsonCompared += 1
            let expectedValues = Self.jsonValues(json)
            let actualValues = documents.map { Self.jsonValues(Data(YAMLJSON.text($0.root).utf8)) }.flatMap { $0 }
            if expectedValues.count != actualValues.count
                || !zip(expectedValues, actualValues).allSatisfy({ $0.isEqual($1) })
            {
                return "JSON differs: \(documents.map { YAMLJSON.text($0.root) })"
            }
            return nil
        case "invalid-rejected":
            guard case .failure(let error) = tree else { return "accepted" }
            if error.location.line < 1 || error.location.column < 1 { return "unlocated error \(error)" }
            return nil
        default:
            return nil
        }
    }

    /// The JSON values of a stream of concatenated JSON texts (the suite's `in.json` holds one
    /// per document).
    static func jsonValues(_ data: Data) -> [NSObject] {
        var values: [NSObject] = []
        let bytes = [UInt8](data)
        var depth = 0
        var inString = false
        var escaped = false
        var start: Int?
        func flush(_ end: Int) {
            guard let s = start else { return }
            let slice = Data(bytes[s..<end])
            if let value = try? JSONSerialization.jsonObject(with: slice, options: [.fragmentsAllowed]) as? NSObject {
                values.append(value)
            } else {
                values.append(NSString(string: "<unparsable JSON>"))
            }
            start = nil
        }
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { flush(i + 1) }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                if depth == 0 { flush(i) }
            case UInt8(ascii: "\""):
                if start == nil { start = i }
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if start == nil { start = i }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { flush(i + 1) }
            default:
                if start == nil { start = i }
            }
        }
        flush(bytes.count)
        return values
    }

    /// Every file of the Mustache spec loads, and its `!code` tags (the lambda module's) are kept.
    func testMustacheSpecYAMLFilesLoad() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("../shared/conformance/mustache-spec/specs")
            .standardized
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw XCTSkip("the Mustache spec is not at \(folder.path)")
        }
        let yamlFiles = files.filter { $0.hasSuffix(".yml") }.sorted()
        XCTAssertEqual(yamlFiles.count, 9)
        var codeTags = 0
        for file in yamlFiles {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            let documents = try YAMLReader().read(bytes, path: file)
            XCTAssertEqual(documents.count, 1, file)
            let root = try XCTUnwrap(documents.first?.root)
            XCTAssertNotNil(root.mappingEntries?.first { $0.key.scalarText == "tests" }, file)
            var stack = [root]
            while let node = stack.popLast() {
                if node.tag == "!code" { codeTags += 1 }
                switch node.content {
                case .scalar: break
                case .sequence(let items): stack += items
                case .mapping(let entries): stack += entries.flatMap { [$0.key, $0.value] }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(codeTags, 10, "the lambda tests' !code tags must be kept")
    }
}
