// Sheet (Beyond the seeds · UISheetPresentationController), for SwiftUI on iOS 26 or later,
// exported by modal-lab with the values tuned in the lab. The lab read velocities with the quadratic
// estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
// different on a device, that is why.
//
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

/// iOS's own sheet with the tuned detents, indicator, corners and scrolling:
/// `.modifier(SystemSheet(isPresented: $showsSheet) { … })`. To keep the sheet from being pulled away while
/// it holds unsaved changes (UIKit's isModalInPresentation), give its content `.interactiveDismissDisabled()`.
struct SystemSheet<Sheet: View>: ViewModifier {
    @Binding var isPresented: Bool
    let sheet: () -> Sheet
    @State private var detent: PresentationDetent = .medium

    init(isPresented: Binding<Bool>, @ViewBuilder sheet: @escaping () -> Sheet) {
        _isPresented = isPresented
        self.sheet = sheet
    }

    func body(content: Content) -> some View {
        content.sheet(isPresented: $isPresented) {
            sheet()
                .presentationDetents([.medium, .large], selection: $detent)
                .presentationDragIndicator(.visible)
                .presentationCornerRadius(10)
                .presentationContentInteraction(.resizes)
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

    /// The settle and the presentation: response 0.3 s, damping ratio 1.
    private let spring = Spring(duration: 0.3, bounce: 0)
    /// UIScrollView.DecelerationRate.normal is 0.998 (per millisecond): a release is judged by where the
    /// sheet would coast to at this rate.
    private let decelerationRate: CGFloat = 0.998
    /// How far past the smallest detent, as a share of its height, a release must be judged to go to dismiss.
    private let dismissFraction: CGFloat = 0.5
    /// How hard the sheet resists a pull above the largest detent (UIScrollView's is 0.55).
    private let rubberBand: CGFloat = 0.55
    /// The black over the screen behind, from the smallest detent up.
    private let dimAlpha: CGFloat = 0.3
    /// The screen behind, at the largest detent.
    private let scaleBehind: CGFloat = 0.92
    private let cornerRadius: CGFloat = 10
    private let showsGrabber = true
    /// The room left above the sheet at the large detent.
    private let largeTopInset: CGFloat = 30

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
        [largeTopInset, height / 2]
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
                withAnimation(.spring(spring)) { top = presented ? height / 2 : nil }
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

    /// The detent nearest where the sheet would coast to, y + v/1000 · r/(1 − r) ("Designing Fluid
    /// Interfaces", WWDC 2018); dismissed when that is past the smallest detent by `dismissFraction` of its height.
    private func destination(of y: CGFloat, velocity: CGFloat, stops: [CGFloat], height: CGFloat) -> CGFloat {
        let judged = y + velocity / 1000 * decelerationRate / (1 - decelerationRate)
        let smallest = stops[stops.count - 1]
        if judged > smallest + dismissFraction * (height - smallest) { return height }
        return stops.min { abs($0 - judged) < abs($1 - judged) } ?? smallest
    }
}
