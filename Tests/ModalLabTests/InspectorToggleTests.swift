import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Key I pressed 10,000 times, headless, with the host's resizes arriving late as they do under a real server:
/// the lab's events keep one reader for the panel, the views come back to their count, and the stage and the window
/// only ever have their two sizes (the stage's, and the stage's plus the panel's).
final class InspectorToggleTests: XCTestCase {
    private let stage = Size(width: 375, height: 667)
    private var wide: Size { Size(width: 375 + InspectorView.width, height: 667) }

    /// A host that answers each size request with a resize `lag` requests later, as a server answers a burst of
    /// XResizeWindow calls only after the lab has read several key presses.
    private final class LaggingHost {
        var pending: [Size] = []
        let lag: Int
        init(lag: Int) { self.lag = lag }
        /// The resizes now due, oldest first.
        func due(all: Bool = false) -> [Size] {
            let count = all ? pending.count : max(0, pending.count - lag)
            defer { pending.removeFirst(count) }
            return Array(pending.prefix(count))
        }
    }

    private func widest(_ sizes: Set<Size>) -> Double { sizes.map(\.width).max() ?? 0 }

    private func press(_ harness: HeadlessLab, _ host: LaggingHost, all: Bool = false) {
        harness.lab.handle(.keyDown(.character("i"), time: harness.clock.now))
        for size in host.due(all: all) { harness.lab.handle(.resize(size)) }
    }

    func testTenThousandTogglesKeepOneListenerAndTheTwoSizes() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(InteractorScene.self)
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let host = LaggingHost(lag: 3)
        harness.lab.onWindowSizeRequest = { host.pending.append($0) }
        press(harness, host)
        XCTAssertNotNil(harness.lab.events.panel, "the open panel reads the events")
        press(harness, host)
        let views = View.liveInstances
        var sizes: Set<Size> = [], stages: Set<Size> = []
        for i in 0 ..< 10_000 {
            press(harness, host, all: i % 1000 == 999)
            sizes.insert(harness.lab.windowSize)
            stages.insert(harness.lab.window.bounds.size)
            if i % 1000 == 0 { harness.step() }
        }
        for size in host.due(all: true) { harness.lab.handle(.resize(size)) }
        harness.settle()
        XCTAssertNil(harness.lab.events.panel, "the closed panels' readers are gone, not one kept per open")
        XCTAssertEqual(harness.lab.events.subscriberCount, 1, "the HUD alone, without --trace and --plot")
        XCTAssertLessThanOrEqual(View.liveInstances, views + 1, "the closed panels' views are freed")
        XCTAssertTrue(stages == [stage], "the stage keeps its size; \(stages.count) sizes, widest \(widest(stages))")
        XCTAssertTrue(
            sizes == [stage, wide],
            "the window is the stage, or the stage and the panel; \(sizes.count) sizes, widest \(widest(sizes))")
        XCTAssertEqual(harness.lab.windowSize, stage, "an even number of presses: closed")
        XCTAssertEqual(harness.topName, "modal")
    }

    /// A resize the lab did not ask for (the user's, with the panel closed) still resizes the stage.
    func testAResizeNobodyAskedForStillResizesTheStage() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(InteractorScene.self)
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let host = LaggingHost(lag: 0)
        harness.lab.onWindowSizeRequest = { host.pending.append($0) }
        press(harness, host)
        press(harness, host)
        harness.lab.handle(.resize(Size(width: 500, height: 600)))
        XCTAssertEqual(harness.lab.window.bounds.size, Size(width: 500, height: 600))
        XCTAssertEqual(harness.lab.windowSize, Size(width: 500, height: 600))
    }
}
