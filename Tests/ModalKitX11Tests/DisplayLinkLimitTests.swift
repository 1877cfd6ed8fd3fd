import Glibc
import XCTest
@testable import ModalKitX11

/// The display link takes any rate without trapping: a rate near zero would put its deadline past what a
/// timespec holds, so rates are clamped to `HostOptions.fpsRange`.
final class DisplayLinkLimitTests: XCTestCase {
    func testRatesPastTheLimitsAreClamped() throws {
        XCTAssertEqual(try DisplayLink(rate: 1e-20).interval, 1)
        XCTAssertEqual(try DisplayLink(rate: 1e9).interval, 1.0 / 1000)
        XCTAssertEqual(try DisplayLink(rate: .nan).interval, 1.0 / 60)
        XCTAssertEqual(try DisplayLink(rate: 60).interval, 1.0 / 60)
    }

    /// After a tick the next deadline is one interval on: at the slowest rate, a second from the tick.
    func testArmingAfterATickAtTheSlowestRateDoesNotTrap() throws {
        let link = try DisplayLink(rate: 1e-20)
        link.arm()
        var fd = pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&fd, 1, 1000), 1, "the first tick fires at once")
        let tick = try XCTUnwrap(link.takeTick())
        link.arm()
        let deadline = try XCTUnwrap(link.armedDeadline)
        XCTAssertEqual(deadline, tick + 1, accuracy: 1e-6)
        link.disarm()
    }

    /// Armed for a frame the app asked for later, the link is brought forward when a frame is wanted now (else
    /// input would wait for the later time); an earlier deadline is kept.
    func testArmingForNowBringsALaterDeadlineForward() throws {
        let link = try DisplayLink(rate: 60)
        let later = DisplayLink.now() + 10
        link.arm(at: later)
        link.arm()
        let deadline = try XCTUnwrap(link.armedDeadline)
        XCTAssertLessThan(deadline, later - 9, "still armed for the later time")
        var fd = pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&fd, 1, 1000), 1, "the tick fires at once")
        link.disarm()
    }

    /// The loop no longer disarms before a frame: the fired expiry, left unread, is cleared by the arming after
    /// the frame, so the loop cannot spin on a readable timer; a disarmed link stays disarmed.
    func testAnExpiredLinkIsClearedByTheNextArming() throws {
        let link = try DisplayLink(rate: 60)
        let deadline = DisplayLink.now()
        link.arm(at: deadline)
        var fd = pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&fd, 1, 1000), 1)
        link.expire()
        link.arm(at: deadline + 5)
        fd.revents = 0
        XCTAssertEqual(poll(&fd, 1, 0), 0, "the fired expiry was cleared")
        // Fired again, expired, and the frame's pacing then wants nothing: the disarm must still reach the kernel.
        link.arm(at: deadline)
        XCTAssertEqual(poll(&fd, 1, 1000), 1)
        link.expire()
        link.disarm()
        XCTAssertEqual(poll(&fd, 1, 0), 0, "the fired expiry was cleared by the disarm")
        link.expire()
        XCTAssertNil(link.armedDeadline, "expiring a disarmed link arms nothing")
    }
}
