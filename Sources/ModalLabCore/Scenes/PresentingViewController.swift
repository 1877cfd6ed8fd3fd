import ModalKit

/// The presenting screen every scene shares: a large title, the seed it reproduces, a grouped list of the scene's
/// parameters, and a button that presents the modal again. It looks like an ordinary iOS settings-style screen.
open class PresentingViewController: ViewController {
    private let info: SceneInfo
    /// The values the scene runs with, listed on this screen and in the trace's `scene` line.
    public let parameters: SceneParameters
    /// The button that presents the modal again.
    public let presentButton: Button
    private let titleLabel: Label
    private let subtitleLabel: Label
    private let list = View()
    private var rows: [(name: Label, value: Label, separator: View)] = []
    /// What the present button does; the scene sets it.
    public var onPresent: () -> Void = {}
    /// A scene file's picture of this screen, shown instead of the list; a tap anywhere on it presents.
    var screen: SceneScreens.Screen?
    private var cover: ImageView?

    /// The screen for the scene `info` listing `parameters`, with a button titled `buttonTitle`.
    public init(info: SceneInfo, parameters: SceneParameters, buttonTitle: String = "Present Modal") {
        self.info = info
        self.parameters = parameters
        presentButton = Button(title: buttonTitle, titleColor: .white, font: .preferredFont(forTextStyle: .headline))
        titleLabel = Label(text: info.title, font: .preferredFont(forTextStyle: .largeTitle).withWeight(.bold))
        subtitleLabel = Label(
            text: info.seed, font: .preferredFont(forTextStyle: .subheadline), textColor: .secondaryLabel)
        super.init()
        title = "presenting"
    }

    open override func viewDidLoad() {
        view.backgroundColor = .systemGray6
        view.accessibilityIdentifier = "presenting"
        [titleLabel, subtitleLabel, list].forEach(view.addSubview)
        list.backgroundColor = .white
        list.cornerRadius = 10
        // The scene's own parameters: the lab-wide ones (the estimator) are no part of the seed's screen.
        for spec in info.parameters {
            let name = Label(text: spec.name, font: .preferredFont(forTextStyle: .subheadline))
            let value = Label(
                text: parameters.value(spec.name)?.description ?? "", font: .preferredFont(forTextStyle: .subheadline),
                textColor: .secondaryLabel, alignment: .right)
            let separator = View()
            separator.backgroundColor = .separator
            [name, value, separator].forEach(list.addSubview)
            rows.append((name, value, separator))
        }
        presentButton.backgroundColor = .systemBlue
        presentButton.cornerRadius = 12
        presentButton.accessibilityIdentifier = "present"
        presentButton.addAction { [unowned self] in onPresent() }
        view.addSubview(presentButton)
        coverWithScreen()
        viewDidLayoutSubviews()
    }

    /// With a scene file's picture, the picture is the screen: the drawn one goes, and the present button becomes
    /// clear and as large as the screen, so a tap anywhere presents (the designer's own button is in the picture).
    private func coverWithScreen() {
        guard let screen else { return }
        view.subviews.forEach { $0.removeFromSuperview() }
        cover = SceneScreens.cover(view, with: screen)
        presentButton.title = ""
        presentButton.backgroundColor = .clear
        presentButton.cornerRadius = 0
        view.addSubview(presentButton)
    }

    open override func viewDidLayoutSubviews() {
        if let cover {
            cover.frame = Rect(origin: .zero, size: view.bounds.size)
            presentButton.frame = cover.frame
            return
        }
        let width = view.bounds.width, top = view.statusBarShift
        titleLabel.frame = Rect(x: 16, y: 52 + top, width: width - 32, height: 41)
        subtitleLabel.frame = Rect(x: 16, y: 95 + top, width: width - 32, height: 20)
        let rowHeight = 44.0
        list.frame = Rect(x: 16, y: 135 + top, width: width - 32, height: rowHeight * Double(rows.count))
        for (i, row) in rows.enumerated() {
            let y = rowHeight * Double(i)
            // Values are short numbers or curve names; the seeds' parameter names are long and get what a number
            // leaves (at 2x "minimumScreenRatioToHide" is a little wider than the 211 points a curve name leaves).
            let valueWidth = row.value.text.count > 6 ? 100.0 : 56.0
            row.name.frame = Rect(x: 16, y: y, width: width - 32 - 32 - valueWidth, height: rowHeight)
            row.value.frame = Rect(x: width - 32 - 16 - valueWidth, y: y, width: valueWidth, height: rowHeight)
            row.separator.frame = Rect(x: 16, y: y + rowHeight - 0.5, width: width - 48, height: 0.5)
            row.separator.isHidden = i == rows.count - 1
        }
        // Below the list, clear of the HUD at the bottom of the window.
        presentButton.frame = Rect(x: 16, y: list.frame.maxY + 28, width: width - 32, height: 50)
    }
}

extension View {
    /// How much lower than on a bare screen (laid out for a 20-point status bar) content goes under a phone's
    /// status bar: its safe-area top less 20, never negative.
    var statusBarShift: Double { max(safeAreaInsets.top - 20, 0) }

    /// `statusBarShift` for where a full-screen card rests (its window's top inset less 20), wherever the card is
    /// now: one that slides in lays out for its place under the status bar, not for where it starts.
    var screenStatusBarShift: Double { max((window?.screenSafeAreaInsets.top ?? 0) - 20, 0) }
}

/// Builds the content of a modal screen: a large title, a line of help, optional buttons.
enum ModalContent {
    static func title(_ text: String, in view: View) -> Label {
        let label = Label(
            text: text, font: .preferredFont(forTextStyle: .largeTitle).withWeight(.bold),
            frame: Rect(x: 16, y: 72, width: view.bounds.width - 32, height: 41))
        view.addSubview(label)
        return label
    }

    static func help(_ text: String, in view: View, y: Double = 120) -> Label {
        let label = Label(
            text: text, font: .preferredFont(forTextStyle: .body), textColor: .secondaryLabel,
            frame: Rect(x: 16, y: y, width: view.bounds.width - 32, height: 22))
        view.addSubview(label)
        return label
    }

    /// A soft shadow along the card's edges: our addition so the card reads against the screen behind it while
    /// dragged (UIKit's full-screen modals have none; it changes no behaviour).
    static func cardShadow() -> Shadow {
        Shadow(color: Color(white: 0, alpha: 0.3), radius: 10, offset: Point(x: 0, y: -1))
    }
}
