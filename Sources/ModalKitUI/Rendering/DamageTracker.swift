import ModalKitBase
import ModalKitPixels

/// One thing the window draws into its frame: a view's cached pixels or a plain fill, with everything that decides
/// its pixels. Two equal records put the same pixels in the same place.
struct DrawRecord: Equatable {
    let view: ObjectIdentifier
    /// Where it lands: x, y, scale and opacity of a cached layer, or a fill's rectangle and color.
    let x, y, scale, opacity: Double
    /// The cache's generation (new pixels, new number), or the fill's premultiplied color.
    let content: UInt64
    let clip: PixelRect
    /// The pixels it covers (clipped): what must be redrawn when it changes, appears or goes.
    let area: PixelRect
    /// The cached layer drawn, for its rows (see `movedDamage`); nil for fills. Weak: a list of draws must not
    /// keep a removed view's pixels alive.
    weak var layer: LayerCache?

    init(
        view: ObjectIdentifier, x: Double, y: Double, scale: Double, opacity: Double, content: UInt64,
        clip: PixelRect, area: PixelRect, layer: LayerCache? = nil
    ) {
        self.view = view
        (self.x, self.y, self.scale, self.opacity) = (x, y, scale, opacity)
        (self.content, self.clip, self.area, self.layer) = (content, clip, area, layer)
    }

    static func == (a: DrawRecord, b: DrawRecord) -> Bool {
        a.drawsSamePixels(as: b) && a.clip == b.clip && a.area == b.area
    }

    /// Whether the two draw the same pixels wherever both draw (only their clips differ).
    func drawsSamePixels(as other: DrawRecord) -> Bool {
        view == other.view && x == other.x && y == other.y && scale == other.scale && opacity == other.opacity
            && content == other.content
    }

    /// What must be redrawn when the same cached pixels moved straight up or down at scale 1 with nothing else
    /// changed: only the rows where the layer's row now shown differs from the one shown before (or where the
    /// layer arrives or leaves). A card's blank rows replace identical blank rows, so most of a moving card is
    /// not drawn again. Nil when the two are not such a pair.
    func movedDamage(from old: DrawRecord) -> PixelRect? {
        guard view == old.view, content == old.content, x == old.x, scale == 1, old.scale == 1,
            opacity == old.opacity, clip == old.clip, area.x == old.area.x, area.width == old.area.width,
            let rows = layer?.measuredSpans, y == y.rounded(), old.y == old.y.rounded(),
            abs(y) < View.largestPixelCoordinate, abs(old.y) < View.largestPixelCoordinate
        else { return nil }
        let newTop = Int(y), oldTop = Int(old.y)
        guard area.y >= newTop, area.maxY - newTop <= rows.height, old.area.y >= oldTop,
            old.area.maxY - oldTop <= rows.height
        else { return nil }
        let top = min(area.y, old.area.y), bottom = max(area.maxY, old.area.maxY)
        var first = bottom, last = top
        var row = top
        while row < bottom {
            let inNew = row >= area.y && row < area.maxY, inOld = row >= old.area.y && row < old.area.maxY
            if inNew && inOld {
                // Skip the whole stretch where both land in one run of identical rows (a card's blank middle).
                let same = min(
                    rows.matchingRows(from: row - newTop, and: row - oldTop),
                    min(area.maxY, old.area.maxY) - row)
                if same > 0 { row += same; continue }
            }
            if inNew || inOld { (first, last) = (min(first, row), row + 1) }
            row += 1
        }
        guard last > first else { return .zero }
        return PixelRect(x: area.x, y: first, width: area.width, height: last - first)
    }

    /// What must be redrawn when the same layer, drawn at the same whole-pixel place at scale 1, had part of its
    /// pixels redrawn since (a scroll indicator fading inside a sheet): only that part. Nil when not such a pair.
    func contentDamage(from old: DrawRecord) -> PixelRect? {
        guard view == old.view, content != old.content, x == old.x, y == old.y, scale == 1, old.scale == 1,
            opacity == old.opacity, clip == old.clip, area == old.area, x == x.rounded(), y == y.rounded(),
            abs(x) < View.largestPixelCoordinate, abs(y) < View.largestPixelCoordinate,
            let changed = layer?.changedArea(since: old.content)
        else { return nil }
        return PixelRect(x: Int(x) + changed.x, y: Int(y) + changed.y, width: changed.width, height: changed.height)
            .intersection(area)
    }

    /// What must be redrawn when only the clip changed: where one of the two draws and the other does not. For
    /// the bands occlusion makes (same columns, one edge shared) that is the band between the other edges.
    func clipChange(from old: DrawRecord) -> PixelRect {
        let a = old.area, b = area
        guard a.x == b.x, a.width == b.width else { return a.union(b) }
        if a.y == b.y { return PixelRect(x: a.x, y: min(a.maxY, b.maxY), width: a.width, height: abs(a.maxY - b.maxY)) }
        if a.maxY == b.maxY { return PixelRect(x: a.x, y: min(a.y, b.y), width: a.width, height: abs(a.y - b.y)) }
        return a.union(b)
    }
}

/// The window's memory between frames: what it drew last time, into which bitmap, so the next frame redraws only
/// the region where the two lists of draws differ.
final class DamageTracker {
    /// The frame last drawn. Holding it keeps its storage alive, so if the caller hands back an array that still
    /// shares that storage, nobody has written to it since (any write would have copied it).
    private var lastFrame: Bitmap?
    private var lastScale = 0.0
    private var previous: [DrawRecord] = []
    /// The list being built for the current frame.
    var current: [DrawRecord] = []
    /// Reused every frame; rebuilt only when the scale changes.
    private var canvas: Canvas?

    /// A canvas at `scale` wrapping an empty bitmap, for the window to swap its frame into.
    func canvas(scale: Double) -> Canvas {
        if let canvas, canvas.scale == scale { return canvas }
        let made = Canvas(bitmap: Bitmap(width: 0, height: 0), scale: scale)
        canvas = made
        return made
    }

    /// Whether `bitmap` still holds, untouched, the last frame drawn at `scale`.
    func holdsLastFrame(_ bitmap: Bitmap, scale: Double) -> Bool {
        guard let last = lastFrame, scale == lastScale, last.width == bitmap.width, last.height == bitmap.height,
            !bitmap.pixels.isEmpty
        else { return false }
        return last.pixels.withUnsafeBufferPointer { a in
            bitmap.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
    }

    /// Lets go of the last frame so the caller's copy is the only one and is drawn into in place.
    func releaseLastFrame() { lastFrame = nil }

    /// Starts a new list of draws.
    func beginRecording() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    /// The rectangles to redraw this frame, found by `damage(within:)`; reused between frames.
    private(set) var regions = DamageRegions()

    /// Where every draw that differs between the last frame's list and this one's changes pixels, cut to
    /// `bounds`, as a few rectangles (`regions`); returns their union.
    func damage(within bounds: PixelRect) -> PixelRect {
        regions.removeAll()
        let common = min(previous.count, current.count)
        var i = 0
        while i < common {
            let (old, new) = (previous[i], current[i])
            if old == new { i += 1; continue }
            let changed =
                new.drawsSamePixels(as: old)
                ? new.clipChange(from: old)
                : new.movedDamage(from: old) ?? new.contentDamage(from: old) ?? old.area.union(new.area)
            regions.add(changed.intersection(bounds))
            i += 1
        }
        for record in previous[common...] { regions.add(record.area.intersection(bounds)) }
        for record in current[common...] { regions.add(record.area.intersection(bounds)) }
        return regions.union
    }

    /// Remembers the frame just drawn (sharing its storage, not copying it).
    func finish(_ bitmap: Bitmap, scale: Double) {
        lastFrame = bitmap
        lastScale = scale
    }

    /// Forgets the last list, so the next damage covers everything drawn.
    func forgetPrevious() { previous.removeAll(keepingCapacity: true) }
}
