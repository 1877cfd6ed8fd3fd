import Foundation
import Glibc
import ModalKitTestSupport
import ModalLabDriver
import Testing

/// Outputs that are not plain files: devices and FIFOs are written in place (never replaced by a file), links
/// are followed, a closed pipe is reported, a stream is accepted as a recording, and long idle gaps in a replay
/// are skipped rather than simulated.
@Suite final class OutputSafetyTests {
    private let fixtures: BadInputFixtures

    init() throws {
        fixtures = try BadInputFixtures()
    }

    private func runHeadless(
        _ arguments: [String], timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ChildProcess {
        let lab = try LabProcess.launchPinned(["--headless"] + arguments, display: nil)
        #expect(lab.wait(timeout: timeout) != nil, "still running after \(timeout) s", sourceLocation: sourceLocation)
        return lab
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func testAScreenshotToADeviceWritesIntoItAndLeavesItADevice() throws {
        let null = fixtures.path("null")
        #expect(fileType(null) == S_IFCHR, "the fixture is a copy of /dev/null")
        let lab = try runHeadless(["--screenshot", null])
        #expect(lab.termination == .exited(0), Comment(rawValue: lab.standardError))
        #expect(fileType(null) == S_IFCHR, "the device was replaced by a file")
    }

    /// `--export /dev/null`: the JSON goes into the device and no `.swift` is made beside it (as root that was a
    /// new file in /dev; as anyone else, a failure).
    @Test func testAnExportToADeviceWritesNoFileBesideIt() throws {
        let lab = try runHeadless(["--export", fixtures.path("null")])
        #expect(lab.termination == .exited(0), Comment(rawValue: lab.standardError))
        #expect(fileType(fixtures.path("null")) == S_IFCHR)
        #expect(fileType(fixtures.path("null.swift")) == 0, "a file was made beside the device")
    }

    @Test func testAScreenshotToAFIFOIsWrittenInPlace() throws {
        let fifo = fixtures.path("out.fifo")
        // Open the reading end first, without waiting, so the lab's open finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let lab = try LabProcess.launchPinned(["--headless", "--screenshot", fifo], display: nil)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = ChildProcess.now() + 20
        while ChildProcess.now() < deadline {
            let n = read(reader, &chunk, chunk.count)
            if n > 0 { bytes += chunk[..<n] } else if lab.wait(timeout: 0.01) != nil && n == 0 { break }
        }
        #expect(lab.wait(timeout: 5) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG came through")
        #expect(fileType(fifo) == S_IFIFO)
    }

    /// `--screenshot /dev/stdout | ...`: standard output is a pipe, reached through /proc's link (a link like
    /// /dev/stdout in the fixtures, so that a regression cannot replace the machine's).
    @Test func testAScreenshotToStandardOutputGoesDownThePipe() throws {
        let out = fixtures.path("piped.png"), stdout = fixtures.path("stdout")
        let command = "'\(LabProcess.executablePath)' --headless --screenshot '\(stdout)' | cat > '\(out)'"
        let shell = try ChildProcess("/bin/bash", arguments: ["-o", "pipefail", "-c", command])
        #expect(shell.wait(timeout: 60) == .exited(0), Comment(rawValue: shell.standardError))
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func testAScreenshotThroughALinkReplacesTheFileAndKeepsTheLink() throws {
        let lab = try runHeadless(["--screenshot", fixtures.path("link-to-file")])
        #expect(lab.termination == .exited(0), Comment(rawValue: lab.standardError))
        #expect(fileType(fixtures.path("link-to-file")) == S_IFLNK)
        let png = try Data(contentsOf: URL(fileURLWithPath: fixtures.path("existing.png")))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    /// `--trace - | head -1`: the pipe closes after one line; the lab says so and fails instead of dying silently.
    @Test func testAClosedPipeIsAWriteErrorNotASilentDeath() throws {
        let busy = try OutputSafetyTests.longDrag(in: fixtures)
        let command = "'\(LabProcess.executablePath)' --headless --replay '\(busy)' --trace - | head -1 >/dev/null"
        let shell = try ChildProcess("/bin/bash", arguments: ["-o", "pipefail", "-c", command])
        #expect(shell.wait(timeout: 60) == .exited(1), Comment(rawValue: shell.standardError))
        #expect(shell.standardError == "modal-lab: cannot write trace (standard output): Broken pipe\n")
    }

    /// Started with standard output closed, `--trace -` is a write error, and the recording file (which would
    /// otherwise have taken descriptor 1) gets no trace lines.
    @Test func testAClosedStandardOutputIsAWriteErrorNotAnotherFile() throws {
        let record = fixtures.path("record.jsonl")
        let command =
            "exec '\(LabProcess.executablePath)' --headless --replay '\(fixtures.path("drag.jsonl"))' --trace - --record '\(record)' >&-"
        let shell = try ChildProcess("/bin/bash", arguments: ["-c", command])
        #expect(shell.wait(timeout: 30) == .exited(1), Comment(rawValue: shell.standardError))
        #expect(shell.standardError == "modal-lab: cannot write trace (standard output): Bad file descriptor\n")
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!recorded.contains(#""type":"frame""#), "trace lines went into the recording")
    }

    @Test func testARecordingFromAStreamIsAccepted() throws {
        let fifo = fixtures.path("stream.fifo")
        let lab = try LabProcess.launchPinned(
            ["--headless", "--replay", fifo, "--trace", fixtures.path("stream-trace.jsonl")],
            display: nil)
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        let text = try String(contentsOfFile: fixtures.path("drag.jsonl"), encoding: .utf8)
        _ = text.withCString { write(writer, $0, strlen($0)) }
        close(writer)
        #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError))
        let trace = try String(contentsOfFile: fixtures.path("stream-trace.jsonl"), encoding: .utf8)
        #expect(trace.contains(#""state":"began""#), "the streamed drag was replayed: \(trace.prefix(300))")
    }

    /// `--man` and `--bash-completion` on a full disk: one line and exit 1, not a success that left an empty
    /// file (`.ci/install` would have installed an empty manual).
    @Test func testTheManualAndCompletionOnAFullDiskFail() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        #expect(full >= 0)
        defer { close(full) }
        for (flag, what) in [("--man", "the manual page"), ("--bash-completion", "the bash completion")] {
            let lab = try ChildProcess(
                LabProcess.executablePath, arguments: [flag], environment: nil, dup2: [(parent: full, child: 1)])
            #expect(lab.wait(timeout: 20) == .exited(1), Comment(rawValue: flag))
            #expect(
                lab.standardError == "modal-lab: cannot write \(what) to standard output: No space left on device\n")
        }
        // A reader that stopped reading (`--man | head -1`) took what it wanted: no error for that.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        close(ends[0])
        defer { close(ends[1]) }
        let lab = try ChildProcess(
            LabProcess.executablePath, arguments: ["--man"], environment: nil, dup2: [(parent: ends[1], child: 1)])
        #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "")
    }

    /// A render with few file descriptors left: the output's file is made before the first frame, so a render
    /// either cannot start (one line) or writes its video; it never renders every frame and then finds no
    /// descriptor for the file (as it did with 5 to 8).
    @Test func testARenderWithFewDescriptorsFailsAtOnceOrFinishes() throws {
        let out = fixtures.path("few.gif")
        for limit in 4 ... 9 {
            let command =
                "ulimit -n \(limit) && exec '\(LabProcess.executablePath)' render '\(fixtures.path("drag.jsonl"))' '\(out)'"
            let shell = try ChildProcess("/bin/bash", arguments: ["-c", command])
            let ended = shell.wait(timeout: 60)
            if ended == .exited(0) {
                #expect(access(out, F_OK) == 0, "\(limit): written")
            } else {
                #expect(ended == .exited(1), "\(limit): \(shell.standardError)")
                #expect(!shell.standardError.contains("cannot write video"), "\(limit): \(shell.standardError)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder)
            #expect(left.filter { $0.hasPrefix(".modalkit") } == [], "\(limit): a temporary file left")
        }
    }

    /// An event most of a day after the last: the idle stretch is skipped, not simulated frame by frame.
    @Test func testALongPauseInAReplayIsSkipped() throws {
        let started = ChildProcess.now()
        let lab = try runHeadless(["--replay", fixtures.path("t-a-day.jsonl"), "--trace", fixtures.path("day.jsonl")])
        #expect(lab.termination == .exited(0), Comment(rawValue: lab.standardError))
        #expect(ChildProcess.now() - started < 10, "a day of idle replay took this long")
        let trace = try String(contentsOfFile: fixtures.path("day.jsonl"), encoding: .utf8)
        #expect(trace.contains(#""event":"began","kind":"dismiss""#), "Escape at t 86000 dismissed the modal")
    }

    /// A recording of a slow drag lasting `seconds`: a headless replay of it writes thousands of trace lines.
    static func longDrag(in fixtures: BadInputFixtures, seconds: Double = 30) throws -> String {
        var lines = [#"{"t": 0.1, "type": "down", "x": 187, "y": 300, "time": 1000}"#]
        var t = 0.1
        while t < seconds {
            t += 0.02
            let y = 300 + 100 * sin(t)
            lines.append(#"{"t": \#(t), "type": "move", "x": 187, "y": \#(y), "time": \#(1000 + t)}"#)
        }
        try fixtures.write("long-drag.jsonl", lines.joined(separator: "\n"))
        return fixtures.path("long-drag.jsonl")
    }
}
