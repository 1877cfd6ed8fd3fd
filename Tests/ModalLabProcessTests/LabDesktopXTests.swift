import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The lab under a real reparenting window manager (openbox): it maps inside the manager's frame, takes the
/// focus when clicked, follows the manager's resizes, closes when the manager closes it, and drags, keys and
/// --screenshot behave as on a bare server.
@Suite final class LabWindowManagerXTests {
    private func desktop() throws -> DesktopSession {
        try DesktopSession(manager: "/usr/bin/openbox", arguments: ["--sm-disable"]) {
            $0.hasWindowManager && $0.managesNewWindow()
        }
    }

    /// The session is ready when the manager handles maps, not when it first announces itself: openbox sets
    /// _NET_SUPPORTING_WM_CHECK as it takes the screen, and a window mapped during the rest of its start-up is
    /// never managed (seen as the lab's window left unmapped under the root). Eight fresh sessions, each mapping
    /// a window the moment it is ready: with the announcement as readiness the first was lost in each of three runs.
    @Test func testAWindowMappedAsSoonAsTheSessionIsReadyIsManaged() throws {
        for attempt in 1 ... 8 {
            let session = try desktop()
            let window = session.client.mapOtherWindow(x: 100, y: 100, width: 120, height: 80)
            guard waitUntil({ session.client.parent(of: window) != session.client.root }) else {
                Issue.record(
                    Comment(
                        rawValue:
                            "attempt \(attempt): a window mapped when the session was ready was not managed in 5 s ("
                            + "manager \(session.manager.wait(timeout: 0).map { "ended \($0)" } ?? "running"))"));
                return
            }
        }
    }

    @Test func testMapsInsideTheManagersFrameAndTakesTheFocusWhenClicked() throws {
        let session = try desktop()
        let lab = try session.launch(["--scene", "interactor"])
        #expect(session.client.parent(of: session.window) != session.client.root, "reparented into a frame")
        // Openbox focuses each new window; another one, mapped away from the lab, takes the focus, so that only
        // the click can bring it back.
        let other = session.client.mapOtherWindow(x: 700, y: 500, width: 200, height: 150)
        #expect(waitUntil { session.client.focusedWindow == other }, "the other window took the focus")
        let point = session.rootPoint(300, 600)
        session.client.movePointer(x: point.x, y: point.y)
        session.client.setButton(down: true)
        session.client.setButton(down: false, delayMilliseconds: 30)
        _ = waitUntil { session.client.focusedWindow == session.window }
        #expect(session.client.focusedWindow == session.window, "the click gave the lab the focus")
        let mark = session.trace.mark
        session.client.tapKey(LabKey.escape.keysym)
        #expect(
            session.trace.waitFor(from: mark) { $0.type == "settled" && $0.string("top") == "presenting" } != nil,
            "Escape reached the lab and dismissed the modal: \(lab.standardError)")
    }

    @Test func testDragsAndKeysBehaveAsWithoutAManager() throws {
        let session = try desktop()
        _ = try session.launch(["--scene", "interactor"])
        var mark = session.trace.mark
        session.slowDrag(dy: 100)
        #expect(session.trace.waitFor(from: mark) { $0.type == "settled" }?.string("top") == "modal", "15% cancels")
        mark = session.trace.mark
        session.slowDrag(dy: 300)
        #expect(
            session.trace.waitFor(from: mark) { $0.type == "settled" }?.string("top") == "presenting", "45% finishes")
        mark = session.trace.mark
        session.client.tapKey(LabKey.space.keysym)
        #expect(session.trace.waitFor(from: mark) { $0.type == "settled" }?.string("top") == "modal", "Space presents")
    }

    @Test func testFollowsTheManagersResize() throws {
        let session = try desktop()
        _ = try session.launch(["--scene", "pannable"])
        let mark = session.trace.mark
        session.client.requestSize(session.window, width: 500, height: 420)
        let resized = session.trace.waitFor(from: mark) { $0.type == "frame" && $0.card?[2] == 500 }
        #expect(resized?.card == [0, 0, 500, 420], "the modal fills the resized window")
    }

    @Test func testClosedByTheManagerExitsZero() throws {
        let session = try desktop()
        let lab = try session.launch(["--scene", "spring"])
        session.client.askManagerToClose(session.window)
        #expect(lab.wait(timeout: 5) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "")
    }

    @Test func testScreenshotShowsTheWindowsPixels() throws {
        let session = try desktop()
        try assertScreenshotMatchesHeadless(session)
    }
}

/// The lab under a compositing manager (xcompmgr): its window is redirected off screen and composited, and
/// drags, the close request and --screenshot behave as on a bare server.
@Suite final class LabCompositorXTests {
    private func desktop() throws -> DesktopSession {
        try DesktopSession(manager: "/usr/bin/xcompmgr") { $0.hasCompositingManager }
    }

    @Test func testDragAndCloseBehaveAsWithoutACompositor() throws {
        let session = try desktop()
        let lab = try session.launch(["--scene", "pannable"])
        let mark = session.trace.mark
        session.slowDrag(dy: 400)
        #expect(
            session.trace.waitFor(from: mark) { $0.type == "settled" }?.string("top") == "presenting",
            "past half the height closes")
        session.client.sendDeleteWindow(session.window)
        #expect(lab.wait(timeout: 5) == .exited(0), Comment(rawValue: lab.standardError))
    }

    @Test func testScreenshotShowsTheWindowsPixels() throws {
        let session = try desktop()
        try assertScreenshotMatchesHeadless(session)
    }
}

/// `--screenshot` under a desktop program equals the headless render, and the server shows the same pixels in
/// the window (no note on stderr).
private func assertScreenshotMatchesHeadless(
    _ session: DesktopSession, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let shot = "/tmp/modal-lab-desktop-shot-\(getpid())-\(uniqueNumber()).png",
        headless = "/tmp/modal-lab-desktop-headless-\(getpid())-\(uniqueNumber()).png"
    defer { unlink(shot); unlink(headless) }
    let common = ["--scene", "navigation", "--size", "320x480", "--scale", "1"]
    let lab = try LabProcess.launchPinned(common + ["--screenshot", shot], display: session.server.display)
    #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError), sourceLocation: sourceLocation)
    #expect(
        lab.standardError == "", "what the server shows matches what the lab presented", sourceLocation: sourceLocation)
    let offscreen = try LabProcess.launchPinned(common + ["--headless", "--screenshot", headless], display: nil)
    #expect(
        offscreen.wait(timeout: 20) == .exited(0), Comment(rawValue: offscreen.standardError),
        sourceLocation: sourceLocation)
    #expect(try PNG.read(from: shot) == (try PNG.read(from: headless)), sourceLocation: sourceLocation)
}

/// Polls `condition` every 20 ms for up to 5 s (another process acts meanwhile); returns whether it came true.
private func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = ChildProcess.now() + 5
    while !condition() {
        guard ChildProcess.now() < deadline else { return false }
        var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        nanosleep(&pause, nil)
    }
    return true
}
