import ModalKit

/// The render section's scroll frame: a full-window ScrollView over a 50-row list (one label and one hairline a
/// row, as the scrolling tests build it), scrolled by precise wheel events of 7.5 points a frame, 30 frames down
/// and 30 back up, each frame drawn incrementally into the same bitmap as the host does.
struct ScrollRenderBench {
    let samples: Int
    let size: Size

    /// Render times in seconds of `samples` scroll frames at `scale`.
    func measure(scale: Double) -> [Double] {
        let clock = ManualClock()
        let driver = AnimationDriver(clock: clock)
        let window = Window(size: size)
        window.animationDriver = driver
        driver.tick(at: 0)
        let root = ViewController()
        window.rootViewController = root
        root.view.addSubview(ScrollRenderBench.list(in: size))
        var bitmap = Bitmap(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        _ = window.render(into: &bitmap, scale: scale)
        var times: [Double] = []
        times.reserveCapacity(samples)
        var frame = 0
        while times.count < samples {
            let dy = frame % 60 < 30 ? 7.5 : -7.5
            _ = window.handlePointer(
                .scroll(
                    delta: Point(x: 0, y: dy), at: Point(x: size.width / 2, y: size.height / 2),
                    time: clock.now, precise: true))
            clock.set(to: clock.now + 1.0 / 60)
            driver.tick(at: clock.now)
            let t0 = monotonicNow()
            _ = window.render(into: &bitmap, scale: scale)
            times.append(monotonicNow() - t0)
            frame += 1
        }
        return times
    }

    /// The scroll view with its list, filling a window of `size`.
    private static func list(in size: Size) -> ScrollView {
        let rowHeight = 44.0, rows = 50
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        scrollView.backgroundColor = .white
        let content = View(frame: Rect(x: 0, y: 0, width: size.width, height: rowHeight * Double(rows)))
        content.backgroundColor = .white
        for i in 0 ..< rows {
            let y = Double(i) * rowHeight
            content.addSubview(
                Label(text: "\(i + 1)  Row \(i + 1)", frame: Rect(x: 16, y: y, width: size.width - 32, height: 43)))
            let separator = View(frame: Rect(x: 16, y: y + 43.5, width: size.width - 16, height: 0.5))
            separator.backgroundColor = .separator
            content.addSubview(separator)
        }
        scrollView.contentSize = content.bounds.size
        scrollView.addSubview(content)
        return scrollView
    }
}
