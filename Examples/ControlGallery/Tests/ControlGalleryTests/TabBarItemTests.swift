// TabBarItem models an item of a UITabBar: the bar has one selectedItem, which shows its
// selectedImage; tapping an item makes it the selected one and tapping the selected item keeps
// it selected (https://developer.apple.com/documentation/uikit/uitabbar/selecteditem,
// https://developer.apple.com/documentation/uikit/uitabbaritem/selectedimage). Being selected
// is independent of being enabled or touched, as for UIControl's flags
// (https://developer.apple.com/documentation/uikit/uicontrol/state).
import UIKitControls
import XCTest

/// TabBarItem: like a segment, tapping chooses it and touching the chosen item keeps it chosen.
/// Label and icon attributes.
final class TabBarItemTests: XCTestCase {
    typealias Item = Controls.TabBarItem

    func testTapChoosesAndTouchingAgainKeepsIt() {
        var item = Item.Machine()
        XCTAssertEqual(item.send(.touchDown), .moved(from: .normal, to: .highlighted))
        XCTAssertEqual(item.send(.touchUpInside), .moved(from: .highlighted, to: .selected))
        XCTAssertEqual(item.send(.touchDown), .moved(from: .selected, to: .selectedHighlighted))
        XCTAssertEqual(item.send(.touchUpInside), .moved(from: .selectedHighlighted, to: .selected))
        XCTAssertEqual(item.state, .selected)
    }

    func testLeavingByLiftOutsideOrCancel() {
        var item = Item.Machine()
        item.send(.touchDown)
        XCTAssertEqual(item.send(.touchUpOutside), .moved(from: .highlighted, to: .normal))
        item.send(.touchDown)
        XCTAssertEqual(item.send(.touchCancel), .moved(from: .highlighted, to: .normal))
    }

    func testAnotherTabChosenDeselectsThisOne() {
        var item = Item.Machine()
        XCTAssertEqual(item.send(.select), .moved(from: .normal, to: .selected))
        XCTAssertEqual(item.send(.deselect), .moved(from: .selected, to: .normal))
        XCTAssertEqual(item.send(.deselect), .ignored)
    }

    func testDisabledItem() {
        var item = Item.Machine()
        XCTAssertEqual(item.send(.disable), .moved(from: .normal, to: .disabled))
        XCTAssertEqual(item.send(.touchDown), .ignored, "a disabled item takes no touches")
        XCTAssertEqual(item.send(.select), .moved(from: .disabled, to: .selectedDisabled), "the app can still select it")
        XCTAssertEqual(item.send(.enable), .moved(from: .selectedDisabled, to: .selected))
    }

    func testSelectedItemStaysSelectedWhileDisabled() {
        var item = Item.Machine(state: .selected)
        XCTAssertEqual(item.send(.disable), .moved(from: .selected, to: .selectedDisabled))
        XCTAssertTrue(Item.isSelected(item.state))
        XCTAssertEqual(item.send(.enable), .moved(from: .selectedDisabled, to: .selected))
    }

    func testTargetAndAllowedEvents() {
        XCTAssertEqual(Item.target(from: .selected, on: .touchDown), .selectedHighlighted)
        XCTAssertEqual(Item.target(from: .selectedHighlighted, on: .touchUpInside), .selected)
        XCTAssertEqual(Item.target(from: .normal, on: .select), .selected)
        XCTAssertEqual(Item.target(from: .highlighted, on: .select), .selectedHighlighted)
        XCTAssertNil(Item.target(from: .selected, on: .select))
        XCTAssertEqual(Item.events(allowedIn: .normal), [.touchDown, .disable, .select])
        XCTAssertEqual(Item.events(allowedIn: .selected), [.touchDown, .disable, .deselect])
    }

    func testLabelFromSpec() {
        let label = Item.LabelAttributes.spec
        XCTAssertEqual(label.resolved(for: .normal), .init(titleColor: color("#3C3C43"), font: Controls.Font(.caption2), underline: false))
        XCTAssertEqual(label.resolved(for: .selected), .init(titleColor: color("#0060DF"), font: Controls.Font(.caption2), underline: false))
        XCTAssertEqual(label.resolved(for: .highlighted), label.resolved(for: .normal))
        XCTAssertEqual(label.resolved(for: .disabled), label.resolved(for: .normal))
        XCTAssertEqual(label.resolved(for: .selectedHighlighted), label.resolved(for: .selected))
        XCTAssertEqual(label.resolved(for: .selectedDisabled), label.resolved(for: .selected))
    }

    func testIconFromSpec() {
        let icon = Item.IconAttributes.spec
        XCTAssertEqual(icon.resolved(for: .normal), .init(imageName: "house", badgeCount: 0))
        XCTAssertEqual(icon.resolved(for: .selected), .init(imageName: "house.fill", badgeCount: 0))
        XCTAssertEqual(icon.resolved(for: .highlighted), .init(imageName: "house", badgeCount: 0))
        XCTAssertEqual(icon.resolved(for: .disabled), .init(imageName: "house", badgeCount: 0))
        XCTAssertEqual(icon.resolved(for: .selectedHighlighted), .init(imageName: "house.fill", badgeCount: 0))
        XCTAssertEqual(icon.resolved(for: .selectedDisabled), .init(imageName: "house.fill", badgeCount: 0))
    }

    func testRuntimeBadgeOverrides() {
        // allCases: normal, highlighted, disabled, selected, selected+highlighted, selected+disabled.
        var icon = Item.IconAttributes.spec
        icon.badgeCount[.selected] = 3
        XCTAssertEqual(Item.State.allCases.map { icon.resolved(for: $0).badgeCount }, [0, 0, 0, 3, 3, 3])

        // Changing normal changes every state without a value of its own, not selected's (nor the
        // combinations that fall back to selected).
        icon.badgeCount[.normal] = 5
        XCTAssertEqual(Item.State.allCases.map { icon.resolved(for: $0).badgeCount }, [5, 5, 5, 3, 3, 3])
        XCTAssertEqual(Item.State.allCases.map { icon.resolved(for: $0).imageName },
                       ["house", "house", "house", "house.fill", "house.fill", "house.fill"],
                       "other attributes are untouched")
        XCTAssertEqual(Item.IconAttributes.spec.badgeCount, Item.Values(normal: 0), "spec is a value; it did not change")
    }

    func testMachineDrivesTheIcon() {
        var item = Item.Machine()
        let icon = Item.IconAttributes.spec
        item.send(.touchDown)
        XCTAssertEqual(icon.resolved(for: item.state).imageName, "house")
        item.send(.touchUpInside)
        XCTAssertEqual(icon.resolved(for: item.state).imageName, "house.fill")
        item.send(.touchDown)
        XCTAssertEqual(icon.resolved(for: item.state).imageName, "house.fill", "the selected image while touched again")
    }
}
