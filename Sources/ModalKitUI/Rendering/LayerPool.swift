import ModalKitBase

/// Everything a view's subtree reads to draw its layer, for telling whether a new view would draw exactly the
/// pixels of a retired one: every view's class, presented state, corners, clipping and shadow, and what each
/// view's own `draw(in:)` reads (`View.describeContent(into:)`), in order. Numbers are compared bit for bit, texts
/// with `==`, objects (an image) by identity, and held, so a freed object's address cannot come back as a match.
/// Each value is tagged with its kind, so two descriptions are equal only when they hold the same kinds in the
/// same order. (Plain words, not `AnyHashable`: boxing and comparing those cost ~2,000 instructions a value.)
public struct LayerContent: Equatable {
    private var words: [UInt64] = []
    private var strings: [String] = []
    private var objects: [AnyObject] = []

    private enum Tag: UInt64 { case number = 0xA1, text, object, noObject }

    /// Adds a number the drawing reads.
    public mutating func append(_ value: Double) { words.append(Tag.number.rawValue); words.append(value.bitPattern) }

    /// Adds a whole number the drawing reads (a count, a case of an enumeration).
    public mutating func append(_ value: Int) { append(Double(bitPattern: UInt64(bitPattern: Int64(value)))) }

    /// Adds a flag the drawing reads.
    public mutating func append(_ value: Bool) { append(value ? 1 : 0) }

    /// Adds a text the drawing reads.
    public mutating func append(_ value: String) {
        words.append(Tag.text.rawValue)
        strings.append(value)
    }

    /// Adds a color the drawing reads.
    public mutating func append(_ color: Color) {
        append(color.red); append(color.green); append(color.blue); append(color.alpha)
    }

    /// Adds a font the drawing reads.
    public mutating func append(_ font: FontDescriptor) {
        append(font.size)
        append(font.weight == .bold)
    }

    /// Adds an object the drawing reads, compared by identity (an `Image`), or its absence.
    public mutating func append(object: AnyObject?) {
        guard let object else { return words.append(Tag.noObject.rawValue) }
        words.append(Tag.object.rawValue)
        objects.append(object)
    }

    mutating func append(_ rect: Rect) { append(rect.minX); append(rect.minY); append(rect.width); append(rect.height) }

    /// Equal when every number is the same bits, every text equal and every object the same one.
    public static func == (a: LayerContent, b: LayerContent) -> Bool {
        a.words == b.words && a.strings == b.strings && a.objects.count == b.objects.count
            && zip(a.objects, b.objects).allSatisfy { $0 === $1 }
    }
}

/// The layers of the last views that left a window (a dismissed card), kept so that a new view describing the
/// same content (the next presentation's card) takes their pixels instead of drawing them again.
final class LayerPool {
    /// A retired layer and what it showed when it retired.
    private struct Entry {
        let content: LayerContent
        let cache: LayerCache
        /// The pixels' generation at retirement: any redraw since (its view came back and changed) voids it.
        let generation: UInt64
        /// The view that drew it: while it is alive the layer is still its own and is not handed on.
        weak var owner: View?
    }

    /// At most this many retired layers are kept (a card and the screen it covered): the memory held is at most
    /// this many layers beyond those of live views.
    static let capacity = 2
    private var entries: [Entry] = []

    /// Whether nothing is kept.
    var isEmpty: Bool { entries.isEmpty }

    /// Keeps `view`'s layer when its pixels are valid and its content can be described.
    func retire(_ view: View) {
        guard let cache = view.layerCache, cache.isResident, cache.isValid, cache.dirty == nil,
            let content = view.layerContent()
        else { return }
        entries.removeAll { $0.cache === cache || $0.content == content }
        entries.append(Entry(content: content, cache: cache, generation: cache.generation, owner: view))
        if entries.count > LayerPool.capacity { entries.removeFirst() }
    }

    /// A retired layer whose view is gone that `view` draws exactly, removed from the pool; nil when none.
    func take(for view: View, width: Int, height: Int, padding: Int, scale: Double) -> LayerCache? {
        entries.removeAll {
            $0.generation != $0.cache.generation || !$0.cache.isValid || $0.cache.dirty != nil || !$0.cache.isResident
        }
        let candidates = entries.indices.filter { i in
            entries[i].owner == nil
                && entries[i].cache.fits(width: width, height: height, padding: padding, scale: scale)
        }
        guard !candidates.isEmpty, let content = view.layerContent(),
            let index = candidates.first(where: { entries[$0].content == content })
        else { return nil }
        return entries.remove(at: index).cache
    }

    /// Forgets every kept layer.
    func removeAll() { entries.removeAll() }
}

extension View {
    /// This view's subtree described for its own layer (`LayerContent`); nil when some view in it draws what
    /// cannot be described. Where this view sits and how it is blended (center, transform, alpha, hidden) is
    /// left out: that places the layer, it does not change its pixels.
    func layerContent() -> LayerContent? {
        var content = LayerContent()
        content.append(presentation.bounds)
        content.append(presentation.backgroundColor)
        return describeSubtree(into: &content) ? content : nil
    }

    /// This view's look and own drawing, then each subview's whole state, in drawing order.
    private func describeSubtree(into content: inout LayerContent) -> Bool {
        // The class's metadata, which lives as long as the program: its address names the class.
        content.append(Int(bitPattern: UInt(bitPattern: ObjectIdentifier(type(of: self)))))
        content.append(compositesAsGroup)
        content.append(clipsToBounds)
        content.append(cornerRadius)
        content.append(bottomCornerRadius ?? -1)
        content.append(maskedCorners.rawValue)
        content.append(shadow != nil)
        if let shadow {
            content.append(shadow.color); content.append(shadow.radius)
            content.append(shadow.offset.x); content.append(shadow.offset.y)
        }
        guard describeContent(into: &content) else { return false }
        content.append(subviews.count)
        for child in subviews {
            let s = child.presentation
            content.append(s.center.x); content.append(s.center.y)
            content.append(s.bounds)
            content.append(s.transform.scaleX); content.append(s.transform.scaleY)
            content.append(s.transform.translationX); content.append(s.transform.translationY)
            content.append(s.alpha)
            content.append(s.backgroundColor)
            content.append(child.isHidden)
            guard child.describeSubtree(into: &content) else { return false }
        }
        return true
    }
}
