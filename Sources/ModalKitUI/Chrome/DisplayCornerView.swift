import ModalKitBase
import ModalKitPixels

/// One rounded corner of the display: black outside a quarter circle of the display's radius, anti-aliased, so
/// the stage is cut to the phone's screen. One small layer per corner instead of a window-sized one: the frame
/// blits four squares, not the whole screen.
final class DisplayCornerView: View {
    /// Which corner of the screen this is.
    let corner: CornerMask

    init(corner: CornerMask, radius: Double, screen: Size) {
        self.corner = corner
        let x = corner.contains(.topLeft) || corner.contains(.bottomLeft) ? 0 : screen.width - radius
        let y = corner.contains(.topLeft) || corner.contains(.topRight) ? 0 : screen.height - radius
        super.init(frame: Rect(x: x, y: y, width: radius, height: radius))
        isUserInteractionEnabled = false
        accessibilityIdentifier = "display-corner"
    }

    /// Coverage outside the circle, from each pixel center's distance to the circle's center: a one-pixel ramp.
    override func draw(in canvas: Canvas) {
        let r = bounds.width * canvas.scale
        let area = PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size)))
            .intersection(canvas.clip)
        guard r > 0, !area.isEmpty else { return }
        let left = corner.contains(.topLeft) || corner.contains(.bottomLeft)
        let top = corner.contains(.topLeft) || corner.contains(.topRight)
        let cx = canvas.originX + (left ? r : 0), cy = canvas.originY + (top ? r : 0)
        for py in area.y ..< (area.y + area.height) {
            let dy = Double(py) + 0.5 - cy
            for px in area.x ..< (area.x + area.width) {
                let dx = Double(px) + 0.5 - cx
                let coverage = min(max((dx * dx + dy * dy).squareRoot() - r + 0.5, 0), 1)
                let alpha = UInt32((coverage * 255).rounded())
                canvas.bitmap[px, py] = alpha << 24
            }
        }
    }

    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
