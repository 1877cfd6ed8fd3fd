import CFreeType

/// One rendered glyph: 8-bit coverage, where it sits relative to the pen, and how far it moves the pen.
struct GlyphImage {
    var width = 0
    var height = 0
    /// Pixels from the pen to the image's left column.
    var left = 0
    /// Pixels from the baseline up to the image's top row.
    var top = 0
    /// Coverage, `width * height`, row-major.
    var coverage: [UInt8] = []
    /// Unhinted advance, in pixels.
    var advance = 0.0

    /// Loads and renders `index`, its outline moved right by `shift26Dot6` (1/64 pixel). A glyph FreeType cannot
    /// load renders as empty with no advance rather than failing the whole string.
    static func render(face: FT_Face, index: UInt32, shift26Dot6: FT_Pos) -> GlyphImage {
        // FT_LOAD_TARGET_LIGHT is a function-like macro Swift cannot import; this is its definition.
        let lightTarget = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        var shift = FT_Vector(x: shift26Dot6, y: 0)
        FT_Set_Transform(face, nil, &shift)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_BITMAP) | lightTarget) == 0,
            let slot = face.pointee.glyph
        else { return GlyphImage() }
        var image = GlyphImage()
        image.advance = Double(slot.pointee.linearHoriAdvance) / 65536
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) == 0 else { return image }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return image }
        image.width = Int(bitmap.width)
        image.height = Int(bitmap.rows)
        image.left = Int(slot.pointee.bitmap_left)
        image.top = Int(slot.pointee.bitmap_top)
        image.coverage = Array(repeating: 0, count: image.width * image.height)
        let pitch = Int(bitmap.pitch)
        for row in 0 ..< image.height {
            let from = pitch >= 0 ? row * pitch : (image.height - 1 - row) * -pitch
            for col in 0 ..< image.width { image.coverage[row * image.width + col] = buffer[from + col] }
        }
        return image
    }
}
