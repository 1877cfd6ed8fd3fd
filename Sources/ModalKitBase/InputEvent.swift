/// A key the lab reacts to, named independently of any window system.
public enum Key: Hashable, Sendable {
    /// Escape, Space, Return and Tab.
    case escape, space, returnKey, tab
    /// The arrow keys Up and Down.
    case up, down
    /// A printable character, lower-cased ("h", "1", ...).
    case character(Character)
    /// Any other key, by its window system's key code (an X keysym under X11).
    case other(UInt32)
}

/// Why the window stopped receiving the pointer in the middle of an interaction.
public enum PointerLossReason: String, Hashable, Sendable {
    /// Another client (a window manager, a menu) grabbed the pointer.
    case grabBroken = "grab-broken"
    /// The window lost the keyboard focus.
    case focusLost = "focus-lost"
    /// The window was unmapped (hidden or iconified).
    case unmapped
}

/// Where a pinch is, named as UIKit names a gesture recognizer's states.
public enum PinchPhase: String, CaseIterable, Hashable, Sendable {
    /// The fingers started pinching (the first Ctrl-scroll, a touchpad's pinch begin).
    case began
    /// The fingers moved: a new cumulative scale or center.
    case changed
    /// The fingers lifted (or Ctrl was let go, or the Ctrl-scroll went quiet).
    case ended
    /// The system took the pinch away (a touchpad's cancelled pinch, the pointer lost).
    case cancelled
}

/// Everything the window system tells the rest of ModalKit, in platform-neutral form: positions in points from the
/// window's top-left, times in seconds on the server's clock (monotonic within one run; see `ServerTime`).
public enum InputEvent: Hashable, Sendable {
    /// The primary button went down at a position, in points, at a time in seconds.
    case pointerDown(Point, time: Double)
    /// The pointer moved to a position, in points, at a time in seconds (with or without a button down).
    case pointerMove(Point, time: Double)
    /// The primary button went up at a position, in points, at a time in seconds.
    case pointerUp(Point, time: Double)
    /// A key went down at a time in seconds.
    case keyDown(Key, time: Double)
    /// A wheel or touchpad scrolled by `delta` points with the pointer at `at`. Positive y moves toward the end of
    /// the content (a wheel rolled toward you). `precise` deltas come from a touchpad or a high-resolution wheel
    /// and are applied 1:1; coarse ones are whole wheel clicks (`InputEvent.wheelClickDistance` each).
    case scroll(delta: Point, at: Point, time: Double, precise: Bool)
    /// A two-finger pinch (a touchpad's, or Ctrl + wheel / Ctrl + touchpad scroll) with the fingers' `center` in
    /// points: `scale` is cumulative since `began`, as `UIPinchGestureRecognizer.scale` (1 = unchanged, below 1
    /// when the fingers close).
    case pinch(PinchPhase, scale: Double, center: Point, time: Double)
    /// The window's content area changed size (in points).
    case resize(Size)
    /// The user asked to close the window (WM_DELETE_WINDOW).
    case close
    /// The window stopped receiving the pointer mid-interaction; the interaction should end as if cancelled.
    case pointerLost(PointerLossReason)

    /// Points one wheel click scrolls: about three lines of 17-point text.
    public static let wheelClickDistance = 48.0

    /// The event's timestamp in seconds, where it has one.
    public var time: Double? {
        switch self {
        case .pointerDown(_, let t), .pointerMove(_, let t), .pointerUp(_, let t), .keyDown(_, let t): return t
        case .scroll(_, _, let t, _), .pinch(_, _, _, let t): return t
        case .resize, .close, .pointerLost: return nil
        }
    }
}

/// Turns the X server's 32-bit millisecond timestamps, which wrap every ~49.7 days, into seconds that keep
/// increasing across a wrap.
public struct ServerTime: Sendable {
    private var last: UInt32?
    private var wraps: UInt64 = 0

    /// A converter that has seen no timestamp yet.
    public init() {}

    /// Seconds for a server timestamp, assuming timestamps arrive in order (a wrap is a large backwards step).
    public mutating func seconds(for ms: UInt32) -> Double {
        if let last, ms < last, last - ms > UInt32.max / 2 { wraps += 1 }
        last = ms
        return Double(wraps * (UInt64(UInt32.max) + 1) + UInt64(ms)) / 1000
    }
}
