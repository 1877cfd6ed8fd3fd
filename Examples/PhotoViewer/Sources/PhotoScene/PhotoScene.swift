import ModalKit
import ModalLab

/// A photo gallery: tap a photo to open it full screen; drag it down and it follows the pointer, shrinking and
/// letting the gallery show through; let go past `dismissFraction` of the height, or flick down faster than
/// `flickVelocity`, and it shrinks away; otherwise it springs back.
public final class PhotoScene: Scene, SceneSnippets {
    /// How far down (a fraction of the screen's height) a release dismisses.
    public static let dismissFraction = Parameter.number("dismissFraction", 0.05...1, default: 0.2,
                                                         source: "ours: Photos-like, a short pull")
    /// How fast a downward flick dismisses whatever the distance, points per second.
    public static let flickVelocity = Parameter.number("flickVelocity", 0...10_000, default: 700, source: "ours")
    /// How small the photo gets once dragged half the height down.
    public static let minimumScale = Parameter.number("minimumScale", 0.2...1, default: 0.5, source: "ours")
    /// Whether the caption shows under the photo.
    public static let caption = Parameter.boolean("caption", default: true, source: "ours")

    public static let info = SceneInfo(
        name: "photos", title: "Photos", seed: "PhotoViewer example · drag to dismiss",
        summary: "Drag the photo down to close it: it shrinks as it follows.",
        parameters: [dismissFraction.spec, flickVelocity.spec, minimumScale.spec, caption.spec],
        notes: ["An example of a package's own scene: the lab runs it with its HUD, inspector, trace and export."])

    public let root: GalleryViewController
    private let parameters: SceneParameters

    public init(parameters: SceneParameters) {
        self.parameters = parameters
        root = GalleryViewController(photos: Photo.gallery)
        root.onOpen = { [unowned self] index in open(index, animated: true) }
    }

    /// The photo viewer on screen, if one is up.
    var viewer: PhotoViewController? { root.presentedViewController as? PhotoViewController }

    private func open(_ index: Int, animated: Bool) {
        let viewer = PhotoViewController(photo: Photo.gallery[index], rule: rule,
                                         minimumScale: parameters[PhotoScene.minimumScale],
                                         showsCaption: parameters[PhotoScene.caption])
        root.present(viewer, animated: animated)
    }

    public func present(animated: Bool) { open(2, animated: animated) }

    /// The rule the viewer decides with, the HUD shows and the inspector judges every estimator by.
    public var rule: PhotoDismissRule {
        PhotoDismissRule(fraction: parameters[PhotoScene.dismissFraction], velocity: parameters[PhotoScene.flickVelocity],
                         height: root.view.bounds.height, viewer: viewer)
    }

    public var status: SceneStatus {
        guard let viewer else { return SceneStatus(phase: transitionPhase(interactor: nil) ?? .idle, progress: nil) }
        let progress = (viewer.photoView.presentation.center.y - viewer.restingCenter.y) / max(viewer.view.bounds.height, 1)
        return SceneStatus(phase: transitionPhase(interactor: nil) ?? phase(of: viewer), progress: progress)
    }

    private func phase(of viewer: PhotoViewController) -> Phase {
        if viewer.pan?.isActive == true { return .interactive }
        if viewer.isSettling { return viewer.closing == true ? .finishing : .cancelling }
        return .idle
    }

    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        // In the photo viewer controller: drag down to dismiss, the photo shrinking as it follows.
        @objc func handlePan(_ pan: UIPanGestureRecognizer) {
            let t = pan.translation(in: view), v = pan.velocity(in: view)
            let progress = max(0, t.y) / view.bounds.height
            switch pan.state {
            case .changed:
                let scale = 1 - (1 - \(v.number("minimumScale"))) * min(progress * 2, 1)
                photoView.center = CGPoint(x: restingCenter.x + t.x, y: restingCenter.y + t.y)
                photoView.transform = CGAffineTransform(scaleX: scale, y: scale)
                backdrop.alpha = 1 - min(progress * 2.5, 1)
            case .ended, .cancelled:
                if t.y > view.bounds.height * \(v.number("dismissFraction")) || v.y > \(v.number("flickVelocity")) {
                    UIView.animate(withDuration: 0.25, animations: {
                        self.photoView.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
                        self.photoView.alpha = 0
                        self.backdrop.alpha = 0
                    }, completion: { _ in self.dismiss(animated: false) })
                } else {
                    UIView.animate(withDuration: 0.45, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, animations: {
                        self.photoView.center = self.restingCenter
                        self.photoView.transform = .identity
                        self.backdrop.alpha = 1
                    })
                }
            default: break
            }
        }

        """
    }
}

extension PhotoScene {
    /// The viewer's drag in SwiftUI: a view modifier on the photo, with the same rule and the same spring back.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        let back = Spring(duration: 0.45, dampingRatio: 0.8)
        return """
            // On the photo of a full-screen cover: drag down to dismiss, the photo shrinking as it follows.
            struct DragToClosePhoto: ViewModifier {
                let dismissFraction: CGFloat = \(v.number("dismissFraction"))
                let flickVelocity: CGFloat = \(v.number("flickVelocity"))
                let minimumScale: CGFloat = \(v.number("minimumScale"))
                /// UIKit's usingSpringWithDamping: 0.8 over 0.45 s, as a spring.
                let springBack = \(SwiftUISnippet.constants(back))

                @Environment(\\.dismiss) private var dismiss
                @State private var drag = CGSize.zero
                @State private var closing = false

                func body(content: Content) -> some View {
                    GeometryReader { proxy in
                        let progress = max(0, drag.height) / proxy.size.height
                        ZStack {
                            Color.black.opacity(closing ? 0 : 1 - min(progress * 2.5, 1)).ignoresSafeArea()
                            content
                                .scaleEffect(closing ? 0.3 : 1 - (1 - minimumScale) * min(progress * 2, 1))
                                .opacity(closing ? 0 : 1)
                                .offset(drag)
                        }
                        .gesture(
                            DragGesture()
                                .onChanged { value in drag = value.translation }
                                .onEnded { value in
                                    if value.translation.height > proxy.size.height * dismissFraction
                                        || value.velocity.height > flickVelocity {
                                        withAnimation(.easeInOut(duration: 0.25)) { closing = true } completion: { dismiss() }
                                    } else {
                                        withAnimation(.spring(springBack)) { drag = .zero }
                                    }
                                }
                        )
                    }
                }
            }

            """
    }
}

/// The rule: a release closes past `fraction` of the height or on a downward flick faster than `velocity`.
public struct PhotoDismissRule: SceneRule {
    let fraction: Double
    let velocity: Double
    let height: Double
    /// The viewer on screen, whose drag the HUD's line reads.
    weak var viewer: PhotoViewController?

    /// The distance, in points, past which a slow release closes.
    var distance: Double { fraction * height }

    /// Whether a release `drag` points down, moving at `velocity` pt/s, closes the photo.
    func dismisses(drag: Double, velocity v: Double) -> Bool { drag > distance || v > velocity }

    public var velocityThreshold: Double? { velocity }

    public func summary(outcome: String) -> String { "flick: v > \(Int(velocity)) pt/s closes, else the distance" }

    public func verdict(_ reading: ReleaseReading) -> ReleaseVerdict {
        reading.velocity > velocity ? ReleaseVerdict("close", dismisses: true) : ReleaseVerdict("distance", dismisses: nil)
    }

    /// The drag against the line and the flick: "drag 120 ≤ 133 or v 400 ≤ 700: springs back".
    public func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let viewer, let pan = viewer.pan, pan.isActive || viewer.closing != nil else { return nil }
        let drag = pan.translation(in: viewer.view).y, v = pan.velocity(in: viewer.view).y
        let closes = dismisses(drag: drag, velocity: v)
        text.appendComparison("drag", drag, distance, digits: 0)
        text.appendComparison(" or v", v, velocity, digits: 0)
        text.append(closes ? ": will close" : ": springs back")
        return closes
    }

    /// The line the photo's center must pass for a slow release to close.
    public var marker: RuleMarker? { viewer.map { RuleMarker(y: $0.restingCenter.y + distance, title: "close line") } }
}
