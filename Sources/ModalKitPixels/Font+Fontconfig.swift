import CFreeType

extension Font {
    /// The font file fontconfig picks for a pattern like "sans-serif" or "sans-serif:bold".
    public static func findPath(pattern: String) throws -> String {
        guard FcInit() != 0 else { throw PixelsError("cannot start fontconfig") }
        guard let query = FcNameParse(pattern) else {
            throw PixelsError("cannot parse font pattern \"\(pattern)\"")
        }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, query, &result) else {
            throw PixelsError("no font matches \"\(pattern)\"")
        }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw PixelsError("font match for \"\(pattern)\" has no file")
        }
        return String(cString: file)
    }

    /// Frees fontconfig's configuration and font list (about 0.4 MB of heap and 0.6 MB of mapped caches here) once
    /// every path the program needs is known; a later `findPath` loads them again.
    public static func releaseFontconfig() { FcFini() }
}
