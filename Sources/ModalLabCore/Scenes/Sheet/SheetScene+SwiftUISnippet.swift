import ModalKit

/// The sheet in SwiftUI: `.sheet` takes the detents, the indicator, the corners and the scrolling; what it has no
/// setting for (the release rule, the settle spring, the band, the dimming, the screen behind) is a sheet drawn by
/// a view modifier with the tuned values.
extension SheetScene {
    /// The system sheet's modifiers and the drawn sheet, with the tuned values, for an export.
    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        """
        // SwiftUI's own: the sheet, its detents, drag indicator and corner radius, whether scrolling its content
        // first resizes it, and the screen behind staying dimmed and untouchable (`.sheet` with
        // `.presentationDetents`, `.presentationDragIndicator`, `.presentationCornerRadius`,
        // `.presentationContentInteraction` and `.presentationBackgroundInteraction`): `SystemSheet`. iOS then
        // decides where a released sheet goes and the spring it settles on, its rubber band, how dark the screen
        // behind gets and how far it shrinks.
        // Written out: SwiftUI has no setting for any of those, so `TunedSheet` draws the sheet itself with a
        // DragGesture, `.offset` and `.scaleEffect`, and the tuned rule, spring, band, dimming and scale. Use one or
        // the other. In `TunedSheet` a list inside scrolls on its own: handing a drag from the list to the sheet is
        // `SystemSheet`'s alone.
        import SwiftUI

        \(contentView(v))

        /// iOS's own sheet with the tuned detents, indicator, corners and scrolling:
        /// `.modifier(SystemSheet(isPresented: $showsSheet) { … })`. To keep the sheet from being pulled away while
        /// it holds unsaved changes (UIKit's isModalInPresentation), give its content `.interactiveDismissDisabled()`.
        struct SystemSheet<Sheet: View>: ViewModifier {
            @Binding var isPresented: Bool
            let sheet: () -> Sheet
            @State private var detent: PresentationDetent = \(systemInitialDetent(v))

            init(isPresented: Binding<Bool>, @ViewBuilder sheet: @escaping () -> Sheet) {
                _isPresented = isPresented
                self.sheet = sheet
            }

            func body(content: Content) -> some View {
                content.sheet(isPresented: $isPresented) {
                    sheet()
                        .presentationDetents([\(systemDetents(v))], selection: $detent)
                        .presentationDragIndicator(\(v.text("grabber") == "on" ? ".visible" : ".hidden"))
                        .presentationCornerRadius(\(v.number("cornerRadius")))
                        .presentationContentInteraction(\(v.text("scrollExpands") == "on" ? ".resizes" : ".scrolls"))
                        .presentationBackgroundInteraction(.disabled)
                }
            }
        }

        /// The sheet drawn here, so that it moves as tuned: `.modifier(TunedSheet(isPresented: $showsSheet) { … })` on
        /// the screen it covers. It rests at its detents, follows a drag point for point (meeting a rubber band above
        /// the largest detent), and on release goes where the rule says on the spring, carrying the release's speed.
        /// The screen behind dims as the sheet rises to the smallest detent and shrinks as it rises to the largest.
        struct TunedSheet<Sheet: View>: ViewModifier {
            @Binding var isPresented: Bool
            let sheet: () -> Sheet

        \(constants(v))

            /// The sheet's top edge, in points from the top of the screen; nil: below the bottom, not shown.
            @State private var top: CGFloat?
            /// Where the top edge was when the drag began.
            @State private var dragStart: CGFloat?

            init(isPresented: Binding<Bool>, @ViewBuilder sheet: @escaping () -> Sheet) {
                _isPresented = isPresented
                self.sheet = sheet
            }

            /// The detents' top edges on a screen `height` points tall, the largest detent first.
            private func detents(_ height: CGFloat) -> [CGFloat] {
                [\(drawnDetents(v))]
            }

            func body(content: Content) -> some View {
                GeometryReader { proxy in
                    let height = proxy.size.height
                    let stops = detents(height)
                    let y = top ?? height
                    let expansion = fraction(y, from: stops.count > 1 ? stops[1] : height, to: stops[0])
                    ZStack(alignment: .top) {
                        content
                            .clipShape(RoundedRectangle(cornerRadius: expansion > 0 ? cornerRadius : 0))
                            .scaleEffect(1 - expansion * (1 - scaleBehind), anchor: .top)
                            .offset(y: expansion * (largeTopInset - 10))
                        Color.black
                            .opacity(dimAlpha * fraction(y, from: height, to: stops[stops.count - 1]))
                            .allowsHitTesting(isPresented)
                            .onTapGesture { isPresented = false }
                        sheet()
                            .frame(width: proxy.size.width, height: height, alignment: .top)
                            .overlay(alignment: .top) { grabber }
                            .background(
                                .background,
                                in: UnevenRoundedRectangle(topLeadingRadius: cornerRadius, topTrailingRadius: cornerRadius))
                            .offset(y: y)
                            .gesture(drag(stops, height))
                    }
                    .onChange(of: isPresented, initial: true) { _, presented in
                        guard presented != (top != nil) else { return }
                        withAnimation(.spring(spring)) { top = presented ? \(initialStop(v)) : nil }
                    }
                }
                .ignoresSafeArea()
            }

            @ViewBuilder private var grabber: some View {
                if showsGrabber {
                    Capsule().fill(.secondary).frame(width: 36, height: 5).padding(.top, 5)
                }
            }

            /// How far `y` has gone from `from` toward `to`, 0...1.
            private func fraction(_ y: CGFloat, from: CGFloat, to: CGFloat) -> CGFloat {
                from == to ? (y < from ? 1 : 0) : min(max((from - y) / (from - to), 0), 1)
            }

            private func drag(_ stops: [CGFloat], _ height: CGFloat) -> some Gesture {
                DragGesture()
                    .onChanged { value in
                        let start = dragStart ?? top ?? height
                        dragStart = start
                        top = banded(start + value.translation.height, largest: stops[0])
                    }
                    .onEnded { value in
                        dragStart = nil
                        release(velocity: value.velocity.height, stops: stops, height: height)
                    }
            }

            /// Above the largest detent the sheet meets UIScrollView's rubber band, whose dimension is the room above.
            private func banded(_ y: CGFloat, largest: CGFloat) -> CGFloat {
                guard y < largest else { return y }
                let dimension = max(largest, 1)
                return largest - (1 - 1 / ((largest - y) * rubberBand / dimension + 1)) * dimension
            }

            /// Settles at the rule's detent, or dismisses, on the spring, carrying the release's speed.
            private func release(velocity: CGFloat, stops: [CGFloat], height: CGFloat) {
                let y = top ?? height
                let target = destination(of: y, velocity: velocity, stops: stops, height: height)
                let distance = target - y
                let relativeVelocity = abs(distance) < 1 ? 0 : velocity / distance
                withAnimation(.interpolatingSpring(spring, initialVelocity: relativeVelocity)) {
                    top = target < height ? target : nil
                }
                if target >= height { isPresented = false }
            }

        \(destination(v))
        }

        """
    }

    /// The screen that shows the sheet: the tuned, drawn sheet; or with `source=button` (iOS 26) the system sheet
    /// growing out of a toolbar button (`.matchedTransitionSource` on the `ToolbarItem`, `.navigationTransition`
    /// on the sheet's content), a morph only the system sheet has.
    private static func contentView(_ v: SnippetValues) -> String {
        guard v.text("source") == "button" else {
            return """
                struct ContentView: View {
                    @State private var showsSheet = true

                    var body: some View {
                        Button("Show Sheet") { showsSheet = true }
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .modifier(TunedSheet(isPresented: $showsSheet) {
                                Text("Drag the sheet, or flick it.")
                                    .padding(.top, 24)
                            })
                    }
                }
                """
        }
        return """
            // iOS 26: the sheet grows out of the toolbar button that presents it and goes back into it when it is
            // dragged away (a zoom only the system sheet has: `SystemSheet`, not `TunedSheet`).
            struct ContentView: View {
                @State private var showsSheet = true
                @Namespace private var namespace

                var body: some View {
                    NavigationStack {
                        Button("Show Sheet") { showsSheet = true }
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                            .navigationTitle("Trips")
                            .toolbar {
                                ToolbarItem(placement: .topBarTrailing) {
                                    Button("Add", systemImage: "plus") { showsSheet = true }
                                }
                                .matchedTransitionSource(id: "sheet", in: namespace)
                            }
                    }
                    .modifier(SystemSheet(isPresented: $showsSheet) {
                        Text("Drag the sheet, or flick it.")
                            .padding(.top, 24)
                            .navigationTransition(.zoom(sourceID: "sheet", in: namespace))
                    })
                }
            }
            """
    }

    private static func constants(_ v: SnippetValues) -> String {
        let spring = Spring(
            dampingRatio: v.parameters[SheetScene.dampingRatio], response: v.parameters[SheetScene.response])
        let rate =
            v.text("rule") == "projection"
            ? """
                /// UIScrollView.DecelerationRate.normal is 0.998 (per millisecond): a release is judged by where the
                /// sheet would coast to at this rate.
                private let decelerationRate: CGFloat = \(v.number("decelerationRate"))

            """ : ""
        return """
                /// The settle and the presentation: response \(v.number("response")) s, damping ratio \(v.number("dampingRatio")).
                private let spring = \(SwiftUISnippet.spring(spring))
            \(rate)    /// How far past the smallest detent, as a share of its height, a release must be judged to go to dismiss.
                private let dismissFraction: CGFloat = \(v.number("dismissFraction"))
                /// How hard the sheet resists a pull above the largest detent (UIScrollView's is 0.55).
                private let rubberBand: CGFloat = \(v.number("rubberBand"))
                /// The black over the screen behind, from the smallest detent up.
                private let dimAlpha: CGFloat = \(v.number("dimAlpha"))
                /// The screen behind, at the largest detent.
                private let scaleBehind: CGFloat = \(v.number("scaleBehind"))
                private let cornerRadius: CGFloat = \(v.number("cornerRadius"))
                private let showsGrabber = \(v.text("grabber") == "on")
                /// The room left above the sheet at the large detent.
                private let largeTopInset: CGFloat = \(Int(SheetPresentationController.largeTopInset))
            """
    }

    /// The release rule the lab ran, written out.
    private static func destination(_ v: SnippetValues) -> String {
        let nearest = """
                    let smallest = stops[stops.count - 1]
                    if judged > smallest + dismissFraction * (height - smallest) { return height }
                    return stops.min { abs($0 - judged) < abs($1 - judged) } ?? smallest
            """
        switch v.text("rule") {
        case "nearest":
            return """
                    /// The detent nearest where the sheet is, whatever its speed; dismissed when it is past the smallest
                    /// detent by `dismissFraction` of that detent's height.
                    private func destination(of y: CGFloat, velocity: CGFloat, stops: [CGFloat], height: CGFloat) -> CGFloat {
                        let judged = y
                \(nearest)
                    }
                """
        case "distance-velocity":
            return """
                    /// A flick faster than \(Int(SheetReleasePolicy().flickVelocity)) points per second moves one detent its way, dismissing from the
                    /// smallest; slower, the detent nearest where the sheet is, or dismissed when it is past the smallest
                    /// detent by `dismissFraction` of that detent's height.
                    private func destination(of y: CGFloat, velocity: CGFloat, stops: [CGFloat], height: CGFloat) -> CGFloat {
                        if abs(velocity) > \(Int(SheetReleasePolicy().flickVelocity)) {
                            let ahead = velocity > 0 ? stops.filter { $0 > y + 0.5 }.min() : stops.filter { $0 < y - 0.5 }.max()
                            return ahead ?? (velocity > 0 ? height : stops[0])
                        }
                        let judged = y
                \(nearest)
                    }
                """
        default:
            return """
                    /// The detent nearest where the sheet would coast to, y + v/1000 · r/(1 − r) ("Designing Fluid
                    /// Interfaces", WWDC 2018); dismissed when that is past the smallest detent by `dismissFraction` of its height.
                    private func destination(of y: CGFloat, velocity: CGFloat, stops: [CGFloat], height: CGFloat) -> CGFloat {
                        let judged = y + velocity / 1000 * decelerationRate / (1 - decelerationRate)
                \(nearest)
                    }
                """
        }
    }

    /// SwiftUI's detents for the `detents` choice, smallest first.
    private static func systemDetents(_ v: SnippetValues) -> String {
        v.text("detents").split(separator: ",").map { $0 == "small" ? ".height(200)" : ".\($0)" }
            .joined(separator: ", ")
    }

    /// The detent the sheet opens at, as the lab's: medium when there is one, else large.
    private static func systemInitialDetent(_ v: SnippetValues) -> String {
        v.text("detents").split(separator: ",").contains("medium") ? ".medium" : ".large"
    }

    /// The drawn sheet's detents, largest first, each with its name.
    private static func drawnDetents(_ v: SnippetValues) -> String {
        let names = v.text("detents").split(separator: ",")
        let tops: [(String, String)] = [
            ("large", "largeTopInset"), ("medium", "height / 2"), ("small", "height - 200")
        ]
        return tops.filter { names.contains(Substring($0.0)) }.map(\.1).joined(separator: ", ")
    }

    /// Where the drawn sheet opens: the medium detent when there is one, else the large.
    private static func initialStop(_ v: SnippetValues) -> String {
        v.text("detents").split(separator: ",").contains("medium") ? "height / 2" : "stops[0]"
    }
}
