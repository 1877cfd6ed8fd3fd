import ModalKit

/// The HUD's lines, formatted every frame into bytes kept from frame to frame, and the lines on screen. A line
/// becomes a `String` (and its label is told) only when it differs from the one shown, so a frame whose numbers
/// did not change, or may not be shown yet, allocates nothing.
struct HUDText {
    /// The lines that follow the scene (scene and phase, the drag, the rule or summary), shown on the HUD's
    /// schedule.
    static let live = 0 ..< 3
    /// The last line (frame timings, a reload's error or a notice), shown as soon as it changes.
    static let last = 3 ..< 4
    /// The scene's own lines (`SceneReadouts.writeHUDLines`), shown on the schedule of the live ones and drawn between
    /// them and the last line; after it in the panel's labels, so the lab's four keep their places.
    static let scene = 4 ..< HUDPanel.lineCount

    /// This frame's lines and colours; write a line after `begin`.
    var lines = [TextBuffer](repeating: TextBuffer(), count: HUDPanel.lineCount)
    var colors = [Color](repeating: .white, count: HUDPanel.lineCount)
    private var shown = [TextBuffer](repeating: TextBuffer(), count: HUDPanel.lineCount)
    private var shownColors = [Color](repeating: .white, count: HUDPanel.lineCount)
    /// How many lines became a `String` (for the tests: only a line that changed and is shown does).
    private(set) var stringsMade = 0

    /// Empties line `i` for writing, in `color`.
    mutating func begin(_ i: Int, color: Color = .white) {
        lines[i].removeAll()
        colors[i] = color
    }

    /// Line `i` is `text` in `color`.
    mutating func set(_ i: Int, _ text: String, color: Color) {
        begin(i, color: color)
        lines[i].append(string: text)
    }

    /// Whether any line in `range` differs from the one shown.
    func changed(_ range: Range<Int>) -> Bool {
        range.contains { lines[$0] != shown[$0] || colors[$0] != shownColors[$0] }
    }

    /// Puts the lines in `range` that changed on `hud`.
    mutating func show(_ range: Range<Int>, in hud: HUDView) {
        for i in range where lines[i] != shown[i] || colors[i] != shownColors[i] {
            shown[i].removeAll()
            shown[i].append(lines[i])
            shownColors[i] = colors[i]
            hud.setLine(i, text: lines[i].string, color: colors[i])
            stringsMade += 1
        }
    }
}
