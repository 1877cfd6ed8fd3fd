import Foundation
import Glibc
import ModalLabDriver
import ModalKitTestSupport
import Testing

/// modal-bench's options fail the way the lab's do: one line naming the problem, exit 2, nothing measured.
@Suite final class BenchOptionsTests {
    /// Output folders made by a test, removed after it.
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    private var bench: String {
        let lab = LabProcess.executablePath
        return String(lab[..<(lab.lastIndex(of: "/") ?? lab.startIndex)]) + "/modal-bench"
    }

    @Test func testABaselineThatIsNotAnExecutableFileIsRefusedBeforeAnythingRuns() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        let plain = "/tmp/modalkit-bench-options-\(getpid())-\(uniqueNumber())"
        let fd = open(plain, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        #expect(fd >= 0)
        close(fd)
        defer { unlink(plain) }
        for path in ["/nonexistent/modal-lab", "/dev/null", "/tmp", plain] {
            let run = try ChildProcess(bench, arguments: ["workload", "--baseline", path])
            let ended = run.wait(timeout: 30)
            if ended == nil { run.kill(SIGKILL) }
            #expect(ended == .exited(2), Comment(rawValue: path))
            #expect(
                run.standardError == "modal-bench: --baseline: \(path) is not an executable file\n",
                Comment(rawValue: path))
            #expect(run.standardOutput == "", Comment(rawValue: path))
        }
    }

    @Test func testABaselineWithoutAValueIsRefused() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        let run = try ChildProcess(bench, arguments: ["workload", "--baseline"])
        #expect(run.wait(timeout: 30) == .exited(2))
        #expect(run.standardError == "modal-bench: --baseline needs a value (see modal-bench --help)\n")
    }

    /// `--rows` without text, or with text no render row's label has, is refused before anything is measured.
    @Test func testRowsThatPickNoRowAreRefused() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        for (text, message) in [
            ("", "--rows needs some text of a render row's label"),
            ("ios 27", "--rows: no render row's label contains 'ios 27'")
        ] {
            let run = try runBench(["--only", "render", "--rows", text], timeout: 30)
            #expect(run.termination == .exited(2), Comment(rawValue: text))
            #expect(run.standardError == "modal-bench: \(message)\n", Comment(rawValue: text))
            #expect(run.standardOutput == "", Comment(rawValue: text))
        }
    }

    /// `--help` says the workload runs the peer in both configurations, and `--baseline` still takes a build.
    @Test func testHelpNamesBothPeerConfigurationsAndMeasuresNothing() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        let run = try runBench(["workload", "--help"])
        #expect(run.termination == .exited(0))
        #expect(
            run.standardOutput.contains("with Qt's durations and with the scene's"),
            Comment(rawValue: run.standardOutput))
        #expect(run.standardOutput.contains("--baseline FILE"), Comment(rawValue: run.standardOutput))
        #expect(
            !(run.standardOutput.split(separator: "\n").contains { $0.hasPrefix("workload") }), "nothing was measured")
    }

    /// Runs the bench with `arguments` (at most `timeout` seconds).
    private func runBench(_ arguments: [String], timeout: Double = 120) throws -> ChildProcess {
        let run = try ChildProcess(bench, arguments: arguments)
        if run.wait(timeout: timeout) == nil { run.kill(SIGKILL) }
        return run
    }

    /// A folder of the bench's output fixtures, removed afterwards.
    private func outputFolder() throws -> String {
        let folder = "/tmp/modalkit-bench-outputs-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        #expect(mkdir(folder, 0o755) == 0)
        folders.append(folder)
        return folder
    }

    @Test func testOnlyWithNoSectionIsRefused() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        for value in [",,", ""] {
            let run = try runBench(["--only", value])
            #expect(run.termination == .exited(2), Comment(rawValue: value))
            #expect(
                run.standardError == "modal-bench: --only needs a comma-separated list of sections, not '\(value)'\n")
            #expect(run.standardOutput == "", "nothing was measured")
        }
    }

    /// A `--json` or `--plot` that cannot be written is one line before anything is measured (it was found only
    /// after the whole run, as a Foundation error dump). The present section is named as the one quickest to run.
    @Test func testAnOutputThatCannotBeWrittenIsRefusedBeforeAnythingRuns() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        let folder = try outputFolder()
        #expect(mkfifo(folder + "/out.fifo", 0o600) == 0)
        let rows: [([String], Int32, String)] = [
            (["--json", folder], 1, "cannot write --json \(folder): it is a directory"),
            (
                ["--json", folder + "/missing/b.json"], 1,
                "cannot write --json \(folder)/missing/b.json: No such file or directory"
            ),
            (
                ["--json", folder + "/out.fifo"], 1,
                "cannot write --json \(folder)/out.fifo: it is a FIFO that nothing reads (refused: writing would wait for a reader)"
            ),
            (["--plot", folder], 1, "cannot write --plot \(folder): it is a directory"),
            (
                ["--json", folder + "/same", "--plot", folder + "/./same"], 2,
                "--json and --plot name the same file '\(folder)/./same'"
            )
        ]
        for (arguments, code, line) in rows {
            let run = try runBench(["--only", "present", "--quick"] + arguments)
            #expect(run.termination == .exited(code), "\(arguments): \(run.standardError)")
            #expect(run.standardError == "modal-bench: \(line)\n")
            #expect(run.standardOutput == "", "\(arguments): nothing was measured")
        }
    }

    /// `--json` follows the lab's rule: a device is written into, not replaced by a file (as root, `--json
    /// /dev/null` replaced /dev/null); a link to a file keeps the link and the file's permissions.
    @Test func testTheReportGoesThroughTheOutputRule() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        if !(access("/usr/bin/Xvfb", X_OK) == 0) {
            try TestIssue.skip("no Xvfb (the present section, the quickest, needs one)")
        }
        let folder = try outputFolder()
        let device = folder + "/null", file = folder + "/report.json", link = folder + "/link.json"
        if !(mknod(device, S_IFCHR | 0o666, 1 << 8 | 3) == 0) {
            try TestIssue.skip("cannot make a copy of /dev/null here")
        }
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        chmod(file, 0o600)
        symlink(file, link)
        let run = try runBench(["--only", "present", "--quick", "--json", device])
        #expect(run.termination == .exited(0), Comment(rawValue: run.standardError))
        var info = stat()
        #expect(lstat(device, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR, "the device was replaced by a file")
        let linked = try runBench(["--only", "present", "--quick", "--json", link])
        #expect(linked.termination == .exited(0), Comment(rawValue: linked.standardError))
        #expect(lstat(link, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(stat(file, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "the report kept the file's permissions")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"rows\""))
    }

    /// `--baseline` also runs the input section's drags with the other build, in turns with this one's: each gets
    /// its own rows, and a baseline that writes no `lead_ms` (a build before the learned lead) leaves it blank.
    /// This build also drags on the timer path (`--no-present`), whose frames are shown when put: a presented row
    /// of its own and none at a blank.
    @Test func testTheInputSectionMeasuresTheBaselineAndTheTimerPathBesideThisBuild() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        if !(access("/usr/bin/Xvfb", X_OK) == 0) {
            try TestIssue.skip("no Xvfb (the input section drags in a lab under one)")
        }
        let file = try outputFolder() + "/report.json"
        let run = try runBench(
            ["--only", "input", "--quick", "--json", file, "--baseline", LabProcess.executablePath], timeout: 240)
        #expect(run.termination == .exited(0), Comment(rawValue: run.standardError))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
        let rows = (report as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        let labels = rows.compactMap { $0["case"] as? String }.filter { $0.contains("shown at the blank") }
        #expect(labels.count == 2, "\(labels)")
        #expect(labels.filter { $0.hasSuffix(" (baseline)") }.count == 1, "\(labels)")
        #expect(labels.filter { $0.hasSuffix(" (timer path)") }.count == 0, "\(labels)")
        // Two drags of 40 moves each for every build: more than one drag's moves reached a presented frame. (How
        // many of them the server reports shown at a blank depends on the machine's load, so that row's count is
        // not checked.)
        let presented = rows.compactMap { $0["case"] as? String }.filter { $0.contains("→ presented") }
        let counts = presented.compactMap { $0.split(separator: "(").dropFirst().first?.split(separator: " ").first }
        #expect(counts.compactMap { Int($0) }.filter { $0 > 40 }.count == 3, "\(presented)")
        #expect(presented.filter { $0.hasSuffix(" (timer path)") }.count == 1, "\(presented)")
    }

    /// Stopped mid-workload with SIGTERM (as Ctrl-C or kill would), the bench takes its X server and lab with it.
    @Test func testASignalledBenchLeavesNoServerOrLabRunning() throws {
        if !(access(bench, X_OK) == 0) { try TestIssue.skip("modal-bench is not built at \(bench)") }
        if !(access("/usr/bin/Xvfb", X_OK) == 0) { try TestIssue.skip("no Xvfb") }
        let run = try ChildProcess(bench, arguments: ["workload", "--runs", "1", "--drags", "30", "--no-peer"])
        var children: [pid_t] = []
        let deadline = ChildProcess.now() + 30
        while children.count < 2 && ChildProcess.now() < deadline {
            children = ProcessTree.children(of: run.pid)
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
        }
        #expect(children.count >= 2, "the bench started no server and lab within 30 s")
        run.kill(SIGTERM)
        #expect(run.wait(timeout: 10) == .exited(128 + SIGTERM))
        let gone = ChildProcess.now() + 10
        while children.contains(where: ProcessTree.isRunning) && ChildProcess.now() < gone {
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        let left = children.filter(ProcessTree.isRunning)
        #expect(left == [], "still running after the bench ended")
        for pid in left { kill(pid, SIGKILL) }
    }
}
