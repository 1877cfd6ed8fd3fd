#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// The line on stderr while a video renders: seconds rendered of the recording's length, rewritten in place
/// (a carriage return) at most ten times a second of recording, and ended with a newline.
final class RenderProgress {
    private let output: String
    private let length: Double
    private var lastShown = -1

    init(output: String, recording: Recording) {
        self.output = LabLimits.echo(output)
        length = recording.entries.map(\.t).max() ?? 0
    }

    /// Shows the progress at display frame `index`.
    func show(frame index: Int, interval: Double) {
        let tenths = Int(Double(index) * interval * 10)
        guard tenths != lastShown else { return }
        lastShown = tenths
        fputs("\rmodal-lab: rendering \(output): \(LabLimits.show(Double(tenths) / 10)) s of \(LabLimits.show((length * 10).rounded() / 10)) s", stderr)
    }

    /// Ends the line.
    func done() { fputs(" done\n", stderr) }
}
