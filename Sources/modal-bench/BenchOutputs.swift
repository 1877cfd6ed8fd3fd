import ModalKit
import ModalLab

/// The files the bench writes (`--json`, `--plot`), through the lab's output rule (`OutputFile`, `OutputPaths`):
/// checked before anything is measured, so a bad path is one line at once, not a Foundation error after minutes
/// of measuring; a FIFO nobody reads is refused, and a device or a link stays what it is.
struct BenchOutputs {
    private let json: OutputFile?
    private let plot: OutputFile?

    init(_ options: BenchOptions) throws {
        try OutputPaths.checkDistinct([("--json", options.jsonPath), ("--plot", options.plotPath)])
        json = try options.jsonPath.map { try OutputFile(path: $0, name: "--json \(BenchOutputs.echo($0))") }
        plot = try options.plotPath.map { try OutputFile(path: $0, name: "--plot \(BenchOutputs.echo($0))") }
    }

    /// Writes the report, if `--json` asked for it.
    func writeJSON(_ text: String) throws {
        try json?.write(Array(text.utf8))
    }

    /// Writes the pacing plot, if `--plot` asked for it.
    func writePlot(_ bitmap: Bitmap) throws {
        guard let plot else { return }
        try plot.write(try PNG.encode(bitmap, name: plot.name))
    }

    /// A path as messages show it: at most 200 characters, as the bench's other messages cut them.
    private static func echo(_ path: String) -> String { String(path.prefix(200)) }
}
