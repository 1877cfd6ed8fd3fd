import ModalKit

extension NavigationScene {
    /// The seed in SwiftUI with the tuned values, for an export: a navigation stack in a full-screen cover,
    /// dismissed by the percent-driven rule (written out) or by its bar's Dismiss button.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        let parts = InteractorScene.PercentDrivenParts(threshold: v.number("threshold"), duration: v.number("duration"))
        return """
            // SwiftUI's own: the navigation stack with its bar and a Dismiss button, presented full screen
            // (`.fullScreenCover`), with the screen behind it showing through while it is dragged away
            // (`.presentationBackground(.clear)`).
            // Written out: SwiftUI has no interactive dismissal with a rule and duration of your own, so
            // `PercentDrivenDismiss` drives the stack with a DragGesture and `.offset`, as UIKit's
            // UIPercentDrivenInteractiveTransition does: the stack follows its dismissal animation as far as the drag
            // has gone down the screen, and a release finishes or cancels the rest of it. UIKit's seed pans only
            // below the bar; here a drag that starts on the bar (not on its button) moves the stack too.
            import SwiftUI

            struct ContentView: View {
                @State private var showsModal = false

                var body: some View {
                    Button("Present") { showsModal = true }
                        .fullScreenCover(isPresented: $showsModal) {
                            ModalNavigation()
                                .modifier(PercentDrivenDismiss())
                                .presentationBackground(.clear)
                        }
                }
            }

            struct ModalNavigation: View {
                @Environment(\\.dismiss) private var dismiss

                var body: some View {
                    NavigationStack {
                        Text("Drag down to dismiss.")
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .navigationTitle("Modal")
                            .navigationBarTitleDisplayMode(.inline)
                            .toolbar {
                                ToolbarItem(placement: .topBarLeading) {
                                    Button("Dismiss") { dismiss() }
                                }
                            }
                    }
                    .background(.background)
                }
            }

            \(InteractorScene.percentDrivenDismiss(parts))
            """
    }
}
