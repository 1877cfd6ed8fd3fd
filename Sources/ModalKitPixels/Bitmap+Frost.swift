import ModalKitBase

extension Bitmap {
    /// A soft, small copy: each `factor` × `factor` block averaged to one pixel, then box-blurred `passes` times
    /// `radius` pixels (of the small copy) each way; three passes are close to a Gaussian. What a glass samples.
    /// With a `margin` (small pixels), the copy is that much larger each way and the bitmap sits on opaque black
    /// there, blurred into it (what shows around a screen shrunk on the window's black); without, the edges are
    /// held (the blur of a screen that fills the window).
    public func blurredDown(by factor: Int, radius: Int, passes: Int = 3, margin: Int = 0) -> Bitmap {
        let f = max(factor, 1), m = min(max(margin, 0), 1 << 12)
        let inner = (w: max((width + f - 1) / f, 1), h: max((height + f - 1) / f, 1))
        let w = inner.w + 2 * m, h = inner.h + 2 * m
        var channels = [[Int]](repeating: [Int](repeating: 0, count: w * h), count: 4)
        if m > 0 { channels[0] = [Int](repeating: 255, count: w * h) }
        for sy in 0 ..< inner.h {
            for sx in 0 ..< inner.w {
                var sum = (0, 0, 0, 0), count = 0
                for y in (sy * f) ..< min(sy * f + f, height) {
                    for x in (sx * f) ..< min(sx * f + f, width) {
                        let p = pixels[y * width + x]
                        sum.0 += Int(p >> 24); sum.1 += Int(p >> 16 & 0xFF)
                        sum.2 += Int(p >> 8 & 0xFF); sum.3 += Int(p & 0xFF)
                        count += 1
                    }
                }
                let i = (sy + m) * w + sx + m, c = max(count, 1)
                channels[0][i] = sum.0 / c; channels[1][i] = sum.1 / c
                channels[2][i] = sum.2 / c; channels[3][i] = sum.3 / c
            }
        }
        let r = max(radius, 0)
        if r > 0 {
            for c in 0 ..< 4 {
                for _ in 0 ..< passes {
                    Bitmap.boxBlur(&channels[c], width: w, height: h, radius: r)
                }
            }
        }
        var out = Bitmap(width: w, height: h)
        for i in 0 ..< (w * h) {
            out.pixels[i] =
                UInt32(channels[0][i]) << 24 | UInt32(channels[1][i]) << 16 | UInt32(channels[2][i]) << 8
                | UInt32(channels[3][i])
        }
        return out
    }

    /// One box blur across and then down, the edges held (a running sum: the cost does not grow with `radius`).
    private static func boxBlur(_ values: inout [Int], width w: Int, height h: Int, radius r: Int) {
        var line = [Int](repeating: 0, count: max(w, h))
        let span = 2 * r + 1
        for y in 0 ..< h {
            var sum = 0
            for k in -r ... r { sum += values[y * w + min(max(k, 0), w - 1)] }
            for x in 0 ..< w {
                line[x] = sum / span
                sum += values[y * w + min(x + r + 1, w - 1)] - values[y * w + max(x - r, 0)]
            }
            for x in 0 ..< w { values[y * w + x] = line[x] }
        }
        for x in 0 ..< w {
            var sum = 0
            for k in -r ... r { sum += values[min(max(k, 0), h - 1) * w + x] }
            for y in 0 ..< h {
                line[y] = sum / span
                sum += values[min(y + r + 1, h - 1) * w + x] - values[max(y - r, 0) * w + x]
            }
            for y in 0 ..< h { values[y * w + x] = line[y] }
        }
    }

    /// `small` (a `blurredDown` copy made with `factor`) scaled back up to `width` × `height` pixels (bilinear),
    /// darkened by `dim` (0...1 of black, the backdrop's dimming) and covered by `tint`: a frosted glass of the
    /// screen it was made from, opaque.
    public static func frosted(_ small: Bitmap, factor: Int, width: Int, height: Int, dim: Double, tint: Color)
        -> Bitmap
    {
        var out = Bitmap(width: max(width, 0), height: max(height, 0))
        guard small.width > 0, small.height > 0, width > 0, height > 0 else { return out }
        let keep = (1 - min(max(dim, 0), 1)) * (1 - min(max(tint.alpha, 0), 1))
        let add = [1.0, tint.red, tint.green, tint.blue].map { $0 * 255 * min(max(tint.alpha, 0), 1) }
        let f = Double(max(factor, 1))
        for y in 0 ..< height {
            let fy = min(max((Double(y) + 0.5) / f - 0.5, 0), Double(small.height - 1))
            let y0 = Int(fy), y1 = min(y0 + 1, small.height - 1), wy = fy - Double(y0)
            for x in 0 ..< width {
                let fx = min(max((Double(x) + 0.5) / f - 0.5, 0), Double(small.width - 1))
                let x0 = Int(fx), x1 = min(x0 + 1, small.width - 1), wx = fx - Double(x0)
                let a = small.pixels[y0 * small.width + x0], b = small.pixels[y0 * small.width + x1]
                let c = small.pixels[y1 * small.width + x0], d = small.pixels[y1 * small.width + x1]
                func channel(_ shift: UInt32, _ tint: Double) -> UInt32 {
                    func ch(_ p: UInt32) -> Double { Double(p >> shift & 0xFF) }
                    let top = ch(a) + (ch(b) - ch(a)) * wx, bottom = ch(c) + (ch(d) - ch(c)) * wx
                    let value = (top + (bottom - top) * wy) * keep + tint
                    return UInt32(min(max(value.rounded(), 0), 255)) << shift
                }
                out.pixels[y * width + x] =
                    0xFF00_0000 | channel(16, add[1]) | channel(8, add[2]) | channel(0, add[3])
            }
        }
        return out
    }
}
