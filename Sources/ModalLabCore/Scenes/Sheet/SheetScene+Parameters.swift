import ModalKit

extension SheetScene {
    static let detentChoices = ["medium,large", "large", "medium", "small,medium,large"]

    static let detentsParameter = Parameter.choice(
        "detents", detentChoices, default: "medium,large",
        source: "UIKit: .medium(), .large(); small is a custom 200-pt detent")
    static let rule = Parameter.enumeration(
        "rule", default: SheetReleaseRule.projection,
        source: "ours: WWDC 2018 projection; nearest; the seeds' distance+velocity")
    static let response = Parameter.number(
        "response", 0.05 ... 5, default: 0.3,
        source: "ours: FloatingPanel 0.4 s, libadwaita 0.31 s"
    ).onIOS26(0.344, source: "iOS 26.1 UIKitCore (Jwift Apple/Sheets.md): response 0.344 s")
    static let dampingRatio = Parameter.number(
        "dampingRatio", 0.1 ... 2, default: 1,
        source: "ours: critically damped (FloatingPanel ~0.58 above 300 pt/s, libadwaita 0.8)")
    static let decelerationRate = Parameter.number(
        "decelerationRate", 0.9 ... 0.9999, default: Deceleration.normalRate,
        source: "UIKit: UIScrollView.DecelerationRate.normal")
    static let rubberBand = Parameter.number(
        "rubberBand", 0.01 ... 2, default: 0.55, source: "UIKit: UIScrollView's band")
    static let dismissFraction = Parameter.number(
        "dismissFraction", 0 ... 1, default: 0.5,
        source: "ours: half the smallest detent")
    static let dimAlpha = Parameter.number("dimAlpha", 0 ... 1, default: 0.3, source: "ours: the dimming view's black")
        .onIOS26(0.48, source: "iOS 26.1 UIKitCore (Jwift Apple/Sheets.md): dimming black ≈ 0.48")
    static let scaleBehind = Parameter.number(
        "scaleBehind", 0.5 ... 1, default: 0.92, source: "ours: as iOS shrinks it")
    static let grabber = Parameter.boolean("grabber", default: true, source: "UIKit: prefersGrabberVisible")
        .onIOS26(false, source: "iOS 26: grabber off by default (Jwift Apple/Sheets.md)")
    static let cornerRadius = Parameter.number(
        "cornerRadius", 0 ... 40, default: 10, source: "UIKit: preferredCornerRadius"
    ).onIOS26(38, source: "iOS 26: 38-pt top corners (Jwift Apple/Sheets.md)")
    static let source = Parameter.choice(
        "source", ["none", "button"], default: "none",
        source: "iOS 18: no bar-button zoom; the sheet slides up from the bottom"
    ).onIOS26(
        "button",
        source: "iOS 26: sheets morph out of the toolbar button that presents them (WWDC25 'Build a UIKit app "
            + "with the new design'; UIKit .zoom(sourceBarButtonItemProvider:))")
    static let scrollExpands = Parameter.boolean(
        "scrollExpands", default: true,
        source: "UIKit: prefersScrollingExpandsWhenScrolledToEdge")

    static let parameterSpecs = [
        detentsParameter.spec, rule.spec, response.spec, dampingRatio.spec,
        decelerationRate.spec, rubberBand.spec, dismissFraction.spec, dimAlpha.spec,
        scaleBehind.spec, grabber.spec, cornerRadius.spec, scrollExpands.spec, source.spec
    ]

    static let notes = [
        "--ios 26 (Liquid Glass; WWDC25 'Build a UIKit app with the new design', numbers from a reading of iOS 26.1",
        "UIKitCore, Jwift Apple/Sheets.md): partial heights float 8 pt in from the sides and bottom (the full-width",
        "sheet scaled), 0 at large, continuously; bottom corners max(display corner − 14·t, 20); glass (the screen",
        "behind blurred 20 pt under a 0.62 white tint: ours) up to half the screen's height, opaque at large; medium",
        "458.97/874 of the screen; large top at the safe-area top; no shadow; a release over 1500 pt/s (ours) settles",
        "on damping 0.8 (Jwift), others on dampingRatio.",
        "source button: a \"+\" bar button (top right, drawn by us) presents the sheet with",
        "preferredTransition = .zoom(sourceBarButtonItemProvider:): under --ios 26 its glass capsule morphs into the",
        "sheet at its detent on the zoom's flight spring (ω 19, ζ 1), corners from the capsule's to 38 pt, and a drag",
        "that dismisses, a flick or Esc morphs it back into the button (a drag on the zoom's landing spring, ω 15,",
        "ζ 0.75); a release above the dismissal rule returns to the detent. The sheet takes no press while it morphs.",
        "Under --ios 18 (no such API) the button presents a sliding sheet. Tap the button, or the Show Sheet button.",
        "Not from a seed: UISheetPresentationController as iOS 15+ documents it, with ModalKit's motion.",
        "A press on the moving sheet (presenting, settling, changing detent, dismissing) stops it where it is shown;",
        "a drag goes on from there; a release without a drag lets it go on where it was going (a tap never dismisses).",
        "Once the pan begins the sheet moves by the whole translation, the 10-point slop included: the pressed point",
        "stays under the pointer. Past the largest detent (and the smallest when dismissal is blocked) it meets",
        "UIKit's rubber band, whose dimension is the room above (or the smallest detent's height).",
        "rule projection: the detent nearest y + v/1000·r/(1-r); dismissal when that passes the smallest detent by",
        "dismissFraction of its height. nearest: ignores speed. distance-velocity: a flick over 1500 pt/s moves one",
        "detent its way (dismissing from the smallest), slower releases go to the nearest.",
        "Critically damped (dampingRatio 1): from rest a spring (41% of the way in 4 frames, no overshoot); after a",
        "release of 300 pt/s or more a third-order settle whose first frame runs 0.85-1.2x the release speed and,",
        "when the detent is too close to stop smoothly, carries past it (eased within the 30 pt above large, or half",
        "the way to the next stop) and comes back; mixed in between. A dismissed sheet speeds up to leave.",
        "FloatingPanel's defaults: 0.4 s response, damping ratio ~0.58 above 300 pt/s. Other ratios use the plain",
        "spring, its frequency raised (or lowered to a third) to match a flick's speed.",
        "Block dismissal sets isModalInPresentation: pulls resist, releases spring back, and each attempt (release,",
        "backdrop tap, Escape) calls presentationControllerDidAttemptToDismiss once; the sheet then offers Discard.",
        "UIKit is silent on: the band's dimension, the projection's use, the backdrop taps while undimmed (ignored).",
        "Reduced motion: the spring is critically damped and the screen behind only dims (no zoom); slow ×10 applies.",
        "The list shares drags and the touchpad with the sheet: below large, scrolling toward the end raises the sheet",
        "first (scrollExpands off: only the list scrolls); with the list at its top, pulling down moves the sheet.",
        "A wheel click never drags the sheet: toward the end below large it raises the sheet one detent on its",
        "spring; toward the top, once the list has rested at its top for 0.5 s, it lowers it one detent, never",
        "dismissing; other clicks glide the list (0.15 s). The list reaches the sheet's bottom, so a pull into the",
        "band takes it along. A touchpad pull coasts on while the fingers are quiet and is let go after 120 ms."
    ]

    /// The detents a `detents` choice names.
    static func detents(named name: String) -> [SheetPresentationController.Detent] {
        let small = SheetPresentationController.Detent.custom(identifier: .init("small")) { _ in 200 }
        switch name {
        case "large": return [.large()]
        case "medium": return [.medium()]
        case "small,medium,large": return [.medium(), small, .large()]
        default: return [.medium(), .large()]
        }
    }
}
