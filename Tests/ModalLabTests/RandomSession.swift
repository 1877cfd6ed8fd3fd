import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// One step of a random session: an input event, or display frames passing.
enum RandomStep: CustomStringConvertible {
    case event(InputEvent)
    case frames(Int)

    var description: String {
        switch self {
        case .event(let event): return "\(event)"
        case .frames(let n): return "\(n) frames"
        }
    }
}

/// Random sessions of what a user, a window manager and the system do to the lab: drags (press, moves biased
/// downward, release), wheel and touchpad scrolling, pinches, the lab's keys, resizes, focus loss and frames. Keys 1–N cover every scene in the catalog.
struct RandomSessionGenerator {
    var rng: SplitMix64
    /// The window size the next pointer positions are drawn in.
    private var size = Size(width: 375, height: 667)
    private var pointer = Point(x: 187, y: 300)
    private var isDown = false

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// The keys a user presses: Escape, Space, Return, a digit per scene, R, S, H.
    static var keys: [Key] {
        [.escape, .space, .returnKey, .character("r"), .character("s"), .character("h")]
            + SceneCatalog.all.indices.compactMap { i in String(i + 1).first.map(Key.character) }
    }

    /// A session of about `length` steps.
    mutating func session(length: Int) -> [RandomStep] {
        var steps: [RandomStep] = []
        while steps.count < length { steps += chunk() }
        return steps
    }

    private mutating func chunk() -> [RandomStep] {
        switch Int.random(in: 0 ..< 100, using: &rng) {
        case 0 ..< 40: return drag()
        case 40 ..< 60: return [.event(.keyDown(Self.keys.randomElement(using: &rng) ?? .escape, time: 0))]
        case 60 ..< 68: return [.event(.resize(randomSize()))]
        case 68 ..< 73: return [.event(.pointerLost(.focusLost))]
        case 73 ..< 83: return scrolls()
        case 83 ..< 89: return pinch()
        default: return [.frames(Int.random(in: 1 ... 40, using: &rng))]
        }
    }

    /// A press, moves one to three frames apart, and usually a release (sometimes not: the next chunk decides).
    private mutating func drag() -> [RandomStep] {
        var steps: [RandomStep] = []
        if !isDown {
            pointer = Point(
                x: Double.random(in: 0 ... size.width, using: &rng),
                y: Double.random(in: 0 ... size.height * 0.8, using: &rng))
            steps.append(.event(.pointerDown(pointer, time: 0)))
            isDown = true
        }
        let speed = Double.random(in: 2 ... 80, using: &rng)
        for _ in 0 ..< Int.random(in: 1 ... 30, using: &rng) {
            pointer = Point(
                x: pointer.x + Double.random(in: -0.3 ... 0.3, using: &rng) * speed,
                y: pointer.y + Double.random(in: -0.4 ... 1, using: &rng) * speed)
            pointer = Point(x: min(max(pointer.x, -50), size.width + 50), y: min(max(pointer.y, -50), size.height + 50))
            steps.append(.frames(Int.random(in: 0 ... 2, using: &rng)))
            steps.append(.event(.pointerMove(pointer, time: 0)))
        }
        if Int.random(in: 0 ..< 10, using: &rng) < 8 {
            steps.append(.event(.pointerUp(pointer, time: 0)))
            isDown = false
        }
        return steps
    }

    /// A burst of wheel clicks (whole 48-point steps) or touchpad deltas in either direction, zero to four frames
    /// apart (so some bursts outlast the quiet time and some end inside a drag), anywhere in the window.
    private mutating func scrolls() -> [RandomStep] {
        var steps: [RandomStep] = []
        let at =
            isDown
            ? pointer
            : Point(
                x: Double.random(in: 0 ... size.width, using: &rng),
                y: Double.random(in: 0 ... size.height, using: &rng))
        let precise = Bool.random(using: &rng), direction: Double = Bool.random(using: &rng) ? 1 : -1
        for _ in 0 ..< Int.random(in: 1 ... 12, using: &rng) {
            let dy = precise ? Double.random(in: 0.5 ... 20, using: &rng) : 48
            steps.append(.event(.scroll(delta: Point(x: 0, y: dy * direction), at: at, time: 0, precise: precise)))
            steps.append(.frames(Int.random(in: 0 ... 4, using: &rng)))
        }
        return steps
    }

    /// A pinch anywhere, closing or opening by up to 5% a step, zero to three frames apart; usually ended or
    /// cancelled, sometimes cut off (a replay's pinch with no end, the next pinch begins over it).
    private mutating func pinch() -> [RandomStep] {
        let center = Point(
            x: Double.random(in: -20 ... size.width + 20, using: &rng),
            y: Double.random(in: -20 ... size.height + 20, using: &rng))
        var scale = 1.0
        var steps: [RandomStep] = [.event(.pinch(.began, scale: scale, center: center, time: 0))]
        let closing = Int.random(in: 0 ..< 4, using: &rng) < 3
        for _ in 0 ..< Int.random(in: 1 ... 25, using: &rng) {
            scale *= 1 + (closing ? -1 : 1) * Double.random(in: 0 ... 0.05, using: &rng)
            let drift = Point(
                x: center.x + Double.random(in: -30 ... 30, using: &rng),
                y: center.y + Double.random(in: -30 ... 30, using: &rng))
            steps.append(.frames(Int.random(in: 0 ... 3, using: &rng)))
            steps.append(.event(.pinch(.changed, scale: scale, center: drift, time: 0)))
        }
        switch Int.random(in: 0 ..< 10, using: &rng) {
        case 0 ..< 7: steps.append(.event(.pinch(.ended, scale: scale, center: center, time: 0)))
        case 7 ..< 9: steps.append(.event(.pinch(.cancelled, scale: scale, center: center, time: 0)))
        default: break
        }
        return steps
    }

    private mutating func randomSize() -> Size {
        size = Size(
            width: Double(Int.random(in: 200 ... 900, using: &rng)),
            height: Double(Int.random(in: 240 ... 1100, using: &rng)))
        return size
    }
}

extension InputEvent {
    /// The same event stamped with `time` (server seconds), for events that carry one.
    func at(_ time: Double) -> InputEvent {
        switch self {
        case .pointerDown(let p, _): return .pointerDown(p, time: time)
        case .pointerMove(let p, _): return .pointerMove(p, time: time)
        case .pointerUp(let p, _): return .pointerUp(p, time: time)
        case .keyDown(let k, _): return .keyDown(k, time: time)
        case let .scroll(delta, p, _, precise): return .scroll(delta: delta, at: p, time: time, precise: precise)
        case let .pinch(phase, scale, p, _): return .pinch(phase, scale: scale, center: p, time: time)
        default: return self
        }
    }
}
