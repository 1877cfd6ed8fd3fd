import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Wheel and touchpad input in recordings, and the option that turns XInput 2 off.
final class ScrollRecordingTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        paths.forEach { unlink($0) }
        super.tearDown()
    }

    func testScrollEventsAreRecordedAndReadBackUnchanged() throws {
        let record = NSTemporaryDirectory() + "modal-lab-\(getpid())-scroll.rec"
        paths.append(record)
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), recordPath: record)
        let sent: [InputEvent] = [
            .scroll(delta: Point(x: 0, y: 48), at: Point(x: 100, y: 200), time: 5.25, precise: false),
            .scroll(delta: Point(x: -1.5, y: -3.25), at: Point(x: 100.5, y: 210), time: 5.5, precise: true)
        ]
        sent.forEach(d.send)
        d.steps(3)
        d.lab.finish()
        let replayed = try Recording.read(from: record).entries.map(\.event).filter {
            if case .scroll = $0 { return true } else { return false }
        }
        XCTAssertEqual(replayed, sent)
    }

    /// A headless replay hands the lab the recorded scroll events again, at their recorded times: recording the
    /// replay gives the same scroll lines.
    func testAHeadlessReplayDeliversTheRecordedScrollEvents() throws {
        let live = NSTemporaryDirectory() + "modal-lab-\(getpid())-live.rec"
        let again = NSTemporaryDirectory() + "modal-lab-\(getpid())-again.rec"
        paths += [live, again]
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), recordPath: live)
        for i in 0 ..< 5 {
            d.steps(2)
            d.send(
                .scroll(
                    delta: Point(x: 0, y: 2.5 * Double(i)), at: Point(x: 180, y: 300),
                    time: 7 + 0.03 * Double(i), precise: i % 2 == 0))
        }
        d.steps(2)
        d.lab.finish()
        var configuration = LabConfiguration.pinned
        configuration.headless = true
        configuration.recordPath = again
        XCTAssertEqual(try HeadlessRun.run(configuration, replay: try Recording.read(from: live)), 0)
        func scrolls(_ path: String) throws -> [Recording.Entry] {
            try Recording.read(from: path).entries.filter {
                if case .scroll = $0.event { return true } else { return false }
            }
        }
        let recorded = try scrolls(live), replayed = try scrolls(again)
        XCTAssertEqual(recorded.count, 5)
        XCTAssertEqual(replayed.map(\.event), recorded.map(\.event))
        for (a, b) in zip(recorded, replayed) { XCTAssertEqual(b.t, a.t, accuracy: 1.0 / 60 + 1e-6) }
    }

    func testAScrollLineWithoutItsDeltaIsRejected() throws {
        let path = NSTemporaryDirectory() + "modal-lab-\(getpid())-bad-scroll.rec"
        paths.append(path)
        let line = "{\"t\":0,\"type\":\"scroll\",\"x\":1,\"y\":2,\"time\":0,\"dy\":4}\n"
        try line.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Recording.read(from: path))
    }

    func testNoXInput2TurnsItOff() throws {
        XCTAssertTrue(try LabConfiguration(pinnedArguments: []).useXInput2)
        XCTAssertFalse(try LabConfiguration(pinnedArguments: ["--no-xinput2"]).useXInput2)
    }
}
