import ModalLab
import ModalKit

/// One headless lab on a manual clock, posed the way a user would pose it: pressed, dragged, released, and left
/// to animate, one 60 Hz frame at a time.
final class LabDriver {
    let lab: Lab
    let clock = ManualClock()
    let size: Size
    static let frameInterval = 1.0 / 60
    /// Where drags start (points): the middle of the screen, on the card in every scene.
    private let start: Point
    private var pointer: Point

    init(scene: Scene.Type, showsHUD: Bool, size: Size) throws {
        var configuration = LabConfiguration()
        configuration.sceneType = scene
        configuration.showsHUD = showsHUD
        configuration.size = size
        self.size = size
        lab = try Lab(configuration: configuration, clock: clock)
        start = Point(x: size.width / 2, y: size.height * 0.45)
        pointer = start
    }

    /// Moves the clock one frame and advances every animation to it.
    func step() {
        clock.advance(by: LabDriver.frameInterval)
        lab.advance(to: clock.now)
    }

    /// Steps until nothing animates (at most ten seconds of frames), calling `frame` after each step.
    func settle(_ frame: () -> Void = {}) {
        var left = 600
        while lab.isAnimating && left > 0 {
            step()
            frame()
            left -= 1
        }
    }

    func press() {
        pointer = start
        lab.handle(.pointerDown(pointer, time: clock.now))
    }

    /// Moves the pressed pointer to `dy` points below where the press began, over one frame.
    func drag(toOffset dy: Double) {
        pointer = Point(x: start.x, y: start.y + dy)
        lab.handle(.pointerMove(pointer, time: clock.now))
    }

    func release() {
        lab.handle(.pointerUp(pointer, time: clock.now))
    }

    /// Presses and drags `distance` points down in ten frames, then holds still for a quarter second so the
    /// release carries no velocity and the scene decides on distance alone.
    func dragAndHold(distance: Double, frame: () -> Void = {}) {
        press()
        for i in 1 ... 10 {
            step()
            drag(toOffset: distance * Double(i) / 10)
            frame()
        }
        for _ in 0 ..< 15 { step(); frame() }
    }

    /// Puts the modal back up when a finish dismissed it (Space, as a user would), and waits for it to settle.
    func restoreModal(_ frame: () -> Void = {}) {
        settle(frame)
        if lab.window.topViewController === lab.scene.root {
            lab.handle(.keyDown(.space, time: clock.now))
            settle(frame)
        }
    }
}
