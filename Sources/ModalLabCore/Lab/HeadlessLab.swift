import ModalKit

/// A lab on a manual clock, moved one display frame at a time, with a pointer and keys: the one way to drive a lab
/// without an X server. `--headless`, replays, the render benchmark and the headless scene tests all use it, so
/// they agree on what a frame is and on what "settled" means.
public final class HeadlessLab {
    /// What is driven: the lab, or a comparison of two.
    public let stage: any HostedLab
    /// The lab being driven (a comparison's side A).
    public let lab: Lab
    /// The lab's time: it moves only when this harness (or a replay feeding it) moves it.
    public let clock: ManualClock
    /// Seconds between display frames.
    public let frameInterval: Double
    /// Where the pointer last was (points), for a release where it stopped.
    public private(set) var pointer = Point.zero

    /// Drives an existing lab that runs on `clock` (a window's replay hands its lab here).
    public convenience init(lab: Lab, clock: ManualClock, fps: Double) {
        self.init(stage: lab, clock: clock, fps: fps)
    }

    /// Drives an existing lab or comparison that runs on `clock`.
    public init(stage: any HostedLab, clock: ManualClock, fps: Double) {
        self.stage = stage
        lab = stage.primary
        self.clock = clock
        frameInterval = 1 / fps
    }

    /// A fresh lab for `configuration` on a clock starting at 0.
    public convenience init(configuration: LabConfiguration, fps: Double = 60) throws {
        let clock = ManualClock()
        let stage = try HostedLabs.make(configuration, clock: clock, outputs: try LabOutputs(configuration))
        self.init(stage: stage, clock: clock, fps: fps)
    }

    /// A fresh lab showing `scene` with parameter overrides, at the default size unless given.
    public convenience init(
        scene: SceneKind, parameters: [(String, ParameterValue)] = [], showsHUD: Bool = true,
        size: Size? = nil, tracePath: String? = nil, recordPath: String? = nil
    ) throws {
        var configuration = LabConfiguration()
        configuration.sceneKind = scene
        configuration.parameterOverrides = parameters
        configuration.showsHUD = showsHUD
        if let size { configuration.size = size }
        configuration.tracePath = tracePath
        configuration.recordPath = recordPath
        try self.init(configuration: configuration)
    }

    // MARK: Frames

    /// One display frame: `before` gets the new frame's time first (a replay hands over the events recorded
    /// before it, each at its own time), then time moves to the frame and every animation advances to it.
    public func step(_ before: (_ frameTime: Double) -> Void = { _ in }) {
        let frameTime = clock.now + frameInterval
        before(frameTime)
        clock.set(to: frameTime)
        stage.advance(to: frameTime)
    }

    /// `count` frames, calling `afterEach` after each (to render it, for instance).
    public func steps(_ count: Int, afterEach: () -> Void = {}) {
        for _ in 0 ..< max(count, 0) {
            step()
            afterEach()
        }
    }

    /// Nothing will change without new input: no animation runs, and no transition is under way unless a drag
    /// is holding it (a held drag moves only when the pointer does).
    public var isSettled: Bool { stage.isSettled }

    /// Steps frames until the lab is settled, for at most `limit` seconds of lab time; returns whether it settled.
    @discardableResult
    public func settle(limit: Double = 10, afterEach: () -> Void = {}) -> Bool {
        let frames = Int((limit / frameInterval).rounded())
        var stepped = 0
        while !isSettled && stepped < frames {
            step()
            afterEach()
            stepped += 1
        }
        return isSettled
    }

    // MARK: Input

    /// Hands one event to the lab now.
    public func send(_ event: InputEvent) { stage.handle(event) }

    /// Presses the primary button at `point` (points) now.
    public func press(at point: Point) {
        pointer = point
        send(.pointerDown(point, time: clock.now))
    }

    /// Moves the pointer to `point` now.
    public func move(to point: Point) {
        pointer = point
        send(.pointerMove(point, time: clock.now))
    }

    /// Releases the button where the pointer is.
    public func release() { send(.pointerUp(pointer, time: clock.now)) }

    /// A drag from `start` by `delta` over `duration` seconds, one move per frame (each after its frame's step),
    /// then a rest of `restBeforeRelease` seconds and, unless `release` is false, a release where it stopped.
    /// `afterEach` runs after every frame's move and every resting frame.
    public func drag(
        from start: Point, by delta: Point, over duration: Double, restBeforeRelease: Double = 0,
        release: Bool = true, afterEach: () -> Void = {}
    ) {
        press(at: start)
        let count = max(1, Int((duration / frameInterval).rounded()))
        for i in 1 ... count {
            step()
            let f = Double(i) / Double(count)
            move(to: Point(x: start.x + delta.x * f, y: start.y + delta.y * f))
            afterEach()
        }
        steps(Int((restBeforeRelease / frameInterval).rounded()), afterEach: afterEach)
        if release { self.release() }
    }

    /// A pinch at `center` from scale 1 to `scale` over `duration` seconds, one change per frame (each after its
    /// frame's step), then, unless `end` is false, its end there.
    public func pinch(to scale: Double, at center: Point, over duration: Double, end: Bool = true) {
        send(.pinch(.began, scale: 1, center: center, time: clock.now))
        let count = max(1, Int((duration / frameInterval).rounded()))
        for i in 1 ... count {
            step()
            send(.pinch(.changed, scale: 1 + (scale - 1) * Double(i) / Double(count), center: center, time: clock.now))
        }
        if end { send(.pinch(.ended, scale: scale, center: center, time: clock.now)) }
    }

    /// A press and a release at `point` one frame apart, without moving.
    public func tap(_ point: Point) {
        press(at: point)
        step()
        release()
    }

    /// One wheel or touchpad event at `point` now: `delta` in points, positive y toward the end of the content
    /// (a wheel rolled toward the user); `precise` for a touchpad's deltas, false for a wheel's whole clicks.
    public func scroll(by delta: Point, at point: Point, precise: Bool) {
        send(.scroll(delta: delta, at: point, time: clock.now, precise: precise))
    }

    /// A key press now.
    public func key(_ key: Key) { send(.keyDown(key, time: clock.now)) }

    /// A mouse wheel turned by `clicks` (positive: toward the user, scrolling toward the end) at `point`.
    public func wheel(_ clicks: Double, at point: Point) {
        scroll(by: Point(x: 0, y: clicks), at: point, precise: false)
    }

    // MARK: Pictures

    /// The window as it is now, drawn at `scale` pixels per point (the inspector beside the stage when shown).
    @discardableResult
    public func render(scale: Double = 1) -> Bitmap {
        var bitmap = Bitmap(
            width: Int((stage.windowSize.width * scale).rounded()),
            height: Int((stage.windowSize.height * scale).rounded()))
        stage.render(into: &bitmap, scale: scale)
        return bitmap
    }

    /// Writes `render(scale:)` as a PNG file at `path`, as `--screenshot` does.
    public func writePNG(to path: String, scale: Double = 1) throws {
        let file = try OutputFile(path: path, name: "screenshot \(LabLimits.echo(path))")
        try file.write(try PNG.encode(render(scale: scale), name: file.name))
    }

    // MARK: What is shown

    /// The trace's name for the controller in front: "presenting", "modal", "modal-one", "modal-two".
    public var topName: String {
        lab.scene.traceName(for: lab.window.topViewController ?? lab.scene.root)
    }

    /// The top-most modal's view as shown (window points), nil when only the presenting screen is up.
    public var card: Rect? { lab.topCardFrame }
}
