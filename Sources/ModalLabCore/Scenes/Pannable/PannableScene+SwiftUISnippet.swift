import ModalKit

extension PannableScene {
    /// The seed in SwiftUI with the tuned values, for an export: a full-screen cover over the screen behind, pulled
    /// down past a share of its height or flicked down, written out as a view modifier.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        let slide = SwiftUISnippet.animation(.easeInOut, duration: "animationDuration")
        return """
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
                let minimumVelocityToHide: CGFloat = \(v.number("minimumVelocityToHide"))
                /// The share of the height past which a release dismisses.
                let minimumScreenRatioToHide: CGFloat = \(v.number("minimumScreenRatioToHide"))
                /// The slide off the bottom or back, in seconds.
                let animationDuration: TimeInterval = \(v.number("animationDuration"))

                @Environment(\\.dismiss) private var dismiss
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
                                            withAnimation(\(slide)) {
                                                offset = proxy.size.height
                                            } completion: {
                                                dismiss.withoutAnimation()
                                            }
                                        } else {
                                            withAnimation(\(slide)) { offset = 0 }
                                        }
                                    }
                            )
                    }
                    .ignoresSafeArea()
                }
            }

            \(InteractorScene.dismissWithoutAnimation)
            """
    }
}
