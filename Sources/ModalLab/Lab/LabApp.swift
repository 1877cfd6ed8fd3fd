import ModalKit
import ModalKitX11

/// Connects the lab to the X11 host: input in, frames out, and `--screenshot` / `--replay` in a window.
final class LabApp: HostApplication {
    private let lab: any HostedLab
    private let outputs: LabOutputs
    private let replay: Replay?
    /// Watches `--config` (and a comparison's spec file) for saves (not during a replay, which must run as recorded).
    private let configWatch: FileWatch?
    /// Watches `--scene-file` and its images (set again after each reload, which may name other images).
    private var sceneWatch: FileWatch?
    private var watchedScenePaths: [String] = []
    private var watchedReloads = 0
    /// Set when writing an output failed: the lab stops with exit 1 and this line.
    private(set) var failure: LabError?
    /// Whether a frame has been presented: what a screenshot at a quit shows.
    private var presentedAny = false

    init(lab: any HostedLab, outputs: LabOutputs, replay: Replay?) {
        self.lab = lab
        self.outputs = outputs
        self.replay = replay
        let configPaths = lab.configWatchPaths
        configWatch = replay == nil && !configPaths.isEmpty ? FileWatch(paths: configPaths) : nil
        // A save between the start-up read and the watch would go unseen: read the file once more now.
        if configWatch != nil { lab.configFileChanged() }
        if replay == nil { watchSceneFile() }
        if sceneWatch != nil { lab.sceneFileChanged() }
    }

    var extraFileDescriptors: [Int32] { [configWatch, sceneWatch].compactMap { $0?.fileDescriptor } }

    func fileDescriptorReady(_ fd: Int32, host: X11Host) {
        if configWatch?.takeChanges() == true { lab.configFileChanged() }
        if sceneWatch?.takeChanges() == true { lab.sceneFileChanged() }
    }

    /// Watches the scene file's current paths, when they changed since the last watch was set.
    private func watchSceneFile() {
        let paths = lab.sceneFileWatchPaths
        guard paths != watchedScenePaths else { return }
        watchedScenePaths = paths
        sceneWatch = paths.isEmpty ? nil : FileWatch(paths: paths)
    }

    func handle(_ event: InputEvent, host: X11Host) {
        // During a replay the window shows the recording; live pointer input would change what it decides.
        if replay == nil || event == .close || event == .keyDown(.character("q"), time: event.time ?? 0) {
            lab.handle(event)
        }
        if lab.wantsQuit { quit(host) }
        stopOnWriteFailure(host)
    }

    /// Ends the run at a quit (Q, or the window closed): with the `--screenshot` asked for, of the last frame
    /// presented, or, when none was yet, with one line and exit 1 instead of no file without a word.
    private func quit(_ host: X11Host) {
        guard outputs.screenshot != nil else { return host.stop(exitCode: 0) }
        guard presentedAny else {
            failure = .io("the lab quit before its first frame: no screenshot was written")
            return host.stop(exitCode: 1)
        }
        writeScreenshot(host)
    }

    func advance(to frameTime: Double) {
        if let replay { replay.step(lab) } else { lab.advance(to: frameTime) }
        if lab.sceneFileReloads != watchedReloads {
            watchedReloads = lab.sceneFileReloads
            watchSceneFile()
        }
    }

    var isAnimating: Bool { lab.isAnimating || replay?.hasPendingEvents == true }
    var needsDisplay: Bool { lab.needsDisplay || replay?.hasPendingEvents == true }
    /// The lab's held-back HUD numbers and reloads: the host sleeps until then instead of drawing every tick.
    var nextFrameTime: Double? { lab.nextFrameTime }

    /// Draws the frame and passes on the region that changed.
    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        lab.render(into: &bitmap, scale: scale)
    }

    var lastRenderRegions: [PixelRect] { lab.lastRenderRegions }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        lab.didPresent(frame)
        if stopOnWriteFailure(host) { return }
        // A replay's recorded Q (or close) is handled inside a frame, where no host is at hand: stop once it is out,
        // with the screenshot asked for of that frame, the last before the quit.
        presentedAny = true
        if lab.wantsQuit { return quit(host) }
        guard outputs.screenshot != nil, replay?.hasPendingEvents != true, !lab.isAnimating else { return }
        writeScreenshot(host)
    }

    /// Writes the frame just presented to `--screenshot` and stops the lab: 0, or 1 when it cannot be written.
    private func writeScreenshot(_ host: X11Host) {
        let shot = host.presentedFrame
        if let visible = host.captureVisiblePart(), !shot.matches(visible.pixels, at: visible.rect) {
            LabMain.fail(
                "note: the X server shows something else than the lab presented in the window's visible part (another window over it?); the screenshot is what the lab presented"
            )
        }
        do {
            try outputs.writeScreenshot(shot)
            host.stop(exitCode: 0)
        } catch {
            failure = error as? LabError ?? .io("\(error)")
            host.stop(exitCode: 1)
        }
    }

    func didShow(_ frame: FrameShown, host: X11Host) {
        lab.didShow(frame)
        stopOnWriteFailure(host)
    }

    /// A trace or recording that cannot be written stops the lab: going on would lose data without a word.
    @discardableResult
    private func stopOnWriteFailure(_ host: X11Host) -> Bool {
        guard failure == nil, let error = outputs.failure else { return failure != nil }
        failure = error
        host.stop(exitCode: 1)
        return true
    }
}

extension Bitmap {
    /// Whether `part` equals this bitmap's pixels in `rect`.
    func matches(_ part: Bitmap, at rect: PixelRect) -> Bool {
        guard part.width == rect.width, part.height == rect.height,
            rect.x >= 0, rect.y >= 0, rect.maxX <= width, rect.maxY <= height
        else { return false }
        for y in 0 ..< rect.height {
            for x in 0 ..< rect.width where part[x, y] != self[rect.x + x, rect.y + y] { return false }
        }
        return true
    }
}
