import ModalKitBase

/// Everything a view's subtree reads to draw its layer, for telling whether a new view would draw exactly the
/// pixels of a retired one: every view's class, presented state, corners, clipping and shadow, and what each
/// view's own `draw(in:)` reads (`View.describeContent(into:)`), in order. Values are compared with `==`, objects
/// (an image) by identity, and held, so a freed object's address cannot come back as a match.
public struct LayerContent: Equatable {
    private var values: [AnyHashable] = []
    private var objects: [AnyObject] = []

    /// Adds a value the drawing reads (a text, a color, a font).
    public mutating func append<T: Hashable>(_ value: T) { values.append(AnyHashable(value)) }

    /// Adds an object the drawing reads, compared by identity (an `Image`).
    public mutating func append(object: AnyObject?) {
        values.append(object.map { AnyHashable(ObjectIdentifier($0)) } ?? AnyHashable(0))
        if let object { objects.append(object) }
    }

    /// Equal when every value is equal and every object is the same one.
    public static func == (a: LayerContent, b: LayerContent) -> Bool {
        a.values == b.values && a.objects.count == b.objects.count
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
        guard let cache = view.layerCache, cache.isValid, cache.dirty == nil,
            let content = view.layerContent()
        else { return }
        entries.removeAll { $0.cache === cache || $0.content == content }
        entries.append(Entry(content: content, cache: cache, generation: cache.generation, owner: view))
        if entries.count > LayerPool.capacity { entries.removeFirst() }
    }

    /// A retired layer whose view is gone that `view` draws exactly, removed from the pool; nil when none.
    func take(for view: View, width: Int, height: Int, padding: Int, scale: Double) -> LayerCache? {
        entries.removeAll { $0.generation != $0.cache.generation || !$0.cache.isValid || $0.cache.dirty != nil }
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
        content.append(ObjectIdentifier(type(of: self)))
        content.append(shouldRasterize)
        content.append(clipsToBounds)
        content.append(cornerRadius)
        content.append(maskedCorners.rawValue)
        content.append(shadow)
        guard describeContent(into: &content) else { return false }
        content.append(subviews.count)
        for child in subviews {
            let s = child.presentation
            content.append(s.center)
            content.append(s.bounds)
            content.append(s.transform)
            content.append(s.alpha)
            content.append(s.backgroundColor)
            content.append(child.isHidden)
            guard child.describeSubtree(into: &content) else { return false }
        }
        return true
    }
}
