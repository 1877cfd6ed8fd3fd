import ModalKit

/// The inspector beside the stage (`--inspector`, key I): a window of its own for the panel, drawn right of the
/// phone-sized stage in the host's frame. The stage keeps its size in points however the window is resized; the
/// panel takes the rest.
final class Inspector {
    let window: Window
    let view: InspectorView
    /// Takes the lab's events (the stream's panel subscriber) and hands each released drag to the panel.
    let feed: LivePlot
    /// The stage (0) and the panel (1) side by side in the host's frame.
    var compositor = StageCompositor(stages: 2)
    /// Whether the press in progress began on the panel (its moves and release go there too).
    var pressInPanel = false
    /// What the panel changed, applied by the lab once the event that changed it is handled.
    var pendingParameters: SceneParameters?

    init(scene: String, parameters: SceneParameters, height: Double, clock: Clock, feed: LivePlot) {
        view = InspectorView(scene: scene, parameters: parameters)
        window = Window(size: Size(width: InspectorView.width, height: height))
        window.backgroundColor = .systemGray6
        window.animationDriver = AnimationDriver(clock: clock)
        view.frame = window.bounds
        window.addSubview(view)
        self.feed = feed
    }

    /// Gives the panel `size` (points).
    func resize(to size: Size) {
        guard size != window.bounds.size else { return }
        window.resize(to: size)
        view.frame = window.bounds
        view.layoutSubviews()
    }

    /// The panel's share of a press, move, release or scroll at `point` in the host window, in the panel's
    /// points; nil when it belongs to the stage, whose width is `stageWidth`.
    func panelEvent(_ event: InputEvent, stageWidth: Double) -> InputEvent? {
        let shift = { (p: Point) in Point(x: p.x - stageWidth, y: p.y) }
        switch event {
        case .pointerDown(let p, let t):
            pressInPanel = p.x >= stageWidth
            return pressInPanel ? .pointerDown(shift(p), time: t) : nil
        case .pointerMove(let p, let t):
            return pressInPanel ? .pointerMove(shift(p), time: t) : nil
        case .pointerUp(let p, let t):
            defer { pressInPanel = false }
            return pressInPanel ? .pointerUp(shift(p), time: t) : nil
        case let .scroll(delta, p, t, precise):
            return p.x >= stageWidth ? .scroll(delta: delta, at: shift(p), time: t, precise: precise) : nil
        default:
            return nil
        }
    }
}

extension Bitmap {
    /// Copies `rect` of `source` (its pixels) to this bitmap with its top-left at (x, y), clipped to both.
    mutating func copy(_ rect: PixelRect, of source: Bitmap, toX x: Int, y: Int) {
        let from = rect.intersection(source.bounds)
        let to = PixelRect(x: x + from.x - rect.x, y: y + from.y - rect.y, width: from.width, height: from.height)
            .intersection(bounds)
        guard !to.isEmpty else { return }
        let dx = from.x - rect.x + x, dy = from.y - rect.y + y
        let (sx, sy) = (to.x - dx + from.x, to.y - dy + from.y)
        let width = self.width, sourceWidth = source.width
        pixels.withUnsafeMutableBufferPointer { target in
            source.pixels.withUnsafeBufferPointer { src in
                for row in 0 ..< to.height {
                    guard let t = target.baseAddress, let s = src.baseAddress else { return }
                    (t + (to.y + row) * width + to.x).update(from: s + (sy + row) * sourceWidth + sx, count: to.width)
                }
            }
        }
    }
}
