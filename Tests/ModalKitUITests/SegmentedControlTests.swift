import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A segmented control driven by pointer events: taps select, a drag moves the highlight, odd indices are ignored.
final class SegmentedControlTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!
    private var control: SegmentedControl!
    private var changes: [Int] = []
    /// Three segments of 100 points from window x 20; rows y 200...232.
    private let midY = 216.0

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        control = SegmentedControl(
            items: ["linear", "ease-in", "ease-out"], frame: Rect(x: 20, y: 200, width: 300, height: 32))
        control.selectedSegmentIndex = 0
        control.addAction(for: .valueChanged) { [unowned self] in changes.append(control.selectedSegmentIndex) }
        root.view.addSubview(control)
    }

    private func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }
    private func x(segment: Int) -> Double { 20 + 100 * Double(segment) + 50 }

    func testATapSelectsTheSegment() {
        send([.pointerDown(Point(x: x(segment: 2), y: midY), time: 1)])
        XCTAssertEqual(control.highlightedSegmentIndex, 2)
        XCTAssertTrue(control.isHighlighted)
        XCTAssertEqual(control.selectedSegmentIndex, 0, "the selection changes on release")
        send([.pointerUp(Point(x: x(segment: 2), y: midY), time: 1.1)])
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(changes, [2])
        XCTAssertNil(control.highlightedSegmentIndex)
        XCTAssertFalse(control.isHighlighted)
    }

    func testTappingTheSelectedSegmentSendsNothing() {
        send([
            .pointerDown(Point(x: x(segment: 0), y: midY), time: 1),
            .pointerUp(Point(x: x(segment: 0), y: midY), time: 1.1)
        ])
        XCTAssertEqual(changes, [])
        XCTAssertEqual(control.selectedSegmentIndex, 0)
    }

    func testADragMovesTheHighlightAcrossSegments() {
        var highlights: [Int?] = []
        send([.pointerDown(Point(x: x(segment: 1), y: midY), time: 1)])
        highlights.append(control.highlightedSegmentIndex)
        send([.pointerMove(Point(x: x(segment: 2), y: midY + 20), time: 1.02)])
        highlights.append(control.highlightedSegmentIndex)
        send([.pointerMove(Point(x: 5, y: midY - 30), time: 1.04)])
        highlights.append(control.highlightedSegmentIndex)
        XCTAssertEqual(highlights, [1, 2, 0], "above, below or beside the row counts as the nearest column")
        XCTAssertEqual(control.thumbIndex, 0, "pressing a segment that is not selected leaves the thumb")
        send([.pointerUp(Point(x: 5, y: midY - 30), time: 1.06)])
        XCTAssertEqual(changes, [], "released on the selected segment: nothing changed")
    }

    func testAPressOnTheSelectedSegmentDragsTheThumb() {
        send([
            .pointerDown(Point(x: x(segment: 0), y: midY), time: 1),
            .pointerMove(Point(x: x(segment: 1), y: midY), time: 1.02)
        ])
        XCTAssertEqual(control.thumbIndex, 1)
        send([
            .pointerMove(Point(x: x(segment: 2), y: midY), time: 1.04),
            .pointerUp(Point(x: x(segment: 2), y: midY), time: 1.06)
        ])
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(changes, [2], "one change for the whole drag")
        XCTAssertEqual(control.thumbIndex, 2)
    }

    func testAReleaseFarOutsideSelectsNothing() {
        var states: [Bool] = []
        send([.pointerDown(Point(x: x(segment: 2), y: midY), time: 1)])
        states.append(control.isHighlighted)
        send([.pointerMove(Point(x: x(segment: 2), y: midY + 200), time: 1.02)])
        states.append(control.isHighlighted)
        XCTAssertNil(control.highlightedSegmentIndex)
        send([.pointerUp(Point(x: x(segment: 2), y: midY + 200), time: 1.04)])
        states.append(control.isHighlighted)
        XCTAssertEqual(states, [true, false, false])
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        XCTAssertEqual(changes, [])
    }

    func testAReleaseFarAwayWithoutAMoveSelectsNothing() {
        send([.pointerDown(Point(x: x(segment: 1), y: midY), time: 1), .pointerUp(Point(x: 900, y: midY), time: 1.1)])
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        XCTAssertEqual(changes, [])
    }

    func testADragAcrossSegmentsIsNotTheCardsPan() {
        let pan = PanGestureRecognizer()
        root.view.addGestureRecognizer(pan)
        send([.pointerDown(Point(x: x(segment: 0), y: midY), time: 1)])
        for step in 1 ... 10 {
            send([.pointerMove(Point(x: x(segment: 0) + Double(step) * 20, y: midY), time: 1 + Double(step) / 60)])
        }
        send([.pointerUp(Point(x: x(segment: 2), y: midY), time: 1.3)])
        XCTAssertEqual(pan.state, .failed)
        XCTAssertEqual(changes, [2])
    }

    func testCancellingAPressSelectsNothing() {
        send([
            .pointerDown(Point(x: x(segment: 1), y: midY), time: 1),
            .pointerMove(Point(x: x(segment: 2), y: midY), time: 1.02)
        ])
        env.window.cancelTracking()
        send([.pointerUp(Point(x: x(segment: 2), y: midY), time: 1.04)])
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        XCTAssertNil(control.highlightedSegmentIndex)
        XCTAssertEqual(changes, [])
    }

    func testIndicesThatNameNoSegmentAreIgnored() {
        control.selectedSegmentIndex = 3
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        control.selectedSegmentIndex = -7
        XCTAssertEqual(control.selectedSegmentIndex, 0)
        control.selectedSegmentIndex = SegmentedControl.noSegment
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        XCTAssertNil(control.titleForSegment(at: 9))
        control.setTitle("x", forSegmentAt: -1)
        XCTAssertEqual(control.titles, ["linear", "ease-in", "ease-out"])
        XCTAssertEqual(changes, [])
    }

    func testInsertingAndRemovingKeepTheSelectedSegment() {
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "first", at: 0)
        XCTAssertEqual(control.selectedSegmentIndex, 2)
        XCTAssertEqual(control.titleForSegment(at: 2), "ease-in")
        control.insertSegment(withTitle: "last", at: 99)
        XCTAssertEqual(control.titles.last, "last")
        control.removeSegment(at: 0)
        XCTAssertEqual(control.selectedSegmentIndex, 1)
        control.removeSegment(at: 1)
        XCTAssertEqual(control.selectedSegmentIndex, SegmentedControl.noSegment)
        XCTAssertEqual(control.numberOfSegments, 3)
    }

    func testAControlWithoutSegmentsIgnoresPresses() {
        let empty = SegmentedControl(items: [], frame: Rect(x: 20, y: 300, width: 300, height: 32))
        root.view.addSubview(empty)
        send([.pointerDown(Point(x: 100, y: 316), time: 1), .pointerUp(Point(x: 100, y: 316), time: 1.1)])
        XCTAssertFalse(empty.isTracking)
        XCTAssertEqual(empty.selectedSegmentIndex, SegmentedControl.noSegment)
    }
}
