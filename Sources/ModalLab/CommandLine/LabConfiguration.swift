import ModalKit

/// Everything the command line decides: which scene with which parameters, the window, and what to write.
public struct LabConfiguration {
    public var sceneType: Scene.Type = InteractorScene.self
    public var parameterOverrides: [(String, ParameterValue)] = []
    public var size = Size(width: 375, height: 667)
    public var scale: Double?
    public var fps: Double?
    public var useSharedMemory = true
    public var tracePath: String?
    public var recordPath: String?
    public var replayPath: String?
    public var headless = false
    public var screenshotPath: String?
    public var fontPath: String?
    public var showsHUD = true
    public var slowAnimations = false
    /// Springs critically damped (no overshoot or bounce), like iOS's Reduce Motion; curves unchanged.
    public var reducedMotion = false

    /// What the command asks for besides running the lab.
    public enum Action: Equatable { case run, help, sceneHelp, listScenes, version }
    public var action = Action.run

    public init() {}

    public static let version = "modal-lab 0.1.0"

    public static let usage = """
        usage: modal-lab [--scene NAME] [--size WxH] [--scale S] [--fps N] [--set KEY=VALUE]... [--config FILE]
                         [--trace FILE|-] [--record FILE] [--replay FILE] [--headless] [--screenshot FILE]
                         [--no-shm] [--font PATH] [--no-hud] [--slow] [--reduced-motion] [--list-scenes]
                         [--help] [--version]
          --scene NAME       interactor (default), free-drag, pannable, navigation, spring
          --size WxH         window size in points (default 375x667)
          --scale S          pixels per point (default Xft.dpi / 96, else 1)
          --fps N            frame rate (default the display's refresh rate from RandR, else 60)
          --set KEY=VALUE    change a scene parameter (see modal-lab --scene NAME --help)
          --config FILE      read parameters from a JSON object {"KEY": VALUE, ...}
          --trace FILE|-     write JSON Lines of frames, gestures, transitions and rests
          --record FILE      write the pointer and key input with timestamps
          --replay FILE      feed a recording back on a virtual clock (with --headless: no X server)
          --headless         render off screen with no X server (with --screenshot and/or --replay)
          --screenshot FILE  write a PNG of the window once the first frame is up (or after --replay), then exit
          --no-shm           present with XPutImage instead of MIT-SHM
          --font PATH        use this font file instead of fontconfig's sans-serif
          --no-hud           start with the HUD hidden
          --slow             start with slow animations (x10)
          --reduced-motion   springs critically damped: no overshoot (curves unchanged)
        keys: Esc dismiss (or cancel a drag) · Space/Return present · 1-5 scene · H HUD · S slow · R reset · Q quit
        """

    /// The help of one scene: what it shows, its seed, its parameters with defaults and sources.
    public func sceneHelp() -> String {
        let info = sceneType.info
        var lines = ["\(info.name): \(info.title) (\(info.seed))", info.summary, "", "parameters (--set KEY=VALUE):"]
        for spec in info.parameters {
            let range: String
            switch spec.kind {
            case .number(let r): range = "\(r.lowerBound)...\(r.upperBound)"
            case .curve: range = "linear, ease-in, ease-out, ease-in-out"
            }
            lines.append("  \(spec.name) = \(spec.defaultValue)   [\(range)]   from \(spec.source)")
        }
        if !info.notes.isEmpty { lines += ["", "notes:"] + info.notes.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
