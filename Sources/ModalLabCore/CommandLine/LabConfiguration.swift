import ModalKit

/// Everything the command line decides: which scene with which parameters, the window, and what to write.
public struct LabConfiguration {
    /// The scenes this lab offers, in the order of the keys 1–9; `--scene` picks among them, the first by default.
    public var scenes: [SceneKind] = SceneCatalog.all
    /// The scene the lab starts with.
    public var sceneKind = SceneCatalog.all[0]
    /// The parameter values the scene starts with: `--config`'s, then `--set`'s (later wins).
    public var parameterOverrides: [(String, ParameterValue)] = []
    /// `--config FILE`: read at start-up, then again each time it changes.
    public var configPath: String?
    /// `--scene-file FILE`: the scene made of a designer's images the lab starts with, watched like `--config`.
    public var sceneFilePath: String?
    /// The scene file `sceneFilePath` names, its images decoded: its kind is the last of `scenes`.
    var sceneFile: LoadedSceneFile?
    /// The `--set` values alone, which win over the config file at every reload too.
    public var setOverrides: [(String, ParameterValue)] = []
    /// `--size`: the stage in points (the device's; a bare screen's with `--size`).
    public var size = LabConfiguration.defaultDevice?.size ?? LabConfiguration.legacyScreen
    /// `--device NAME`: the phone the stage is (its size, safe areas, display corners, status bar and home
    /// indicator); nil is a bare screen of `size`.
    public var device: Device? = LabConfiguration.defaultDevice
    /// The phone the lab is without `--device` or `--size`: the iPhone 17 Pro, the phone of today's lineup whose
    /// screen (402 × 874, the iPhone 16 Pro's and iPhone 17's too) most iPhones sold since 2024 share.
    public static let defaultDevice = Device.named("iphone-17-pro")
    /// `--ios 18|26`: the system whose look and motion the sheet emulates.
    public var system = LabConfiguration.defaultSystem
    /// The system without `--ios`: iOS 26, the one on today's iPhones.
    public static let defaultSystem = SystemVersion.ios26
    /// The screen a recording or a scene file that names none runs on: the bare 375 × 667 screen that was the
    /// default until 0.6.0, which their input and pictures were made on.
    public static let legacyScreen = Size(width: 375, height: 667)
    /// The system a recording or a scene file that names none runs on: iOS 18, the default until 0.6.0.
    public static let legacySystem = SystemVersion.ios18
    /// `--scale`: pixels per point; nil takes the X server's (Xft.dpi / 96), 1 headless.
    public var scale: Double?
    /// `--fps`: frames per second; nil takes the display's refresh rate (60 headless).
    public var fps: Double?
    /// Show frames through MIT-SHM when the server has it; `--no-shm` copies them through the socket.
    public var useSharedMemory = true
    /// Read the pointer through XInput 2 when the server has it; `--no-xinput2` forces the core events.
    public var useXInput2 = true
    /// Show frames at the vertical blank through Present when the server has it; `--no-present` uses a timer.
    public var usePresent = true
    /// `--trace FILE|-`: where the JSON Lines trace goes.
    public var tracePath: String?
    /// `--plot FILE`: a motion plot of each drag, written when it has come to rest (see `LivePlot`).
    public var plotPath: String?
    /// `--record FILE`: where the input events are recorded.
    public var recordPath: String?
    /// `--video OUT`: the recording rendered to a video (`modal-lab render`) once the lab has ended.
    public var videoPath: String?
    /// `--export FILE`: where the parameters go as JSON (and the UIKit and SwiftUI code beside it) on E and at the end.
    public var exportPath: String?
    /// `--replay FILE`: a recording to play back instead of live input.
    public var replayPath: String?
    /// `--headless`: no window; a manual clock runs the lab to rest.
    public var headless = false
    /// `--screenshot FILE`: the last frame as a PNG (headless).
    public var screenshotPath: String?
    /// `--font PATH`: a font file instead of Inter (or, without Inter, fontconfig's sans-serif).
    public var fontPath: String?
    /// Whether the HUD shows (`--no-hud` hides it; key H toggles it).
    public var showsHUD = true
    /// `--inspector`: start with the inspector beside the stage (key I toggles it).
    public var showsInspector = false
    /// `--compare SPEC`: a second stage, B, beside the first (see `CompareLab`).
    package var compare: CompareSpec?
    /// Which side of a comparison a lab is ("a", "b"), written into each of its trace lines; nil alone.
    var traceSide: String?
    /// The window's size in points: the stage, plus the inspector's panel when it starts shown; with `--compare`,
    /// both stages, the divider and the labels over them.
    public var windowSize: Size {
        let panel = showsInspector ? InspectorView.width : 0
        if compare != nil {
            let both = CompareLayout(stage: size).windowSize
            return Size(width: both.width + panel, height: both.height)
        }
        return showsInspector ? Size(width: size.width + InspectorView.width, height: size.height) : size
    }
    /// `--slow`: every animation ×10 (key S toggles it).
    public var slowAnimations = false
    /// Springs critically damped (no overshoot or bounce), like iOS's Reduce Motion; curves unchanged.
    public var reducedMotion = false

    /// What the command asks for besides running the lab.
    public enum Action: Equatable {
        /// Run the lab.
        case run
        /// `--help`: print the usage.
        case help
        /// `--scene NAME --help`: print that scene's parameters.
        case sceneHelp
        /// `--list-scenes`: print the scenes.
        case listScenes
        /// `--device list`: print the phones.
        case listDevices
        /// `--version`: print the version.
        case version
        /// `--man`: print the manual page (troff), made from the option table.
        case manPage
        /// `--bash-completion`: print the bash completion script, made from the option table.
        case bashCompletion
    }
    /// What the command asks for: run, or print help, a scene's help, the scenes or the version.
    public var action = Action.run

    /// The defaults: modal-lab's scenes, the first one, no outputs.
    public init() {}

    /// ModalKit's version: CHANGELOG.md's latest entry.
    public static let modalKitVersion = "0.7.1"

    /// What modal-lab's `--version` prints.
    public static let version = "modal-lab \(modalKitVersion)"

    /// What `--version` prints for the program running the lab: modal-lab's version, or a `LabApplication`'s name
    /// with the ModalKit it runs on.
    public static var versionLine: String {
        LabMain.programName == "modal-lab" ? version : "\(LabMain.programName) (ModalKit \(modalKitVersion))"
    }

    /// The usage text of modal-lab's own scenes.
    public static var usage: String { LabConfiguration().usage }

    /// The usage text, made from the table of options (`LabOption.all`) and this lab's scenes: the synopsis
    /// wrapped to 114 columns under "modal-lab", then one line per option.
    public var usage: String {
        let options = LabOption.documented.map { $0.names[0] == "--scene" ? $0.describing(scenes) : $0 }
        let indent = String(repeating: " ", count: "usage: \(LabMain.programName)".count)
        var synopsis = ["usage: \(LabMain.programName)"]
        for option in options {
            let item = option.synopsis
            if synopsis[synopsis.count - 1].count + 1 + item.count > 114 { synopsis.append(indent) }
            synopsis[synopsis.count - 1] += " " + item
        }
        let plot =
            "plot: \(LabMain.programName) plot TRACE.jsonl|- OUT.png [--scale S] draws a trace's last drag (\(LabMain.programName) plot --help)"
        let render =
            "render: \(LabMain.programName) render RECORDING OUT.mp4|.webp|.gif|FOLDER/ makes a video of a recording (\(LabMain.programName) render --help)"
        return (synopsis + options.map(\.helpLine) + [plot, render, "keys: " + keys]).joined(separator: "\n")
    }

    /// The window's keys, for the usage and the manual page: 1 to 9 switch among this lab's scenes.
    public var keys: String {
        "Esc dismiss (or cancel a drag) · Space/Return present · 1-\(min(scenes.count, 9)) scene · ↑/↓ sheet detent · H HUD · I inspector · E export · S slow · R reset · Q quit"
    }

    /// modal-lab's own keys.
    static var keys: String { LabConfiguration().keys }

    /// The scene called `name` among `scenes`; a usage error listing them when there is none.
    public func scene(named name: String) throws -> SceneKind {
        guard let kind = scenes.first(where: { $0.name == name }) else {
            throw LabError.usage("unknown scene '\(name)' (scenes: \(scenes.map(\.name).joined(separator: ", ")))")
        }
        return kind
    }

    /// The help of one scene: what it shows, its seed, its parameters with defaults and sources.
    public func sceneHelp() -> String {
        let info = sceneKind.info
        var lines = ["\(info.name): \(info.title) (\(info.seed))", info.summary, "", "parameters (--set KEY=VALUE):"]
        for spec in info.allParameters {
            let range: String
            switch spec.kind {
            case .number(let r): range = "\(r.lowerBound)...\(r.upperBound)"
            case .curve: range = "linear, ease-in, ease-out, ease-in-out"
            case .choice(let names): range = names.joined(separator: ", ")
            }
            lines.append("  \(spec.name) = \(spec.defaultValue)   [\(range)]   from \(spec.source)")
            if let modern = spec.ios26Default {
                lines.append("      --ios 26: \(modern.value)   from \(modern.source)")
            }
        }
        if !info.notes.isEmpty { lines += ["", "notes:"] + info.notes.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
