// Pannable (Seed 000 · PannableViewController), for SwiftUI on iOS 17 or later,
// exported by modal-lab with the values tuned in the lab. The lab read velocities with the quadratic
// estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
// different on a device, that is why.
//
// SwiftUI's own: presenting the modal full screen over the screen behind, which stays visible
// (`.fullScreenCover` with `.presentationBackground(.clear)`: UIKit's `.overFullScreen`).
// Written out: SwiftUI's cover cannot be dragged, let alone told when a release dismisses it, so
// `PullOrFlickToDismiss` moves the modal with a DragGesture and `.offset` and decides as UIKit's seed
// does: dismissed when pulled past a share of the height, or when flicked down past a speed.
import SwiftUI

struct ContentView: View {
    @State private var showsModal = false

    var body: some View {
        Button("Present") { showsModal = true }
            .fullScreenCover(isPresented: $showsModal) {
                Text("Drag down to dismiss.")
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(.background)
                    .modifier(PullOrFlickToDismiss())
                    .presentationBackground(.clear)
            }
    }
}

/// Drag down (never above where it rests): let go past `minimumScreenRatioToHide` of the height, or moving
/// down faster than `minimumVelocityToHide`, and the modal slides off the bottom and is dismissed; else it
/// slides back. Both slides take `animationDuration`, ease-in-out (UIView.animate's default curve).
struct PullOrFlickToDismiss: ViewModifier {
    /// The downward speed, in points per second, past which a release dismisses.
    let minimumVelocityToHide: CGFloat = 1500
    /// The share of the height past which a release dismisses.
    let minimumScreenRatioToHide: CGFloat = 0.5
    /// The slide off the bottom or back, in seconds.
    let animationDuration: TimeInterval = 0.2

    @Environment(\.dismiss) private var dismiss
    @State private var offset: CGFloat = 0

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            content
                .offset(y: offset)
                .gesture(
                    DragGesture()
                        .onChanged { value in offset = max(0, value.translation.height) }
                        .onEnded { value in
                            let closing = value.translation.height > proxy.size.height * minimumScreenRatioToHide
                                || value.velocity.height > minimumVelocityToHide
                            if closing {
                                withAnimation(.timingCurve(0.42, 0, 0.58, 1, duration: animationDuration)) {
                                    offset = proxy.size.height
                                } completion: {
                                    dismiss.withoutAnimation()
                                }
                            } else {
                                withAnimation(.timingCurve(0.42, 0, 0.58, 1, duration: animationDuration)) { offset = 0 }
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
