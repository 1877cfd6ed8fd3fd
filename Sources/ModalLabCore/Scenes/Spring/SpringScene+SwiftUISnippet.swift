import ModalKit

extension SpringScene {
    /// The seed in SwiftUI with the tuned values, for an export: the modal springs in as a layer of the presenting
    /// view and is dismissed by the percent-driven rule over the seed's distance, written out as a view modifier.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        var parts = InteractorScene.PercentDrivenParts(
            threshold: v.number("threshold"), duration: v.number("dismissDuration"))
        parts.distance = v.number("distance")
        parts.isLayer = true
        let spring = Spring(
            duration: v.parameters[SpringScene.presentDuration], dampingRatio: v.parameters[SpringScene.damping])
        return """
            // SwiftUI's own: the slide in from the bottom (`.transition(.move(edge: .bottom))`) on a spring
            // (`.spring(_:)`). `.fullScreenCover` cannot be given an animation, so the modal is a layer of the
            // presenting view.
            // Written out: UIKit's `usingSpringWithDamping: \(v.number("damping"))` over \(v.number("presentDuration")) s has no SwiftUI counterpart; it is
            // the spring below (mass 1, damping ratio \(v.number("damping"))), whose motion comes to rest at \(v.number("presentDuration")) s.
            // SwiftUI has no interactive dismissal with a rule and duration of your own either, so
            // `PercentDrivenDismiss` drives the modal with a DragGesture and `.offset`, as UIKit's
            // UIPercentDrivenInteractiveTransition does: the modal follows its dismissal animation (a slide off the
            // bottom) as far as the drag has gone, and a release finishes or cancels the rest of it.
            import SwiftUI

            struct ContentView: View {
                @State private var showsModal = false

                /// The presentation: UIKit's usingSpringWithDamping: \(v.number("damping")) over \(v.number("presentDuration")) s, as a spring
                /// (\(approximately(spring)) to three places).
                private let presentSpring = \(SwiftUISnippet.constants(spring))

                var body: some View {
                    ZStack {
                        Button("Present") {
                            withAnimation(.spring(presentSpring)) { showsModal = true }
                        }
                        if showsModal {
                            Text("Drag down to dismiss.")
                                .frame(maxWidth: .infinity, maxHeight: .infinity)
                                .background(.background)
                                .modifier(PercentDrivenDismiss(isPresented: $showsModal))
                                .transition(.move(edge: .bottom))
                                .zIndex(1)
                        }
                    }
                }
            }

            \(InteractorScene.percentDrivenDismiss(parts))
            """
    }

    /// `spring` as `Spring(duration:bounce:)` to three decimal places, for a reader who thinks in those terms.
    private static func approximately(_ spring: Spring) -> String {
        func places(_ x: Double) -> String { SwiftUISnippet.literal((x * 1000).rounded() / 1000) }
        let duration = 2 * Double.pi / spring.stiffness.squareRoot()
        return "Spring(duration: \(places(duration)), bounce: \(places(1 - spring.dampingRatio)))"
    }
}
