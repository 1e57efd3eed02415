// Segment models one segment of a UISegmentedControl: the control has one
// selectedSegmentIndex, a tap on another segment chooses it, and a tap on the chosen segment
// leaves it chosen (https://developer.apple.com/documentation/uikit/uisegmentedcontrol/selectedsegmentindex).
// While the chosen segment is touched UIKit's flags are [.selected, .highlighted], and disabling
// a segment does not change which one is chosen
// (https://developer.apple.com/documentation/uikit/uicontrol/state,
//  https://developer.apple.com/documentation/uikit/uisegmentedcontrol/setenabled(_:forsegmentat:)).
import UIKitControls
import XCTest

/// Segment: tapping chooses it, a touch on the chosen segment keeps it chosen; another segment
/// being chosen deselects it. Also the hand-written `ControlGallery` helper over it.
final class SegmentTests: XCTestCase {
    typealias Segment = Controls.Segment

    func testTapChooses() {
        var segment = Segment.Machine()
        XCTAssertEqual(segment.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(segment.send(.touchUpInside), .moved(from: .highlighted, to: .selected))
    }

    func testTouchOnChosenSegmentKeepsItChosen() {
        var segment = Segment.Machine(state: .selected)
        XCTAssertEqual(segment.send(.touchDown), .moved(from: .selected, to: .selectedHighlighted))
        // Where UIKit's flags for the touched chosen segment map.
        XCTAssertEqual(segment.state, Segment.State(controlStateFlags: [.selected, .highlighted]))
        XCTAssertEqual(segment.state, .selectedHighlighted)
        XCTAssertTrue(Segment.isSelected(segment.state))
        XCTAssertEqual(segment.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .selected))
        XCTAssertEqual(segment.state, .selected)
        XCTAssertTrue(Segment.isSelected(segment.state))
    }

    func testTouchOnChosenSegmentThatEndsElsewhereKeepsItChosen() {
        var segment = Segment.Machine(state: .selected)
        segment.send(.touchDown)
        XCTAssertEqual(segment.send(.touchUpOutside), .moved(from: .selectedHighlighted, to: .selected))
        segment.send(.touchDown)
        XCTAssertEqual(segment.send(.touchCancel), .moved(from: .selectedHighlighted, to: .selected))
        XCTAssertEqual(segment.send(.touchUpInside), .ignored, "no touch is down")
        XCTAssertEqual(segment.state, .selected)
    }

    func testCancelledTouchDoesNotChoose() {
        var segment = Segment.Machine()
        segment.send(.touchDown)
        XCTAssertEqual(segment.send(.touchCancel), .moved(from: .highlighted, to: .normal))
        segment.send(.touchDown)
        XCTAssertEqual(segment.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
    }

    func testSelectDeselectSequence() {
        var segment = Segment.Machine()
        let outcomes = [Segment.Event.select, .select, .deselect, .deselect, .select].map { segment.send($0) }
        XCTAssertEqual(outcomes, [
            .moved(from: .normal, to: .selected), .ignored,
            .moved(from: .selected, to: .normal), .ignored,
            .moved(from: .normal, to: .selected),
        ])
    }

    func testDisabledSegmentStaysChosen() {
        var segment = Segment.Machine(state: .selected)
        XCTAssertEqual(segment.send(.disable), .moved(from: .selected, to: .selectedDisabled))
        XCTAssertTrue(Segment.isSelected(segment.state))
        XCTAssertEqual(segment.send(.touchDown), .ignored, "a disabled segment takes no touches")
        XCTAssertEqual(segment.send(.select), .ignored, "already chosen")
        XCTAssertEqual(segment.send(.enable), .moved(from: .selectedDisabled, to: .selected))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Segment.target(from: .selected, on: .touchDown), .selectedHighlighted)
        XCTAssertEqual(Segment.target(from: .highlighted, on: .touchUpInside), .selected, "own row")
        XCTAssertEqual(Segment.target(from: .selectedHighlighted, on: .touchUpInside), .selected, "shared row: stays chosen")
        XCTAssertNil(Segment.target(from: .selected, on: .touchUpInside))
        XCTAssertNil(Segment.target(from: .disabled, on: .deselect))
        XCTAssertEqual(Segment.target(from: .selectedDisabled, on: .deselect), .disabled)
        XCTAssertEqual(Segment.events(allowedIn: .selected), [.touchDown, .disable, .deselect])
        XCTAssertEqual(Segment.events(allowedIn: .disabled), [.enable, .select])
        XCTAssertEqual(Segment.events(allowedIn: .selectedDisabled), [.enable, .deselect])
    }

    func testLabelFromSpec() {
        let label = Segment.LabelAttributes.spec
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#3C3C43"), font: Controls.Font(.footnote), underline: false))
        XCTAssertEqual(label.resolved(for: .selected), .init(titleColor: color("#000000"), font: Controls.Font(.footnote, weight: .semibold), underline: false))
        XCTAssertEqual(label.resolved(for: .disabled), .init(titleColor: color("#3C3C434D"), font: Controls.Font(.footnote), underline: false))
        XCTAssertEqual(label.resolved(for: .highlighted), label.resolved(for: .normal))
        // The combinations have no values of their own; selected outranks highlighted and disabled.
        XCTAssertEqual(label.resolved(for: .selectedHighlighted), label.resolved(for: .selected))
        XCTAssertEqual(label.resolved(for: .selectedDisabled), label.resolved(for: .selected))
        XCTAssertEqual(label.titleColor[.normal].alpha, 1, "#RRGGBB is opaque")
    }

    func testFillFromSpec() {
        let fill = Segment.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#00000000"), cornerRadius: 7, borderWidth: 0, borderColor: color("#00000000")))
        XCTAssertEqual(fill.resolved(for: .selected), .init(backgroundColor: color("#FFFFFF"), cornerRadius: 7, borderWidth: 0, borderColor: color("#00000000")))
        XCTAssertEqual(fill.resolved(for: .highlighted), .init(backgroundColor: color("#7676803D"), cornerRadius: 7, borderWidth: 0, borderColor: color("#00000000")))
        // No disabled background in the spec: it falls back to normal's clear fill.
        XCTAssertEqual(fill.resolved(for: .disabled).backgroundColor, Controls.Color(red: 0, green: 0, blue: 0, alpha: 0))
        // The touched chosen segment keeps the chosen fill rather than the pressed grey.
        XCTAssertEqual(fill.resolved(for: .selectedHighlighted).backgroundColor, color("#FFFFFF"))
    }

    func testGalleryLabelFollowsTheMachine() {
        var segment = Segment.Machine()
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment).font, Controls.Font(.footnote))
        segment.send(.touchDown)
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment).titleColor, color("#3C3C43"))
        segment.send(.touchUpInside)
        let chosen = Segment.LabelAttributes.Resolved(titleColor: color("#000000"), font: Controls.Font(.footnote, weight: .semibold), underline: false)
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment), chosen)
        segment.send(.touchDown)
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment), chosen, "touching the chosen segment keeps its look")
    }

    func testGalleryLabelUsesOverriddenStyles() {
        var styles = Segment.LabelAttributes.spec
        styles.underline[.selected] = true
        let chosen = Segment.Machine(state: .selected)
        XCTAssertTrue(ControlGallery.labelAttributes(for: chosen, styles: styles).underline)
        XCTAssertTrue(ControlGallery.labelAttributes(for: Segment.Machine(state: .selectedDisabled), styles: styles).underline)
        XCTAssertFalse(ControlGallery.labelAttributes(for: Segment.Machine(), styles: styles).underline)
        XCTAssertFalse(ControlGallery.labelAttributes(for: chosen).underline, "the spec's styles are unchanged")
    }

    func testGalleryChooseKeepsOneSegmentSelected() {
        var segments = Array(repeating: Segment.Machine(), count: 3)
        XCTAssertEqual(ControlGallery.choose(0, in: &segments), .moved(from: .normal, to: .selected))
        XCTAssertEqual(segments.map(\.state), [.selected, .normal, .normal])
        XCTAssertEqual(ControlGallery.choose(2, in: &segments), .moved(from: .normal, to: .selected))
        XCTAssertEqual(segments.map(\.state), [.normal, .normal, .selected])
        XCTAssertEqual(ControlGallery.choose(2, in: &segments), .ignored, "already chosen")
        XCTAssertEqual(segments.map(\.state), [.normal, .normal, .selected])
    }

    func testGalleryChooseKeepsTheOtherFlagsOfEachSegment() {
        // Setting selectedSegmentIndex changes only which segment is selected: a disabled segment
        // can be chosen (and stays disabled), and a disabled chosen one loses only its selection.
        var segments = [Segment.Machine(state: .selectedDisabled), Segment.Machine(state: .disabled), Segment.Machine()]
        XCTAssertEqual(ControlGallery.choose(1, in: &segments), .moved(from: .disabled, to: .selectedDisabled))
        XCTAssertEqual(segments.map(\.state), [.disabled, .selectedDisabled, .normal])
        XCTAssertEqual(ControlGallery.choose(2, in: &segments), .moved(from: .normal, to: .selected))
        XCTAssertEqual(segments.map(\.state), [.disabled, .disabled, .selected])
    }
}
