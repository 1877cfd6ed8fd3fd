import ModalKit

/// One photo full screen over a black backdrop. A pan moves the photo with the pointer and shrinks it toward
/// `minimumScale` as it goes down, fading the backdrop so the gallery shows through; the release asks the rule.
final class PhotoViewController: ViewController {
    let photoView: PhotoView
    private let backdrop = View()
    private let caption: Label
    private let rule: PhotoDismissRule
    private let minimumScale: Double
    private(set) var pan: PanGestureRecognizer?
    /// What the last release decided (nil before one).
    private(set) var closing: Bool?
    /// From a release until its animation ends.
    private(set) var isSettling = false

    init(photo: Photo, rule: PhotoDismissRule, minimumScale: Double, showsCaption: Bool) {
        photoView = PhotoView(photo: photo)
        caption = Label(text: photo.caption, font: .preferredFont(forTextStyle: .subheadline), textColor: Color(white: 0.85), alignment: .center)
        caption.isHidden = !showsCaption
        self.rule = rule
        self.minimumScale = minimumScale
        super.init()
        modalPresentationStyle = .overFullScreen
    }

    /// Where the photo's center rests: the middle of the screen.
    var restingCenter: Point { Point(x: view.bounds.width / 2, y: view.bounds.height / 2) }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "photo"
        view.backgroundColor = .clear
        backdrop.backgroundColor = .black
        view.addSubview(backdrop)
        photoView.cornerRadius = 0
        view.addSubview(photoView)
        view.addSubview(caption)
        let pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in onPan($0) }
        view.addGestureRecognizer(pan)
        self.pan = pan
        viewDidLayoutSubviews()
    }

    override func viewDidLayoutSubviews() {
        let width = view.bounds.width
        backdrop.frame = view.bounds
        photoView.bounds = Rect(x: 0, y: 0, width: width, height: width * 0.75)
        if !isSettling && pan?.isActive != true { photoView.center = restingCenter }
        caption.frame = Rect(x: 0, y: restingCenter.y + width * 0.375 + 16, width: width, height: 20)
    }

    private func onPan(_ pan: PanGestureRecognizer) {
        let t = pan.translation(in: view), v = pan.velocity(in: view)
        switch pan.state {
        case .began, .changed:
            let progress = min(max(0, t.y) / max(view.bounds.height, 1), 1)
            // Down to the smallest at half the height: the photo visibly gives way from the first points.
            let scale = 1 - (1 - minimumScale) * min(progress * 2, 1)
            photoView.center = Point(x: restingCenter.x + t.x, y: restingCenter.y + t.y)
            photoView.transform = Transform(scale: scale)
            backdrop.alpha = 1 - min(progress * 2.5, 1)
            caption.alpha = 1 - min(progress * 6, 1)
        case .ended:
            release(closes: rule.dismisses(drag: t.y, velocity: v.y))
        case .cancelled, .failed:
            release(closes: false)
        default: break
        }
    }

    private func release(closes: Bool) {
        closing = closes
        isSettling = true
        if closes {
            View.animate(withDuration: 0.25, options: .curveEaseOut, animations: {
                photoView.transform = Transform(scale: 0.3)
                photoView.alpha = 0
                backdrop.alpha = 0
                caption.alpha = 0
            }, completion: { [weak self] _ in
                self?.isSettling = false
                self?.dismiss(animated: false)
            })
        } else {
            View.animate(withDuration: 0.45, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
                photoView.center = restingCenter
                photoView.transform = .identity
                backdrop.alpha = 1
                caption.alpha = 1
            }, completion: { [weak self] _ in self?.isSettling = false })
        }
    }
}
