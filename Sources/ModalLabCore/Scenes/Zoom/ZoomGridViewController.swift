import ModalKit

/// The zoom scene's presenting screen: a photo library's grid ("Photos", three columns of square photos drawn by
/// us); a tap on a photo opens it with `preferredTransition = .zoom` out of its cell.
final class ZoomGridViewController: PresentingViewController {
    static let photoCount = 15
    static let columns = 3
    private let titleLabel = Label(text: "Photos", font: .preferredFont(forTextStyle: .largeTitle).withWeight(.bold))
    private(set) var cells: [PhotoView] = []
    /// A scene file's rectangles for the cells (window points), in place of the drawn grid's.
    var cellRects: [Rect]?
    /// What a tap on cell `index` does; the scene sets it.
    var onOpen: (Int) -> Void = { _ in }
    var cellCornerRadius = 13.0

    init(info: SceneInfo, parameters: SceneParameters) {
        super.init(info: info, parameters: parameters, buttonTitle: "Open Photo")
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "presenting"
        if let screen {
            SceneScreens.cover(view, with: screen)
        } else {
            view.addSubview(titleLabel)
        }
        let count = cellRects?.count ?? ZoomGridViewController.photoCount
        for index in 0 ..< count {
            let cell = PhotoView(index: index)
            cell.cornerRadius = cellCornerRadius
            cell.clipsToBounds = true
            // A scene file's cells are places on its picture: the photos there are the picture's own.
            if screen != nil { cell.alpha = 0.01 }
            let tap = TapGestureRecognizer()
            tap.addTarget { [unowned self] (_: TapGestureRecognizer) in onOpen(index) }
            cell.addGestureRecognizer(tap)
            view.addSubview(cell)
            cells.append(cell)
        }
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        // Presented over, the screen is under the status bar: a phone's taller one moves it down.
        let width = view.bounds.width, shift = navigationController == nil ? view.screenStatusBarShift : 0
        titleLabel.frame = Rect(x: 16, y: 52 + shift, width: width - 32, height: 41)
        // Pushed from a navigation stack, the bar shows the title: the photos start under it.
        titleLabel.isHidden = navigationController != nil
        let top = navigationController == nil ? 110 + shift : 16
        if let cellRects {
            for (cell, rect) in zip(cells, cellRects) { cell.frame = rect }
            return
        }
        let gap = 4.0, inset = 16.0, columns = Double(ZoomGridViewController.columns)
        let side = max((width - 2 * inset - gap * (columns - 1)) / columns, 1)
        for (index, cell) in cells.enumerated() {
            let row = Double(index / ZoomGridViewController.columns)
            let column = Double(index % ZoomGridViewController.columns)
            cell.frame = Rect(x: inset + column * (side + gap), y: top + row * (side + gap), width: side, height: side)
        }
    }
}

/// The page a photo opens: the photo across the top, its title, what to try and its details below, in a list that
/// scrolls (a drag on it scrolled away from its top scrolls it; at the top, a pull down dismisses).
final class ZoomDetailViewController: ViewController {
    let index: Int
    let photo: PhotoView
    let scrollView = ScrollView()
    private let titleLabel: Label
    private let help = Label(
        text: "Pull down, swipe from the left edge, or pinch (Ctrl + wheel).",
        font: .preferredFont(forTextStyle: .subheadline),
        textColor: .secondaryLabel)
    private let details: [(name: Label, value: Label)]
    /// A scene file's picture of the detail screen, covering the drawn one.
    var screen: SceneScreens.Screen?
    private var cover: ImageView?
    static let rowHeight = 44.0

    init(index: Int) {
        self.index = index
        photo = PhotoView(index: index)
        titleLabel = Label(text: "Photo \(index + 1)", font: .preferredFont(forTextStyle: .title1).withWeight(.bold))
        details = ZoomDetailViewController.facts(index).map { name, value in
            (
                Label(text: name, font: .preferredFont(forTextStyle: .body)),
                Label(
                    text: value, font: .preferredFont(forTextStyle: .body), textColor: .secondaryLabel,
                    alignment: .right)
            )
        }
        super.init()
        title = "detail"
        navigationItem.title = "Photo \(index + 1)"
    }

    /// What the list under the photo shows: a photo library's details, made up per photo.
    static func facts(_ index: Int) -> [(String, String)] {
        [
            ("Date", "4 December 2026"), ("Time", "\(9 + index % 9):\(10 + index * 7 % 50)"),
            ("Camera", "Main, 24 mm"), ("Aperture", "ƒ/1.78"), ("Exposure", "1/\(120 * (1 + index % 4)) s"),
            ("ISO", "\(50 * (1 + index % 5))"), ("Size", "4032 × 3024"), ("File", "IMG_\(4000 + index).HEIC"),
            ("Album", "Recents"), ("Place", "Lisbon"), ("People", "None"), ("Edited", "No")
        ]
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "modal"
        scrollView.accessibilityIdentifier = "detail-list"
        scrollView.alwaysBounceVertical = true
        view.addSubview(scrollView)
        [photo, titleLabel, help].forEach(scrollView.addSubview)
        for row in details { [row.name, row.value].forEach(scrollView.addSubview) }
        contentScrollView = scrollView
        cover = SceneScreens.cover(view, with: screen)
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        scrollView.frame = Rect(origin: .zero, size: view.bounds.size)
        photo.frame = Rect(x: 0, y: 0, width: width, height: width)
        titleLabel.frame = Rect(x: 16, y: width + 20, width: width - 32, height: 34)
        help.frame = Rect(x: 16, y: width + 60, width: width - 32, height: 20)
        let rows = width + 96
        for (i, row) in details.enumerated() {
            let y = rows + Double(i) * ZoomDetailViewController.rowHeight
            row.name.frame = Rect(x: 16, y: y, width: width / 2 - 16, height: ZoomDetailViewController.rowHeight)
            row.value.frame = Rect(
                x: width / 2, y: y, width: width / 2 - 16, height: ZoomDetailViewController.rowHeight)
        }
        scrollView.contentSize = Size(
            width: width, height: rows + Double(details.count) * ZoomDetailViewController.rowHeight + 16)
        cover?.frame = Rect(origin: .zero, size: view.bounds.size)
    }
}
