import Foundation
import XCTest

@testable import StategenCore

/// A Display P3 colour reaches the generated Swift as P3: the `Color` literal carries its P3
/// components, `uiColor` calls `UIColor(displayP3Red:green:blue:alpha:)` and `swiftUIColor`
/// `Color(.displayP3, red:green:blue:opacity:)`, and an sRGB colour stays sRGB. The generated
/// code is compiled in Swift 6 with warnings as errors against the stub UIKit and SwiftUI
/// (which keep what their initialisers were given) and run.
final class WideGamutSwiftTests: XCTestCase {
    static let spec = """
        stategen: 1
        module: Demo
        swift: { codable: true }
        tokens:
          color:
            $type: color
            wide: { $value: { colorSpace: display-p3, components: [0.1, 0.9, 0.25], alpha: 0.8 } }
            oklch: { $value: { colorSpace: oklch, components: [0.7, 0.3, 145] } }
            plain: { $value: "#0A84FF" }
        states: { normal: {}, highlighted: {}, disabled: {} }
        events: { touchDown: {}, touchUp: {} }
        transitions: { normal: { touchDown: highlighted }, highlighted: { touchUp: normal } }
        attributes:
          tint: { type: color }
        attributeSets: { look: [tint] }
        controls:
          Button:
            attributeSets: [look]
            values:
              tint: { normal: "{color.wide}", highlighted: "{color.plain}", disabled: "{color.oklch}" }

        """

    static let client = """
        import Foundation
        import Generated
        import SwiftUI
        import UIKit

        func show(_ name: String, _ color: Demo.Color) throws {
            let ui = color.uiColor
            let swiftUI = color.swiftUIColor
            let f = { (values: [Double]) in values.map { String(format: "%.3f", $0) }.joined(separator: " ") }
            print("\\(name) \\(color.colorSpace) UIColor \\(ui.colorSpaceName) \\(f(ui.components.map { Double($0) }))")
            print("\\(name) \\(color.colorSpace) Color \\(swiftUI.colorSpace) \\(f(swiftUI.components))")
            let coded = try JSONEncoder().encode([color])
            let decoded = try JSONDecoder().decode([Demo.Color].self, from: coded)
            print("\\(name) codable \\(decoded == [color])")
        }

        try show("normal", Demo.Button.Style.spec.look.resolved(for: .normal).tint)
        try show("highlighted", Demo.Button.Style.spec.look.resolved(for: .highlighted).tint)
        try show("disabled", Demo.Button.Style.spec.look.resolved(for: .disabled).tint)

        """

    func testDisplayP3ColoursReachUIKitAndSwiftUIAsP3() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let specURL = directory.appendingPathComponent("spec.yml")
        try Data(Self.spec.utf8).write(to: specURL)
        let result = GeneratorPipeline(options: .init(access: .public)).generate(specAt: specURL.path)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let file = try XCTUnwrap(result.files.first)
        let generated = directory.appendingPathComponent("Generated.swift")
        try Data(file.contents.utf8).write(to: generated)
        let main = directory.appendingPathComponent("main.swift")
        try Data(Self.client.utf8).write(to: main)
        guard let binary = try TestSupport.buildClient(of: generated, client: main, in: directory) else { return }
        let run = try TestSupport.run(binary, [])
        XCTAssertEqual(run.status, 0, run.stderr)
        // oklch(0.7 0.3 145) is outside Display P3: CSS Color 4's gamut mapping into P3, as
        // coloraide computes it (ColourFigures.table: 0.101, 0.771, 0), printed to 3 digits (the
        // two computations agree to 1e-4: ColorSpaceTests); alpha 0.8 is 204/255.
        XCTAssertEqual(
            run.stdout,
            """
            normal displayP3 UIColor displayP3 0.100 0.900 0.250 0.800
            normal displayP3 Color displayP3 0.100 0.900 0.250 0.800
            normal codable true
            highlighted sRGB UIColor sRGB 0.039 0.518 1.000 1.000
            highlighted sRGB Color sRGB 0.039 0.518 1.000 1.000
            highlighted codable true
            disabled displayP3 UIColor displayP3 \(Self.mappedOKLCH)
            disabled displayP3 Color displayP3 \(Self.mappedOKLCH)
            disabled codable true

            """)
    }

    static var mappedOKLCH: String {
        let p3 = ColourFigures.table.first { $0.space == "oklch" && $0.components == [0.7, 0.3, 145] }?.p3
        return (p3 ?? []).map { String(format: "%.3f", $0) }.joined(separator: " ") + " 1.000"
    }
}
