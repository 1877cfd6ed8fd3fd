import ModalKitBase
import ModalKitPixels
import ModalLabDriver

/// Part (b): what it costs to get a frame's pixels onto an Xvfb window, through MIT-SHM (until the server's
/// completion event says it has read them) and through XPutImage (until a round trip says it has drawn them).
struct PresentBench {
    let samples: Int

    func run(into report: Report, display name: String) throws {
        guard let display = PresentConnection(name) else { throw BenchError("cannot open \(name)") }
        for scale in [1, 2] {
            let (width, height) = (375 * scale, 667 * scale)
            let window = display.makeWindow(width: width, height: height)
            defer { display.destroyWindow(window) }
            let frame = PresentBench.testFrame(width: width, height: height)
            if let shm = SharedImage(display, width: width, height: height) {
                let times = (0 ..< samples + 5).map { _ in shm.present(frame, to: window) }.dropFirst(5)
                let s = Summary(Array(times))
                report.add(
                    Row(
                        section: "present", label: "XShmPutImage + completion @\(scale)x",
                        figures: [("p50", s.p50 * 1000, " ms"), ("p99", s.p99 * 1000, " ms")],
                        budget: scale == 1 ? "p99 ≤ 0.5 ms" : nil, met: scale == 1 ? s.p99 <= 0.0005 : nil))
                shm.release()
            } else {
                report.add(Row(section: "present", label: "XShmPutImage @\(scale)x (no MIT-SHM)", figures: []))
            }
            let plain = PlainImage(display, width: width, height: height)
            let times = (0 ..< samples + 5).map { _ in plain.present(frame, to: window) }.dropFirst(5)
            let s = Summary(Array(times))
            report.add(
                Row(
                    section: "present", label: "XPutImage + XSync @\(scale)x",
                    figures: [("p50", s.p50 * 1000, " ms"), ("p99", s.p99 * 1000, " ms")]))
        }
    }

    /// A frame with content in every row, so nothing is trivially compressible or skipped.
    static func testFrame(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            bitmap.fill(
                Color(red: Double(y % 256) / 255, green: 0.4, blue: 0.8),
                in: PixelRect(x: 0, y: y, width: width, height: 1))
        }
        return bitmap
    }
}

/// A failure that ends one part of the benchmark, with a one-line reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
