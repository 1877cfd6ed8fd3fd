#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// `modal-lab plot TRACE.jsonl OUT.png [--scale S]`: draws the last drag of a trace and what followed it.
/// Returns the exit code: 0 written, 1 a file could not be read or written, 2 bad arguments or a bad trace.
public enum PlotCommand {
    /// The subcommand's synopsis, printed after a usage error.
    public static let usage = "usage: modal-lab plot TRACE.jsonl OUT.png [--scale S]"

    /// Runs the subcommand; `arguments` start after `plot`.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let (tracePath, outputPath, scale) = try parse(arguments)
            let story = try ReleaseStory(MotionTrace.read(from: tracePath))
            try write(MotionPlot.render(story, scale: scale), to: outputPath)
            return 0
        } catch let error as LabError {
            fputs("modal-lab plot: \(error.description)\n", stderr)
            if case .usage = error, arguments.count < 2 { fputs(usage + "\n", stderr) }
            return error.exitCode
        } catch {
            fputs("modal-lab plot: \(error)\n", stderr)
            return 1
        }
    }

    /// Writes the PNG, naming the file when that fails.
    static func write(_ bitmap: Bitmap, to path: String) throws {
        do { try PNG.write(bitmap, to: path) } catch { throw LabError.io("cannot write plot \(path): \(error)") }
    }

    private static func parse(_ arguments: [String]) throws -> (String, String, Double) {
        var positional: [String] = [], scale = 1.0, rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--scale" {
                guard let text = rest.popFirst(), let value = Double(text), value.isFinite, value > 0, value <= 4 else {
                    throw LabError.usage("--scale needs a number of pixels per point in 0...4")
                }
                scale = value
            } else if argument.hasPrefix("-") && argument != "-" {
                throw LabError.usage("unknown option \(argument) for plot")
            } else {
                positional.append(argument)
            }
        }
        guard positional.count == 2 else { throw LabError.usage("plot takes a trace file and an output PNG") }
        return (positional[0], positional[1], scale)
    }
}
