import ModalKitBase
@testable import ModalKitPixels

/// The scaled draw as it was written before the sampler had a fast path: every destination pixel fetches its
/// four taps with bounds checks, lerps them one at a time and blends source-over. Kept as the yardstick the
/// sampler must match byte for byte.
enum BilinearReference {
    /// `target` with `source` drawn the way `Bitmap.draw(_:x:y:scale:opacity:clip:)` draws a scaled bitmap.
    static func draw(
        _ source: Bitmap, on target: Bitmap, x: Double, y: Double, scale: Double, opacity: Double,
        clip: PixelRect?
    ) -> Bitmap {
        var result = target
        let alpha = PixelMath.byte(opacity)
        guard alpha > 0, scale > 0, scale.isFinite, source.width > 0, source.height > 0 else { return result }
        let covered = Rect(x: x, y: y, width: Double(source.width) * scale, height: Double(source.height) * scale)
        let area = result.clipped(PixelRect(covering: covered), clip)
        guard !area.isEmpty else { return result }
        for py in area.y ..< area.maxY {
            let (row, wy) = tap((Double(py) + 0.5 - y) / scale - 0.5)
            for px in area.x ..< area.maxX {
                let (column, wx) = tap((Double(px) + 0.5 - x) / scale - 0.5)
                let top = lerp(fetch(source, column, row), fetch(source, column + 1, row), wx)
                let bottom = lerp(fetch(source, column, row + 1), fetch(source, column + 1, row + 1), wx)
                var s = lerp(top, bottom, wy)
                if alpha != 255 { s = PixelMath.scale(s, by: alpha) }
                if s != 0 { result[px, py] = PixelMath.over(s, result[px, py]) }
            }
        }
        return result
    }

    private static func tap(_ u: Double) -> (Int, UInt32) {
        let floor = u.rounded(.down)
        return (Int(floor), UInt32(((u - floor) * 256).rounded()))
    }

    private static func fetch(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < b.width && y < b.height ? b[x, y] : 0
    }

    /// Per channel a + (b − a)·w/256 rounded half up, one channel at a time.
    private static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let ca = a >> shift & 0xFF, cb = b >> shift & 0xFF
            result |= ((ca * (256 - w) + cb * w + 128) >> 8) << shift
        }
        return result
    }
}
