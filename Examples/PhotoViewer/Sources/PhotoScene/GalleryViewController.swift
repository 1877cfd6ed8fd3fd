import ModalKit

/// The gallery: a title and a grid of photos; tapping one opens it.
public final class GalleryViewController: ViewController {
    private let photos: [Photo]
    private var tiles: [PhotoView] = []
    /// Called with the index of the tapped photo.
    var onOpen: (Int) -> Void = { _ in }

    init(photos: [Photo]) {
        self.photos = photos
        super.init()
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(rgb: 0x111114)
        let title = Label(text: "Photos", font: .preferredFont(forTextStyle: .largeTitle).withWeight(.bold), textColor: .white,
                          frame: Rect(x: 16, y: 40, width: 300, height: 42))
        view.addSubview(title)
        let subtitle = Label(text: "Tap a photo; drag it down to close it.", font: .preferredFont(forTextStyle: .subheadline),
                             textColor: Color(white: 0.6), frame: Rect(x: 16, y: 84, width: 340, height: 20))
        view.addSubview(subtitle)
        for (index, photo) in photos.enumerated() {
            let tile = PhotoView(photo: photo)
            let tap = TapGestureRecognizer()
            tap.addTarget { [unowned self] _ in onOpen(index) }
            tile.addGestureRecognizer(tap)
            view.addSubview(tile)
            tiles.append(tile)
        }
        viewDidLayoutSubviews()
    }

    public override func viewDidLayoutSubviews() {
        let columns = 2, gap = 12.0, width = view.bounds.width
        let side = (width - gap * Double(columns + 1)) / Double(columns)
        for (index, tile) in tiles.enumerated() {
            let row = index / columns, column = index % columns
            tile.frame = Rect(x: gap + Double(column) * (side + gap), y: 120 + Double(row) * (side * 0.75 + gap),
                              width: side, height: side * 0.75)
        }
    }
}
