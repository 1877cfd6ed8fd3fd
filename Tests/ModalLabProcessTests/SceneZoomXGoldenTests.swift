import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// The zoom scene as the X server shows it, read back from the real window: at rest, and held mid-pan 150 pt down
/// (XTest drag, captured once a frame shows the pointer there and two reads agree), at `--scale 1` and 2, against
/// `lab-zoom-rest@Nx.png` and `lab-zoom-pan150@Nx.png`. The 2x window (750 × 1334 pixels) needs a screen taller
/// than the other X tests' 1024 × 768.
final class SceneZoomXGoldenTests: LabXTestCase {
    private static var server: Xvfb?

    override func display() throws -> String {
        if let server = Self.server { return server.display }
        let server = try Xvfb.startOrSkip(width: 1024, height: 1400)
        Self.server = server
        return server.display
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func assertGoldens(scale: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let lab = try launch("zoom", extraArguments: ["--scale", "\(Int(scale))"], file: file, line: line)
        func name(_ moment: String) -> String { "lab-zoom-\(moment)@\(Int(scale))x" }
        if let rest = lab.expectStableCapture(file: file, line: line) {
            XCTAssertEqual(rest.width, Int(375 * scale), file: file, line: line)
            assertMatchesGolden(rest, named: name("rest"), file: file, line: line)
        }
        let mark = lab.trace.mark
        // Window pixels: points times the scale.
        let end = lab.drag(
            from: (187 * scale, 300 * scale), by: (12 * scale, 150 * scale), steps: 15, every: 16, release: false)
        defer { lab.release() }
        let held = lab.trace.waitFor(from: mark) {
            $0.type == "frame" && $0.pointer == [end.x / scale, end.y / scale]
        }
        guard let held else {
            return XCTFail("no frame with the pointer at +150 pt: \(lab.summary(from: mark))", file: file, line: line)
        }
        XCTAssertEqual(held.string("phase"), "interactive", file: file, line: line)
        if let shot = lab.expectStableCapture(file: file, line: line) {
            assertMatchesGolden(shot, named: name("pan150"), file: file, line: line)
        }
    }

    func testRestAndMidPanAtScale1() throws { try assertGoldens(scale: 1) }
    func testRestAndMidPanAtScale2() throws { try assertGoldens(scale: 2) }
}
