import ModalKit

/// The lab's heads-up display: a panel of live numbers and the scene's rule, and a line where the card's edge
/// must pass for a release to dismiss. It never takes input: presses go through to the scene.
final class HUDView: View {
    private let panel = HUDPanel()
    private let thresholdLine = View()
    private let thresholdLabel = Label(text: "threshold", font: .systemFont(ofSize: 11), textColor: Color(rgb: 0xFF3B30),
                                       alignment: .right)

    override init(frame: Rect) {
        super.init(frame: frame)
        shouldRasterize = false
        isUserInteractionEnabled = false
        accessibilityIdentifier = "hud"
        thresholdLine.backgroundColor = Color(rgb: 0xFF3B30, alpha: 0.85)
        [thresholdLine, thresholdLabel, panel].forEach(addSubview)
        layoutSubviews()
    }

    override func layoutSubviews() {
        let height = HUDPanel.lineHeight * Double(HUDPanel.lineCount) + 12
        panel.frame = Rect(x: 8, y: bounds.height - height - 8, width: bounds.width - 16, height: height)
    }

    /// Shows `text` in `color` on line `index` of the panel.
    func setLine(_ index: Int, text: String, color: Color) {
        panel.setLine(index, text: text, color: color)
    }

    /// Shows the marker line called `title` at `thresholdY` (window points; nil hides it).
    func update(thresholdY: Double?, title: String = "threshold") {
        thresholdLabel.text = title
        if let y = thresholdY {
            thresholdLine.isHidden = false
            thresholdLabel.isHidden = false
            // A frame set, even to the same value, costs the view a layout pass: set only what moved.
            let line = Rect(x: 0, y: y, width: bounds.width, height: 1)
            let label = Rect(x: bounds.width - 108, y: y - 16, width: 100, height: 14)
            if thresholdLine.frame != line { thresholdLine.frame = line }
            if thresholdLabel.frame != label { thresholdLabel.frame = label }
        } else {
            thresholdLine.isHidden = true
            thresholdLabel.isHidden = true
        }
    }
}

/// The translucent dark panel with the lines of text. Each line is its own label, so a frame where only the
/// numbers of one line changed redraws that line alone; the panel's background is drawn once and blitted.
final class HUDPanel: View {
    static let lineHeight = 16.0
    static let lineCount = 4
    private let background = View()
    private let labels = (0..<HUDPanel.lineCount).map { _ in Label(text: "", font: .systemFont(ofSize: 12), textColor: .white) }

    func setLine(_ index: Int, text: String, color: Color) {
        guard labels.indices.contains(index) else { return }
        labels[index].text = text
        labels[index].textColor = color
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        shouldRasterize = false
        background.backgroundColor = Color(white: 0.08, alpha: 0.78)
        background.cornerRadius = 10
        addSubview(background)
        labels.forEach(addSubview)
    }

    override func layoutSubviews() {
        background.frame = Rect(origin: .zero, size: bounds.size)
        for (i, label) in labels.enumerated() {
            label.frame = Rect(x: 10, y: 6 + HUDPanel.lineHeight * Double(i), width: bounds.width - 20, height: HUDPanel.lineHeight)
        }
    }
}
