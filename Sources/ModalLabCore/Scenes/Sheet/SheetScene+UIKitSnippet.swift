/// The sheet scene is no seed: its export is the `UISheetPresentationController` setup, with what UIKit has no
/// setting for (the release rule, the spring, the band, the dimming) named in comments with the lab's values.
extension SheetScene {
    /// The `UISheetPresentationController` setup with the tuned values, for an export.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        let detents = v.text("detents").split(separator: ",").map { name -> String in
            name == "small" ? ".custom(identifier: .init(\"small\")) { _ in 200 }" : ".\(name)()"
        }
        return """
            func presentSheet(_ content: UIViewController, from presenter: UIViewController) {
                content.modalPresentationStyle = .pageSheet\(barButtonZoom(v))
                if let sheet = content.sheetPresentationController {
                    sheet.detents = [\(detents.joined(separator: ", "))]
                    sheet.prefersGrabberVisible = \(v.text("grabber") == "on")
                    sheet.preferredCornerRadius = \(v.number("cornerRadius"))
                    sheet.prefersScrollingExpandsWhenScrolledToEdge = true
                }
                presenter.present(content, animated: true)
            }

            // UIKit decides the release, the settle and the dimming itself. The lab ran with:
            //   rule: \(v.text("rule")) (release decided by the projected position with UIScrollView's decelerationRate \(v.number("decelerationRate")))
            //   rubber band: \(v.number("rubberBand")) of the dimension; dismissal past \(v.number("dismissFraction")) of the smallest detent
            //   behind the sheet: dimmed to black at alpha \(v.number("dimAlpha")), scaled to \(v.number("scaleBehind"))
            // To get the settle on iOS, drive the sheet yourself with this spring (response and damping ratio as in SwiftUI):
            let response: CGFloat = \(v.number("response")), dampingRatio: CGFloat = \(v.number("dampingRatio"))
            let settle = UISpringTimingParameters(mass: 1, stiffness: pow(2 * .pi / response, 2),
                                                  damping: 4 * .pi * dampingRatio / response, initialVelocity: .zero)

            """
    }

    /// With `source=button` (iOS 26): the sheet grows out of the presenting screen's bar button and goes back into
    /// it when it is dragged away.
    private static func barButtonZoom(_ v: SnippetValues) -> String {
        guard v.text("source") == "button" else { return "" }
        return """

                    // iOS 26: grows out of the bar button that presents it, and goes back into it when dismissed.
                    content.preferredTransition = .zoom(sourceBarButtonItemProvider: { [weak presenter] _ in
                        presenter?.navigationItem.rightBarButtonItem
                    })
            """
    }
}
