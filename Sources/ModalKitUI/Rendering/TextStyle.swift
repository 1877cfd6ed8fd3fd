/// iOS's Dynamic Type text styles at the Large (default) content size, as named fonts: UIKit's
/// `UIFont.TextStyle`. Sizes, weights and leading are Apple's Human Interface Guidelines table "Dynamic Type sizes"
/// (iOS, Large); tracking is the HIG's "iOS, iPadOS tracking values" table for SF Pro at each style's size, its
/// points column (https://developer.apple.com/design/human-interface-guidelines/typography#Tracking-values),
/// checked row by row: 11 pt +0.06 (+6/1000 em), 12 pt 0, 13 pt -0.08 (-6), 15 pt -0.23 (-16), 16 pt -0.31
/// (-20), 17 pt -0.43 (-26), 20 pt -0.45 (-23), 22 pt -0.26 (-12), 28 pt +0.38 (+14), 34 pt +0.40 (+12). The lab
/// draws them in Inter, whose spacing is close to SF's, so SF's tracking reads as iOS.
public enum TextStyle: String, CaseIterable, Sendable {
    /// 34 pt regular, the large navigation title's size.
    case largeTitle
    /// 28 pt regular.
    case title1
    /// 22 pt regular.
    case title2
    /// 20 pt regular.
    case title3
    /// 17 pt semibold: navigation bar titles, emphasized rows.
    case headline
    /// 17 pt regular: most text, table rows, buttons.
    case body
    /// 16 pt regular.
    case callout
    /// 15 pt regular.
    case subheadline
    /// 13 pt regular: section headers and footers.
    case footnote
    /// 12 pt regular.
    case caption1
    /// 11 pt regular.
    case caption2

    /// The point size at the Large content size.
    public var size: Double { row.size }
    /// The weight iOS gives the style.
    public var weight: FontDescriptor.Weight { row.weight }
    /// Space iOS adds after every glyph at this size, in points (negative tightens).
    public var tracking: Double { row.tracking }
    /// The baseline-to-baseline distance iOS lays the style out with, in points.
    public var leading: Double { row.leading }

    private typealias Row = (size: Double, weight: FontDescriptor.Weight, tracking: Double, leading: Double)
    private var row: Row {
        switch self {
        case .largeTitle: (34, .regular, 0.40, 41)
        case .title1: (28, .regular, 0.38, 34)
        case .title2: (22, .regular, -0.26, 28)
        case .title3: (20, .regular, -0.45, 25)
        case .headline: (17, .semibold, -0.43, 22)
        case .body: (17, .regular, -0.43, 22)
        case .callout: (16, .regular, -0.31, 21)
        case .subheadline: (15, .regular, -0.23, 20)
        case .footnote: (13, .regular, -0.08, 18)
        case .caption1: (12, .regular, 0, 16)
        case .caption2: (11, .regular, 0.06, 13)
        }
    }
}
