import ModalKitPixels

/// A per-channel comparison of two bitmaps, with a picture of where they differ.
struct GoldenComparison {
    let sizesMatch: Bool
    /// Pixels with some channel differing by more than the tolerance.
    let differingPixels: Int
    /// The largest channel difference anywhere.
    let maxChannelDifference: UInt32
    /// Differing pixels in opaque red; matching ones as a faint grey copy of the expected image.
    let diffImage: Bitmap
    let actualSize: String, expectedSize: String

    init(actual: Bitmap, expected: Bitmap, tolerance: UInt8) {
        actualSize = "\(actual.width)x\(actual.height)"
        expectedSize = "\(expected.width)x\(expected.height)"
        sizesMatch = actual.width == expected.width && actual.height == expected.height
        guard sizesMatch else {
            differingPixels = max(actual.pixels.count, expected.pixels.count)
            maxChannelDifference = 255
            diffImage = actual.width > 0 && actual.height > 0 ? actual : Bitmap(width: 1, height: 1)
            return
        }
        var diff = Bitmap(width: actual.width, height: actual.height)
        var count = 0, maxDelta: UInt32 = 0
        for i in actual.pixels.indices {
            let delta = Self.channelDifference(actual.pixels[i], expected.pixels[i])
            maxDelta = max(maxDelta, delta)
            if delta > UInt32(tolerance) {
                count += 1
                diff.pixels[i] = 0xFFFF_0000
            } else {
                diff.pixels[i] = Self.faint(expected.pixels[i])
            }
        }
        differingPixels = count
        maxChannelDifference = maxDelta
        diffImage = diff
    }

    var matches: Bool { sizesMatch && differingPixels == 0 }

    var summary: String {
        guard sizesMatch else { return "size \(actualSize), golden is \(expectedSize)" }
        return "\(differingPixels) pixels differ, max channel difference \(maxChannelDifference)"
    }

    static func channelDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var worst: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
            worst = max(worst, x > y ? x - y : y - x)
        }
        return worst
    }

    /// An opaque light grey whose shade follows the pixel's brightness, so the picture stays recognisable.
    static func faint(_ p: UInt32) -> UInt32 {
        let luma = (((p >> 16) & 0xFF) + ((p >> 8) & 0xFF) + (p & 0xFF)) / 3
        let grey = 192 + luma / 4
        return 0xFF00_0000 | grey << 16 | grey << 8 | grey
    }
}
