import Foundation
import ModalKitPixels
import XCTest

/// `Bitmap.resampled`: shrinking without aliasing, solid colours exact, no dark fringes at transparent edges,
/// enlarging bilinearly.
final class ResampleTests: XCTestCase {
    private let black: UInt32 = 0xFF00_0000, white: UInt32 = 0xFFFF_FFFF

    private func checkerboard(_ width: Int, _ height: Int) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { b[x, y] = (x + y) % 2 == 0 ? black : white } }
        return b
    }

    /// A 1-pixel checkerboard holds nothing a third of its size can show: it must become one grey, the mean.
    /// (A plain 3 × 3 average would give a checkerboard of 113 and 142; point sampling, black and white.)
    func testCheckerboardShrunkThreeToOneIsUniformGrey() {
        let small = checkerboard(90, 60).resampled(width: 30, height: 20)
        XCTAssertEqual(small.width, 30)
        XCTAssertEqual(small.height, 20)
        let greys = Set(small.pixels)
        // The mean of 0 and 255 is 127.5: every pixel rounds it the same way, edges included.
        XCTAssertEqual(greys.count, 1, "\(greys.map { String($0, radix: 16) })")
        let grey = Int(small.pixels[0] & 0xFF)
        XCTAssertTrue((127 ... 128).contains(grey), "grey \(grey)")
        XCTAssertEqual(small.pixels[0] >> 24, 255)
    }

    func testCheckerboardShrunkTwoAndFourToOneIsUniformGrey() {
        for factor in [2, 4] {
            let small = checkerboard(12 * factor, 8 * factor).resampled(width: 12, height: 8)
            XCTAssertEqual(Set(small.pixels).count, 1, "\(factor):1")
        }
    }

    func testSolidColourStaysExactlyThatColour() {
        for colour: UInt32 in [0xFF12_3456, 0x8040_2010, 0xFFFF_FFFF, 0x0000_0000, 0x0101_0000] {
            var b = Bitmap(width: 1290, height: 31)
            b.pixels = Array(repeating: colour, count: b.pixels.count)
            for (w, h) in [(430, 11), (431, 10), (1000, 31), (2000, 47), (1, 1)] {
                let r = b.resampled(width: w, height: h)
                XCTAssertEqual(Set(r.pixels), [colour], "\(String(colour, radix: 16)) to \(w)x\(h)")
            }
        }
    }

    /// An opaque red square on transparency: every pixel of the result, edges included, is red at some
    /// coverage (premultiplied red equals alpha), never a darker red, whatever the direction.
    func testTransparentEdgesGetNoDarkFringe() {
        var b = Bitmap(width: 30, height: 30)
        for y in 9 ..< 21 { for x in 9 ..< 21 { b[x, y] = 0xFFFF_0000 } }
        for (w, h) in [(10, 10), (13, 7), (45, 45), (64, 31)] {
            let r = b.resampled(width: w, height: h)
            var partial = 0
            for p in r.pixels {
                XCTAssertEqual((p >> 16) & 0xFF, p >> 24, "\(w)x\(h): \(String(p, radix: 16)) is not pure red")
                XCTAssertEqual(p & 0xFFFF, 0)
                if p >> 24 > 0 && p >> 24 < 255 { partial += 1 }
            }
            XCTAssertGreaterThan(partial, 0, "\(w)x\(h) has soft edges")
        }
    }

    /// Enlarging 2:1 is bilinear with centres aligned: between a black and a white pixel come 1/4 and 3/4 steps.
    func testEnlargingIsBilinear() {
        var b = Bitmap(width: 2, height: 1)
        b.pixels = [black, white]
        let r = b.resampled(width: 4, height: 1)
        // Destination centres 0.5, 1.5, 2.5, 3.5 sample the source at 0.25 − 0.5 (clamped), 0.75 − 0.5, ...
        XCTAssertEqual(r.pixels.map { $0 & 0xFF }, [0, 64, 191, 255])
    }

    func testSameSizeIsUnchanged() {
        var random = TestRandom(state: 3)
        var b = Bitmap(width: 17, height: 9)
        for i in b.pixels.indices { b.pixels[i] = random.pixel(opaque: false) }
        XCTAssertEqual(b.resampled(width: 17, height: 9), b)
    }

    /// Resampling only an area gives exactly the pixels of the whole resampled and cut, shrinking and enlarging,
    /// at the edges and inside, and nothing for an area outside.
    func testKeepingAnAreaIsTheWholeCut() {
        var random = TestRandom(state: 11)
        var b = Bitmap(width: 13, height: 7)
        for i in b.pixels.indices { b.pixels[i] = random.pixel(opaque: false) }
        for (w, h) in [(5, 3), (40, 29), (13, 60), (4, 7)] {
            for area in [
                PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 1, y: 2, width: w - 2, height: 1),
                PixelRect(x: w - 1, y: h - 1, width: 1, height: 1), PixelRect(x: -3, y: -3, width: w + 6, height: 2)
            ] {
                XCTAssertEqual(
                    b.resampled(width: w, height: h, keeping: area),
                    b.resampled(width: w, height: h).cropped(to: area), "\(w)x\(h) \(area)")
            }
            XCTAssertEqual(
                b.resampled(width: w, height: h, keeping: PixelRect(x: w, y: 0, width: 3, height: 3)).width, 0)
        }
    }

    /// How long a 3x phone screen (1290 × 2796) takes to decode and shrink to 2x and 1x, and what it holds.
    /// Seconds in a debug build, so it runs only when asked: MODALKIT_MEASURE_IMAGES=1.
    func testMeasureDecodeAndResampleOfAThreeXScreen() throws {
        guard ProcessInfo.processInfo.environment["MODALKIT_MEASURE_IMAGES"] == "1" else {
            throw XCTSkip("set MODALKIT_MEASURE_IMAGES=1 to measure decoding and resampling a 3x screen")
        }
        var b = Bitmap(width: 1290, height: 2796)
        var random = TestRandom(state: 9)
        for i in b.pixels.indices { b.pixels[i] = i % 7 == 0 ? random.pixel(opaque: true) : 0xFF33_6699 }
        let bytes = try PNG.encode(b)
        var t = monotonicSeconds()
        let decoded = try PNG.decode(bytes, name: "3x screen")
        let decode = monotonicSeconds() - t
        t = monotonicSeconds()
        let twoX = decoded.resampled(width: 860, height: 1864)
        let toTwo = monotonicSeconds() - t
        t = monotonicSeconds()
        let oneX = decoded.resampled(width: 430, height: 932)
        let toOne = monotonicSeconds() - t
        XCTAssertEqual(decoded, b)
        print(
            "3x screen 1290x2796: PNG \(bytes.count) bytes, decoded \(decoded.pixels.count * 4) bytes in"
                + " \(Int(decode * 1000)) ms; to 2x (\(twoX.pixels.count * 4) bytes) \(Int(toTwo * 1000)) ms;"
                + " to 1x (\(oneX.pixels.count * 4) bytes) \(Int(toOne * 1000)) ms")
    }
}

/// Monotonic seconds, for reporting how long a step took (not for asserting on).
func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
