import ModalKitBase
import ModalKitPixels

extension Canvas {
    /// Draws `image` pixel for pixel (no scaling) with its top-left at `point` (the view's points), snapped to a
    /// whole pixel so it stays crisp: for pictures rendered at this canvas's scale, such as a plot.
    public func draw(_ image: Bitmap, at point: Point) {
        let x = (originX + point.x * scale).rounded(), y = (originY + point.y * scale).rounded()
        flushPendingLayer()
        bitmap.draw(image, x: x, y: y, clip: clip)
    }
}
