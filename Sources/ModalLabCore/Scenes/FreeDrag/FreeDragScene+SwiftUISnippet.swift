import ModalKit

extension FreeDragScene {
    /// The seed in SwiftUI with the tuned values, for an export: a full-screen cover whose content follows the
    /// finger and leaves on a flick, written out as a view modifier.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        let slide = SwiftUISnippet.animation(.easeInOut, duration: "duration")
        return """
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
                let minimumVelocity: CGFloat = \(v.number("velocity"))
                /// The slide off the bottom or back, in seconds.
                let duration: TimeInterval = \(v.number("duration"))

                @Environment(\\.dismiss) private var dismiss
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
                                            withAnimation(\(slide)) {
                                                offset.height = proxy.size.height
                                            } completion: {
                                                dismiss.withoutAnimation()
                                            }
                                        } else {
                                            withAnimation(\(slide)) { offset = .zero }
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
