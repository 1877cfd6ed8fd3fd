import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// Reduce Motion: the zoom's flights become a 140 ms cross-fade with no scale, for the presentation, the app's
/// dismissal and after a released drag that dismisses.
final class ZoomReduceMotionTests: XCTestCase {
    private let env = UITestEnvironment()
    private let cell = View(frame: Rect(x: 20, y: 100, width: 100, height: 100))
    private let page = ViewController()
    private var root: ViewController { env.window.rootViewController! }

    override func setUp() {
        root.view.addSubview(cell)
        page.view.backgroundColor = .yellow
        page.preferredTransition = .zoom { [unowned self] _ in cell }
        page.zoomTransitionController!.reducesMotion = true
    }

    private var zoom: ZoomTransitionController { page.zoomTransitionController! }

    /// The page's opacity and frame, and the covered page's scale, each frame until the zoom stops; the time it took.
    private func record() -> (alphas: [Double], frames: [Rect], covered: [Double], duration: Double) {
        var alphas: [Double] = [], frames: [Rect] = [], covered: [Double] = []
        let start = env.clock.now
        while zoom.isMoving, alphas.count < 60 {
            env.run(for: 1 / 60.0)
            alphas.append(zoom.card.alpha)
            frames.append(zoom.cardFrame)
            covered.append(root.view.transform.scaleX)
        }
        return (alphas, frames, covered, env.clock.now - start)
    }

    func testThePresentationFadesInAtFullSizeIn140Ms() {
        root.present(page, animated: true)
        XCTAssertEqual(zoom.phase, .presenting)
        XCTAssertEqual(zoom.card.alpha, 0)
        XCTAssertEqual(zoom.cardFrame, env.window.bounds, "no growth: full size from the first frame")
        let run = record()
        XCTAssertEqual(run.duration, 0.14, accuracy: 1 / 60.0 + 1e-9, "a 140 ms fade")
        XCTAssertEqual(run.alphas[3], 4 / 60.0 / 0.14, accuracy: 1e-6, "linear in time")
        XCTAssertEqual(run.alphas.last, 1)
        XCTAssertTrue(run.frames.allSatisfy { $0 == env.window.bounds }, "no scale")
        XCTAssertTrue(run.covered.allSatisfy { $0 == 1 }, "nothing behind zooms either")
        XCTAssertEqual(cell.alpha, 1, "the cell stays: nothing flies out of it")
        XCTAssertEqual(zoom.phase, .idle)
    }

    func testTheAppsDismissalFadesOutIn140Ms() {
        root.present(page, animated: false)
        page.dismiss(animated: true)
        XCTAssertEqual(zoom.phase, .dismissing)
        let run = record()
        XCTAssertEqual(run.duration, 0.14, accuracy: 1 / 60.0 + 1e-9)
        XCTAssertTrue(run.frames.dropLast().allSatisfy { $0 == env.window.bounds }, "no scale")
        XCTAssertEqual(run.alphas[run.alphas.count - 2], 1 - 8 / 60.0 / 0.14, accuracy: 1e-6)
        XCTAssertNil(page.presentingViewController)
    }

    func testAReleasedDragThatDismissesFadesOutWhereItIs() {
        root.present(page, animated: false)
        var t = env.clock.now
        env.window.handlePointer(.pointerDown(Point(x: 180, y: 200), time: t))
        for i in 1 ... 10 {
            t += 1 / 60.0
            env.run(until: t)
            env.window.handlePointer(.pointerMove(Point(x: 180, y: 200 + 25 * Double(i)), time: t))
        }
        XCTAssertLessThan(zoom.scale, 0.9, "a drag still shrinks the page under the pointer")
        env.window.handlePointer(.pointerUp(Point(x: 180, y: 450), time: t))
        let released = zoom.cardFrame
        XCTAssertEqual(zoom.phase, .landing)
        let run = record()
        XCTAssertEqual(run.duration, 0.14, accuracy: 1 / 60.0 + 1e-9)
        XCTAssertTrue(run.frames.dropLast().allSatisfy { $0 == released }, "it fades where it was let go")
        XCTAssertNil(page.presentingViewController)
        XCTAssertEqual(cell.alpha, 1)
    }
}
