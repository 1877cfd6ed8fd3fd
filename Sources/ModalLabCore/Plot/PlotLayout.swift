import ModalKit

/// Where a motion plot's parts go, in points, and the size of its text. The plot file is `full`; the inspector
/// draws `compact`, sized to its room with text that stays readable at 1x (the full plot shrunk into the
/// inspector had 12-point labels a third that size).
package struct PlotLayout {
    typealias Band = (top: Double, bottom: Double)
    var size: Size
    /// The margins left of the panels (value labels) and right of them.
    var left: Double, right: Double
    var positionPanel: Band, speedPanel: Band
    var font: FontDescriptor
    /// The title line over the panels and the estimators' line under them (the inspector shows both beside it).
    var showsTitle: Bool, showsEstimates: Bool
    /// Legends as one row of short names on the panel's title line, not a box inside the panel over the lines.
    var inlineLegends: Bool

    /// The plot file's layout: 760 × 590 points.
    static let full = PlotLayout(
        size: Size(width: 760, height: 590), left: 72, right: 20,
        positionPanel: (70, 320), speedPanel: (370, 500), font: .preferredFont(forTextStyle: .caption1),
        showsTitle: true, showsEstimates: true, inlineLegends: false)

    /// `size` with 10-point text: the panels share the height left by their titles and the time axis, position
    /// above speed at 3:2; legends go on the panels' title lines.
    static func compact(_ size: Size) -> PlotLayout {
        let top = 24.0, gap = 28.0, timeAxis = 38.0
        let room = max(0, size.height - top - gap - timeAxis)
        let positionBottom = top + room * 0.6
        return PlotLayout(
            size: size, left: 42, right: 8, positionPanel: (top, positionBottom),
            speedPanel: (positionBottom + gap, size.height - timeAxis), font: .systemFont(ofSize: 10),
            showsTitle: false, showsEstimates: false, inlineLegends: true)
    }

    /// The bold face of `font`.
    var boldFont: FontDescriptor { font.withWeight(.bold) }

    /// How many value ticks a band has room for: about one per 30 points, at most `limit`.
    func ticks(_ band: Band, limit: Int) -> Int { max(2, min(limit, Int((band.bottom - band.top) / 30))) }
}
