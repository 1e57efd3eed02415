import Foundation

/// Diagnostics as one JSON document, for tools (`--diagnostics-format json`):
///
/// ```json
/// {"version": 1, "errors": 1, "warnings": 0, "diagnostics": [
///   {"severity": "error", "rule": "unknown-key", "message": "...",
///    "location": {"path": "controls.yml", "line": 5, "column": 18},
///    "notes": [{"message": "...", "location": {...}}]}]}
/// ```
///
/// `location` is absent for a diagnostic about no file in particular; its `line` and `column`
/// are absent for one about a whole file (an output file: ``SourceLocation/file(_:)``); lines
/// and columns are 1-based, columns in Unicode scalars. Keys are sorted, so equal input gives
/// equal bytes.
public enum DiagnosticJSON {
    /// The version of this document's shape; bumped when a key is removed or changes meaning.
    /// Version 2: the output stage's problems (and `check`'s findings) are diagnostics too, at a
    /// `location` that has a `path` but no `line` or `column`.
    public static let version = 2

    struct Document: Encodable {
        var version: Int
        var errors: Int
        var warnings: Int
        var diagnostics: [Entry]
    }

    struct Location: Encodable {
        var path: String
        /// Absent for a whole file.
        var line: Int?
        var column: Int?

        init?(_ location: SourceLocation?) {
            guard let location else { return nil }
            path = location.path
            if !location.isWholeFile { (line, column) = (location.line, location.column) }
        }
    }

    struct Note: Encodable {
        var message: String
        var location: Location?
    }

    struct Entry: Encodable {
        var severity: String
        var rule: String
        var message: String
        var location: Location?
        var notes: [Note]
    }

    /// The document for `diagnostics`, ending with a newline.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let document = Document(
            version: version, errors: errors, warnings: diagnostics.count - errors,
            diagnostics: diagnostics.map { d in
                Entry(
                    severity: d.severity.rawValue, rule: d.rule.rawValue, message: d.message,
                    location: Location(d.location),
                    notes: d.notes.map { Note(message: $0.message, location: Location($0.location)) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
