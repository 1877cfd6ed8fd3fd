#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// `--record FILE --video OUT`: a live session straight to a video. The lab records as always; once the window has
/// closed, the recording is rendered as `modal-lab render FILE OUT` would, with a progress line on stderr. Nothing
/// of it runs while the lab does, so the session is as fast as without it.
enum VideoAfterSession {
    /// Checks before the lab starts what would fail only after it: the output's kind and folder, and its encoder.
    static func check(_ path: String) throws {
        let format = try VideoFormat.of(path)
        if format == .mp4 && FFmpegSink.program() == nil {
            throw LabError.io("cannot write \(LabLimits.echo(path)): an MP4 needs the ffmpeg program, which is not installed (Debian: apt-get install \(FFmpegSink.package))")
        }
        if format != .pngFolder {
            do { _ = try OutputFile(path: path, name: "video \(LabLimits.echo(path))") } catch { throw LabError.io("\(error)") }
        }
    }

    /// Renders the session's recording when the lab ended well (`exitCode` 0) and a video was asked for; the exit
    /// code of the whole run.
    static func render(_ configuration: LabConfiguration, exitCode: Int32, signals: StopSignals?) -> Int32 {
        guard exitCode == 0, let video = configuration.videoPath, let recording = configuration.recordPath else { return exitCode }
        do {
            try RenderCommand.render(RenderOptions(recordingPath: recording, outputPath: video), signals: signals, progress: true)
            return 0
        } catch {
            return RenderCommand.report(error, prefix: "modal-lab", usage: false)
        }
    }
}
