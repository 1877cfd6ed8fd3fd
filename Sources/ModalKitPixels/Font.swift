import CFreeType

/// A FreeType face at one pixel size, with a cache of rendered glyphs. Layout is unhinted (fractional advances,
/// so `measure` is exact and independent of position); glyph images get light vertical hinting only and are
/// rendered at quarter-pixel horizontal offsets so spacing stays even. A face may carry tracking: the same space
/// added to every glyph's advance, as iOS's text styles tighten or open their letters.
public final class Font {
    /// The file the face came from.
    public let path: String
    /// The requested em size, in pixels.
    public let pixelSize: Double
    /// Distance from the baseline up to the top of tall glyphs, in pixels.
    public let ascent: Double
    /// Distance from the baseline down to the bottom of descenders, in pixels (positive).
    public let descent: Double
    /// Baseline-to-baseline distance the font recommends, in pixels.
    public let lineHeight: Double
    /// Space added to every glyph's advance, in pixels (negative tightens), a multiple of 1/64 pixel so pen
    /// positions stay exact sums.
    public let tracking: Double
    /// Whether every digit advances as far as the widest one (its glyph centred in that width, no kerning beside
    /// it), so a number that changes does not move the text after it: UIKit's `monospacedDigitSystemFont`. Faces
    /// with proportional figures (Inter, SF) need it for numbers that change every frame.
    public let monospacedDigits: Bool

    private var library: FT_Library?
    private let face: FT_Face
    private let stream: UnsafeMutablePointer<FT_StreamRec>
    private let hasKerning: Bool
    /// Where a rendered glyph is in `rendered` (plus one; 0 for not yet) by `index * subpixelSteps + subpixel`, for
    /// the low glyph indices text mostly uses: a label is drawn again whenever its text changes, and an array read
    /// is cheaper than a hash a glyph. Four bytes a slot, so the table stays small; glyphs above it go by key.
    private var glyphSlots: [Int32] = []
    private var rendered: [GlyphImage] = []
    private var glyphs: [GlyphKey: GlyphImage] = [:]
    /// Glyph indices of ASCII characters (`unknownIndex` until looked up), then of the rest by scalar.
    private var asciiIndices = [UInt32](repeating: Font.unknownIndex, count: 128)
    private var glyphIndices: [UInt32: UInt32] = [:]
    /// Pair kerning already asked of FreeType, by `left << 32 | right`.
    private var kernings: [UInt64: Double] = [:]
    private static let unknownIndex = UInt32.max
    /// Glyph indices below this are kept in `glyphTable` (Latin text in common fonts is well below).
    private static let tableLimit: UInt32 = 512

    /// How many horizontal sub-pixel positions glyph images are rendered at.
    static let subpixelSteps = 4

    /// Opens the face at `path` and sizes it to `pixelSize` pixels per em, with `tracking` pixels added to every
    /// glyph's advance (rounded to 1/64 pixel), and its digits all one width when `monospacedDigits` is true.
    public init(path: String, pixelSize: Double, tracking: Double = 0, monospacedDigits: Bool = false) throws {
        guard pixelSize > 0, pixelSize < 4096 else {
            throw PixelsError("cannot use font \(path): pixel size \(pixelSize) is out of range")
        }
        guard tracking.isFinite, abs(tracking) < pixelSize else {
            throw PixelsError("cannot use font \(path): tracking \(tracking) px is out of range")
        }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw PixelsError("cannot start FreeType") }
        guard let stream = FontFileStream.open(path) else {
            FT_Done_FreeType(lib)
            throw PixelsError("cannot read font \(path): cannot open the file")
        }
        var opened: FT_Face?
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream
        let openError = FT_Open_Face(lib, &arguments, 0, &opened)
        guard openError == 0, let opened else {
            FT_Done_FreeType(lib)
            stream.deallocate()
            throw PixelsError("cannot read font \(path): FreeType error \(openError)")
        }
        let sizeError = FT_Set_Char_Size(opened, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        guard sizeError == 0, let size = opened.pointee.size else {
            FT_Done_Face(opened)
            FT_Done_FreeType(lib)
            stream.deallocate()
            throw PixelsError("cannot size font \(path) to \(pixelSize) px: FreeType error \(sizeError)")
        }
        library = lib
        face = opened
        self.stream = stream
        self.path = path
        self.pixelSize = pixelSize
        self.tracking = (tracking * 64).rounded() / 64
        self.monospacedDigits = monospacedDigits
        let metrics = size.pointee.metrics
        ascent = Double(metrics.ascender) / 64
        descent = -Double(metrics.descender) / 64
        lineHeight = Double(metrics.height) / 64
        hasKerning = opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    deinit {
        FT_Done_Face(face)
        if let library { FT_Done_FreeType(library) }
        stream.deallocate()
    }

    /// Advance width of `text` in pixels, with the font's pair kerning where it has any and its tracking after
    /// every glyph; exactly the distance `drawText` moves the pen.
    public func measure(_ text: String) -> Double {
        var pen = 0.0
        forEachGlyph(text, startX: 0) { _, _, advance in pen += advance }
        return pen
    }

    /// Calls `body` with each glyph index, its pen position (kerning applied) and advance (tracking included), in
    /// order.
    func forEachGlyph(_ text: String, startX: Double, _ body: (UInt32, Double, Double) -> Void) {
        var pen = startX
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let index = glyphIndex(for: scalar)
            let advance = advance(of: index) + tracking
            if monospacedDigits, Self.isDigit(scalar) {
                let width = digitAdvance
                body(index, pen + (width - advance) / 2, width)
                pen += width
                previous = 0
                continue
            }
            pen += kerning(previous, index)
            body(index, pen, advance)
            pen += advance
            previous = index
        }
    }

    /// The widest digit's advance, tracking included: every digit's with `monospacedDigits`.
    private lazy var digitAdvance: Double =
        (0 ... 9).map { digit in
            advance(of: glyphIndex(for: Unicode.Scalar(UInt8(48 + digit)))) + tracking
        }.max() ?? 0

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    /// FreeType's glyph index for a character, remembered: text is laid out again every time a label changes.
    private func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        if scalar.isASCII {
            let known = asciiIndices[Int(scalar.value)]
            if known != Self.unknownIndex { return known }
        } else if let known = glyphIndices[scalar.value] {
            return known
        }
        let index = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
        if scalar.isASCII { asciiIndices[Int(scalar.value)] = index } else { glyphIndices[scalar.value] = index }
        return index
    }

    /// How far glyph `index` moves the pen: read in place from the cache when it is there, so measuring a line
    /// copies no glyph image (and retains and releases no coverage) per character.
    @inline(__always)
    private func advance(of index: UInt32) -> Double {
        let slot = Int(index) * Self.subpixelSteps
        if index < Self.tableLimit, slot < glyphSlots.count, glyphSlots[slot] > 0 {
            return rendered[Int(glyphSlots[slot]) - 1].advance
        }
        return glyph(index, subpixel: 0).advance
    }

    /// The rendered glyph `index` shifted right by `subpixel`/`subpixelSteps` of a pixel, from the cache.
    func glyph(_ index: UInt32, subpixel: Int) -> GlyphImage {
        guard index < Self.tableLimit else { return keyedGlyph(index, subpixel: subpixel) }
        let slot = Int(index) * Self.subpixelSteps + subpixel
        if slot < glyphSlots.count, glyphSlots[slot] > 0 { return rendered[Int(glyphSlots[slot]) - 1] }
        let image = render(index, subpixel: subpixel)
        if slot >= glyphSlots.count {
            glyphSlots.append(contentsOf: repeatElement(0, count: slot + 1 - glyphSlots.count))
        }
        rendered.append(image)
        glyphSlots[slot] = Int32(rendered.count)
        return image
    }

    private func keyedGlyph(_ index: UInt32, subpixel: Int) -> GlyphImage {
        let key = GlyphKey(index: index, subpixel: subpixel)
        if let cached = glyphs[key] { return cached }
        let image = render(index, subpixel: subpixel)
        glyphs[key] = image
        return image
    }

    private func render(_ index: UInt32, subpixel: Int) -> GlyphImage {
        GlyphImage.render(face: face, index: index, shift26Dot6: FT_Pos(subpixel * 64 / Self.subpixelSteps))
    }

    private func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        let pair = UInt64(left) << 32 | UInt64(right)
        if let known = kernings[pair] { return known }
        var delta = FT_Vector()
        let kerning =
            FT_Get_Kerning(face, left, right, FT_KERNING_UNFITTED.rawValue, &delta) == 0 ? Double(delta.x) / 64 : 0
        kernings[pair] = kerning
        return kerning
    }
}

/// A glyph cache key: glyph index and horizontal sub-pixel bucket.
struct GlyphKey: Hashable {
    var index: UInt32
    var subpixel: Int
}
