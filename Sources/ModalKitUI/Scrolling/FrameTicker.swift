import ModalKitMotion

/// Calls a view back on every display frame while it runs, like CADisplayLink, through the animation driver of the
/// view's window: the display stays on while it runs, and tests drive it on their manual clock. Out of a window
/// nothing is shown, so nothing ticks.
///
/// `elapsed` is animation time since `start()` (stretched by slow animations, as every animation is); `frameTime`
/// is the driver's frame time, unstretched, for deadlines that must not slow down (a scroll gesture's quiet time).
final class FrameTicker {
    /// Longer than any motion it drives; its progress is read back as elapsed time.
    private static let span = 1e6
    private var animator: PropertyAnimator?
    private weak var view: View?
    private let onFrame: (_ elapsed: Double, _ frameTime: Double) -> Void

    init(view: View, onFrame: @escaping (_ elapsed: Double, _ frameTime: Double) -> Void) {
        self.view = view
        self.onFrame = onFrame
    }

    private var driver: AnimationDriver? { view?.window?.animationDriver }

    /// A ticker that goes away must not leave its animator keeping the display awake.
    deinit { animator?.stopAnimation(true) }

    var isRunning: Bool { animator != nil }

    /// Starts counting from zero at the current frame (restarting if it runs).
    func start() {
        stop()
        guard let driver else { return }
        let animator = PropertyAnimator(duration: FrameTicker.span, curve: .linear, driver: driver)
        animator.addAnimation(from: 0.0, to: FrameTicker.span) { [weak self, weak driver] elapsed in
            guard let driver else { return }
            self?.onFrame(elapsed, max(driver.frameTime, driver.clock.now))
        }
        self.animator = animator
        animator.startAnimation()
    }

    /// Stops calling back.
    func stop() {
        animator?.stopAnimation(true)
        animator = nil
    }

    /// The frame time of the driver the ticker runs on: "now" for events that arrive between frames.
    var now: Double {
        guard let driver else { return 0 }
        return max(driver.frameTime, driver.clock.now)
    }
}
