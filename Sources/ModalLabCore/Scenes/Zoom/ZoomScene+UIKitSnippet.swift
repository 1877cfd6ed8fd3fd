import ModalKit

extension ZoomScene {
    /// The zoom in UIKit with the tuned values: `preferredTransition = .zoom { … }` with its options, and what
    /// UIKit has no setting for (the shrink, the release rule, the springs) written out as a custom interaction.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        // iOS 18: the detail page grows out of its cell and goes back into it.
        final class PhotoGridViewController: UICollectionViewController {
            var photos: [Photo] = []

            func showDetail(of photo: Photo) {
                let detail = PhotoViewController(photo: photo)
                let options = UIViewController.Transition.ZoomOptions()
                options.alignmentRectProvider = { context in
                    (context.zoomedViewController as? PhotoViewController)?.photoView.frame
                        ?? context.zoomedViewController.view.bounds
                }
                options.dimmingColor = UIColor.black.withAlphaComponent(\(v.number("dimming")))
                options.interactiveDismissShouldBegin = { context in
                    // UIKit's own pan, edge swipe and pinch. To run the tuned rule below instead, return false and
                    // let ZoomDismissInteraction drive the dismissal.
                    context.willBegin
                }
                detail.preferredTransition = .zoom(options: options) { [weak self] context in
                    // Asked again at dismissal: return the cell that shows the photo now.
                    guard let self, let shown = context.zoomedViewController as? PhotoViewController,
                        let item = self.photos.firstIndex(of: shown.photo)
                    else { return nil }
                    return self.collectionView.cellForItem(at: IndexPath(item: item, section: 0))
                }
                \(showCall(v))
            }
        }

        // UIKit has no setting for the numbers below: a custom interaction that shrinks the page under the finger,
        // decides by the projected scale and lands on the cell (or springs back) with these springs.
        final class ZoomDismissInteraction: NSObject {
            let scaleGain = \(v.number("scaleGain")), travelKnee = \(v.number("travelKnee")), minimumScale = \(v.number("minimumScale"))
            let fallLag = \(v.number("fallLag")), crossAxisGain = \(v.number("crossAxisGain")), crossAxisLimit = \(v.number("crossAxisLimit"))
            let slop: CGFloat = \(v.number("slop")), edgeDeadZone: CGFloat = \(v.number("edgeDeadZone"))
            let projection = \(v.number("projection"))  // seconds the scale is carried ahead at release
            let panThreshold = \(v.number("panThreshold")), edgeThreshold = \(v.number("edgeThreshold"))
            let swipeThreshold = \(v.number("swipeThreshold")), pinchThreshold = \(v.number("pinchThreshold"))
            // A UIPinchGestureRecognizer takes the page once |scale − 1| ≥ pinchStartDistance / pinchFingerSpan.
            let pinchStartDistance: CGFloat = \(v.number("pinchStartDistance")), pinchFingerSpan: CGFloat = \(v.number("pinchFingerSpan"))
            let cancelSpring = UISpringTimingParameters(mass: 1, stiffness: \(v.number("cancelStiffness")), damping: \(v.number("cancelDamping")), initialVelocity: .zero)
            let landingStiffness: CGFloat = \(v.number("landingStiffness")), landingDamping: CGFloat = \(v.number("landingDamping"))
            let quickening: CGFloat = \(v.number("quickening"))  // landing ω × (1 + q·min(v, 3)), v in widths/s; not for pans
            let coveredScale: CGFloat = \(v.number("coveredScale")), crossFade: CGFloat = \(v.number("crossFade"))
            let flightOmega: CGFloat = \(v.number("flightOmega"))  // push and pop: critically damped
            // Reduce Motion (UIAccessibility.isReduceMotionEnabled; tuned in the lab: \(v.text("reduceMotion"))): the flight
            // becomes a cross-fade of this many seconds, and nothing behind the page scales.
            let crossFadeDuration: TimeInterval = \(v.number("crossFadeDuration"))
            let cellCornerRadius: CGFloat = \(v.number("cellCornerRadius")), displayCornerRadius: CGFloat = \(v.number("displayCornerRadius"))

            /// The page's scale for a pan of `travel` page heights past the slop: linear to the knee, then banded.
            func scale(forTravel travel: CGFloat) -> CGFloat {
                let maximum = (1 - minimumScale) / scaleGain
                var damped = max(travel, 0)
                if damped > travelKnee {
                    let room = maximum - travelKnee, x = damped - travelKnee
                    damped = travelKnee + (1 - 1 / (x / room + 1)) * room
                }
                return 1 - scaleGain * damped
            }

            /// How far the grabbed point has fallen, in page heights.
            func fall(forTravel travel: CGFloat) -> CGFloat { travel - fallLag * travel * travel * travel }

            /// Whether a release at `scale`, changing at `rate` per second, lands on the cell.
            func dismisses(scale: CGFloat, rate: CGFloat, threshold: CGFloat, pinch: Bool) -> Bool {
                (pinch ? scale : scale + rate * projection) < threshold
            }

            func landingSpring(speed: CGFloat, isPan: Bool) -> UISpringTimingParameters {
                let q = isPan ? 1 : 1 + quickening * min(speed, 3)
                return UISpringTimingParameters(mass: 1, stiffness: landingStiffness * q * q, damping: landingDamping * q, initialVelocity: .zero)
            }
        }
        """
    }

    /// How the grid shows the page: pushed on its navigation stack (Photos' way), or presented.
    private static func showCall(_ v: SnippetValues) -> String {
        v.text("presentation") == "push"
            ? "navigationController?.pushViewController(detail, animated: true)"
            : "present(detail, animated: true)  // or navigationController?.pushViewController(detail, animated: true)"
    }
}
