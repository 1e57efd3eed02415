import Foundation
import XCTest

@testable import StategenCore

/// The settings a design-system team ships generated code under, beyond those of
/// ``GeneratedCodeTests/testEveryValidSpecCompilesUnderEverySetting()``: Swift 6's upcoming
/// features, the output options on and off, library evolution with the module interface
/// verified for each inlining policy, and a client module that writes one style helper for
/// three kinds. Every cell uses the stub UIKit and SwiftUI, so the bridging is compiled too;
/// independent compiles run two at a time (``TestSupport/runAll(_:)``), and a cell only
/// type-checks where it needs no binary.
final class CompileMatrixTests: XCTestCase {
    static let here = SourceLocation(path: "<test>", line: 0, column: 0)

    /// The example (nine UIKit kinds, tokens, appearances) and the regions fixture (three
    /// regions, per-kind states): the two specs whose code uses the most of the templates.
    static let specs = [TestSupport.exampleSpec, TestSupport.regionsSpec]

    /// Output options as the command line gives them.
    static func swift(
        layout: SwiftOptions.Layout? = nil, inlining: SwiftOptions.Inlining? = nil, codable: Bool? = nil,
        hashable: Bool? = nil, provenance: Bool? = nil
    ) -> SwiftOptions {
        SwiftOptions(
            layout: layout.map { Located($0, at: here) }, inlining: inlining.map { Located($0, at: here) },
            codable: codable.map { Located($0, at: here) }, hashable: hashable.map { Located($0, at: here) },
            provenance: provenance.map { Located($0, at: here) })
    }

    /// Generates `specs` with `options` into `folder` (created) and returns the files' paths.
    func generate(_ specs: [URL], _ options: GeneratorPipeline.Options, into folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for spec in specs {
            let result = GeneratorPipeline(options: options).generate(specAt: spec.path)
            XCTAssertFalse(result.hasErrors, "\(spec.lastPathComponent): \(result.diagnostics)")
            for file in result.files {
                let url = folder.appendingPathComponent(file.name)
                try Data(file.contents.utf8).write(to: url)
                paths.append(url.path)
            }
        }
        return paths
    }

    /// Runs the cells' commands, two at a time, and reports each that fails under its name.
    @discardableResult
    func run(_ cells: [(name: String, arguments: [String])], expectSuccess: Bool = true) throws
        -> [TestSupport.ProcessResult]
    {
        let results = try TestSupport.runAll(cells.map { (TestSupport.swiftc, $0.arguments) })
        if expectSuccess {
            for (cell, result) in zip(cells, results) {
                XCTAssertEqual(result.status, 0, "\(cell.name):\n\(result.stderr.prefix(4000))")
            }
        }
        return results
    }

    /// `InternalImportsByDefault` (imports are internal unless marked: the generated imports
    /// must be `public` where public code uses them, and only there), `ExistentialAny` (every
    /// existential spelt `any`) and `MemberImportVisibility` (a file sees the members of the
    /// modules it imports itself), each on its own, then all three in a main-actor-by-default
    /// module, with one file and with a file per kind. And the control that shows the first one
    /// is in effect: `--import-access plain` fails under it.
    func testUpcomingFeaturesWithEachLayout() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let stubs = try TestSupport.stubModules()
        let features = ["InternalImportsByDefault", "ExistentialAny", "MemberImportVisibility"]
        var cells: [(name: String, arguments: [String])] = []
        for layout in SwiftOptions.Layout.allCases {
            let files = try generate(
                Self.specs, .init(access: .public, swift: Self.swift(layout: layout)),
                into: directory.appendingPathComponent(layout.rawValue))
            let common = TestSupport.strictFlags + ["-typecheck", "-parse-as-library", "-I", stubs.path]
            for feature in features {
                cells.append(("\(feature), layout \(layout)", common + ["-enable-upcoming-feature", feature] + files))
            }
            cells.append(
                (
                    "all three, -default-isolation MainActor, layout \(layout)",
                    common + features.flatMap { ["-enable-upcoming-feature", $0] }
                        + ["-default-isolation", "MainActor"] + files
                ))
        }
        try run(cells)

        // The control: with plain imports, which the feature makes internal, public code that
        // shows UIKit's types does not compile. The default `public import` is what passes.
        var plain = GeneratorPipeline.Options(access: .public)
        plain.swift.importAccess = Located(.plain, at: Self.here)
        let files = try generate([TestSupport.exampleSpec], plain, into: directory.appendingPathComponent("plain"))
        let failed = try TestSupport.run(
            TestSupport.swiftc,
            TestSupport.strictFlags + [
                "-typecheck", "-parse-as-library", "-I", stubs.path, "-enable-upcoming-feature",
                "InternalImportsByDefault",
            ] + files)
        XCTAssertNotEqual(failed.status, 0, "plain imports must fail under InternalImportsByDefault")
        XCTAssertTrue(failed.stderr.contains("because its type uses an internal type"), failed.stderr)
    }

    /// `--codable --hashable` on and off, each with `--provenance` on and off: the conformances
    /// are opt-in code that the default settings never compile, and provenance comments sit
    /// between declarations.
    func testOutputOptionsOnAndOff() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let stubs = try TestSupport.stubModules()
        let specs = Self.specs + [TestSupport.smallSpec, TestSupport.edgeCasesSpec]
        var cells: [(name: String, arguments: [String])] = []
        var contents: [Bool: String] = [:]
        for conformances in [true, false] {
            for provenance in [true, false] {
                let name = "codable+hashable \(conformances ? "on" : "off"), provenance \(provenance ? "on" : "off")"
                let folder = directory.appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
                let files = try generate(
                    specs,
                    .init(
                        access: .public,
                        swift: Self.swift(codable: conformances, hashable: conformances, provenance: provenance)),
                    into: folder)
                if !provenance {
                    contents[conformances] = try String(contentsOfFile: files[0], encoding: .utf8)
                }
                cells.append(
                    (
                        name,
                        TestSupport.strictFlags + ["-typecheck", "-parse-as-library", "-I", stubs.path] + files
                    ))
            }
        }
        // The options reach the output: a kind's Style is Codable and Hashable only when asked.
        let style = "public struct Style: Controls.KindStyle, Controls.LabelStyled, Controls.FillStyled"
        XCTAssertTrue(contents[true]?.contains(style + ", Swift.Hashable, Swift.Codable {") ?? false)
        XCTAssertTrue(contents[false]?.contains(style + " {") ?? false)
        try run(cells)
    }

    /// A module built for library evolution (Xcode's "Build Libraries for Distribution"), public,
    /// for each inlining policy: its `.swiftinterface` is written, then verified as a
    /// client's compiler reads it (`-typecheck-module-from-interface`), which is where a name
    /// that the interface prints differently from the source breaks.
    func testLibraryEvolutionInterfaceVerifiesUnderEveryInliningPolicy() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let stubs = try TestSupport.stubModules(libraryEvolution: true)
        var builds: [(name: String, arguments: [String])] = []
        var verifications: [(name: String, arguments: [String])] = []
        // Each policy in one file; and `none` split too, where a kind's file holds no inlinable
        // code and its imports are public for its signatures alone.
        let cells: [(SwiftOptions.Inlining, SwiftOptions.Layout)] =
            SwiftOptions.Inlining.allCases.map { ($0, .single) } + [(.none, .split)]
        for (inlining, layout) in cells {
            let name = "inlining \(inlining), layout \(layout)"
            let folder = directory.appendingPathComponent("\(inlining)-\(layout)")
            let files = try generate(
                Self.specs, .init(access: .public, swift: Self.swift(layout: layout, inlining: inlining)),
                into: folder.appendingPathComponent("Sources"))
            let interface = folder.appendingPathComponent("DesignSystem.swiftinterface").path
            builds.append(
                (
                    name,
                    // Whole-module, as a distribution build is, and twice as fast as by file.
                    TestSupport.strictFlags + [
                        "-wmo", "-parse-as-library", "-enable-library-evolution", "-module-name", "DesignSystem", "-I",
                        stubs.path, "-emit-module", "-emit-module-path",
                        folder.appendingPathComponent("DesignSystem.swiftmodule").path,
                        "-emit-module-interface-path", interface,
                        // Verified below, on its own, as a client's compiler reads it.
                        "-no-verify-emitted-module-interface",
                    ] + files
                ))
            verifications.append((name + ", interface", Self.verifyInterface(interface, "DesignSystem", stubs)))
        }
        let built = try run(builds)
        guard built.allSatisfy({ $0.status == 0 }) else { return }
        try run(verifications)
    }

    /// The command that type-checks a module interface as a client's compiler does when it has
    /// no binary module: `swiftc -frontend -typecheck-module-from-interface`.
    static func verifyInterface(_ interface: String, _ module: String, _ stubs: URL) -> [String] {
        ["-frontend", "-typecheck-module-from-interface", interface, "-module-name", module, "-I", stubs.path]
    }

    /// What a design-system team ships: the example as the resilient module `DesignSystem`
    /// (public, library evolution), and an app that sees only its `.swiftinterface` and writes
    /// one helper over `Controls.ResolvedLabel` and one generic function over every kind with a
    /// label, used for three kinds of different UIKit classes and states. The app runs, and
    /// prints each state's title colour as the stub `UIButton` holds it and the font: the spec's
    /// values (base.tokens.json for the `{...}` references; a state without a value takes its
    /// precedence's, then normal's).
    func testClientReusesOneLabelHelperAcrossKindsThroughTheInterface() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let stubs = try TestSupport.stubModules(libraryEvolution: true)
        let files = try generate(
            [TestSupport.exampleSpec], .init(access: .public), into: directory.appendingPathComponent("Sources"))
        let binary = directory.appendingPathComponent("binary")
        let interface = directory.appendingPathComponent("interface")
        for folder in [binary, interface] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let library = try TestSupport.run(
            TestSupport.swiftc,
            TestSupport.strictFlags + [
                "-wmo", "-parse-as-library", "-enable-library-evolution", "-module-name", "DesignSystem", "-I",
                stubs.path,
                "-emit-module", "-emit-module-path", binary.appendingPathComponent("DesignSystem.swiftmodule").path,
                "-emit-module-interface-path", interface.appendingPathComponent("DesignSystem.swiftinterface").path,
                "-emit-library", "-static", "-o", directory.appendingPathComponent("libDesignSystem.a").path,
            ] + files)
        XCTAssertEqual(library.status, 0, String(library.stderr.prefix(4000)))
        guard library.status == 0 else { return }

        let main = directory.appendingPathComponent("main.swift")
        try Data(Self.labelClient.utf8).write(to: main)
        let program = directory.appendingPathComponent("app")
        // Only the interface folder is searched: the compiler builds the module from the
        // .swiftinterface, in a module cache of the test's own.
        let app = try TestSupport.run(
            TestSupport.swiftc,
            TestSupport.strictFlags + [
                "-I", interface.path, "-I", stubs.path, "-module-cache-path",
                directory.appendingPathComponent("ModuleCache").path, main.path, "-L", directory.path, "-L",
                stubs.path, "-lDesignSystem", "-lSwiftUI", "-lUIKit", "-o", program.path,
            ])
        XCTAssertEqual(app.status, 0, String(app.stderr.prefix(4000)))
        guard app.status == 0 else { return }
        let output = try TestSupport.run(program, [])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, Self.labelClientOutput)
    }

    static let labelClient = """
        import DesignSystem
        import UIKit

        /// The one style helper: a label's title colour on a button, in one control state.
        @MainActor func setTitleColor(_ label: Controls.ResolvedLabel, of button: UIButton, for state: UIControl.State) {
            button.setTitleColor(label.titleColor.uiColor, for: state)
        }

        /// The label of any kind that has one, in one of its states.
        func styleTitle<Kind: Controls.ControlKind>(_: Kind.Type, in state: Kind.State) -> Controls.ResolvedLabel
        where Kind.Style: Controls.LabelStyled {
            Kind.Style.spec.label.resolved(for: state)
        }

        @MainActor func show<Kind: Controls.ControlKind>(_ kind: Kind.Type)
        where Kind.Style: Controls.LabelStyled, Kind.State: Controls.ControlStateConvertible {
            let button = UIButton()
            for state in Kind.State.allCases {
                let label = styleTitle(kind, in: state)
                setTitleColor(label, of: button, for: state.uiControlState)
                let colour = button.titleColor(for: state.uiControlState).map { "\\($0)" } ?? "none"
                let weight = label.font.weight.map { " \\($0.rawValue)" } ?? ""
                print("\\(Kind.self) \\(state): \\(colour) \\(label.font.textStyle.rawValue)\\(weight)")
            }
        }

        show(Controls.PushButton.self)
        show(Controls.ToggleButton.self)
        show(Controls.Segment.self)

        """

    /// controls.yml's label values: PushButton's title is `color.semantic.text.onAction`
    /// (white), `#FFFFFFB3` pressed and `#FFFFFF80` disabled, in bold `headline`; ToggleButton's
    /// is `color.semantic.action.text` (`#0060DF`), white when selected, `#3C3C434D` disabled
    /// and `#FFFFFFB3` selected and disabled, in `body`, bold when selected; Segment's is
    /// `color.semantic.text.secondary` (`#3C3C43`), `text.primary` (black) when selected and
    /// `#3C3C434D` disabled, in `footnote`, semibold when selected. The stub `UIColor` prints
    /// its components in hexadecimal.
    static let labelClientOutput = """
        PushButton normal: UIColor(ff.ff.ff.ff) headline bold
        PushButton highlighted: UIColor(ff.ff.ff.b3) headline bold
        PushButton disabled: UIColor(ff.ff.ff.80) headline bold
        ToggleButton normal: UIColor(0.60.df.ff) body
        ToggleButton highlighted: UIColor(0.60.df.ff) body
        ToggleButton disabled: UIColor(3c.3c.43.4d) body
        ToggleButton selected: UIColor(ff.ff.ff.ff) body bold
        ToggleButton selected+highlighted: UIColor(ff.ff.ff.ff) body bold
        ToggleButton selected+disabled: UIColor(ff.ff.ff.b3) body bold
        Segment normal: UIColor(3c.3c.43.ff) footnote
        Segment highlighted: UIColor(3c.3c.43.ff) footnote
        Segment disabled: UIColor(3c.3c.43.4d) footnote
        Segment selected: UIColor(0.0.0.ff) footnote semibold
        Segment selected+highlighted: UIColor(0.0.0.ff) footnote semibold
        Segment selected+disabled: UIColor(0.0.0.ff) footnote semibold

        """
}
