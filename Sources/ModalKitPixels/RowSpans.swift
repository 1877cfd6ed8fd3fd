import Glibc

/// Where each row of a bitmap that is drawn many times (a view's cached layer) has pixels worth drawing: its
/// visible span (first to last non-transparent pixel) and a long run of opaque pixels. A blit with them skips
/// the transparent ends, copies the opaque run and blends only the rest, instead of testing every pixel of every
/// row each frame. They also know which neighbouring rows are identical (a card's blank rows), so that a layer
/// that only moved up or down damages just the rows whose pixels change. Kept by whoever owns the bitmap and
/// updated when its pixels change.
public struct RowSpans: Sendable {
    /// The size of the bitmap the spans describe; a blit ignores spans of another size.
    public private(set) var width: Int
    /// The height of the bitmap the spans describe, in pixels (one entry a row).
    public private(set) var height: Int
    /// Four numbers a row: visible start, visible end, opaque start, opaque end (columns, end exclusive).
    private var spans: [Int]
    /// Per row, the first row of the run of identical consecutive rows it belongs to, and one past its last.
    private var runStarts: [Int], runEnds: [Int]
    /// Per row, whether it holds the same pixels as the row above.
    private var matchesAbove: [Bool]

    /// The spans of every row of `bitmap`.
    public init(of bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        spans = Array(repeating: 0, count: 4 * bitmap.height)
        runStarts = Array(0 ..< bitmap.height)
        runEnds = Array(1 ..< bitmap.height + 1)
        matchesAbove = Array(repeating: false, count: bitmap.height)
        update(rows: 0 ..< bitmap.height, of: bitmap)
    }

    /// Measures `rows` of `bitmap` again after they were redrawn; a bitmap of another size is measured whole.
    public mutating func update(rows: Range<Int>, of bitmap: Bitmap) {
        guard bitmap.width == width, bitmap.height == height else { return self = RowSpans(of: bitmap) }
        let rows = rows.clamped(to: 0 ..< height)
        bitmap.pixels.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { return }
            for row in rows { measure(row, base + row * width) }
            guard !rows.isEmpty else { return }
            // The row below the redrawn ones is compared again too: the row above it changed.
            for row in max(rows.lowerBound, 1) ..< min(rows.upperBound + 1, height) {
                matchesAbove[row] = memcmp(base + row * width, base + (row - 1) * width, width * 4) == 0
            }
        }
        for row in rows.lowerBound ..< height {
            runStarts[row] = row > 0 && matchesAbove[row] ? runStarts[row - 1] : row
        }
        // A run may reach back before the redrawn rows, so its end is found again for every row.
        for row in (0 ..< height).reversed() {
            runEnds[row] = row + 1 < height && matchesAbove[row + 1] ? runEnds[row + 1] : row + 1
        }
    }

    /// Whether rows `a` and `b` held the same pixels when measured (both in one run of identical rows).
    @inline(__always)
    public func rowsMatch(_ a: Int, _ b: Int) -> Bool { runStarts[a] == runStarts[b] }

    /// How many rows from `a` and from `b` on match pairwise (a + k with b + k): to the end of the run both lie in,
    /// 0 when they are not in one run.
    public func matchingRows(from a: Int, and b: Int) -> Int {
        runStarts[a] == runStarts[b] ? runEnds[a] - max(a, b) : 0
    }

    /// The row's visible span and opaque run.
    @inline(__always)
    public func row(_ index: Int) -> (visible: Range<Int>, opaque: Range<Int>) {
        let i = 4 * index
        return (spans[i] ..< spans[i + 1], spans[i + 2] ..< spans[i + 3])
    }

    /// Four pixels at a time (one SIMD load a group where `PixelMath.fourAtATime`, four scalar ones where not, same
    /// answer): each group of four is clear, wholly opaque or mixed, and the longest stretch of
    /// opaque groups, widened by the opaque pixels right beside it, is the row's opaque run (on a card, the
    /// whole card). The visible span comes from scanning in from both ends. Text rows, mostly mixed groups,
    /// cost about two instructions a pixel.
    private mutating func measure(_ row: Int, _ pixels: UnsafePointer<UInt32>) {
        let i = 4 * row
        var first = 0
        while first < width && pixels[first] == 0 { first += 1 }
        guard first < width else { return (spans[i], spans[i + 1], spans[i + 2], spans[i + 3]) = (0, 0, 0, 0) }
        var last = width
        while pixels[last - 1] == 0 { last -= 1 }
        var bestStart = 0, bestEnd = 0, runStart: Int?
        let inLanes = PixelMath.fourAtATime
        var x = first
        while x + 4 <= last {
            let opaque: Bool
            if inLanes {
                let alphaMask = SIMD4<UInt32>(repeating: 0xFF00_0000)
                opaque = UnsafeRawPointer(pixels + x).loadUnaligned(as: SIMD4<UInt32>.self) & alphaMask == alphaMask
            } else {
                opaque = (pixels[x] & pixels[x + 1] & pixels[x + 2] & pixels[x + 3]) >> 24 == 255
            }
            if opaque {
                let start = runStart ?? x
                runStart = start
                if x + 4 - start > bestEnd - bestStart { (bestStart, bestEnd) = (start, x + 4) }
            } else {
                runStart = nil
            }
            x += 4
        }
        if bestEnd > bestStart {
            while bestStart > first && pixels[bestStart - 1] >> 24 == 255 { bestStart -= 1 }
            while bestEnd < last && pixels[bestEnd] >> 24 == 255 { bestEnd += 1 }
        }
        (spans[i], spans[i + 1], spans[i + 2], spans[i + 3]) = (first, last, bestStart, bestEnd)
    }
}
