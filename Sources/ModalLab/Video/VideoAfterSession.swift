#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// `--record FILE --video OUT`: a live session straight to a video. The lab records as always; once the window has
/// closed, the recording is rendered as `modal-lab render FILE OUT` would, with a progress line on stderr. Nothing
/// of it runs while the lab does, so the session is as fast as without it.
enum VideoAfterSession {
    /// Checks before the lab starts what would fail only after it: a recording that cannot be read back (a FIFO or
    /// a device), the output's kind and folder, and its encoder.
    static func check(_ path: String, recording: String?) throws {
        var info = stat()
        if let recording, stat(recording, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw LabError.usage(
                "--video needs --record to name a file it can read back, not '\(LabLimits.echo(recording))'")
        }
        let format = try VideoFormat.of(path)
        if format == .mp4 && FFmpegSink.program() == nil {
            throw LabError.io(
                "cannot write \(LabLimits.echo(path)): an MP4 needs the ffmpeg program, which is not installed (Debian: apt-get install \(FFmpegSink.package))"
            )
        }
        if format != .pngFolder {
            do { _ = try OutputFile(path: path, name: "video \(LabLimits.echo(path))") } catch {
                throw LabError.io("\(error)")
            }
        }
    }

    /// Renders the session's recording when the lab ended well (`exitCode` 0) and a video was asked for; the exit
    /// code of the whole run.
    static func render(_ configuration: LabConfiguration, exitCode: Int32, signals: StopSignals?) -> Int32 {
        guard exitCode == 0, let video = configuration.videoPath, let recording = configuration.recordPath else {
            return exitCode
        }
        do {
            try RenderCommand.render(
                RenderOptions(recordingPath: recording, outputPath: video), signals: signals, progress: true)
            return 0
        } catch {
            return RenderCommand.report(error, prefix: LabMain.programName, usage: false)
        }
    }
}
