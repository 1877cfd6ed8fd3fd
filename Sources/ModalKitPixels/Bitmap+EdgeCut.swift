import ModalKitBase

/// The pixels a rounded rectangle's anti-aliased edge runs through, as they were before anything was drawn inside
/// it, so that what is drawn next can be cut to the shape afterwards (`Bitmap.cut(toEdgeOf:)`): how a clipping
/// container with no layer of its own (the zoomed page's card) cuts what its children draw straight into the
/// frame to its rounded corners. Only the corners' squares and fractional edge rows and columns are kept.
public struct RoundedEdgeBackup {
    let shape: RoundedRectShape
    let area: PixelRect
    var pixels: [UInt32] = []

    /// Calls `body` with each row's runs of edge pixels in `area`, in the order they are kept.
    func forEachRun(_ body: (Int, Range<Int>) -> Void) {
        for py in area.y ..< area.maxY {
            if RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY) < 1 {
                body(py, area.x ..< area.maxX)
                continue
            }
            let leftEnd = Swift.min(Swift.max(shape.leftComplexEnd(row: py), area.x), area.maxX)
            let rightStart = Swift.max(Swift.min(shape.rightComplexStart(row: py), area.maxX), leftEnd)
            if leftEnd > area.x { body(py, area.x ..< leftEnd) }
            if rightStart < area.maxX { body(py, rightStart ..< area.maxX) }
        }
    }
}

extension Bitmap {
    /// The edge pixels of `rect` (pixels) rounded by `radii`, inside `clip`, as they are now.
    public func backUpEdge(of rect: Rect, radii: CornerRadii, clip: PixelRect? = nil) -> RoundedEdgeBackup {
        let shape = RoundedRectShape(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, radii: radii)
        let finite = [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { $0.isFinite && abs($0) < 1e9 }
        var backup = RoundedEdgeBackup(
            shape: shape, area: finite ? clipped(PixelRect(covering: rect), clip) : .zero)
        backup.forEachRun { py, run in
            backup.pixels.append(contentsOf: pixels[py * width + run.lowerBound ..< py * width + run.upperBound])
        }
        return backup
    }

    /// Cuts what was drawn since `backup` was taken to its rounded rectangle: each edge pixel becomes the mix of
    /// what it was and what was drawn, by the share of it the shape covers (the same coverage as
    /// `fillRoundedRect`). For premultiplied pixels that is exactly what drawing the new pixels masked by the shape
    /// would have given.
    public mutating func cut(toEdgeOf backup: RoundedEdgeBackup) {
        guard backup.area.intersection(bounds) == backup.area else { return }
        var i = 0
        let stride = width
        let shape = backup.shape
        pixels.withUnsafeMutableBufferPointer { buf in
            backup.forEachRun { py, run in
                // Which of the row's pixels the shape covers not at all (the kept pixel) or whole (the new one),
                // from the arcs, as the glass's corners find them: coverage is asked only of those between.
                var outside = (left: Int.min, right: Int.max), inside = 0 ..< 0
                if Bitmap.cutFindsCornerSpans {
                    let a = shape.cornerSpan(row: py, left: true), b = shape.cornerSpan(row: py, left: false)
                    outside = (a.outside, b.outside)
                    if RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY) >= 1, a.inside < b.inside {
                        inside = a.inside ..< b.inside
                    }
                }
                for px in run {
                    let w: UInt32
                    if px < outside.left || px >= outside.right {
                        w = 0
                    } else if inside.contains(px) {
                        w = 256
                    } else {
                        w = UInt32((shape.coverage(px: px, py: py) * 256).rounded())
                    }
                    buf[py * stride + px] = BilinearSampler.lerp(backup.pixels[i], buf[py * stride + px], w)
                    i += 1
                }
            }
        }
    }

    /// Whether `cut(toEdgeOf:)` finds a row's wholly outside and wholly inside pixels from the arcs (off: the
    /// reference that asks `coverage` of every edge pixel; tests).
    nonisolated(unsafe) static var cutFindsCornerSpans = true
}
