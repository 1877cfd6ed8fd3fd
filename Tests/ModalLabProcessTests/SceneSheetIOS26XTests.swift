import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The iOS 26 sheet under Xvfb with real XTest input, in phone-sized windows (`--device`): dragged from medium to
/// large and flicked away on an iPhone 17 Pro and an iPhone Air at scale 1 and 2 and on an iPhone SE at scale 1,
/// with goldens at rest and held mid-drag; and the sheet that grows out of its "+" bar button dragged back into it.
@Suite final class SceneSheetIOS26XTests: LabXTestCase {
    /// A phone: its name for `--device` and the goldens, its width and its safe-area top (the large detent's top).
    private struct Phone {
        let device: String, short: String, width: Double, safeTop: Double
    }

    /// A server tall enough for an iPhone Air at scale 2 (840 × 1824 pixels): a window hanging off the screen
    /// would be captured in part.
    override class var serverSize: (width: Int, height: Int) { (1000, 1900) }

    private let iPhone17Pro = Phone(device: "iphone-17-pro", short: "17pro", width: 402, safeTop: 62)
    private let iPhoneAir = Phone(device: "iphone-air", short: "air", width: 420, safeTop: 62)
    private let iPhoneSE = Phone(device: "iphone-se", short: "se", width: 375, safeTop: 20)

    /// The sheet scene on `phone` at `scale` (the later `--scale` wins over the session's 1). A debug build's first
    /// frame of a 2x phone with its glass takes seconds on a loaded machine: it is given a minute.
    private func launch(_ phone: Phone, scale: Double) throws -> LabSession {
        let arguments = [
            "--scene", "sheet", "--no-hud", "--device", phone.device, "--ios", "26", "--scale", "\(Int(scale))"
        ]
        let session = try LabSession(display: try display(), pinnedArguments: arguments, windowTimeout: 30)
        let firstFrame = session.trace.waitFor(from: 0, timeout: 60) { $0.type == "frame" }
        _ = try #require(firstFrame, "no frame in the trace: \(session.process.standardError)")
        session.move(to: (phone.width / 2 * scale, 700 * scale))
        return session
    }

    /// A window point at `scale` as window pixels, which XTest moves in.
    private func pixels(_ p: LabXPoint, _ scale: Double) -> LabXPoint { (p.x * scale, p.y * scale) }

    /// At rest at medium (golden), held 150 points up mid-drag (golden), on up to large, then flicked away: the
    /// sheet goes back into its bar button (iOS 26's default `source=button`) and the screen behind is at rest.
    private func dragToLargeAndFlickAway(_ phone: Phone, scale: Double) throws {
        let lab = try launch(phone, scale: scale)
        let suffix = "\(phone.short)@\(Int(scale))x"
        let start = lab.expectRest(from: 0)
        let medium = try #require(start.lastFrame?.card, "\(lab.summary(from: 0))")
        expectClose(medium[0], 8, within: 0.5, "inset 8 pt at medium")
        if let rest = lab.expectStableCapture() { expectMatchesGolden(rest, named: "lab-sheet26-\(suffix)-medium") }

        let mark = lab.trace.mark
        let grab: LabXPoint = ((phone.width / 2).rounded(), (medium[1] + 40).rounded())
        // A debug build draws a 2x phone's frames slowly (its glass): fewer moves, more time.
        let slow = scale > 1
        let end = lab.drag(
            from: pixels(grab, scale), by: (0, -150 * scale), steps: slow ? 5 : 15, every: 16, release: false)
        let held = lab.trace.waitFor(from: mark, timeout: slow ? 120 : 10) {
            $0.type == "frame" && $0.pointer == [end.x / scale, end.y / scale]
        }
        expectClose(held?.card?[1] ?? .nan, medium[1] - 150, within: 0.011, "\(lab.summary(from: mark))")
        if let shot = lab.expectStableCapture() { expectMatchesGolden(shot, named: "lab-sheet26-\(suffix)-drag-up150") }
        // On up past large, held still, released: it rests at large, edge to edge, its top at the safe area's.
        lab.move(to: (end.x, (phone.safeTop + 20) * scale), delayMilliseconds: 30)
        lab.move(to: (end.x, (phone.safeTop + 20) * scale), delayMilliseconds: 150)
        let released = lab.trace.mark
        lab.release()
        // A slow frame may come to rest under the held pointer after the release was sent: rest after the release.
        let ended = lab.trace.waitFor(from: released, timeout: slow ? 120 : 10) {
            $0.type == "gesture" && $0.string("state") == "ended"
        }
        let large = lab.expectRest(from: (ended?.index ?? released) + 1, timeout: slow ? 240 : 15)
        #expect(large.lastFrame?.string("detent") == "large", "\(lab.summary(from: mark))")
        #expect(large.lastFrame?.card?[0] == 0, "edge to edge at large")
        let atTop = lab.trace.waitFor(from: released, timeout: slow ? 60 : 5) {
            $0.type == "frame" && abs(($0.card?[1] ?? 0) - phone.safeTop) < 0.011
        }
        #expect(atTop != nil, "a frame shows large's top at the safe area's: \(lab.summary(from: released))")

        let flick = lab.trace.mark
        lab.drag(from: pixels((phone.width / 2, phone.safeTop + 120), scale), by: (0, 300 * scale), steps: 5, every: 8)
        let gone = lab.expectRest(from: flick, timeout: slow ? 240 : 15)
        let shown = lab.trace.events(from: 0, type: "frame").compactMap { $0.number("render_ms") }.sorted()
        print("\(suffix): \(shown.count) frames, median render \(shown.isEmpty ? 0 : shown[shown.count / 2]) ms")
        #expect(gone.top == "presenting", "\(lab.summary(from: flick))")
        #expect(gone.lastFrame?.card == nil)
    }

    @Test func testIPhone17ProAtScale1() throws { try dragToLargeAndFlickAway(iPhone17Pro, scale: 1) }
    @Test func testIPhone17ProAtScale2() throws { try dragToLargeAndFlickAway(iPhone17Pro, scale: 2) }
    @Test func testIPhoneAirAtScale1() throws { try dragToLargeAndFlickAway(iPhoneAir, scale: 1) }
    @Test func testIPhoneAirAtScale2() throws { try dragToLargeAndFlickAway(iPhoneAir, scale: 2) }
    @Test func testIPhoneSEAtScale1() throws { try dragToLargeAndFlickAway(iPhoneSE, scale: 1) }

    /// Escape sends the first sheet into its "+" button; a click on the button grows the sheet out of it to
    /// medium; a drag down past the rule sends it back: the last frame the trace shows of it is the button's,
    /// within 1 pt (402 − 16 − 44 = 342 across, the large title's line 94 + 20.5 − 22 = 92.5 down, 44 × 44).
    @Test func testTheButtonGrownSheetIsDraggedBackIntoItsButton() throws {
        let lab = try launch(iPhone17Pro, scale: 1)
        let button = [342.0, 92.5, 44, 44]
        let away = lab.trace.mark
        lab.key(.escape)
        #expect(lab.expectRest(from: away).top == "presenting", "\(lab.summary(from: away))")
        let present = lab.trace.mark
        lab.click(at: (button[0] + 22, button[1] + 22))
        let up = lab.expectRest(from: present)
        #expect(up.top == "sheet", "\(lab.summary(from: present))")
        let medium = try #require(up.lastFrame?.card)
        for (a, b) in zip(medium, [8, 415.03, 386, 450.97]) { expectClose(a, b, within: 1, "\(medium)") }
        let grown = lab.trace.events(from: present, type: "frame").compactMap(\.card)
        #expect(grown.count >= 2, "it morphed over several frames: \(lab.summary(from: present))")
        if let first = grown.first { #expect(first[2] < 386 / 2, "it starts small, at its button: \(first)") }

        let drag = lab.trace.mark
        lab.drag(from: (201, 460), by: (0, 300), steps: 15, every: 20)
        #expect(lab.expectRest(from: drag).top == "presenting", "\(lab.summary(from: drag))")
        let last = try #require(lab.trace.events(from: drag, type: "frame").compactMap(\.card).last)
        for (a, b) in zip(last, button) { expectClose(a, b, within: 1, "it lands on its button: \(last)") }
    }
}
