import ModalKit

extension InteractorScene {
    /// The seed in SwiftUI with the tuned values, for an export: a full-screen cover whose content is dismissed by
    /// the percent-driven rule, written out as a view modifier.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        """
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

        \(percentDrivenDismiss(PercentDrivenParts(v, curve: "curve")))
        """
    }

    /// The numbers of a percent-driven dismissal and how it ends, as the seeds that use one set them.
    struct PercentDrivenParts {
        /// The progress past which a release finishes.
        var threshold: String
        /// The dismissal animation's duration and curve.
        var duration: String
        var curve: String
        /// UIKit's `completionSpeed`, and the completion curve as an animation over `seconds`.
        var completionSpeed: String
        var completion: String
        /// The points of drag that make the whole way; nil: the screen's height.
        var distance: String? = nil
        /// Whether the modal is a layer of the presenting view (taken away through `isPresented`) rather than a
        /// full-screen cover (dismissed through the environment).
        var isLayer = false

        /// A dismissal with the scene's `threshold`, `duration` and the curves named `curve` and `completionCurve`.
        init(_ v: SnippetValues, curve: String) {
            threshold = v.number("threshold")
            duration = v.number("duration")
            self.curve = v.unitCurve(curve)
            completionSpeed = v.number("completionSpeed")
            completion = v.timingCurve("completionCurve", duration: "seconds")
        }

        /// A dismissal as UIKit's defaults finish it: completion speed 1, ease-in-out.
        init(threshold: String, duration: String) {
            self.threshold = threshold
            self.duration = duration
            curve = SwiftUISnippet.unitCurve(.easeInOut)
            completionSpeed = "1"
            completion = SwiftUISnippet.animation(.easeInOut, duration: "seconds")
        }
    }

    /// The `PercentDrivenDismiss` modifier and the animatable offset it scrubs, for seeds 000, 001 and 003.
    static func percentDrivenDismiss(_ p: PercentDrivenParts) -> String {
        let progress = "value.translation.height / " + (p.distance == nil ? "proxy.size.height" : "distance")
        let over = p.distance.map { "\($0) points of drag" } ?? "the screen's height"
        let distance = p.distance.map {
            "\n    /// The drag, in points, that takes the modal the whole way.\n    let distance: CGFloat = \($0)"
        }
        return """
            /// Drag down to dismiss, as a percent-driven transition does it: the modal is where its dismissal
            /// animation would be at the drag's progress (its share of \(over)); on release it finishes if the
            /// progress is past the threshold, whatever the speed, and goes back otherwise.
            struct PercentDrivenDismiss: ViewModifier {
                /// The progress past which a release finishes the dismissal.
                let percentThreshold: Double = \(p.threshold)
                /// The dismissal animation, in seconds, and its curve.
                let duration: TimeInterval = \(p.duration)
                let curve = \(p.curve)
                /// After a release the rest plays `completionSpeed` times as fast, along the completion curve.
                let completionSpeed: Double = \(p.completionSpeed)\(distance ?? "")

                \(p.isLayer ? "@Binding var isPresented: Bool" : "@Environment(\\.dismiss) private var dismiss")
                @State private var progress = 0.0\(p.isLayer ? "\n\n    init(isPresented: Binding<Bool>) { _isPresented = isPresented }" : "")

                func body(content: Content) -> some View {
                    GeometryReader { proxy in
                        content
                            .modifier(ScrubbedOffset(progress: progress, curve: curve, distance: proxy.size.height))
                            .gesture(
                                DragGesture()
                                    .onChanged { value in
                                        progress = min(max(\(progress), 0), 1)
                                    }
                                    .onEnded { _ in release() }
                            )
                    }
                    .ignoresSafeArea()
                }

                private func release() {
                    let finishes = progress > percentThreshold
                    let seconds = (finishes ? 1 - progress : progress) * duration / completionSpeed
                    withAnimation(\(p.completion)) {
                        progress = finishes ? 1 : 0
                    } completion: {
                        if finishes { \(p.isLayer ? "isPresented = false" : "dismiss.withoutAnimation()") }
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
            \(p.isLayer ? "" : "\n" + dismissWithoutAnimation)
            """
    }

    /// The extension every full-screen cover's export ends with: the modifier has moved the modal away already.
    static let dismissWithoutAnimation = """
        extension DismissAction {
            /// Dismisses with no animation of SwiftUI's own: the modal has already left the screen.
            func withoutAnimation() {
                var transaction = Transaction()
                transaction.disablesAnimations = true
                withTransaction(transaction) { callAsFunction() }
            }
        }

        """
}
