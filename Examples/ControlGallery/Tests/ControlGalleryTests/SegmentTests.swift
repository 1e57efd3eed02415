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
        // A row whose target is its source: handled (`.moved`), not `.ignored`.
        XCTAssertEqual(segment.send(.touchDown), .moved(from: .selected, to: .selected))
        XCTAssertEqual(segment.send(.touchUpInside), .ignored, "no selected row for touchUpInside")
        XCTAssertEqual(segment.send(.touchUpOutside), .ignored)
        XCTAssertEqual(segment.send(.touchCancel), .ignored)
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

    func testDisabledSegment() {
        var segment = Segment.Machine(state: .selected)
        XCTAssertEqual(segment.send(.disable), .moved(from: .selected, to: .disabled))
        XCTAssertEqual(segment.send(.touchDown), .ignored)
        XCTAssertEqual(segment.send(.select), .ignored)
        XCTAssertEqual(segment.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Segment.target(from: .selected, on: .touchDown), .selected)
        XCTAssertEqual(Segment.target(from: .highlighted, on: .touchUpInside), .selected)
        XCTAssertNil(Segment.target(from: .selected, on: .touchUpInside))
        XCTAssertNil(Segment.target(from: .disabled, on: .deselect))
        XCTAssertEqual(Segment.events(allowedIn: .selected), [.touchDown, .disable, .deselect])
        XCTAssertEqual(Segment.events(allowedIn: .disabled), [.enable])
    }

    func testLabelFromSpec() {
        let label = Segment.LabelAttributes.spec
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#3C3C43"), font: "footnote", underline: false))
        XCTAssertEqual(label.resolved(for: .selected), .init(titleColor: color("#000000"), font: "footnote-semibold", underline: false))
        XCTAssertEqual(label.resolved(for: .disabled), .init(titleColor: color("#3C3C434D"), font: "footnote", underline: false))
        XCTAssertEqual(label.resolved(for: .highlighted), label.resolved(for: .normal))
        XCTAssertEqual(label.titleColor.normal.alpha, 1, "#RRGGBB is opaque")
    }

    func testFillFromSpec() {
        let fill = Segment.FillAttributes.spec
        XCTAssertEqual(fill.resolved(for: .normal), .init(backgroundColor: color("#00000000"), cornerRadius: 7, borderWidth: 0))
        XCTAssertEqual(fill.resolved(for: .selected), .init(backgroundColor: color("#FFFFFF"), cornerRadius: 7, borderWidth: 0))
        XCTAssertEqual(fill.resolved(for: .highlighted), .init(backgroundColor: color("#7676803D"), cornerRadius: 7, borderWidth: 0))
        // No disabled background in the spec: it falls back to normal's clear fill.
        XCTAssertEqual(fill.resolved(for: .disabled).backgroundColor, Controls.Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    func testGalleryLabelFollowsTheMachine() {
        var segment = Segment.Machine()
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment).font, "footnote")
        segment.send(.touchDown)
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment).titleColor, color("#3C3C43"))
        segment.send(.touchUpInside)
        XCTAssertEqual(ControlGallery.labelAttributes(for: segment),
                       .init(titleColor: color("#000000"), font: "footnote-semibold", underline: false))
    }

    func testGalleryLabelUsesOverriddenStyles() {
        var styles = Segment.LabelAttributes.spec
        styles.underline.selected = true
        let chosen = Segment.Machine(state: .selected)
        XCTAssertTrue(ControlGallery.labelAttributes(for: chosen, styles: styles).underline)
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

    func testGalleryChooseLeavesEverythingWhenTheSegmentCannotBeSelected() {
        var segments = [Segment.Machine(state: .selected), Segment.Machine(state: .disabled)]
        XCTAssertEqual(ControlGallery.choose(1, in: &segments), .ignored)
        XCTAssertEqual(segments.map(\.state), [.selected, .disabled], "the chosen segment stays chosen")
    }
}
