#if canImport(Glibc)
import Glibc
#endif

/// The program (its `run` is in ModalLab, the application): parse, read the inputs and open the outputs before anything is on screen, then run in a window
/// or headless. Returns the exit code (docs/reference.md, "Exit codes"): 0 done; 1 a file could not be opened, read or
/// written, or the X server failed; 2 bad options, parameters, limits or file contents; 3 the X server went
/// away; 128 + N stopped by signal N (SIGTERM, SIGINT, SIGHUP, SIGQUIT) with every output flushed and closed.
public enum LabMain {
    /// What the lab calls itself in its usage, its error lines and the window's class: "modal-lab", or the name of
    /// the program a `LabApplication` runs in.
    nonisolated(unsafe) public static var programName = "modal-lab"

    /// Writes one line on stderr; the whole line is escaped again, so no input that slipped past a message's own
    /// `LabLimits.echo` reaches the terminal raw.
    package static func fail(_ message: String) {
        fputs(errorLine(message), stderr)
    }

    /// `message` as the lab writes it to standard error: its name, the message escaped, a newline.
    package static func errorLine(_ message: String) -> String {
        "\(programName): \(LabLimits.echo(message, limit: nil))\n"
    }
}
