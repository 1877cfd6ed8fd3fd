import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore
@testable import ModalKitUI

/// `--ios 26`: the sheet scene's sheet is iOS 26's (ANCHORS "iOS 26 sheets"): inset and glass at partial heights,
/// edge to edge and opaque at large, corners nested in the display's, iOS 26's defaults and spring.
final class SheetIOS26Tests: XCTestCase {
    private func lab(_ device: String = "iphone-17-pro", _ extra: [String] = []) throws -> HeadlessLab {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(
                arguments: ["--scene", "sheet", "--device", device, "--ios", "26"] + extra))
        harness.settle()
        return harness
    }

    private func sheet(_ harness: HeadlessLab) throws -> SheetPresentationController {
        try XCTUnwrap((harness.lab.scene as? SheetScene)?.sheet)
    }

    private func assertFrame(
        _ frame: Rect?, _ expected: Rect, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let frame else { return XCTFail("no card", file: file, line: line) }
        for (a, b) in [
            (frame.minX, expected.minX), (frame.minY, expected.minY),
            (frame.width, expected.width), (frame.height, expected.height)
        ] {
            XCTAssertEqual(a, b, accuracy: 1, "\(frame) is not within 1 pt of \(expected)", file: file, line: line)
        }
    }

    /// The measured frames on a 402 × 874 phone: medium (8, 415.03, 386, 450.97), large (0, 62, 402, 812).
    func testTheCardsFrameAtMediumAndLargeIsTheMeasuredOne() throws {
        let harness = try lab()
        assertFrame(harness.lab.topCardFrame, Rect(x: 8, y: 415, width: 386, height: 451))
        harness.key(.up)
        harness.settle()
        XCTAssertEqual(try sheet(harness).effectiveDetentIdentifier, .large)
        assertFrame(harness.lab.topCardFrame, Rect(x: 0, y: 62, width: 402, height: 812))
        XCTAssertEqual(try sheet(harness).track.top, 62, "the large detent's top at the safe-area top")
    }

    /// Dragged from medium to large, the inset goes from 8 to 0 with no jump: each frame moves it a little, and
    /// it only shrinks on the way up; the bottom stays `inset` above the screen's.
    func testTheInsetGoesFrom8To0ContinuouslyWithTheHeight() throws {
        let harness = try lab()
        var insets: [Double] = []
        harness.press(at: Point(x: 201, y: 440))
        for step in 1 ... 60 {
            harness.move(to: Point(x: 201, y: 440 - Double(step) * 6.2))
            harness.step()
            let card = try XCTUnwrap(harness.lab.topCardFrame)
            insets.append(card.minX)
            XCTAssertEqual(card.maxY, 874 - card.minX, accuracy: 0.01, "the bottom is inset as the sides are")
            XCTAssertEqual(card.width, 402 - 2 * card.minX, accuracy: 0.01)
        }
        harness.release()
        XCTAssertEqual(insets.first ?? 0, 8, accuracy: 0.3)
        XCTAssertEqual(insets.last ?? 1, 0, accuracy: 0.01)
        for (a, b) in zip(insets, insets.dropFirst()) {
            XCTAssertLessThanOrEqual(b, a + 1e-9, "only shrinks on the way up")
            XCTAssertLessThan(a - b, 0.5, "no jump: \(insets)")
        }
    }

    /// Glass (the screen behind, blurred) at heights up to half the screen; the sheet's own background opaque at
    /// large; and the glass really is the screen behind: a different screen behind gives different glass.
    func testGlassUpToHalfTheScreenOpaqueAtLarge() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        XCTAssertEqual(sheet.glassOpacity(cardHeight: 437), 0, "glass at half the screen")
        XCTAssertEqual(sheet.glassOpacity(cardHeight: 300), 0)
        XCTAssertEqual(sheet.glassOpacity(cardHeight: 812), 1, "opaque at large")
        XCTAssertGreaterThan(sheet.glassOpacity(cardHeight: 600), 0)
        XCTAssertLessThan(sheet.glassView.opacity, 0.1, "the glass shows at medium")
        let frame = harness.render()
        // Under the title, left of it: glass, which is neither the sheet's gray nor the dimmed screen.
        let glass = frame[30, 430]
        XCTAssertNotEqual(glass, 0xFFF2_F2F7)
        XCTAssertEqual(sheet.glassView.frostCount, 1)
        harness.key(.up)
        harness.settle()
        XCTAssertEqual(sheet.glassView.opacity, 1, "no glass at large")
        XCTAssertEqual(harness.render()[30, 80], 0xFFF2_F2F7, "the opaque sheet at large")
    }

    /// The glass is made once for a look of the screen behind, not once a frame: a drag copies it.
    func testTheGlassIsBlurredOnceAndCopiedAsTheSheetMoves() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        _ = harness.render()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 60), over: 0.3, release: false)
        for _ in 0 ..< 5 { harness.step(); _ = harness.render() }
        XCTAssertEqual(sheet.glassView.frostCount, 1)
    }

    /// Top corners 38 pt; bottom corners max(display corner − 14·t, 20): 62 at medium and 48 at large on a
    /// 62-point display, 20 on the SE's square one.
    func testCornerRadii() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        let view = try XCTUnwrap(sheet.presentedViewController?.view)
        let scale = view.transform.scaleX
        XCTAssertGreaterThan(scale, 0.95)
        XCTAssertEqual(sheet.glassView.cornerRadii.top, 38, "the top corners as shown")
        XCTAssertEqual(sheet.floatingBottomCornerRadius ?? 0, 62, accuracy: 1e-9)
        // The corners as drawn: at the card's bottom left, 3 pt in from each edge, the dimmed screen behind shows
        // (outside a 62-pt corner); 30 pt in, the sheet does.
        let frame = harness.render()
        let card = try XCTUnwrap(harness.lab.topCardFrame)
        let outside = frame[Int(card.minX) + 3, Int(card.maxY) - 3]
        XCTAssertEqual(outside, frame[2, Int(card.maxY) - 3], "outside the corner: as beside the sheet")
        XCTAssertNotEqual(frame[Int(card.minX) + 30, Int(card.maxY) - 30], outside)
        harness.key(.up)
        harness.settle()
        XCTAssertEqual(view.transform.scaleX, 1)
        XCTAssertEqual(view.cornerRadius, 38)
        XCTAssertEqual(sheet.floatingBottomCornerRadius, 48)
        let se = try lab("iphone-se")
        let seSheet = try self.sheet(se)
        XCTAssertEqual(seSheet.floatingBottomCornerRadius ?? 0, 20, accuracy: 1e-9)
        XCTAssertNil(seSheet.presentedViewController?.view.shadow, "no drop shadow")
    }

    /// iOS 26's defaults: dim 0.48, no grabber, response 0.344 s critically damped, 0.8 after a fast flick.
    func testIOS26sDefaultsAndSpring() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        XCTAssertEqual(harness.lab.parameters[SheetScene.dimAlpha], 0.48)
        XCTAssertEqual(sheet.dimmingAlpha, 0.48)
        XCTAssertFalse(sheet.prefersGrabberVisible)
        XCTAssertEqual(sheet.spring.dampingRatio, 1, accuracy: 1e-9)
        XCTAssertEqual(2 * Double.pi / sheet.spring.stiffness.squareRoot(), 0.344, accuracy: 1e-9)
        XCTAssertEqual(sheet.settleSpring(velocity: 3000).dampingRatio, 0.8, accuracy: 1e-9)
        XCTAssertEqual(sheet.settleSpring(velocity: 300).dampingRatio, 1, accuracy: 1e-9)
        XCTAssertTrue(harness.lab.configuration.sceneHelp().contains("--ios 26: 0.48"))
        let old = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: ["--scene", "sheet"]))
        XCTAssertEqual(old.lab.parameters[SheetScene.dimAlpha], 0.3, "iOS 18 keeps its defaults")
        XCTAssertNil(try self.sheet(old).floatingStyle)
    }

    /// Every phone's safe area reaches the sheet's large detent: its top is the phone's safe-area top.
    func testTheLargeDetentsTopIsEachPhonesSafeAreaTop() throws {
        for device in Device.all {
            let harness = try lab(device.name)
            harness.key(.up)
            harness.settle()
            XCTAssertEqual(harness.lab.topCardFrame?.minY ?? 0, device.safeAreaInsets.top, accuracy: 0.01, device.name)
        }
    }
}

extension SheetIOS26Tests {
    /// The sheet's own view keeps one size while it is dragged between its heights (only the glass behind it and
    /// the edge below it are drawn again): its pixels are drawn once, not once a frame.
    func testDraggingTheFloatingSheetUpKeepsItsPixels() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        _ = harness.render(scale: 2)
        // On the title area, which drags only the sheet (the list would scroll and redraw itself).
        harness.press(at: Point(x: 201, y: 440))
        harness.move(to: Point(x: 201, y: 430))
        harness.step()
        _ = harness.render(scale: 2)
        let view = try XCTUnwrap(sheet.presentedViewController?.view)
        let before = view.contentRenderCount
        // Four frames of 25 points (each drawn at 2x is seconds of a debug build's glass; ten of 10 were most
        // of this class's time).
        for k in 1 ... 4 {
            harness.move(to: Point(x: 201, y: 430 - Double(k) * 25))
            harness.step()
            _ = harness.render(scale: 2)
        }
        XCTAssertLessThanOrEqual(view.contentRenderCount - before, 1, "the sheet moved and scaled, not redrawn")
        XCTAssertLessThan(try XCTUnwrap(harness.lab.topCardFrame).minX, 8, "it did grow toward large")
    }

    /// The floating sheet's own view keeps exactly the container's size (with its overhang) at every height of a
    /// drag, not that size give or take a rounding: its layer is as many pixels high as the size rounded up, so a
    /// bounds of 894.0000000000001 (the frame's height divided back by the scale) made the 1788-pixel layer 1789
    /// and back, reallocated and redrawn whole, the drag's dearest frames (modal-bench's p99, BENCHMARKS.md).
    func testTheFloatingSheetKeepsExactlyItsSizeAtEveryHeight() throws {
        let harness = try lab()
        let sheet = try sheet(harness)
        let view = try XCTUnwrap(sheet.presentedViewController?.view)
        let size = Size(width: 402, height: 874 + SheetPresentationController.overhang)
        XCTAssertEqual(view.bounds.size, size, "at medium")
        // On the title area, which drags only the sheet; up by a point a frame, 250 points, as modal-bench does.
        harness.press(at: Point(x: 201, y: 440))
        var scales = Set<Double>()
        for k in 1 ... 250 {
            harness.move(to: Point(x: 201, y: 440 - Double(k)))
            harness.step()
            scales.insert(view.transform.scaleX)
            XCTAssertEqual(view.bounds.size, size, "\(k) points up, at scale \(view.transform.scaleX)")
            guard view.bounds.size == size else { break }
        }
        harness.release()
        XCTAssertGreaterThan(scales.count, 100, "the sheet was scaled at every height")
    }
}

extension SheetIOS26Tests {
    /// A window shrunk to 1 × 1 point and grown back: the glass sheet stays finite and draws (it used to divide
    /// by a zero scale and trap).
    func testGlassOnAOnePointWindow() throws {
        let harness = try lab()
        harness.send(.resize(Size(width: 1, height: 1)))
        harness.step()
        _ = harness.render()
        let card = try XCTUnwrap(harness.lab.topCardFrame)
        XCTAssertTrue(card.minX.isFinite && card.width.isFinite && card.height.isFinite, "\(card)")
        harness.send(.resize(Size(width: 402, height: 874)))
        harness.settle()
        assertFrame(harness.lab.topCardFrame, Rect(x: 8, y: 415, width: 386, height: 451))
    }
}

extension SheetIOS26Tests {
    /// iOS 26's glass in the light appearance is light, close to the opaque background it turns into toward
    /// large: where the screen behind is its plain background, dimmed by 0.48, the glass beside the sheet's cells
    /// is within 20 levels of the sheet's own F2F2F7 (it was a mid-grey 203), and still not that color itself.
    func testTheGlassIsLightNextToTheSheetsOwnBackground() throws {
        let harness = try lab()
        let frame = harness.render()
        let glass = frame[14, 700]
        let channels = [glass >> 16 & 0xFF, glass >> 8 & 0xFF, glass & 0xFF]
        for (value, opaque) in zip(channels, [0xF2, 0xF2, 0xF7] as [UInt32]) {
            XCTAssertLessThanOrEqual(opaque - min(value, opaque), 20, "glass \(String(glass, radix: 16))")
        }
        XCTAssertNotEqual(glass, 0xFFF2_F2F7, "glass, not the opaque background")
    }
}
