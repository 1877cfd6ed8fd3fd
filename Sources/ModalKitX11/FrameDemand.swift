/// What the app asks of the loop at a wake-up: a frame now, a frame at a later time, or nothing. Pure, so both
/// loops (Present and the timer) make the same decision and tests can make it on a manual clock.
struct FrameDemand: Equatable {
    /// The app wants a frame now: it changed, something moves, or the window needs it whole.
    var now: Bool
    /// When the app asked for a frame although it wants none now (`HostApplication.nextFrameTime`); nil for none.
    var at: Double?

    /// Whether a frame is wanted at `time`: now, or the time asked for has come.
    func wantsFrame(at time: Double) -> Bool {
        now || at.map { time >= $0 } == true
    }

    /// When the loop must wake for the frame asked for later: nil while a frame is wanted at `time` (the pacing
    /// or the timer times it) or when none was asked for.
    func wakeTime(at time: Double) -> Double? {
        wantsFrame(at: time) ? nil : at
    }
}

/// What the host's loop sleeps for after a wake-up.
enum LoopWait: Equatable {
    /// It drew a frame and starts over at once.
    case drew
    /// A frame's time (a draw time, the next tick, a time the app asked for): input is read once then, since
    /// only a frame uses it.
    case forFrame
    /// Input, the server's answers, or the app's descriptors: the connection is read whenever it has data.
    case forEvents
}

extension LoopWait {
    /// What the loop waits for after the Present pacing's `step` said to wait: with nothing pending and a frame
    /// wanted, a timed wait is for that frame's draw time (or the half period between frames). A wait for a time
    /// the app asked for reads input as it comes (input may want a frame sooner), and so does a wait for the
    /// server's answer (it comes on the connection).
    init(waitingUntil deadline: Double?, wantsFrame: Bool, pending: Bool) {
        self = wantsFrame && !pending && deadline != nil ? .forFrame : .forEvents
    }
}
