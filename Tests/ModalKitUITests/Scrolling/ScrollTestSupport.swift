import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A full-window scroll view on a manual clock, with a delegate that records what UIKit would report.
final class ScrollFixture: ScrollViewDelegate {
    let env = UITestEnvironment()
    let scrollView: ScrollView
    var willEndVelocity: Point?
    var naturalTarget: Point?
    /// Set to move the target in `scrollViewWillEndDragging`.
    var replaceTarget: Point?
    var didEndDeceleratingAt: Double?
    var didEndDraggingDecelerate: Bool?
    var scrollCount = 0
    private var pointerTime = 0.0

    init(contentHeight: Double = 100_000, frame: Rect = Rect(x: 0, y: 0, width: 375, height: 667)) {
        scrollView = ScrollView(frame: frame)
        scrollView.contentSize = Size(width: frame.width, height: contentHeight)
        scrollView.delegate = self
        env.window.rootViewController?.view.addSubview(scrollView)
    }

    var offsetY: Double { scrollView.contentOffset.y }

    /// Presses at `from` and moves the pointer in a straight line at `velocity` (points per second) for `frames`
    /// display frames, one move per frame, then releases there without a pause (the velocity carries).
    func drag(from: Point, velocity: Point, frames: Int, release: Bool = true) {
        var p = from
        pointer(.pointerDown(p, time: env.clock.now))
        for _ in 0 ..< frames {
            env.run(for: UITestEnvironment.frameInterval)
            p = p + velocity * UITestEnvironment.frameInterval
            pointer(.pointerMove(p, time: env.clock.now))
        }
        if release { pointer(.pointerUp(p, time: env.clock.now)) }
    }

    func pointer(_ event: InputEvent) { env.window.handlePointer(event) }

    /// One wheel or touchpad event at the middle of the view, at the clock's time.
    func wheel(_ dy: Double, precise: Bool, at point: Point = Point(x: 187, y: 333)) {
        env.window.handlePointer(.scroll(delta: Point(x: 0, y: dy), at: point, time: env.clock.now, precise: precise))
    }

    /// The offsets shown at each frame for `seconds`.
    func offsets(for seconds: Double) -> [Double] {
        var shown: [Double] = []
        let end = env.clock.now + seconds
        while env.clock.now < end - 1e-9 {
            env.run(for: UITestEnvironment.frameInterval)
            shown.append(offsetY)
        }
        return shown
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrollCount += 1 }

    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point
    ) {
        willEndVelocity = velocity
        naturalTarget = targetContentOffset
        if let replaceTarget { targetContentOffset = replaceTarget }
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        didEndDraggingDecelerate = decelerate
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { didEndDeceleratingAt = env.clock.now }
}

/// A list of the first 50 chemical elements, one 44-point row each, drawn once into its cached layer.
final class ElementList: View {
    static let rowHeight = 44.0
    static let names = [
        "Hydrogen", "Helium", "Lithium", "Beryllium", "Boron", "Carbon", "Nitrogen", "Oxygen",
        "Fluorine", "Neon", "Sodium", "Magnesium", "Aluminium", "Silicon", "Phosphorus", "Sulfur",
        "Chlorine", "Argon", "Potassium", "Calcium", "Scandium", "Titanium", "Vanadium", "Chromium",
        "Manganese", "Iron", "Cobalt", "Nickel", "Copper", "Zinc", "Gallium", "Germanium", "Arsenic",
        "Selenium", "Bromine", "Krypton", "Rubidium", "Strontium", "Yttrium", "Zirconium", "Niobium",
        "Molybdenum", "Technetium", "Ruthenium", "Rhodium", "Palladium", "Silver", "Cadmium",
        "Indium", "Tin"
    ]
    private(set) var labels: [Label] = []

    init(width: Double) {
        super.init(
            frame: Rect(x: 0, y: 0, width: width, height: Double(ElementList.names.count) * ElementList.rowHeight))
        backgroundColor = .white
        for (i, name) in ElementList.names.enumerated() {
            let y = Double(i) * ElementList.rowHeight
            let label = Label(text: "\(i + 1)  \(name)", frame: Rect(x: 16, y: y, width: width - 32, height: 43))
            labels.append(label)
            addSubview(label)
            let separator = View(frame: Rect(x: 16, y: y + 43.5, width: width - 16, height: 0.5))
            separator.backgroundColor = .separator
            addSubview(separator)
        }
    }
}
