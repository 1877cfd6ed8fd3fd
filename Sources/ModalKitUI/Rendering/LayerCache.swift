import ModalKitBase
import ModalKitMotion
import ModalKitPixels

/// The pixels of one rasterized view and its subtree, with room around them for the shadow.
final class LayerCache {
    var canvas: Canvas
    /// Pixels of margin on every side, for the shadow.
    let padding: Int
    var isValid = false
    /// Pixels to redraw in an otherwise valid cache: a clipping container inside this view scrolled or changed
    /// within its own frame (see `setNeedsDisplayInsideBounds`).
    var dirty: PixelRect?
    /// Changes every time the pixels are redrawn, unique across caches, so a draw list can tell new pixels apart.
    private(set) var generation: UInt64 = 0
    private static var nextGeneration: UInt64 = 0

    /// Where each row's visible and opaque pixels are, for blits of this cache (see `RowSpans`); true to the
    /// pixels only when `unmeasuredRows` is nil.
    private var spans = RowSpans(of: Bitmap(width: 0, height: 0))
    /// Rows redrawn since the spans were measured. They are measured at the second blit after a redraw, not at
    /// the redraw: a cache redrawn every frame and blitted once (a container around a scrolling list) would pay
    /// for measuring and gain nothing.
    private var unmeasuredRows: Range<Int>?
    private var blitsSinceRedraw = 0

    /// The generation before the last redraw, and what that redraw covered (cache pixels; nil for everything):
    /// a frame whose only change is a fading scroll indicator inside this layer damages just the indicator.
    private var previousGeneration: UInt64 = 0
    private var lastRedrawArea: PixelRect?

    /// The pixels (cache pixels) that differ from those of generation `old`, when that is known: nothing when
    /// they are still `old`, the last redraw's area when it came straight after `old`, else nil.
    func changedArea(since old: UInt64) -> PixelRect? {
        if old == generation { return .zero }
        return old == previousGeneration ? lastRedrawArea : nil
    }

    /// Marks the pixels as freshly drawn, in `area` (cache pixels) or, when nil, everywhere.
    func didRedraw(_ area: PixelRect? = nil) {
        previousGeneration = generation
        lastRedrawArea = area
        LayerCache.nextGeneration &+= 1
        generation = LayerCache.nextGeneration
        isValid = true
        dirty = nil
        let rows = area.map { $0.y ..< $0.maxY } ?? 0 ..< canvas.bitmap.height
        unmeasuredRows =
            unmeasuredRows.map { min($0.lowerBound, rows.lowerBound) ..< max($0.upperBound, rows.upperBound) }
            ?? rows
        blitsSinceRedraw = 0
    }

    /// The spans for a blit of the pixels as they are now, or nil on the first blit after a redraw.
    func spansForBlit() -> RowSpans? {
        blitsSinceRedraw += 1
        if let rows = unmeasuredRows {
            guard blitsSinceRedraw >= 2 else { return nil }
            spans.update(rows: rows, of: canvas.bitmap)
            unmeasuredRows = nil
        }
        return spans
    }

    /// The spans when they are true to the pixels now, else nil (see `DrawRecord.movedDamage`).
    var measuredSpans: RowSpans? { unmeasuredRows == nil ? spans : nil }

    init(width: Int, height: Int, padding: Int, scale: Double) {
        canvas = Canvas(bitmap: Bitmap(width: width + 2 * padding, height: height + 2 * padding), scale: scale)
        self.padding = padding
        (pixelWidth, pixelHeight) = (width + 2 * padding, height + 2 * padding)
        LayerCache.counter.increment()
    }

    deinit { LayerCache.counter.decrement() }

    /// Caches alive now; `View.liveLayerCaches` makes it public.
    static var liveInstances: Int { counter.count }
    nonisolated(unsafe) private static let counter = LiveInstanceCounter()

    /// Adds `area` (cache pixels) to what must be redrawn.
    func markDirty(_ area: PixelRect) {
        guard isValid, area.width > 0, area.height > 0 else { return }
        dirty = dirty.map { $0.union(area) } ?? area
    }

    func fits(width: Int, height: Int, padding: Int, scale: Double) -> Bool {
        self.padding == padding && canvas.scale == scale
            && pixelWidth == width + 2 * padding && pixelHeight == height + 2 * padding
    }

    /// The size of the pixels, padding included, whether they are held or not.
    let pixelWidth: Int, pixelHeight: Int

    /// Whether the pixels are held. A layer not kept between frames (`View.shouldRasterize` off) lets them go at
    /// the end of each frame and keeps the rest: its generation, validity and row spans, which the next frame's
    /// damage compares, stay true, because drawing the same content again gives the same bytes.
    private(set) var isResident = true

    /// Lets the pixels go (see `isResident`).
    func evict() {
        canvas.bitmap = Bitmap(width: 0, height: 0)
        isResident = false
    }

    /// Takes cleared pixels again, for a redraw.
    func restore() {
        canvas.bitmap = Bitmap(width: pixelWidth, height: pixelHeight)
        isResident = true
    }
}
