import ModalKit

/// Everything the command line decides: which scene with which parameters, the window, and what to write.
public struct LabConfiguration {
    public var sceneType: Scene.Type = InteractorScene.self
    public var parameterOverrides: [(String, ParameterValue)] = []
    /// `--config FILE`: read at start-up, then again each time it changes.
    public var configPath: String?
    /// The `--set` values alone, which win over the config file at every reload too.
    public var setOverrides: [(String, ParameterValue)] = []
    public var size = Size(width: 375, height: 667)
    public var scale: Double?
    public var fps: Double?
    public var useSharedMemory = true
    /// Read the pointer through XInput 2 when the server has it; `--no-xinput2` forces the core events.
    public var useXInput2 = true
    /// Show frames at the vertical blank through Present when the server has it; `--no-present` uses a timer.
    public var usePresent = true
    public var tracePath: String?
    /// `--plot FILE`: a motion plot of each drag, written when it has come to rest (see `LivePlot`).
    public var plotPath: String?
    public var recordPath: String?
    /// `--video OUT`: the recording rendered to a video (`modal-lab render`) once the lab has ended.
    public var videoPath: String?
    /// `--export FILE`: where the parameters go as JSON (and the UIKit snippet beside it) on E and at the end.
    public var exportPath: String?
    public var replayPath: String?
    public var headless = false
    public var screenshotPath: String?
    public var fontPath: String?
    public var showsHUD = true
    /// `--inspector`: start with the inspector beside the stage (key I toggles it).
    public var showsInspector = false
    /// The window's size in points: the stage, plus the inspector's panel when it starts shown.
    public var windowSize: Size {
        showsInspector ? Size(width: size.width + InspectorView.width, height: size.height) : size
    }
    public var slowAnimations = false
    /// Springs critically damped (no overshoot or bounce), like iOS's Reduce Motion; curves unchanged.
    public var reducedMotion = false

    /// What the command asks for besides running the lab.
    public enum Action: Equatable { case run, help, sceneHelp, listScenes, version, manPage, bashCompletion }
    public var action = Action.run

    public init() {}

    public static let version = "modal-lab 0.2.0"

    /// The usage text, made from the table of options (`LabOption.all`): the synopsis wrapped to 114 columns
    /// under "modal-lab", then one line per option.
    public static var usage: String {
        let options = LabOption.documented
        let indent = String(repeating: " ", count: "usage: modal-lab".count)
        var synopsis = ["usage: modal-lab"]
        for option in options {
            let item = option.synopsis
            if synopsis[synopsis.count - 1].count + 1 + item.count > 114 { synopsis.append(indent) }
            synopsis[synopsis.count - 1] += " " + item
        }
        let plot = "plot: modal-lab plot TRACE.jsonl|- OUT.png [--scale S] draws a trace's last drag (modal-lab plot --help)"
        let render = "render: modal-lab render RECORDING OUT.mp4|.webp|.gif|FOLDER/ makes a video of a recording (modal-lab render --help)"
        return (synopsis + options.map(\.helpLine) + [plot, render, "keys: " + keys]).joined(separator: "\n")
    }

    /// The window's keys, for the usage and the manual page.
    static let keys = "Esc dismiss (or cancel a drag) · Space/Return present · 1-6 scene · ↑/↓ sheet detent · H HUD · I inspector · E export · S slow · R reset · Q quit"

    /// The help of one scene: what it shows, its seed, its parameters with defaults and sources.
    public func sceneHelp() -> String {
        let info = sceneType.info
        var lines = ["\(info.name): \(info.title) (\(info.seed))", info.summary, "", "parameters (--set KEY=VALUE):"]
        for spec in info.allParameters {
            let range: String
            switch spec.kind {
            case .number(let r): range = "\(r.lowerBound)...\(r.upperBound)"
            case .curve: range = "linear, ease-in, ease-out, ease-in-out"
            case .choice(let names): range = names.joined(separator: ", ")
            }
            lines.append("  \(spec.name) = \(spec.defaultValue)   [\(range)]   from \(spec.source)")
        }
        if !info.notes.isEmpty { lines += ["", "notes:"] + info.notes.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
