import XCTest
import ModalKitBase
import ModalKitUI

/// Custom recognizers and the delegate, through the public API only (no `@testable`): what a package that depends
/// on ModalKit can write.
final class CustomGestureTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!
    private var card: View!

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        card = View(frame: Rect(x: 50, y: 100, width: 200, height: 200))
        root.view.addSubview(card)
    }

    private func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }

    private func tap(at p: Point, time t: Double) {
        send([.pointerDown(p, time: t), .pointerUp(p, time: t + 0.05)])
    }

    /// A press at `from` dragged straight down by `dy` in `steps` moves one frame apart, then released.
    private func drag(from: Point, dy: Double, steps: Int = 6, t0: Double = 1) {
        var t = t0
        send([.pointerDown(from, time: t)])
        for i in 1 ... steps {
            t += 1.0 / 60
            send([.pointerMove(Point(x: from.x, y: from.y + dy * Double(i) / Double(steps)), time: t)])
        }
        send([.pointerUp(Point(x: from.x, y: from.y + dy), time: t)])
    }

    func testADoubleTapSubclassIsRecognizedThroughThePublicHooks() {
        let doubleTap = DoubleTapRecognizer()
        var recognized = 0
        doubleTap.addTarget { (_: DoubleTapRecognizer) in recognized += 1 }
        card.addGestureRecognizer(doubleTap)
        tap(at: Point(x: 100, y: 150), time: 1)
        XCTAssertEqual(doubleTap.state, .possible, "one tap waits for the second")
        tap(at: Point(x: 102, y: 151), time: 1.2)
        XCTAssertEqual(doubleTap.state, .ended)
        XCTAssertEqual(recognized, 1)
        XCTAssertEqual(doubleTap.resets, 0, "reset waits for the next press after the end")
        tap(at: Point(x: 100, y: 150), time: 3)
        XCTAssertEqual(doubleTap.resets, 1)
        tap(at: Point(x: 100, y: 150), time: 3.6)
        XCTAssertEqual(doubleTap.state, .failed, "a second tap after the interval is two single taps")
        XCTAssertEqual(recognized, 1)
    }

    func testARecognizerThatBeginsOnItsOwnClaimsThePress() {
        let hold = PressRecognizer()
        card.addGestureRecognizer(hold)
        let pan = PanGestureRecognizer()
        root.view.addGestureRecognizer(pan)
        drag(from: Point(x: 100, y: 150), dy: 60)
        XCTAssertEqual(hold.states, [.began, .ended])
        XCTAssertEqual(pan.state, .failed, "the press began as the subclass's gesture")
    }

    func testLosingThePointerReachesTheCancelHookOnce() {
        let hold = PressRecognizer()
        card.addGestureRecognizer(hold)
        var heard: [GestureRecognizer.State] = []
        env.window.onGestureEvent = { heard.append($0.state) }
        send([.pointerDown(Point(x: 100, y: 150), time: 1)])
        XCTAssertTrue(env.window.cancelTracking())
        XCTAssertEqual(hold.cancels, 1)
        XCTAssertEqual(hold.states, [.began, .cancelled])
        XCTAssertEqual(heard, [.began, .cancelled], "setting the state it already has tells nobody again")
    }

    func testIgnoreStopsTheRestOfThePressReachingTheRecognizer() {
        let hold = PressRecognizer()
        hold.ignoresPresses = true
        card.addGestureRecognizer(hold)
        drag(from: Point(x: 100, y: 150), dy: 60)
        XCTAssertEqual(hold.moves, 0)
        XCTAssertEqual(hold.states, [])
    }

    func testADelegateThatRefusesToBeginHandsThePressOn() {
        let cardPan = PanGestureRecognizer(), rootPan = PanGestureRecognizer()
        var cardStates: [GestureRecognizer.State] = [], rootStates: [GestureRecognizer.State] = []
        cardPan.addTarget { cardStates.append($0.state) }
        rootPan.addTarget { rootStates.append($0.state) }
        card.addGestureRecognizer(cardPan)
        root.view.addGestureRecognizer(rootPan)
        let delegate = Delegate()
        delegate.shouldBegin = false
        cardPan.delegate = delegate
        drag(from: Point(x: 100, y: 150), dy: 60)
        XCTAssertEqual(delegate.asked, 1)
        XCTAssertEqual(cardPan.state, .failed)
        XCTAssertEqual(cardStates, [])
        XCTAssertEqual(rootStates.first, .began, "the refused pan did not claim the press")
        XCTAssertEqual(rootStates.last, .ended)
    }

    func testADelegateThatRefusesToBeginKeepsATapFromItsButton() {
        let button = Button(title: "Close", frame: Rect(x: 10, y: 10, width: 100, height: 44))
        var taps = 0
        button.addAction { taps += 1 }
        card.addSubview(button)
        let delegate = Delegate()
        button.tap.delegate = delegate
        tap(at: Point(x: 100, y: 130), time: 1)
        XCTAssertEqual(taps, 1)
        delegate.shouldBegin = false
        tap(at: Point(x: 100, y: 130), time: 2)
        XCTAssertEqual(taps, 1, "a refused discrete gesture fails instead of being recognized")
        XCTAssertEqual(button.tap.state, .failed)
        XCTAssertEqual(delegate.asked, 2)
    }

    /// A pan subclass from outside the module: UIKit lets you subclass `UIPanGestureRecognizer` too.
    func testAPanSubclassThatOnlyBeginsDownward() {
        let pan = DownwardPan()
        card.addGestureRecognizer(pan)
        drag(from: Point(x: 100, y: 250), dy: -60)
        XCTAssertEqual(pan.state, .failed)
        drag(from: Point(x: 100, y: 150), dy: 60, t0: 2)
        XCTAssertEqual(pan.state, .ended)
        XCTAssertEqual(pan.translation(in: nil), Point(x: 0, y: 60))
    }

    func testTwoPansRecognizeSimultaneouslyOnlyWhenTheDelegateAllows() {
        XCTAssertEqual(
            dragWithTwoPans(simultaneous: false), [.began, .failed, .changed, .changed, .changed, .changed, .ended],
            "by default the first pan to begin fails the other")
        XCTAssertEqual(dragWithTwoPans(simultaneous: true).filter { $0 == .ended }.count, 2)
    }

    func testADelegateCanKeepThePressFromARecognizer() {
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        pan.addTarget { states.append($0.state) }
        card.addGestureRecognizer(pan)
        let delegate = Delegate()
        delegate.shouldReceive = false
        pan.delegate = delegate
        drag(from: Point(x: 100, y: 150), dy: 60)
        XCTAssertEqual(states, [])
        XCTAssertEqual(pan.state, .possible, "it never saw the press")
    }

    /// A tap on a button inside a card with a tap of its own: only the deepest recognizer that recognizes gets
    /// the tap, as in UIKit, unless a delegate lets both recognize it.
    func testNestedTapsFireOnlyTheDeepestUnlessTheDelegateAllowsBoth() {
        let (inner, outer) = nestedTaps()
        var fired: [String] = []
        inner.addTarget { _ in fired.append("inner") }
        outer.addTarget { _ in fired.append("outer") }
        tap(at: Point(x: 100, y: 150), time: 1)
        XCTAssertEqual(fired, ["inner"])
        XCTAssertEqual(outer.state, .failed, "the inner tap claimed the press")
        tap(at: Point(x: 200, y: 250), time: 2)
        XCTAssertEqual(fired, ["inner", "outer"], "outside the button the card's tap has it")
        let delegate = Delegate()
        delegate.simultaneous = true
        outer.delegate = delegate
        tap(at: Point(x: 100, y: 150), time: 3)
        XCTAssertEqual(fired, ["inner", "outer", "inner", "outer"], "allowed, both recognize one tap")
    }

    /// `require(toFail:)`: the inner tap waits for the card's; the card's recognizing fails it, the card's failing
    /// (its delegate refusing) lets it fire on the same release.
    func testATapThatRequiresAnotherToFailWaitsForIt() {
        let (inner, outer) = nestedTaps()
        inner.require(toFail: outer)
        var fired: [String] = []
        inner.addTarget { _ in fired.append("inner") }
        outer.addTarget { _ in fired.append("outer") }
        tap(at: Point(x: 100, y: 150), time: 1)
        XCTAssertEqual(fired, ["outer"], "the card's tap took precedence")
        XCTAssertEqual(inner.state, .failed)
        let delegate = Delegate()
        delegate.shouldBegin = false
        outer.delegate = delegate
        tap(at: Point(x: 100, y: 150), time: 2)
        XCTAssertEqual(fired, ["outer", "inner"], "the card's tap failed, so the inner one fired")
    }

    /// A tap that requires the root's pan to fail: a press released in place is the tap (once the pan failed on the
    /// release); a press that becomes a drag is the pan's, and the tap never fires.
    func testATapThatRequiresAPanToFailFiresOnlyWhenNoDragHappened() {
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        card.addGestureRecognizer(tap)
        root.view.addGestureRecognizer(pan)
        tap.require(toFail: pan)
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        self.tap(at: Point(x: 100, y: 150), time: 1)
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(pan.state, .failed)
        drag(from: Point(x: 100, y: 150), dy: 60, t0: 2)
        XCTAssertEqual(pan.state, .ended)
        XCTAssertEqual(taps, 1)
        tap.require(toFail: tap)
        self.tap(at: Point(x: 100, y: 150), time: 3)
        XCTAssertEqual(taps, 2, "requiring itself to fail is ignored")
    }

    /// A 100-point button at (20, 20) in the card, with a tap of its own, and a tap on the card.
    private func nestedTaps() -> (inner: TapGestureRecognizer, outer: TapGestureRecognizer) {
        let button = View(frame: Rect(x: 20, y: 20, width: 100, height: 100))
        card.addSubview(button)
        let inner = TapGestureRecognizer(), outer = TapGestureRecognizer()
        button.addGestureRecognizer(inner)
        card.addGestureRecognizer(outer)
        return (inner, outer)
    }

    /// Drags over a card whose pan and the root's pan both want it; returns every state change the window heard,
    /// in order (the card's pan reaches the slop first, being first in the press's list).
    private func dragWithTwoPans(simultaneous: Bool) -> [GestureRecognizer.State] {
        setUp()
        let cardPan = PanGestureRecognizer(), rootPan = PanGestureRecognizer()
        card.addGestureRecognizer(cardPan)
        root.view.addGestureRecognizer(rootPan)
        let delegate = Delegate()
        delegate.simultaneous = simultaneous
        rootPan.delegate = delegate
        var heard: [GestureRecognizer.State] = []
        env.window.onGestureEvent = { heard.append($0.state) }
        drag(from: Point(x: 100, y: 150), dy: 60)
        if simultaneous {
            XCTAssertEqual(cardPan.state, .ended)
            XCTAssertEqual(rootPan.state, .ended)
        }
        return heard
    }
}

/// Two taps no more than `interval` apart and within the slop of each other: the public hooks' worked example.
private final class DoubleTapRecognizer: GestureRecognizer {
    let interval = 0.3
    private var taps = 0
    private var firstTap: (location: Point, time: Double)?
    var resets = 0

    override func addTarget(_ action: @escaping (DoubleTapRecognizer) -> Void) {
        super.addTarget { [unowned self] _ in action(self) }
    }

    override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        guard let first = firstTap else { return }
        let d = location - first.location
        if time - first.time > interval || (d.x * d.x + d.y * d.y).squareRoot() > GestureRecognizer.slop {
            state = .failed
        }
    }

    override func pointerMoved(to location: Point, time: Double) {
        super.pointerMoved(to: location, time: time)
        let d = location - startLocation
        if (d.x * d.x + d.y * d.y).squareRoot() > GestureRecognizer.slop { state = .failed }
    }

    override func pointerUp(at location: Point, time: Double) {
        super.pointerUp(at: location, time: time)
        guard state == .possible else { return }
        taps += 1
        if taps == 2 { state = .ended } else { firstTap = (location, time) }
    }

    override func reset() {
        super.reset()
        taps = 0
        firstTap = nil
        resets += 1
    }
}

/// Begins the moment the pointer goes down and ends at its release; or, with `ignoresPresses`, ignores them.
private final class PressRecognizer: GestureRecognizer {
    var ignoresPresses = false
    var moves = 0, cancels = 0
    var states: [State] = []

    override init() {
        super.init()
        addTarget { [unowned self] in states.append($0.state) }
    }

    override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        if ignoresPresses { ignore() } else { state = .began }
    }

    override func pointerMoved(to location: Point, time: Double) {
        super.pointerMoved(to: location, time: time)
        moves += 1
    }

    override func pointerUp(at location: Point, time: Double) {
        super.pointerUp(at: location, time: time)
        if state == .began || state == .changed { state = .ended }
    }

    override func pointerCancelled() {
        super.pointerCancelled()
        cancels += 1
        state = .cancelled
    }
}

private final class Delegate: GestureRecognizerDelegate {
    var shouldBegin = true, simultaneous = false, shouldReceive = true
    var asked = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked += 1
        return shouldBegin
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool {
        shouldReceive
    }
}

/// A pan that fails when its first move past the slop goes up.
private final class DownwardPan: PanGestureRecognizer {
    override func pointerMoved(to location: Point, time: Double) {
        if state == .possible && movedUp(to: location) { state = .failed }
        super.pointerMoved(to: location, time: time)
    }

    private func movedUp(to location: Point) -> Bool { location.y < startLocation.y - GestureRecognizer.slop }
}
