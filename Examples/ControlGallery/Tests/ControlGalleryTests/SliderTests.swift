// Slider models UISlider: its value is continuous, so there is no selected state; it is
// highlighted while the thumb is being tracked, and ignores touches while disabled
// (https://developer.apple.com/documentation/uikit/uicontrol/istracking,
//  https://developer.apple.com/documentation/uikit/uicontrol/isenabled).
import UIKitControls
import XCTest

/// Slider: highlighted while its thumb is tracked, no selection. Tint attribute.
final class SliderTests: XCTestCase {
    typealias Slider = Controls.Slider

    func testDragHighlightsUntilTheThumbIsReleased() {
        var slider = Slider.Machine()
        XCTAssertEqual(slider.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(slider.send(.touchDown), .ignored)
        // A drag usually ends outside the thumb's start: both lifts end tracking.
        XCTAssertEqual(slider.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        slider.send(.touchDown)
        XCTAssertEqual(slider.send(.touchUpInside), .moved(from: .highlighted, to: .normal))
        slider.send(.touchDown)
        XCTAssertEqual(slider.send(.touchCancel), .moved(from: .highlighted, to: .normal))
    }

    func testDisableAndEnable() {
        var slider = Slider.Machine()
        slider.send(.touchDown)
        XCTAssertEqual(slider.send(.disable), .moved(from: .highlighted, to: .disabled))
        XCTAssertEqual(slider.send(.touchUpOutside), .ignored)
        XCTAssertEqual(slider.send(.disable), .ignored)
        XCTAssertEqual(slider.send(.enable), .moved(from: .disabled, to: .normal))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Slider.target(from: .highlighted, on: .touchUpOutside), .normal)
        XCTAssertNil(Slider.target(from: .normal, on: .touchUpOutside))
        XCTAssertEqual(Slider.events(allowedIn: .normal), [.touchDown, .disable])
        XCTAssertEqual(Slider.events(allowedIn: .disabled), [.enable])
    }

    func testTintFromSpec() {
        let tint = Slider.TintAttributes.spec
        XCTAssertEqual(tint.resolved(for: .normal).tintColor, color("#0A84FF"))
        XCTAssertEqual(tint.resolved(for: .highlighted).tintColor, color("#0060DF"))
        XCTAssertEqual(tint.resolved(for: .disabled).tintColor, color("#AEAEB2"))
    }

    func testValuesBuiltAtRunTime() {
        // An app can build its own per-state values; unset states use normal.
        let tint = Slider.TintAttributes(tintColor: .init(normal: color("#FF2D55")))
        for state in Slider.State.allCases {
            XCTAssertEqual(tint.resolved(for: state).tintColor, color("#FF2D55"), "\(state)")
        }
        let values = Slider.Values(normal: 1.0, [.disabled: 0.5])
        XCTAssertEqual(Slider.State.allCases.map { values[$0] }, [1.0, 1.0, 0.5])
    }
}
