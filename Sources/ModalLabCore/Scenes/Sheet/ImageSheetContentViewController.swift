import ModalKit

/// The sheet of a scene file: its fixed header picture over its content picture, which scrolls in the sheet's scroll
/// view (so the sheet's drag and the content's scroll hand off as in the drawn sheet), or one picture for the whole
/// sheet. Pictures are fitted to the sheet's width.
final class ImageSheetContentViewController: ViewController, ScrollViewDelegate {
    let scrollView = ScrollView()
    private let screens: SceneScreens
    private var header: ImageView?
    private var cover: ImageView?
    private let strips: ImageStrips?
    /// Holds the scroll view and cuts it to the sheet's rounded top corners when nothing is above it: a scroll view
    /// keeps no layer of its own to cut, and the sheet rounds only its background (clipping the whole sheet would
    /// cut its shadow at the corners too).
    private let contentClip = View()

    init(screens: SceneScreens) {
        self.screens = screens
        strips = screens.content.isEmpty ? nil : ImageStrips(strips: screens.content)
        super.init()
    }

    override func viewDidLoad() {
        title = "sheet"
        view.backgroundColor = .white
        view.accessibilityIdentifier = "sheet"
        cover = SceneScreens.cover(view, with: screens.presented)
        if let strips {
            contentClip.clipsToBounds = true
            contentClip.maskedCorners = .top
            view.addSubview(contentClip)
            contentClip.addSubview(scrollView)
            scrollView.addSubview(strips)
            scrollView.accessibilityIdentifier = "list"
            scrollView.delegate = self
            contentScrollView = scrollView
        }
        header = SceneScreens.cover(view, with: screens.header)
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        cover?.frame = Rect(origin: .zero, size: view.bounds.size)
        // The sheet rounds its own background, not what its subviews draw: the picture at its top is cut to the
        // same corners, so no square corner shows past the curve.
        for picture in [cover, header].compactMap({ $0 }) {
            picture.cornerRadius = view.cornerRadius
            picture.maskedCorners = .top
        }
        var top = 0.0
        if let header, let image = header.image, let placement = screens.header?.placement {
            let fitted = (image.size.height * width / max(image.size.width, 1)).rounded()
            // A header taller than the sheet shows its top: the rest could never be seen, and a view as tall as a
            // thin strip fitted to the width (millions of points) would need gigabytes for its layer.
            top = min(fitted, max(view.bounds.height, 0))
            header.contentMode = fitted > top ? .top : placement
            header.frame = Rect(x: 0, y: 0, width: width, height: top)
        }
        guard let strips else { return }
        layOutSheetScrollView(scrollView, top: top, width: width)
        contentClip.frame = scrollView.frame
        contentClip.cornerRadius = top == 0 ? view.cornerRadius : 0
        // Under a header it has no corner to cut: no layer, so scrolling costs what it did without it.
        contentClip.compositesAsGroup = top == 0
        scrollView.frame.origin = .zero
        strips.layout(width: width)
        scrollView.contentSize = Size(width: width, height: strips.frame.height)
        scrollViewDidScroll(scrollView)
    }

    /// Only the strips in view are views with pixels.
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        strips?.show(top: scrollView.bounds.minY, bottom: scrollView.bounds.maxY)
    }
}

/// A tall picture cut into strips, of which only those in view (and one either side) are views: a 3x content image
/// is held once, as its strips, with layers only for the window's height, not a second copy of its whole length.
final class ImageStrips: View {
    /// Pixel rows per strip.
    static let stripRows = 512
    private let strips: [Image]
    private var shown: [Int: ImageView] = [:]
    private var stripHeight = 0.0, stripScale = 1.0

    /// A view of the picture cut into `strips` (`cut(_:)`), top to bottom.
    init(strips: [Image]) {
        self.strips = strips
        super.init(frame: .zero)
        compositesAsGroup = false
        backgroundColor = .white
        accessibilityIdentifier = "content-image"
    }

    /// Sizes the strips for `width` (the picture fitted to it) and the view to hold them all.
    func layout(width: Double) {
        let pointWidth = strips.first.map { $0.size.width } ?? width
        stripScale = width / max(pointWidth, 1)
        stripHeight = (strips.first?.size.height ?? 0) * stripScale
        let height = strips.reduce(0) { $0 + $1.size.height } * stripScale
        frame = Rect(x: 0, y: 0, width: width, height: height.rounded())
        for (index, view) in shown { view.frame = stripFrame(index) }
    }

    /// Makes the strips between `top` and `bottom` (this view's points) views, and lets the others go.
    func show(top: Double, bottom: Double) {
        guard stripHeight > 0, top.isFinite, bottom.isFinite else { return }
        let first = max(Int((top / stripHeight).rounded(.down)) - 1, 0)
        let last = min(Int((bottom / stripHeight).rounded(.down)) + 1, strips.count - 1)
        let wanted = first <= last ? first ... last : 0 ... -1
        for (index, view) in shown where !wanted.contains(index) {
            view.removeFromSuperview()
            shown[index] = nil
        }
        for index in wanted where shown[index] == nil {
            let view = ImageView(image: strips[index])
            view.frame = stripFrame(index)
            addSubview(view)
            shown[index] = view
        }
    }

    private func stripFrame(_ index: Int) -> Rect {
        Rect(
            x: 0, y: stripHeight * Double(index), width: frame.width,
            height: strips[index].size.height * stripScale)
    }

    /// The picture's rows in strips of `stripRows` (of fewer for a picture narrower than half that: fitted to the
    /// sheet's width, a strip of a thin picture would be thousands of screens tall), each at the picture's scale.
    static func cut(_ image: Image) -> [Image] {
        let bitmap = image.bitmap
        let perStrip = min(stripRows, max(2 * bitmap.width, 1))
        return stride(from: 0, to: bitmap.height, by: perStrip).map { top in
            let rows = min(perStrip, bitmap.height - top)
            var strip = Bitmap(width: bitmap.width, height: rows)
            strip.pixels = Array(bitmap.pixels[top * bitmap.width ..< (top + rows) * bitmap.width])
            return Image(bitmap: strip, scale: image.scale)
        }
    }
}
