// Controls.Color holds sRGB components from 0 to 1, the range UIColor(red:green:blue:alpha:)
// takes, so a spec colour maps to a UIColor without conversion
// (https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)).
import Foundation
import UIKitControls
import Foundation
import XCTest

/// Controls.Color: components from 0 to 1, `rgba:` packed as 0xRRGGBBAA (alpha last, as the spec's
/// `#RRGGBBAA`).
final class ColorTests: XCTestCase {
    func testComponentsFromPackedRGBA() {
        let color = Controls.Color(rgba: 0x0A84_FF80)
        XCTAssertEqual(color.red, 10.0 / 255)
        XCTAssertEqual(color.green, 132.0 / 255)
        XCTAssertEqual(color.blue, 1)
        XCTAssertEqual(color.alpha, 128.0 / 255)
    }

    func testExtremes() {
        XCTAssertEqual(Controls.Color(rgba: 0xFFFF_FFFF), Controls.Color(red: 1, green: 1, blue: 1))
        XCTAssertEqual(Controls.Color(rgba: 0x0000_0000), Controls.Color(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(Controls.Color(rgba: 0xFF00_00FF), Controls.Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(Controls.Color(rgba: 0x0000_FF00).blue, 1)
        XCTAssertEqual(Controls.Color(rgba: 0x0000_FF00).alpha, 0)
    }

    func testDefaultAlphaIsOpaque() {
        XCTAssertEqual(Controls.Color(red: 0.2, green: 0.4, blue: 0.6).alpha, 1)
    }

    func testSpecColoursKeepTheirAlpha() {
        // PushButton titleColor: #FFFFFF, #FFFFFFB3, #FFFFFF80.
        let title = Controls.PushButton.LabelAttributes.spec.titleColor
        XCTAssertEqual(title[.normal].alpha, 1)
        XCTAssertEqual(title[.highlighted].alpha, 0xB3 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(title[.disabled].alpha, 0x80 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(title[.normal], Controls.Color(rgba: 0xFFFF_FFFF))
        // Switch's selected tint, a Display P3 colour of the token file (0.2, 0.8, 0.3), opaque.
        let on = Controls.Switch.TintAttributes.spec.resolved(for: .selected).tintColor
        XCTAssertEqual([on.red, on.green, on.blue, on.alpha], [0.2, 0.8, 0.3, 1])
        XCTAssertEqual(on.colorSpace, .displayP3)
    }

    func testRoundTripsThroughJSON() throws {
        let colors = [Controls.Color(rgba: 0x3C3C_434D), Controls.Color(rgba: 0x0A84_FFFF)]
        let data = try JSONEncoder().encode(colors)
        XCTAssertEqual(try JSONDecoder().decode([Controls.Color].self, from: data), colors)
    }

    /// Codable writes a colour as the spec does, "#RRGGBBAA", and reads what it writes (also
    /// "#RRGGBB" and "#RGB"); components between 8-bit steps are rounded to the nearest.
    func testCodableFormIsTheSpecsHex() throws {
        let data = try JSONEncoder().encode([Controls.Color(rgba: 0x3C3C_434D), Controls.Color(red: 0.25, green: 0.5, blue: 0.75)])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), ##"["#3C3C434D","#4080BFFF"]"##)
        let decoded = try JSONDecoder().decode([Controls.Color].self, from: Data(##"["#0a84ff", "#FFF", "#0A84FF80"]"##.utf8))
        XCTAssertEqual(decoded, [Controls.Color(rgba: 0x0A84_FFFF), Controls.Color(rgba: 0xFFFF_FFFF), Controls.Color(rgba: 0x0A84_FF80)])
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.Color].self, from: Data(##"["#12345"]"##.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode([Controls.Color].self, from: Data(##"["0A84FF"]"##.utf8)))
    }

    func testOutcomeValuesCompare() {
        let moved: Controls.Outcome<Controls.Switch.State> = .moved(from: .normal, to: .selected)
        XCTAssertEqual(moved, .moved(from: .normal, to: .selected))
        XCTAssertNotEqual(moved, .moved(from: .selected, to: .normal))
        XCTAssertNotEqual(moved, .ignored)
        XCTAssertNotEqual(Controls.Outcome<Controls.Switch.State>.ignored, .rejected)
    }
}
