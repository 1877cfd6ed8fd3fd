import ModalKitBase

/// Integer arithmetic on packed premultiplied 0xAARRGGBB pixels. Everything rounds to nearest with exact integer
/// math, so the same inputs give the same bytes on every machine.
enum PixelMath {
    /// Whether the hot loops take four pixels at a time in SIMD lanes before their one-at-a-time tail (the same
    /// integer arithmetic either way, so the same bytes). An optimised build wants the lanes; a debug build does
    /// not, because the standard library's SIMD operators are generic and stay unspecialised there, about 35 times
    /// slower than the scalar arithmetic (a 375x667 blend: 1.6 s against 45 ms), which made every test that draws
    /// wait on them. `FourAtATimeTests` draws with it on and off and compares the bytes, so neither path goes
    /// untested in either build.
    #if DEBUG
    nonisolated(unsafe) static var fourAtATime = false
    #else
    nonisolated(unsafe) static var fourAtATime = true
    #endif

    /// How many of `count` pixels the four-at-a-time loops take (a multiple of four; none when they are off).
    @inline(__always)
    static func quads(_ count: Int) -> Int { fourAtATime ? count & ~3 : 0 }

    /// Every channel of `p` times `k / 255`, rounded to nearest. Two channels ride in each half of the word.
    @inline(__always)
    static func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Porter-Duff source-over of premultiplied `src` on premultiplied `dst`.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inverseAlpha = 255 &- (src >> 24)
        return src &+ scale(dst, by: inverseAlpha)
    }

    /// `scale` on four pixels at once: the same arithmetic one channel per 16-bit lane (a channel times `k` is at
    /// most 65025, and with the rounding terms at most 65407, so nothing carries between channels either way),
    /// which x86-64's baseline multiplies eight lanes at a time; 32-bit lanes it has no multiply for.
    @inline(__always)
    static func scale4(_ p: SIMD4<UInt32>, by k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let lanes = unsafeBitCast(p, to: SIMD8<UInt16>.self)
        let factor = unsafeBitCast(k | k &<< 16, to: SIMD8<UInt16>.self)
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
        // Blue and red in the low byte of each lane, green and alpha in the high byte.
        var rb = (lanes & low) &* factor &+ half
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = (lanes &>> 8) &* factor &+ half
        ag = (ag &+ (ag &>> 8)) & ~low
        return unsafeBitCast(rb | ag, to: SIMD4<UInt32>.self)
    }

    /// `over` on four pixels at once.
    @inline(__always)
    static func over4(_ src: SIMD4<UInt32>, _ dst: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let inverseAlpha = SIMD4<UInt32>(repeating: 255) &- (src &>> 24)
        return src &+ scale4(dst, by: inverseAlpha)
    }

    /// `value` (0...1) as 0...255, rounded; NaN counts as 0.
    @inline(__always)
    static func byte(_ value: Double) -> UInt32 {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 255 }
        return UInt32((value * 255).rounded())
    }

    /// Straight-alpha color to a premultiplied pixel: each channel is round(component × alpha × 255).
    static func premultiplied(_ c: Color) -> UInt32 {
        let a = clamp01(c.alpha)
        let alpha = byte(a)
        let red = byte(clamp01(c.red) * a), green = byte(clamp01(c.green) * a), blue = byte(clamp01(c.blue) * a)
        return alpha << 24 | red << 16 | green << 8 | blue
    }

    @inline(__always)
    static func clamp01(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
}
