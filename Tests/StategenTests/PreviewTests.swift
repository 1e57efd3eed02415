import Foundation
import XCTest

@testable import StategenCore

/// `stategen preview`: the page's structure, that it loads nothing and escapes the spec's text,
/// that it is deterministic, its diagrams and errors; and the example's page rendered in
/// headless Chromium, its pixels checked against the spec's colours.
final class PreviewTests: ProjectTestCase {
    /// A spec whose text needs escaping, with a contrast pair that passes in `normal`, fails in
    /// `highlighted` and is exempt in `disabled`.
    static let escapingSpec = """
        stategen: 1
        module: Shop
        doc: "Tom's <b>shop</b> & \\"more\\""
        states:
          normal: {}
          highlighted: { fallback: normal }
          disabled: { fallback: normal, controlState: disabled }
        events:
          touchDown: {}
          touchUp: {}
          disable: {}
          enable: {}
        transitions:
          normal: { touchDown: highlighted, disable: disabled }
          highlighted: { touchUp: normal }
          disabled: { enable: normal }
        attributes:
          titleColor: { type: color, role: foreground }
          backgroundColor: { type: color, role: background }
          font: { type: font, role: font }
          caption: { type: string }
        attributeSets:
          label:
            attributes: [titleColor, font, caption]
            contrast: [{ foreground: titleColor, background: backgroundColor, font: font }]
          fill: [backgroundColor]
        controls:
          Button:
            doc: "Says <script>alert('x')</script> & more"
            attributeSets: [label, fill]
            values:
              titleColor: { normal: "#000000", highlighted: "#777777", disabled: "#AAAAAA" }
              font: { normal: body }
              caption: { normal: "<b>\\"Buy\\" & 'sell'</b>" }
              backgroundColor: { normal: "#FFFFFF" }

        """

    // MARK: - The page

    func testOneSamplePerKindStateAndAppearance() throws {
        let (spec, result) = GeneratorPipeline().validate(specAt: TestSupport.exampleSpec.path)
        let checked = try XCTUnwrap(spec, "\(result.diagnostics)")
        let styles = ResolvedStyles(checked)
        let page = try XCTUnwrap(
            PreviewPage(spec: checked, styles: styles, contrast: [], specFile: "controls.yml")
        ).render()
        var expected: [String] = []
        for kind in styles.kinds {
            for state in kind.states {
                for appearance in styles.appearances {
                    expected.append(
                        "data-kind=\"\(kind.name)\" data-state=\"\(state.name.value)\" data-appearance=\"\(appearance.rawValue)\""
                    )
                }
            }
        }
        XCTAssertEqual(styles.appearances.count, 4)
        XCTAssertEqual(expected.count, 180, "the example's 9 kinds have 45 states")
        let found = page.components(separatedBy: "<div class=\"sample\" ").dropFirst().map {
            String($0.prefix { $0 != ">" }.split(separator: " style=").first ?? "")
        }
        XCTAssertEqual(found, expected, "one sample per kind, state and appearance, in the spec's order")
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"), String(page.prefix(100)))
        XCTAssertTrue(page.hasSuffix("</body>\n</html>\n"))
        XCTAssertEqual(page.components(separatedBy: "<section class=\"kind\"").count - 1, 9)

        // Each value with its source: the state it came from, the token chain, the places.
        XCTAssertTrue(
            page.contains(
                "from normal · {color.<wbr>semantic.<wbr>action.<wbr>primary} → color.<wbr>palette.<wbr>blue.<wbr>500 (base.tokens.json:"
            ))
        XCTAssertTrue(page.contains("its light entry"), "a value by appearance names the entry taken")
        XCTAssertTrue(page.contains("(dark.tokens.json:"), "dark values name the dark token file")
        XCTAssertTrue(page.contains("<span class=\"backdrop\">backdrop #000000</span>"))
    }

    /// Kinds drawn through every role, and without some.
    static let drawingSpec = """
        stategen: 1
        module: Drawn
        states:
          normal: {}
          highlighted: { fallback: normal }
        events:
          touchDown: {}
          touchUp: {}
        transitions:
          normal: { touchDown: highlighted }
          highlighted: { touchUp: normal }
        appearances: [light, dark]
        attributes:
          titleColor: { type: color, role: foreground }
          font: { type: font, role: font }
          fill: { type: color, role: background }
          radius: { type: dimension, role: cornerRadius }
          outline: { type: dimension, role: borderWidth }
          outlineColor: { type: color, role: borderColor }
          tint: { type: color, role: tint }
          label: { type: string }
        attributeSets:
          look: [titleColor, font, fill, radius, outline, outlineColor]
          bar: [tint]
          frame: [outline, titleColor]
          type: [font]
          info: [label]
        controls:
          Card:
            attributeSets: [look]
            values:
              titleColor: { normal: "#112233", highlighted: { light: "#11223380", dark: "#EEEEEE" } }
              font:
                normal: { style: title2, weight: heavy, design: rounded }
                highlighted: { style: body, size: 20.5, design: monospaced }
              fill: { normal: "#0A84FF1A" }
              radius: { normal: 8.25 }
              outline: { normal: 1.5 }
              outlineColor: { normal: "#FF000080" }
          Bar:
            attributeSets: [bar]
            values:
              tint: { normal: "#34C759" }
          Framed:
            attributeSets: [frame]
            values:
              outline: { normal: 2 }
              titleColor: { normal: "#FFFFFF" }
          Typed:
            attributeSets: [type]
            values:
              font: { normal: caption2 }
          Plain:
            attributeSets: [info]
            values:
              label: { normal: "x" }

        """

    func testSamplesAreDrawnByRole() throws {
        try write(Self.drawingSpec, "drawn.yml")
        let result = try stategen(["preview", "drawn.yml", "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        func sample(_ kind: String, _ state: String, _ appearance: String) -> String {
            "<div class=\"sample\" data-kind=\"\(kind)\" data-state=\"\(state)\" data-appearance=\"\(appearance)\""
        }
        let system = "font-family: -apple-system, system-ui, sans-serif"
        let expected = [
            // Fill, outline and corners; colours as written, translucent ones with their alpha for
            // the browser to composite; the font's size, numeric weight and design.
            sample("Card", "normal", "light")
                + " style=\"background-color: rgba(10, 132, 255, 0.102); border: 1.5px solid rgba(255, 0, 0, 0.502);"
                + " border-radius: 8.25px\"><span class=\"title\" style=\"color: rgb(17, 34, 51);"
                + " font-family: ui-rounded, -apple-system, system-ui, sans-serif; font-size: 22px; font-weight: 800\">"
                + "Card</span></div>",
            sample("Card", "highlighted", "light")
                + " style=\"background-color: rgba(10, 132, 255, 0.102); border: 1.5px solid rgba(255, 0, 0, 0.502);"
                + " border-radius: 8.25px\"><span class=\"title\" style=\"color: rgba(17, 34, 51, 0.502);"
                + " font-family: ui-monospace, monospace; font-size: 20.5px; font-weight: 400\">Card</span></div>",
            sample("Card", "highlighted", "dark") + " style=\"background-color: rgba(10, 132, 255, 0.102);"
                + " border: 1.5px solid rgba(255, 0, 0, 0.502); border-radius: 8.25px\"><span class=\"title\""
                + " style=\"color: rgb(238, 238, 238); font-family: ui-monospace, monospace; font-size: 20.5px;"
                + " font-weight: 400\">Card</span></div>",
            // A tint alone is a bar.
            sample("Bar", "normal", "dark")
                + "><span class=\"tint\" style=\"background-color: rgb(52, 199, 89)\"></span></div>",
            // A border width without a colour is black (CALayer's default); no font is body.
            sample("Framed", "normal", "light") + " style=\"border: 2px solid rgb(0, 0, 0)\"><span class=\"title\""
                + " style=\"color: rgb(255, 255, 255); \(system); font-size: 17px; font-weight: 400\">Framed</span></div>",
            // A font without a text colour is in the label colour: black, white in dark appearances.
            sample("Typed", "normal", "light") + "><span class=\"title\" style=\"color: rgb(0, 0, 0); \(system);"
                + " font-size: 11px; font-weight: 400\">Typed</span></div>",
            sample("Typed", "normal", "dark") + "><span class=\"title\" style=\"color: rgb(255, 255, 255); \(system);"
                + " font-size: 11px; font-weight: 400\">Typed</span></div>",
            sample("Plain", "normal", "light") + "><span class=\"nothing\">no attribute with a role</span></div>",
            // Values as the page lists them.
            "<span class=\"value\">title2 22 pt heavy rounded</span>",
            "<span class=\"value\">body 20.5 pt regular monospaced</span>",
            "<span class=\"value\">8.25</span>",
            "<span class=\"value\">#FF000080</span>",
            "<span class=\"value\">&quot;x&quot;</span>",
            "<span class=\"source\">its dark entry · drawn.yml:32</span>",
            "<span class=\"source\">from normal · drawn.yml:38</span>",
        ]
        for text in expected { XCTAssertTrue(page.contains(text), text) }
    }

    func testThePageLoadsNothingAndNamesNoAbsolutePath() throws {
        let result = try stategen(["preview", TestSupport.exampleSpec.path, "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Self.externalReferences(result.stdout), [])
        XCTAssertFalse(result.stdout.contains(TestSupport.packageRoot.path), "an absolute path")
        XCTAssertFalse(result.stdout.contains("0.1.0"), "the version")
        XCTAssertTrue(result.stdout.contains("<title>Controls — controls.yml</title>"))
    }

    func testTextIsEscaped() throws {
        try write(Self.escapingSpec, "shop.yml")
        let result = try stategen(["preview", "shop.yml", "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        XCTAssertFalse(page.contains("<script"), "the kind's doc is text")
        XCTAssertFalse(page.contains("<b>shop") || page.contains("<b>\"Buy"))
        XCTAssertTrue(page.contains("Tom&#39;s &lt;b&gt;shop&lt;/b&gt; &amp; &quot;more&quot;"))
        XCTAssertTrue(page.contains("Says &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
        XCTAssertTrue(page.contains("&quot;&lt;b&gt;&quot;Buy&quot; &amp; &#39;sell&#39;&lt;/b&gt;&quot;"))
    }

    func testContrastIsMarkedPassFailAndExempt() throws {
        try write(Self.escapingSpec, "shop.yml")
        let result = try stategen(["preview", "shop.yml", "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: Button: titleColor on backgroundColor is 4.47:1"), result.stderr)
        let page = result.stdout
        XCTAssertTrue(
            page.contains(
                "<li class=\"pass\">titleColor on backgroundColor: 21.00:1, needs 4.5:1 (AA) <b>pass</b></li>"))
        XCTAssertTrue(
            page.contains(
                "<li class=\"fail\">titleColor on backgroundColor: 4.47:1, needs 4.5:1 (AA) <b>fail</b></li>"))
        XCTAssertTrue(
            page.contains(
                "<li class=\"exempt\">titleColor on backgroundColor: 2.32:1, needs 4.5:1 (AA), would fail <b>exempt</b></li>"
            ))
        XCTAssertTrue(page.contains("Contrast: 3 checks, 1 pass, <span class=\"fail\">1 fail</span>, 1 exempt."))
    }

    /// Each cell lists exactly the contrast results of its kind, state and appearance, in the
    /// audit's order, with several kinds and pairs (the results are grouped by cell once, not
    /// scanned for each cell).
    func testContrastResultsAreListedInTheirCells() throws {
        let spec =
            Self.escapingSpec.replacingOccurrences(
                of: "  fill: [backgroundColor]",
                with: "  fill:\n    attributes: [backgroundColor]\n    contrast: [{ foreground: backgroundColor }]"
            ) + """
                  Link:
                    attributeSets: [label, fill]
                    values:
                      titleColor: { normal: "#0000FF", highlighted: "#3333FF" }
                      backgroundColor: { normal: "#EEEEEE", disabled: "#FFFFFF" }
                      font: { normal: { style: body, weight: bold } }
                      caption: { normal: "" }

                """
        try write(spec, "shop.yml")
        let path = project.appendingPathComponent("shop.yml").path
        let (checked, validation) = GeneratorPipeline().validate(specAt: path)
        let styles = ResolvedStyles(try XCTUnwrap(checked, "\(validation.diagnostics)"))
        let results = ContrastAudit.results(try XCTUnwrap(checked), styles: styles)
        let page = try XCTUnwrap(
            PreviewPage(spec: try XCTUnwrap(checked), styles: styles, contrast: results, specFile: "shop.yml")
        ).render()

        var cells = 0
        for cell in page.components(separatedBy: "<div class=\"sample\" ").dropFirst() {
            let tag = cell.prefix { $0 != ">" }
            func attribute(_ name: String) -> String {
                String(tag.components(separatedBy: "\(name)=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
            }
            let kind = attribute("data-kind")
            let state = attribute("data-state")
            let appearance = attribute("data-appearance")
            let listed = (cell.components(separatedBy: "</td>").first ?? "").components(separatedBy: "<li class=\"")
                .dropFirst().map { String($0.prefix { $0 != "<" }) }
            let expected = results.filter {
                $0.kind == kind && $0.state == state && $0.appearance.rawValue == appearance
            }.map {
                "\($0.isExempt ? "exempt" : $0.passes ? "pass" : "fail")\">\($0.pair.foreground) on "
                    + "\($0.pair.background ?? "the backdrop"): \(WCAGContrast.format($0.ratio)), needs "
            }
            XCTAssertEqual(listed.count, expected.count, "\(kind) \(state) \(appearance)")
            XCTAssertEqual(
                zip(listed, expected).filter { !$0.hasPrefix($1) }.map(\.0), [], "\(kind) \(state) \(appearance)")
            XCTAssertEqual(expected.count, 2, "\(kind) \(state) \(appearance): both pairs")
            cells += 1
        }
        XCTAssertEqual(cells, 2 * 3 * styles.appearances.count)
        XCTAssertEqual(results.count, cells * 2)
    }

    func testTheSamePageEveryTime() throws {
        let first = project.appendingPathComponent("one/controls.html")
        let second = project.appendingPathComponent("two/controls.html")
        XCTAssertEqual(try stategen(["preview", TestSupport.exampleSpec.path, "--output", first.path]).status, 0)
        // From the spec's folder, with a relative path: the page names files the same way.
        let relative = try stategen(
            ["preview", "controls.yml", "--output", second.path],
            in: TestSupport.exampleSpec.deletingLastPathComponent())
        XCTAssertEqual(relative.status, 0, relative.stderr)
        XCTAssertEqual(relative.stdout, "wrote \(second.path)\n")
        XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
        // Written only when it changed.
        let again = try stategen(["preview", TestSupport.exampleSpec.path, "--output", first.path])
        XCTAssertEqual(again.stdout, "unchanged \(first.path)\n")
    }

    func testTransitionsAsTableOrGraphvizSVG() throws {
        let table = try stategen([
            "preview", TestSupport.exampleSpec.path, "--control", "Segment", "--diagram", "table",
        ])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertFalse(table.stdout.contains("<svg"))
        XCTAssertTrue(table.stdout.contains("<caption>initial state: normal</caption>"))
        XCTAssertTrue(
            table.stdout.contains(
                "<tr><td>highlighted</td><td>touchUpInside</td><td>selected</td><td>the kind’s, controls.yml:"
            ), "Segment's own row")
        XCTAssertEqual(table.stdout.components(separatedBy: "class=\"sample\"").count - 1, 6 * 4, "Segment only")

        // Without Graphviz on PATH, auto draws tables and svg fails.
        let emptyPath = ["PATH": project.path]
        let auto = try TestSupport.run(
            TestSupport.stategenBinary, ["preview", TestSupport.exampleSpec.path], environment: emptyPath)
        XCTAssertEqual(auto.status, 0, auto.stderr)
        XCTAssertTrue(auto.stdout.contains("<table class=\"transitions\">"))
        let out = project.appendingPathComponent("page.html")
        let svgMissing = try TestSupport.run(
            TestSupport.stategenBinary,
            ["preview", TestSupport.exampleSpec.path, "--diagram", "svg", "--output", out.path],
            environment: emptyPath)
        XCTAssertEqual(svgMissing.status, 1)
        XCTAssertTrue(svgMissing.stderr.contains("--diagram svg needs Graphviz's 'dot' on PATH"), svgMissing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

        // A dot that fails: auto warns and draws tables; svg fails and writes nothing.
        try write("#!/bin/sh\necho 'Error: out of paper' >&2\nexit 3\n", "bin/dot")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: project.appendingPathComponent("bin/dot").path)
        let brokenPath = ["PATH": project.appendingPathComponent("bin").path]
        let broken = try TestSupport.run(
            TestSupport.stategenBinary, ["preview", TestSupport.exampleSpec.path, "--control", "Slider"],
            environment: brokenPath)
        XCTAssertEqual(broken.status, 0, broken.stderr)
        XCTAssertEqual(
            broken.stderr,
            "stategen: warning: Slider's diagram: dot exited with status 3: Error: out of paper;"
                + " every kind's transitions are shown as a table instead\n")
        XCTAssertTrue(broken.stdout.contains("<table class=\"transitions\">"))
        let brokenSVG = try TestSupport.run(
            TestSupport.stategenBinary,
            ["preview", TestSupport.exampleSpec.path, "--diagram", "svg", "--output", out.path], environment: brokenPath
        )
        XCTAssertEqual(brokenSVG.status, 1)
        XCTAssertEqual(
            brokenSVG.stderr, "stategen: error: PushButton's diagram: dot exited with status 3: Error: out of paper\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

        guard Self.executable("dot") != nil else {
            throw XCTSkip("Graphviz's dot is not installed (Debian: apt-get install graphviz); SVG diagrams not drawn")
        }
        let svg = try stategen(["preview", TestSupport.exampleSpec.path, "--diagram", "svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertEqual(svg.stdout.components(separatedBy: "<figure class=\"diagram\">\n<svg ").count - 1, 9)
        for text in ["<?xml", "<!DOCTYPE svg", "<!--", "graphviz version", "<table class=\"transitions\">"] {
            XCTAssertFalse(svg.stdout.contains(text), text)
        }
        XCTAssertTrue(svg.stdout.contains(">touchUpInside</text>"), "edge labels")
        XCTAssertEqual(Self.externalReferences(svg.stdout), [])
        let twice = try stategen(["preview", TestSupport.exampleSpec.path, "--diagram", "svg"])
        XCTAssertEqual(svg.stdout, twice.stdout, "Graphviz's SVG is deterministic too")
    }

    /// A `dot` that fails in other ways, or hangs: with auto, one warning that names the
    /// failure (exit status and the first line of its standard error, a signal, the time
    /// limit, no SVG), dot not run again and every kind a table; with svg, an error and
    /// nothing written. `STATEGEN_DOT_TIMEOUT` sets the time limit.
    func testFailingOrHangingDotWarnsOrFails() throws {
        let bin = project.appendingPathComponent("bin")
        let runs = project.appendingPathComponent("runs")
        let out = project.appendingPathComponent("page.html")
        func fakeDot(_ body: String) throws {
            try write("#!/bin/sh\necho $$ >> '\(runs.path)'\n\(body)\n", "bin/dot")
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("dot").path)
            try? FileManager.default.removeItem(at: runs)
        }
        func preview(_ diagram: String, timeout: String = "10") throws -> TestSupport.ProcessResult {
            try TestSupport.run(
                TestSupport.stategenBinary,
                ["preview", TestSupport.exampleSpec.path, "--diagram", diagram, "--output", out.path],
                environment: ["PATH": bin.path + ":/usr/bin:/bin", "STATEGEN_DOT_TIMEOUT": timeout])
        }
        func dotRuns() throws -> [Int32] {
            try String(contentsOf: runs, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        }
        let instead = "; every kind's transitions are shown as a table instead\n"
        let cases: [(dot: String, message: String)] = [
            ("echo 'Error: syntax' >&2\necho 'in line 2' >&2\nexit 1", "dot exited with status 1: Error: syntax"),
            ("echo 'not an svg'", "dot wrote no SVG"),
            ("kill -9 $$", "dot was killed by signal 9"),
        ]
        for (body, message) in cases {
            try fakeDot(body)
            let auto = try preview("auto")
            XCTAssertEqual(auto.status, 0, auto.stderr)
            XCTAssertEqual(auto.stderr, "stategen: warning: PushButton's diagram: \(message)\(instead)")
            let page = try String(contentsOf: out, encoding: .utf8)
            XCTAssertEqual(page.components(separatedBy: "<table class=\"transitions\">").count - 1, 9, message)
            XCTAssertFalse(page.contains("<svg"))
            XCTAssertEqual(try dotRuns().count, 1, "dot is not run again after it failed")

            try FileManager.default.removeItem(at: out)
            let svg = try preview("svg")
            XCTAssertEqual(svg.status, 1)
            XCTAssertEqual(svg.stderr, "stategen: error: PushButton's diagram: \(message)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }

        // A dot that hangs (here its child, a sleep, holds the pipes too) is stopped, with
        // every process it started, after the time limit.
        let sleeps = project.appendingPathComponent("sleeps")
        try fakeDot("sleep 30 &\necho $! >> '\(sleeps.path)'\nwait")
        let start = Date()
        let auto = try preview("auto", timeout: "0.5")
        // Not a measure of speed: a run that waited for the sleep of 30 s would end after it.
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "stategen waited for dot's child")
        XCTAssertEqual(auto.status, 0, auto.stderr)
        XCTAssertEqual(
            auto.stderr,
            "stategen: warning: PushButton's diagram: dot did not finish within 0.5 s and was stopped\(instead)")
        XCTAssertEqual(
            try String(contentsOf: out, encoding: .utf8).components(separatedBy: "<table class=\"transitions\">").count
                - 1, 9)
        let hung = try dotRuns()
        XCTAssertEqual(hung.count, 1)
        try FileManager.default.removeItem(at: out)
        let svg = try preview("svg", timeout: "0.5")
        XCTAssertEqual(svg.status, 1)
        XCTAssertEqual(
            svg.stderr, "stategen: error: PushButton's diagram: dot did not finish within 0.5 s and was stopped\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let children = try String(contentsOf: sleeps, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(children.count, 2)
        for pid in hung + (try dotRuns()) + children {
            var running = true
            for _ in 0..<50 where running {
                running = Self.isRunning(pid)
                if running { usleep(100_000) }
            }
            XCTAssertFalse(running, "process \(pid), dot's or its child's, is still running")
        }
    }

    /// Whether the process `pid` exists and is not a zombie (which a container's first process
    /// may never reap).
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    func testGraphvizSVGLosesItsPrologAndComments() {
        let document = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
             "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <!-- Generated by graphviz version 2.43.0 (0)
             -->
            <!-- Title: Slider Pages: 1 -->
            <svg width="8pt" height="8pt">
            <g id="graph0">
            <!-- Slider/normal -->
            <text>normal</text>
            </g>
            </svg>

            """
        XCTAssertEqual(
            GraphvizSVG.inline(document),
            "<svg width=\"8pt\" height=\"8pt\">\n<g id=\"graph0\">\n<text>normal</text>\n</g>\n</svg>")
        XCTAssertNil(GraphvizSVG.inline("Error: syntax error in line 1"))
    }

    /// Numbers beyond `Int`'s range (a font of size 1e19, a radius of ±1e19) are written with
    /// all their digits; they used to stop `preview` converting them to `Int`.
    func testHugeNumbersAreWritten() throws {
        let spec = """
            stategen: 1
            module: Huge
            states:
              normal: {}
              highlighted: { fallback: normal }
            events:
              touchDown: {}
              touchUp: {}
            transitions:
              normal: { touchDown: highlighted }
              highlighted: { touchUp: normal }
            appearances: [light]
            attributes:
              font: { type: font, role: font }
              radius: { type: dimension, role: cornerRadius }
              width: { type: dimension, role: borderWidth }
              offset: { type: dimension }
            attributeSets:
              look: [font, radius, width, offset]
            controls:
              Big:
                attributeSets: [look]
                values:
                  font: { normal: { style: body, size: 1e19 } }
                  radius: { normal: 1e19 }
                  width: { normal: 1e300 }
                  offset: { normal: 0, highlighted: -1e19 }

            """
        try write(spec, "huge.yml")
        let result = try stategen(["preview", "huge.yml", "--diagram", "table", "--output", "huge.html"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let page = try read("huge.html")
        let digits = "10000000000000000000"
        for text in [
            "border-radius: \(digits)px", "font-size: \(digits)px",
            "<span class=\"value\">body \(digits) pt regular</span>",
            "<span class=\"value\">\(digits)</span>", "<span class=\"value\">-\(digits)</span>",
            "border: 1" + String(repeating: "0", count: 300) + "px solid",  // not the binary value's digits
        ] {
            XCTAssertTrue(page.contains(text), text)
        }

        XCTAssertEqual(HTML.decimal(1e19, places: 2), digits)
        XCTAssertEqual(HTML.decimal(-1e19, places: 4), "-\(digits)")
        XCTAssertEqual(HTML.decimal(123_456_789_012_345.25, places: 2), "123456789012345.25")
        XCTAssertEqual(
            HTML.decimal(-Double.greatestFiniteMagnitude, places: 2),
            "-17976931348623157" + String(repeating: "0", count: 292))
        XCTAssertEqual(HTML.decimal(1.5e20, places: 4), "15" + String(repeating: "0", count: 19))
        // 2^53 + 1 is no Double: it rounds to 2^53 (written as a sum, so no literal warns).
        XCTAssertEqual(HTML.decimal(Double(9_007_199_254_740_992) + 1, places: 0), "9007199254740992")
        XCTAssertEqual(HTML.decimal(90_071_992_547_409.25, places: 2), "90071992547409.25")
        XCTAssertEqual(HTML.decimal(.infinity, places: 2), "0")
        XCTAssertEqual(HTML.decimal(-.infinity, places: 2), "0")
        XCTAssertEqual(HTML.decimal(.nan, places: 2), "0")
        XCTAssertEqual(HTML.cssLength(8.25), "8.25px")
        XCTAssertEqual(HTML.decimal(-0.001, places: 2), "0")
    }

    /// Control characters and bidirectional controls are shown as their codes, never written
    /// raw: a NUL is an HTML parse error, a right-to-left override reorders what follows.
    func testControlCharactersAreShownAsCodes() throws {
        var spec = Self.escapingSpec.replacingOccurrences(
            of: #"caption: { normal: "<b>\"Buy\" & 'sell'</b>" }"#,
            with:
                #"caption: { normal: "line1\nline2\ttab \u0000 \u202E \u0007\u001B\u007F\u0085\u061C\u200E\u200F\u202A\u2066\u2069 \r" }"#
        )
        spec = spec.replacingOccurrences(of: #"doc: "Tom's"#, with: #"doc: "\u202E\0Tom's"#)
        XCTAssertNotEqual(spec, Self.escapingSpec)
        try write(spec, "shop.yml")
        let result = try stategen(["preview", "shop.yml", "--diagram", "table"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        XCTAssertTrue(
            page.contains(
                #"<span class="value">&quot;line1"# + "\nline2\ttab "
                    + #"\u{0} \u{202E} \u{7}\u{1B}\u{7F}\u{85}\u{61C}\u{200E}\u{200F}\u{202A}\u{2066}\u{2069} \u{D}&quot;</span>"#
            ), page)
        XCTAssertTrue(page.contains(#"<p class="doc">\u{202E}\u{0}Tom&#39;s &lt;b&gt;"#), "the spec's doc")
        let hidden = page.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || [0x061C, 0x200E, 0x200F, 0x2066, 0x2067, 0x2068, 0x2069].contains($0.value)
                || (0x202A...0x202E).contains($0.value)
        }
        XCTAssertEqual(hidden.map { String($0.value, radix: 16) }, [])
        XCTAssertEqual(HTML.escape("a\u{0}<\u{202E}\r\n"), #"a\u{0}&lt;\u{202E}\u{D}"# + "\n")
    }

    func testErrorsWriteNothing() throws {
        try write("stategen: 1\n", "bad.yml")
        try write("<p>the page from before</p>\n", "page.html")
        let bad = try stategen(["preview", "bad.yml", "--output", "page.html"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("bad.yml:") && bad.stderr.contains(": error: "), bad.stderr)
        XCTAssertEqual(try read("page.html"), "<p>the page from before</p>\n")
        XCTAssertEqual(bad.stdout, "")

        let undefined = try stategen([
            "preview", TestSupport.exampleSpec.path, "--control", "Segmnt", "--output", "new.html",
        ])
        XCTAssertEqual(undefined.status, 1)
        XCTAssertTrue(
            undefined.stderr.hasPrefix(
                "stategen: error: the spec has no control kind 'Segmnt'; did you mean 'Segment'? [undefined-control]\n"),
            undefined.stderr)
        XCTAssertFalse(exists("new.html"))

        let folder = try stategen(["preview", TestSupport.exampleSpec.path, "--output", project.path])
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("the path exists and is not a regular file"), folder.stderr)

        let choice = try stategen(["preview", TestSupport.exampleSpec.path, "--diagram", "png"])
        XCTAssertEqual(choice.status, 2)
        XCTAssertTrue(choice.stderr.contains("--diagram must be auto, svg or table, not 'png'"), choice.stderr)
        XCTAssertEqual(try stategen(["preview"]).status, 2)
        XCTAssertEqual(try stategen(["preview", "a.yml", "b.yml"]).status, 2)

        let help = try stategen(["help", "preview"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: stategen preview <spec> [--output <file.html>]"), help.stdout)
        XCTAssertTrue(try stategen(["--help"]).stdout.contains("  preview     "))
    }

    /// `--output` naming the spec or a token file it reads, however spelled (another path, a
    /// symbolic or hard link), is refused: nothing is written.
    func testTheSpecAndItsTokenFilesAreNotOverwritten() throws {
        let folder = TestSupport.exampleSpec.deletingLastPathComponent()
        for name in ["controls.yml", "base.tokens.json", "dark.tokens.json", "high-contrast.tokens.json"] {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: project.appendingPathComponent(name))
        }
        let files = ["controls.yml", "base.tokens.json", "dark.tokens.json"]
        let before = try files.map(read)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("link.html").path, withDestinationPath: "dark.tokens.json")
        try FileManager.default.linkItem(
            at: project.appendingPathComponent("controls.yml"), to: project.appendingPathComponent("hard.html"))
        let refusals: [(output: String, message: String)] = [
            ("controls.yml", "--output 'controls.yml' is an input of this run"),
            (
                project.appendingPathComponent("controls.yml").path,
                "--output '\(project.path)/controls.yml' is the same file as 'controls.yml', which is an input"
            ),
            ("sub/../base.tokens.json", "--output 'sub/../base.tokens.json' is the same file as 'base.tokens.json'"),
            ("link.html", "--output 'link.html' is the same file as 'dark.tokens.json'"),
            ("hard.html", "--output 'hard.html' is the same file as 'controls.yml'"),
        ]
        for (output, message) in refusals {
            let result = try stategen(["preview", "controls.yml", "--diagram", "table", "--output", output])
            XCTAssertEqual(result.status, 1, output)
            XCTAssertTrue(result.stderr.contains("stategen: error: \(message)"), result.stderr)
            XCTAssertTrue(
                result.stderr.hasSuffix("; it is left untouched: give --output another path [output]\n"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertEqual(try files.map(read), before)
        XCTAssertEqual(try read("hard.html"), before[0])

        // Another path is written, its missing folders made.
        let written = try stategen(["preview", "controls.yml", "--diagram", "table", "--output", "sub/new/page.html"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(try read("sub/new/page.html").hasPrefix("<!DOCTYPE html>"))
    }

    // MARK: - In a browser

    /// The example's page of one kind in headless Chromium: where each sample is (a copy of
    /// the page with a script that writes each sample's box into the DOM, dumped), a
    /// screenshot at the same window size, and the screenshot's pixels (PNG to PPM with
    /// netpbm's `pngtopnm`): in each sample, the fill is the spec's background composited over
    /// the appearance's backdrop and an opaque title colour is drawn; the backdrop is behind it.
    func testChromiumDrawsTheSpecsColours() throws {
        guard let chromium = Self.executable("chromium") ?? Self.executable("chromium-browser") else {
            throw XCTSkip("Chromium is not installed (Debian: apt-get install chromium); the page is not rendered")
        }
        guard let pngtopnm = Self.executable("pngtopnm") else {
            throw XCTSkip("netpbm's pngtopnm is not installed (Debian: apt-get install netpbm); no pixels to check")
        }
        let kind = "ToggleButton"
        let (spec, validation) = GeneratorPipeline().validate(specAt: TestSupport.exampleSpec.path)
        let checked = try XCTUnwrap(spec, "\(validation.diagnostics)")
        let styles = ResolvedStyles(checked)
        let resolved = try XCTUnwrap(styles.kinds.first { $0.name == kind })

        let page = project.appendingPathComponent("preview.html")
        let generated = try stategen(
            ["preview", TestSupport.exampleSpec.path, "--control", kind, "--diagram", "table", "--output", page.path])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertFalse(html.contains("<script"))
        let probe = project.appendingPathComponent("probe.html")
        try Data(html.replacingOccurrences(of: "</body>", with: Self.boxScript + "</body>").utf8).write(to: probe)

        // The window is as tall as the page (measured at a first size: nothing in the page
        // depends on the window's height), then both runs use that size.
        let width = 1400
        let profile = project.appendingPathComponent("chromium-profile")
        func flags(height: Int) -> [String] {
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--force-color-profile=srgb", "--no-first-run", "--mute-audio",
                "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            ]
        }
        let first = try Self.runBrowser(
            chromium, flags(height: 2000) + ["--dump-dom", probe.absoluteString], home: project)
        XCTAssertEqual(first.status, 0, first.stderr)
        let pageHeight = first.stdout.components(separatedBy: "data-page-height=\"").dropFirst().first
            .flatMap { Int($0.prefix { $0 != "\"" }) }
        let height = min(try XCTUnwrap(pageHeight, "the probe reports the page's height"), 16000)
        let dom = try Self.runBrowser(
            chromium, flags(height: height) + ["--dump-dom", probe.absoluteString], home: project)
        XCTAssertEqual(dom.status, 0, dom.stderr)
        XCTAssertTrue(dom.stdout.contains("data-resources=\"0\""), "the page loaded no resource")

        let screenshot = project.appendingPathComponent("preview.png")
        let shot = try Self.runBrowser(
            chromium, flags(height: height) + ["--screenshot=\(screenshot.path)", probe.absoluteString], home: project)
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let outputFolder = TestSupport.packageRoot.appendingPathComponent(".build/test-output")
        try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
        let kept = outputFolder.appendingPathComponent("preview-\(kind).png")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: screenshot, to: kept)
        print("PreviewTests: the screenshot of \(kind)'s page is \(kept.path)")

        let ppm = try Self.runData(pngtopnm, [screenshot.path])
        XCTAssertEqual(ppm.status, 0, "pngtopnm failed")
        let image = try XCTUnwrap(PixelImage(ppm: ppm.data), "pngtopnm's output is not an 8-bit PPM")
        XCTAssertEqual([image.width, image.height], [width, height])

        let boxes = Self.boxes(in: dom.stdout)
        XCTAssertEqual(boxes.count, resolved.states.count * styles.appearances.count, "one box per sample")
        var checkedAppearances: Set<Appearance> = []
        var report: [String] = []
        for box in boxes {
            guard let style = resolved.style(box.state, box.appearance) else {
                XCTFail("no style for \(box.state) \(box.appearance)")
                continue
            }
            XCTAssertLessThan(
                box.sample.maxY, Double(height), "the sample \(box.state) (\(box.appearance)) is on screen")
            // The spec's values by role, read here rather than through the page's own PreviewSample.
            func value(_ role: AttributeRole) -> AttributeValue? {
                resolved.attributes.first { $0.role == role }.flatMap { style.value(of: $0.name)?.value }
            }
            guard case .color(let backdrop) = checked.contrast.backdrop(in: box.appearance).value else { continue }
            let label = "\(kind) \(box.state) (\(box.appearance.rawValue))"

            // The backdrop, inside the stage and outside the sample.
            let stagePoint = (Int(box.stage.minX) + 4, Int(box.stage.minY) + 4)
            let stagePixel = image.pixel(stagePoint.0, stagePoint.1)
            XCTAssertTrue(
                Self.close(stagePixel, backdrop), "\(label): backdrop \(stagePixel.hex) at \(stagePoint)"
            )

            // The fill: in the left padding, halfway down, inside the border and clear of the corners.
            if case .color(let background) = value(.background) {
                let expected = WCAGContrast.composite(background, over: backdrop)
                var border = 0
                if case .double(let width) = value(.borderWidth) { border = Int(width.rounded(.up)) }
                let point = (Int(box.sample.minX.rounded(.up)) + border + 4, Int(box.sample.midY))
                let pixel = image.pixel(point.0, point.1)
                XCTAssertTrue(
                    Self.close(pixel, expected),
                    "\(label): fill \(pixel.hex) at \(point), expected \(expected.hex) (\(background.hex) over \(backdrop.hex))"
                )
                report.append(
                    "\(label): fill at \(point) is \(pixel.hex), expected \(expected.hex) (\(background.hex) over \(backdrop.hex))"
                )
                checkedAppearances.insert(box.appearance)
            }

            // The title: some pixel of it in the (opaque) title colour.
            if case .color(let foreground) = value(.foreground), foreground.alpha == 255, let title = box.title {
                let matches = image.count(in: title) { Self.close($0, foreground) }
                XCTAssertGreaterThan(matches, 0, "\(label): no pixel of the title is \(foreground.hex)")
                report.append("\(label): \(matches) title pixels are \(foreground.hex)")
            }
        }
        XCTAssertEqual(checkedAppearances, Set(styles.appearances), "a fill checked in every appearance")
        print(report.map { "PreviewTests: \($0)" }.joined(separator: "\n"))
    }

    // MARK: - Helpers

    /// What would make a browser fetch something: scripts, style sheets, images, fonts, links
    /// out of the page.
    static func externalReferences(_ page: String) -> [String] {
        let lowered = page.lowercased()
        var found = [
            "<script", "<link", "<img", "<iframe", "<object", "<embed", "src=", "url(", "@import", "@font-face",
        ]
        .filter { lowered.contains($0) }
        var rest = Substring(lowered)
        while let range = rest.range(of: "href=\"") {
            if !rest[range.upperBound...].hasPrefix("#") { found.append("href to another document") }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// Writes each sample's box, its stage's and its title's into the DOM as `data-box`,
    /// `data-stage-box` and `data-title-box` (`left top width height`, CSS pixels), and the
    /// number of resources the page loaded and its height into `<body data-resources>` and
    /// `data-page-height`.
    static let boxScript = """
        <script>
        function box(element) {
          const r = element.getBoundingClientRect();
          return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height].join(" ");
        }
        for (const sample of document.querySelectorAll(".sample")) {
          sample.setAttribute("data-box", box(sample));
          sample.setAttribute("data-stage-box", box(sample.parentElement));
          const title = sample.querySelector(".title");
          if (title) sample.setAttribute("data-title-box", box(title));
        }
        document.body.setAttribute("data-resources", String(performance.getEntriesByType("resource").length));
        document.body.setAttribute("data-page-height", String(document.documentElement.scrollHeight));
        </script>

        """

    struct Box {
        var state: String
        var appearance: Appearance
        var sample: CGRect
        var stage: CGRect
        var title: CGRect?
    }

    /// The samples' boxes in Chromium's dump of the probe page, in document order.
    static func boxes(in dom: String) -> [Box] {
        var boxes: [Box] = []
        for element in dom.components(separatedBy: "<div class=\"sample\"").dropFirst() {
            guard let end = element.firstIndex(of: ">") else { continue }
            let tag = String(element[..<end])
            func attribute(_ name: String) -> String? {
                guard let start = tag.range(of: " \(name)=\"") else { return nil }
                return String(tag[start.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(
                    of: "&amp;", with: "&")
            }
            func rect(_ name: String) -> CGRect? {
                guard let numbers = attribute(name)?.split(separator: " ").compactMap({ Double($0) }),
                    numbers.count == 4
                else { return nil }
                return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
            guard let state = attribute("data-state"),
                let appearance = attribute("data-appearance").flatMap(Appearance.init),
                let sample = rect("data-box"), let stage = rect("data-stage-box")
            else { continue }
            boxes.append(
                Box(state: state, appearance: appearance, sample: sample, stage: stage, title: rect("data-title-box")))
        }
        return boxes
    }

    /// Whether each channel of `pixel` is within 2 of `color`'s.
    static func close(_ pixel: RGBAColor, _ color: RGBAColor) -> Bool {
        abs(Int(pixel.red) - Int(color.red)) <= 2 && abs(Int(pixel.green) - Int(color.green)) <= 2
            && abs(Int(pixel.blue) - Int(color.blue)) <= 2
    }

    /// `name` on `PATH`, if it is there.
    static func executable(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs Chromium with a private HOME, killed (with every process it started) after 60
    /// seconds by coreutils' `timeout` where it is installed, so that a hung browser cannot
    /// hang the tests.
    static func runBrowser(_ chromium: URL, _ arguments: [String], home: URL) throws -> TestSupport.ProcessResult {
        let environment: [String: String?] = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_CACHE_HOME": home.path,
        ]
        if let timeout = executable("timeout") {
            return try TestSupport.run(timeout, ["-k", "5", "60", chromium.path] + arguments, environment: environment)
        }
        return try TestSupport.run(chromium, arguments, environment: environment)
    }

    /// Runs `executable` and returns its exit status and standard output, as bytes.
    static func runData(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, data: Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}

/// An image read from a binary PPM (`P6`, 8-bit), as netpbm's `pngtopnm` writes it.
struct PixelImage {
    var width: Int
    var height: Int
    /// RGB, row by row from the top.
    var bytes: [UInt8]

    init?(ppm data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String? {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(
                    bytes[index])
                {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count, !" \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }
        guard token() == "P6", let width = token().flatMap(Int.init), let height = token().flatMap(Int.init),
            token() == "255"
        else { return nil }
        index += 1  // the one whitespace character before the pixels
        guard bytes.count - index >= width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.bytes = Array(bytes[index..<index + width * height * 3])
    }

    func pixel(_ x: Int, _ y: Int) -> RGBAColor {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        let offset = (y * width + x) * 3
        return RGBAColor(red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2])
    }

    /// How many pixels inside `rect` match.
    func count(in rect: CGRect, where matches: (RGBAColor) -> Bool) -> Int {
        var count = 0
        for y in Int(rect.minY.rounded(.down))..<Int(rect.maxY.rounded(.up)) {
            for x in Int(rect.minX.rounded(.down))..<Int(rect.maxX.rounded(.up)) where matches(pixel(x, y)) {
                count += 1
            }
        }
        return count
    }
}
