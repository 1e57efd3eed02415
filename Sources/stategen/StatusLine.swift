import StategenCore

/// The lines that tell a person what a run did with a file: `wrote PATH`, `unchanged PATH`,
/// `removed PATH` (`generate`, and `preview` and `styles` with `--output`), `current PATH`
/// (`check`), `wrote PATH` (`init`).
///
/// The path holds names from the inputs (an output folder of the command line or of
/// `stategen.yml`, a spec's file name, a file found in an output folder), so its control
/// characters, line breaks included, are shown as `\u{1B}`-style escapes (``DiagnosticText``):
/// a folder name holding ESC cannot retitle or clear the terminal, and one holding a line break
/// cannot fake a line. What scripts read is printed byte for byte instead: the list of
/// `outputs`, `check`'s unified diff, the JSON document, a document written to standard output.
enum StatusLine {
    /// `verb path` and a line break, such as `wrote Generated/Controls.swift`; `note` follows
    /// the path after a space.
    static func text(_ verb: String, _ path: String, note: String? = nil) -> String {
        verb + " " + shown(path) + (note.map { " " + $0 } ?? "") + "\n"
    }

    /// `text` for a person's eyes: every control character escaped.
    static func shown(_ text: String) -> String {
        DiagnosticText.escaped(text)
    }
}
