import ModalKit

extension ZoomScene {
    static let scaleGain = Parameter.number(
        "scaleGain", 0 ... 2, default: 0.67, source: "swift_transitions 0.3: native pans lose 0.65–0.68 a height")
    static let travelKnee = Parameter.number(
        "travelKnee", 0 ... 2, default: 0.52, source: "swift_transitions 0.3: linear to 0.52 card heights")
    static let minimumScale = Parameter.number(
        "minimumScale", 0.01 ... 1, default: 0.37, source: "swift_transitions 0.3: the banded floor")
    static let fallLag = Parameter.number(
        "fallLag", 0 ... 2, default: 0.45, source: "swift_transitions 0.3: fall = travel − 0.45·travel³")
    static let crossAxisGain = Parameter.number(
        "crossAxisGain", 0 ... 2, default: 0.56, source: "swift_transitions 0.3: sideways follow")
    static let crossAxisLimit = Parameter.number(
        "crossAxisLimit", 0 ... 2, default: 0.9, source: "swift_transitions 0.3: banded to 0.9 of the width")
    static let slop = Parameter.number(
        "slop", 0 ... 100, default: 18, source: "swift_transitions 0.3: native pans hold still 16–20 pt")
    static let edgeDeadZone = Parameter.number(
        "edgeDeadZone", 0 ... 100, default: 12, source: "swift_transitions 0.3: 12-pt dead zone")
    static let projection = Parameter.number(
        "projection", 0 ... 1, default: 0.12, source: "swift_transitions 0.3: the scale projected 120 ms ahead")
    static let panThreshold = Parameter.number(
        "panThreshold", 0 ... 1, default: 0.905, source: "swift_transitions 0.3: native 0.914 back, 0.900 lands")
    static let edgeThreshold = Parameter.number(
        "edgeThreshold", 0 ... 1, default: 0.70, source: "swift_transitions 0.3: native 0.715 back, 0.678 lands")
    static let swipeThreshold = Parameter.number(
        "swipeThreshold", 0 ... 1, default: 0.79, source: "swift_transitions 0.3: a swipe begun mid-page")
    static let pinchThreshold = Parameter.number(
        "pinchThreshold", 0 ... 1, default: 0.5, source: "swift_transitions 0.3: half size, not projected")
    static let pinchStartDistance = Parameter.number(
        "pinchStartDistance", 0 ... 100, default: 8.7, source: "swift_transitions 0.3: a pinch starts after 8.7 pt")
    static let pinchFingerSpan = Parameter.number(
        "pinchFingerSpan", 10 ... 1000, default: 120,
        source: "ours: the spread a scale-only pinch (touchpad, Ctrl + wheel) starts from")
    static let cancelStiffness = Parameter.number(
        "cancelStiffness", 1 ... 10_000, default: 484, source: "swift_transitions 0.3: ω 22, ζ 0.9")
    static let cancelDamping = Parameter.number(
        "cancelDamping", 0 ... 1000, default: 39.6, source: "swift_transitions 0.3: ω 22, ζ 0.9")
    static let landingStiffness = Parameter.number(
        "landingStiffness", 1 ... 10_000, default: 225, source: "swift_transitions 0.3: ω 15, ζ 0.75")
    static let landingDamping = Parameter.number(
        "landingDamping", 0 ... 1000, default: 22.5, source: "swift_transitions 0.3: ω 15, ζ 0.75")
    static let quickening = Parameter.number(
        "quickening", 0 ... 2, default: 0.3, source: "swift_transitions 0.3: 1 + 0.3·min(v, 3), not for pans")
    static let flightOmega = Parameter.number(
        "flightOmega", 1 ... 100, default: 19, source: "swift_transitions 0.3: push/pop ω 19, ζ 1")
    static let dimming = Parameter.number(
        "dimming", 0 ... 1, default: 0.15, source: "swift_transitions 0.3: black 0.15 × progress")
    static let coveredScale = Parameter.number(
        "coveredScale", 0.5 ... 1, default: 0.914, source: "swift_transitions 0.3: the grid behind at 0.914")
    static let crossFade = Parameter.number(
        "crossFade", 0 ... 1, default: 0.55, source: "swift_transitions 0.3: the cell fades over 55% of the flight")
    static let cellCornerRadius = Parameter.number(
        "cellCornerRadius", 0 ... 50, default: 13, source: "swift_transitions 0.3: a native card's 13 pt at the source")
    static let displayCornerRadius = Parameter.number(
        "displayCornerRadius", 0 ... 80, default: 0, source: "ours: a desktop window's square corners (iPhone 55–62)")

    static let presentation = Parameter.choice(
        "presentation", ["modal", "push"], default: "modal",
        source: "UIKit: present(_:animated:) or navigationController.pushViewController (Photos pushes)")
    static let reduceMotion = Parameter.boolean(
        "reduceMotion", default: false, source: "Settings › Accessibility › Motion: flights become a cross-fade")
    static let crossFadeDuration = Parameter.number(
        "crossFadeDuration", 0 ... 1, default: 0.14, source: "swift_transitions 0.3: Reduce Motion, a 140 ms cross-fade"
    )

    static let parameterSpecs = [
        scaleGain.spec, travelKnee.spec, minimumScale.spec, fallLag.spec, crossAxisGain.spec, crossAxisLimit.spec,
        slop.spec, edgeDeadZone.spec, projection.spec, panThreshold.spec, edgeThreshold.spec, swipeThreshold.spec,
        pinchThreshold.spec, pinchStartDistance.spec, pinchFingerSpan.spec, cancelStiffness.spec, cancelDamping.spec,
        landingStiffness.spec, landingDamping.spec,
        quickening.spec, flightOmega.spec, dimming.spec, coveredScale.spec, crossFade.spec, cellCornerRadius.spec,
        displayCornerRadius.spec, presentation.spec, reduceMotion.spec, crossFadeDuration.spec
    ]

    static let notes = [
        "Not from a seed: iOS 18's preferredTransition = .zoom, its motion from the Flutter package swift_transitions",
        "0.3, fitted frame by frame to the native transition (ANCHORS \"The zoom transition\").",
        "A pan down anywhere holds still for the slop, then shrinks the page about the grabbed point, which falls",
        "behind the pointer by travel − fallLag·travel³; sideways it follows at crossAxisGain, banded. A swipe from",
        "the leading edge (past edgeDeadZone) or from mid-page shrinks it linearly. The release projects the scale",
        "projection seconds ahead against the gesture's threshold: it lands on its cell (the landing spring,",
        "quickened by the release speed except for pans) or springs back (the cancel spring).",
        "A press on the flying page stops it where it is shown (a grab during the push completes it); a drag from",
        "there dismisses, a tap lets it go on. The cell is asked for again at dismissal.",
        "The cell cross-fades inside the page over the first crossFade of the flight; the grid behind scales to",
        "coveredScale and dims to dimming with the flight's progress.",
        "A pinch (a touchpad's, Ctrl + wheel, Ctrl + touchpad scroll) takes the page once the fingers' spread changed",
        "by pinchStartDistance (its scale by pinchStartDistance / pinchFingerSpan), scales it about the pinch's",
        "center and carries it with the center; let go below pinchThreshold (not projected) it lands, else springs back.",
        "presentation=push pushes the page on a navigation stack under a bar with a back button (the pop is the",
        "same landing); the page's details list scrolls, and a drag on it scrolled away from its top scrolls it,",
        "never dismisses. reduceMotion (or --reduced-motion) turns every flight into a crossFadeDuration fade."
    ]

    /// The zoom's motion from the parameters.
    static func configure(_ zoom: ZoomTransitionController, _ p: SceneParameters) {
        zoom.dismissal = ZoomDismissal(
            scaleGain: p[scaleGain], travelKnee: p[travelKnee], minimumScale: p[minimumScale], fallLag: p[fallLag],
            crossAxisGain: p[crossAxisGain], crossAxisLimit: p[crossAxisLimit], slop: p[slop])
        zoom.releaseRule = releaseRule(p)
        zoom.springs = ZoomSprings(
            cancel: Spring(stiffness: p[cancelStiffness], damping: p[cancelDamping]),
            landing: Spring(stiffness: p[landingStiffness], damping: p[landingDamping]),
            landingQuickening: p[quickening],
            flight: ZoomSprings.spring(omega: p[flightOmega], dampingRatio: 1))
        zoom.look = ZoomLook(dimming: p[dimming], coveredScale: p[coveredScale], crossFadeWindow: p[crossFade])
        zoom.edgeDeadZone = p[edgeDeadZone]
        zoom.pinchStartDistance = p[pinchStartDistance]
        zoom.pinchFingerSpan = p[pinchFingerSpan]
        zoom.reducesMotion = p[reduceMotion]
        zoom.crossFadeDuration = p[crossFadeDuration]
        zoom.displayCornerRadius = p[displayCornerRadius]
    }

    /// The release rule from the parameters.
    static func releaseRule(_ p: SceneParameters) -> ZoomReleaseRule {
        ZoomReleaseRule(
            projection: p[projection], panThreshold: p[panThreshold], edgeSwipeThreshold: p[edgeThreshold],
            swipeThreshold: p[swipeThreshold], pinchThreshold: p[pinchThreshold])
    }
}
