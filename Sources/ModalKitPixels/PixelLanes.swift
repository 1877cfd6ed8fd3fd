/// `PixelMath`'s packed arithmetic on four pixels at once, done in 16-bit lanes. Every intermediate of the packed
/// formulas stays below 65536 in each 16-bit half of a pixel word (a byte times at most 256, plus a rounding
/// term), so a 16-bit lane multiply gives exactly the 32-bit result; unlike a 32-bit lane multiply, x86-64's
/// baseline SSE2 has it as one instruction (`pmullw`).
enum PixelLanes {
    typealias Pixels = SIMD4<UInt32>
    /// Two lanes a pixel: the low half holds green and blue, the high half alpha and red.
    typealias Halves = SIMD8<UInt16>

    /// `BilinearSampler.lerp` on four pixel pairs; `weight` holds each pair's weight of `b` (0...256) in both
    /// halves of its pixel.
    @inline(__always)
    static func lerp(_ a: Pixels, _ b: Pixels, weight w: Halves) -> Pixels {
        let a16 = halves(a), b16 = halves(b), v = Halves(repeating: 256) &- w
        let low = Halves(repeating: 0x00FF), half = Halves(repeating: 0x0080)
        let rb = ((a16 & low) &* v &+ (b16 & low) &* w &+ half) &>> 8
        let ag = ((a16 &>> 8) &* v &+ (b16 &>> 8) &* w &+ half) & Halves(repeating: 0xFF00)
        return pixels(rb | ag)
    }

    /// `PixelMath.scale` on four pixels; `k` (0...255) in both halves of each pixel.
    @inline(__always)
    static func scale(_ p: Pixels, by k: Halves) -> Pixels {
        let p16 = halves(p), half = Halves(repeating: 0x0080)
        var rb = (p16 & Halves(repeating: 0x00FF)) &* k &+ half
        rb = (rb &+ (rb &>> 8)) &>> 8
        var ag = (p16 &>> 8) &* k &+ half
        ag = (ag &+ (ag &>> 8)) & Halves(repeating: 0xFF00)
        return pixels(rb | ag)
    }

    /// `PixelMath.over` on four pixels: the sum wraps in 32 bits as the scalar one does.
    @inline(__always)
    static func over(_ src: Pixels, _ dst: Pixels) -> Pixels {
        let inverse = Pixels(repeating: 255) &- (src &>> 24)
        return src &+ scale(dst, by: halves(inverse | inverse &<< 16))
    }

    /// Whether all four pixels have alpha 255; such a source over anything is itself.
    @inline(__always)
    static func allOpaque(_ p: Pixels) -> Bool {
        let mask = Pixels(repeating: 0xFF00_0000)
        return p & mask == mask
    }

    @inline(__always)
    static func halves(_ p: Pixels) -> Halves { unsafeBitCast(p, to: Halves.self) }

    @inline(__always)
    static func pixels(_ h: Halves) -> Pixels { unsafeBitCast(h, to: Pixels.self) }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> Pixels {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels.self)
    }

    @inline(__always)
    static func store(_ v: Pixels, to p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels.self)
    }
}
