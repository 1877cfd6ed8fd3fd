/// Two neighbouring packed pixels in one `UInt64`, the left one in the low half: a bilinear column's two taps in
/// one load.
enum PixelPairs {
    /// The pixels at `p` and `p + 1`.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }
}
