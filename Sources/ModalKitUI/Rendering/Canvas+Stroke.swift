import ModalKitBase
import ModalKitPixels

extension Canvas {
    /// Draws an anti-aliased line `width` points wide through `points` (the current view's points), with round
    /// caps and joins.
    public func strokePolyline(_ points: [Point], width: Double, color: Color) {
        let pixels = points.map { Point(x: originX + $0.x * scale, y: originY + $0.y * scale) }
        flushPendingLayer()
        bitmap.strokePolyline(pixels, width: width * scale, color: color, clip: clip)
    }
}
