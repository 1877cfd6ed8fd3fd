import ModalLabDriver
import Foundation
import Testing
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

extension InProcessLabTests {
    /// Motion plots of a real drag: the fifth of the velocity corpus (a flick speeding up to 1,700 pt/s, recorded
    /// under Xvfb), replayed headless into a scene with `--trace` and `--plot`.
    @Suite final class MotionPlotTests {
        private var paths: [String] = []

        deinit {
            paths.forEach { unlink($0) }
        }

        private func temporary(_ name: String) -> String {
            let path = "/tmp/motion-plot-\(getpid())-\(uniqueNumber())-\(name)"
            paths.append(path)
            return path
        }

        /// Drag `index` of the corpus recording, moved to start 0.3 s into the lab's run.
        private func corpusDrag(_ index: Int) throws -> Recording {
            let all = try Recording.read(from: LabProcess.packageRoot + "/Assets/Corpus/velocity/drags.jsonl").entries
            let downs = all.indices.filter {
                if case .pointerDown = all[$0].event { return true } else { return false }
            }
            let start = downs[index]
            let end = try #require(
                all[start...].firstIndex { if case .pointerUp = $0.event { return true } else { return false } })
            let t0 = all[start].t
            return Recording(entries: all[start ... end].map { Recording.Entry(t: $0.t - t0 + 0.3, event: $0.event) })
        }

        /// Replays the drag in `scene` headless with a trace and a live plot; returns both paths.
        private func replay(_ scene: String) throws -> (trace: String, livePlot: String) {
            var configuration = try LabConfiguration(pinnedArguments: ["--scene", scene])
            configuration.tracePath = temporary("\(scene).jsonl")
            configuration.plotPath = temporary("\(scene)-live.png")
            configuration.headless = true
            #expect(try HeadlessRun.run(configuration, replay: try corpusDrag(4)) == 0)
            return (configuration.tracePath ?? "", configuration.plotPath ?? "")
        }

        @Test func testPlotsOfARecordedFlick() throws {
            for (scene, decision) in [("interactor", ReleaseStory.Decision.cancel), ("pannable", .finish)] {
                let (trace, _) = try replay(scene)
                let story = try ReleaseStory(MotionTrace.read(from: trace))
                // Interactor: 167 pt of 667 is progress 0.25, short of 0.3 (velocity plays no part). Pannable: the
                // same drag is released faster than 1,500 pt/s, so it closes.
                #expect(story.decision == decision, Comment(rawValue: scene))
                #expect(story.releaseVelocity?.y ?? 0 > 1500, Comment(rawValue: scene))
                // The trace holds every estimator's reading at the release; the one used is the pan's.
                #expect(story.estimates.map(\.name) == VelocityEstimator.allCases.map(\.name), Comment(rawValue: scene))
                #expect(
                    story.estimates.first { $0.name == story.estimator }?.velocity == story.releaseVelocity,
                    Comment(rawValue: scene))
                expectMatchesGolden(MotionPlot.render(story), named: "plot-\(scene)-flick")
            }
            let (trace, _) = try replay("interactor")
            expectMatchesGolden(
                MotionPlot.render(try ReleaseStory(MotionTrace.read(from: trace)), scale: 2),
                named: "plot-interactor-flick@2x")
        }

        @Test func testTheLivePlotIsThePlotOfItsTrace() throws {
            // Interactor: the card comes back and rests in view, so a frame missing at the end would show.
            let (trace, live) = try replay("interactor")
            let drawn = MotionPlot.render(try ReleaseStory(MotionTrace.read(from: trace)))
            let written = try PNG.read(from: live)
            let differing = zip(written.pixels, drawn.pixels).filter { $0 != $1 }.count
            #expect(
                written.width == drawn.width && written.height == drawn.height && differing == 0,
                "--plot wrote what `modal-lab plot` draws from the trace (\(differing) pixels differ)")
        }

        @Test func testTheTraceCarriesTheRule() throws {
            let pannable = try MotionTrace.read(from: try replay("pannable").trace).scenes.first
            #expect(pannable?.thresholdY == 333.5, "half of 667 points")
            #expect(pannable?.velocityThreshold == 1500)
            var configuration = try LabConfiguration(pinnedArguments: ["--scene", "free-drag", "--set", "velocity=900"])
            configuration.tracePath = temporary("free-drag.jsonl")
            #expect(try HeadlessRun.run(configuration, replay: nil) == 0)
            let freeDrag = try MotionTrace.read(from: configuration.tracePath ?? "").scenes.first
            #expect(freeDrag?.thresholdY == nil, "free-drag has no distance rule")
            #expect(freeDrag?.velocityThreshold == 900, "--set reaches the trace")
        }
    }
}

/// `modal-lab plot` as a user runs it: a PNG from a trace, and one line with a non-zero exit for a bad one.
@Suite final class PlotCommandProcessTests {
    private var paths: [String] = []

    deinit {
        paths.forEach { unlink($0) }
    }

    private func run(_ arguments: [String]) throws -> (ChildProcess.Termination?, String) {
        let process = try LabProcess.launchPinned(["plot"] + arguments, display: nil)
        return (process.wait(timeout: 20), process.standardError)
    }

    private func write(_ text: String) -> String {
        let path = "/tmp/plot-command-\(getpid())-\(uniqueNumber())-\(text.count).jsonl"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        paths.append(path)
        return path
    }

    @Test func testBadTracesPrintOneLineAndExitTwo() throws {
        let out = "/tmp/plot-command-\(getpid())-\(uniqueNumber()).png"
        let cases = [
            ("", "empty"), ("{\"t\":0,\"type\":\"scene\",\"name\":\"x\"}\n{oops\n", "line 2 is not a JSON object"),
            ("{\"t\":0,\"type\":\"scene\",\"name\":\"interactor\"}\n", "no gesture")
        ]
        for (text, message) in cases {
            let (termination, stderr) = try run([write(text), out])
            #expect(termination == .exited(2), Comment(rawValue: stderr))
            #expect(stderr.split(separator: "\n").count == 1, Comment(rawValue: stderr))
            #expect(stderr.contains(message), Comment(rawValue: stderr))
        }
        #expect(access(out, F_OK) == -1, "nothing written")
        let (missing, missingError) = try run(["/nonexistent/trace.jsonl", out])
        #expect(missing == .exited(1), Comment(rawValue: missingError))
        let (usage, usageError) = try run(["only-one.jsonl"])
        #expect(usage == .exited(2))
        #expect(usageError.contains("usage: modal-lab plot"), Comment(rawValue: usageError))
    }

    @Test func testAPlotPathThatCannotBeWrittenStopsTheLabAtOnce() throws {
        let lab = try LabProcess.launchPinned(
            [
                "--headless", "--replay", LabProcess.packageRoot + "/Assets/Screenshots/drag-220.jsonl",
                "--plot", "/nonexistent/plot.png"
            ], display: nil)
        #expect(lab.wait(timeout: 20) == .exited(1))
        #expect(lab.standardError.split(separator: "\n").count == 1, Comment(rawValue: lab.standardError))
        #expect(
            lab.standardError.contains("cannot write plot /nonexistent/plot.png"), Comment(rawValue: lab.standardError))
        let (scale, scaleError) = try run(["a.jsonl", "b.png", "--scale", "0"])
        #expect(scale == .exited(2), Comment(rawValue: scaleError))
    }

    @Test func testAPlotFromATraceFile() throws {
        let trace = "/tmp/plot-command-\(getpid())-\(uniqueNumber())-trace.jsonl",
            out = "/tmp/plot-command-\(getpid())-\(uniqueNumber())-ok.png"
        defer { unlink(trace); unlink(out) }
        let lab = try LabProcess.launchPinned(
            [
                "--headless", "--scene", "pannable", "--replay",
                LabProcess.packageRoot + "/Assets/Corpus/velocity/drags.jsonl", "--trace", trace
            ],
            display: nil)
        #expect(lab.wait(timeout: 60) == .exited(0), Comment(rawValue: lab.standardError))
        let (termination, stderr) = try run([trace, out, "--scale", "2"])
        #expect(termination == .exited(0), Comment(rawValue: stderr))
        let png = try PNG.read(from: out)
        #expect(png.width == Int(MotionPlot.size.width) * 2, "points at 2x")
    }
}
