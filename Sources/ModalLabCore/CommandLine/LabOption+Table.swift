import ModalKit

extension LabOption {
    /// Every option, in the order the usage lists them.
    static let all: [LabOption] = [
        LabOption(
            names: ["--scene"], value: "NAME",
            help: LabOption.sceneNames, setsUpStage: true
        ) { parsed, value in
            parsed.configuration.sceneKind = try parsed.configuration.scene(named: LabLimits.name(value, "--scene"))
            parsed.sceneGiven = true
        },
        LabOption(
            names: ["--scene-file"], value: "FILE",
            help: "run your own screens: a JSON scene file of PNGs in a scene's style (README, \"Your own screens\")",
            setsUpStage: true
        ) { parsed, value in
            parsed.sceneFilePath = try LabLimits.path(value, "--scene-file")
        },
        LabOption(
            names: ["--size"], value: "WxH", help: "a bare screen of this size in points instead of the phone",
            setsUpStage: true
        ) {
            parsed, value in
            parsed.configuration.size = try LabLimits.size(value)
            parsed.configuration.device = nil
            parsed.sizeGiven = true
        },
        LabOption(
            names: ["--device"], value: "NAME",
            help:
                "a phone: \(Device.names) (default \(LabConfiguration.defaultDevice?.name ?? "none"); list: their sizes, safe areas, corners)",
            setsUpStage: true
        ) { parsed, value in
            guard value != "list" else { return parsed.configuration.action = .listDevices }
            parsed.configuration.device = try LabConfiguration.device(named: value, "--device")
            parsed.deviceGiven = true
        },
        LabOption(
            names: ["--ios"], value: "18|26",
            help: "the system the sheet looks and moves like (default \(LabConfiguration.defaultSystem.rawValue))",
            setsUpStage: true
        ) { parsed, value in
            parsed.configuration.system = try SystemVersion.parse(value, "--ios")
            parsed.systemGiven = true
        },
        LabOption(
            names: ["--scale"], value: "S", help: "pixels per point (default Xft.dpi / 96, else 1)", setsUpStage: true
        ) {
            parsed, value in
            parsed.configuration.scale = try LabLimits.number(value, "--scale", LabLimits.scale)
        },
        LabOption(
            names: ["--fps"], value: "N",
            help: "frame rate (default the display's refresh rate from RandR, else 60)", setsUpStage: true
        ) { parsed, value in
            parsed.configuration.fps = try LabLimits.number(value, "--fps", LabLimits.fps)
        },
        LabOption(
            names: ["--set"], value: "KEY=VALUE",
            help: "change a scene parameter (its names and ranges: --scene NAME --help)", repeats: true,
            setsUpStage: true
        ) { parsed, value in
            parsed.sets.append(try LabLimits.name(value, "--set"))
        },
        LabOption(
            names: ["--config"], value: "FILE",
            help: "read parameters from a JSON object {\"KEY\": VALUE, ...}", setsUpStage: true
        ) { parsed, value in
            parsed.configPath = try LabLimits.path(value, "--config")
        },
        LabOption(
            names: ["--compare"], value: "SPEC",
            help:
                "a second stage beside the first, changed by SPEC (KEY=VALUE,..., scene=NAME, scene-file=FILE or a config file)",
            setsUpStage: true
        ) { parsed, value in
            // SPEC is a path or a list: bounded like a path, but named as what it may be.
            guard value.utf8.count <= LabLimits.pathBytes else {
                throw LabError.usage(
                    "--compare SPEC is \(value.utf8.count) bytes long (the limit is \(LabLimits.pathBytes)): "
                        + "'\(LabLimits.echo(value))'")
            }
            parsed.compare = value
        },
        LabOption(
            names: ["--trace"], value: "FILE|-",
            help: "write JSON Lines of frames, gestures, transitions and rests"
        ) { parsed, value in
            parsed.configuration.tracePath = try LabLimits.path(value, "--trace")
        },
        LabOption(
            names: ["--plot"], value: "FILE",
            help: "write a PNG plot of each drag and what followed, after it comes to rest"
        ) { parsed, value in
            parsed.configuration.plotPath = try LabLimits.path(value, "--plot")
        },
        LabOption(
            names: ["--export"], value: "FILE",
            help: "write the parameters as JSON to FILE and UIKit and SwiftUI code beside it (.swift, -swiftui.swift), "
                + "on E and at exit"
        ) { parsed, value in
            parsed.configuration.exportPath = try LabLimits.path(value, "--export")
        },
        LabOption(names: ["--record"], value: "FILE", help: "write the pointer and key input with timestamps") {
            parsed, value in
            parsed.configuration.recordPath = try LabLimits.path(value, "--record")
        },
        LabOption(
            names: ["--video"], value: "OUT",
            help: "with --record: render the recording to OUT (.mp4, .webp, .gif, FOLDER/) when the lab ends"
        ) { parsed, value in
            parsed.configuration.videoPath = try LabLimits.path(value, "--video")
        },
        LabOption(
            names: ["--replay"], value: "FILE",
            help: "feed a recording back, in its recorded setup, on a virtual clock (with --headless: no X server)"
        ) { parsed, value in
            parsed.configuration.replayPath = try LabLimits.path(value, "--replay")
        },
        LabOption(
            names: ["--headless"], value: nil,
            help: "render off screen with no X server (with --screenshot and/or --replay)"
        ) { parsed, _ in
            parsed.configuration.headless = true
        },
        LabOption(
            names: ["--screenshot"], value: "FILE",
            help: "write a PNG of the window once the first frame is up (or after --replay), then exit"
        ) { parsed, value in
            parsed.configuration.screenshotPath = try LabLimits.path(value, "--screenshot")
        },
        LabOption(names: ["--no-shm"], value: nil, help: "present with XPutImage instead of MIT-SHM") { parsed, _ in
            parsed.configuration.useSharedMemory = false
        },
        LabOption(
            names: ["--no-present"], value: nil,
            help: "put frames with XShmPutImage paced by a timer, not at the vertical blank (Present)"
        ) { parsed, _ in
            parsed.configuration.usePresent = false
        },
        LabOption(
            names: ["--no-xinput2"], value: nil,
            help: "read the pointer from core events (the wheel as buttons 4-7, no smooth scrolling)"
        ) { parsed, _ in
            parsed.configuration.useXInput2 = false
        },
        LabOption(
            names: ["--font"], value: "PATH",
            help: "use this font file (semibold, bold: its family's faces) instead of Inter", setsUpStage: true
        ) { parsed, value in
            parsed.configuration.fontPath = try LabLimits.path(value, "--font")
        },
        LabOption(
            names: ["--inspector"], value: nil,
            help: "start with the inspector: every parameter as a control, the last release (key I)", setsUpStage: true
        ) { parsed, _ in
            parsed.configuration.showsInspector = true
        },
        LabOption(names: ["--no-hud"], value: nil, help: "start with the HUD hidden", setsUpStage: true) { parsed, _ in
            parsed.configuration.showsHUD = false
        },
        LabOption(names: ["--slow"], value: nil, help: "start with slow animations (x10)", setsUpStage: true) {
            parsed, _ in
            parsed.configuration.slowAnimations = true
        },
        LabOption(
            names: ["--reduced-motion"], value: nil,
            help: "springs critically damped: no overshoot (curves unchanged); the zoom cross-fades in 140 ms",
            setsUpStage: true
        ) { parsed, _ in
            parsed.configuration.reducedMotion = true
        },
        LabOption(names: ["--list-scenes"], value: nil, help: "list the scenes with their seeds") { parsed, _ in
            parsed.configuration.action = .listScenes
        },
        LabOption(names: ["--help", "-h"], value: nil, help: "this text (with --scene NAME: that scene's parameters)") {
            parsed, _ in
            parsed.configuration.action = .help
        },
        LabOption(names: ["--version"], value: nil, help: "the version") { parsed, _ in
            parsed.configuration.action = .version
        },
        LabOption(
            names: ["--man"], value: nil, help: "the manual page, in roff (.ci/install writes it)",
            hidden: true
        ) { parsed, _ in
            parsed.configuration.action = .manPage
        },
        LabOption(
            names: ["--bash-completion"], value: nil, help: "the bash completion script (.ci/install writes it)",
            hidden: true
        ) { parsed, _ in
            parsed.configuration.action = .bashCompletion
        }
    ]
}

extension LabOption {
    /// "interactor (default), free-drag, ...": every scene of modal-lab.
    static var sceneNames: String { sceneNames(SceneCatalog.all) }

    /// The `--scene` option's help naming `scenes`.
    func describing(_ scenes: [SceneKind]) -> LabOption {
        LabOption(names: names, value: value, help: LabOption.sceneNames(scenes), repeats: repeats, apply: apply)
    }

    /// "interactor (default), free-drag, ...": every scene of `scenes`.
    static func sceneNames(_ scenes: [SceneKind]) -> String {
        var names = scenes.map(\.name)
        if !names.isEmpty { names[0] += " (default)" }
        return names.joined(separator: ", ")
    }
}
