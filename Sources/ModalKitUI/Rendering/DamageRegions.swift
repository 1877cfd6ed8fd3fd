import ModalKitPixels

/// The few rectangles a frame redraws. Each change is added; rectangles that overlap or nearly touch vertically
/// become one. A card's top moving and a HUD line changing far below it are redrawn apart (the card's unchanged
/// rows between them are not copied again), while a frame never walks the view tree more than `limit` times.
struct DamageRegions {
    private(set) var rects: [PixelRect] = []
    static let limit = 3
    /// Rows between two rectangles below which they are redrawn as one: a walk of the tree costs about as much
    /// as copying this many rows of a frame.
    static let gap = 32

    /// Empties the list, keeping its storage.
    mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Adds `rect` (nothing when empty), merging it with what it meets or nearly meets.
    mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var i = 0
        while i < rects.count {
            if Self.near(rects[i], merged) {
                merged = merged.union(rects.remove(at: i))
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(merged)
        if rects.count > Self.limit { mergeCheapestPair() }
    }

    /// Everything to redraw as one rectangle.
    var union: PixelRect { rects.reduce(PixelRect.zero) { $0.union($1) } }

    private static func near(_ a: PixelRect, _ b: PixelRect) -> Bool {
        max(a.y, b.y) - min(a.maxY, b.maxY) <= gap
    }

    /// Replaces the two rectangles whose union adds the fewest pixels by that union.
    private mutating func mergeCheapestPair() {
        var best = (0, 1), bestCost = Int.max
        for i in rects.indices {
            for j in rects.indices where j > i {
                let u = rects[i].union(rects[j])
                let cost = u.width * u.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
                if cost < bestCost { (best, bestCost) = ((i, j), cost) }
            }
        }
        let joined = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects[best.0] = joined
    }
}
