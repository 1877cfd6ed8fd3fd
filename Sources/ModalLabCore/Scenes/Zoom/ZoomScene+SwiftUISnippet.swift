import ModalKit

extension ZoomScene {
    /// The zoom in SwiftUI with the tuned values: `matchedTransitionSource` on the cell and
    /// `navigationTransition(.zoom(sourceID:in:))` on the page, SwiftUI's own; the tuned shrink, release rule and
    /// cancel spring, which SwiftUI has no setting for, written out as a view modifier on the page.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        """
        // SwiftUI's own (iOS 18 or later): the page growing out of its cell and going back into it
        // (`.matchedTransitionSource` on the cell, `.navigationTransition(.zoom(sourceID:in:))` on the page),
        // with iOS's own pull, edge swipe and pinch to dismiss, shrink, release rule and springs.
        // Written out: SwiftUI has no setting for any of those numbers, so `TunedZoomDismiss` shrinks the page
        // under a DragGesture with the tuned curve, decides by the scale projected ahead, and springs back on the
        // tuned spring; a release that dismisses calls `dismiss()`, and the zoom takes the page home on iOS's
        // own landing spring (landing spring tuned in the lab: stiffness \(v.number("landingStiffness")), damping \(v.number("landingDamping"))).
        // Use `.modifier(TunedZoomDismiss())` on the page to feel the tuned pull; leave it out for iOS's.
        import SwiftUI

        struct Photo: Identifiable, Hashable {
            let id: Int
            let color: Color
        }

        struct PhotoGrid: View {
            @Namespace private var zoom
            let photos: [Photo]
            private let cellCornerRadius: CGFloat = \(v.number("cellCornerRadius"))

            var body: some View {
                NavigationStack {
                    ScrollView {
                        LazyVGrid(columns: Array(repeating: GridItem(spacing: 4), count: 3), spacing: 4) {
                            ForEach(photos) { photo in
                                NavigationLink(value: photo) {
                                    photo.color
                                        .aspectRatio(1, contentMode: .fill)
                                        .clipShape(.rect(cornerRadius: cellCornerRadius))
                                        .matchedTransitionSource(id: photo.id, in: zoom)
                                }
                            }
                        }
                    }
                    .navigationDestination(for: Photo.self) { photo in
                        photo.color
                            .ignoresSafeArea()
                            .modifier(TunedZoomDismiss())
                            .navigationTransition(.zoom(sourceID: photo.id, in: zoom))
                    }
                }
            }
        }

        /// Pull the page down: past the slop it shrinks about the finger, 1 − scaleGain·travel (travel in page
        /// heights) to the knee, then more and more slowly toward minimumScale, and falls a little behind the finger.
        /// On release the scale is carried `projection` seconds ahead: below `panThreshold` the page is dismissed,
        /// else it springs back.
        struct TunedZoomDismiss: ViewModifier {
            @Environment(\\.dismiss) private var dismiss
            private let slop: CGFloat = \(v.number("slop"))
            private let scaleGain: CGFloat = \(v.number("scaleGain"))
            private let travelKnee: CGFloat = \(v.number("travelKnee"))
            private let minimumScale: CGFloat = \(v.number("minimumScale"))
            private let fallLag: CGFloat = \(v.number("fallLag"))
            private let crossAxisGain: CGFloat = \(v.number("crossAxisGain"))
            private let projection: CGFloat = \(v.number("projection"))
            private let panThreshold: CGFloat = \(v.number("panThreshold"))
            /// Springing back when a release does not dismiss.
            private let cancelSpring = Spring(mass: 1, stiffness: \(v.number("cancelStiffness")), damping: \(v.number("cancelDamping")))

            @State private var travel: CGFloat = 0
            @State private var sideways: CGFloat = 0

            func body(content: Content) -> some View {
                GeometryReader { proxy in
                    let height = max(proxy.size.height, 1)
                    content
                        .scaleEffect(scale(travel))
                        .offset(x: sideways, y: fall(travel) * height)
                        .gesture(
                            DragGesture(minimumDistance: slop)
                                .onChanged { value in
                                    travel = max(value.translation.height - slop, 0) / height
                                    sideways = value.translation.width * crossAxisGain
                                }
                                .onEnded { value in
                                    let rate = (scale(travel + value.velocity.height / height * 0.001) - scale(travel)) * 1000
                                    if scale(travel) + rate * projection < panThreshold {
                                        dismiss()
                                    } else {
                                        withAnimation(.spring(cancelSpring)) { travel = 0; sideways = 0 }
                                    }
                                })
                }
            }

            /// The page's scale for a pull of `travel` page heights past the slop: linear to the knee, then banded.
            private func scale(_ travel: CGFloat) -> CGFloat {
                let maximum = (1 - minimumScale) / scaleGain
                var damped = max(travel, 0)
                if damped > travelKnee {
                    let room = maximum - travelKnee
                    damped = travelKnee + (1 - 1 / ((damped - travelKnee) / room + 1)) * room
                }
                return 1 - scaleGain * damped
            }

            /// How far the grabbed point falls, in page heights: behind the finger by fallLag·travel³.
            private func fall(_ travel: CGFloat) -> CGFloat { travel - fallLag * travel * travel * travel }
        }
        """
    }
}
