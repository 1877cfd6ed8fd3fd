import ModalKit

/// What the lab tells the user about itself rather than the scene: a notice (an export's result), a config
/// reload's error, and the end-of-run export and whether it failed.
struct LabNotices {
    /// A line for the HUD about what the lab did (an export), until the next press or key.
    var notice: String?
    /// The one-line error of the last config reload that failed, shown in the HUD and the inspector until one works.
    var configMessage: String?
    /// The end-of-run export (`--export`) could not be written: the lab ends with exit 1 and this line.
    var exportFailure: LabError?
    /// Whether the lab has ended (the end-of-run export is written once).
    var finished = false
    /// Where a problem the lab keeps running through is written in full, once (a failed reload): stderr, as the
    /// lab's other lines; the HUD and the inspector show only what fits.
    var problemLog: (String) -> Void = { LabMain.fail($0) }

    /// The HUD's last line when it is not the frame timings: a reload's error first (what the user must fix),
    /// then a notice.
    var hudMessage: LabHUD.Message? {
        if let configMessage { return LabHUD.Message(text: configMessage, color: Color(rgb: 0xFF453A)) }
        if let notice { return LabHUD.Message(text: notice, color: Color(rgb: 0x64D2FF)) }
        return nil
    }
}
