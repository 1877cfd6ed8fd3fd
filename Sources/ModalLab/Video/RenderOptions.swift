#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// What `modal-lab render` was asked: the recording, the output, how to show it, and the lab options that
/// override the recorded session's.
struct RenderOptions {
    var recordingPath: String
    var outputPath: String
    /// `--hud` true, `--no-hud` false, nil as the session had it.
    var showsHUD: Bool?
    /// `--pointer`: draw the pointer as a touch-like dot.
    var drawsPointer = false
    /// `--slow N`: each frame held for N display frames.
    var slowdown = 1
    /// Lab options given on the command line, passed on after the session's so they win.
    var labArguments: [String] = []

    /// Lab options `render` takes, and whether each has a value: what decides how the stage draws, nothing
    /// that writes a file or needs a window.
    static let labOptions: [String: Bool] = [
        "--scene": true, "--size": true, "--scale": true, "--fps": true,
        "--set": true, "--config": true, "--font": true,
        "--inspector": false, "--reduced-motion": false
    ]
    /// The slowdowns `--slow` takes.
    static let slowdowns = 1 ... 10

    /// The recording at `recordingPath` as its session showed it, to `outputPath`.
    init(recordingPath: String, outputPath: String) {
        self.recordingPath = recordingPath
        self.outputPath = outputPath
    }

    /// Parses the arguments after `render`; nil for `--help`.
    init?(_ arguments: [String]) throws {
        var positional: [String] = [], rest = arguments[...]
        var options = (hud: Bool?.none, pointer: false, slow: 1, lab: [String]())
        while let argument = rest.popFirst() {
            let (name, attached) = LabConfiguration.splitAttachedValue(argument)
            func value() throws -> String {
                guard let text = attached ?? rest.popFirst() else { throw LabError.usage("\(name) needs a value") }
                return text
            }
            switch name {
            case "--help", "-h": return nil
            case "--hud": options.hud = true
            case "--no-hud": options.hud = false
            case "--pointer": options.pointer = true
            case "--slow":
                let text = try value()
                guard let n = Int(text), RenderOptions.slowdowns.contains(n) else {
                    throw LabError.usage(
                        "--slow takes a whole factor from 1 to 10 (2 or 10, say), not '\(LabLimits.echo(text))'")
                }
                options.slow = n
            default:
                if let takesValue = RenderOptions.labOptions[name] {
                    options.lab += takesValue ? [name, try value()] : [argument]
                } else if argument.hasPrefix("-") && argument != "-" {
                    throw LabError.usage("unknown option '\(LabLimits.echo(argument))' for render")
                } else {
                    positional.append(argument)
                }
            }
        }
        guard positional.count == 2 else { throw LabError.usage("render takes a recording and an output") }
        recordingPath = positional[0]
        outputPath = positional[1]
        (showsHUD, drawsPointer, slowdown, labArguments) = options
    }

    /// The lab's configuration for the recording: its session's options, then these. A recording made in one scene
    /// is not shown in another (its input would mean something else there).
    func configuration(for recording: Recording) throws -> LabConfiguration {
        var session = try RecordedSession.replayArguments(recording, path: recordingPath, asked: labArguments) {
            fputs("\(LabMain.programName) render: \(LabLimits.echo($0, limit: nil))\n", stderr)
        }
        if showsHUD == true { session.removeAll { $0 == "--no-hud" } }
        let hud = showsHUD == false ? ["--no-hud"] : []
        var configuration = try LabConfiguration(
            arguments: session + labArguments + hud + ["--headless", "--replay", recordingPath])
        configuration.scale = configuration.scale ?? 1
        return configuration
    }
}
