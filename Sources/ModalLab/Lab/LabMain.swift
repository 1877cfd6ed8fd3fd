#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

extension LabMain {
    /// Runs the lab over `scenes` (modal-lab's six unless given) with `arguments` (without the program name).
    public static func run(_ arguments: [String], scenes: [SceneKind] = SceneCatalog.all) -> Int32 {
        reserveStandardStreams()
        // A closed pipe (`--trace - | head -1`) becomes a write error the lab reports, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (ulimit -f) likewise: EFBIG and one line, not a silent kill.
        signal(SIGXFSZ, SIG_IGN)
        let signals = try? StopSignals()
        if arguments.first == "plot" { return PlotCommand.run(Array(arguments.dropFirst()), signals: signals) }
        if arguments.first == "render" { return RenderCommand.run(Array(arguments.dropFirst()), signals: signals) }
        do {
            // Until the lab runs there is nothing to flush, and reading a stream or opening a FIFO may wait for
            // the other end: until then a stop signal ends the process at once, with 128 + its number.
            // Not `signals?.endingAtOnce(prepare) ?? prepare()`: optional chaining flattens the nil of an answered
            // command (help, version) into "no signals", and the command ran, and printed, twice.
            let prepare = { try prepareRun(arguments, scenes: scenes) }
            let prepared = try signals.map { try $0.endingAtOnce(prepare) } ?? prepare()
            guard let run = prepared else { return 0 }
            let code =
                run.configuration.headless
                ? try HeadlessRun.run(run.configuration, replay: run.replay, outputs: run.outputs, signals: signals)
                : try runInWindow(run.configuration, replay: run.replay, outputs: run.outputs, signals: signals)
            return VideoAfterSession.render(run.configuration, exitCode: code, signals: signals)
        } catch {
            let failure = failure(error)
            fail(failure.message)
            return failure.code
        }
    }

    /// The exit code and the message (without the program's name) the lab ends with when `error` stops it.
    static func failure(_ error: Error) -> (code: Int32, message: String) {
        switch error {
        case let error as LabError:
            return (
                error.exitCode,
                error.exitCode == 2 ? error.description + " (see \(programName) --help)" : error.description
            )
        // DISPLAY is the user's string too: cut it like any other echoed input.
        case HostError.cannotConnect(let name): return (1, HostError.cannotConnect(LabLimits.echo(name)).description)
        case let error as HostError: return (1, error.description)
        default: return (1, "\(error)")
        }
    }

    /// How `run` refuses `arguments` before the session begins (options, limits, inputs, outputs): its exit code
    /// and the whole of what it writes to standard error; nil when it would go on to run or answer. It installs
    /// no signal handling, connects to no server and writes nothing, so the bad-input table checks most of its
    /// rows in the test process instead of starting a lab for each.
    static func refusal(_ arguments: [String], scenes: [SceneKind] = SceneCatalog.all) -> (
        code: Int32, standardError: String
    )? {
        do {
            guard let run = try prepareRun(arguments, scenes: scenes) else { return nil }
            run.outputs.discardMade()
            return nil
        } catch {
            let failure = failure(error)
            return (failure.code, errorLine(failure.message))
        }
    }

    /// What a run needs, read and opened before anything is on screen.
    private struct PreparedRun {
        let configuration: LabConfiguration
        let replay: Recording?
        let outputs: LabOutputs
    }

    /// Parses the options, loads the font, reads the recording and opens the outputs; nil when the command was
    /// answered already (help, version, the list of scenes).
    private static func prepareRun(_ arguments: [String], scenes: [SceneKind]) throws -> PreparedRun? {
        var configuration = try LabConfiguration(arguments: arguments, scenes: scenes)
        switch configuration.action {
        case .help: try answer(configuration.usage + "\n", "the usage"); return nil
        case .sceneHelp: try answer(configuration.sceneHelp() + "\n", "the scene's help"); return nil
        case .version: try answer(LabConfiguration.versionLine + "\n", "the version"); return nil
        case .manPage: try answer(ManPage.text(scenes: configuration.scenes), "the manual page"); return nil
        case .bashCompletion:
            try answer(BashCompletion.script(scenes: configuration.scenes), "the bash completion"); return nil
        case .listScenes:
            let lines = configuration.scenes.map(\.info).map {
                "\($0.name)\t\($0.seed)\t\($0.summary)\n"
            }
            try answer(lines.joined(), "the list of scenes")
            return nil
        case .listDevices: print(LabConfiguration.deviceList); return nil
        case .run: break
        }
        try loadFont(configuration.fontPath)
        let replay = try configuration.replayPath.map(Recording.read(from:))
        // A replay runs in the setup it was recorded in (scene, parameters, size, scale), the options given on top.
        if let replay, let path = configuration.replayPath {
            let session = try RecordedSession.replayArguments(replay, path: path, asked: arguments, scenes: scenes)
            if !session.isEmpty { configuration = try LabConfiguration(arguments: session + arguments, scenes: scenes) }
        }
        try replay?.checkCompare(configuration, path: configuration.replayPath ?? "")
        // Headless or with --scale, the scale is known now; otherwise once the host has read the server's.
        if let scale = configuration.scale ?? (configuration.headless ? 1 : nil) {
            try replay?.checkResizes(scale: scale, path: configuration.replayPath ?? "")
        }
        return PreparedRun(
            configuration: configuration, replay: replay,
            outputs: try LabOutputs(configuration, checkVideo: VideoAfterSession.check))
    }

    /// Writes `text` (`what` it is, for the error) on standard output and flushes it: a full disk or a closed
    /// descriptor is one line and exit 1, not a success that left an empty file (`.ci/install` writes the manual
    /// so). A reader that stopped reading (`--help | head`) took what it wanted: no error for that.
    static func answer(_ text: String, _ what: String) throws {
        fputs(text, stdout)
        guard fflush(stdout) == 0, ferror(stdout) == 0 else {
            let code = errno
            clearerr(stdout)
            guard code != EPIPE else { return }
            throw LabError.io("cannot write \(what) to standard output: \(String(cString: strerror(code)))")
        }
    }

    /// Started with standard output or error closed (`>&-`), the next file opened would take its number, and
    /// `--trace -` or an error message would land inside the recording. /dev/null is put in each closed slot: read
    /// only for standard output, so `--trace -` fails with "Bad file descriptor" instead of vanishing.
    private static func reserveStandardStreams() {
        for fd: Int32 in 0 ... 2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            _ = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY)
        }
    }

    /// A font that cannot be opened is a file problem (1); a file FreeType cannot read as a font is bad input (2).
    private static func loadFont(_ path: String?) throws {
        if let path {
            let shown = LabLimits.echo(path)
            // FreeType opens the path itself, blocking: a FIFO or a device is refused before it gets there.
            close(try InputFile.open(path, what: "font"))
            do { try FontBook.shared.useFont(at: path) } catch {
                throw LabError.usage("--font \(shown) is not a font FreeType can read")
            }
            Font.releaseFontconfig()
        } else {
            guard FontBook.shared.font(.systemFont(ofSize: 17), scale: 1) != nil else {
                throw LabError.io("no usable sans-serif font: \(FontBook.shared.lastError ?? "fontconfig found none")")
            }
            // Every weight's file is found now, so fontconfig's configuration can go before the window's buffers
            // are allocated: the start-up peak is the lab's peak resident memory.
            _ = FontBook.shared.font(.boldSystemFont(ofSize: 17), scale: 1)
            Font.releaseFontconfig()
            if let notice = FontBook.shared.fallbackNotice { fputs(errorLine(notice), stderr) }
        }
    }

    private static func runInWindow(
        _ configuration: LabConfiguration, replay recording: Recording?,
        outputs: LabOutputs, signals: StopSignals?
    ) throws -> Int32 {
        // Until the session runs, a failure (no server, an image that does not decode at its scale) leaves no file.
        // A stop signal ends the session even while an X call waits for a stopped server (in the session or in
        // closing the connection): `endingStuckCalls`.
        let session = { try runWindow(configuration, recording, outputs, signals) }
        do { return try signals.map { try $0.endingStuckCalls(session) } ?? session() } catch {
            outputs.discardMade()
            throw error
        }
    }

    /// `runInWindow`; throws only before the session begins.
    private static func runWindow(
        _ configuration: LabConfiguration, _ recording: Recording?, _ outputs: LabOutputs, _ signals: StopSignals?
    ) throws -> Int32 {
        let host = try X11Host(
            options: HostOptions(
                appName: programName, windowClass: "ModalLab",
                title: "ModalLab — \(configuration.sceneKind.name)",
                size: configuration.windowSize,
                scale: configuration.scale, fps: configuration.fps, useSharedMemory: configuration.useSharedMemory,
                useXInput2: configuration.useXInput2, usePresent: configuration.usePresent))
        var configuration = configuration
        try configuration.rescaleSceneFiles(to: host.scale)
        let replay = recording.map { Replay($0, clock: ManualClock(), fps: configuration.fps ?? host.refreshRate) }
        try recording?.checkResizes(scale: host.scale, path: configuration.replayPath ?? "")
        let lab = try HostedLabs.make(configuration, clock: replay?.clock ?? MonotonicClock(), outputs: outputs)
        host.setTitle(lab.title)
        lab.onTitleChange = { host.setTitle($0) }
        lab.onWindowSizeRequest = { host.requestSize($0) }
        let app = LabApp(lab: lab, outputs: outputs, replay: replay)
        let code = host.run(app, signals: signals)
        if let signals { signals.finishingOutputs { lab.finish() } } else { lab.finish() }
        guard let failure = app.failure ?? outputs.failure ?? lab.exportFailure else { return code }
        fail(failure.description)
        return code == 0 ? failure.exitCode : code
    }
}
