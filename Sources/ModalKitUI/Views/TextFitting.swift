/// Fits one line of text into a width, as `UILabel`'s `.byTruncatingTail` does: text that fits is left alone;
/// text that does not is cut, at a word boundary where that keeps most of the line, and ends in "…". Widths come
/// from `measure`, so the caller measures with the font and scale the text is drawn at.
public enum TextFitting {
    /// The mark a cut line ends with.
    public static let ellipsis = "…"
    /// A cut at a word boundary is taken when it keeps at least this share of what a cut mid-word would keep.
    static let wordCutShare = 0.6
    /// What a cut line should not end on before its ellipsis (a dangling separator reads as broken).
    private static let trailing: Set<Character> = [" ", "·", ",", ";", ":", "-", "–", "—", "(", "/", "="]

    /// `text` when `measure(text) <= width`; otherwise its longest head (at a word boundary where possible) that
    /// fits with "…" after it, or "" when not even "…" fits. Never wider than `width` by `measure`.
    public static func fit(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let characters = Array(text)
        guard let fits = longestHead(characters, width: width, measure: measure) else { return "" }
        let cut = wordCut(characters, upTo: fits) ?? trimmed(characters[..<fits])
        return cut.isEmpty ? ellipsis : String(cut) + ellipsis
    }

    /// The largest count of leading characters that fit with the ellipsis (binary search: widths grow with the
    /// count), or nil when the ellipsis alone does not fit.
    private static func longestHead(_ characters: [Character], width: Double, measure: (String) -> Double) -> Int? {
        guard measure(ellipsis) <= width else { return nil }
        var low = 0, high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]) + ellipsis) <= width { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The head up to the last word boundary (a space, or after a hyphen) within the first `count` characters,
    /// trimmed, if it keeps most of them.
    private static func wordCut(_ characters: [Character], upTo count: Int) -> ArraySlice<Character>? {
        guard count > 0, let end = (1 ... count).reversed().first(where: { isBoundary(characters, at: $0) }),
            Double(end) >= wordCutShare * Double(count)
        else { return nil }
        let head = trimmed(characters[..<end])
        return head.isEmpty ? nil : head
    }

    /// Whether a line may break before character `index`.
    private static func isBoundary(_ characters: [Character], at index: Int) -> Bool {
        characters[index] == " " || characters[index - 1] == " " || characters[index - 1] == "-"
    }

    private static func trimmed(_ head: ArraySlice<Character>) -> ArraySlice<Character> {
        var head = head
        while let last = head.last, trailing.contains(last) { head = head.dropLast() }
        return head
    }
}

extension Canvas {
    /// `text` fitted to `width` points with `font` as this canvas draws it (at its scale).
    public func fitting(_ text: String, font: FontDescriptor, width: Double) -> String {
        TextFitting.fit(text, width: width) { measure($0, font: font) }
    }
}
