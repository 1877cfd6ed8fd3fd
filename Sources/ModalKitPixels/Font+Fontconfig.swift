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

extension Font {
    /// The bold face of the family the font file at `path` belongs to, as fontconfig knows it ("DejaVuSans.ttf"
    /// gives "DejaVuSans-Bold.ttf"), or nil when the file is not a face fontconfig can read or its family has no
    /// bold face installed.
    public static func boldPath(besides path: String) -> String? {
        guard FcInit() != 0, let family = family(ofFile: path) else { return nil }
        guard let match = match(family: family, weight: FC_WEIGHT_BOLD), match.weight >= FC_WEIGHT_BOLD else {
            return nil
        }
        return match.file
    }

    /// The face at exactly fontconfig weight `weight` of the family the font file at `path` belongs to
    /// ("Inter-Regular.otf" at 180 gives "Inter-SemiBold.otf"), or nil when its family has no face at that weight.
    public static func path(besides path: String, weight: Int32) -> String? {
        guard FcInit() != 0, let family = family(ofFile: path) else { return nil }
        return findPath(family: family, weight: weight)
    }

    /// The file of `family`'s face at exactly fontconfig weight `weight` (80 regular, 180 semibold, 200 bold),
    /// or nil when that face is not installed: fontconfig itself would offer the nearest font it has instead.
    public static func findPath(family: String, weight: Int32) -> String? {
        guard FcInit() != 0, let match = match(family: family, weight: weight), match.weight == weight else {
            return nil
        }
        return match.file
    }

    /// The face fontconfig picks for `family` at `weight`, when it is of that family.
    private static func match(family: String, weight: Int32) -> (file: String, weight: Int32)? {
        guard let query = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(query) }
        _ = family.withCString { FcPatternAddString(query, FC_FAMILY, $0) }
        FcPatternAddInteger(query, FC_WEIGHT, weight)
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, query, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var matchedFamily: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?, found: Int32 = 0
        guard FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch, let matchedFamily,
            String(cString: matchedFamily) == family,
            FcPatternGetInteger(match, FC_WEIGHT, 0, &found) == FcResultMatch,
            FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file
        else { return nil }
        return (String(cString: file), found)
    }

    /// The first family name fontconfig reads in the file at `path`.
    private static func family(ofFile path: String) -> String? {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
        return String(cString: family)
    }
}
