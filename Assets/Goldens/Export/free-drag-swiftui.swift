// Free Drag (Seed 000 · ViewControllerPannable), for SwiftUI on iOS 17 or later,
// exported by modal-lab with the values tuned in the lab. The lab read velocities with the quadratic
// estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
// different on a device, that is why.
//
// SwiftUI's own: presenting the modal full screen (`.fullScreenCover`), black behind it as UIKit's window is
// behind a `.fullScreen` modal dragged aside (`.presentationBackground(.black)`).
// Written out: SwiftUI's cover cannot be dragged, let alone told when a release dismisses it, so
// `FlickToDismiss` moves the modal with a DragGesture and `.offset` and decides by the release's
// vertical speed alone (a flick past the flick speed), as UIKit's seed does.
import SwiftUI

struct ContentView: View {
    @State private var showsModal = false

    var body: some View {
        Button("Present") { showsModal = true }
            .fullScreenCover(isPresented: $showsModal) {
                Text("Flick down to dismiss.")
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(.yellow)
                    .modifier(FlickToDismiss())
                    .presentationBackground(.black)
            }
    }
}

/// Drag anywhere: the modal follows the finger. Let go moving down at the flick speed or faster and it slides
/// off the bottom and is dismissed; slower, it slides back. Both slides take `duration`, ease-in-out (the
/// curve UIView.animate uses when none is given).
struct FlickToDismiss: ViewModifier {
    /// The downward speed, in points per second, from which a release dismisses.
    let minimumVelocity: CGFloat = 1500
    /// The slide off the bottom or back, in seconds.
    let duration: TimeInterval = 0.2

    @Environment(\.dismiss) private var dismiss
    @State private var offset = CGSize.zero

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            content
                .offset(offset)
                .gesture(
                    DragGesture()
                        .onChanged { value in offset = value.translation }
                        .onEnded { value in
                            if value.velocity.height >= minimumVelocity {
                                withAnimation(.timingCurve(0.42, 0, 0.58, 1, duration: duration)) {
                                    offset.height = proxy.size.height
                                } completion: {
                                    dismiss.withoutAnimation()
                                }
                            } else {
                                withAnimation(.timingCurve(0.42, 0, 0.58, 1, duration: duration)) { offset = .zero }
                            }
                        }
                )
        }
        .ignoresSafeArea()
    }
}

extension DismissAction {
    /// Dismisses with no animation of SwiftUI's own: the modal has already left the screen.
    func withoutAnimation() {
        var transaction = Transaction()
        transaction.disablesAnimations = true
        withTransaction(transaction) { callAsFunction() }
    }
}
