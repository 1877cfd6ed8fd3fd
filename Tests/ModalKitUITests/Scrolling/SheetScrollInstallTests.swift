import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A sheet finds the scroll view in its content as UIKit does and shares drags with it as a `ScrollHandoffSheet`.
final class SheetScrollInstallTests: XCTestCase {
    /// A page sheet at medium and large whose content holds `scrollViews` (nested in a plain view) before it is
    /// presented; `named` becomes the content's `contentScrollView`.
    private func present(_ scrollViews: [ScrollView], named: ScrollView? = nil)
        -> (UITestEnvironment, SheetPresentationController)
    {
        let env = UITestEnvironment()
        let content = ViewController()
        content.modalPresentationStyle = .pageSheet
        let holder = View(frame: Rect(x: 0, y: 60, width: 375, height: 577))
        content.view.addSubview(holder)
        for scrollView in scrollViews {
            scrollView.frame = Rect(x: 0, y: 0, width: 375, height: 577)
            scrollView.contentSize = Size(width: 375, height: 2000)
            holder.addSubview(scrollView)
        }
        content.contentScrollView = named
        let sheet = content.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        env.window.rootViewController?.present(content, animated: false)
        return (env, sheet)
    }

    func testTheSheetTakesTheFirstScrollViewInItsContentUnlessTheContentNamesOne() {
        let first = ScrollView(), second = ScrollView()
        let (env, sheet) = present([first, second])
        XCTAssertTrue(first.handoffCoordinator?.sheet === sheet)
        XCTAssertNil(second.handoffCoordinator)
        let (env2, sheet2) = present([ScrollView(), second], named: second)
        XCTAssertTrue(second.handoffCoordinator?.sheet === sheet2, "contentScrollView wins")
        withExtendedLifetime((env, env2)) {}
    }

    func testTheSheetReportsItsRawPositionAndRangeAndFollowsTheFlag() {
        let list = ScrollView()
        let (env, sheet) = present([list])
        XCTAssertEqual(sheet.sheetPosition, 333.5)
        XCTAssertEqual(sheet.sheetRange.lowerBound, 30)
        XCTAssertEqual(sheet.sheetRange.upperBound, .infinity, "below the smallest detent the track decides")
        XCTAssertTrue(sheet.sheetCanMove)
        sheet.prefersScrollingExpandsWhenScrolledToEdge = false
        XCTAssertEqual(list.handoffCoordinator?.handoff.prefersScrollingExpandsWhenScrolledToEdge, false)
        sheet.moveSheet(by: -400)
        XCTAssertEqual(
            sheet.position, 30 - 30 * (1 - 1 / (96.5 * 0.55 / 30 + 1)), accuracy: 1e-9,
            "shown through the band above large")
        XCTAssertEqual(sheet.sheetPosition, 333.5 - 400, accuracy: 1e-9, "the raw position the pointer put it at")
        sheet.releaseSheet(velocity: 0)
        XCTAssertEqual(sheet.phase, .settling)
        withExtendedLifetime(env) {}
    }
}
