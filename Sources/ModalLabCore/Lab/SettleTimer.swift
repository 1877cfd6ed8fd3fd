/// When a watched file is due to be read: a short moment after its last change, so an editor's several writes (or
/// a design tool's export of several PNGs) are read once, whole. On the lab's clock; the config and the scene
/// file's reloads both wait with it.
struct SettleTimer {
    /// How long after the last change the file is read (lab seconds).
    static let delay = 0.05
    /// When the read is due (the lab asks the host for a frame then); nil when nothing changed.
    private(set) var dueAt: Double?

    /// The file changed at `now`: due once `delay` has passed without another change.
    mutating func changed(at now: Double) { dueAt = now + SettleTimer.delay }

    /// Whether the read is due at `now`; true once per change.
    mutating func takeDue(at now: Double) -> Bool {
        guard let due = dueAt, now >= due else { return false }
        dueAt = nil
        return true
    }
}
