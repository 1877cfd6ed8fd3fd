import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// Random presses, drags, releases, keys, resizes and focus losses on the sheet scene from a seeded generator:
/// nothing crashes, the sheet never leaves its track, and every run comes to rest at a detent or with the sheet
/// gone.
final class SheetRandomInputTests: XCTestCase {
    private func randomEvent(_ rng: inout SplitMix64, _ d: HeadlessLab, pointer: inout Point) -> InputEvent {
        let size = d.lab.window.bounds.size
        let t = d.clock.now
        switch Int.random(in: 0 ..< 100, using: &rng) {
        case 0 ..< 15:
            pointer = Point(
                x: .random(in: 0 ... size.width, using: &rng), y: .random(in: 0 ... size.height, using: &rng))
            return .pointerDown(pointer, time: t)
        case 15 ..< 65:
            pointer = pointer + Point(x: .random(in: -20 ... 20, using: &rng), y: .random(in: -60 ... 60, using: &rng))
            return .pointerMove(pointer, time: t)
        case 65 ..< 80: return .pointerUp(pointer, time: t)
        case 80 ..< 88:
            let keys: [Key] = [.escape, .space, .up, .down, .character("s"), .returnKey]
            return .keyDown(keys[Int.random(in: 0 ..< keys.count, using: &rng)], time: t)
        case 88 ..< 92:
            return .resize(
                Size(width: .random(in: 200 ... 900, using: &rng), height: .random(in: 300 ... 900, using: &rng)))
        default: return .pointerLost(.focusLost)
        }
    }

    func testRandomInputNeverBreaksTheSheet() throws {
        for seed in UInt64(1) ... UInt64(12) {
            var rng = SplitMix64(seed: seed)
            let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
            var pointer = Point(x: 187, y: 400)
            for _ in 0 ..< 400 {
                d.send(randomEvent(&rng, d, pointer: &pointer))
                if Bool.random(using: &rng) { d.step() }
                // A drag may take the sheet below the window (the pointer can leave it) and a settle brings it back,
                // but its top never leaves through the window's top and its bottom edge never shows.
                if let card = d.card {
                    XCTAssertGreaterThan(card.minY, 0, "seed \(seed): the top edge stays below the window's")
                    XCTAssertGreaterThanOrEqual(card.maxY, d.lab.window.bounds.height, "seed \(seed): no bottom edge")
                }
            }
            d.send(.pointerUp(pointer, time: d.clock.now))
            d.settle()
            XCTAssertFalse(d.lab.isAnimating, "seed \(seed): comes to rest")
            guard let scene = d.lab.scene as? SheetScene, let sheet = scene.sheet else { continue }
            XCTAssertEqual(sheet.phase, .idle, "seed \(seed)")
            let positions = sheet.resolvedDetents.map(\.position)
            XCTAssertTrue(positions.contains { abs($0 - sheet.position) < 1e-6 }, "seed \(seed): rests at a detent")
        }
    }
}
