#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// `modal-lab render RECORDING OUT`: every display frame of a recording, rendered headless as the session showed
/// it, into an MP4 (through ffmpeg), an animated WebP (libwebp), a GIF, or a folder of PNGs. Returns the exit
/// code: 0 written; 1 the output could not be written or its encoder is missing; 2 bad arguments, a recording
/// that is corrupt or does not match the lab; 128 + N stopped by signal N. Whatever fails, the output is
/// complete or absent.
package enum RenderCommand {
    /// The subcommand's synopsis, printed after a usage error and in `modal-lab --help`.
    package static var usage: String {
        "usage: \(LabMain.programName) render RECORDING OUT.mp4|OUT.webp|OUT.gif|FOLDER/ [--scale S] [--hud|--no-hud] [--pointer] [--slow N]"
    }

    /// `modal-lab render --help`.
    static var help: String {
        usage + """

              RECORDING          a recording the lab wrote (--record); its scene, size and parameters are used
              OUT                .mp4 (H.264, needs ffmpeg), .webp (animated), .gif, or a folder for PNGs (ends in /)
              --scale S          pixels per point (default the session's, else 1)
              --hud, --no-hud    show or hide the HUD (default as the session had it)
              --pointer          draw the pointer as a touch-like dot, bigger while pressed
              --slow N           hold each frame N times (2 or 10, say): slower, the motion not resampled
              --scene, --size, --fps, --set, --config, --font, --inspector, --reduced-motion
                                 override the session's (see \(LabMain.programName) --help)

            A pause is one frame with its duration in a .webp or .gif, however long. An .mp4 or a folder stores
            every frame: there a still lasts at most \(LabLimits.show(LabLimits.longestStill)) s, a longer pause shortened (with a line saying so).
            """
    }

    /// Runs the subcommand; `arguments` start after `render`. `signals` end the render at once (between two
    /// frames, between a still's copies, or in a wait for ffmpeg), with the output removed.
    package static func run(_ arguments: [String], signals: StopSignals? = nil) -> Int32 {
        do {
            guard let options = try RenderOptions(arguments) else {
                try LabMain.answer(help + "\n", "the usage")
                return 0
            }
            try render(options, signals: signals, progress: false)
            return 0
        } catch {
            return report(error, prefix: "\(LabMain.programName) render", usage: arguments.count < 2)
        }
    }

    /// One line on stderr for `error`; its exit code.
    static func report(_ error: Error, prefix: String, usage: Bool) -> Int32 {
        if let stopped = error as? RenderStopped { return 128 + stopped.signal }
        let labError = error as? LabError ?? LabError.io("\(error)")
        fputs("\(prefix): \(LabLimits.echo(labError.description, limit: nil))\n", stderr)
        if case .usage = labError, usage { fputs(self.usage + "\n", stderr) }
        return labError.exitCode
    }

    /// Renders the recording to the output: checks the output and its encoder, reads the recording, then writes
    /// the whole file or nothing. With `progress`, a line on stderr counts the seconds rendered.
    static func render(_ options: RenderOptions, signals: StopSignals?, progress: Bool) throws {
        let format = try VideoFormat.of(options.outputPath)
        let ffmpeg = try format == .mp4 ? encoderProgram(options.outputPath) : nil
        try OutputPaths.checkCommand(reads: ("RECORDING", options.recordingPath), writes: ("OUT", options.outputPath))
        let recording = try Recording.read(from: options.recordingPath)
        // Without a session line or an event it would render the default scene at rest: surely not what was meant.
        guard recording.sessionArguments != nil || !recording.entries.isEmpty else {
            throw LabError.usage("recording \(LabLimits.echo(options.recordingPath)) is empty: nothing to render")
        }
        let configuration = try options.configuration(for: recording)
        try OutputPaths.checkNotRead("OUT", options.outputPath, by: configuration)
        let frames = RecordingFrames(configuration: configuration, recording: recording)
        let meter = progress ? RenderProgress(output: options.outputPath, recording: recording) : nil
        // A format that stores every display frame holds a still at most `longestStill` seconds.
        let most = format.storesEveryFrame ? Int((LabLimits.longestStill / frames.frameInterval).rounded()) : Int.max
        var cut: (stills: Int, longest: Double) = (0, 0)
        let feed = { (sink: VideoSink) in
            try frames.run(signals: signals) { frame in
                meter?.show(frame: frame.index + frame.count - 1, interval: frames.frameInterval)
                let count = frame.count * options.slowdown
                if count > most {
                    cut = (cut.stills + 1, max(cut.longest, Double(count) * frames.frameInterval))
                }
                try sink.add(
                    options.drawsPointer ? frame.withPointer(scale: configuration.scale ?? 1) : frame.bitmap,
                    count: min(count, most))
            }
            meter?.done()
        }
        try encode(format, options, configuration, frames, ffmpeg: ffmpeg, signals: signals, feed)
        if cut.stills > 0 {
            let prefix = progress ? LabMain.programName : "\(LabMain.programName) render"
            fputs("\(prefix): \(RenderCommand.cutNotice(cut, output: options.outputPath))\n", stderr)
        }
    }

    /// Writes the output of `format` through its sink, fed by `feed`: the whole file or nothing.
    private static func encode(
        _ format: VideoFormat, _ options: RenderOptions, _ configuration: LabConfiguration,
        _ frames: RecordingFrames, ffmpeg: String?, signals: StopSignals?, _ feed: (VideoSink) throws -> Void
    ) throws {
        if format == .pngFolder {
            return try write(
                PNGFolderSink(folder: options.outputPath, signals: signals), signals: signals, feed)
        }
        let output: OutputFile
        do {
            output = try OutputFile(path: options.outputPath, name: "video \(LabLimits.echo(options.outputPath))")
            // The file the video goes to is made now: nothing the render needs can use up the last descriptor.
            try output.reserve()
        } catch {
            throw LabError.io("\(error)")
        }
        let width = Int((configuration.windowSize.width * (configuration.scale ?? 1)).rounded())
        let height = Int((configuration.windowSize.height * (configuration.scale ?? 1)).rounded())
        let fps = 1 / frames.frameInterval
        do {
            switch format {
            case .mp4:
                try output.write { temporary in
                    try write(
                        FFmpegSink(
                            program: ffmpeg ?? "ffmpeg", path: temporary, width: width, height: height, fps: fps,
                            signals: signals),
                        signals: signals, feed)
                }
            case .webp:
                let sink = try WebPSink(width: width, height: height, fps: fps)
                try write(sink, signals: signals, feed)
                try output.write(sink.bytes)
            case .gif:
                let sink = GIFSink(width: width, height: height, fps: fps)
                try write(sink, signals: signals, feed)
                try output.write(sink.bytes)
            case .pngFolder: break
            }
        } catch let error as PixelsError { throw LabError.io("\(error)") }
    }

    /// Feeds `sink` and completes it, or abandons it on any failure. A failure that came with a stop signal
    /// (an encoder killed by the same Ctrl-C) is reported as the signal.
    private static func write(_ sink: VideoSink, signals: StopSignals?, _ feed: (VideoSink) throws -> Void) throws {
        do {
            try feed(sink)
            try sink.finish()
        } catch {
            sink.abandon()
            if let signal = signals?.take() { throw RenderStopped(signal: signal) }
            throw error
        }
    }

    /// The line after a render whose pauses were shortened: how many, the longest, and where a pause is kept.
    static func cutNotice(_ cut: (stills: Int, longest: Double), output: String) -> String {
        let limit = LabLimits.show(LabLimits.longestStill)
        let what =
            cut.stills == 1
            ? "a still of \(LabLimits.show(cut.longest.rounded())) s was"
            : "\(cut.stills) stills (the longest \(LabLimits.show(cut.longest.rounded())) s) were"
        return "\(what) shortened to \(limit) s in \(LabLimits.echo(output)): an MP4 or a PNG folder holds a still "
            + "at most \(limit) s (a .webp or .gif keeps any pause whole)"
    }

    /// ffmpeg's path; a missing one is named with its package before anything is rendered.
    private static func encoderProgram(_ output: String) throws -> String {
        guard let program = FFmpegSink.program() else {
            throw LabError.io(
                "cannot write \(LabLimits.echo(output)): an MP4 needs the ffmpeg program, which is not installed (Debian: apt-get install \(FFmpegSink.package))"
            )
        }
        return program
    }
}
