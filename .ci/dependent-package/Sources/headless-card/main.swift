// A card that follows a vertical pan and springs back when let go, driven headless on a manual clock and written
// as a PNG: what a user's own test of their interaction looks like with only the ModalKit product.
import Glibc
import ModalKit

let clock = ManualClock()
let window = Window(size: Size(width: 390, height: 600))
window.animationDriver = AnimationDriver(clock: clock)
let root = ViewController()
root.view.backgroundColor = .white
let card = View(frame: Rect(x: 20, y: 160, width: 350, height: 400))
card.backgroundColor = .systemBlue
card.cornerRadius = 16
root.view.addSubview(card)
let restingCenter = card.center
let pan = PanGestureRecognizer()
pan.addTarget { pan in
    switch pan.state {
    case .changed: card.center = Point(x: restingCenter.x, y: restingCenter.y + max(0, pan.translation(in: nil).y))
    case .ended, .cancelled:
        View.animate(withDuration: 0.5, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
            card.center = restingCenter
        }
    default: break
    }
}
card.addGestureRecognizer(pan)
window.rootViewController = root

func frame() {
    clock.advance(by: 1.0 / 60)
    window.animationDriver.tick(at: clock.now)
}

_ = window.handlePointer(.pointerDown(Point(x: 195, y: 300), time: clock.now))
for step in 1...20 {
    frame()
    _ = window.handlePointer(.pointerMove(Point(x: 195, y: 300 + Double(step) * 8), time: clock.now))
}
let dragged = card.frame.origin.y
_ = window.handlePointer(.pointerUp(Point(x: 195, y: 460), time: clock.now))
for _ in 0..<60 { frame() }
guard dragged > 300, abs(card.frame.origin.y - 160) < 0.5 else {
    fputs("headless-card: the card was at \(dragged) mid-drag and \(card.frame.origin.y) after the spring\n", stderr)
    exit(1)
}
var bitmap = Bitmap(width: 390, height: 600)
_ = window.render(into: &bitmap, scale: 1)
do {
    try PNG.write(bitmap, to: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "card.png")
} catch {
    fputs("headless-card: \(error)\n", stderr)
    exit(1)
}
