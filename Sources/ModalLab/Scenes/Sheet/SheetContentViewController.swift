import ModalKit

/// What the sheet shows: a title, a few grouped rows, a "Block dismissal" switch, and, after a blocked attempt,
/// the bar an app would show ("Discard changes?" with Discard and Keep). A plain view, so a scroll view can take
/// its place later.
final class SheetContentViewController: ViewController, SheetPresentationControllerDelegate {
    let blockSwitch = Switch()
    let discardBar = DiscardBar()
    /// Called on each blocked dismissal attempt (the scene writes it to the trace).
    var onDismissAttempt: (() -> Void)?
    private let titleLabel = Label(text: "Edit Trip", font: .boldSystemFont(ofSize: 17), alignment: .center)
    private let details = GroupedRows([("Name", "Lisbon"), ("Dates", "12–15 May"), ("Travellers", "2")])
    private let blockRow = GroupedRows([("Block dismissal", "")])
    private let help = Label(text: "Drag, flick, ↑ ↓ or Esc. Blocked: pulls resist.", font: .systemFont(ofSize: 13),
                             textColor: .secondaryLabel)
    private let notes = GroupedRows([("Seat", "Window"), ("Meals", "Vegetarian"), ("Check-out", "Late"),
                                     ("Museum pass", "72 h"), ("Insurance", "Yes")])

    override func viewDidLoad() {
        title = "sheet"
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        view.accessibilityIdentifier = "sheet"
        [titleLabel, discardBar, details, blockRow, help, notes].forEach(view.addSubview)
        blockRow.addSubview(blockSwitch)
        blockSwitch.addAction { [unowned self] in blockingChanged() }
        discardBar.isHidden = true
        discardBar.keep.addAction { [unowned self] in showDiscardBar(false) }
        discardBar.discard.addAction { [unowned self] in dismiss(animated: true) }
        sheetPresentationController?.delegate = self
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 16, y: 16, width: width - 32, height: 36)
        var y = 64.0
        if !discardBar.isHidden {
            discardBar.frame = Rect(x: 16, y: y, width: width - 32, height: 44)
            y += 56
        }
        details.frame = Rect(x: 16, y: y, width: width - 32, height: details.height)
        y += details.height + 20
        blockRow.frame = Rect(x: 16, y: y, width: width - 32, height: blockRow.height)
        blockSwitch.frame = Rect(origin: Point(x: width - 32 - 16 - Switch.size.width, y: 6.5), size: Switch.size)
        help.frame = Rect(x: 32, y: y + blockRow.height + 6, width: width - 64, height: 18)
        y += blockRow.height + 44
        notes.frame = Rect(x: 16, y: y, width: width - 32, height: notes.height)
    }

    private func blockingChanged() {
        isModalInPresentation = blockSwitch.isOn
        if !blockSwitch.isOn { showDiscardBar(false) }
    }

    private func showDiscardBar(_ shown: Bool) {
        guard discardBar.isHidden == shown else { return }
        discardBar.isHidden = !shown
        viewDidLayoutSubviews()
    }

    func presentationControllerDidAttemptToDismiss(_ controller: SheetPresentationController) {
        showDiscardBar(true)
        onDismissAttempt?()
    }
}

/// White rounded rows with a title and a value, separated by hairlines: UIKit's inset grouped table.
final class GroupedRows: View {
    static let rowHeight = 44.0
    let height: Double
    private var rows: [(title: Label, value: Label, separator: View?)] = []

    init(_ rows: [(String, String)]) {
        height = GroupedRows.rowHeight * Double(rows.count)
        super.init(frame: Rect(x: 0, y: 0, width: 343, height: height))
        backgroundColor = .white
        cornerRadius = 10
        for (i, row) in rows.enumerated() {
            let title = Label(text: row.0, font: .systemFont(ofSize: 17))
            let value = Label(text: row.1, font: .systemFont(ofSize: 17), textColor: .secondaryLabel, alignment: .right)
            var separator: View?
            if i > 0 {
                let hairline = View()
                hairline.backgroundColor = .separator
                separator = hairline
            }
            [title, value].forEach(addSubview)
            separator.map(addSubview)
            self.rows.append((title, value, separator))
        }
        layoutSubviews()
    }

    override func layoutSubviews() {
        let width = bounds.width
        for (i, row) in rows.enumerated() {
            let y = GroupedRows.rowHeight * Double(i)
            row.title.frame = Rect(x: 16, y: y, width: max(width - 32, 0), height: GroupedRows.rowHeight)
            row.value.frame = Rect(x: 16, y: y, width: max(width - 32, 0), height: GroupedRows.rowHeight)
            row.separator?.frame = Rect(x: 16, y: y - 0.25, width: max(width - 16, 0), height: 0.5)
        }
    }
}

/// "Discard changes?" with Keep and Discard, on a light red bar.
final class DiscardBar: View {
    let keep = Button(title: "Keep", font: .systemFont(ofSize: 15))
    let discard = Button(title: "Discard", titleColor: Color(rgb: 0xFF3B30), font: .boldSystemFont(ofSize: 15))
    private let label = Label(text: "Discard changes?", font: .systemFont(ofSize: 15))

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0xFFE5E3)
        cornerRadius = 10
        accessibilityIdentifier = "discard-bar"
        [label, keep, discard].forEach(addSubview)
    }

    override func layoutSubviews() {
        let w = bounds.width
        label.frame = Rect(x: 14, y: 0, width: w - 160, height: bounds.height)
        keep.frame = Rect(x: w - 150, y: 0, width: 60, height: bounds.height)
        discard.frame = Rect(x: w - 84, y: 0, width: 74, height: bounds.height)
    }
}
