import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Thousands of random sessions (drags, keys, resizes, focus loss, frames) into every scene of the catalog, on a
/// manual clock. After each session the pointer is released and everything runs to rest; then the state must
/// be legal (see `LabInvariants`) and, back in a fresh scene, the live views, layer caches and animators must
/// be what they were after warm-up. A failure names the seed that reproduces it.
///
/// `MODALKIT_PROPERTY_SEQUENCES` sets how many sessions run (default 10,000) and `MODALKIT_PROPERTY_SEED` the
/// first seed, to replay one failure: `MODALKIT_PROPERTY_SEED=<seed> MODALKIT_PROPERTY_SEQUENCES=1`;
/// `MODALKIT_PROPERTY_VERBOSE=1` prints each step. `MODALKIT_PROPERTY_RECORDING=FILE` records every event as
/// `--record` does, the switch to each session's scene included (the runner presses its key).
final class LabPropertyTests: XCTestCase {
    /// Steps per session: long enough for a drag, a switch and a resize to overlap, short enough for 10,000.
    static let sessionLength = 24
    /// Every this many sessions, frames are rendered too, so layer caches are made (and must be freed) mid-drag.
    static let renderEvery = 100
    /// In those sessions, every this many frames is rendered (damage builds up between them, as when the host
    /// skips a frame): the caches are made and freed all the same, and drawing every frame of a 375x667 window
    /// was two thirds of the test's time in a debug build.
    static let renderFrameEvery = 4

    func testRandomSessionsKeepTheLabLegalAndReturnToTheWarmLevel() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["MODALKIT_PROPERTY_SEQUENCES"].flatMap { Int($0) } ?? 10_000
        let firstSeed = environment["MODALKIT_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 1
        let runner = try RandomSessionRunner()
        var failures = 0
        let started = Date()
        for seed in firstSeed ..< firstSeed + UInt64(count) {
            let problems = runner.run(
                seed: seed, length: Self.sessionLength, renders: seed % UInt64(Self.renderEvery) == 0)
            guard !problems.isEmpty else { continue }
            failures += 1
            XCTFail(
                "seed \(seed): \(problems.joined(separator: "; ")) — replay with MODALKIT_PROPERTY_SEED=\(seed) MODALKIT_PROPERTY_SEQUENCES=1"
            )
            if failures >= 5 { break }
        }
        runner.lab.finish()
        print(
            "\(count) random sessions of \(Self.sessionLength) steps in \(String(format: "%.1f", Date().timeIntervalSince(started))) s, \(runner.framesRun) frames"
        )
    }
}

/// Runs random sessions into one lab, scene after scene, as a long-lived lab is used. The HUD starts hidden
/// (H shows it in some sessions): it costs more than everything else, and the trace's tests cover it.
final class RandomSessionRunner {
    let clock = ManualClock()
    let lab: Lab
    let invariants: LabInvariants
    /// Live objects after warm-up, per scene, in a fresh copy of that scene at rest and drawn.
    private var warm: [LiveObjects] = []
    private(set) var framesRun = 0
    private let home = Size(width: 375, height: 667)
    /// The frame kept between draws, as the host keeps it, so only what changed is redrawn.
    private var frameBitmap = Bitmap(width: 1, height: 1)

    init() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneCatalog.all[0]
        configuration.showsHUD = false
        // A recording of every session, for replaying them elsewhere (the sanitizer script replays it headless).
        configuration.recordPath = ProcessInfo.processInfo.environment["MODALKIT_PROPERTY_RECORDING"]
        lab = try Lab(configuration: configuration, clock: clock)
        invariants = LabInvariants(lab)
        // The HUD keeps its pixels while hidden; sessions that show it draw them once, so warm-up does too.
        lab.handle(.keyDown(.character("h"), time: 0))
        render()
        lab.handle(.keyDown(.character("h"), time: 0))
        for _ in 0 ..< 2 {
            warm = SceneCatalog.all.indices.map { index in
                freshScene(index)
                return LiveObjects.now
            }
        }
    }

    /// One session from `seed`; returns what went wrong.
    func run(seed: UInt64, length: Int, renders: Bool) -> [String] {
        var generator = RandomSessionGenerator(seed: seed)
        let sceneIndex = Int(seed % UInt64(SceneCatalog.all.count))
        let hudWasHidden = hudIsHidden
        // Every session starts from the same state, so its seed alone reproduces it.
        lab.handle(.resize(home))
        switchScene(to: sceneIndex)
        applyZoomVariant(Int(seed / UInt64(SceneCatalog.all.count) % 4))
        var sizes = [lab.window.bounds.size]
        var problems: [String] = []
        var pointerIsDown = false
        var pinchIsOpen = false
        // Counted per session, so a seed alone says which frames are rendered.
        var sessionFrames = 0
        let verbose = ProcessInfo.processInfo.environment["MODALKIT_PROPERTY_VERBOSE"] != nil
        if verbose { print("seed \(seed): scene \(type(of: lab.scene).info.name)") }
        for step in generator.session(length: length) {
            if verbose {
                print("  \(step) · phase \(lab.scene.status.phase) card \(lab.topCardFrame.map { "\($0)" } ?? "-")")
            }
            switch step {
            case .event(let event):
                if case .resize(let size) = event { sizes.append(size) }
                if case .pointerDown = event { pointerIsDown = true }
                if case .pointerUp = event { pointerIsDown = false }
                if case .pinch(let phase, _, _, _) = event { pinchIsOpen = phase == .began || phase == .changed }
                lab.handle(event.at(clock.now))
            case .frames(let n):
                for _ in 0 ..< n {
                    frame(by: 1 / 60.0)
                    sessionFrames += 1
                    if renders && sessionFrames % LabPropertyTests.renderFrameEvery == 0 { render() }
                    problems += invariants.checkFrame(range: CardRange(scene: lab.kind, sizes: sizes))
                    if !problems.isEmpty { return problems }
                }
            }
        }
        if pointerIsDown { lab.handle(.pointerUp(Point(x: 10, y: 10), time: clock.now)) }
        if pinchIsOpen { lab.handle(.pinch(.ended, scale: 1, center: Point(x: 10, y: 10), time: clock.now)) }
        if !settle() { problems.append("did not come to rest within 60 s") }
        problems += invariants.checkAtRest()
        if hudIsHidden != hudWasHidden { lab.handle(.keyDown(.character("h"), time: clock.now)) }
        if lab.driver.slowAnimationFactor != 1 { lab.handle(.keyDown(.character("s"), time: clock.now)) }
        // The next session in the zoom starts from its defaults, as the warm-up level was taken with them.
        lab.forget(SceneKind(ZoomScene.self))
        return problems + leakProblems(sceneIndex, counted: renders)
    }

    /// The zoom scene's paths by turns: presented or pushed, each with and without Reduce Motion (variant 0 is
    /// the defaults).
    private func applyZoomVariant(_ variant: Int) {
        guard lab.scene is ZoomScene else { return }
        var parameters = lab.parameters
        try? parameters.set("presentation", .choice(variant % 2 == 0 ? "modal" : "push"))
        try? parameters.set("reduceMotion", .choice(variant / 2 % 2 == 0 ? "off" : "on"))
        guard parameters != lab.parameters else { return }
        lab.apply(parameters)
    }

    /// Back in a fresh copy of the scene: live objects at their warm-up level. Without drawing no layer cache
    /// can have been made, so caches are counted (after a draw) only in the sessions that draw.
    private func leakProblems(_ sceneIndex: Int, counted caches: Bool) -> [String] {
        let level = warm[sceneIndex]
        if caches {
            freshScene(sceneIndex)
            return LiveObjects.now == level ? [] : ["live objects \(LiveObjects.now), after warm-up \(level)"]
        }
        // At the home size, as at warm-up: a list keeps views only for the rows in view, so a taller window left
        // by the session's resizes holds more of them.
        lab.handle(.resize(home))
        lab.switchScene(to: sceneIndex)
        _ = settle()
        let now = LiveObjects.now
        return now.views == level.views && now.animators == level.animators
            ? [] : ["live objects \(now), after warm-up \(level)"]
    }

    /// Switches scene with its key, as a user does (so a recording of the sessions has the switches in it).
    private func switchScene(to index: Int) {
        guard index < 9, let key = String(index + 1).first else { return lab.switchScene(to: index) }
        lab.handle(.keyDown(.character(key), time: clock.now))
    }

    /// Switches to a fresh copy of a scene at the home size, lets it rest and draws it.
    /// Layers kept from views that left (`Window.reusesRetiredLayers`) are forgotten first, and the scene draws
    /// its own: a card that took a kept layer has no layers for its subviews, so the count would depend on what
    /// the session before left (the pool itself is bounded; `RetiredLayerReuseTests`).
    private func freshScene(_ index: Int) {
        lab.window.reusesRetiredLayers = false
        defer { lab.window.reusesRetiredLayers = true }
        lab.handle(.resize(home))
        lab.switchScene(to: index)
        _ = settle()
        render()
    }

    private func frame(by seconds: Double) {
        clock.advance(by: seconds)
        lab.advance(to: clock.now)
        framesRun += 1
    }

    private func render() {
        let size = lab.window.bounds.size
        let (w, h) = (Int(size.width.rounded()), Int(size.height.rounded()))
        if frameBitmap.width != w || frameBitmap.height != h { frameBitmap = Bitmap(width: w, height: h) }
        lab.render(into: &frameBitmap, scale: 1)
    }

    /// Runs coarse frames (10 a second: any frame times are legal) until everything rests; false if it never does.
    private func settle() -> Bool {
        for _ in 0 ..< 600 {
            if !lab.isAnimating && lab.window.activeTransition == nil { return true }
            frame(by: 0.1)
        }
        return false
    }

    private var hudIsHidden: Bool {
        lab.window.subviews.first { $0.accessibilityIdentifier == "hud" }?.isHidden ?? false
    }
}
