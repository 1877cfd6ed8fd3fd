import ModalKit
import ModalKitX11

/// Connects the lab to the X11 host: input in, frames out, and `--screenshot` / `--replay` in a window.
final class LabApp: HostApplication {
    private let lab: Lab
    private let screenshotPath: String?
    private let replay: Replay?
    /// Set when writing the screenshot failed: the exit code to leave with.
    private(set) var failure: LabError?

    init(lab: Lab, screenshotPath: String?, replay: Replay?) {
        self.lab = lab
        self.screenshotPath = screenshotPath
        self.replay = replay
    }

    func handle(_ event: InputEvent, host: X11Host) {
        // During a replay the window shows the recording; live pointer input would change what it decides.
        if replay == nil || event == .close || event == .keyDown(.character("q"), time: event.time ?? 0) {
            lab.handle(event)
        }
        if lab.wantsQuit { host.stop(exitCode: 0) }
    }

    func advance(to frameTime: Double) {
        if let replay { replay.step(lab) } else { lab.advance(to: frameTime) }
    }

    var isAnimating: Bool { lab.isAnimating || replay?.hasPendingEvents == true }
    var needsDisplay: Bool { lab.needsDisplay || replay?.hasPendingEvents == true }

    /// Draws the frame and passes on the region that changed.
    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        lab.render(into: &bitmap, scale: scale)
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        lab.didPresent(renderSeconds: frame.renderSeconds, presentSeconds: frame.presentSeconds,
                       presentedAt: frame.presentedAt)
        guard let path = screenshotPath, replay?.hasPendingEvents != true, !lab.isAnimating else { return }
        guard let shot = host.captureWindow() else {
            failure = .io("cannot read the window back from the X server for the screenshot")
            return host.stop(exitCode: 1)
        }
        do {
            try PNG.write(shot, to: path)
            host.stop(exitCode: 0)
        } catch {
            failure = .io("\(error)")
            host.stop(exitCode: 1)
        }
    }
}
