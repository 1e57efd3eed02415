import Foundation
import XCTest

@testable import StategenCore

/// Issue 25: a `.json` token file is strict JSON (RFC 8259), judged from libyaml's events and
/// marks: YAML that libyaml reads but no JSON parser would (block style, unquoted or
/// single-quoted strings, YAML's other plain scalars, anchors, tags, documents, escapes JSON
/// has not) is a located error, so that a file stategen reads also reads in Style Dictionary,
/// Tokens Studio and `JSON.parse`.
final class JSONTokenFileTests: XCTestCase {
    /// The error reading `text` as a `.json` file gives, as `line:column rule message`, or
    /// `nil` when it reads.
    func error(_ text: String) -> String? {
        error(Array(text.utf8))
    }

    func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try YAMLReader(json: true).read(bytes, path: "t.tokens.json")
            return nil
        } catch {
            return "\(error.location.line):\(error.location.column) \(error.kind.rawValue) \(error.message)"
        }
    }

    static let valid = ##"{ "c": { "$type": "color", "a": { "$value": "#0A84FF" } } }"##

    /// Each case: the text, where its error is, and the start of its message.
    func testYAMLThatIsNotJSONIsALocatedError() {
        let cases: [(String, String, String)] = [
            // Block style, the spec's own style of YAML.
            ("c:\n  $type: color\n  a: { \"$value\": \"#0A84FF\" }\n", "1:1", "JSON writes an object in braces"),
            ("- a\n- b\n", "1:1", "JSON writes an array in brackets"),
            // Keys and strings that are not double-quoted.
            (
                ##"{ c: { "$type": "color", "a": { "$value": "#0A84FF" } } }"##, "1:3",
                "JSON writes a key as a double-quoted string"
            ),
            (
                ##"{ "c": { "$type": 'color', "a": { "$value": "#0A84FF" } } }"##, "1:19",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": color, "a": { "$value": "#0A84FF" } } }"##, "1:19",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "color", 1: { "$value": "#0A84FF" } } }"##, "1:28",
                "JSON writes a key as a double-quoted string"
            ),
            (
                ##"{ "c": { "$type": "color", ["a"]: { "$value": "#0A84FF" } } }"##, "1:28",
                "JSON writes a key as a double-quoted string"
            ),
            // YAML's other plain scalars.
            (
                ##"{ "c": { "$type": "number", "a": { "$value": ~ } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "number", "a": { "$value": 0x1F } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "number", "a": { "$value": .5 } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "number", "a": { "$value": +1 } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "number", "a": { "$value": 01 } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (
                ##"{ "c": { "$type": "number", "a": { "$value": 1. } } }"##, "1:46",
                "JSON writes a string in double quotes"
            ),
            (##"{ "c": { "$deprecated": yes, "$type": "number" } }"##, "1:25", "JSON writes a string in double quotes"),
            (
                ##"{ "c": { "$deprecated": True, "$type": "number" } }"##, "1:25",
                "JSON writes a string in double quotes"
            ),
            // A key without a value, and YAML's flow pair.
            (##"{ "c": { "$type": "color", "a" } }"##, "1:32", "JSON needs a ':' and a value"),
            (
                ##"{ "c": { "$type": "fontFamily", "a": { "$value": ["Inter": 1] } } }"##, "1:51",
                "JSON writes an object in braces"
            ),
            (##"{ "c": { ? "$type" : "color" } }"##, "1:10", "JSON has only whitespace"),
            // Anchors, aliases, tags.
            (
                ##"{ "c": { "$type": "color", "a": &x { "$value": "#0A84FF" }, "b": *x } }"##, "1:33",
                "JSON has no anchors"
            ),
            (##"{ "c": { "$type": !!str "color", "a": { "$value": "#0A84FF" } } }"##, "1:19", "JSON has no tags"),
            // Documents and directives.
            ("---\n" + Self.valid, "1:1", "JSON has no documents"),
            ("%YAML 1.1\n---\n" + Self.valid, "1:1", "JSON has no documents"),
            (Self.valid + "\n...\n", "2:1", "JSON has no documents"),
            (Self.valid + "\n---\n" + Self.valid, "2:1", "JSON has no documents"),
            // Escapes YAML has and JSON has not, and raw control characters.
            (##"{ "c": { "$description": "\x41", "$type": "color" } }"##, "1:27", "JSON has no escape '\\x'"),
            (##"{ "c": { "$description": "ab\e", "$type": "color" } }"##, "1:29", "JSON has no escape '\\e'"),
            (##"{ "c": { "$description": "é\N", "$type": "color" } }"##, "1:28", "JSON has no escape '\\N'"),
            (##"{ "c": { "$description": "\_", "$type": "color" } }"##, "1:27", "JSON has no escape '\\_'"),
            (##"{ "c": { "$description": "\L\P", "$type": "color" } }"##, "1:27", "JSON has no escape '\\L'"),
            (##"{ "c": { "$description": "\ ", "$type": "color" } }"##, "1:27", "JSON has no escape '\\ '"),
            (##"{ "c": { "$description": "\0\a\v", "$type": "color" } }"##, "1:27", "JSON has no escape '\\0'"),
            (##"{ "c": { "$description": "\U0001F600", "$type": "color" } }"##, "1:27", "JSON has no escape '\\U'"),
            (
                "{ \"c\": { \"$description\": \"a\tb\", \"$type\": \"color\" } }", "1:28",
                "JSON strings hold no raw control character"
            ),
            (
                "{ \"c\": { \"$description\": \"a\n  b\", \"$type\": \"color\" } }", "1:28",
                "JSON strings hold no raw control character"
            ),
            (
                "{ \"c\": { \"$description\": \"a\\\n  b\", \"$type\": \"color\" } }", "1:28",
                "JSON has no escaped line break"
            ),
            // A \u escape without its four digits: libyaml's own error.
            (##"{ "c": { "$description": "\u00e", "$type": "color" } }"##, "1:29", "did not find expected hexdecimal"),
        ]
        for (text, location, message) in cases {
            let found = error(text)
            XCTAssertTrue(
                found?.hasPrefix("\(location) yaml-syntax \(message)") == true,
                "\(text)\n  expected \(location) \(message)\n  found \(found ?? "no error")")
        }
    }

    /// Issue 25's new-user trial: an unquoted colour, `{ "$value": #0A84FF }`, whose `#`
    /// starts a comment that swallows the closing braces, was `4:1 did not find expected node
    /// content` past the end of the file (then, with strict JSON, "JSON has no comments"). It
    /// is an error at the `#` that says to quote the colour, in JSON whether or not libyaml
    /// reads the rest, and in a YAML token file (the spec's note, now located at the `#`).
    func testAnUnquotedColourIsAnErrorAtItsHashThatSaysToQuoteIt() throws {
        let swallowed = "{\n  \"c\": { \"$type\": \"color\",\n    \"a\": { \"$value\": #0A84FF }\n  }\n}\n"
        XCTAssertEqual(
            error(swallowed),
            "3:22 yaml-syntax JSON needs a colour in double quotes, as in \"#0A84FF\"; "
                + "an unquoted '#' starts a comment (which JSON has not) that swallows the rest of the line")
        // libyaml reads the rest when the closing brace is on the next line.
        let read = "{ \"c\": { \"$type\": \"color\", \"a\": { \"$value\": #FFF\n} } }\n"
        XCTAssertTrue(
            error(read)?.hasPrefix("1:45 yaml-syntax JSON needs a colour in double quotes, as in \"#FFF\"") == true,
            error(read) ?? "no error")
        // A file on one line, with or without its final newline, and compact: the comment
        // swallows every closing brace, and libyaml's error is past the end, on line 2.
        let oneLine = "{ \"color\": { \"$type\": \"color\", \"primary\": { \"$value\": #0A84FF } } }"
        let compact = "{\"color\":{\"$type\":\"color\",\"primary\":{\"$value\":#0A84FF}}}"
        for (text, column) in [(oneLine + "\n", 55), (oneLine, 55), (compact, 47), (compact + "\n", 47)] {
            XCTAssertEqual(
                error(text),
                "1:\(column) yaml-syntax JSON needs a colour in double quotes, as in \"#0A84FF\"; "
                    + "an unquoted '#' starts a comment (which JSON has not) that swallows the rest of the line",
                text)
        }
        // A comment that is no colour is still a comment.
        XCTAssertTrue(
            error("{ \"c\": 1 # note\n}\n")?.hasPrefix("1:10 yaml-syntax JSON has no comments") == true,
            error("{ \"c\": 1 # note\n}\n") ?? "no error")
        // YAML: libyaml's error is past the end of the file, on no line; it is at the '#'.
        let yaml = "color:\n  $type: color\n  primary: { $value: #0A84FF }\n"
        do {
            _ = try YAMLReader().read(Array(yaml.utf8), path: "t.tokens.yml")
            XCTFail("read")
        } catch {
            XCTAssertEqual(error.location.line, 3)
            XCTAssertEqual(error.location.column, 22)
            XCTAssertEqual(
                error.message,
                "an unquoted '#' after a space starts a comment, which swallows the rest of the line; "
                    + "quote colours, as in \"#0A84FF\"")
            XCTAssertEqual(error.notes.map(\.message), ["libyaml: did not find expected node content"])
        }
        // The spec's YAML, where libyaml's error is on a later line: its note is at the '#'.
        let spec = "a: { b: #FFF }\nc: 1\n"
        do {
            _ = try YAMLReader().read(Array(spec.utf8), path: "spec.yml")
            XCTFail("read")
        } catch {
            XCTAssertEqual(error.location.line, 2)
            let note = try XCTUnwrap(error.notes.last)
            XCTAssertEqual(
                note.message, "an unquoted '#' after a space starts a comment; quote colours, as in \"#FFF\"")
            XCTAssertEqual(note.location.map { "\($0.line):\($0.column)" }, "1:9")
        }
    }

    /// The re-trial's YAML side: the note at an unquoted colour's '#' is found on any line up
    /// to libyaml's error, past a quoted string before it (JSON written as a YAML file, or a
    /// spec), and after a ':' with no space when a quoted key ends just before it.
    func testAnUnquotedColourNoteIsFoundOnAnyLineUpToTheError() throws {
        func hashNote(_ text: String, path: String = "t.tokens.yml") -> String? {
            do {
                _ = try YAMLReader().read(Array(text.utf8), path: path)
                return "read"
            } catch {
                if error.message.hasPrefix("an unquoted '#'") {
                    return "\(error.location.line):\(error.location.column) \(error.message)"
                }
                return error.notes.first { $0.message.hasPrefix("an unquoted '#'") }
                    .map { note in "\(note.location?.line ?? 0):\(note.location?.column ?? 0) \(note.message)" }
            }
        }
        let compact = "{\"color\":{\"$type\":\"color\",\"primary\":{\"$value\":#0A84FF}}}"
        for text in [compact, compact + "\n"] {
            XCTAssertEqual(
                hashNote(text),
                "1:47 an unquoted '#' after a space starts a comment, which swallows the rest of the line; "
                    + "quote colours, as in \"#0A84FF\"", text)
        }
        let spaced = "{ \"color\": { \"$type\": \"color\", \"primary\": { \"$value\": #0A84FF } } }"
        XCTAssertEqual(hashNote(spaced)?.prefix(5), "1:55 ")
        // The error is two lines on, its context on the line before: the note is still at the '#'.
        XCTAssertEqual(
            hashNote("color: {\n  $type: color,\n  primary: #0A84FF,\n  second: 1 }\n"),
            "3:12 an unquoted '#' after a space starts a comment; quote colours, as in \"#0A84FF\"")
        XCTAssertEqual(
            hashNote("a: {\n  b: #FFF,\n  c: 1 }\nd: 2\n", path: "spec.yml"),
            "2:6 an unquoted '#' after a space starts a comment; quote colours, as in \"#FFF\"")
        // A comment that is no colour, on an earlier line, gets no such note.
        XCTAssertNil(hashNote("a: # the a\n  b: {\n  c: 1\n"))
    }

    /// Everything RFC 8259 has reads: its numbers, literals, escapes and whitespace (CR LF
    /// line ends, tabs between tokens), nesting, an empty object and array, and a UTF-8 byte
    /// order mark (which RFC 8259 lets a parser ignore).
    func testStrictJSONReads() throws {
        let text = """
            {\r
            \t"c": { "$type": "color", "$description": "\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uFFFD é 🎨",\r
            \t  "a": { "$value": "#0A84FF", "$extensions": { "x": [0, -0, 1, -1.5e3, 2E+10, 0.25e-2, true, false, null, {}, [], [[]]] } } }\r
            }\r

            """
        XCTAssertNil(error(text))
        XCTAssertNil(error([0xEF, 0xBB, 0xBF] + Array(Self.valid.utf8)))
        let node = try XCTUnwrap(YAMLReader(json: true).read(Array(text.utf8), path: "t.tokens.json").first?.root)
        func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
            node?.mappingEntries?.first { $0.key.scalarText == key }?.value
        }
        XCTAssertEqual(
            value(value(node, "c"), "$description")?.scalarText, "\" \\ / \u{8} \u{C} \n \r \t é \u{FFFD} é 🎨")
        // The spec's own YAML keeps YAML.
        XCTAssertNil(try? YAMLReader(json: true).read(Array("c: { a: 'x' }\n".utf8), path: "t.tokens.json"))
        XCTAssertNotNil(try? YAMLReader().read(Array("c: { a: 'x' }\n".utf8), path: "t.tokens.yml"))
    }

    /// Issue 25: a UTF-16 `.json` token file got only the `//` check: its `#` comments and
    /// trailing commas read silently. JSON is UTF-8 (RFC 8259, 8.1) and `JSON.parse` on the
    /// UTF-8 text Style Dictionary reads fails on UTF-16, so it is refused at 1:1; a UTF-16
    /// YAML token file still reads.
    func testAUTF16JSONFileIsRefused() throws {
        for text in [Self.valid, "{ \"c\": { \"$type\": \"color\", }  # x\n}"] {
            let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for bytes in [little, big] {
                let found = error(bytes)
                XCTAssertTrue(found?.hasPrefix("1:1 yaml-encoding the file is UTF-16") == true, found ?? "no error")
                XCTAssertTrue(found?.contains("JSON is UTF-8") == true, found ?? "no error")
                if text == Self.valid { XCTAssertNotNil(try? YAMLReader().read(bytes, path: "t.tokens.yml")) }
            }
        }
    }

    /// A `.json` token file's error through `generate`: located, nothing written.
    func testGenerateStopsAtTheFirstNonJSON() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let spec = """
            stategen: 1
            module: Demo
            tokenFiles: [t.tokens.json]
            unusedTokens: ignore
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes:
              tint: { type: color }
            attributeSets: { look: [tint] }
            controls:
              Button:
                attributeSets: [look]
                values:
                  tint: { normal: "{c.a}" }

            """
        try Data(spec.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        try Data("{\n  \"c\": {\n    $type: color,\n    \"a\": { \"$value\": \"#0A84FF\" } } }\n".utf8)
            .write(to: directory.appendingPathComponent("t.tokens.json"))
        let result = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertEqual(
            result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule)" },
            ["3:5 yaml-syntax"], "\(result.diagnostics)")
        XCTAssertTrue(result.files.isEmpty)
        try Data(("{\n  \"c\": {\n    \"$type\": \"color\",\n    \"a\": { \"$value\": \"#0A84FF\" } } }\n").utf8)
            .write(to: directory.appendingPathComponent("t.tokens.json"))
        let fixed = GeneratorPipeline().generate(specAt: directory.appendingPathComponent("spec.yml").path)
        XCTAssertEqual(fixed.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    }

    /// Every `.json` token file of Examples/, and every DTCG 2025.10 example that is a strict
    /// JSON object (per the conformance data's index), reads as a `.json` file.
    func testExamplesAndDTCGExamplesRead() throws {
        let root = TestSupport.packageRoot
        let examples = try XCTUnwrap(
            FileManager.default.enumerator(atPath: root.appendingPathComponent("Examples").path)
        )
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") && !$0.contains(".build/") }
        XCTAssertGreaterThanOrEqual(examples.count, 4)
        var paths = examples.map { root.appendingPathComponent("Examples/\($0)").path }
        let dtcg = root.appendingPathComponent("../shared/conformance/dtcg-2025.10").standardized
        if let index = try? String(contentsOf: dtcg.appendingPathComponent("INDEX.tsv"), encoding: .utf8) {
            let rows = index.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            let header = try XCTUnwrap(rows.first)
            let strict = try XCTUnwrap(header.firstIndex(of: "strict_json_object"))
            let file = try XCTUnwrap(header.firstIndex(of: "file"))
            let listed = rows.dropFirst().filter { $0.count > max(strict, file) && $0[strict] == "True" }
            XCTAssertGreaterThanOrEqual(listed.count, 60)
            paths += listed.map { dtcg.appendingPathComponent("examples/\($0[file])").path }
        } else {
            print("JSONTokenFileTests: \(dtcg.path) is absent; only Examples/ checked")
        }
        for path in paths {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertNil(error(bytes), path)
        }
    }

    // MARK: - Issue 26: surrogate pairs, raw characters libyaml refuses, JSON5

    /// The root of `text` read as a `.json` token file.
    func root(_ text: String) throws -> YAMLNode {
        try XCTUnwrap(YAMLReader(json: true).read(Array(text.utf8), path: "t.tokens.json").first?.root)
    }

    /// The node at `keys` under `node`.
    func value(_ node: YAMLNode?, _ keys: String...) -> YAMLNode? {
        var node = node
        for key in keys { node = node?.mappingEntries?.first { $0.key.scalarText == key }?.value }
        return node
    }

    /// A token file of a spec, loaded through the pipeline: its token table and diagnostics.
    func load(tokenFile text: String) throws -> (TokenTable?, [String]) {
        let directory = try TestSupport.temporaryDirectory(self)
        let spec = """
            stategen: 1
            module: Demo
            tokenFiles: [t.tokens.json]
            unusedTokens: ignore
            states: { normal: {} }
            events: { tap: {} }
            transitions: { normal: { tap: normal } }
            attributes:
              tint: { type: color }
            attributeSets: { look: [tint] }
            controls:
              Button:
                attributeSets: [look]
                values:
                  tint: { normal: "#000000" }

            """
        try Data(spec.utf8).write(to: directory.appendingPathComponent("spec.yml"))
        try Data(text.utf8).write(to: directory.appendingPathComponent("t.tokens.json"))
        var result = GeneratorPipeline.Result()
        let diagnostics = DiagnosticCollector()
        let loaded = GeneratorPipeline().load(
            specAt: directory.appendingPathComponent("spec.yml").path, into: &result, diagnostics: diagnostics)
        let found = diagnostics.diagnostics.map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.rule) \($0.message)"
        }
        return (loaded?.tokenTable, found)
    }

    /// Python's `json.dump` writes every character outside the Basic Multilingual Plane as a
    /// UTF-16 surrogate pair (RFC 8259, 7), which libyaml refused ("found invalid Unicode
    /// character escape code"): a pair in a value or a key is the one character, in either case
    /// of hexadecimal digits, beside other escapes and raw text.
    func testASurrogatePairIsItsCharacter() throws {
        let text =
            ##"{ "icon": { "$type": "string", "paint": { "$value": "\ud83c\udfa8" }, "\uD83D\uDE00 face": { "$value": "a\"\ud83d\ude00\\\u00e9🎨\uD83C\uDFA8" } } }"##
        let node = try root(text)
        XCTAssertEqual(value(node, "icon", "paint", "$value")?.scalarText, "\u{1F3A8}")
        XCTAssertEqual(value(node, "icon", "😀 face", "$value")?.scalarText, "a\"😀\\é🎨🎨")
        let (table, diagnostics) = try load(tokenFile: text)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(table?.entries["icon.paint"]?.value, .string("🎨"))
        XCTAssertEqual(table?.entries["icon.😀 face"]?.value, .string("a\"😀\\é🎨🎨"))
    }

    /// Everything after a rewritten pair is where the file has it: a diagnostic on the same
    /// line after the string, a node's start and end marks, and an error inside the same string
    /// after the pair (``JSONStringRewrite`` maps libyaml's columns back).
    func testLocationsAfterASurrogatePairAreTheFilesOwn() throws {
        // After the string, on the same line: the stray value 5 is at column 81.
        let stray = ##"{ "c": { "$type": "string", "a": { "$value": "\ud83c\udfa8\ud83c\udfa8" }, "b": 5 } }"##
        let column = Array(stray.unicodeScalars).firstIndex(of: "5").map { $0 + 1 }
        XCTAssertEqual(column, 81)
        let (_, diagnostics) = try load(tokenFile: stray)
        XCTAssertEqual(diagnostics.map { $0.prefix(22) }, ["1:81 wrong-node-kind '"])
        // The nodes' marks: the string ends just after its closing quote; the next key starts
        // where the file has it.
        let node = try root(stray)
        let string = try XCTUnwrap(value(node, "c", "a", "$value"))
        XCTAssertEqual(string.start.column, 46)
        XCTAssertEqual(string.end.column, 72)
        XCTAssertEqual(string.end.offset - string.start.offset, 26)
        let key = try XCTUnwrap(value(node, "c")?.mappingEntries?.last?.key)
        XCTAssertEqual("\(key.start.line):\(key.start.column)", "1:76")
        // Inside the string, after the pair: JSON's checks and libyaml's own errors.
        XCTAssertEqual(
            error(##"{ "c": { "$description": "\ud83c\udfa8 \x41", "$type": "color" } }"##)?.prefix(31),
            "1:40 yaml-syntax JSON has no es")
        XCTAssertEqual(
            error(##"{ "c": { "$description": "\ud83c\udfa8", "$type": 'color' } }"##)?.prefix(33),
            "1:51 yaml-syntax JSON writes a st")
        // Two lines: the second line's columns are untouched.
        XCTAssertEqual(
            error("{ \"c\": { \"$description\": \"\\ud83c\\udfa8\",\n  \"$type\": 'color' } }")?.prefix(12),
            "2:12 yaml-sy")
    }

    /// A lone surrogate (a high one not followed by a low one, a low one first) is no
    /// character: a located error at its `\` that says so, not libyaml's "invalid Unicode
    /// character escape code".
    func testALoneSurrogateIsALocatedErrorThatSaysSo() {
        let cases: [(String, String, String)] = [
            (##"{ "c": { "$description": "x\ud83c y", "$type": "color" } }"##, "1:28", "'\\ud83c' is a high surrogate"),
            (##"{ "c": { "$description": "\udfa8", "$type": "color" } }"##, "1:27", "'\\udfa8' is a low surrogate"),
            (
                ##"{ "c": { "$description": "\uD83C\u0041", "$type": "color" } }"##, "1:27",
                "'\\uD83C' is a high surrogate"
            ),
            // After a pair that was rewritten, in the same string: still the file's column.
            (
                ##"{ "c": { "$description": "\ud83c\udfa8\ud83c", "$type": "color" } }"##, "1:39",
                "'\\ud83c' is a high surrogate"
            ),
        ]
        for (text, location, message) in cases {
            let found = error(text)
            XCTAssertTrue(
                found?.hasPrefix("\(location) yaml-syntax \(message)") == true,
                "\(text)\n  found \(found ?? "no error")")
            XCTAssertTrue(found?.contains("surrogate pair, which is no character") == true, found ?? "no error")
        }
    }

    /// RFC 8259 lets a string hold DEL (U+007F), the C1 controls and U+2028/U+2029 unescaped;
    /// libyaml refused DEL and the C1 controls as control characters, and read NEL, U+2028 and
    /// U+2029 as line breaks (a space in the value, and a line more for every location after).
    /// They are the string's characters, and the lines after them the file's.
    func testRawDELAndLineSeparatorsInAStringAreItsCharacters() throws {
        let raw = "a\u{7F}b\u{80}\u{85}\u{9F}c\u{2028}d\u{2029}e"
        let text =
            "{ \"c\": { \"$type\": \"string\", \"a\": { \"$value\": \"\(raw)\" }, \"b\": { \"$value\": \"x\" } } }"
        let node = try root(text)
        XCTAssertEqual(value(node, "c", "a", "$value")?.scalarText, raw)
        let key = try XCTUnwrap(value(node, "c")?.mappingEntries?.last?.key)
        XCTAssertEqual("\(key.start.line):\(key.start.column)", "1:63")
        let (table, diagnostics) = try load(tokenFile: text)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(table?.entries["c.a"]?.value, .string(raw))
        // Outside a string DEL is no JSON: libyaml's located error stands.
        XCTAssertEqual(error("{ \"c\": \u{7F}1 }")?.prefix(18), "1:8 yaml-encoding ")
    }

    /// A JSON5 file (comments, trailing commas, unquoted keys, single quotes) read as a `.json`
    /// token file is one error at its first JSON5 feature that names the file as JSON5, counts
    /// what it has and says how to convert it; a JSON file with one slip keeps the slip's error.
    func testAJSON5FileIsOneErrorThatSaysHowToConvertIt() throws {
        let json5 = """
            {
              color: {
                $type: 'color', // the brand's
                primary: { $value: '#0A84FF', },
                /* pressed */ pressed: { $value: "#0060DF" },
              },
            }

            """
        let (table, diagnostics) = try load(tokenFile: json5)
        XCTAssertNil(table)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let only = try XCTUnwrap(diagnostics.first)
        XCTAssertTrue(only.hasPrefix("2:3 yaml-syntax this file is JSON5, not JSON: it has "), only)
        XCTAssertTrue(
            only.contains("comments (2), trailing commas (3), unquoted keys (6) and single-quoted strings (2)"), only)
        XCTAssertTrue(only.contains("json5.load"), only)
        XCTAssertTrue(only.contains(".tokens.yml"), only)
        // Two kinds are enough: comments and a trailing comma.
        XCTAssertEqual(
            error("{\n  // colours\n  \"c\": { \"$type\": \"color\", }\n}\n")?.prefix(52),
            "2:3 yaml-syntax this file is JSON5, not JSON: it has")
        // Comments alone, one trailing comma, or one unquoted key, in a JSON file: that slip's
        // own error.
        XCTAssertTrue(
            error("{\n  // colours\n  \"c\": { \"$type\": \"color\" }\n}\n")?.hasPrefix(
                "2:3 yaml-syntax JSON has no comments")
                == true)
        XCTAssertTrue(
            error(##"{ "c": { "$type": "color", } }"##)?.hasPrefix("1:26 yaml-syntax JSON allows no comma") == true,
            error(##"{ "c": { "$type": "color", } }"##) ?? "no error")
        XCTAssertTrue(
            error(##"{ c: { "$type": "color" } }"##)?.hasPrefix("1:3 yaml-syntax JSON writes a key") == true,
            error(##"{ c: { "$type": "color" } }"##) ?? "no error")
    }
}
