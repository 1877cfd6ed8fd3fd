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
        let width = view.bounds.width
        titleLabel.frame = Rect(x: 16, y: 52, width: width - 32, height: 41)
        if let cellRects {
            for (cell, rect) in zip(cells, cellRects) { cell.frame = rect }
            return
        }
        let gap = 4.0, inset = 16.0, columns = Double(ZoomGridViewController.columns)
        let side = max((width - 2 * inset - gap * (columns - 1)) / columns, 1)
        for (index, cell) in cells.enumerated() {
            let row = Double(index / ZoomGridViewController.columns)
            let column = Double(index % ZoomGridViewController.columns)
            cell.frame = Rect(x: inset + column * (side + gap), y: 110 + row * (side + gap), width: side, height: side)
        }
    }
}

/// The page a photo opens: the photo across the top, its title and what to try below.
final class ZoomDetailViewController: ViewController {
    let index: Int
    let photo: PhotoView
    private let titleLabel: Label
    private let help = Label(
        text: "Pull down, swipe from the left edge, or pinch (Ctrl + wheel).",
        font: .preferredFont(forTextStyle: .subheadline),
        textColor: .secondaryLabel)
    /// A scene file's picture of the detail screen, covering the drawn one.
    var screen: SceneScreens.Screen?
    private var cover: ImageView?

    init(index: Int) {
        self.index = index
        photo = PhotoView(index: index)
        titleLabel = Label(text: "Photo \(index + 1)", font: .preferredFont(forTextStyle: .title1).withWeight(.bold))
        super.init()
        title = "detail"
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "modal"
        [photo, titleLabel, help].forEach(view.addSubview)
        cover = SceneScreens.cover(view, with: screen)
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        photo.frame = Rect(x: 0, y: 0, width: width, height: width)
        titleLabel.frame = Rect(x: 16, y: width + 20, width: width - 32, height: 34)
        help.frame = Rect(x: 16, y: width + 60, width: width - 32, height: 20)
        cover?.frame = Rect(origin: .zero, size: view.bounds.size)
    }
}
