import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The zoom scene as the X server shows it, read back from the real window: at rest, and held mid-pan 150 pt down
/// (XTest drag, captured once a frame shows the pointer there and two reads agree), at `--scale 1` and 2, against
/// `lab-zoom-rest@Nx.png` and `lab-zoom-pan150@Nx.png`. The 2x window (750 × 1334 pixels) needs a screen taller
/// than the other X tests' 1024 × 768.
@Suite final class SceneZoomXGoldenTests: LabXTestCase {
    override class var serverSize: (width: Int, height: Int) { (1024, 1400) }

    private func assertGoldens(scale: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lab = try launch("zoom", extraArguments: ["--scale", "\(Int(scale))"], sourceLocation: sourceLocation)
        func name(_ moment: String) -> String { "lab-zoom-\(moment)@\(Int(scale))x" }
        if let rest = lab.expectStableCapture(sourceLocation: sourceLocation) {
            #expect(rest.width == Int(375 * scale), sourceLocation: sourceLocation)
            expectMatchesGolden(rest, named: name("rest"), sourceLocation: sourceLocation)
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
            Issue.record(
                "no frame with the pointer at +150 pt: \(lab.summary(from: mark))", sourceLocation: sourceLocation);
            return
        }
        #expect(held.string("phase") == "interactive", sourceLocation: sourceLocation)
        if let shot = lab.expectStableCapture(sourceLocation: sourceLocation) {
            expectMatchesGolden(shot, named: name("pan150"), sourceLocation: sourceLocation)
        }
    }

    @Test func testRestAndMidPanAtScale1() throws { try assertGoldens(scale: 1) }
    @Test func testRestAndMidPanAtScale2() throws { try assertGoldens(scale: 2) }
}
