import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// UISheetPresentationController's API on a manual clock: detents and their resolution, selection inside and
/// outside `animateChanges`, dimming, and which delegate calls come when.
final class SheetPresentationControllerTests: XCTestCase {
    /// Records the delegate calls in order.
    private final class Recorder: SheetPresentationControllerDelegate {
        var calls: [String] = []
        var allowsDismissal = true
        func presentationControllerShouldDismiss(_ controller: SheetPresentationController) -> Bool {
            calls.append("should"); return allowsDismissal
        }
        func presentationControllerDidAttemptToDismiss(_ controller: SheetPresentationController) {
            calls.append("attempt")
        }
        func presentationControllerWillDismiss(_ controller: SheetPresentationController) { calls.append("will") }
        func presentationControllerDidDismiss(_ controller: SheetPresentationController) { calls.append("did") }
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ controller: SheetPresentationController) {
            calls.append("detent \(controller.selectedDetentIdentifier?.rawValue ?? "nil")")
        }
    }

    private func presented(_ configure: (SheetPresentationController) -> Void = { _ in })
        -> (UITestEnvironment, ViewController, SheetPresentationController, Recorder)
    {
        let env = UITestEnvironment()
        let content = ViewController()
        content.modalPresentationStyle = .pageSheet
        let recorder = Recorder()
        let sheet = content.sheetPresentationController!
        sheet.delegate = recorder
        sheet.detents = [.medium(), .large()]
        configure(sheet)
        env.window.rootViewController?.present(content, animated: false)
        return (env, content, sheet, recorder)
    }

    func testOnlyPageSheetsHaveASheetController() {
        let plain = ViewController()
        XCTAssertNil(plain.sheetPresentationController)
        plain.modalPresentationStyle = .pageSheet
        XCTAssertTrue(plain.sheetPresentationController === plain.sheetPresentationController, "one per controller")
    }

    func testDetentsResolveAgainstTheContainer() {
        let (env, _, sheet, _) = presented { sheet in
            sheet.detents = [
                .large(), .custom(identifier: .init("small")) { _ in 200 }, .medium(),
                .custom(identifier: .init("none")) { _ in nil }
            ]
        }
        XCTAssertEqual(
            sheet.resolvedDetents.map(\.identifier.rawValue), ["large", "medium", "small"],
            "largest first; a resolver returning nil leaves its detent out")
        XCTAssertEqual(sheet.resolvedDetents.map(\.position), [30, 333.5, 467])
        XCTAssertEqual(sheet.effectiveDetentIdentifier.rawValue, "small", "none selected: the smallest, as UIKit")
        XCTAssertEqual(sheet.position, 467)
        withExtendedLifetime(env) {}
    }

    /// A custom detent's height, and how often it was asked for it.
    private final class CountingResolver: @unchecked Sendable {
        var calls = 0
        var height = 200.0
    }

    func testDetentsResolveOncePerContainerHeightUntilInvalidated() {
        let resolver = CountingResolver()
        let (env, _, sheet, _) = presented { sheet in
            sheet.detents = [
                .large(),
                .custom(identifier: .init("small")) { _ in
                    resolver.calls += 1
                    return resolver.height
                }
            ]
        }
        XCTAssertEqual(sheet.position, 467)
        let calls = resolver.calls
        sheet.beginInteractiveMove()
        for _ in 0 ..< 30 {
            sheet.moveInteractively(by: -5)
            _ = (sheet.dimmingFraction, sheet.expansionFraction, sheet.track, sheet.effectiveDetentIdentifier)
        }
        XCTAssertEqual(resolver.calls, calls, "a drag's frames read the resolved detents, they do not resolve again")
        sheet.cancelInteractiveMove()
        env.run(for: 1)
        resolver.height = 300
        XCTAssertEqual(sheet.resolvedDetents.last?.position, 467, "kept until invalidated")
        sheet.invalidateDetents()
        XCTAssertEqual(sheet.resolvedDetents.last?.position, 367, "UIKit's invalidateDetents resolves them again")
        XCTAssertEqual(sheet.position, 367, "and the sheet goes to its detent's new height")
        env.window.resize(to: Size(width: 375, height: 600))
        XCTAssertEqual(sheet.resolvedDetents.last?.position, 300, "a new container height resolves them again")
        XCTAssertEqual(sheet.position, 300)
    }

    func testSelectingOutsideAnimateChangesMovesAtOnceAndInsideSprings() {
        let (env, _, sheet, recorder) = presented()
        sheet.selectedDetentIdentifier = .large
        XCTAssertEqual(sheet.position, 30)
        XCTAssertFalse(sheet.isMoving)
        sheet.animateChanges { sheet.selectedDetentIdentifier = .medium }
        XCTAssertEqual(sheet.position, 30, "an animated change starts where the sheet is")
        XCTAssertTrue(sheet.isMoving)
        env.settle()
        XCTAssertEqual(sheet.position, 333.5, accuracy: 1e-9)
        XCTAssertEqual(recorder.calls, [], "the app's own changes call no delegate method, as in UIKit")
    }

    func testDimmingFollowsThePositionAndTheLargestUndimmedDetent() {
        let (env, _, sheet, _) = presented()
        defer { withExtendedLifetime(env) {} }
        XCTAssertEqual(sheet.dimmingFraction, 1, "dimmed at every detent by default")
        sheet.largestUndimmedDetentIdentifier = .medium
        XCTAssertEqual(sheet.dimmingFraction, 0)
        sheet.selectedDetentIdentifier = .large
        XCTAssertEqual(sheet.dimmingFraction, 1)
        XCTAssertEqual(sheet.expansionFraction, 1)
    }

    func testAUserDismissalCallsWillThenDidOnce() {
        let (env, content, sheet, recorder) = presented()
        sheet.dismissIfAllowed()
        XCTAssertEqual(recorder.calls, ["should", "will"])
        env.settle()
        XCTAssertNil(content.presentingViewController)
        XCTAssertEqual(recorder.calls, ["should", "will", "did"])
        XCTAssertEqual(env.window.rootViewController?.view.transform, .identity)
    }

    func testABlockedDismissalReportsOneAttemptPerTryAndStays() {
        let (env, content, sheet, recorder) = presented()
        recorder.allowsDismissal = false
        sheet.dismissIfAllowed()
        env.settle()
        content.isModalInPresentation = true
        recorder.calls = []
        sheet.dismissIfAllowed()
        env.settle()
        XCTAssertEqual(recorder.calls, ["attempt"], "isModalInPresentation answers before the delegate is asked")
        XCTAssertTrue(content.presentingViewController != nil)
        XCTAssertEqual(sheet.position, 333.5, accuracy: 1e-9)
    }

    func testTheDragAPIMovesThroughTheBandAndReportsTheUsersDetent() {
        let (env, _, sheet, recorder) = presented()
        XCTAssertTrue(sheet.beginInteractiveMove())
        sheet.moveInteractively(by: -400)
        // 303.5 points to large, then 96.5 more against a 30-point band.
        XCTAssertEqual(sheet.position, 30 - 30 * (1 - 1 / (96.5 * 0.55 / 30 + 1)), accuracy: 1e-9)
        sheet.endInteractiveMove(velocity: 0)
        env.settle()
        XCTAssertEqual(sheet.position, 30, accuracy: 1e-9)
        XCTAssertEqual(recorder.calls, ["should", "detent large"])
    }

    func testTheAppsAnimatedDismissalSpringsDownAndTakesNoPresses() {
        let (env, content, sheet, _) = presented()
        content.dismiss(animated: true)
        env.run(for: 0.05)
        XCTAssertEqual(sheet.phase, .dismissing)
        XCTAssertFalse(sheet.beginInteractiveMove(), "inside the app's transition the sheet cannot be grabbed")
        env.settle()
        XCTAssertNil(content.presentingViewController)
        XCTAssertNil(env.window.activeTransition)
    }
}
