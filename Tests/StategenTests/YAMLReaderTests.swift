import XCTest

@testable import StategenCore

final class YAMLReaderTests: XCTestCase {
    func read(_ text: String) throws(YAMLError) -> YAMLNode {
        let documents = try YAMLReader().read(Array(text.utf8), path: "t.yml")
        guard let root = documents.first?.root else {
            return YAMLNode(
                .scalar("", .plain), path: "t.yml", start: .init(line: 1, column: 1, offset: 0),
                end: .init(line: 1, column: 1, offset: 0))
        }
        return root
    }

    func error(_ text: String, limits: YAMLReader.Limits = .init()) -> YAMLError? {
        do {
            _ = try YAMLReader(limits: limits).read(Array(text.utf8), path: "t.yml")
            return nil
        } catch {
            return error
        }
    }

    /// Found by fuzzing (scripts/fuzz, yaml): a collection key's JSON text quoted the text of
    /// each collection key inside it again, doubling its backslashes per level, so 150 keys
    /// nested in keys (301 bytes) never finished loading: the reader names collection keys by
    /// that text to find duplicates. Nested keys are now written once, unquoted.
    func testCollectionKeysInsideCollectionKeysAreWrittenOnce() throws {
        XCTAssertEqual(YAMLJSON.text(try read("{{{}}}")), "{\"{{}:null}\":null}")
        XCTAssertEqual(YAMLJSON.text(try read("{[a, {b: 1}]: x}")), "{\"[\\\"a\\\",{\\\"b\\\":1}]\":\"x\"}")
        // Duplicates among nested collection keys are still found, and a string that reads
        // like a collection is still another key.
        XCTAssertEqual(error("{ {{a: 1}: 2}: x, {{a: 1}: 2}: y }")?.kind, .duplicateKey)
        XCTAssertNil(error("{ {{a: 1}: 2}: x, {'{a: 1}': 2}: y, {{a: 2}: 2}: z }"))
    }

    func testDeeplyNestedCollectionKeysLoadInLinearSize() throws {
        let root = try read(String(repeating: "{", count: 150) + String(repeating: "}", count: 150))
        let json = YAMLJSON.text(root)
        XCTAssertEqual(
            json,
            "{\"" + String(repeating: "{", count: 149) + "}" + String(repeating: ":null}", count: 148) + "\":null}")
    }

    func testMarksAreOneBasedLineAndColumn() throws {
        let root = try read("a: 1\nlist:\n  - x\n  - { k: v }\n")
        let entries = try XCTUnwrap(root.mappingEntries)
        XCTAssertEqual(entries[0].key.location, SourceLocation(path: "t.yml", line: 1, column: 1))
        XCTAssertEqual(entries[0].value.location, SourceLocation(path: "t.yml", line: 1, column: 4))
        let items = try XCTUnwrap(entries[1].value.sequenceItems)
        XCTAssertEqual(items[0].start.line, 3)
        XCTAssertEqual(items[0].start.column, 5)
        let flow = try XCTUnwrap(items[1].mappingEntries)
        XCTAssertEqual(flow[0].value.location, SourceLocation(path: "t.yml", line: 4, column: 10))
        XCTAssertEqual(items[1].start.column, 5)
    }

    func testMappingKeepsDocumentOrder() throws {
        let root = try read("z: 1\na: 2\nm: 3\n")
        XCTAssertEqual(root.mappingEntries?.map { $0.key.scalarText }, ["z", "a", "m"])
    }

    func testDuplicateKeyInBlockMappingPointsAtBoth() throws {
        let error = try XCTUnwrap(self.error("a: 1\nb: 2\na: 3\n"))
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.location, SourceLocation(path: "t.yml", line: 3, column: 1))
        XCTAssertEqual(error.notes.first?.location, SourceLocation(path: "t.yml", line: 1, column: 1))
    }

    /// Keys are compared as Swift strings, by canonical equivalence: a precomposed and a
    /// decomposed é are one key, and so are the Kelvin sign and K (its canonical decomposition),
    /// though only one of the two is ASCII.
    func testDuplicateKeysAreCanonicallyEquivalentStrings() throws {
        XCTAssertEqual(self.error("{\"\\u00e9\": 1, \"e\\u0301\": 2}")?.kind, .duplicateKey)
        XCTAssertEqual(self.error("{K: 1, \"\\u212A\": 2}")?.kind, .duplicateKey)
        XCTAssertEqual(self.error("{\"\\u212A\": 1, K: 2}")?.kind, .duplicateKey)
        XCTAssertNil(self.error("{ab: 1, ba: 2, abc: 3}"))
    }

    func testDuplicateKeyComparesResolvedValues() throws {
        let error = try XCTUnwrap(self.error("{a: 1, \"a\": 2}"))
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.location.column, 8)
        // 1 and "1" differ: an integer and a string.
        XCTAssertNil(self.error("{1: a, \"1\": b}"))
    }

    func testAliasesResolveToTheirAnchoredNode() throws {
        let root = try read("base: &b { x: 1 }\ncopy: *b\n")
        let copy = try XCTUnwrap(root.mappingEntries?[1].value.mappingEntries)
        XCTAssertEqual(copy.first?.key.scalarText, "x")
    }

    func testUndefinedAliasIsLocated() throws {
        let error = try XCTUnwrap(self.error("a: 1\nb: *nowhere\n"))
        XCTAssertEqual(error.kind, .undefinedAlias)
        XCTAssertEqual(error.location, SourceLocation(path: "t.yml", line: 2, column: 4))
    }

    func testBillionLaughsFailsFast() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        let start = Date()
        let error = try XCTUnwrap(self.error(text))
        XCTAssertEqual(error.kind, .limitExceeded)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "a limit must stop the read early")
    }

    /// Issue 25: one 1 MiB scalar aliased 600 times is few nodes but 600 MiB of text, which
    /// ran on to the 512 MiB output limit; each alias counts the text it repeats against the
    /// input limit (64 MiB), and nested repeats count as what they expand to. The reader and
    /// the event stream stop at the same alias.
    func testAnAliasCountsTheTextItRepeatsAgainstTheInputLimit() throws {
        let big = String(repeating: "x", count: 1 << 20)
        let text = "a: &a \(big)\nb: [" + Array(repeating: "*a", count: 600).joined(separator: ", ") + "]\n"
        // 1 MiB + 2.4 KB of input, then 1 MiB per alias: the 63rd passes 64 MiB, at column 5 + 4 * 62.
        let expected = SourceLocation(path: "t.yml", line: 2, column: 253)
        let error = try XCTUnwrap(self.error(text))
        XCTAssertEqual(error.kind, .limitExceeded)
        XCTAssertEqual(error.location, expected)
        XCTAssertEqual(
            error.message,
            "the document is more than 67108864 bytes with each alias counted as the text it repeats (the input limit)")
        var events = 0
        XCTAssertThrowsError(try YAMLEventParser.parse(Array(text.utf8), path: "t.yml") { _ in events += 1 }) {
            XCTAssertEqual(($0 as? YAMLError)?.location, expected)
        }
        XCTAssertLessThan(events, 80)
        // Nested: an anchored sequence of 8 aliases of a 1 MiB scalar is 8 MiB each time it is repeated.
        let nested =
            "a: &a \(big)\nb: &b [" + Array(repeating: "*a", count: 8).joined(separator: ", ") + "]\nc: ["
            + Array(repeating: "*b", count: 10).joined(separator: ", ") + "]\n"
        // 1 + 8 MiB, then 8 MiB per *b: the 7th passes 64 MiB (1 + 8 + 56), at column 5 + 4 * 6.
        XCTAssertEqual(self.error(nested)?.location, SourceLocation(path: "t.yml", line: 3, column: 29))
        // Below the limit, a repeated value reads as before.
        let small = "a: &a \(big)\nb: [" + Array(repeating: "*a", count: 10).joined(separator: ", ") + "]\n"
        XCTAssertEqual(try read(small).mappingEntries?.last?.value.sequenceItems?.count, 10)
    }

    func testDeepNestingStopsAtTheDepthLimit() throws {
        let text = String(repeating: "[", count: 100_000)
        let error = try XCTUnwrap(self.error(text))
        XCTAssertEqual(error.kind, .limitExceeded)
        XCTAssertEqual(error.location.line, 1)
        XCTAssertEqual(error.location.column, 257)
    }

    func testInvalidUTF8IsLocatedByLineAndColumn() throws {
        var bytes = Array("a: ok\nb: x".utf8)
        bytes += [0xFF, 0x0A]
        do {
            _ = try YAMLReader().read(bytes, path: "t.yml")
            XCTFail("invalid UTF-8 was accepted")
        } catch {
            XCTAssertEqual(error.kind, .encoding)
            XCTAssertEqual(error.location, SourceLocation(path: "t.yml", line: 2, column: 5))
        }
    }

    func testUTF16WithBOM() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "name: Schalter\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let root = try XCTUnwrap(YAMLReader().read(bytes, path: "t.yml").first?.root)
        XCTAssertEqual(root.mappingEntries?.first?.value.scalarText, "Schalter")
    }

    func testTabIndentationIsASyntaxError() throws {
        let error = try XCTUnwrap(self.error("a:\n\tb: 1\n"))
        XCTAssertEqual(error.kind, .syntax)
        XCTAssertEqual(error.location.line, 2)
    }

    func testCoreSchemaKeepsYAML11WordsAsStrings() throws {
        let root = try read("country: NO\nswitch: on\ntime: 1:30\nhex: 0x1F\nempty: \"\"\nnull: ~\nyes: true\n")
        let values = try XCTUnwrap(root.mappingEntries).map { $0.value.coreValue }
        XCTAssertEqual(values[0], .string("NO"))
        XCTAssertEqual(values[1], .string("on"))
        XCTAssertEqual(values[2], .string("1:30"))
        XCTAssertEqual(values[3], .int(31))
        XCTAssertEqual(values[4], .string(""))
        XCTAssertEqual(values[5], .null)
        XCTAssertEqual(values[6], .bool(true))
    }

    func testErrorsOnFirstAndLastLine() throws {
        let first = try XCTUnwrap(self.error("a: [1, 2\n"))
        XCTAssertEqual(first.kind, .syntax)
        let last = try XCTUnwrap(self.error("a: 1\nb: 2\nc: *x"))
        XCTAssertEqual(last.location, SourceLocation(path: "t.yml", line: 3, column: 4))
        let onFirst = try XCTUnwrap(self.error("*x"))
        XCTAssertEqual(onFirst.location, SourceLocation(path: "t.yml", line: 1, column: 1))
    }

    func testUTF16BigEndianWithBOMAndUTF8WithBOM() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in "name: ボタン\n".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let root = try XCTUnwrap(YAMLReader().read(bytes, path: "t.yml").first?.root)
        XCTAssertEqual(root.mappingEntries?.first?.value.scalarText, "ボタン")
        let utf8 = try XCTUnwrap(
            YAMLReader().read([0xEF, 0xBB, 0xBF] + Array("a: b\n".utf8), path: "t.yml").first?.root)
        XCTAssertEqual(utf8.mappingEntries?.first?.key.location, SourceLocation(path: "t.yml", line: 1, column: 1))
    }

    func testControlCharacterIsAnEncodingErrorWithLineAndColumn() throws {
        let error = try XCTUnwrap(self.error("a: ok\nb: x\u{01}y\n"))
        XCTAssertEqual(error.kind, .encoding)
        XCTAssertEqual(error.location, SourceLocation(path: "t.yml", line: 2, column: 5))
    }

    func testMultiDocumentStreamsAreRead() throws {
        let documents = try YAMLReader().read(Array("a: 1\n---\nb: 2\n...\n--- c\n".utf8), path: "t.yml")
        XCTAssertEqual(documents.count, 3)
        XCTAssertEqual(documents[1].start.line, 2)
        XCTAssertEqual(documents[2].root.scalarText, "c")
    }

    func testDuplicateKeyInFlowMappingInsideBlock() throws {
        let error = try XCTUnwrap(self.error("outer:\n  inner: { x: 1, y: 2, x: 3 }\n"))
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.location, SourceLocation(path: "t.yml", line: 2, column: 24))
        XCTAssertEqual(error.notes.first?.location, SourceLocation(path: "t.yml", line: 2, column: 12))
    }

    func testLargeMappingsFindDuplicatesThroughTheirIndex() throws {
        var text = ""
        for i in 0..<100 { text += "k\(i): \(i)\n" }
        text += "k7: again\n"
        let error = try XCTUnwrap(self.error(text))
        XCTAssertEqual(error.kind, .duplicateKey)
        XCTAssertEqual(error.location.line, 101)
        XCTAssertEqual(error.notes.first?.location?.line, 8)
    }

    func testCoreTagsTypeScalarsAndOtherTagsKeepText() throws {
        let root = try read("a: !!int 5\nb: !!str 5\nc: !!bool true\nd: !local 5\ne: !!int five\nf: !!float 2\n")
        let values = try XCTUnwrap(root.mappingEntries).map { $0.value.coreValue }
        XCTAssertEqual(values, [.int(5), .string("5"), .bool(true), .string("5"), .string("five"), .float(2)])
        // `!!str a` and `a` are the same key.
        XCTAssertEqual(self.error("{!!str a: 1, a: 2}")?.kind, .duplicateKey)
    }

    /// End marks as libyaml reports them, offsets included: on the start's line, on a later
    /// line (a block collection, a block scalar), after CRLF line ends, after a multi-byte
    /// character, and for an anchored, tagged or aliased node.
    func testEndMarksKeepLibyamlsLineColumnAndOffset() throws {
        func mark(_ m: YAMLMark) -> [Int] { [m.line, m.column, m.offset] }
        let root = try read("é: [1, 22]\r\nb:\r\n  c: |\r\n    x\r\n  d: &a !t {e: f}\r\ng: *a\r\n")
        XCTAssertEqual(mark(root.end), [7, 1, 57])
        let entries = try XCTUnwrap(root.mappingEntries)
        XCTAssertEqual(mark(entries[0].key.end), [1, 2, 1])
        XCTAssertEqual(mark(entries[0].value.start), [1, 4, 3])
        XCTAssertEqual(mark(entries[0].value.end), [1, 11, 10])
        XCTAssertEqual(mark(entries[1].value.end), [6, 1, 50])
        let inner = try XCTUnwrap(entries[1].value.mappingEntries)
        XCTAssertEqual(mark(inner[0].value.end), [5, 1, 31])
        XCTAssertEqual(inner[1].value.anchor, "a")
        XCTAssertEqual(inner[1].value.tag, "!t")
        XCTAssertEqual(mark(inner[1].value.end), [5, 18, 48])
        let alias = entries[2].value
        XCTAssertNil(alias.anchor)
        XCTAssertEqual(alias.tag, "!t")
        XCTAssertEqual(mark(alias.start), [5, 6, 36])
        XCTAssertEqual(mark(alias.end), [5, 18, 48])
    }

    /// A node is 48 bytes (its content, one reference, a start mark and an end line and
    /// column), a mapping entry 96: the tree of a 10 MB spec has about a million nodes, and the
    /// whole load must stay within 10 times the input. A new stored property belongs out of line.
    func testNodesStayAt48Bytes() {
        XCTAssertEqual(MemoryLayout<YAMLNode>.stride, 48)
        XCTAssertEqual(MemoryLayout<YAMLMappingEntry>.stride, 96)
    }

    /// A node built by hand keeps the marks it is given, however they relate, and keeps its end
    /// when its start, path, tag or anchor change.
    func testNodesBuiltByHandKeepTheirMarks() {
        var node = YAMLNode(
            .scalar("x", .plain), path: "a.yml", start: .init(line: 3, column: 9, offset: 40),
            end: .init(line: 7, column: 2, offset: 5))
        XCTAssertEqual(node.end, YAMLMark(line: 7, column: 2, offset: 5))
        node.start = YAMLMark(line: 1, column: 1, offset: 0)
        node.path = "b.yml"
        node.tag = "!t"
        node.anchor = "a"
        XCTAssertEqual(node.start, YAMLMark(line: 1, column: 1, offset: 0))
        XCTAssertEqual(node.end, YAMLMark(line: 7, column: 2, offset: 5))
        XCTAssertEqual(node.location, SourceLocation(path: "b.yml", line: 1, column: 1))
        node.end = YAMLMark(line: 1, column: 4, offset: 3)
        XCTAssertEqual(node.end, YAMLMark(line: 1, column: 4, offset: 3))
        XCTAssertEqual([node.tag, node.anchor], ["!t", "a"])
    }
}
