import Foundation
import XCTest

@testable import StategenCore

/// `TemplateValue.jsonText` (what `stategen context` prints) is written by its own writer; it
/// must equal Foundation's `JSONSerialization` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` byte for byte, which these tests use as the oracle.
final class TemplateJSONTests: XCTestCase {
    /// What `jsonText` printed when it went through Foundation.
    static func foundationText(_ value: TemplateValue) throws -> String {
        func object(_ value: TemplateValue) -> Any {
            switch value {
            case .null: NSNull()
            case .bool(let flag): flag
            case .int(let number): number
            case .double(let number): number
            case .string(let text): text
            case .list(let items): items.map(object)
            case .lazyList(let list): list.elements.map(object)
            case .object(let fields): fields.dictionary.mapValues(object)
            case .lambda: "<lambda>"
            }
        }
        let data = try JSONSerialization.data(
            withJSONObject: object(value), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func testEdgeCasesEqualFoundation() throws {
        let values: [TemplateValue] = [
            [], [:], [[], [:], [[]]],
            ["empty": [], "object": [:], "nested": ["a": ["b": [:]]]],
            [
                "text":
                    "quote \" backslash \\ slash / newline \n tab \t return \r \u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F} é ✓ 😀 \u{2028}"
            ],
            ["numbers": [0, -3, .int(Int.max), .int(Int.min), 1.5, 0.1, 17.0, -0.4, 1e20, 1e-7, 123456789.125]],
            ["flags": [true, false, nil], "lambda": .lambda(TemplateLambda { _ in "x" })],
            // Names in the order `.sortedKeys` gives: case-insensitive, numbers by value,
            // punctuation before digits, letters with accents beside theirs.
            .object(
                TemplateObject(
                    [
                        "a", "B", "b", "A", "a1", "a10", "a9", "a_b", "aB", "ab", "Ab", "a-b", "_a", "1", "10", "9",
                        "uikit", "uiKitClass", "hasUIKit", "hasDoc", "x.y", "x y", "xY", "ä", "é", "e", "ß", "ss",
                    ]
                    .enumerated().map { ($1, TemplateValue.int($0)) })),
        ]
        for value in values {
            XCTAssertEqual(value.jsonText, try Self.foundationText(value))
        }
    }

    func testRandomValuesEqualFoundation() throws {
        var generator = SplitMix(seed: 27)
        let letters = Array("aAbBzZ09_-. é~$\"\\\n")
        func name() -> String {
            String(
                (0..<Int.random(in: 1...5, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        func value(depth: Int) -> TemplateValue {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &generator) {
            case 0: return nil
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .int(Int.random(in: -1000...1000, using: &generator))
            case 3: return .string(name())
            case 4: return .double(Double(Int.random(in: -100...100, using: &generator)) / 8)
            case 5: return .list((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1) })
            case 6:
                let items = (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth + 1) }
                return .lazyList(TemplateLazyList(count: items.count) { items[$0] })
            default:
                return .object(
                    TemplateObject(
                        (0..<Int.random(in: 0...6, using: &generator)).map { _ in (name(), value(depth: depth + 1)) }))
            }
        }
        for _ in 0..<300 {
            let random: TemplateValue = ["value": value(depth: 0), "list": [value(depth: 1)]]
            XCTAssertEqual(random.jsonText, try Self.foundationText(random))
        }
    }

    func testEveryValidFixtureContextEqualsFoundation() throws {
        let directory = TestSupport.fixtures.appendingPathComponent("valid")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") }
        XCTAssertFalse(names.isEmpty)
        for name in names.sorted() {
            let (_, context) = GeneratorPipeline().context(specAt: directory.appendingPathComponent(name).path)
            let value = try XCTUnwrap(context, name)
            XCTAssertEqual(value.jsonText, try Self.foundationText(value), name)
        }
    }

    func testPiecesJoinToTheText() throws {
        let value: TemplateValue = [
            "list": .list((0..<500).map { ["index": .int($0), "name": .string("item \($0)")] })
        ]
        var pieces: [[UInt8]] = []
        value.writeJSON(chunkSize: 100) { pieces.append(Array($0)) }
        XCTAssertGreaterThan(pieces.count, 10)
        XCTAssertTrue(pieces.dropLast().allSatisfy { $0.count >= 100 && $0.count < 4096 })
        XCTAssertEqual(String(decoding: pieces.joined(), as: UTF8.self), value.jsonText)
    }
}

/// The seeded generator of the diff tests, so that a failure repeats.
extension SplitMix: RandomNumberGenerator {}
