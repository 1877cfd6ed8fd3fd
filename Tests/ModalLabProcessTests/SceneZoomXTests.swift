import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The zoom scene under Xvfb with real XTest input, in a 375 × 667-point window: a short pan springs back, a long
/// one lands on its cell, an edge swipe lands, a press during the push holds the page where it was last shown,
/// and with `presentation=push` a long pan pops the pushed page back onto its cell.
@Suite final class SceneZoomXTests: LabXTestCase {
    @Test func testAShortPanSpringsBack() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        lab.drag(from: (187, 300), by: (0, 40), steps: 10, every: 30)
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "detail", Comment(rawValue: lab.summary(from: mark)))
        #expect(rest.lastFrame?.card ?? [] == [0, 0, 375, 667], Comment(rawValue: lab.summary(from: mark)))
        #expect(lab.trace.events(from: mark, type: "frame").contains { $0.string("phase") == "cancelling" })
    }

    /// The landing's own frames are few in a debug build (each resamples the whole page); where it ends is checked
    /// headlessly frame by frame (ZoomSceneTests): here, that it lands, heading for its cell, and dismisses.
    @Test func testAPanPastTheThresholdLandsOnItsCell() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        lab.drag(from: (187, 300), by: (0, 260), steps: 13, every: 20)
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "presenting", Comment(rawValue: lab.summary(from: mark)))
        let frames = lab.trace.events(from: mark, type: "frame")
        let dragged = try #require(
            frames.last { $0.string("phase") == "interactive" }?.card, Comment(rawValue: lab.summary(from: mark)))
        if let landing = frames.last(where: { $0.string("phase") == "finishing" })?.card {
            #expect(landing[2] <= dragged[2], "it shrinks toward its cell")
        }
        #expect(rest.lastFrame?.card == nil, "the page is gone: the grid is at rest")
    }

    @Test func testAnEdgeSwipeLands() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        lab.drag(from: (4, 300), by: (240, 0), steps: 12, every: 20)
        #expect(lab.expectRest(from: mark).top == "presenting", Comment(rawValue: lab.summary(from: mark)))
        #expect(lab.trace.events(from: mark, type: "frame").compactMap { $0.string("gesture") }.last == "edge-swipe")
    }

    /// Escape, then Space presents again slowed ×10; a press on the flying page holds it: the first frame drawn
    /// after the press shows it where the last animated one did (0 pt jump), and a drag dismisses from there.
    @Test func testAGrabDuringThePushHoldsThePageAndADragDismisses() throws {
        let lab = try launch("zoom")
        let away = lab.trace.mark
        lab.key(.escape)
        #expect(lab.expectRest(from: away).top == "presenting")
        lab.key(.character("s"))
        let mark = lab.trace.mark
        lab.key(.space)
        let flying = lab.trace.waitFor(from: mark) {
            $0.type == "frame" && $0.string("phase") == "presenting" && ($0.card?[2] ?? 0) > 200
        }
        let card = try #require(flying?.card, Comment(rawValue: lab.summary(from: mark)))
        let press = lab.trace.mark
        lab.move(to: (card[0] + card[2] / 2, card[1] + card[3] / 2))
        lab.client.setButton(down: true)
        usleep(200_000)
        let frames = lab.trace.events(from: mark, type: "frame")
        let held = try #require(frames.last?.card)
        let afterPress = lab.trace.events(from: press, type: "frame")
        #expect(afterPress.count <= 1, "nothing moves under the press")
        if let first = afterPress.first?.card { #expect(first == held, "0 pt jump") }
        let drag = lab.trace.mark
        lab.move(to: (card[0] + card[2] / 2, card[1] + card[3] / 2 + 150), delayMilliseconds: 16)
        lab.release()
        lab.key(.character("s"))
        #expect(lab.expectRest(from: drag).top == "presenting", Comment(rawValue: lab.summary(from: drag)))
    }

    /// Pushed under the navigation bar: the page at rest fills the area under the bar, and a long pan pops it
    /// onto its cell (where it ends exactly is checked headlessly, ZoomScenePushTests).
    @Test func testAPushedPagePannedPastTheThresholdPopsOntoItsCell() throws {
        let lab = try launch("zoom", settings: ["presentation=push"])
        let shown = lab.trace.waitFor(from: 0) { $0.type == "frame" && $0.card != nil }
        #expect(shown?.card == [0, 64, 375, 603], "the pushed page under the 64-point bar")
        let mark = lab.trace.mark
        lab.drag(from: (187, 300), by: (0, 260), steps: 13, every: 20)
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "presenting", Comment(rawValue: lab.summary(from: mark)))
        let frames = lab.trace.events(from: mark, type: "frame")
        let dragged = try #require(
            frames.last { $0.string("phase") == "interactive" }?.card, Comment(rawValue: lab.summary(from: mark)))
        #expect(dragged[2] < 375, "it shrank under the pointer")
        #expect(rest.lastFrame?.card == nil, "popped: the grid is at rest")
    }
}
