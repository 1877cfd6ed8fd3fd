import Glibc
import ModalKitPixels

/// Keeps the host's copy of what the server shows in step with a new frame, and says which rectangles changed.
///
/// The X server's cost is proportional to the pixels it is given, and a moving card changes far fewer pixels than
/// its area: its white rows are the same from one frame to the next. So inside the damaged region each row is
/// compared with the copy the server was last given; only rows that differ are copied (converted to the visual's
/// layout on the way) and put. The comparison and the copy are one pass, which replaces the conversion pass.
struct ChangedRows {
    /// Unchanged rows between two changed ones that are still put as one rectangle: a request and its completion
    /// cost the server more than a few short rows of copying.
    static let mergeGap = 3

    /// The rectangles of the last `update` that hold every changed pixel: inside each region given, top to bottom
    /// and not overlapping (regions are compared in the order given, so a pixel two regions share is put once).
    private(set) var rectangles: [PixelRegion] = []
    /// Pixels in `rectangles`, what the server will copy.
    private(set) var pixelCount = 0
    private var run: (top: Int, bottom: Int, left: Int, right: Int)?

    /// Compares `region` of `bitmap` with `shown` (the pixels last put, `bytesPerLine` apart, in `format`), copies
    /// what differs into `shown` and sets `rectangles`. With `whole` the server has lost what it showed (an
    /// Expose, a new window): all of `region` is copied and is one rectangle.
    mutating func update(
        _ shown: UnsafeMutableRawPointer, bytesPerLine: Int, from bitmap: Bitmap,
        region: PixelRegion, format: PixelFormat, swapBytes: Bool, whole: Bool
    ) {
        start()
        compare(
            shown, bytesPerLine: bytesPerLine, from: bitmap, region: region, format: format,
            swapBytes: swapBytes, whole: whole)
    }

    /// The same for each of `regions` (a frame's separate damaged rectangles): nothing outside them is compared,
    /// copied or put, so the unchanged rows between a moving card and a HUD line far below it cost nothing.
    mutating func update(
        _ shown: UnsafeMutableRawPointer, bytesPerLine: Int, from bitmap: Bitmap,
        regions: [PixelRegion], format: PixelFormat, swapBytes: Bool, whole: Bool
    ) {
        start()
        for region in regions {
            compare(
                shown, bytesPerLine: bytesPerLine, from: bitmap, region: region, format: format,
                swapBytes: swapBytes, whole: whole)
        }
    }

    private mutating func start() {
        rectangles.removeAll(keepingCapacity: true)
        pixelCount = 0
    }

    private mutating func compare(
        _ shown: UnsafeMutableRawPointer, bytesPerLine: Int, from bitmap: Bitmap,
        region: PixelRegion, format: PixelFormat, swapBytes: Bool, whole: Bool
    ) {
        run = nil
        guard region.width > 0, region.height > 0 else { return }
        if whole {
            format.convert(bitmap, region: region, into: shown, bytesPerLine: bytesPerLine, swapBytes: swapBytes)
            return append((region.y, region.y + region.height - 1, region.x, region.x + region.width - 1))
        }
        let straight = format.isNativeXRGB && format.opaqueBits == 0 && !swapBytes
        bitmap.pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in region.y ..< region.y + region.height {
                let from = base + row * bitmap.width + region.x
                let to = (shown + row * bytesPerLine).assumingMemoryBound(to: UInt32.self) + region.x
                let span =
                    straight
                    ? ChangedRows.copyChanged(from, to, region.width)
                    : ChangedRows.convertChanged(from, to, region.width, format, swapBytes)
                if let span { note(row: row, left: region.x + span.lowerBound, right: region.x + span.upperBound) }
            }
        }
        if let run { append(run) }
        run = nil
    }

    private mutating func note(row: Int, left: Int, right: Int) {
        if let r = run, row - r.bottom - 1 <= ChangedRows.mergeGap {
            run = (r.top, row, min(r.left, left), max(r.right, right))
            return
        }
        if let r = run { append(r) }
        run = (row, row, left, right)
    }

    private mutating func append(_ r: (top: Int, bottom: Int, left: Int, right: Int)) {
        let rect = (x: r.left, y: r.top, width: r.right - r.left + 1, height: r.bottom - r.top + 1)
        rectangles.append(rect)
        pixelCount += rect.width * rect.height
    }

    /// The visual is our layout: equal rows are skipped with memcmp, a differing row is copied from its first to
    /// its last differing pixel. Returns that span (inclusive), or nil when the row is unchanged.
    @inline(__always)
    private static func copyChanged(
        _ from: UnsafePointer<UInt32>, _ to: UnsafeMutablePointer<UInt32>,
        _ count: Int
    ) -> ClosedRange<Int>? {
        guard memcmp(from, to, count * 4) != 0 else { return nil }
        // To the first and last difference a block at a time with memcmp, then pixel by pixel inside the block:
        // a changed row of a card is mostly equal white, and libc compares far faster than a pixel loop.
        let block = ChangedRows.block
        var first = 0
        while first + block <= count && memcmp(from + first, to + first, block * 4) == 0 { first += block }
        while from[first] == to[first] { first += 1 }
        var last = count - 1
        while last - block >= first && memcmp(from + last - block + 1, to + last - block + 1, block * 4) == 0 {
            last -= block
        }
        while from[last] == to[last] { last -= 1 }
        (to + first).update(from: from + first, count: last - first + 1)
        return first ... last
    }

    /// Pixels compared per memcmp while looking for the ends of a changed span.
    private static let block = 32

    /// Any other layout: each pixel is converted, compared and written where it differs.
    @inline(__always)
    private static func convertChanged(
        _ from: UnsafePointer<UInt32>, _ to: UnsafeMutablePointer<UInt32>,
        _ count: Int, _ format: PixelFormat, _ swap: Bool
    ) -> ClosedRange<Int>? {
        var first = -1, last = -1
        for i in 0 ..< count {
            let p = format.encode(from[i])
            let pixel = swap ? p.byteSwapped : p
            guard pixel != to[i] else { continue }
            to[i] = pixel
            if first < 0 { first = i }
            last = i
        }
        return first < 0 ? nil : first ... last
    }
}

extension ChangedRows {
    /// Fills `regions` with what a frame changed, clipped to `bounds` (the window): all of it when the app drew
    /// all of it (nil damage; also after an Expose), else the app's separate rectangles (`parts`) cut to its
    /// damage, or the damage itself when the app gives none. Keeps the storage: nothing is allocated per frame.
    static func regions(damage: PixelRect?, parts: [PixelRect], bounds: PixelRect, into regions: inout [PixelRegion]) {
        regions.removeAll(keepingCapacity: true)
        let clip = damage?.intersection(bounds) ?? bounds
        guard !clip.isEmpty else { return }
        guard damage != nil, !parts.isEmpty else { return regions.append((clip.x, clip.y, clip.width, clip.height)) }
        for part in parts {
            let r = part.intersection(clip)
            if !r.isEmpty { regions.append((r.x, r.y, r.width, r.height)) }
        }
    }
}
