import ModalKitBase
import ModalKitPixels

/// The glass under a floating sheet: the screen behind it, blurred, darkened as the backdrop dims it and under a
/// tint, cut to the sheet's corners. The frosted screen is made once per look of the screen behind (its layer's
/// generation), the scale and the dim, and kept; each frame copies only the part under the sheet, so moving the
/// sheet costs a copy of what shows, never another blur.
final class SheetGlassView: View {
    /// The glass's blur and tint; nil draws nothing.
    var material: SheetPresentationController.GlassMaterial? { didSet { if material != oldValue { forget() } } }
    /// The screen behind the sheet, whose pixels the glass shows.
    weak var presentingView: View?
    /// The backdrop's dim over the screen behind (0...1 of black).
    var dim = 0.0 { didSet { if dim != oldValue { forget() } } }
    /// The sheet's top and bottom corner radii, in points.
    var cornerRadii = (top: 0.0, bottom: 0.0)
    /// The sheet's own background, and how much of it covers the glass (0: all glass, 1: opaque).
    var opaqueColor = Color.white, opacity = 1.0
    /// How many times the frosted screen was made (tests: once a look, not once a frame).
    private(set) var frostCount = 0

    private struct FrostKey: Equatable {
        var generation: UInt64, scale: Double, width: Int, height: Int
    }
    /// The last two frosted screens: a drag across the large detent's threshold rounds the screen behind's
    /// corners and squares them again, two looks it goes back and forth between.
    private var frosts: [(key: FrostKey, bitmap: Bitmap)] = []

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityIdentifier = "glass"
    }

    private func forget() {
        frosts = []
        setNeedsDisplay()
    }

    /// The frosted screen behind at `scale`, window-sized, made now if the screen behind changed.
    private func frosted(scale: Double) -> Bitmap? {
        guard let material, let behind = presentingView, let window else { return nil }
        let layer = behind.rasterized(scale: scale)
        let width = Int((window.bounds.width * scale).rounded(.up))
        let height = Int((window.bounds.height * scale).rounded(.up))
        let key = FrostKey(generation: layer.generation, scale: scale, width: width, height: height)
        if let kept = frosts.first(where: { $0.key == key }) { return kept.bitmap }
        let source = layer.canvas.bitmap.cropped(
            to: PixelRect(
                x: layer.padding, y: layer.padding, width: layer.canvas.bitmap.width - 2 * layer.padding,
                height: layer.canvas.bitmap.height - 2 * layer.padding))
        let factor = 4
        let radius = max(Int((material.blurRadius * scale / Double(factor) / 1.7).rounded()), 1)
        let small = source.blurredDown(by: factor, radius: radius)
        let bitmap = Bitmap.frosted(small, factor: factor, width: width, height: height, dim: dim, tint: material.tint)
        frosts = [(key, bitmap)] + frosts.prefix(1)
        frostCount += 1
        return bitmap
    }

    /// Copies the frosted screen under this view, mixed toward the sheet's opaque background by `opacity`, cut
    /// to the sheet's corners.
    override func draw(in canvas: Canvas) {
        let s = canvas.scale
        let (top, bottom) = (cornerRadii.top * s, cornerRadii.bottom * s)
        let radii = CornerRadii(topLeft: top, topRight: top, bottomRight: bottom, bottomLeft: bottom)
        guard opacity < 1, let glass = frosted(scale: s) else {
            return canvas.fill(Rect(origin: .zero, size: bounds.size), color: opaqueColor, radii: radii)
        }
        let origin = convertToWindow(.zero)
        let area = PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size)))
            .intersection(canvas.clip)
        guard !area.isEmpty else { return }
        let dx = Int((origin.x * s).rounded()) - Int(canvas.originX.rounded())
        let dy = Int((origin.y * s).rounded()) - Int(canvas.originY.rounded())
        let mix = UInt32((min(max(opacity, 0), 1) * 256).rounded()), rest = 256 - mix
        let solid = Bitmap.premultiplied(opaqueColor)
        let width = canvas.bitmap.width
        // Columns whose glass pixel lies inside the frosted screen are copied as a run (a memcpy when the glass
        // shows unmixed); those past its sides repeat its edge pixel, as rows past its top or bottom repeat a row.
        let inside = max(area.x, -dx) ..< max(min(area.maxX, glass.width - dx), max(area.x, -dx))
        glass.pixels.withUnsafeBufferPointer { source in
            canvas.bitmap.pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in area.y ..< area.maxY {
                    let row = from + min(max(y + dy, 0), glass.height - 1) * glass.width
                    let out = to + y * width
                    func put(_ x: Int, _ g: UInt32) { out[x] = mix == 0 ? g : SheetGlassView.lerp(g, solid, rest, mix) }
                    for x in area.x ..< min(inside.lowerBound, area.maxX) { put(x, row[0]) }
                    if mix == 0 {
                        (out + inside.lowerBound).update(from: row + inside.lowerBound + dx, count: inside.count)
                    } else {
                        SheetGlassView.mix(
                            row + inside.lowerBound + dx, solid, rest, mix, into: out + inside.lowerBound,
                            count: inside.count)
                    }
                    for x in min(inside.upperBound, area.maxX) ..< area.maxX { put(x, row[glass.width - 1]) }
                }
            }
        }
        let rect = canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size))
        canvas.bitmap.mask(toRoundedRect: rect, radii: radii, clip: area)
    }

    /// `lerp(from[i], b, wa, wb)` into `out[i]` for `count` pixels, four at a time (the same arithmetic, one
    /// pixel a lane).
    static func mix(
        _ from: UnsafePointer<UInt32>, _ b: UInt32, _ wa: UInt32, _ wb: UInt32, into out: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), high = SIMD4<UInt32>(repeating: 0xFF00_FF00)
        let va = SIMD4<UInt32>(repeating: wa)
        // The solid color's share is the same for every pixel.
        let low = SIMD4<UInt32>(repeating: (b & 0x00FF_00FF) &* wb),
            up = SIMD4<UInt32>(repeating: (b >> 8 & 0x00FF_00FF) &* wb)
        var i = 0
        while i + 4 <= count {
            let a = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let l = ((a & mask) &* va &+ low) &>> 8 & mask
            let h = ((a &>> 8 & mask) &* va &+ up) & high
            UnsafeMutableRawPointer(out + i).storeBytes(of: l | h, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count {
            out[i] = lerp(from[i], b, wa, wb)
            i += 1
        }
    }

    /// `a`·wa + `b`·wb per channel, the weights in 256ths summing to 256.
    static func lerp(_ a: UInt32, _ b: UInt32, _ wa: UInt32, _ wb: UInt32) -> UInt32 {
        // Two channels at a time, 16 bits apart: each product stays under 2^16.
        let low = ((a & 0x00FF_00FF) &* wa &+ (b & 0x00FF_00FF) &* wb) >> 8 & 0x00FF_00FF
        let high = ((a >> 8 & 0x00FF_00FF) &* wa &+ (b >> 8 & 0x00FF_00FF) &* wb) & 0xFF00_FF00
        return low | high
    }

    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
