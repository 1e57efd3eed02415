import Foundation
import XCTest

@testable import StategenCore

/// The template context's shape, held to its documentation (`docs/template-context.md`) and to
/// a golden copy of the example's context, so that a change of a key shows as a reviewed diff
/// and a bump of ``TemplateContextBuilder/contextVersion``.
final class TemplateContextShapeTests: XCTestCase {
    static let documentation = TestSupport.packageRoot.appendingPathComponent("docs/template-context.md")
    /// The golden `stategen context` of the example; regenerate it with
    /// `scripts/update-reference` after a reviewed change of the context.
    static let reference = TestSupport.packageRoot.appendingPathComponent(
        "Tests/StategenTests/Reference/context/controls.json")

    /// Every spec whose context the tests read: the example and the valid fixtures.
    static var specs: [URL] {
        get throws {
            let valid = TestSupport.fixtures.appendingPathComponent("valid")
            let fixtures = try FileManager.default.contentsOfDirectory(atPath: valid.path)
                .filter { $0.hasSuffix(".yml") }.sorted().map { valid.appendingPathComponent($0) }
            return [TestSupport.exampleSpec] + fixtures
        }
    }

    func context(of spec: URL) throws -> (text: String, value: Any) {
        let result = try TestSupport.run(TestSupport.stategenBinary, ["context", spec.path])
        XCTAssertEqual(result.status, 0, "\(spec.lastPathComponent): \(result.stderr)")
        return (result.stdout, try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
    }

    /// Calls `visit` with every key and value of `value`, depth first.
    func walk(_ value: Any, _ visit: (String, Any) -> Void) {
        if let object = value as? [String: Any] {
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                visit(key, child)
                walk(child, visit)
            }
        } else if let list = value as? [Any] {
            for child in list { walk(child, visit) }
        }
    }

    func contextKeys() throws -> Set<String> {
        var keys: Set<String> = []
        for spec in try Self.specs { walk(try context(of: spec).value) { key, _ in keys.insert(key) } }
        return keys
    }

    func testEveryContextKeyIsDocumented() throws {
        let documentation = try String(contentsOf: Self.documentation, encoding: .utf8)
        let keys = try contextKeys()
        XCTAssertGreaterThan(keys.count, 100, "the contexts were read")
        let missing = keys.filter { !documentation.contains("`\($0)`") }.sorted()
        XCTAssertEqual(missing, [], "keys of the context that docs/template-context.md does not name")
    }

    /// The keys in the first column of each table: each exists in some context, and none is a
    /// row twice in one table.
    func testEveryDocumentedKeyExistsOnce() throws {
        let documentation = try String(contentsOf: Self.documentation, encoding: .utf8)
        let keys = try contextKeys()
        var tables: [[String]] = []
        var inTable = false
        for line in documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            // A table starts at its header row, the first `|` line after other text.
            if line.hasPrefix("|"), !inTable { tables.append([]) }
            inTable = line.hasPrefix("|")
            guard line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            let names = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) }
            tables[tables.count - 1] += names
        }
        XCTAssertEqual(tables.count, 2, "the top-level and the control tables")
        for table in tables {
            XCTAssertEqual(table.filter { !keys.contains($0) }, [], "documented keys no context has")
            let repeated = Dictionary(grouping: table, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            XCTAssertEqual(repeated, [], "keys with two rows in one table")
        }
    }

    /// Flags are bools and counts and positions numbers, so that a section over a flag
    /// renders only when it is true. Text that is Swift source (a table's literals) may be
    /// digits.
    func testNoBooleanOrNumberIsCarriedAsText() throws {
        let swiftSource: Set<String> = ["table"]
        for spec in try Self.specs {
            var found: [String] = []
            walk(try context(of: spec).value) { key, value in
                let texts = (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] } ?? []
                for text in texts where !swiftSource.contains(key) {
                    if text == "true" || text == "false" || (!text.isEmpty && text.allSatisfy(\.isNumber)) {
                        found.append("\(key): \(text)")
                    }
                }
            }
            XCTAssertEqual(found, [], spec.lastPathComponent)
        }
    }

    func testNoRenamedOrRemovedKeyIsStillInTheContext() throws {
        let keys = try contextKeys()
        XCTAssertEqual(keys.intersection(TemplateContextKeys.changed.keys).sorted(), [])
        for (key, change) in TemplateContextKeys.changed {
            XCTAssertLessThanOrEqual(change.version, TemplateContextBuilder.contextVersion, key)
        }
    }

    /// A custom template written against an older context fails at the tag, naming what replaced
    /// the key; a plain typo keeps the plain message.
    func testARemovedKeyGivesALocatedErrorNamingItsReplacement() throws {
        let directory = try TestSupport.temporaryDirectory(self)
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let template = templates.appendingPathComponent("control.mustache")
        let output = directory.appendingPathComponent("out").path
        for (tag, column) in [("{{#optionalSteps}}x{{/optionalSteps}}", 5), ("{{allowedEvents.first}}", 5)] {
            try Data("// custom\n    \(tag)\n".utf8).write(to: template)
            let result = try TestSupport.run(
                TestSupport.stategenBinary,
                ["generate", TestSupport.exampleSpec.path, "--output", output, "--templates", templates.path])
            XCTAssertEqual(result.status, 1)
            let key = tag.contains("optionalSteps") ? "optionalSteps" : "allowedEvents"
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "\(template.path):2:\(column): error: no value for '\(tag.contains("first") ? key + ".first" : key)'; "
                        + "context version \(TemplateContextKeys.changed[key]?.version ?? 0) removed '\(key)' "
                        + "(this is version \(TemplateContextBuilder.contextVersion)): "
                        + (TemplateContextKeys.changed[key]?.explanation ?? "")),
                result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing may be written")
        }
        XCTAssertEqual(TemplateContextKeys.explained("no value for 'typeNme'"), "no value for 'typeNme'")
        // A removed key after a dot is explained too.
        XCTAssertTrue(
            TemplateContextKeys.explained("no value for 'states.optionalSteps'").hasSuffix(
                "removed 'optionalSteps' (this is version \(TemplateContextBuilder.contextVersion)): "
                    + (TemplateContextKeys.changed["optionalSteps"]?.explanation ?? "")))
    }

    /// `hasDoc` is read without making the lines, and must agree with them.
    func testHasDocAgreesWithDocLines() {
        for text in [
            nil, "", "\n", "\n\n", "\r\n", "\u{2028}", " ", "a", "\na", "a\n", "\t", "\u{1B}", "é\r", "\u{85}\u{0C}x",
        ] {
            XCTAssertEqual(SwiftLiteral.hasDocLines(text), !SwiftLiteral.docLines(text).isEmpty, String(reflecting: text))
        }
    }

    func testTheExampleContextMatchesTheReference() throws {
        let actual = try context(of: TestSupport.exampleSpec).text
        let expected = try String(contentsOf: Self.reference, encoding: .utf8)
        if actual != expected {
            XCTFail(
                "stategen context of the example differs from Tests/StategenTests/Reference/context/controls.json; "
                    + "if the change is meant, bump contextVersion when a key changes, run scripts/update-reference "
                    + "and review the diff:\n"
                    + UnifiedDiff.render(from: expected, to: actual, oldLabel: "reference", newLabel: "context"))
        }
    }
}

/// The names a spec may not take follow the templates' own declarations.
final class ReservedNameTests: XCTestCase {
    func testReservedNamesAreTheTemplatesDeclarations() {
        let namespace = TemplateContextBuilder.reservedNamespaceMembers
        // The shared types of namespace.mustache and the modules the code qualifies names with.
        for name in [
            "Color", "Outcome", "Transition", "Machine", "ControlKind", "SelectableControlKind", "ControlStateFlags",
            "ControlStateConvertible", "KindState", "KindStyle", "StateValues", "Appearance", "Font", "Dimension",
            "_CodingKey", "Swift", "UIKit", "SwiftUI", "CoreGraphics",
        ] {
            XCTAssertNotNil(namespace[name], name)
        }
        XCTAssertEqual(namespace["Color"], "the generated namespace declares 'Color'")
        XCTAssertEqual(namespace["Swift"], "the generated code names the standard library as 'Swift'")
        // Members of a kind, of a set's type and of the SwiftUI styles, and generic parameters.
        let module = TemplateContextBuilder.reservedModuleNames
        for name in ["State", "Event", "Values", "Style", "Resolved", "Value", "Kind", "ButtonStyle", "ToggleStyle"] {
            XCTAssertNotNil(module[name] ?? namespace[name], name)
        }
        XCTAssertEqual(module["Style"], "every kind declares 'Style'")
        XCTAssertEqual(module["Value"], "the generated code has a generic parameter 'Value'")
        // Names made by a tag are the spec's own, never reserved.
        XCTAssertNil(module[""])
        XCTAssertFalse(TemplateDeclarations.builtin.contains { $0.name.isEmpty || $0.name.contains("{") })
        // Every reserved name is declared by a built-in template or is a module it qualifies with.
        for name in Set(namespace.keys).union(module.keys) {
            XCTAssertTrue(
                TemplateDeclarations.builtin.contains { $0.name == name }
                    || TemplateDeclarations.qualifiedModules.contains(name),
                name)
        }
    }

    func testTheScannerReadsDeclarationsAndGenericParameters() {
        let source = """
            extension {{module}} {
                {{frozenShared}}nonisolated {{accessModifier}}struct Pair<First: Swift.Hashable, Second>: Swift.Sendable {
                    /// struct Commented
                    enum Inner {}
                }
                {{accessModifier}}enum {{typeName}} {}
            }
            extension {{module}}.Pair {
                typealias Alias = Swift.Int
                func map<Mapped: Swift.Sequence<Swift.Int>>(_ x: Mapped) {}
            }
            """
        let found = TemplateDeclarations.scan(source, template: "t").map {
            "\($0.name) \($0.level) \($0.inNamespace) \($0.isGenericParameter)"
        }
        XCTAssertEqual(
            found,
            [
                "Pair 1 true false", "First 2 false true", "Second 2 false true", "Inner 2 false false",
                "Alias 1 false false", "Mapped 2 false true",
            ])
    }
}

extension ReservedNameTests {
    /// diagnostics.md's `name-collision` lists exactly the names read from the templates.
    func testTheDiagnosticsPageListsTheReservedNames() throws {
        let page = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let section = try XCTUnwrap(page.components(separatedBy: "### `name-collision`").dropFirst().first)
        func names(after start: String, before end: String) throws -> Set<String> {
            let from = try XCTUnwrap(section.range(of: start)).upperBound
            let to = try XCTUnwrap(section[from...].range(of: end)).lowerBound
            let names = section[from..<to].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
            return Set(names.map { String($0.element) })
        }
        XCTAssertEqual(
            try names(after: "- control kinds and the module:", before: "- the module also:"),
            Set(TemplateContextBuilder.reservedNamespaceMembers.keys))
        XCTAssertEqual(
            try names(after: "- the module also:", before: "- attribute sets:"),
            Set(TemplateContextBuilder.reservedModuleNames.keys).subtracting(
                TemplateContextBuilder.reservedNamespaceMembers.keys))
    }
}
