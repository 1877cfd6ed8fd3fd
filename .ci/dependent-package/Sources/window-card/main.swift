// The same kind of window shown through ModalKit's X11 host: a user's program with its own HostApplication.
import Glibc
import ModalKit
import ModalKitX11

final class CardApp: HostApplication {
    let window = Window(size: Size(width: 390, height: 600))

    init() {
        let root = ViewController()
        root.view.backgroundColor = .white
        let card = View(frame: Rect(x: 20, y: 160, width: 350, height: 400))
        card.backgroundColor = .systemBlue
        card.cornerRadius = 16
        root.view.addSubview(card)
        window.rootViewController = root
    }

    func handle(_ event: InputEvent, host: X11Host) {
        if case .close = event { host.stop() }
        _ = window.handlePointer(event)
    }
    func advance(to frameTime: Double) { window.animationDriver.tick(at: frameTime) }
    var isAnimating: Bool { window.animationDriver.isAnimating }
    var needsDisplay: Bool { window.needsDisplay }
    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? { window.render(into: &bitmap, scale: scale) }
    func didPresent(_ frame: FrameReport, host: X11Host) {}
}

do {
    let host = try X11Host(options: HostOptions(appName: "window-card", size: Size(width: 390, height: 600)))
    exit(host.run(CardApp()))
} catch {
    fputs("window-card: \(error)\n", stderr)
    exit(1)
}
