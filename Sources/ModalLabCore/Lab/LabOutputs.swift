#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Every file the lab writes, opened (or for the screenshot, checked and made ready) before the lab connects to
/// the X server, so a bad path fails at once with nothing on screen. The lab stops on the first write error.
package final class LabOutputs {
    let trace: LineWriter?
    let recording: LineWriter?
    package let screenshot: OutputFile?

    /// The files opening the outputs made (nothing was there before): a start that fails removes them again.
    private var made: [String] = []

    /// Opens `configuration`'s outputs; `checkVideo` checks `--video`'s output and encoder with the recording's
    /// path (the application's check: the core has no encoder, and a headless lab renders no video).
    package init(_ configuration: LabConfiguration, checkVideo: (String, String?) throws -> Void = { _, _ in }) throws {
        var made: [String] = []
        // A later output that cannot be opened must not leave the earlier ones' new, empty files behind.
        func writer(_ path: String?, _ what: String) throws -> LineWriter? {
            guard let path else { return nil }
            var info = stat()
            let new = path != "-" && lstat(path, &info) != 0
            do {
                let writer = try LineWriter(path: path, what: what)
                if new { made.append(path) }
                return writer
            } catch {
                for path in made { unlink(path) }
                throw error
            }
        }
        let (trace, recording) = (
            try writer(configuration.tracePath, "trace"), try writer(configuration.recordPath, "recording")
        )
        (self.trace, self.recording, self.made) = (trace, recording, made)
        func discard() {
            trace?.close()
            recording?.close()
            for path in made { unlink(path) }
        }
        // What the stage showed, so `modal-lab render` can show the recording as it was.
        recording?.write(RecordedSession.line(configuration))
        do {
            screenshot = try configuration.screenshotPath.map {
                try OutputFile(path: $0, name: "screenshot \(LabLimits.echo($0))")
            }
            // The plot is rewritten after every drag (`LivePlot`); here its path is only checked, so a bad one
            // fails before anything runs.
            if let path = configuration.plotPath {
                _ = try OutputFile(path: path, name: "plot \(LabLimits.echo(path))")
            }
            // The video is rendered when the lab ends; its output and encoder are checked now.
            if let path = configuration.videoPath {
                try checkVideo(path, configuration.recordPath)
            }
            // The export is written on E and at the end; each of its files is checked now.
            if let path = configuration.exportPath {
                for file in ParameterExport.files(for: path) { _ = try OutputFile(path: file.path, name: file.name) }
            }
        } catch let error as LabError {
            discard()
            throw error
        } catch {
            discard()
            throw LabError.io("\(error)")
        }
    }

    /// The outputs of one side of a comparison: `outputs`' trace, shared; the comparison writes the recording,
    /// and the screenshot is of the whole window.
    init(sharingTraceOf outputs: LabOutputs) {
        trace = outputs.trace
        recording = nil
        screenshot = nil
    }

    /// The first write error of the trace or the recording.
    package var failure: LabError? { trace?.failure ?? recording?.failure }

    /// Writes the screenshot, if one was asked for.
    package func writeScreenshot(_ bitmap: Bitmap) throws {
        guard let screenshot else { return }
        do { try screenshot.write(try PNG.encode(bitmap, name: screenshot.name)) } catch {
            throw LabError.io("\(error)")
        }
    }

    /// Closes the trace and the recording and removes the files opening them made: the run failed before its
    /// session began, so they hold nothing of one.
    package func discardMade() {
        close()
        for path in made { unlink(path) }
        made = []
    }

    /// Flushes and closes the trace and the recording.
    func close() {
        trace?.close()
        recording?.close()
    }
}
