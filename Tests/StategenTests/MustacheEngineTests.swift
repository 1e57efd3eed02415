@testable import StategenCore
import XCTest

/// Unit tests for the engine's extensions and error reporting (beyond the spec files).
final class MustacheEngineTests: XCTestCase {
    private func render(
        _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:],
        options: RenderOptions = .init(), name: String = "test.mustache"
    ) throws -> String {
        try Template(source: source, name: name).render(
            context, partials: partials, options: options)
    }

    /// Asserts that `body` throws a `TemplateError` and returns it.
    private func templateError(
        file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) -> TemplateError? {
        do {
            try body()
            XCTFail("expected a TemplateError", file: file, line: line)
            return nil
        } catch let error as TemplateError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: - @first / @last / @index

    /// `removesTrailingWhitespace` drops blanks at line ends as lines are rendered: blanks
    /// from several appends (text, indentation, a value), blanks of a partial's indentation on
    /// an empty line, and blanks at the end of the output; blanks inside a line, also at the end
    /// of a lambda's result that the line goes on after, stay.
    func testRemovesTrailingWhitespaceInTheSamePass() throws {
        let options = RenderOptions(escapesHTML: false, removesTrailingWhitespace: true)
        let lambda = TemplateValue.lambda(TemplateLambda { _ in "x \t" })
        let context: TemplateValue = ["a": "1  ", "b": "\t", "l": lambda, "items": [1, 2]]
        let source = "{{a}} {{b}}\nkeep  {{l}}y \n  {{>p}}\n{{#items}}{{.}}\t\n{{/items}}end \t"
        let partials = ["p": "one\n\ntwo  \n"]
        XCTAssertEqual(
            try render(source, context, partials: partials, options: options),
            "1\nkeep  x \ty\n  one\n\n  two\n1\n2\nend")
        // The Mustache spec's behaviour when the option is off: everything kept.
        XCTAssertEqual(
            try render("a \n  {{>p}}", [:], partials: ["p": "x\n\ny"], options: .init(escapesHTML: false)),
            "a \n  x\n  \n  y")
    }

    func testIterationNames() throws {
        let context: TemplateValue = ["items": ["a", "b", "c"]]
        XCTAssertEqual(
            try render("{{#items}}{{@index}}:{{.}}{{^@last}}, {{/@last}}{{/items}}", context),
            "0:a, 1:b, 2:c")
        XCTAssertEqual(
            try render("{{#items}}{{#@first}}[{{/@first}}{{.}}{{#@last}}]{{/@last}}{{/items}}", context),
            "[abc]")
        XCTAssertEqual(
            try render("{{#items}}{{@first}}/{{@last}} {{/items}}", context),
            "true/false false/false false/true ")
    }

    func testIterationNamesReferToInnermostList() throws {
        let context: TemplateValue = [
            "rows": [
                ["cells": [1, 2], "meta": ["x": 1]],
                ["cells": [3], "meta": ["x": 2]],
            ]
        ]
        let source =
            "{{#rows}}{{@index}}({{#cells}}{{@index}}{{^@last}},{{/@last}}{{/cells}})"
            + "{{#meta}}{{@index}}{{/meta}};{{/rows}}"
        // Inside {{#meta}} (an object, not a list) @index is still the row's.
        XCTAssertEqual(try render(source, context), "0(0,1)0;1(0)1;")
    }

    func testIterationNamesOutsideListsAreMisses() throws {
        XCTAssertEqual(try render("[{{@index}}{{#@first}}x{{/@first}}]"), "[]")
        let error = templateError { _ = try self.strictRender("{{@index}}") }
        XCTAssertEqual(error?.message, "no value for '@index'")
    }

    // MARK: - Strict mode

    private func strictRender(_ source: String, _ context: TemplateValue = [:])
        throws(TemplateError) -> String
    {
        try Template(source: source, name: "control.swift.mustache").render(
            context, options: RenderOptions(isStrict: true))
    }

    func testStrictMissingVariableReportsLineAndColumn() {
        let error = templateError {
            _ = try self.strictRender("struct A {\n    let x = {{value}}\n  {{foo}}\n}", ["value": 1])
        }
        XCTAssertEqual(
            error?.location, TemplateLocation(template: "control.swift.mustache", line: 3, column: 3))
        XCTAssertEqual(error?.message, "no value for 'foo'")
        XCTAssertEqual(error?.description, "control.swift.mustache:3:3: error: no value for 'foo'")
    }

    func testStrictMissingDottedNameAndUnicodeColumn() {
        let error = templateError {
            _ = try self.strictRender("é→ {{a.b}}", ["a": ["c": 1]])
        }
        XCTAssertEqual(error?.location.line, 1)
        XCTAssertEqual(error?.location.column, 4)
        XCTAssertEqual(error?.message, "no value for 'a.b'")
    }

    /// A miss says which part of a dotted name is not an object, and which list element was
    /// being rendered: a miss only some elements make is found by that.
    func testStrictMissSaysWhatWasFalseAndWhichElement() {
        let context: TemplateValue = [
            "controls": [["name": "Plain", "selection": false], ["name": "Tab", "selection": ["state": "on"]]],
            "items": [1, 2],
        ]
        let dotted = templateError {
            _ = try self.strictRender("{{#controls}}{{selection.state}}{{/controls}}", context)
        }
        XCTAssertEqual(
            dotted?.message,
            "no value for 'selection.state'; 'selection' is false here; in the list element named 'Plain' (@index 0)")
        let unnamed = templateError { _ = try self.strictRender("{{#items}}{{missing}}{{/items}}", context) }
        XCTAssertEqual(unnamed?.message, "no value for 'missing'; in list element @index 0")
    }

    func testStrictMissingSectionAndInvertedSection() {
        let section = templateError { _ = try self.strictRender("x\n{{#missing}}y{{/missing}}") }
        XCTAssertEqual(section?.location.line, 2)
        XCTAssertEqual(section?.location.column, 1)
        XCTAssertEqual(section?.message, "no value for 'missing'")

        let inverted = templateError { _ = try self.strictRender("ab {{^gone}}y{{/gone}}") }
        XCTAssertEqual(inverted?.location.column, 4)
        XCTAssertEqual(inverted?.message, "no value for 'gone'")
    }

    func testStrictAcceptsPresentFalseyValues() throws {
        let context: TemplateValue = ["n": nil, "f": false, "e": [], "s": ""]
        XCTAssertEqual(
            try strictRender("[{{n}}{{#f}}x{{/f}}{{^e}}empty{{/e}}{{#s}}s{{/s}}]", context),
            "[emptys]")
    }

    func testStrictLookupUsesWholeContextStack() throws {
        XCTAssertEqual(
            try strictRender("{{#a}}{{b}}{{/a}}", ["a": ["x": 1], "b": "outer"]), "outer")
    }

    func testStrictMissingPartial() {
        let error = templateError {
            _ = try Template(source: "a\n {{>nope}}", name: "t").render(
                [:], options: RenderOptions(isStrict: true))
        }
        XCTAssertEqual(error?.location, TemplateLocation(template: "t", line: 2, column: 2))
        XCTAssertEqual(error?.message, "no partial named 'nope'")
        XCTAssertEqual(try render("a{{>nope}}b"), "ab")
    }

    func testStrictRejectsInterpolatingObjects() {
        let error = templateError { _ = try self.strictRender("{{o}}", ["o": ["k": 1]]) }
        XCTAssertEqual(error?.message, "cannot interpolate 'o': it is an object")
    }

    // MARK: - Parse errors

    private func parseError(_ source: String) -> TemplateError? {
        templateError { _ = try Template(source: source, name: "p.mustache") }
    }

    func testUnclosedSection() {
        let error = parseError("line\n  {{#items}}\n{{name}}\n")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 2, column: 3))
        XCTAssertEqual(error?.message, "unclosed section 'items': missing closing tag")
    }

    func testMismatchedClosingTag() {
        let error = parseError("{{#a}}\n{{#b}}\nx {{/a}}\n{{/b}}")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 3, column: 3))
        XCTAssertEqual(
            error?.message, "closing tag 'a' does not match open section 'b' (opened at 2:1)")
    }

    func testUnexpectedClosingTag() {
        let error = parseError("ok\n{{/a}}")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 2, column: 1))
    }

    func testUnclosedTag() {
        let error = parseError("abc\ndef {{name\nmore")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 2, column: 5))
        XCTAssertEqual(error?.message, "unclosed tag: missing '}}'")
        XCTAssertEqual(parseError("{{{x}}")?.message, "unclosed tag: missing '}}}'")
    }

    func testBadDelimiterChange() {
        let error = parseError("a\n\t{{=<% %> x=}}")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 2, column: 2))
        XCTAssertNotNil(parseError("{{=<%=}}"))
        XCTAssertNotNil(parseError("{{=<= =>=}}"))
        XCTAssertNotNil(parseError("{{=<% %>}}"))
    }

    func testMalformedNames() {
        XCTAssertEqual(parseError("{{ }}")?.message, "missing name in tag")
        XCTAssertNotNil(parseError("{{a b}}"))
        XCTAssertNotNil(parseError("{{a..b}}"))
    }

    /// A tag's sigil is part of the tag, so its closing delimiter is looked for after the sigil:
    /// with a closing delimiter that begins with the sigil, `|/|` (opening `|`, closing `/|`) is
    /// an unclosed close tag, located at its opening delimiter. Before, the close was found at
    /// the sigil itself and the name's range ended before it began: `generate` stopped with
    /// SIGILL ("Range requires lowerBound <= upperBound") for each of the eight sigils (issue 25).
    func testAClosingDelimiterThatBeginsWithTheSigilIsAnUnclosedTag() {
        // Each sigil, and a template where its tag has a name between the sigil and the closing
        // delimiter (and is then the tag it reads as).
        let valid = [
            "/": "|#x/|y|/x/|", "!": "|!x!|", "#": "|#x#|y|/x#|", ">": "|>x>|", "^": "|^x^|y|/x^|",
            "&": "|&x&|", "<": "|<x<||/x<|", "$": "|$x$|y|/x$|",
        ]
        for (sigil, template) in valid.sorted(by: { $0.key < $1.key }) {
            let error = parseError("{{=| \(sigil)|=}}|\(sigil)|")
            XCTAssertEqual(
                error?.location, TemplateLocation(template: "p.mustache", line: 1, column: 11), sigil)
            XCTAssertEqual(error?.message, "unclosed tag: missing '\(sigil)|'", sigil)
            XCTAssertNoThrow(try Template(source: "{{=| \(sigil)|=}}" + template, name: "p.mustache"), sigil)
        }
        XCTAssertEqual(
            try render("{{=| #|=}}|#s#|in|/s#|", ["s": true]), "in")
        XCTAssertEqual(try render("{{=| &|=}}|&x&|", ["x": "<"]), "<")
    }

    /// Every short delimiter pair over the sigils and braces, and every short tag body after it,
    /// parses or throws a located `TemplateError`, and what parses renders or throws one: none
    /// traps (a trap ends the test process). Sweeps opening delimiters of one character, closing
    /// delimiters of one and two, and tag bodies of up to one character before the closing
    /// delimiter (then with the closing delimiter doubled), and every text of up to four
    /// characters with the standard delimiters.
    func testShortDelimitersAndTagsParseOrThrowButNeverTrap() {
        let alphabet = ["|", "{", "}", "/", "!", "#", ">", "^", "&", "<", "$", "*"]
        let closes = alphabet + alphabet.flatMap { first in alphabet.map { first + $0 } }
        let bodies = [""] + alphabet + ["x", " ", "=", "."]
        var parsed = 0
        var failed = 0
        func check(_ source: String) {
            do {
                let template = try Template(source: source, name: "p.mustache")
                parsed += 1
                _ = try? template.render(["x": "1", "s": [1]], options: .init(maxPartialDepth: 3))
            } catch {
                failed += 1
                XCTAssertGreaterThanOrEqual(error.location.line, 1, source)
                XCTAssertGreaterThanOrEqual(error.location.column, 1, source)
                XCTAssertEqual(error.location.template, "p.mustache", source)
            }
        }
        for open in alphabet {
            for close in closes {
                let set = "{{=\(open) \(close)=}}"
                for body in bodies {
                    check(set + open + body + close)
                    check(set + open + body + close + close)
                }
            }
        }
        let characters = ["{", "}", "=", "/", "#", "&", "x", " "]
        var texts = [""]
        for _ in 1...4 {
            texts = texts.flatMap { text in characters.map { text + $0 } }
            for text in texts { check("{{" + text) }
        }
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(failed, 0)
    }

    func testErrorsAfterDelimiterChangeAndMultilineComment() {
        let error = parseError("{{!\ncomment\n}}{{=[ ]=}}\n[#s]\n  [/t]")
        XCTAssertEqual(error?.location, TemplateLocation(template: "p.mustache", line: 5, column: 3))
    }

    func testPartialParseErrorIsLocatedInPartial() {
        let error = templateError {
            _ = try Template(source: "{{>inner}}", name: "outer").render(
                [:], partials: ["inner": "ok\n{{#x}}"])
        }
        XCTAssertEqual(error?.location, TemplateLocation(template: "inner", line: 2, column: 1))
    }

    // MARK: - Escaping

    func testNoEscapingMode() throws {
        let context: TemplateValue = ["code": "a < b && c > \"d\""]
        let options = RenderOptions(escapesHTML: false)
        XCTAssertEqual(
            try render("{{code}}|{{{code}}}|{{&code}}", context, options: options),
            "a < b && c > \"d\"|a < b && c > \"d\"|a < b && c > \"d\"")
        XCTAssertEqual(
            try render("{{code}}|{{{code}}}", context),
            "a &lt; b &amp;&amp; c &gt; &quot;d&quot;|a < b && c > \"d\"")
    }

    // MARK: - Partials

    func testSelfRecursivePartialIsCapped() {
        let error = templateError {
            _ = try Template(source: "start {{>loop}}", name: "main").render(
                [:], partials: ["loop": "x{{>loop}}"])
        }
        XCTAssertEqual(error?.location, TemplateLocation(template: "loop", line: 1, column: 2))
        XCTAssertEqual(
            error?.message, "partial 'loop' nested more than 100 levels deep (recursive partial?)")

        let small = templateError {
            _ = try Template(source: "{{<p}}{{/p}}", name: "main").render(
                [:], partials: ["p": "{{<p}}{{/p}}"], options: RenderOptions(maxPartialDepth: 5))
        }
        XCTAssertNotNil(small)
    }

    /// Issue 15, defect 5: partials that multiply stop at the output or expansion limit, at
    /// a located tag, instead of growing for hours.
    func testOutputAndExpansionLimitsStopMultiplyingTemplates() throws {
        XCTAssertEqual(RenderOptions().maxOutputBytes, 512 << 20)
        XCTAssertEqual(RenderOptions().maxExpansions, 20_000_000)
        // 40 partials, each including the next twice: 2^40 leaves.
        var partials: [String: String] = [:]
        for level in 0..<40 { partials["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        partials["p40"] = "0123456789"
        let template = try Template(source: "head\n{{>p0}}\n", name: "main")
        let output = templateError {
            _ = try template.render([:], partials: partials, options: RenderOptions(maxOutputBytes: 1_000))
        }
        XCTAssertEqual(
            output?.message,
            "the output passed the limit of 1000 bytes (partials or sections that multiply the output?)")
        // The text of p40 passed it, while p39's second `{{>p40}}` was being expanded.
        XCTAssertEqual(output?.location, TemplateLocation(template: "p39", line: 1, column: 9))
        // With an empty leaf nothing is written: the expansion count stops it.
        partials["p40"] = ""
        let expansions = templateError {
            _ = try template.render([:], partials: partials, options: RenderOptions(maxExpansions: 1_000))
        }
        XCTAssertEqual(
            expansions?.message,
            "rendering made more than 1000 expansions of sections, partials, blocks and lambdas (partials or sections that multiply?)"
        )
        XCTAssertEqual(expansions?.location.template, "p39")
        // Sections nested over a list multiply as well: 10 levels over 10 elements.
        let nested = String(repeating: "{{#l}}", count: 10) + "x" + String(repeating: "{{/l}}", count: 10)
        let sections = templateError {
            _ = try Template(source: nested, name: "nested").render(
                ["l": .list(Array(repeating: 1, count: 10))], options: RenderOptions(maxExpansions: 10_000))
        }
        XCTAssertEqual(sections?.location.template, "nested")
        // A lambda's result counts with the output it is rendered into.
        let upper = TemplateLambda { text in .string(text ?? "") }
        let lambda = templateError {
            _ = try Template(source: "0123456789{{#f}}abcdef{{/f}}", name: "lambda").render(
                ["f": .lambda(upper)], options: RenderOptions(maxOutputBytes: 12))
        }
        XCTAssertEqual(lambda?.location, TemplateLocation(template: "lambda", line: 1, column: 11))
        // Below the limits, the same templates render.
        XCTAssertEqual(
            try Template(source: "{{>a}}", name: "t").render(
                [:], partials: ["a": "{{>b}}{{>b}}", "b": "xy"],
                options: RenderOptions(maxOutputBytes: 4, maxExpansions: 3)),
            "xyxy")
    }

    /// Found by fuzzing (scripts/fuzz, mustache): 4,000 nested sections overflowed the stack of
    /// the sanitized build (the renderer recurses per level). One template nests at most 256
    /// levels, and so does everything a render expands into each other.
    func testNestingIsBoundedAtParseAndRender() throws {
        let deep = String(repeating: "{{#a}}", count: 300) + "x" + String(repeating: "{{/a}}", count: 300)
        let parse = templateError { _ = try Template(source: deep, name: "deep") }
        XCTAssertEqual(parse?.location, TemplateLocation(template: "deep", line: 1, column: 256 * 6 + 1))
        XCTAssertEqual(parse?.message, "sections, parents and blocks nested more than 256 levels deep")
        let atLimit = String(repeating: "{{#a}}", count: 256) + "x" + String(repeating: "{{/a}}", count: 256)
        XCTAssertEqual(try Template(source: atLimit, name: "t").render(["a": true]), "x")
        // 30 partials, each 10 sections deep inside the next: 330 levels at render.
        var partials: [String: String] = [:]
        for level in 0..<30 {
            partials["p\(level)"] =
                String(repeating: "{{#a}}", count: 10) + "{{>p\(level + 1)}}" + String(repeating: "{{/a}}", count: 10)
        }
        partials["p30"] = "x"
        let render = templateError {
            _ = try Template(source: "{{>p0}}", name: "main").render(["a": true], partials: partials)
        }
        XCTAssertEqual(
            render?.message, "sections, partials, parents, blocks and lambdas expanded more than 256 levels deep")
        XCTAssertEqual(render?.location.template, "p23")
    }

    /// Columns on a long line of tags are counted on from the previous tag (linear, not
    /// quadratic, in the line's length), in characters as before.
    func testColumnsOnALongLineOfTags() throws {
        let line = String(repeating: "{{a}}é", count: 2_000) + "{{b"
        let error = templateError { _ = try Template(source: "x\n" + line, name: "t") }
        XCTAssertEqual(error?.location, TemplateLocation(template: "t", line: 2, column: 2_000 * 6 + 1))
        let cluster = templateError { _ = try Template(source: "e\u{301}{{a}}e\u{301}{{/b}}", name: "t") }
        XCTAssertEqual(cluster?.location, TemplateLocation(template: "t", line: 1, column: 8))
    }

    func testPreparsedPartialsAndIndentation() throws {
        let partials = try PartialTemplates(sources: [
            "field": "let {{name}}: {{type}}\n",
            "fields": "{{#fields}}\n{{>field}}\n{{/fields}}\n",
        ])
        let template = try Template(source: "struct S {\n    {{>fields}}\n}\n", name: "s")
        let context: TemplateValue = [
            "fields": [["name": "a", "type": "Int"], ["name": "b", "type": "String"]]
        ]
        XCTAssertEqual(
            try template.render(context, partials: partials, options: .init(escapesHTML: false)),
            "struct S {\n    let a: Int\n    let b: String\n}\n")
    }

    func testLambdaEqualityIsIdentity() {
        let lambda = TemplateLambda { _ in "x" }
        XCTAssertEqual(TemplateValue.lambda(lambda), .lambda(lambda))
        XCTAssertNotEqual(TemplateValue.lambda(lambda), .lambda(TemplateLambda { _ in "x" }))
    }

    func testNumbers() throws {
        XCTAssertEqual(
            try render("{{a}} {{b}} {{c}} {{d}}", ["a": 85, "b": 1.21, "c": 3.0, "d": -0.5]),
            "85 1.21 3 -0.5")
    }

    func testLargeTemplateRendersLinearly() throws {
        let source = String(repeating: "{{#items}}{{name}}, {{/items}}\n", count: 200)
        let items = TemplateValue.list((0..<200).map { ["name": .string("n\($0)")] })
        let output = try render(source, ["items": items])
        let names: [String] = (0..<200).map { "n\($0), " }
        let line: String = names.joined() + "\n"
        XCTAssertEqual(output, String(repeating: line, count: 200))
    }
}
