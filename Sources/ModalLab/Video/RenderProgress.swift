#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// The line on stderr while a session's video renders: the seconds rendered against the recording's length,
/// rewritten in place (a carriage return) on a terminal at most ten times a second of video, then what was written.
/// Into a file or a pipe only the last line goes, not a run of carriage returns.
final class RenderProgress {
    private let output: String
    private let length: Double
    private let live = isatty(STDERR_FILENO) == 1
    private var lastShown = -1
    private var frames = 0, seconds = 0.0

    init(output: String, recording: Recording) {
        self.output = LabLimits.echo(output)
        length = recording.entries.map(\.t).max() ?? 0
    }

    /// Notes display frame `index`, frames `interval` seconds apart.
    func show(frame index: Int, interval: Double) {
        frames = index + 1
        seconds = Double(frames) * interval
        let tenths = Int(seconds * 10)
        guard live, tenths != lastShown else { return }
        lastShown = tenths
        fputs(
            "\r\(LabMain.programName): rendering \(output): \(LabLimits.show(Double(tenths) / 10)) s (the recording is \(LabLimits.show((length * 10).rounded() / 10)) s)",
            stderr)
    }

    /// Ends the line with what was made.
    func done() {
        let line =
            "\(LabMain.programName): rendered \(output): \(frames) frames, \(LabLimits.show((seconds * 100).rounded() / 100)) s"
        fputs(live ? "\r\u{1b}[K" + line + "\n" : line + "\n", stderr)
    }
}
