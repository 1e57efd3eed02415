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

    /// Makes the control at `index` the chosen one, as `UISegmentedControl.selectedSegmentIndex`
    /// does, for any kind with selection (segments, tab bar items, page indicators): every other
    /// selected control is deselected, then the one at `index` is selected. Only the selection
    /// changes: a disabled or touched control keeps being so (UIKit's isSelected is independent
    /// of isEnabled and isHighlighted), so a disabled control can be chosen. Returns the index's
    /// outcome: `.ignored` when that control is already selected (nothing changes then).
    @discardableResult
    public static func choose<Kind: Controls.SelectableControlKind>(
        _ index: Int,
        in controls: inout [Controls.Machine<Kind>]
    ) -> Controls.Outcome<Kind.State> {
        precondition(controls.indices.contains(index), "no control \(index)")
        guard controls[index].canSend(Kind.selectEvent) else { return .ignored }
        for other in controls.indices where other != index && Kind.isSelected(controls[other].state) {
            controls[other].send(Kind.deselectEvent)
        }
        return controls[index].send(Kind.selectEvent)
    }

    /// The states a new control of `Kind` can reach by any sequence of events: a search over the
    /// transition table, written once for every kind.
    public static func reachableStates<Kind: Controls.ControlKind>(_: Kind.Type) -> Set<Kind.State> {
        var reached: Set<Kind.State> = [Kind.initialState]
        var queue = [Kind.initialState]
        while let state = queue.popLast() {
            for event in Kind.events(allowedIn: state) {
                if let target = Kind.target(from: state, on: event), reached.insert(target).inserted {
                    queue.append(target)
                }
            }
        }
        return reached
    }
}
