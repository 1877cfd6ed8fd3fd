import ModalKit

/// The lines a scene adds to the HUD under its rule line (`SceneReadouts.writeHUDLines(into:)`), written every frame into
/// bytes the lab keeps from frame to frame: a frame whose lines did not change allocates nothing, and a line
/// becomes a `String` only when it changed and is shown.
public struct SceneHUDLines {
    /// How many lines a scene may add; the HUD's panel grows by each line written, up to this.
    public static let capacity = 2
    /// The colour of a line written without one: the HUD's grey for figures that are not a decision.
    public static let defaultColor = Color(white: 0.8)

    var lines = [TextBuffer](repeating: TextBuffer(), count: SceneHUDLines.capacity)
    var colors = [Color](repeating: SceneHUDLines.defaultColor, count: SceneHUDLines.capacity)
    /// How many lines were written this frame.
    public private(set) var count = 0

    /// Writes the next line in `color` with `write`; a line past `capacity` is dropped.
    public mutating func add(color: Color = SceneHUDLines.defaultColor, _ write: (inout TextBuffer) -> Void) {
        guard count < Self.capacity else { return }
        lines[count].removeAll()
        colors[count] = color
        write(&lines[count])
        count += 1
    }

    /// Forgets the last frame's lines (their bytes are kept for the next).
    mutating func reset() { count = 0 }
}
