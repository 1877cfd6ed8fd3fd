import XCTest
import ModalKit
@testable import ModalLab

/// A lab on a manual clock with a pointer that moves frame by frame: the scenes' behaviour without an X server.
final class LabDriver {
    let clock = ManualClock()
    let lab: Lab
    let fps = 60.0

    init(_ scene: Scene.Type, set: [(String, ParameterValue)] = [], trace: String? = nil, record: String? = nil) throws {
        var configuration = LabConfiguration()
        configuration.sceneType = scene
        configuration.parameterOverrides = set
        configuration.tracePath = trace
        configuration.recordPath = record
        lab = try Lab(configuration: configuration, clock: clock)
    }

    var top: String { lab.scene.traceName(for: lab.window.topViewController ?? lab.scene.root) }
    var card: Rect? { lab.topCardFrame }

    /// One display frame: time moves on, animations advance.
    func frame() {
        clock.advance(by: 1 / fps)
        lab.advance(to: clock.now)
    }

    func frames(_ n: Int) { for _ in 0..<n { frame() } }

    /// Runs frames until everything rests (at most 10 s of lab time).
    func settle() {
        var n = 0
        while (lab.isAnimating || lab.window.activeTransition != nil) && n < 600 { frame(); n += 1 }
    }

    func send(_ event: InputEvent) { lab.handle(event) }

    /// A drag from `start` by `delta` points over `duration` seconds, one move per frame, then (optionally) a rest
    /// and a release where the pointer stopped.
    func drag(from start: Point, by delta: Point, over duration: Double, restBeforeRelease: Double = 0,
              release: Bool = true) {
        send(.pointerDown(start, time: clock.now))
        let steps = max(1, Int((duration * fps).rounded()))
        for i in 1...steps {
            frame()
            let f = Double(i) / Double(steps)
            send(.pointerMove(Point(x: start.x + delta.x * f, y: start.y + delta.y * f), time: clock.now))
        }
        if restBeforeRelease > 0 { frames(Int((restBeforeRelease * fps).rounded())) }
        if release { send(.pointerUp(start + delta, time: clock.now)) }
    }

    func key(_ key: Key) { send(.keyDown(key, time: clock.now)) }

    /// Taps at a point (press and release without moving).
    func tap(_ p: Point) {
        send(.pointerDown(p, time: clock.now))
        frame()
        send(.pointerUp(p, time: clock.now))
    }
}
