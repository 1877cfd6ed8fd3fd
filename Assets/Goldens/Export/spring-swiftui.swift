// Spring (Seed 003 · animator with a spring), for SwiftUI on iOS 17 or later,
// exported by modal-lab with the values tuned in the lab. The lab read velocities with the quadratic
// estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
// different on a device, that is why.
//
// SwiftUI's own: the slide in from the bottom (`.transition(.move(edge: .bottom))`) on a spring
// (`.spring(_:)`). `.fullScreenCover` cannot be given an animation, so the modal is a layer of the
// presenting view.
// Written out: UIKit's `usingSpringWithDamping: 0.6` over 0.8 s has no SwiftUI counterpart; it is
// the spring below (mass 1, damping ratio 0.6), whose motion comes to rest at 0.8 s.
// SwiftUI has no interactive dismissal with a rule and duration of your own either, so
// `PercentDrivenDismiss` drives the modal with a DragGesture and `.offset`, as UIKit's
// UIPercentDrivenInteractiveTransition does: the modal follows its dismissal animation (a slide off the
// bottom) as far as the drag has gone, and a release finishes or cancels the rest of it.
import SwiftUI

struct ContentView: View {
    @State private var showsModal = false

    /// The presentation: UIKit's usingSpringWithDamping: 0.6 over 0.8 s, as a spring
    /// (Spring(duration: 0.385, bounce: 0.4) to three places).
    private let presentSpring = Spring(mass: 1, stiffness: 265.69312491317834, damping: 19.560115027140736)

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

/// Drag down to dismiss, as a percent-driven transition does it: the modal is where its dismissal
/// animation would be at the drag's progress (its share of 400 points of drag); on release it finishes if the
/// progress is past the threshold, whatever the speed, and goes back otherwise.
struct PercentDrivenDismiss: ViewModifier {
    /// The progress past which a release finishes the dismissal.
    let percentThreshold: Double = 0.5
    /// The dismissal animation, in seconds, and its curve.
    let duration: TimeInterval = 0.4
    let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// After a release the rest plays `completionSpeed` times as fast, along the completion curve.
    let completionSpeed: Double = 1
    /// The drag, in points, that takes the modal the whole way.
    let distance: CGFloat = 400

    @Binding var isPresented: Bool
    @State private var progress = 0.0

    init(isPresented: Binding<Bool>) { _isPresented = isPresented }

    func body(content: Content) -> some View {
        GeometryReader { proxy in
            content
                .modifier(ScrubbedOffset(progress: progress, curve: curve, distance: proxy.size.height))
                .gesture(
                    DragGesture()
                        .onChanged { value in
                            progress = min(max(value.translation.height / distance, 0), 1)
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
            if finishes { isPresented = false }
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
