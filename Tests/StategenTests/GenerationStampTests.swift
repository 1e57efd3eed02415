import Foundation
import XCTest

@testable import StategenCore

/// The no-op skip of `generate` (``GenerationStamp``): a run whose inputs and outputs are as the
/// last run left them skips every stage; each change that must not skip makes a full run.
final class GenerationStampTests: ProjectTestCase {
    /// `generate --verbose`, returning whether the run was skipped and what it printed.
    func generateVerbose(_ extra: [String] = [], spec: String = "controls.yml") throws -> (
        skipped: Bool, stdout: String
    ) {
        let result = try stategen(["generate", spec, "--output", "Generated", "--verbose"] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result.stderr.contains("skipped: the output folder's .stategen-stamp matches"), result.stdout)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(StarterSpec.text, "controls.yml")
        let first = try generateVerbose()
        XCTAssertFalse(first.skipped)
        XCTAssertEqual(first.stdout, "wrote Generated/Controls.swift\n")
        XCTAssertTrue(exists("Generated/.stategen-stamp"))
    }

    func testANoOpRunSkipsAndWritesNothing() throws {
        let stamp = try read("Generated/.stategen-stamp")
        XCTAssertTrue(stamp.hasPrefix("\(GenerationStamp.header)\nfingerprint "), stamp)
        XCTAssertTrue(stamp.contains("\ninput controls.yml\n"), stamp)
        XCTAssertTrue(stamp.contains(" Controls.swift\n"), stamp)
        let before = try FileManager.default.attributesOfItem(
            atPath: project.appendingPathComponent("Generated/Controls.swift").path)
        let content = try read("Generated/Controls.swift")
        let again = try generateVerbose()
        XCTAssertTrue(again.skipped)
        // The plan took the file as current without its text: it must still be whole.
        XCTAssertEqual(try read("Generated/Controls.swift"), content)
        XCTAssertEqual(again.stdout, "unchanged Generated/Controls.swift\n")
        let after = try FileManager.default.attributesOfItem(
            atPath: project.appendingPathComponent("Generated/Controls.swift").path)
        XCTAssertEqual(before[.modificationDate] as? Date, after[.modificationDate] as? Date)
        // The stamp is the same bytes: it holds no time and no machine's path.
        XCTAssertEqual(try read("Generated/.stategen-stamp"), stamp)
    }

    /// A rebuilt or reinstalled stategen of the same version does not trust the stamp of the
    /// build before it: the stamp records the executable file's identity too.
    func testAnotherBuildOfTheSameVersionRunsEveryStage() throws {
        let copy = project.appendingPathComponent("stategen-rebuilt")
        try FileManager.default.copyItem(at: TestSupport.stategenBinary, to: copy)
        let arguments = ["generate", "controls.yml", "--output", "Generated", "--verbose"]
        let rebuilt = try TestSupport.run(copy, arguments, in: project)
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        XCTAssertFalse(rebuilt.stderr.contains("skipped:"), rebuilt.stderr)
        let again = try TestSupport.run(copy, arguments, in: project)
        XCTAssertTrue(again.stderr.contains("skipped:"), again.stderr)
        // And the original build, in turn, runs every stage once.
        XCTAssertFalse(try generateVerbose().skipped)
    }

    /// A FIFO in the place of the stamp or of an output is never opened for reading (which
    /// would wait for a writer forever): the run goes on, and reports the output's FIFO.
    func testAFIFOInThePlaceOfTheStampOrAnOutputDoesNotStall() throws {
        let stamp = project.appendingPathComponent("Generated/.stategen-stamp").path
        try FileManager.default.removeItem(atPath: stamp)
        XCTAssertEqual(mkfifo(stamp, 0o644), 0)
        let run = try stategen(["generate", "controls.yml", "--output", "Generated", "--verbose"])
        XCTAssertFalse(run.stderr.contains("skipped:"), run.stderr)
        try FileManager.default.removeItem(atPath: stamp)
        XCTAssertFalse(try generateVerbose().skipped)

        let output = project.appendingPathComponent("Generated/Controls.swift").path
        try FileManager.default.removeItem(atPath: output)
        XCTAssertEqual(mkfifo(output, 0o644), 0)
        let fifo = try stategen(["generate", "controls.yml", "--output", "Generated"])
        XCTAssertEqual(fifo.status, 1, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("special file"), fifo.stderr)
    }

    func testAnOutputEditedOrDeletedByHandIsWrittenAgain() throws {
        let original = try read("Generated/Controls.swift")
        try write(original + "// edited\n", "Generated/Controls.swift")
        let edited = try generateVerbose()
        XCTAssertFalse(edited.skipped)
        XCTAssertEqual(edited.stdout, "wrote Generated/Controls.swift\n")
        XCTAssertEqual(try read("Generated/Controls.swift"), original)

        try FileManager.default.removeItem(at: project.appendingPathComponent("Generated/Controls.swift"))
        let deleted = try generateVerbose()
        XCTAssertFalse(deleted.skipped)
        XCTAssertEqual(try read("Generated/Controls.swift"), original)
        XCTAssertTrue(try generateVerbose().skipped)
    }

    func testAChangedSpecTemplateOrOptionRunsEveryStage() throws {
        // A comment-only edit: a full run, and the same output.
        try write(StarterSpec.text + "# a comment\n", "controls.yml")
        let comment = try generateVerbose()
        XCTAssertFalse(comment.skipped)
        XCTAssertEqual(comment.stdout, "unchanged Generated/Controls.swift\n")
        XCTAssertTrue(try generateVerbose().skipped)

        // An option.
        let option = try generateVerbose(["--access", "internal"])
        XCTAssertFalse(option.skipped)
        XCTAssertEqual(option.stdout, "wrote Generated/Controls.swift\n")
        XCTAssertTrue(try generateVerbose(["--access", "internal"]).skipped)
        XCTAssertFalse(try generateVerbose().skipped)

        // A custom template folder, then a change of one of its templates.
        let builtin = try XCTUnwrap(BuiltinTemplates.sources["namespace"])
        try write(builtin + "// 1\n", "templates/namespace.mustache")
        XCTAssertFalse(try generateVerbose(["--templates", "templates"]).skipped)
        XCTAssertTrue(try generateVerbose(["--templates", "templates"]).skipped)
        try write(builtin + "// 2\n", "templates/namespace.mustache")
        XCTAssertFalse(try generateVerbose(["--templates", "templates"]).skipped)
    }

    func testAChangedTokenFileRunsEveryStage() throws {
        try write(##"{ "color": { "$type": "color", "ink": { "$value": "#0060DF" } } }"##, "tokens.json")
        let spec = StarterSpec.text.replacingOccurrences(
            of: "access: public         # public, package or internal",
            with: "access: public\ntokenFiles: [tokens.json]"
        ).replacingOccurrences(
            of: ##"titleColor: { normal: "#0060DF", selected: "#FFFFFF", disabled: "#3C3C434D" }"##,
            with: ##"titleColor: { normal: "{color.ink}", selected: "#FFFFFF", disabled: "#3C3C434D" }"##)
        XCTAssertNotEqual(spec, StarterSpec.text)
        try write(spec, "controls.yml")
        XCTAssertFalse(try generateVerbose().skipped)
        XCTAssertTrue(try read("Generated/.stategen-stamp").contains("\ninput tokens.json\n"))
        XCTAssertTrue(try generateVerbose().skipped)
        try write(##"{ "color": { "$type": "color", "ink": { "$value": "#0047A6" } } }"##, "tokens.json")
        let changed = try generateVerbose()
        XCTAssertFalse(changed.skipped)
        XCTAssertEqual(changed.stdout, "wrote Generated/Controls.swift\n")
    }

    func testABrokenOrForeignStampMakesAFullRun() throws {
        for text in ["", "garbage\n", "stategen-stamp 1\nfingerprint 0000000000000000\ninput controls.yml\n"] {
            try write(text, "Generated/.stategen-stamp")
            XCTAssertFalse(try generateVerbose().skipped, text)
            XCTAssertTrue(try generateVerbose().skipped, text)
        }
        // Another version of stategen: a different fingerprint.
        let options = GeneratorPipeline.Options(outputDirectory: "Generated")
        XCTAssertNotEqual(
            GenerationStamp.describe(options, specs: ["controls.yml"], version: "0.1.0"),
            GenerationStamp.describe(options, specs: ["controls.yml"], version: "0.2.0"))
    }

    /// A run with warnings writes a stamp that only records its files (so that a later run
    /// knows what it wrote) and never lets the next run skip.
    func testARunWithWarningsWritesNoStampSoTheyPrintAgain() throws {
        let warned = StarterSpec.text.replacingOccurrences(
            of: ##"titleColor: { normal: "#0060DF", selected: "#FFFFFF", disabled: "#3C3C434D" }"##,
            with: ##"titleColor: { normal: "#AAAAAA", selected: "#FFFFFF", disabled: "#3C3C434D" }"##)
        try write(warned, "controls.yml")
        let first = try stategen(["generate", "controls.yml", "--output", "Generated"])
        XCTAssertTrue(first.stderr.contains("[contrast]"), first.stderr)
        let record = try XCTUnwrap(GenerationStamp(text: read("Generated/.stategen-stamp")))
        XCTAssertEqual(record.fingerprint, GenerationStamp.recordOnly)
        XCTAssertEqual(record.outputs.map(\.name), ["Controls.swift"])
        let second = try stategen(["generate", "controls.yml", "--output", "Generated"])
        XCTAssertTrue(second.stderr.contains("[contrast]"), second.stderr)
    }

    /// The stamp's hash is XXH64 (seed 0): the reference implementation's values (`xxhsum
    /// -H64`), over lengths that reach each tail of the algorithm (32-byte stripes, 8, 4 and
    /// 1 byte).
    func testTheContentHashIsXXH64() {
        XCTAssertEqual(GenerationStamp.contentHash([]), "ef46db3751d8e999")
        XCTAssertEqual(GenerationStamp.contentHash(Array("abc".utf8)), "44bc2cf5ad770999")
        XCTAssertEqual(GenerationStamp.contentHash((0..<31).map { UInt8($0 * 7 % 256) }), "0f187c62b1e722b7")
        XCTAssertEqual(GenerationStamp.contentHash((0..<103).map { UInt8($0 * 7 % 256) }), "c59307ab9d035cf4")
        XCTAssertEqual(
            GenerationStamp.contentHash(Array(String(repeating: "stategen ", count: 1000).utf8)), "6b67786c0b4ff4fd")
    }

    /// An output is hashed as it is read, a chunk at a time: the same hash and header line
    /// whatever the chunk size, and wherever the chunks end.
    func testAFileHashedInChunksHashesAsAWhole() throws {
        let text =
            "// Generated by stategen from a spec whose header line is long\n"
            + String(repeating: "stategen ", count: 1000)
        for length in [0, 5, 31, 32, 33, 64, 100, 1000, text.utf8.count] {
            let bytes = Array(text.utf8.prefix(length))
            let path = try TestSupport.write(String(decoding: bytes, as: UTF8.self), named: "out.swift", in: self)
            for chunkSize in [32, 64, 4096, 1 << 16] {
                let result = try XCTUnwrap(GenerationStamp.hashAndHeader(ofFileAt: path, chunkSize: chunkSize))
                XCTAssertEqual(
                    GenerationStamp.hex(result.hash), GenerationStamp.contentHash(bytes), "\(length) \(chunkSize)")
                XCTAssertEqual(
                    result.header, Array(bytes.prefix { $0 != UInt8(ascii: "\n") }), "\(length) \(chunkSize)")
            }
        }
        XCTAssertNil(GenerationStamp.hashAndHeader(ofFileAt: "/nonexistent/out.swift"))
    }

    /// A stamp of an earlier format is not read: the first (FNV-1a hashes), and the second
    /// (names written raw, so a name's line break may have added a record). The next run is a
    /// full one, which writes a stamp of this format.
    func testAStampOfAnEarlierFormatMakesAFullRun() throws {
        let stamp = try read("Generated/.stategen-stamp")
        for format in ["stategen-stamp 1", "stategen-stamp 2"] {
            try write(
                stamp.replacingOccurrences(of: "\(GenerationStamp.header)\n", with: "\(format)\n"),
                "Generated/.stategen-stamp")
            XCTAssertNil(GenerationStamp(text: try read("Generated/.stategen-stamp")), format)
            XCTAssertFalse(try generateVerbose().skipped, format)
            XCTAssertEqual(try read("Generated/.stategen-stamp"), stamp)
            XCTAssertTrue(try generateVerbose().skipped, format)
        }
    }

    /// Every name in the stamp (inputs, outputs, kept files) is written in an escaped form and
    /// read back exactly: a line break in a name split its record, so a token file named
    /// `x\noutput HASH Other.swift` added a record of writing `Other.swift`.
    func testNamesWithLineBreaksAndControlCharactersRoundTrip() throws {
        let names = [
            "sp\nec.yml", "x\noutput 0123456789abcdef Other.swift", "x\nkept 0123456789abcdef Kept.swift",
            "carriage\rreturn.yml", "crlf\r\n.yml", "100%.yml", "%0A.yml", "%%25", "with space .yml", " lead",
            "é🙂 ünïcode.yml", "tab\tand\u{1B}esc\u{7}bel\u{7F}del\u{85}nel", "\u{0}nul", "", "trailing%",
        ]
        var stamp = GenerationStamp(
            fingerprint: "0123456789abcdef", inputs: names,
            outputs: names.map { GenerationStamp.Output(name: $0, hash: "fedcba9876543210") })
        stamp.kept = names.reversed().map { GenerationStamp.Output(name: $0, hash: "00000000000000ff") }
        let text = stamp.text
        // One line per record, and no control character but the line breaks that end them.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2 + 3 * names.count + 1, text)
        XCTAssertFalse(
            text.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }, text)
        XCTAssertEqual(GenerationStamp(text: text), stamp)
        let parsed = try XCTUnwrap(GenerationStamp(text: text))
        XCTAssertEqual(parsed.inputs, names)
        XCTAssertEqual(parsed.outputs.map(\.name), names)
        XCTAssertEqual(parsed.kept.map(\.name), names.reversed())
        // Names without `%` or a control character read as they are written.
        XCTAssertTrue(text.contains("\ninput with space .yml\n"), text)
        XCTAssertTrue(text.contains("\noutput fedcba9876543210 é🙂 ünïcode.yml\n"), text)
    }

    /// A record that does not parse makes the whole stamp invalid (a full run), never a record
    /// of something else.
    func testAStampWithARecordThatDoesNotParseIsInvalid() throws {
        let valid = GenerationStamp(
            fingerprint: "0123456789abcdef", inputs: ["controls.yml"],
            outputs: [GenerationStamp.Output(name: "Controls.swift", hash: "fedcba9876543210")]
        ).text
        XCTAssertNotNil(GenerationStamp(text: valid))
        let broken = [
            "input a%0\n", "input a%zz\n", "input a%\n", "input a%0a\n", "input a%41\n", "input a\rb\n",
            "input a\tb\n", "input a%FF\n", "input a%C3\n", "output fedcba9876543210\n", "output xyz Other.swift\n",
            "output  Other.swift\n", "kept 0123 Other.swift\n", "output fedcba9876543210 a%0\n", "other line\n",
        ]
        for line in broken {
            XCTAssertNil(GenerationStamp(text: valid + line), line.debugDescription)
        }
    }

    /// `check` compares content whatever the stamp says.
    func testCheckIgnoresTheStamp() throws {
        XCTAssertEqual(try stategen(["check", "controls.yml", "--output", "Generated"]).status, 0)
        try write(try read("Generated/Controls.swift") + "// edited\n", "Generated/Controls.swift")
        XCTAssertEqual(try stategen(["check", "controls.yml", "--output", "Generated"]).status, 1)
    }
}
