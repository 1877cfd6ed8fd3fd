import ModalKit

/// The lab's heads-up display: a panel of live numbers and the scene's rule, and a marker where the card's edge
/// must pass for a release to dismiss. It never takes input: presses go through to the scene.
final class HUDView: View {
    /// The marker's ticks: each as long as the window's margin is wide, so the scenes' text (inset 16 points)
    /// never has a line through it, however far the card is dragged.
    static let tickLength = 10.0, tickThickness = 2.0
    static let margin = 8.0
    /// The panel's top at the top of the window: under a status bar's 20 points, and low enough to cover the
    /// sheet scene's large title whole rather than leave its last few points showing under the panel.
    static let topInset = 20.0
    private let panel = HUDPanel()
    private let ticks = [View(), View()]
    /// Whether the panel sits at the top of the window (the sheet scene: its sheet at medium is what is judged)
    /// rather than at the bottom (over the cards' empty lower half).
    private(set) var panelAtTop = false

    override init(frame: Rect) {
        super.init(frame: frame)
        compositesAsGroup = false
        isUserInteractionEnabled = false
        accessibilityIdentifier = "hud"
        for tick in ticks {
            tick.backgroundColor = Color(rgb: 0xFF3B30)
            addSubview(tick)
        }
        addSubview(panel)
        layoutSubviews()
    }

    /// The panel's frame in the HUD (window points).
    var panelFrame: Rect { panel.frame }

    /// A phone's status bar and home indicator: the panel stays clear of them.
    var screenInsets = EdgeInsets.zero { didSet { layoutSubviews() } }

    override func layoutSubviews() {
        let m = HUDView.margin, height = HUDPanel.lineHeight * Double(panel.rowCount) + 12
        let y =
            panelAtTop
            ? max(HUDView.topInset, screenInsets.top) : bounds.height - height - m - screenInsets.bottom
        panel.frame = Rect(x: m, y: y, width: bounds.width - 2 * m, height: height)
    }

    /// Shows `text` in `color` on line `index` of the panel.
    func setLine(_ index: Int, text: String, color: Color) {
        panel.setLine(index, text: text, color: color)
    }

    /// Makes room for `count` lines of the scene's own, between the rule line and the last line.
    func setSceneLineCount(_ count: Int) {
        guard panel.setSceneLineCount(count) else { return }
        layoutSubviews()
        panel.layoutSubviews()
    }

    /// Puts the panel at the top of the window or at the bottom.
    func placePanel(atTop: Bool) {
        guard atTop != panelAtTop else { return }
        panelAtTop = atTop
        layoutSubviews()
    }

    /// Shows the marker called `title` at `thresholdY` (window points; nil hides it): a tick at each edge of the
    /// window, in the margin, where the card's edge is compared with it.
    func update(thresholdY: Double?, title: String = "threshold") {
        for (i, tick) in ticks.enumerated() {
            tick.isHidden = thresholdY == nil
            tick.accessibilityIdentifier = title
            guard let y = thresholdY else { continue }
            // A frame set, even to the same value, costs the view a layout pass: set only what moved.
            let x = i == 0 ? 0 : bounds.width - HUDView.tickLength
            let frame = Rect(
                x: x, y: y - HUDView.tickThickness / 2, width: HUDView.tickLength, height: HUDView.tickThickness)
            if tick.frame != frame { tick.frame = frame }
        }
    }

    /// The marker's ticks in window points, empty when it is hidden.
    var markerFrames: [Rect] { ticks.filter { !$0.isHidden && $0.frame.width > 0 }.map(\.frame) }
}

/// The dark panel with the lines of text, opaque so they read over any scene. Each line is its own label, so a
/// frame where only the numbers of one line changed redraws that line alone; the background is drawn once.
final class HUDPanel: View {
    static let lineHeight = 16.0
    /// The labels: the lab's four lines (`HUDText.live`, `HUDText.last`), then the scene's (`HUDText.scene`).
    static let lineCount = 4 + SceneHUDLines.capacity
    /// How many of the scene's lines are shown, each a row between the rule line and the last line.
    private(set) var sceneLineCount = 0
    /// The rows the panel shows.
    var rowCount: Int { 4 + sceneLineCount }
    /// Opaque: at 0.78 alpha the sheet list's black text showed through under the white numbers.
    static let backgroundColor = Color(white: 0.12)
    private let background = View()
    private let labels = (0 ..< HUDPanel.lineCount).map { _ in
        Label(text: "", font: .preferredFont(forTextStyle: .caption1).withMonospacedDigits(), textColor: .white)
    }

    func setLine(_ index: Int, text: String, color: Color) {
        guard labels.indices.contains(index) else { return }
        labels[index].text = text
        labels[index].textColor = color
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        compositesAsGroup = false
        background.backgroundColor = HUDPanel.backgroundColor
        background.cornerRadius = 10
        addSubview(background)
        labels.forEach(addSubview)
    }

    /// Shows `count` of the scene's lines; returns whether that changed the panel's rows.
    func setSceneLineCount(_ count: Int) -> Bool {
        let count = min(max(count, 0), HUDText.scene.count)
        guard count != sceneLineCount else { return false }
        sceneLineCount = count
        return true
    }

    /// The row label `i` is drawn in: the lab's first three lines, the scene's lines, then the last line.
    private func row(_ i: Int) -> Int {
        if HUDText.last.contains(i) { return HUDText.last.lowerBound + sceneLineCount }
        if HUDText.scene.contains(i) { return HUDText.last.lowerBound + i - HUDText.scene.lowerBound }
        return i
    }

    override func layoutSubviews() {
        background.frame = Rect(origin: .zero, size: bounds.size)
        for (i, label) in labels.enumerated() {
            let hidden = HUDText.scene.contains(i) && i - HUDText.scene.lowerBound >= sceneLineCount
            if label.isHidden != hidden { label.isHidden = hidden }
            let frame = Rect(
                x: 10, y: 6 + HUDPanel.lineHeight * Double(row(i)), width: bounds.width - 20,
                height: HUDPanel.lineHeight)
            if label.frame != frame { label.frame = frame }
        }
    }
}
