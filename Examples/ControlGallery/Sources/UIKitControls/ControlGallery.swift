// Hand-written: what an app adds on top of stategen's output (Generated/Controls.swift), from
// inside the same module.

/// Styling and choosing for the segments of a segmented control, driven by their machines.
public enum ControlGallery {
    /// The label attributes a segment shows in its machine's current state: the spec's values,
    /// or `styles` when the app overrides some of them.
    public static func labelAttributes(
        for machine: Controls.Segment.Machine,
        styles: Controls.Segment.LabelAttributes = .spec
    ) -> Controls.Segment.LabelAttributes.Resolved {
        styles.resolved(for: machine.state)
    }

    /// Makes the segment at `index` the chosen one, as `UISegmentedControl.selectedSegmentIndex`
    /// does: every other selected segment is deselected, then the segment at `index` is selected.
    /// Returns the index's outcome: `.ignored` when that segment cannot be selected now (it is
    /// disabled or under a touch) or already is.
    @discardableResult
    public static func choose(
        _ index: Int,
        in segments: inout [Controls.Segment.Machine]
    ) -> Controls.Outcome<Controls.Segment.State> {
        precondition(segments.indices.contains(index), "no segment \(index)")
        guard Controls.Segment.target(from: segments[index].state, on: .select) != nil else {
            return .ignored
        }
        for other in segments.indices where other != index && segments[other].state == .selected {
            segments[other].send(.deselect)
        }
        return segments[index].send(.select)
    }
}
