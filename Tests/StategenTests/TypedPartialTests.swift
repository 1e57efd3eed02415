import Foundation
import XCTest

@testable import StategenCore

/// The typed renderers of the built-in per-kind partials (``KindRenderer``) write, for every
/// kind of the example, of every valid fixture and of the `Fixtures/typed` specs, under every
/// option that changes a kind's code, the bytes their Mustache template renders from the kind's
/// context. The templates stay the definition; this is what lets `generate` use the typed code
/// for the built-in ones.
final class TypedPartialTests: XCTestCase {
    /// The partials there are typed renderers for, as they nest: `control` includes the other two.
    static let expectedPartials: Set<String> = ["control", "control-uikit", "control-swiftui"]

    /// Where the options below are set (a made-up place: no diagnostic names it).
    static let here = SourceLocation(path: "TypedPartialTests", line: 1, column: 1)

    /// The option sets the comparison runs under: the default, then each option that reaches
    /// a kind's partials changed (access, inlining, `Codable`, `Hashable`, provenance).
    static var optionSets: [(label: String, options: GeneratorPipeline.Options)] {
        var sets: [(String, GeneratorPipeline.Options)] = [("default", GeneratorPipeline.Options())]
        for access in [AccessLevel.public, .internal, .package] {
            var options = GeneratorPipeline.Options()
            options.access = access
            sets.append(("access \(access.rawValue)", options))
        }
        for inlining in SwiftOptions.Inlining.allCases {
            var options = GeneratorPipeline.Options()
            options.swift.inlining = Located(inlining, at: Self.here)
            sets.append(("inlining \(inlining.rawValue)", options))
        }
        var all = GeneratorPipeline.Options()
        all.swift.codable = Located(true, at: Self.here)
        all.swift.hashable = Located(true, at: Self.here)
        all.swift.provenance = Located(true, at: Self.here)
        sets.append(("codable hashable provenance", all))
        var none = GeneratorPipeline.Options()
        none.swift.codable = Located(false, at: Self.here)
        none.swift.hashable = Located(false, at: Self.here)
        none.swift.provenance = Located(false, at: Self.here)
        sets.append(("no codable hashable provenance", none))
        return sets
    }

    /// The specs compared: the example and the valid fixtures, then the small specs under
    /// `Fixtures/typed` that reach template branches those do not.
    static var specs: [(name: String, spec: URL)] {
        let typed = TestSupport.fixtures.appendingPathComponent("typed")
        let extra = ((try? FileManager.default.contentsOfDirectory(atPath: typed.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted()
            .map { (name: "typed/" + $0, spec: typed.appendingPathComponent($0)) }
        return ReferenceOutputTests.specs.map { (name: $0.name, spec: $0.spec) } + extra
    }

    func testEveryBuiltinPerKindPartialHasATypedRenderer() {
        XCTAssertEqual(KindRenderer.partials, Self.expectedPartials)
    }

    func testTypedPartialsWriteWhatTheirTemplatesRender() throws {
        let partials = PartialCache(sources: BuiltinTemplates.sources)
        let options = RenderOptions(escapesHTML: false, isStrict: true, removesTrailingWhitespace: true)
        var compared = 0
        for (label, pipelineOptions) in Self.optionSets {
            for (name, spec) in Self.specs {
                let (result, files) = GeneratorPipeline(options: pipelineOptions).fileContexts(specAt: spec.path)
                XCTAssertFalse(result.hasErrors, "\(name): \(result.diagnostics)")
                guard let file = files?.first, case .object(let root) = file.context,
                    case .lazyList(let controls)? = root["controls"], let kinds = controls.kinds
                else {
                    XCTFail("\(name) (\(label)): no lazy `controls` with typed renderers")
                    continue
                }
                for partial in KindRenderer.partials.sorted() {
                    let template = try Template(
                        source: "{{#controls}}\n{{> \(partial)}}\n{{/controls}}\n", name: "test")
                    var used: Set<String> = []
                    let expected = try template.renderBytes(
                        file.context, partials: partials, options: options, usedPartials: &used)
                    var typed: [UInt8] = []
                    var output = KindOutput()
                    for index in 0..<controls.count {
                        output.removeAll()
                        XCTAssertTrue(
                            kinds.render(partial, kind: index, into: &output), "\(partial) has no typed renderer")
                        typed += output.bytes
                    }
                    compared += 1
                    let expectedText = String(decoding: expected, as: UTF8.self)
                    let typedText = Self.trimmingTrailingBlanks(String(decoding: typed, as: UTF8.self))
                    if typedText != expectedText {
                        let diff = UnifiedDiff.render(
                            from: expectedText, to: typedText, oldLabel: "\(partial).mustache",
                            newLabel: "typed \(partial)", context: 2)
                        XCTFail("\(name) (\(label)): typed '\(partial)' differs from its template:\n\(diff)")
                    }
                }
            }
        }
        print("TypedPartialTests: compared \(compared) (spec, options, partial) renders")
    }

    /// Each spec's files (`layout: single` and `split`) rendered with the built-in templates —
    /// where the typed partials are used — equal those rendered from the same templates under
    /// other origins (a template folder holding copies of them), where every partial renders
    /// from its template; both renders name the same templates used.
    func testGenerateUsesTypedPartialsOnlyWhereTheOutputIsTheSame() throws {
        var copies = TemplateSet.builtin
        for name in copies.origins.keys { copies.origins[name] = "/templates/\(name).mustache" }
        XCTAssertEqual(KindRenderer.usable(builtin: []), [])
        for layout in SwiftOptions.Layout.allCases {
            var options = GeneratorPipeline.Options()
            options.swift.layout = Located(layout, at: Self.here)
            for (name, spec, _) in ReferenceOutputTests.specs {
                let (result, files) = GeneratorPipeline(options: options).fileContexts(specAt: spec.path)
                XCTAssertFalse(result.hasErrors, "\(name): \(result.diagnostics)")
                let contexts = (files ?? []).map(\.context)
                var typedUsed: [String] = []
                var templateUsed: [String] = []
                let typed = try SwiftRenderer(templates: .builtin).renderFiles(contexts, templatesUsed: &typedUsed)
                let template = try SwiftRenderer(templates: copies).renderFiles(contexts, templatesUsed: &templateUsed)
                XCTAssertEqual(typed.count, template.count)
                for (index, (typedFile, templateFile)) in zip(typed, template).enumerated()
                where typedFile != templateFile {
                    let diff = UnifiedDiff.render(
                        from: String(decoding: templateFile, as: UTF8.self),
                        to: String(decoding: typedFile, as: UTF8.self),
                        oldLabel: "templates", newLabel: "typed", context: 2)
                    XCTFail("\(name) (\(layout.rawValue)), file \(index): typed partials change the output:\n\(diff)")
                }
                let names = { (origins: [String]) in
                    origins.map { $0.replacingOccurrences(of: TemplateSet.builtinOriginPrefix, with: "/templates/") }
                }
                XCTAssertEqual(names(typedUsed), templateUsed, "\(name) (\(layout.rawValue))")
            }
        }
    }

    /// A template set that changes one of the partials `control` includes renders `control`
    /// from its template too, so that the changed partial is what the output holds.
    func testAChangedIncludedPartialIsRendered() throws {
        var set = TemplateSet.builtin
        set.sources["control-uikit"] = "// custom UIKit part of {{typeName}}\n"
        set.origins["control-uikit"] = "/templates/control-uikit.mustache"
        let (result, files) = GeneratorPipeline(options: GeneratorPipeline.Options()).fileContexts(
            specAt: TestSupport.exampleSpec.path)
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)")
        var used: [String] = []
        let rendered = try SwiftRenderer(templates: set).renderFiles((files ?? []).map(\.context), templatesUsed: &used)
        let text = String(decoding: rendered.first ?? [], as: UTF8.self)
        XCTAssertTrue(text.contains("// custom UIKit part of PushButton"), "the changed control-uikit is not rendered")
        XCTAssertTrue(used.contains("/templates/control-uikit.mustache"))
        XCTAssertTrue(used.contains("\(TemplateSet.builtinOriginPrefix)control.mustache"))
    }

    /// A spec of 150 kinds (UIKit buttons and switches with SwiftUI styles, and kinds of
    /// neither), above ``TemplateRenderer/aheadMinimum``: its file rendered with the typed
    /// partials written ahead on 2 and on 3 threads (batches of
    /// ``TemplateRenderer/aheadBatch`` kinds: two full ones, then one part full) is byte for byte the
    /// file written on one thread, and names the same partials used.
    func testTypedPartialsWrittenAheadOnSeveralThreadsAreTheSameBytes() throws {
        var yaml = """
            stategen: 1
            module: Many
            states:
              normal: {}
              highlighted: { controlState: highlighted }
              disabled: { controlState: disabled }
              selected: { controlState: selected, selection: true }
            events:
              touchDown: { uikit: touchDown }
              touchUpInside: { uikit: touchUpInside }
              disable: {}
              enable: {}
              select: { selection: true }
              deselect: { selection: true }
            transitions:
              normal: { touchDown: highlighted, disable: disabled, select: selected }
              highlighted: { touchUpInside: normal, disable: disabled }
              disabled: { enable: normal }
              selected: { deselect: normal, disable: disabled }
            attributes:
              tintColor: { type: color, role: tint }
              title: { type: string }
            attributeSets:
              look: [tintColor, title]
            controls:

            """
        let kinds = 150
        for index in 0..<kinds {
            yaml += "  Kind\(index):\n"
            switch index % 3 {
            case 0: yaml += "    uikit: UIButton\n    swiftui: button\n"
            case 1: yaml += "    uikit: UISwitch\n    swiftui: toggle\n    selection: true\n"
            default: break
            }
            let tint = String(index * 4099 % 0xFFFFFF, radix: 16, uppercase: true)
            yaml += "    attributeSets: [look]\n    values:\n"
            yaml += "      tintColor: { normal: \"#\(String(repeating: "0", count: 6 - tint.count) + tint)\" }\n"
            yaml += "      title: { normal: \"kind \(index)\", disabled: \"off \(index)\" }\n"
        }
        XCTAssertGreaterThanOrEqual(kinds, TemplateRenderer.aheadMinimum)
        let spec = try TestSupport.temporaryDirectory(self).appendingPathComponent("many.yml")
        try yaml.write(to: spec, atomically: true, encoding: .utf8)
        let (result, files) = GeneratorPipeline(options: GeneratorPipeline.Options()).fileContexts(specAt: spec.path)
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)")
        let context = try XCTUnwrap(files?.first?.context)
        let template = try Template(
            source: try XCTUnwrap(BuiltinTemplates.sources[TemplateSet.entryName]), name: TemplateSet.entryName)
        let partials = PartialCache(sources: BuiltinTemplates.sources)
        func render(threads: Int) throws -> (text: String, used: Set<String>) {
            var options = RenderOptions(escapesHTML: false, isStrict: true, removesTrailingWhitespace: true)
            options.typedPartials = KindRenderer.partials
            options.typedThreads = threads
            var used: Set<String> = []
            let bytes = try template.renderBytes(context, partials: partials, options: options, usedPartials: &used)
            return (String(decoding: bytes, as: UTF8.self), used)
        }
        let one = try render(threads: 1)
        XCTAssertEqual(one.text.components(separatedBy: "\n    nonisolated enum Kind").count - 1, kinds)
        for threads in [2, 3] {
            let several = try render(threads: threads)
            if several.text != one.text {
                let diff = UnifiedDiff.render(
                    from: one.text, to: several.text, oldLabel: "1 thread", newLabel: "\(threads) threads", context: 2)
                XCTFail("typed partials written ahead on \(threads) threads change the output:\n\(diff)")
            }
            XCTAssertEqual(several.used, one.used)
        }
    }

    /// A kind of 70 states has its `own:` words past 64 states as `more:` (bit `i % 64` of
    /// word `i / 64` for state `i` with a value of its own): `normal` (0) and `s3` in the first
    /// word, `s66` and `s69` in the second.
    func testOwnValuesPast64StatesAreWrittenAsMoreWords() throws {
        let states = (1..<70).map { "  s\($0): {}" }.joined(separator: "\n")
        let yaml = """
            stategen: 1
            module: Wide
            states:
              normal: {}
            \(states)
            events:
              go: {}
            transitions:
              normal: { go: s1 }
            attributes:
              tint: { type: color }
            attributeSets:
              look: [tint]
            controls:
              Broad:
                attributeSets: [look]
                values:
                  tint: { normal: "#000000", s3: "#FF0000", s66: "#00FF00", s69: "#0000FF" }

            """
        let spec = try TestSupport.temporaryDirectory(self).appendingPathComponent("wide.yml")
        try yaml.write(to: spec, atomically: true, encoding: .utf8)
        let (result, files) = GeneratorPipeline(options: GeneratorPipeline.Options()).fileContexts(specAt: spec.path)
        XCTAssertFalse(result.hasErrors, "\(result.diagnostics)")
        let context = try XCTUnwrap(files?.first?.context)
        let template = try Template(
            source: try XCTUnwrap(BuiltinTemplates.sources[TemplateSet.entryName]), name: TemplateSet.entryName)
        var options = RenderOptions(escapesHTML: false, isStrict: true, removesTrailingWhitespace: true)
        options.typedPartials = KindRenderer.partials
        var used: Set<String> = []
        let text = String(
            decoding: try template.renderBytes(
                context, partials: PartialCache(sources: BuiltinTemplates.sources), options: options,
                usedPartials: &used),
            as: UTF8.self)
        XCTAssertTrue(text.contains("own: 0x9, more: [0x24])"), "no `own: 0x9, more: [0x24]` table in the output")
    }

    /// `text` with the spaces and tabs at each line's end dropped, as a render with
    /// ``RenderOptions/removesTrailingWhitespace`` writes it.
    static func trimmingTrailingBlanks(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                var line = Substring(line)
                while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
                return line
            }
            .joined(separator: "\n")
    }
}
