/// Two packed premultiplied pixels in one `UInt64`, the left one in the low half: `BilinearSampler.lerp`'s
/// arithmetic on both at once. Each 16-bit field holds one channel times at most 256 plus a rounding term, below
/// 65536, so no field carries into the next (the reason the 32-bit version holds two channels a word), and the
/// results are exactly the one-pixel ones. Plain integers rather than SIMD vectors: the generic SIMD operators
/// (`&`, `|`, shifts) run lane by lane in a debug build, which made a scaled frame too slow for the X tests.
enum PixelPairs {
    /// Blue and red of both pixels, in the low byte of each 16-bit field.
    static let lowBytes: UInt64 = 0x00FF_00FF_00FF_00FF
    static let rounding: UInt64 = 0x0080_0080_0080_0080
    /// Both alpha bytes.
    static let alphas: UInt64 = 0xFF00_0000_FF00_0000

    /// `a` + (`b` − `a`)·w/256 on every channel of both pixels, rounded half up; `w` is 0...256.
    @inline(__always)
    static func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        let v = 256 &- w
        let rb = ((a & lowBytes) &* v &+ (b & lowBytes) &* w &+ rounding) >> 8 & lowBytes
        let ag = ((a >> 8 & lowBytes) &* v &+ (b >> 8 & lowBytes) &* w &+ rounding) & ~lowBytes
        return rb | ag
    }

    /// Whether both pixels have alpha 255; such a source over anything is itself.
    @inline(__always)
    static func bothOpaque(_ p: UInt64) -> Bool { p & alphas == alphas }

    /// The pixels at `p` and `p + 1`.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// Stores both pixels at `p` and `p + 1`.
    @inline(__always)
    static func store(_ pair: UInt64, to p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: pair.littleEndian, as: UInt64.self)
    }
}
