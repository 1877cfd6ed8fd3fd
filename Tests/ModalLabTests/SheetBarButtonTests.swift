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
    /// frame is the button's within 1 pt, it goes on down past where it was let go only as far as the finger's
    /// speed carries it (under 10 pt), and the button shows again once it is gone.
    func testADragThatDismissesGoesBackIntoTheButton() throws {
        let harness = try lab()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 330), over: 0.3)
        XCTAssertEqual(sheet(harness)?.lastRelease?.decision.target, .dismiss)
        let released = try XCTUnwrap(harness.card)
        let frames = framesUntilGone(harness)
        XCTAssertNil(sheet(harness), "dismissed")
        assertFrame(frames.last, button, "it lands on its button")
        for frame in frames { XCTAssertLessThanOrEqual(frame.minY, released.minY + 10, "not far down: \(frame)") }
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

    /// Taps the button and steps `frames` frames of the morph out: the card is about halfway.
    private func midMorph(_ harness: HeadlessLab, frames: Int = 3) throws -> Rect {
        harness.key(.escape)
        harness.settle()
        harness.press(at: Point(x: button.midX, y: button.midY))
        harness.step()
        harness.release()
        harness.steps(frames)
        let card = try XCTUnwrap(harness.card)
        XCTAssertEqual(sheet(harness)?.phase, .presenting, "still morphing")
        return card
    }

    /// The card's top `t` seconds after a release from `released` into `end`, on `spring`, the finger moving at
    /// `velocity` points per second down: the zoom's landing, a spring from the card's distance to its end with
    /// the finger's speed as its start (the stepper's closed form, `Spring.displacement`).
    private func landingTop(
        _ t: Double, released: Rect, end: Rect, spring: Spring, velocity: Double
    ) -> Double {
        let way = released.minY - end.minY
        return end.minY + way * spring.displacement(at: t, from: 1, velocity: velocity / way)
    }

    /// A press on the morphing card stops it where it is shown (iOS 26 sheets, like the zoom's flight, can be
    /// caught): the frames after the press are the card at the press, its corners and content as they were.
    func testAPressMidMorphHoldsTheCardWhereItIsShown() throws {
        let harness = try lab()
        let caught = try midMorph(harness)
        let sheet = try XCTUnwrap(sheet(harness))
        let corners = sheet.glassView.cornerRadii.top
        harness.press(at: Point(x: caught.midX, y: caught.midY))
        for _ in 0 ..< 5 {
            harness.step()
            XCTAssertEqual(harness.card, caught, "held where it was caught")
        }
        XCTAssertEqual(sheet.glassView.cornerRadii.top, corners, accuracy: 1e-9)
        XCTAssertEqual(sheet.phase, .dragging)
    }

    /// A drag on the morphing card moves it under the finger with no jump: every frame's top is the caught top
    /// plus the finger's travel (its slop included, as the sheet's own drag), and its size stays the caught size.
    func testADragMidMorphTakesTheCardUnderTheFinger() throws {
        let harness = try lab()
        let caught = try midMorph(harness)
        let start = Point(x: caught.midX, y: caught.midY)
        harness.press(at: start)
        for i in 1 ... 12 {
            harness.step()
            harness.move(to: Point(x: start.x, y: start.y + Double(i) * 6))
            harness.step()
            let card = try XCTUnwrap(harness.card)
            // Inside the slop it is held where it was caught; past it, the whole travel moves it.
            if abs(card.minY - caught.minY) > 1e-6 {
                XCTAssertEqual(card.minY, caught.minY + Double(i) * 6, accuracy: 1e-6, "frame \(i)")
            }
            XCTAssertEqual(card.width, caught.width, accuracy: 1e-6)
            XCTAssertEqual(card.height, caught.height, accuracy: 1e-6)
        }
        XCTAssertEqual(try XCTUnwrap(harness.card).minY, caught.minY + 72, accuracy: 1e-6, "it followed")
        XCTAssertEqual(sheet(harness)?.phase, .dragging)
    }

    /// A tap on the morphing card (a press let go without a drag) lets it go on to its detent from where it was
    /// caught: no jump at the release, and it rests at medium.
    func testATapMidMorphLetsItGoOnToTheDetent() throws {
        let harness = try lab()
        let caught = try midMorph(harness)
        harness.press(at: Point(x: caught.midX, y: caught.midY))
        harness.steps(3)
        harness.release()
        harness.step()
        let next = try XCTUnwrap(harness.card)
        XCTAssertLessThan(abs(next.width - caught.width), 60, "on from where it was: \(caught) → \(next)")
        XCTAssertGreaterThanOrEqual(next.width, caught.width, "on toward the sheet")
        harness.settle()
        assertFrame(harness.card, medium)
        XCTAssertEqual(sheet(harness)?.phase, .idle)
    }

    /// A flick down on the morphing card sends it into the button: from under the finger, at the finger's speed
    /// (the landing spring, ω 15 ζ 0.75, started at the release velocity), onto the button within 1 pt, dismissed.
    func testAFlickMidMorphGoesIntoTheButtonAtTheFingersSpeed() throws {
        let harness = try lab()
        let caught = try midMorph(harness)
        let start = Point(x: caught.midX, y: caught.midY)
        harness.drag(from: start, by: Point(x: 0, y: 150), over: 0.1)
        let sheet = try XCTUnwrap(sheet(harness))
        XCTAssertEqual(sheet.lastRelease?.decision.target, .dismiss)
        let velocity = try XCTUnwrap(sheet.lastRelease?.velocity)
        XCTAssertGreaterThan(velocity, 1000)
        let released = caught.offsetBy(dx: 0, dy: 150)
        let frames = framesUntilGone(harness)
        XCTAssertNil(self.sheet(harness), "dismissed")
        assertFrame(frames.last, button, "it lands on its button")
        let spring = sheet.morphSprings.landing(speed: 0, gesture: .pan)
        for (i, frame) in frames.prefix(4).enumerated() {
            let t = Double(i + 1) * harness.frameInterval
            let top = landingTop(t, released: released, end: button, spring: spring, velocity: velocity)
            XCTAssertEqual(frame.minY, top, accuracy: 0.5, "frame \(i + 1) after the release")
            let still = landingTop(t, released: released, end: button, spring: spring, velocity: 0)
            if i == 0 { XCTAssertGreaterThan(frame.minY - still, 5, "the finger's speed carried, not a start at rest") }
        }
    }

    /// Let go slowly a little below where it was caught, the morphing card goes back to its detent from under the
    /// finger: no jump at the release (the first frames on the cancel spring, ω 22 ζ 0.9, from the released card
    /// at the release's speed), at rest on medium.
    func testASlowReleaseMidMorphReturnsToTheDetent() throws {
        let harness = try lab()
        let caught = try midMorph(harness)
        harness.drag(
            from: Point(x: caught.midX, y: caught.midY), by: Point(x: 0, y: 40), over: 0.4, restBeforeRelease: 0.2)
        let released = try XCTUnwrap(harness.card)
        XCTAssertEqual(released.minY, caught.minY + 40, accuracy: 1e-6, "under the finger")
        let controller = try XCTUnwrap(sheet(harness))
        let velocity = try XCTUnwrap(controller.lastRelease?.velocity)
        for i in 1 ... 3 {
            harness.step()
            let top = landingTop(
                Double(i) * harness.frameInterval, released: released, end: medium,
                spring: controller.morphSprings.cancel,
                velocity: velocity)
            XCTAssertEqual(try XCTUnwrap(harness.card).minY, top, accuracy: 0.5, "frame \(i) after the release")
        }
        harness.settle()
        XCTAssertNotNil(sheet(harness))
        assertFrame(harness.card, medium)
        XCTAssertEqual(sheet(harness)?.phase, .idle)
    }

    /// The morph caught halfway out of the button and dragged 60 pt down, as a person sees it: the card where the
    /// press caught it, moved with the finger, its corners and half-faded content as they were (reviewed golden).
    func testMidMorphGrabGolden() throws {
        let harness = try lab(["--no-hud"])
        let caught = try midMorph(harness)
        harness.drag(
            from: Point(x: caught.midX, y: caught.midY), by: Point(x: 0, y: 60), over: 0.2, release: false)
        assertFrame(harness.card, caught.offsetBy(dx: 0, dy: 60), accuracy: 1e-6)
        assertMatchesGolden(harness.render(), named: "sheet-ios26-17pro-morph-grab@1x")
    }

    /// A drag released past the dismissal rule carries its speed into the morph home: the card leaves from where
    /// it was let go at the finger's speed (the landing spring started at the release velocity), not from rest.
    func testADismissingReleaseCarriesItsSpeedIntoTheButton() throws {
        let harness = try lab()
        harness.drag(from: Point(x: 201, y: 440), by: Point(x: 0, y: 330), over: 0.3)
        let sheet = try XCTUnwrap(sheet(harness))
        let velocity = try XCTUnwrap(sheet.lastRelease?.velocity)
        XCTAssertGreaterThan(velocity, 500)
        let released = try XCTUnwrap(harness.card)
        let frames = framesUntilGone(harness)
        let spring = sheet.morphSprings.landing(speed: 0, gesture: .pan)
        for (i, frame) in frames.prefix(4).enumerated() {
            let t = Double(i + 1) * harness.frameInterval
            let top = landingTop(t, released: released, end: button, spring: spring, velocity: velocity)
            XCTAssertEqual(frame.minY, top, accuracy: 0.5, "frame \(i + 1) after the release")
            let still = landingTop(t, released: released, end: button, spring: spring, velocity: 0)
            if i == 0 { XCTAssertGreaterThan(frame.minY - still, 5, "the finger's speed carried, not a start at rest") }
        }
        assertFrame(frames.last, button)
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
