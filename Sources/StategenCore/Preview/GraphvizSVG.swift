import Foundation

/// Graphviz's SVG (`dot -Tsvg`) made fit to inline in the preview page.
public enum GraphvizSVG {
    /// The `<svg>` element of `document` alone: the XML declaration, the `DOCTYPE` and every
    /// comment before and inside it are dropped (Graphviz writes its version in one, which
    /// would make the page differ between machines).
    ///
    /// - Returns: `nil` when `document` holds no `<svg` element.
    public static func inline(_ document: String) -> String? {
        guard let start = document.range(of: "<svg"),
            let end = document.range(of: "</svg>", options: .backwards), start.lowerBound < end.lowerBound
        else { return nil }
        var svg = String(document[start.lowerBound..<end.upperBound])
        while let open = svg.range(of: "<!--") {
            guard let close = svg.range(of: "-->", range: open.upperBound..<svg.endIndex) else {
                svg.removeSubrange(open.lowerBound...)
                break
            }
            var removed = open.lowerBound..<close.upperBound
            // The comment's own line goes with it.
            if svg[close.upperBound...].hasPrefix("\n") {
                removed = open.lowerBound..<svg.index(after: close.upperBound)
            }
            svg.removeSubrange(removed)
        }
        return svg
    }
}
