import ModalKit

/// The sheet scene's presenting screen: a small travel app (a large title, a grouped list of trips) with a
/// "Show Sheet" button, so the shrinking and dimming behind the sheet reads as it does on a phone.
final class SheetHomeViewController: PresentingViewController {
    private let titleLabel = Label(text: "Trips", font: .preferredFont(forTextStyle: .largeTitle).withWeight(.bold))
    private let header = Label(
        text: "UPCOMING", font: .preferredFont(forTextStyle: .footnote), textColor: .secondaryLabel)
    private let list = View()
    private var rows: [(name: Label, date: Label, separator: View)] = []
    static let trips = [
        ("Lisbon", "12–15 May"), ("Kyoto", "2–9 Jun"), ("Reykjavík", "18–21 Jul"),
        ("Oaxaca", "3–10 Sep"), ("Tromsø", "1–6 Dec")
    ]

    /// The "+" bar button the sheet grows out of (`source=button`), nil otherwise.
    private(set) var addItem: BarButtonItem?
    private var addButton: BarButtonGlyphView?

    init(info: SceneInfo, parameters: SceneParameters) {
        super.init(info: info, parameters: parameters, buttonTitle: "Show Sheet")
        if parameters[SheetScene.source] == "button" {
            let glyph = BarButtonGlyphView { [unowned self] in onPresent() }
            addButton = glyph
            addItem = BarButtonItem(customView: glyph)
        }
    }

    override func viewDidLoad() {
        view.backgroundColor = .systemGray6
        view.accessibilityIdentifier = "presenting"
        [titleLabel, header, list].forEach(view.addSubview)
        list.backgroundColor = .white
        list.cornerRadius = 10
        for (name, date) in SheetHomeViewController.trips {
            let nameLabel = Label(text: name, font: .preferredFont(forTextStyle: .body))
            let dateLabel = Label(
                text: date, font: .preferredFont(forTextStyle: .body), textColor: .secondaryLabel, alignment: .right)
            let separator = View()
            separator.backgroundColor = .separator
            [nameLabel, dateLabel, separator].forEach(list.addSubview)
            rows.append((nameLabel, dateLabel, separator))
        }
        presentButton.backgroundColor = .systemBlue
        presentButton.cornerRadius = 12
        presentButton.accessibilityIdentifier = "present"
        presentButton.addAction { [unowned self] in onPresent() }
        view.addSubview(presentButton)
        if let addButton { view.addSubview(addButton) }
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width, rowHeight = 44.0, top = view.statusBarShift
        titleLabel.frame = Rect(x: 16, y: 52 + top, width: width - 32, height: 41)
        header.frame = Rect(x: 32, y: 104 + top, width: width - 64, height: 18)
        list.frame = Rect(x: 16, y: 126 + top, width: width - 32, height: rowHeight * Double(rows.count))
        for (i, row) in rows.enumerated() {
            let y = rowHeight * Double(i)
            row.name.frame = Rect(x: 16, y: y, width: width - 180, height: rowHeight)
            row.date.frame = Rect(x: width - 32 - 16 - 130, y: y, width: 130, height: rowHeight)
            row.separator.frame = Rect(x: 16, y: y + rowHeight - 0.5, width: width - 48, height: 0.5)
            row.separator.isHidden = i == rows.count - 1
        }
        presentButton.frame = Rect(x: 16, y: list.frame.maxY + 28, width: width - 32, height: 50)
        // On the large title's line, at the trailing margin, as a toolbar item sits over a large title.
        addButton?.frame = Rect(x: width - 16 - 44, y: titleLabel.frame.midY - 22, width: 44, height: 44)
    }
}
