import ModalKitBase

extension Bitmap {
    /// The whole bitmap, in pixels.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Premultiplied pixel for a straight-alpha color (rounded, deterministic): each channel is
    /// round(component × alpha × 255), components clamped to 0...1.
    public static func premultiplied(_ c: Color) -> UInt32 { PixelMath.premultiplied(c) }

    /// Paints `color` over `rect` (the whole bitmap when nil), limited to `clip`: source-over, so an opaque color
    /// replaces what was there and a translucent one tints it.
    public mutating func fill(_ color: Color, in rect: PixelRect? = nil, clip: PixelRect? = nil) {
        let area = clipped(rect, clip)
        let src = PixelMath.premultiplied(color)
        guard !area.isEmpty, src != 0 else { return }
        fillSpans(area, src)
    }

    /// Makes `rect` (the whole bitmap when nil) fully transparent.
    public mutating func clear(_ rect: PixelRect? = nil) {
        let area = clipped(rect, nil)
        guard !area.isEmpty else { return }
        replaceSpans(area, with: 0)
    }

    /// A translucent black veil (UIKit's dimming view), alpha 0...1, over `rect` (the whole bitmap when nil).
    public mutating func dim(alpha: Double, in rect: PixelRect? = nil, clip: PixelRect? = nil) {
        fill(Color(white: 0, alpha: alpha), in: rect, clip: clip)
    }

    /// `rect` (or the bounds) cut to `clip` (or the bounds) and to the bitmap; every primitive clips first.
    func clipped(_ rect: PixelRect?, _ clip: PixelRect?) -> PixelRect {
        var area = (rect ?? bounds).intersection(bounds)
        if let clip { area = area.intersection(clip) }
        return area
    }

    /// Source-over of one premultiplied pixel on every pixel of `area` (already clipped).
    mutating func fillSpans(_ area: PixelRect, _ src: UInt32) {
        if src >> 24 == 255 { return replaceSpans(area, with: src) }
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for row in area.y ..< area.maxY {
                Self.tintPixels(base + row * stride + area.x, count: area.width, tint: src)
            }
        }
    }

    /// Stores `value` in every pixel of `area` (already clipped).
    mutating func replaceSpans(_ area: PixelRect, with value: UInt32) {
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for row in area.y ..< area.maxY {
                (base + row * stride + area.x).update(repeating: value, count: area.width)
            }
        }
    }
}
