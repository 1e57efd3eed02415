import Foundation
@testable import StategenCore
import XCTest

/// Runs the Mustache spec test files (JSON) found in the shared conformance folder.
///
/// Every file is required to pass 100%. ~lambdas: the spec's `!code` values are snippets for
/// other languages, so `lambdas(for:)` supplies a Swift closure per test name doing what the
/// test's `desc` says. All ten lambda tests have a closure; none is skipped. A test whose data
/// holds a lambda without a Swift closure here would be counted as skipped.
final class MustacheConformanceTests: XCTestCase {
    static let specDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
            return URL(fileURLWithPath: path)
        }
        return TestSupport.packageRoot.appendingPathComponent("../shared/conformance/mustache-spec/specs").standardized
    }()

    static let requiredFiles: Set<String> = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names", "~lambdas",
    ]

    func testSpecConformance() throws {
        let directory = Self.specDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let specFiles = files.filter { $0.hasSuffix(".json") }.sorted()
        guard !specFiles.isEmpty else {
            throw XCTSkip("Mustache spec files not found in \(directory.path)")
        }

        var passed = 0
        var failed = 0
        var skipped = 0
        for file in specFiles {
            let module = String(file.dropLast(".json".count))
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let tests = try XCTUnwrap(json["tests"] as? [[String: Any]])
            var filePassed = 0
            var fileFailed = 0
            var fileSkipped = 0
            for test in tests {
                switch run(test, module: module) {
                case .passed:
                    filePassed += 1
                case .skipped:
                    fileSkipped += 1
                case .failed(let message):
                    fileFailed += 1
                    print("  FAIL \(file) - \(message)")
                    if Self.requiredFiles.contains(module) {
                        XCTFail("\(file): \(message)")
                    }
                }
            }
            var line = "\(file): \(filePassed)/\(tests.count) passed"
            if fileSkipped > 0 { line += ", \(fileSkipped) skipped" }
            print(line)
            passed += filePassed
            failed += fileFailed
            skipped += fileSkipped
        }
        print("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
    }

    enum Outcome {
        case passed
        case failed(String)
        case skipped
    }

    func run(_ test: [String: Any], module: String) -> Outcome {
        let name = test["name"] as? String ?? "?"
        guard let source = test["template"] as? String,
            let expected = test["expected"] as? String
        else { return .failed("\(name): malformed test") }
        var missingLambda = false
        let lambda = module == "~lambdas" ? Self.lambdas(for: name) : nil
        let context = Self.value(from: test["data"] ?? NSNull(), lambda: lambda) {
            missingLambda = true
        }
        if missingLambda { return .skipped }
        let partials = test["partials"] as? [String: String] ?? [:]
        do {
            let template = try Template(source: source, name: name)
            let rendered = try template.render(context, partials: partials)
            if rendered == expected { return .passed }
            return .failed(
                "\(name): expected \(expected.debugDescription), got \(rendered.debugDescription)")
        } catch {
            return .failed("\(name): threw \(error)")
        }
    }

    /// Converts JSONSerialization output; integral numbers become `.int`, JSON booleans
    /// `.bool`, and `{"__tag__": "code", ...}` the test's Swift lambda.
    static func value(
        from json: Any, lambda: TemplateLambda?, onMissingLambda: () -> Void
    ) -> TemplateValue {
        switch json {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B":
                return .bool(number.boolValue)
            case "d", "f":
                let double = number.doubleValue
                if double.rounded() == double, abs(double) < 1e15 { return .int(Int(double)) }
                return .double(double)
            default:
                return .int(number.intValue)
            }
        case let array as [Any]:
            return .list(array.map { value(from: $0, lambda: lambda, onMissingLambda: onMissingLambda) })
        case let object as [String: Any]:
            if object["__tag__"] as? String == "code" {
                guard let lambda else {
                    onMissingLambda()
                    return .null
                }
                return .lambda(lambda)
            }
            return .object(
                TemplateObject(
                    object.mapValues { value(from: $0, lambda: lambda, onMissingLambda: onMissingLambda) }))
        default:
            return .null
        }
    }

    /// Swift versions of the ~lambdas.yml snippets, following each test's `desc`.
    static func lambdas(for testName: String) -> TemplateLambda? {
        switch testName {
        case "Interpolation":
            return TemplateLambda { _ in "world" }
        case "Interpolation - Expansion":
            return TemplateLambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters":
            return TemplateLambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let counter = LambdaCallCounter()
            return TemplateLambda { _ in .int(counter.next()) }
        case "Escaping":
            return TemplateLambda { _ in ">" }
        case "Section":
            return TemplateLambda { text in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion":
            return TemplateLambda { text in .string((text ?? "") + "{{planet}}" + (text ?? "")) }
        case "Section - Alternate Delimiters":
            return TemplateLambda { text in
                .string((text ?? "") + "{{planet}} => |planet|" + (text ?? ""))
            }
        case "Section - Multiple Calls":
            return TemplateLambda { text in .string("__" + (text ?? "") + "__") }
        case "Inverted Section":
            return TemplateLambda { _ in false }
        default:
            return nil
        }
    }
}

/// A thread-safe call counter for the "Multiple Calls" lambda.
final class LambdaCallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
