import ModalKit

/// What the window's host, the headless runs, replays and renders drive: one `Lab`, or a `CompareLab` of two.
/// Input in, frame times in, frames out, and the few facts they ask about.
public protocol HostedLab: AnyObject {
    /// The whole window in points.
    var windowSize: Size { get }
    /// The window title.
    var title: String { get }
    /// Called when the title should change (a scene changed).
    var onTitleChange: ((String) -> Void)? { get set }
    /// Called when the lab wants another window size; the host resizes.
    var onWindowSizeRequest: ((Size) -> Void)? { get set }
    /// Set by Q or a close request; the host leaves its loop.
    var wantsQuit: Bool { get }
    /// The end-of-run export could not be written: the run ends with exit 1 and this line.
    var exportFailure: LabError? { get }
    /// True while anything moves: the display link stays on.
    var isAnimating: Bool { get }
    /// True when something changed since the last frame.
    var needsDisplay: Bool { get }
    /// When a frame is wanted although nothing moves (a held-back HUD refresh, a reload's due time); nil for none.
    var nextFrameTime: Double? { get }
    /// Nothing will change without new input: nothing animates, no frame is asked for later, and no transition
    /// is under way unless a held drag holds it (`HeadlessLab.isSettled`).
    var isSettled: Bool { get }
    /// The separate rectangles the last `render` changed (empty: only its returned region is known).
    var lastRenderRegions: [PixelRect] { get }
    /// The config files the host watches (`--config`, a comparison's spec file); empty without one.
    var configWatchPaths: [String] { get }
    /// The lab seen as one `Lab`: itself, or a comparison's side A (what a harness's `lab` shows tests).
    var primary: Lab { get }
    /// Handles one input event, in order, as it arrives.
    func handle(_ event: InputEvent)
    /// Advances every animation to the frame time (seconds on the lab's clock).
    func advance(to frameTime: Double)
    /// Draws the frame into `bitmap` (the window at `scale`); returns the region that changed, nil for all of it.
    @discardableResult
    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect?
    /// Records a presented frame, as the host reported it (its timings, the host's number for it).
    func didPresent(_ frame: FrameReport)
    /// Records that the server showed a frame at a vertical blank, as the host reported it.
    func didShow(_ frame: FrameShown)
    /// A config file may have changed.
    func configFileChanged()
    /// The files the host watches for `--scene-file`: the file and its images; empty without one.
    var sceneFileWatchPaths: [String] { get }
    /// How many times the scene file was read again and changed the scene (the host then watches anew).
    var sceneFileReloads: Int { get }
    /// The scene file or one of its images may have changed.
    func sceneFileChanged()
    /// Ends the run: writes what is written at the end, flushes and closes the outputs.
    func finish()
}

extension Lab: HostedLab {
    /// See `HostedLab.isSettled`; a frame asked for later (the HUD's last numbers, a reload) is still to come.
    public var isSettled: Bool {
        !isAnimating && nextFrameTime == nil && (window.activeTransition == nil || window.isTrackingGesture)
    }

    /// The lab itself.
    public var primary: Lab { self }
}

/// Makes what a configuration runs: a `Lab`, or with `--compare` a `CompareLab`.
package enum HostedLabs {
    /// The lab for `configuration` on `clock`, writing to `outputs`.
    package static func make(_ configuration: LabConfiguration, clock: Clock, outputs: LabOutputs) throws
        -> any HostedLab
    {
        guard configuration.compare != nil else {
            return try Lab(configuration: configuration, clock: clock, outputs: outputs)
        }
        return try CompareLab(configuration: configuration, clock: clock, outputs: outputs)
    }
}

/// The earlier of two times a frame is asked for, nil when neither asks (`nextFrameTime` of a lab's parts, of a
/// comparison's sides).
func earlier(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
