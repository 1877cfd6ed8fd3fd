import ModalKit
import ModalKitTestSupport
import XCTest

@testable import ModalKitUI
@testable import ModalLab
@testable import ModalLabCore

/// iOS 26's sheet that grows out of its bar button (`preferredTransition = .zoom(sourceBarButtonItemProvider:)`):
/// headless on the lab's manual clock, on an iPhone 17 Pro (402 × 874, safe-area top 62).
final class SheetBarButtonTests: XCTestCase {
    /// The "+" button's frame: the large title's line (y 52 + 42, 41 tall) at the trailing margin, 44 × 44.
    private let button = Rect(x: 402 - 16 - 44, y: 94 + 20.5 - 22, width: 44, height: 44)
    /// The measured medium frame on a 402 × 874 phone (ANCHORS "iOS 26 sheets").
    private let medium = Rect(x: 8, y: 415.03, width: 386, height: 450.97)

    private func lab(_ extra: [String] = [], ios: String = "26") throws -> HeadlessLab {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(
                arguments: ["--scene", "sheet", "--device", "iphone-17-pro", "--ios", ios] + extra))
        harness.settle()
        return harness
    }

    private func sheet(_ harness: HeadlessLab) -> SheetPresentationController? {
        (harness.lab.scene as? SheetScene)?.sheet
    }

    private func assertFrame(
        _ frame: Rect?, _ expected: Rect, accuracy: Double = 1, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let frame else { return XCTFail("no card \(message)", file: file, line: line) }
        for (a, b) in [
            (frame.minX, expected.minX), (frame.minY, expected.minY), (frame.width, expected.width),
            (frame.height, expected.height)
        ] {
            XCTAssertEqual(a, b, accuracy: accuracy, "\(frame) ≠ \(expected) \(message)", file: file, line: line)
        }
    }

    /// Steps until the sheet is gone (or `limit` frames), returning the card's frame at each frame it showed.
    private func framesUntilGone(_ harness: HeadlessLab, limit: Int = 240) -> [Rect] {
        var frames: [Rect] = []
        for _ in 0 ..< limit {
            harness.step()
            guard sheet(harness) != nil, let card = harness.card else { break }
            frames.append(card)
        }
        return frames
    }

    /// Presents the sheet by tapping the "+" button (the scene starts with it up: Escape first) and returns the
    /// card's frames from the tap to rest.
    private func presentFromButton(_ harness: HeadlessLab) throws -> [Rect] {
        harness.key(.escape)
        harness.settle()
        XCTAssertNil(sheet(harness), "Escape dismissed the first sheet")
        harness.press(at: Point(x: button.midX, y: button.midY))
        harness.step()
        harness.release()
        var frames = [try XCTUnwrap(harness.card, "the tap presented a sheet")]
        for _ in 0 ..< 120 where sheet(harness)?.phase != .idle {
            harness.step()
            frames.append(try XCTUnwrap(harness.card))
        }
        return frames
    }

    func testUnderIOS26TheSceneHasTheButtonAndTheSheetUsesIt() throws {
        let harness = try lab()
        XCTAssertEqual(harness.lab.parameters[SheetScene.source], "button", "iOS 26's default")
        let home = try XCTUnwrap(harness.lab.scene.root as? SheetHomeViewController)
        let view = try XCTUnwrap(home.addItem?.customView)
        let origin = view.convertToWindow(.zero)
        assertFrame(Rect(origin: origin, size: view.bounds.size), button, accuracy: 0.01)
        XCTAssertEqual(view.alpha, 0, "the sheet stands for its button while it is up")
        XCTAssertNotNil(sheet(harness)?.presentedViewController?.preferredTransition?.barButtonSource)
        let ios18 = try lab(ios: "18")
        XCTAssertEqual(ios18.lab.parameters[SheetScene.source], "none")
        XCTAssertNil((ios18.lab.scene.root as? SheetHomeViewController)?.addItem)
    }

    /// Tapped, the button's capsule grows into the sheet: the first frame is the button's, the last the medium
    /// detent's, the way between continuous (no frame moves an edge more than 40 pt, the flight ω 19 at 60 Hz) and
    /// the corners going from the capsule's 22 to 38 at the top.
    func testTheSheetGrowsOutOfItsButtonIntoItsDetent() throws {
        let harness = try lab()
        let frames = try presentFromButton(harness)
        assertFrame(frames.first, button, accuracy: 0.01, "the first frame is the button's")
        assertFrame(frames.last, medium, "it rests at medium")
        XCTAssertGreaterThan(frames.count, 8, "it morphs over several frames")
        for (a, b) in zip(frames, frames.dropFirst()) {
            XCTAssertLessThan(abs(b.minY - a.minY), 40, "\(a) → \(b)")
            XCTAssertLessThan(abs(b.width - a.width), 60, "\(a) → \(b)")
            XCTAssertGreaterThanOrEqual(b.width, a.width - 1e-6, "it only grows (flight ζ 1)")
        }
        let sheet = try XCTUnwrap(sheet(harness))
        XCTAssertEqual(sheet.glassView.cornerRadii.top, 38, accuracy: 1e-6)
        XCTAssertEqual(sheet.phase, .idle)
        let view = try XCTUnwrap(sheet.presentedViewController?.view)
        XCTAssertFalse(view.clipsToBounds, "the sheet's own layout again")
        XCTAssertEqual(view.alpha, 1)
    }

    /// Mid-morph the glass card has the morph's frame and corners between the capsule's and the sheet's, and the
    /// sheet's content is fading in.
    func testMidMorphCornersAndContent() throws {
        let harness = try lab()
        harness.key(.escape)
        harness.settle()
        harness.press(at: Point(x: button.midX, y: button.midY))
        harness.step()
        harness.release()
        harness.steps(4)
        let sheet = try XCTUnwrap(sheet(harness))
        let shape = sheet.morphShape
        XCTAssertGreaterThan(shape, 0.2)
        XCTAssertLessThan(shape, 0.95)
        XCTAssertEqual(sheet.glassView.cornerRadii.top, 22 + (38 - 22) * shape, accuracy: 1e-6)
        assertFrame(sheet.glassView.frame, try XCTUnwrap(harness.card), accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(sheet.presentedViewController?.view).alpha, max((shape - 0.5) / 0.5, 0))
    }

    /// The morph as a person sees it, four frames after the tap (about 40% of the way) and at its last frame into
    /// the button after a drag: reviewed goldens at scale 1 and 2.
    func testMidMorphGoldens() throws {
        for scale in [1.0, 2.0] {
            let harness = try lab(["--no-hud"])
            harness.key(.escape)
            harness.settle()
            harness.press(at: Point(x: button.midX, y: button.midY))
            harness.step()
            harness.release()
            harness.steps(4)
            assertMatchesGolden(harness.render(scale: scale), named: "sheet-ios26-17pro-morph-out@\(Int(scale))x")
        }
        let harness = try lab(["--no-hud"])
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 330), over: 0.3)
        harness.steps(6)
        assertMatchesGolden(harness.render(), named: "sheet-ios26-17pro-morph-home@1x")
    }

    /// A drag down past the dismissal rule sends the sheet back into its button (not off the bottom): its last
    /// frame is the button's within 1 pt, it never goes further down than where it was let go, and the button
    /// shows again once it is gone.
    func testADragThatDismissesGoesBackIntoTheButton() throws {
        let harness = try lab()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 330), over: 0.3)
        XCTAssertEqual(sheet(harness)?.lastRelease?.decision.target, .dismiss)
        let released = try XCTUnwrap(harness.card)
        let frames = framesUntilGone(harness)
        XCTAssertNil(sheet(harness), "dismissed")
        assertFrame(frames.last, button, "it lands on its button")
        for frame in frames { XCTAssertLessThanOrEqual(frame.maxY, released.maxY + 1e-6, "not down: \(frame)") }
        let home = try XCTUnwrap(harness.lab.scene.root as? SheetHomeViewController)
        XCTAssertEqual(home.addItem?.customView?.alpha, 1, "the button is back")
    }

    /// A fast flick down goes back into the button too.
    func testAFlickGoesBackIntoTheButton() throws {
        let harness = try lab()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 90), over: 0.05)
        let frames = framesUntilGone(harness)
        XCTAssertNil(sheet(harness))
        assertFrame(frames.last, button)
    }

    /// Escape morphs the sheet into its button inside the app's dismissal (the flight spring, no overshoot).
    func testEscapeGoesBackIntoTheButton() throws {
        let harness = try lab()
        harness.key(.escape)
        let frames = framesUntilGone(harness)
        XCTAssertNil(sheet(harness))
        XCTAssertGreaterThan(frames.count, 8)
        assertFrame(frames.last, button)
    }

    /// Released above the dismissal rule the sheet returns to its detent, as any sheet does.
    func testACancelledDragReturnsToTheDetent() throws {
        let harness = try lab()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 60), over: 0.5, restBeforeRelease: 0.2)
        harness.settle()
        XCTAssertNotNil(sheet(harness))
        assertFrame(harness.card, medium)
    }

    /// The sheet takes no press while it morphs: a press mid-morph leaves the morph exactly as it would have been.
    func testAPressMidMorphChangesNothing() throws {
        let undisturbed = try presentFromButton(try lab())
        let harness = try lab()
        harness.key(.escape)
        harness.settle()
        harness.press(at: Point(x: button.midX, y: button.midY))
        harness.step()
        harness.release()
        var frames = [try XCTUnwrap(harness.card)]
        harness.steps(3) { frames.append(harness.card ?? .zero) }
        let card = try XCTUnwrap(harness.card)
        harness.press(at: Point(x: card.midX, y: card.midY))
        for i in 0 ..< undisturbed.count - frames.count {
            harness.step()
            harness.move(to: Point(x: card.midX, y: card.midY + Double(i) * 5))
            frames.append(harness.card ?? .zero)
        }
        harness.release()
        XCTAssertEqual(frames, undisturbed)
    }

    /// The export writes the zoom out of a bar button in UIKit and SwiftUI with `source=button`, and neither
    /// without (the reviewed text of the button's SwiftUI: Assets/Goldens/Export/sheet-button-swiftui.swift).
    func testTheExportWritesTheBarButtonZoom() throws {
        var parameters = SceneParameters(specs: SheetScene.info.allParameters)
        try parameters.set("source", .choice("button"))
        let uikit = UIKitSnippet.code(for: SceneKind(SheetScene.self), parameters)
        XCTAssertTrue(uikit.contains("content.preferredTransition = .zoom(sourceBarButtonItemProvider:"), uikit)
        let swiftUI = SwiftUISnippet.code(for: SceneKind(SheetScene.self), parameters)
        XCTAssertTrue(swiftUI.contains(".matchedTransitionSource(id: \"sheet\", in: namespace)"))
        XCTAssertTrue(swiftUI.contains(".navigationTransition(.zoom(sourceID: \"sheet\", in: namespace))"))
        XCTAssertTrue(swiftUI.contains(".modifier(SystemSheet(isPresented: $showsSheet)"), "the system sheet's morph")
        assertMatchesGoldenText(swiftUI, named: "Export/sheet-button-swiftui.swift")
        let none = SceneParameters(specs: SheetScene.info.allParameters)
        XCTAssertFalse(UIKitSnippet.code(for: SceneKind(SheetScene.self), none).contains("sourceBarButtonItemProvider"))
        XCTAssertFalse(SwiftUISnippet.code(for: SceneKind(SheetScene.self), none).contains("matchedTransitionSource"))
    }

    /// Under --ios 18 (UIKit has no bar-button zoom there) the button still presents, sliding up from the bottom.
    func testUnderIOS18TheButtonPresentsASlidingSheet() throws {
        let harness = try lab(["--set", "source=button"], ios: "18")
        let frames = try presentFromButton(harness)
        XCTAssertEqual(frames.first?.minY ?? 0, 874, accuracy: 1, "from the bottom edge")
    }
}
