import ModalKit

/// One thing that happened in the lab, as a typed value: published once by the lab (`LabEventStream`) to the
/// trace writer, the live plot, the inspector and the HUD, in the order it happened. Nothing in the process writes
/// JSON to read it back; the trace writer is one subscriber among four.
enum LabEvent {
    /// A scene was shown (at start, a switch, a reset, parameters applied), with what it runs with.
    case scene(SceneShown)
    /// A frame was presented.
    case frame(FrameShown)
    /// The server showed a frame at a vertical blank, as the host reported it.
    case shown(t: Double, ModalKitBase.FrameShown)
    /// A pan changed state; at its end (the release) with every estimator's reading.
    case gesture(GestureChange)
    /// A transition began, was released (finish, cancel), paused, completed or abandoned.
    case transition(t: Double, event: TransitionEvent, kind: String, interactive: Bool)
    /// A scene marker changed (the sheet's selected detent: `SceneEvent.detentChanged`).
    case detent(t: Double, identifier: String?)
    /// The user tried to dismiss what may not be dismissed (`SceneEvent.dismissAttempt`).
    case dismissAttempt(t: Double)
    /// Everything came to rest; `top` is the scene's name for the controller on top.
    case settled(t: Double, top: String)

    /// A scene on the stage and what it runs with.
    struct SceneShown {
        var t: Double
        /// The scene's name (its kind's).
        var name: String
        var parameters: SceneParameters
        /// The release rule's lines, as the trace's `scene` record and a plot read them.
        var rule: ReleaseRule
    }

    /// A presented frame: what the scene shows and what it cost.
    struct FrameShown {
        var t: Double
        /// The scene, for the fields it adds to the frame's trace line (`SceneReadouts.writeTraceFields`).
        var scene: any Scene
        var phase: Phase
        var progress: Double?
        var card: Rect?
        var pointer: Point?
        /// The host's report of the frame, as it came: timings, its number, when it was presented.
        var report: FrameReport
        /// How long the frame took to draw, milliseconds.
        var renderMs: Double { report.renderSeconds * 1000 }
        /// How long the frame took to present, milliseconds.
        var presentMs: Double { report.presentSeconds * 1000 }
    }

    /// A pan's state change, read from the recognizer once when it happened.
    struct GestureChange {
        var t: Double
        var state: GestureRecognizer.State
        var translation: Point
        var velocity: Point
        /// The estimator whose reading `velocity` is.
        var estimator: VelocityEstimator
        /// At the release (ended, cancelled): what every estimator reads from the same samples; else empty.
        var readings: [(estimator: VelocityEstimator, velocity: Point)]

        /// Whether the pan ended or was cancelled: the release.
        var isRelease: Bool { state == .ended || state == .cancelled }

        /// `pan`'s change at `t`; the readings are taken only at a release (they allocate).
        init(t: Double, pan: PanGestureRecognizer) {
            self.t = t
            state = pan.state
            translation = pan.translation(in: pan.view)
            velocity = pan.velocity(in: pan.view)
            estimator = pan.velocityEstimator
            readings = []
            if isRelease { readings = pan.velocities(in: pan.view) }
        }
    }

    /// When it happened, seconds since the lab started.
    var t: Double {
        switch self {
        case .scene(let e): return e.t
        case .frame(let e): return e.t
        case .gesture(let e): return e.t
        case .shown(let t, _), .transition(let t, _, _, _), .detent(let t, _), .dismissAttempt(let t),
            .settled(let t, _):
            return t
        }
    }
}

/// One of the lab's subscribers: takes every event the lab publishes, once, in order.
protocol LabEventSubscriber: AnyObject {
    /// One event, as it happens.
    func take(_ event: LabEvent)
    /// The lab ends: flush and close what is written (by default nothing).
    func close()
}

extension LabEventSubscriber {
    func close() {}
}

/// The lab's subscribers: a fixed set of four slots, not a list that grows (a panel opened again replaces the
/// last one's reader; a closed panel empties its slot). Each event goes to each subscriber once, in slot order:
/// the trace writer first, so what a reader sees has already been written.
struct LabEventStream {
    /// The JSON Lines writer (`--trace`), nil without one.
    var trace: (any LabEventSubscriber)?
    /// `--plot`'s live plot.
    var plot: (any LabEventSubscriber)?
    /// The inspector panel's reader of released drags, while the panel is shown.
    var panel: (any LabEventSubscriber)?
    /// The HUD: its frame timings, and whether its lines may have changed.
    var hud: (any LabEventSubscriber)?

    /// Hands `event` to every subscriber.
    func publish(_ event: LabEvent) {
        trace?.take(event)
        plot?.take(event)
        panel?.take(event)
        hud?.take(event)
    }

    /// How many slots are filled, for leak checks.
    var subscriberCount: Int {
        (trace == nil ? 0 : 1) + (plot == nil ? 0 : 1) + (panel == nil ? 0 : 1) + (hud == nil ? 0 : 1)
    }

    /// The lab ends: every subscriber flushes what it writes.
    func close() {
        trace?.close()
        plot?.close()
        panel?.close()
        hud?.close()
    }
}
