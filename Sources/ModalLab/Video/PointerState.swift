import ModalKit

/// Where the recorded pointer was at a frame, and whether it was pressed: the events a replay has handed the lab
/// by then (those recorded before the frame's time, as `Replay` hands them).
struct PointerState {
    private let entries: [Recording.Entry]
    private var next = 0
    /// The pointer's last position in points; nil before it was first seen.
    private(set) var location: Point?
    /// Whether the button was down.
    private(set) var isPressed = false

    init(_ recording: Recording) {
        entries = recording.entries.sorted { $0.t < $1.t }
    }

    /// Takes in the events recorded before `frameTime`.
    mutating func advance(to frameTime: Double) {
        while next < entries.count, entries[next].t < frameTime - 1e-6 {
            apply(entries[next].event)
            next += 1
        }
    }

    private mutating func apply(_ event: InputEvent) {
        switch event {
        case .pointerDown(let p, _): location = p; isPressed = true
        case .pointerMove(let p, _), .scroll(_, let p, _, _), .pinch(_, _, let p, _): location = p
        case .pointerUp(let p, _): location = p; isPressed = false
        case .pointerLost: isPressed = false
        default: break
        }
    }

    /// Draws a touch-like dot where the pointer is (`--pointer`): translucent so the stage shows through, bigger
    /// while pressed, as a finger on glass looks in a screen recording.
    func draw(on bitmap: inout Bitmap, scale: Double) {
        guard let location else { return }
        let radius = (isPressed ? 22.0 : 12.0) * scale
        let rect = Rect(
            x: location.x * scale - radius, y: location.y * scale - radius, width: 2 * radius, height: 2 * radius)
        bitmap.fillRoundedRect(
            rect, radii: CornerRadii(all: radius), color: Color(white: 0.35, alpha: isPressed ? 0.45 : 0.3))
        let inner = rect.insetBy(dx: 2 * scale, dy: 2 * scale)
        bitmap.fillRoundedRect(inner, radii: CornerRadii(all: radius - 2 * scale), color: Color(white: 1, alpha: 0.25))
    }
}
