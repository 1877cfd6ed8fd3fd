import Glibc
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitX11
import XCTest

/// Paints the test pattern, then a solid frame that it reports as changed only inside `damage`.
private final class DamageApp: HostApplication {
    let damage: PixelRect
    var frames = 0
    var captured: Bitmap?
    var presentTimes: [Double] = []

    init(damage: PixelRect) { self.damage = damage }

    let isAnimating = false
    var needsDisplay: Bool { frames < 2 }
    func handle(_ event: InputEvent, host: X11Host) {}
    func advance(to frameTime: Double) {}

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        frames += 1
        if frames == 1 {
            TestPattern.draw(into: &bitmap)
            return nil
        }
        for i in bitmap.pixels.indices { bitmap.pixels[i] = 0xFF10_2030 }
        return damage
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        presentTimes.append(frame.presentSeconds)
        if frame.index == 1 {
            captured = host.captureWindow()
            host.stop()
        }
    }
}

final class DamageTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testOnlyTheDamagedRegionIsPresented() throws {
        for shm in [true, false] {
            let xvfb = try Xvfb.startOrSkip()
            server = xvfb
            setenv("DISPLAY", xvfb.display, 1)
            try checkDamage(useSharedMemory: shm)
            server?.stop()
        }
    }

    private func checkDamage(useSharedMemory: Bool) throws {
        let host = try X11Host(
            options: HostOptions(
                size: Size(width: 100, height: 80), scale: 1,
                useSharedMemory: useSharedMemory))
        // Only x 10..30, y 5..25 is reported changed.
        let app = DamageApp(damage: PixelRect(x: 10, y: 5, width: 20, height: 20))
        XCTAssertEqual(host.run(app), 0)
        let shot = try XCTUnwrap(app.captured)
        var pattern = Bitmap(width: 100, height: 80)
        TestPattern.draw(into: &pattern)
        for y in 0 ..< 80 {
            for x in 0 ..< 100 {
                let inside = x >= 10 && x < 30 && y >= 5 && y < 25
                let expected = inside ? 0xFF10_2030 : pattern[x, y]
                guard shot[x, y] == expected else {
                    return XCTFail("pixel (\(x), \(y)) is \(String(shot[x, y], radix: 16)), shm \(useSharedMemory)")
                }
            }
        }
        print("present of a 100x80 frame, shm \(useSharedMemory): \(app.presentTimes.map { Int($0 * 1e6) }) µs")
    }
}
