import XCTest
@testable import ModalKitPixels

/// The scaled draw's fast paths (interior runs, cached resampled rows, two pixels at a time, opaque stores) must
/// give exactly the bytes of the per-pixel reference, whatever the source, position, scale, clip and opacity.
final class BilinearSamplerTests: XCTestCase {
    private enum Fill: CaseIterable { case opaque, translucent, mixed, clear }

    func testSeededRandomDrawsMatchTheReference() {
        var random = TestRandom(state: 14)
        for round in 0 ..< 1500 {
            let fill = Fill.allCases[Int(random.next(4))]
            let source = makeSource(&random, fill: fill)
            let target = makeTarget(&random)
            let x = origin(&random, extent: target.width), y = origin(&random, extent: target.height)
            let scale = pickScale(&random)
            let opacity = [1, 1, 1, 0.5, 0.999, 0.01, 0.73][Int(random.next(7))]
            let clip = pickClip(&random, in: target)
            assertMatches(
                source, on: target, x: x, y: y, scale: scale, opacity: opacity, clip: clip,
                "round \(round): \(fill) \(source.width)x\(source.height) at (\(x), \(y)) ×\(scale)")
        }
    }

    /// Runs long enough for the four-pixel paths, with every remainder: sources up to 300 wide shrunk (0.5–1) or
    /// enlarged (1–3) at random offsets, clips and opacities, over opaque and translucent targets.
    func testWideDrawsAtShrinkAndZoomScalesMatchTheReference() {
        var random = TestRandom(state: 23)
        for round in 0 ..< 300 {
            let fill = Fill.allCases[Int(random.next(4))]
            let source = randomBitmap(&random, width: Int(random.next(300)) + 1, height: Int(random.next(12)) + 1) {
                r in self.fillPixel(&r, fill)
            }
            let opaqueTarget = random.next(2) == 0
            let target = randomBitmap(&random, width: Int(random.next(320)) + 1, height: Int(random.next(16)) + 1) {
                r in r.pixel(opaque: opaqueTarget)
            }
            let zoom = random.next(2) == 0
            let scale = zoom ? 1 + Double(random.next(200_000)) / 100_000 : 0.5 + Double(random.next(50_000)) / 100_000
            let x = Double(random.next(1_000_000)) / 1_000_000 * Double(target.width + 20) - 10
            let y = Double(random.next(1_000_000)) / 1_000_000 * Double(target.height) - 4
            let opacity = [1, 1, 1, 0.5, 0.999, 0.01][Int(random.next(6))]
            let clip = pickClip(&random, in: target)
            assertMatches(
                source, on: target, x: x, y: y, scale: scale, opacity: opacity, clip: clip,
                "round \(round): \(fill) \(source.width)x\(source.height) at (\(x), \(y)) ×\(scale)")
        }
    }

    /// The sheet's case: a large opaque screen shrunk by a few percent about its centre, fully inside the window.
    func testOpaqueScreenShrunkBehindASheetMatchesTheReference() {
        var random = TestRandom(state: 6)
        let screen = randomBitmap(&random, width: 120, height: 90) { r in
            r.next(3) == 0 ? r.pixel(opaque: true) : 0xFFFF_FFFF
        }
        let target = randomBitmap(&random, width: 120, height: 90) { r in r.pixel(opaque: true) }
        for scale in stride(from: 0.93, through: 1.0, by: 0.0025) {
            let x = 60 * (1 - scale), y = 45 * (1 - scale) + 3
            assertMatches(screen, on: target, x: x, y: y, scale: scale, opacity: 1, clip: nil, "×\(scale)")
        }
    }

    /// Integer positions at scale 1 are blits, not sampled; fractional ones and edge-only sources still sample.
    func testThinAndTinySourcesMatchTheReference() {
        var random = TestRandom(state: 1)
        for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 2), (3, 1), (1, 3), (5, 2)] {
            let source = randomBitmap(&random, width: w, height: h) { r in r.pixel(opaque: r.next(2) == 0) }
            let target = makeTarget(&random)
            for scale in [0.5, 0.95, 1, 1.5, 2, 7.3] {
                assertMatches(
                    source, on: target, x: 3.3, y: 2.7, scale: scale, opacity: 1, clip: nil,
                    "\(w)x\(h) ×\(scale)")
            }
        }
    }

    /// A layer's row spans cut each row's run to the columns whose taps reach a visible pixel (a sheet's clear
    /// margins and gaps are not sampled): the bytes stay the reference's, for sources with clear rows, clear
    /// margins of every width and islands of pixels, shrunk and enlarged, wide enough for the four-pixel paths.
    func testDrawsGuidedByRowSpansMatchTheReference() {
        var random = TestRandom(state: 31)
        for round in 0 ..< 400 {
            let width = Int(random.next(200)) + 1, height = Int(random.next(24)) + 1
            var source = Bitmap(width: width, height: height)
            for y in 0 ..< height where random.next(4) != 0 {
                let a = Int(random.next(UInt32(width))), b = Int(random.next(UInt32(width)))
                for x in min(a, b) ... max(a, b) {
                    source.pixels[y * width + x] = random.next(6) == 0 ? 0 : random.pixel(opaque: random.next(3) != 0)
                }
            }
            let target = randomBitmap(&random, width: Int(random.next(220)) + 1, height: Int(random.next(30)) + 1) {
                r in r.pixel(opaque: true)
            }
            let scale = random.next(2) == 0 ? pickScale(&random) : 0.9 + Double(random.next(10_000)) / 100_000
            let x = Double(random.next(1_000_000)) / 1_000_000 * Double(target.width + 20) - 10
            let y = Double(random.next(1_000_000)) / 1_000_000 * Double(target.height) - 4
            let opacity = [1, 1, 0.5][Int(random.next(3))]
            assertMatches(
                source, on: target, x: x, y: y, scale: scale, opacity: opacity, clip: pickClip(&random, in: target),
                spans: RowSpans(of: source), "round \(round): \(width)x\(height) at (\(x), \(y)) ×\(scale)")
        }
    }

    private func assertMatches(
        _ source: Bitmap, on target: Bitmap, x: Double, y: Double, scale: Double,
        opacity: Double, clip: PixelRect?, spans: RowSpans? = nil, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let expected = BilinearReference.draw(
            source, on: target, x: x, y: y, scale: scale, opacity: opacity,
            clip: clip)
        var actual = target
        actual.draw(source, x: x, y: y, scale: scale, opacity: opacity, clip: clip, spans: spans)
        guard actual != expected else { return }
        let first = actual.pixels.indices.first { actual.pixels[$0] != expected.pixels[$0] } ?? 0
        XCTFail(
            "\(message): first difference at (\(first % target.width), \(first / target.width)): "
                + "0x\(String(actual.pixels[first], radix: 16)) != 0x\(String(expected.pixels[first], radix: 16))",
            file: file, line: line)
    }

    private func makeSource(_ random: inout TestRandom, fill: Fill) -> Bitmap {
        let shapes = [(1, 1), (1, Int(random.next(40)) + 1), (Int(random.next(40)) + 1, 1)]
        let roll = random.next(8)
        let (w, h) = roll < 3 ? shapes[Int(roll)] : (Int(random.next(60)) + 1, Int(random.next(50)) + 1)
        return randomBitmap(&random, width: w, height: h) { r in fillPixel(&r, fill) }
    }

    private func fillPixel(_ r: inout TestRandom, _ fill: Fill) -> UInt32 {
        switch fill {
        case .opaque: r.pixel(opaque: true)
        case .translucent: r.pixel(opaque: false)
        case .mixed: r.pixel(opaque: r.next(4) != 0)
        case .clear: r.next(5) == 0 ? r.pixel(opaque: false) : 0
        }
    }

    private func makeTarget(_ random: inout TestRandom) -> Bitmap {
        let opaque = random.next(2) == 0
        return randomBitmap(&random, width: Int(random.next(70)) + 1, height: Int(random.next(60)) + 1) { r in
            r.pixel(opaque: opaque)
        }
    }

    private func randomBitmap(
        _ random: inout TestRandom, width: Int, height: Int,
        pixel: (inout TestRandom) -> UInt32
    ) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for i in b.pixels.indices { b.pixels[i] = pixel(&random) }
        return b
    }

    /// Mostly fractional positions around the target, sometimes integers, negatives, and far away.
    private func origin(_ random: inout TestRandom, extent: Int) -> Double {
        switch random.next(10) {
        case 0: Double(Int(random.next(UInt32(extent) + 20))) - 10
        case 1: [-1e7, 1e7, -123_456.5, 98_765.25][Int(random.next(4))]
        default: Double(random.next(1_000_000)) / 1_000_000 * Double(extent + 40) - 30
        }
    }

    private func pickScale(_ random: inout TestRandom) -> Double {
        switch random.next(4) {
        case 0: 0.93 + Double(random.next(7000)) / 100_000
        case 1: [0.5, 1, 2, 1.5, 0.75, 0.25, 3][Int(random.next(7))]
        default: 0.5 + Double(random.next(150_000)) / 100_000
        }
    }

    private func pickClip(_ random: inout TestRandom, in target: Bitmap) -> PixelRect? {
        guard random.next(3) == 0 else { return nil }
        let x = Int(random.next(UInt32(target.width))) - 5, y = Int(random.next(UInt32(target.height))) - 5
        return PixelRect(x: x, y: y, width: Int(random.next(50)), height: Int(random.next(50)))
    }
}
