import Foundation
import XCTest
import ModalKit
@testable import ModalLab

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
        let d = try LabDriver(InteractorScene.self, record: record)
        let sent: [InputEvent] = [
            .scroll(delta: Point(x: 0, y: 48), at: Point(x: 100, y: 200), time: 5.25, precise: false),
            .scroll(delta: Point(x: -1.5, y: -3.25), at: Point(x: 100.5, y: 210), time: 5.5, precise: true),
        ]
        sent.forEach(d.send)
        d.frames(3)
        d.lab.finish()
        let replayed = try Recording.read(from: record).entries.map(\.event).filter {
            if case .scroll = $0 { return true } else { return false }
        }
        XCTAssertEqual(replayed, sent)
    }

    func testAScrollLineWithoutItsDeltaIsRejected() throws {
        let path = NSTemporaryDirectory() + "modal-lab-\(getpid())-bad-scroll.rec"
        paths.append(path)
        try "{\"t\":0,\"type\":\"scroll\",\"x\":1,\"y\":2,\"time\":0,\"dy\":4}\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Recording.read(from: path))
    }

    func testNoXInput2TurnsItOff() throws {
        XCTAssertTrue(try LabConfiguration(arguments: []).useXInput2)
        XCTAssertFalse(try LabConfiguration(arguments: ["--no-xinput2"]).useXInput2)
    }
}
