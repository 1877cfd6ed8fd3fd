import ModalKitBase
import ModalKitMotion

/// Presents a controller as a sheet that rests at detents over a dimmed, shrunken presenting screen. UIKit's
/// `UISheetPresentationController` for `.pageSheet`, with ModalKit's motion: the sheet is grabbed where it is shown
/// in every phase, follows the pointer 1:1 from the first dragged frame, resists past its detents with UIKit's
/// rubber band, picks where to go by projecting the release, and settles on a spring that starts at the release
/// speed.
///
/// The drag is also open to a scroll view handing over (`beginInteractiveMove`, `moveInteractively(by:)`,
/// `endInteractiveMove(velocity:)`), with the sheet's `position` and `track` to decide when.
public final class SheetPresentationController {
    /// What the sheet is doing, for the HUD and the trace.
    public enum Phase: String, Sendable {
        /// Resting; springing up; following a drag; springing to a detent; springing down to dismiss.
        case idle, presenting, dragging, settling, dismissing
    }

    /// The space above a full-height sheet: the 20-point status bar and 10 points of the screen behind.
    public static let largeTopInset = 30.0
    /// How far the sheet's view reaches below the container, so neither the rubber band nor a spring's overshoot
    /// ever shows its bottom edge.
    static let overhang = 20.0

    /// The controller shown in the sheet.
    public private(set) weak var presentedViewController: ViewController?
    /// Hears about user-initiated dismissals and detent changes.
    public weak var delegate: SheetPresentationControllerDelegate?
    /// The heights the sheet rests at (UIKit's default: large only).
    public var detents: [Detent] = [.large()] {
        didSet { detentResolution = nil; if isInstalled { settleAfterLayoutChange() } }
    }
    /// The detent the sheet rests at; nil means the smallest. Changes inside `animateChanges` move the sheet on
    /// the settle spring, other changes move it at once.
    public var selectedDetentIdentifier: Detent.Identifier? {
        get { selected }
        set { select(newValue, animated: isAnimatingChanges) }
    }
    /// The largest detent at which the screen behind is not dimmed; nil dims at every detent.
    public var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { if isInstalled { updateBackdrop() } } }
    /// Whether a grabber shows at the top of the sheet.
    public var prefersGrabberVisible = false { didSet { grabber.isHidden = !prefersGrabberVisible } }
    /// The sheet's top corner radius; nil uses the system's 10 points.
    public var preferredCornerRadius: Double? { didSet { presentedViewController?.view.cornerRadius = cornerRadius } }
    /// Whether dragging scrolled-to-the-edge content in the sheet first expands the sheet (read by scroll views).
    public var prefersScrollingExpandsWhenScrolledToEdge = true {
        didSet {
            scrollCoordinator?.handoff.prefersScrollingExpandsWhenScrolledToEdge =
                prefersScrollingExpandsWhenScrolledToEdge
        }
    }

    /// The settle spring (ModalKit: critically damped, 0.3 s response; see README for why).
    public var spring = Spring(dampingRatio: 1, response: 0.3)
    /// The spring a release faster than `flickSpeed` settles on instead of `spring` (iOS 26: damping 0.8); nil
    /// uses `spring` for every release.
    public var flickSpring: Spring?
    /// How fast a release must be (points per second) to settle on `flickSpring`.
    public var flickSpeed = 1500.0
    /// iOS 26's floating, glass sheet; nil is iOS 15–18's edge-to-edge sheet.
    public var floatingStyle: FloatingStyle? {
        didSet {
            detentResolution = nil
            if isInstalled { applyFloatingStyle(); settleAfterLayoutChange() }
        }
    }
    /// How a release picks its detent (ModalKit: projection at UIKit's 0.998 per ms, dismissal past half the
    /// smallest detent).
    public var releasePolicy = SheetReleasePolicy()
    /// The rubber band's stiffness past the detents (UIKit's 0.55).
    public var rubberBandCoefficient = 0.55
    /// How dark the backdrop gets, 0...1 of black.
    public var dimmingAlpha = 0.3
    /// How small the presenting screen gets behind a full-height sheet.
    public var presentingScale = 0.92
    /// The springs of the morph out of and into a bar button (`.zoom(sourceBarButtonItemProvider:)`): the zoom
    /// transition's (flight ω 19, ζ 1 out and for the app's dismissal; landing ω 15, ζ 0.75 after a drag).
    public var morphSprings = ZoomSprings()
    /// The morph's cross-fade of the button's drawing (the zoom's: gone after the first 55%).
    public var morphLook = ZoomLook()
    /// Called whenever the selected detent changes, by the user or the app (ModalKit, for traces).
    public var onSelectedDetentChange: ((Detent.Identifier?) -> Void)?

    /// The sheet's top edge, in container points, as shown now.
    public internal(set) var position = 0.0
    /// What the sheet is doing.
    public internal(set) var phase = Phase.idle
    /// The last release: its velocity (points per second, down positive) and what the rule made of it.
    public internal(set) var lastRelease: (velocity: Double, decision: SheetReleaseDecision)?

    var selected: Detent.Identifier?
    /// The detents as last resolved; see `resolvedDetents`.
    var detentResolution: DetentResolution?
    var isAnimatingChanges = false
    weak var container: View?
    weak var presentingView: View?
    let dimmingView = SheetDimmingView()
    /// The glass under a floating sheet (see `floatingStyle`).
    let glassView = SheetGlassView()
    /// The dimmed screen behind, under a floating sheet's inset and outside its bottom corners.
    let edgeView = SheetEdgeView()
    /// The sheet's own background color, which the floating style fades toward glass at partial heights.
    var opaqueBackground: Color?
    let grabber = View()
    var motion: PropertyAnimator?
    /// What the motion under way runs when it arrives, so a resize can retarget it.
    var motionCompletion: (() -> Void)?
    /// Where the motion under way is going and in which phase, so a press that only holds the sheet lets it go on.
    var motionTarget: (position: Double, phase: Phase)?
    /// What a press without a drag resumes: the motion it caught (nil when the sheet was still).
    var heldMotion: (target: Double, phase: Phase, completion: (() -> Void)?)?
    /// Unresisted position during a drag (see `SheetTrack.raw(forShown:)`).
    var rawPosition = 0.0
    /// Whether the drag under way may dismiss (asked once when it begins).
    var dragAllowsDismissal = true
    /// The pan's translation at its last event, so each move adds only what is new.
    var panTranslation = 0.0
    /// Set when a press stopped the sheet and has not become a drag yet.
    var isHeldByPress = false
    /// Set while the app's own `dismiss(animated: true)` runs: the sheet then takes no presses.
    var isInDismissTransition = false
    var isInstalled: Bool { container != nil }
    /// Shares drags with the content's scroll view; the scroll view owns it.
    weak var scrollCoordinator: SheetScrollCoordinator?
    /// The morph out of or into a bar button under way.
    var morph: SheetMorph?
    /// The bar button the sheet grew out of (hidden while the sheet stands for it).
    weak var morphSource: View?
    /// The button's drawing over the morphing card.
    let morphReplica = SheetMorphReplica()
    lazy var morphTicker = FrameTicker(view: dimmingView) { [weak self] elapsed, _ in self?.tickMorph(elapsed) }
    /// The sheet's own pan (on its view): while it drags the sheet, the content's wheel scrolling leaves it alone.
    weak var sheetPan: PanGestureRecognizer?

    /// The sheet for `presentedViewController` (created by the controller when its style is `.pageSheet`).
    public init(presentedViewController: ViewController) {
        self.presentedViewController = presentedViewController
        grabber.backgroundColor = Color(rgb: 0x3C3C43, alpha: 0.3)
        grabber.cornerRadius = 2.5
        grabber.isUserInteractionEnabled = false
        grabber.isHidden = true
        grabber.accessibilityIdentifier = "grabber"
        morphReplica.isUserInteractionEnabled = false
    }

    /// Changes made in `changes` (the selected detent) animate on the settle spring. UIKit's `animateChanges`.
    public func animateChanges(_ changes: () -> Void) {
        let saved = isAnimatingChanges
        isAnimatingChanges = true
        changes()
        isAnimatingChanges = saved
    }

    /// How tall the sheet shows at its largest detent: all of it a scrolling content can use.
    public var largestDetentHeight: Double { containerSize.height - track.top }

    var cornerRadius: Double { preferredCornerRadius ?? floatingStyle?.topCornerRadius ?? 10 }
    var containerSize: Size { container?.bounds.size ?? Size(width: 375, height: 667) }
}
