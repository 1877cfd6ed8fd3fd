import XCTest
import ModalKit
import ModalKitTestSupport
import ModalLabDriver
@testable import ModalLab
@testable import ModalLabCore

/// The trace's lines are written field by field into reused bytes; they must be the bytes the lab always wrote
/// (tests, plots and users' scripts read them): numbers rounded, whole ones as integers, others in Swift's
/// shortest form, null when not finite.
final class TraceLineTests: XCTestCase {
    /// The driver (the X tests, modal-bench) reads a running lab's trace with the lab's own reader, `TraceLine`,
    /// so it reads what `modal-lab plot` reads: the same cards, and a boolean is not a number to either (the
    /// driver's own JSON reader read `interactive` as 0 and a number as a boolean).
    func testTheDriverReadsTheTraceAsThePlotDoes() throws {
        let files = TemporaryFiles()
        defer { files.removeAll() }
        let path = files.path("reader.trace")
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), tracePath: path)
        var index = 0
        let present = {
            index += 1
            d.lab.didPresent(
                FrameReport(frameTime: d.clock.now, renderSeconds: 0.002, presentSeconds: 0.001, index: index))
        }
        d.settle(afterEach: present)
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 400), over: 0.3, afterEach: present)
        d.settle(afterEach: present)
        d.lab.finish()
        let driver = LabTrace(path: path).events(from: 0)
        let plot = try MotionTrace.read(from: path)
        XCTAssertTrue(driver.allSatisfy { $0.line != nil }, "every line is a trace line")
        let frames = driver.filter { $0.type == "frame" }
        XCTAssertGreaterThan(frames.count, 20)
        XCTAssertEqual(frames.map(\.card), plot.frames.map { $0.card.map { [$0.minX, $0.minY, $0.width, $0.height] } })
        let transition = try XCTUnwrap(driver.first { $0.type == "transition" })
        XCTAssertEqual(transition.bool("interactive"), false)
        XCTAssertNil(transition.number("interactive"), "a boolean is not a number")
        XCTAssertNil(frames[0].bool("render_ms"), "a number is not a boolean")
        XCTAssertTrue(frames[0].has("progress"))
    }

    func testNumbersKeepTheirForms() {
        let cases: [(Double, Int, String)] = [
            (1.5, 6, "1.5"), (2, 6, "2"), (-0.0, 6, "0"), (-0.0000004, 6, "0"), (0.00001, 6, "1e-05"),
            (0.0001, 4, "0.0001"), (123.4567891, 6, "123.456789"), (-987.654, 2, "-987.65"),
            (1e15, 2, "1000000000000000.0"), (1e17, 0, "1e+17"),
            (999_999_999_999_999, 0, "999999999999999"), (.infinity, 2, "null"), (.nan, 6, "null"),
            (1e300, 6, "1e+300"), (1e305, 6, "null")
        ]
        for (n, digits, expected) in cases {
            var line = JSONObjectLine()
            line.begin()
            line.number("n", n, digits: digits)
            line.end()
            XCTAssertEqual(line.text.string, "{\"n\":\(expected)}\n", "\(n) to \(digits) digits")
        }
    }

    /// Seeded random frames written through the trace's line writer and through an independent formatter of the
    /// same fields (`String(Int64)` for whole numbers, `"\(n)"` for the rest).
    func testFrameLinesAreTheBytesOfTheObjectTheyDescribe() {
        var random = SplitMix64(seed: 14)
        var line = JSONObjectLine()
        for _ in 0 ..< 2_000 {
            let t = random.nextUnit() * 100
            let progress: Double? = random.next() % 4 == 0 ? nil : random.nextUnit() * 2 - 0.5
            let card = Rect(
                x: random.nextUnit() * 20 - 10, y: random.nextUnit() * 700, width: 375, height: random.nextUnit() * 667)
            let pointer = random.next() % 3 == 0 ? nil : Point(x: random.nextUnit() * 375, y: random.nextUnit() * 1e-3)
            line.begin()
            line.number("t", t, digits: 6)
            line.string("type", "frame")
            line.number("progress", progress)
            line.rect("card", card, digits: 2)
            if let pointer { line.pair("pointer", pointer.x, pointer.y, digits: 2) }
            line.bool("interactive", t > 50)
            line.end()
            var expected = "{\"t\":\(reference(t, 6)),\"type\":\"frame\",\"progress\":"
            expected += progress.map { reference($0, 4) } ?? "null"
            expected +=
                ",\"card\":[\(reference(card.minX, 2)),\(reference(card.minY, 2)),\(reference(card.width, 2)),\(reference(card.height, 2))]"
            if let pointer { expected += ",\"pointer\":[\(reference(pointer.x, 2)),\(reference(pointer.y, 2))]" }
            expected += ",\"interactive\":\(t > 50)}\n"
            XCTAssertEqual(line.text.string, expected)
        }
    }

    /// Numbers of every magnitude and sign, to every number of digits the trace uses: the written form is the
    /// shortest form Swift gives the rounded number.
    func testNumbersOfEveryMagnitudeAreWrittenInTheirShortestForm() {
        var random = SplitMix64(seed: 1_400)
        var line = JSONObjectLine()
        for _ in 0 ..< 20_000 {
            let exponent = random.nextUnit() * 24 - 9
            var n = (random.nextUnit() + 0.5) * pow(10, exponent)
            if random.next() % 2 == 0 { n = -n }
            let digits = Int(random.next() % 7)
            line.begin()
            line.number("n", n, digits: digits)
            line.end()
            XCTAssertEqual(line.text.string, "{\"n\":\(reference(n, digits))}\n", "\(n) to \(digits) digits")
        }
    }

    func testStringsAreEscaped() {
        var line = JSONObjectLine()
        line.begin()
        line.string("s", "a\"b\\c\nd\te\u{1}f·é")
        line.string("none", nil)
        line.end()
        XCTAssertEqual(line.text.string, "{\"s\":\"a\\\"b\\\\c\\nd\\te\\u0001f·é\",\"none\":null}\n")
    }

    /// The trace's number form, written the way the lab wrote it before it had a byte writer.
    private func reference(_ n: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        let r = (n * scale).rounded() / scale
        guard r.isFinite else { return "null" }
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : "\(r)"
    }
}
