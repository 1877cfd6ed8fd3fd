#if canImport(Glibc)
import Glibc
#endif

/// A program that runs its own scenes in the lab: the X11 window, the HUD, the keys, the inspector, live config,
/// the trace, record and replay, plots, export and `--headless --screenshot`, with modal-lab's command line and
/// exit codes. The program is one declaration:
///
/// ```swift
/// import ModalLab
///
/// @main
/// struct PhotoLab: LabApplication {
///     static let scenes = [SceneKind(PhotoScene.self)]
/// }
/// ```
///
/// `swift run PhotoLab` opens the window on the first scene; `--scene NAME` picks another, keys 1–9 switch
/// among them, and `swift run PhotoLab --headless --screenshot out.png` writes a PNG.
public protocol LabApplication {
    /// The scenes the lab offers, in the order of the keys 1–9; the first is the default.
    static var scenes: [SceneKind] { get }
}

extension LabApplication {
    /// Runs the lab over `scenes` with the process's arguments and exits with the lab's exit code.
    public static func main() {
        if let name = CommandLine.arguments.first?.split(separator: "/").last { LabMain.programName = String(name) }
        exit(LabMain.run(Array(CommandLine.arguments.dropFirst()), scenes: scenes))
    }
}
