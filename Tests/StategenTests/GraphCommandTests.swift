import Foundation
import XCTest

@testable import StategenCore

/// `stategen graph`: golden diagrams of the example, Graphviz accepts the DOT, and errors.
final class GraphCommandTests: ProjectTestCase {
    static let diagrams = TestSupport.packageRoot.appendingPathComponent("Examples/UIKitControls/Diagrams")

    func testExampleDiagramsMatchTheGoldenFiles() throws {
        let (spec, result) = GeneratorPipeline().validate(specAt: TestSupport.exampleSpec.path)
        let checked = try XCTUnwrap(spec, "\(result.diagnostics)")
        let diagram = try XCTUnwrap(StateDiagram(checked, specFile: "controls.yml"))
        for (format, file) in [(DiagramFormat.dot, "Controls.dot"), (.mermaid, "Controls.mmd")] {
            let golden = try String(contentsOf: Self.diagrams.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(
                diagram.render(format), golden,
                """
                Examples/UIKitControls/Diagrams/\(file) is stale; regenerate it with
                  swift run stategen graph Examples/UIKitControls/controls.yml --format \(format) > Examples/UIKitControls/Diagrams/\(file)
                """)
        }
        let cli = try stategen(["graph", TestSupport.exampleSpec.path, "--format", "mermaid"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        XCTAssertEqual(
            cli.stdout, try String(contentsOf: Self.diagrams.appendingPathComponent("Controls.mmd"), encoding: .utf8))
    }

    func testGraphvizAcceptsTheDOT() throws {
        guard
            let dot = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw XCTSkip("Graphviz's dot is not installed (Debian: apt-get install graphviz); DOT output not rendered")
        }
        for arguments in [[], ["--control", "Segment"]] {
            let graph = try stategen(["graph", TestSupport.exampleSpec.path] + arguments)
            XCTAssertEqual(graph.status, 0, graph.stderr)
            let input = project.appendingPathComponent("graph.dot")
            try Data(graph.stdout.utf8).write(to: input)
            let svg = try TestSupport.run(URL(fileURLWithPath: dot), ["-Tsvg", input.path])
            XCTAssertEqual(svg.status, 0, svg.stderr)
            XCTAssertEqual(svg.stderr, "", "dot warned")
            XCTAssertTrue(svg.stdout.contains("<svg"), svg.stdout)
            XCTAssertTrue(svg.stdout.contains(">touchUpInside<"), "edge labels are drawn")
        }
    }

    func testOneControlAndErrors() throws {
        let one = try stategen(["graph", TestSupport.exampleSpec.path, "--control", "Slider", "--format", "dot"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertFalse(one.stdout.contains("subgraph"))
        XCTAssertTrue(one.stdout.contains("digraph \"Slider\" {"), one.stdout)
        XCTAssertTrue(one.stdout.contains("\"Slider/\" -> \"Slider/normal\";"), one.stdout)

        let undefined = try stategen(["graph", TestSupport.exampleSpec.path, "--control", "Segmnt"])
        XCTAssertEqual(undefined.status, 1)
        XCTAssertTrue(
            undefined.stderr.hasPrefix(
                "stategen: error: the spec has no control kind 'Segmnt'; did you mean 'Segment'? [undefined-control]\n"),
            undefined.stderr)
        XCTAssertEqual(undefined.stdout, "")

        let format = try stategen(["graph", TestSupport.exampleSpec.path, "--format", "svg"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("--format must be dot or mermaid, not 'svg'"), format.stderr)

        try write("stategen: 1\n", "bad.yml")
        XCTAssertEqual(try stategen(["graph", "bad.yml"]).status, 1)
        XCTAssertEqual(try stategen(["graph"]).status, 2)
    }
}
