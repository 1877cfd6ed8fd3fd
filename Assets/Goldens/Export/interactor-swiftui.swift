// Interactor (Seed 000 · percent-driven Interactor), for SwiftUI on iOS 17 or later,
// exported by modal-lab with the values tuned in the lab. The lab read velocities with the quadratic
// estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
// different on a device, that is why.
//
// SwiftUI's own: presenting the modal full screen (`.fullScreenCover`) with the screen behind it showing
// through while it is dragged away (`.presentationBackground(.clear)`).
// Written out: SwiftUI has no interactive dismissal with a rule, duration and curves of your own, so
// `PercentDrivenDismiss` drives the modal with a DragGesture and `.offset`, as UIKit's
// UIPercentDrivenInteractiveTransition does: the modal follows its dismissal animation as far as the drag has
// gone down the screen, and a release finishes or cancels the rest of it.
import SwiftUI

struct ContentView: View {
    @State private var showsModal = false

    var body: some View {
        Button("Present") { showsModal = true }
            .fullScreenCover(isPresented: $showsModal) {
                Text("Drag down to dismiss.")
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(.background)
                    .modifier(PercentDrivenDismiss())
                    .presentationBackground(.clear)
            }
    }
}

/// Drag down to dismiss, as a percent-driven transition does it: the modal is where its dismissal
/// animation would be at the drag's progress (its share of the screen's height); on release it finishes if the
/// progress is past the threshold, whatever the speed, and goes back otherwise.
struct PercentDrivenDismiss: ViewModifier {
    /// The progress past which a release finishes the dismissal.
    let percentThreshold: Double = 0.3
    /// The dismissal animation, in seconds, and its curve.
    let duration: TimeInterval = 0.6
    let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// After a release the rest plays `completionSpeed` times as fast, along the completion curve.
    let completionSpeed: Double = 1

    @Environment(\.dismiss) private var dismiss
    @State private var progress = 0.0

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            content
                .modifier(ScrubbedOffset(progress: progress, curve: curve, distance: proxy.size.height))
                .gesture(
                    DragGesture()
                        .onChanged { value in
                            progress = min(max(value.translation.height / proxy.size.height, 0), 1)
                        }
                        .onEnded { _ in release() }
                )
        }
        .ignoresSafeArea()
    }

    private func release() {
        let finishes = progress > percentThreshold
        let seconds = (finishes ? 1 - progress : progress) * duration / completionSpeed
        withAnimation(.timingCurve(0.42, 0, 0.58, 1, duration: seconds)) {
            progress = finishes ? 1 : 0
        } completion: {
            if finishes { dismiss.withoutAnimation() }
        }
    }
}

/// The modal where the dismissal animation is at `progress`. SwiftUI animates `progress` itself, so a
/// release plays the dismissal on from where the drag left it, as UIKit's finish() and cancel() do.
struct ScrubbedOffset: ViewModifier, Animatable {
    var progress: Double
    let curve: UnitCurve
    let distance: CGFloat

    var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    func body(content: Content) -> some View {
        content.offset(y: curve.value(at: progress) * distance)
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
