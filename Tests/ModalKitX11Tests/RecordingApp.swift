import ModalKitBase
import ModalKitPixels
import ModalKitX11
import ModalKitTestSupport

/// A test app that draws the test pattern, records the input it gets and runs a hook on its first frame.
/// It keeps the display link running so that a watchdog can end a run that waits for input that never comes.
final class RecordingApp: HostApplication {
    var events: [InputEvent] = []
    var rendered: Bitmap?
    var onFirstFrame: (X11Host) -> Void = { _ in }
    var stopAfter: (InputEvent) -> Bool = { _ in false }
    let watchdogSeconds: Double
    private var firstFrameTime: Double?
    private(set) var timedOut = false

    init(watchdogSeconds: Double = 5) { self.watchdogSeconds = watchdogSeconds }

    let isAnimating = true
    var needsDisplay: Bool { rendered == nil }

    func handle(_ event: InputEvent, host: X11Host) {
        events.append(event)
        if stopAfter(event) { host.stop() }
    }

    func advance(to frameTime: Double) {}

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        TestPattern.draw(into: &bitmap)
        rendered = bitmap
        return nil
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        guard let first = firstFrameTime else {
            firstFrameTime = frame.frameTime
            onFirstFrame(host)
            return
        }
        if frame.frameTime - first > watchdogSeconds {
            timedOut = true
            host.stop(exitCode: 9)
        }
    }
}
