import Foundation
import ModalKit
import ModalKitTestSupport
import ModalLabDriver
import Testing

/// `--compare` in a real window under Xvfb: one XTest drag reaches both stages, and each decides by its own
/// parameters. Pannable at 0.25 of the screen (166.75 pt) against 0.5 (333.5 pt): a slow 200-pt drag closes A
/// and springs B back.
@Suite final class CompareXTests: LabXTestCase {
    /// The band over the stages and where stage B starts (`CompareLayout`, at 375 × 667 points).
    private static let band = 24.0, stageBX = 377.0

    private func launchRatios() throws -> LabSession {
        try launch(
            "pannable", settings: ["minimumScreenRatioToHide=0.25"],
            extraArguments: ["--compare", "minimumScreenRatioToHide=0.5"])
    }

    /// The first `settled` line of `side` from `mark`.
    private func rest(of side: String, _ lab: LabSession, from mark: Int) -> LabTraceEvent? {
        lab.trace.waitFor(from: mark, timeout: 15) { $0.type == "settled" && $0.string("side") == side }
    }

    private func assertOneDragDecidesTwice(from start: LabXPoint, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let lab = try launchRatios()
        let mark = lab.trace.mark
        // 10 pt every 20 ms: 500 pt/s, far below the 1500 pt/s flick rule on both sides.
        lab.drag(from: start, by: (0, 200), steps: 20, every: 20)
        let a = rest(of: "a", lab, from: mark), b = rest(of: "b", lab, from: mark)
        #expect(
            a?.string("top") == "presenting", "A closes: \(lab.summary(from: mark))", sourceLocation: sourceLocation)
        #expect(
            b?.string("top") == "modal", "B springs back: \(lab.summary(from: mark))", sourceLocation: sourceLocation)
        let ended = lab.trace.events(from: mark, type: "gesture").filter { $0.string("state") == "ended" }
        #expect(
            Set(ended.compactMap { $0.string("side") }) == ["a", "b"], "both sides saw the release",
            sourceLocation: sourceLocation)
        let sideless = lab.trace.events(from: 0).filter { $0.string("side") == nil }
        #expect(sideless.map(\.type) == [], "every line names its side", sourceLocation: sourceLocation)
    }

    @Test func testASlowDragOnAClosesAAndSpringsBBack() throws {
        try assertOneDragDecidesTwice(from: (187, Self.band + 250))
    }

    @Test func testTheSameDragOnBDecidesTheSame() throws {
        try assertOneDragDecidesTwice(from: (Self.stageBX + 187, Self.band + 250))
    }

    /// Two scene files side by side in a window: each side shows its own file's pictures, and a picture saved in
    /// B's file is on screen within the watch's settle on B alone (the real inotify watch of B's paths).
    @Test func testTwoSceneFilesSideBySideAndASaveInBsShowsOnB() throws {
        let folder = NSTemporaryDirectory() + "modal-lab-compare-x-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func png(_ name: String, _ color: UInt32) throws {
            var bitmap = Bitmap(width: 375, height: 667)
            bitmap.pixels = Array(repeating: color, count: bitmap.pixels.count)
            try PNG.write(bitmap, to: folder + name)
        }
        let (cardA, cardB, teal): (UInt32, UInt32, UInt32) = (0xFFE0_8020, 0xFF20_C080, 0xFF10_C0C0)
        for (n, card) in [(1, cardA), (2, cardB)] {
            try png("home-\(n).png", 0xFF20_4060)
            try png("card-\(n).png", card)
            try
                #"{"version": 1, "name": "v\#(n)", "style": "pannable", "presenting": "home-\#(n).png", "presented": "card-\#(n).png"}"#
                .write(toFile: folder + "v\(n).json", atomically: true, encoding: .utf8)
        }
        let lab = try LabSession(
            display: try display(),
            pinnedArguments: [
                "--scene-file", folder + "v1.json", "--compare", "scene-file=\(folder)v2.json", "--no-hud"
            ],
            windowTimeout: 10)
        #expect(
            lab.trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" } != nil,
            Comment(rawValue: lab.process.standardError))
        let (y, bx) = (Int(Self.band) + 400, Int(Self.stageBX) + 187)
        let before = try #require(lab.expectStableCapture())
        #expect([before[187, y], before[bx, y]] == [cardA, cardB], "each side its own file's card")
        let mark = lab.trace.mark
        try png("card-2.png", teal)
        let rebuilt = lab.trace.waitFor(from: mark, timeout: 5) { $0.type == "scene" && $0.string("side") == "b" }
        #expect(rebuilt != nil, "B was rebuilt: \(lab.summary(from: mark)) \(lab.process.standardError)")
        var after = try #require(lab.expectStableCapture())
        // The frame with the new picture may still be on its way to the server.
        for _ in 0 ..< 20 where after[bx, y] != teal {
            usleep(20_000)
            after = try #require(lab.expectStableCapture())
        }
        #expect([after[187, y], after[bx, y]] == [cardA, teal], "B's new card; A's as it was")
        #expect(lab.trace.events(from: mark, type: "scene").allSatisfy { $0.string("side") == "b" })
    }

    /// A's `--config` and B's spec file are both watched in a window: a save to either rebuilds its side alone.
    @Test func testASaveToEithersConfigFileRebuildsThatSide() throws {
        let folder = NSTemporaryDirectory() + "modal-lab-compare-config-x-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func save(_ name: String, _ ratio: Double) throws {
            try #"{"minimumScreenRatioToHide": \#(ratio)}"#.write(
                toFile: folder + name, atomically: true, encoding: .utf8)
        }
        try save("a.json", 0.25)
        try save("b.json", 0.6)
        let lab = try launch(
            "pannable", extraArguments: ["--config", folder + "a.json", "--compare", folder + "b.json"])
        for (name, side) in [("b.json", "b"), ("a.json", "a")] {
            let mark = lab.trace.mark
            try save(name, 0.7)
            let rebuilt = lab.trace.waitFor(from: mark, timeout: 5) { $0.type == "scene" }
            #expect(rebuilt?.string("side") == side, "\(name): \(lab.summary(from: mark))")
            _ = lab.expectStableCapture()
            let sides = lab.trace.events(from: mark, type: "scene").compactMap { $0.string("side") }
            #expect(Set(sides) == [side], "\(name) rebuilds its side alone")
        }
    }
}
