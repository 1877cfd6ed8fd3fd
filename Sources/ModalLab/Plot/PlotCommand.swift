#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// `modal-lab plot TRACE.jsonl OUT.png [--scale S]`: draws the last drag of a trace and what followed it.
/// Returns the exit code: 0 written, 1 a file could not be read or written, 2 bad arguments or a bad trace,
/// 128 + N stopped by signal N (SIGTERM, SIGINT, SIGHUP, SIGQUIT) with no output written.
public enum PlotCommand {
    /// The subcommand's synopsis, printed after a usage error and in `modal-lab --help`.
    public static var usage: String { "usage: \(LabMain.programName) plot TRACE.jsonl|- OUT.png [--scale S]" }

    /// `modal-lab plot --help`.
    static var help: String {
        usage + """

              TRACE.jsonl        a trace the lab wrote (--trace); - reads it from standard input
              OUT.png            where the PNG of the trace's last drag goes
              --scale S          pixels per point, \(LabLimits.show(LabLimits.scale.lowerBound)) to \(LabLimits.show(LabLimits.scale.upperBound)) (default 1)
            """
    }

    /// Runs the subcommand; `arguments` start after `plot`. `signals` are the lab's blocked stop signals: they end
    /// the command at once while it reads (a stream may wait for its writer) and draws, before anything is written.
    public static func run(_ arguments: [String], signals: StopSignals? = nil) -> Int32 {
        do {
            guard let (tracePath, outputPath, scale) = try parse(arguments) else {
                try LabMain.answer(help + "\n", "the usage")
                return 0
            }
            try OutputPaths.checkCommand(
                reads: ("TRACE", tracePath), writes: ("OUT", outputPath), dashIsStandardInput: true)
            let draw = { try MotionPlot.render(ReleaseStory(MotionTrace.read(from: tracePath)), scale: scale) }
            let bitmap = try signals?.endingAtOnce(draw) ?? draw()
            try MotionPlot.write(bitmap, to: outputPath)
            // A signal that came while the file was written (blocked, so the file is whole) still ends it so.
            return signals?.take().map { 128 + $0 } ?? 0
        } catch let error as LabError {
            fail(error.description)
            if case .usage = error, arguments.count < 2 { fputs(usage + "\n", stderr) }
            return error.exitCode
        } catch {
            fail("\(error)")
            return 1
        }
    }

    /// One line on stderr, escaped as a whole like the lab's own.
    private static func fail(_ message: String) {
        fputs("\(LabMain.programName) plot: \(LabLimits.echo(message, limit: nil))\n", stderr)
    }

    /// The trace, the output and the scale; nil for `--help`.
    private static func parse(_ arguments: [String]) throws -> (String, String, Double)? {
        var positional: [String] = [], scale = 1.0, rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return nil }
            if argument == "--scale" || argument.hasPrefix("--scale=") {
                let attached = argument.hasPrefix("--scale=") ? String(argument.dropFirst("--scale=".count)) : nil
                guard let text = attached ?? rest.popFirst() else { throw LabError.usage("--scale needs a value") }
                // The lab's own range: far below it the plot is no pixels at all, above it a huge bitmap.
                scale = try LabLimits.number(text, "--scale", LabLimits.scale)
            } else if argument.hasPrefix("-") && argument != "-" {
                throw LabError.usage("unknown option '\(LabLimits.echo(argument))' for plot")
            } else {
                positional.append(argument)
            }
        }
        guard positional.count == 2 else { throw LabError.usage("plot takes a trace file and an output PNG") }
        return (positional[0], positional[1], scale)
    }
}
