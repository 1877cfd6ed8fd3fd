import Foundation
import Glibc
import ModalLabDriver
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// `.ci/install` into a private PREFIX, with the debug `modal-lab`: the four files where a desktop looks for them,
/// a manual page `man` renders without a warning, a completion bash runs, a desktop entry that validates.
final class LabInstallTests: XCTestCase {
    private let prefix = "/tmp/modal-lab-install-\(getpid())"

    override func tearDown() {
        _ = try? shell("rm -rf '\(prefix)'")
        super.tearDown()
    }

    /// Runs `command` under bash in the package root; its exit status and output.
    private func shell(_ command: String, environment extra: [String: String] = [:]) throws
        -> (status: ChildProcess.Termination?, out: String, err: String)
    {
        var environment = ChildProcess.currentEnvironment()
        environment.merge(extra) { $1 }
        let child = try ChildProcess(
            "/bin/bash", arguments: ["-c", "cd '\(LabProcess.packageRoot)' && " + command],
            environment: environment)
        let status = child.wait(timeout: 60)
        return (status, child.standardOutput, child.standardError)
    }

    private func install() throws {
        let run = try shell("bash .ci/install", environment: ["PREFIX": prefix, "MODAL_LAB": LabProcess.executablePath])
        XCTAssertEqual(run.status, .exited(0), run.err)
    }

    private func requireTool(_ path: String, package: String) throws {
        guard access(path, X_OK) != 0 else { return }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(path) missing under CI=true: .ci/deps --test")
        }
        throw XCTSkip("\(path) is not installed (\(package))")
    }

    func testInstallsTheBinaryManualCompletionAndDesktopEntry() throws {
        try install()
        for file in [
            "bin/modal-lab", "share/man/man1/modal-lab.1", "share/bash-completion/completions/modal-lab",
            "share/applications/modal-lab.desktop"
        ] {
            XCTAssertEqual(access(prefix + "/" + file, R_OK), 0, file)
        }
        XCTAssertEqual(access(prefix + "/bin/modal-lab", X_OK), 0)
        let version = try shell("'\(prefix)/bin/modal-lab' --version")
        XCTAssertEqual(version.out, LabConfiguration.version + "\n")
    }

    func testTheManualRendersWithoutWarningsAndListsEveryOption() throws {
        try requireTool("/usr/bin/man", package: "man-db, groff-base")
        try install()
        let man = try shell("MANWIDTH=100 man --warnings -l '\(prefix)/share/man/man1/modal-lab.1'")
        XCTAssertEqual(man.status, .exited(0), man.err)
        XCTAssertEqual(man.err, "", "groff's warnings")
        for option in LabOption.documented {
            for name in option.names { XCTAssertTrue(man.out.contains(name), "\(name) in the rendered manual") }
        }
        XCTAssertFalse(man.out.contains("--man"), "the hidden options stay out of the manual")
        XCTAssertTrue(man.out.contains("ModalLab") || man.out.contains("MODAL-LAB"), man.out)
    }

    /// The completion as bash runs it: option names after a dash, scene names after --scene, files after --trace.
    func testTheCompletionCompletesOptionsScenesAndFiles() throws {
        try install()
        let script = prefix + "/share/bash-completion/completions/modal-lab"
        func complete(_ words: [String]) throws -> [String] {
            let list = words.map { "'\($0)'" }.joined(separator: " ")
            let run = try shell(
                "source '\(script)'; COMP_WORDS=(modal-lab \(list)); COMP_CWORD=\(words.count); "
                    + "_modal_lab; printf '%s\\n' \"${COMPREPLY[@]}\"")
            XCTAssertEqual(run.status, .exited(0), run.err)
            return run.out.split(separator: "\n").map(String.init).sorted()
        }
        XCTAssertEqual(try complete(["--sc"]), ["--scale", "--scene", "--scene-file", "--screenshot"])
        XCTAssertEqual(try complete(["--scene", ""]), SceneCatalog.all.map { $0.info.name }.sorted())
        XCTAssertEqual(try complete(["--trace", "\(prefix)/share/bash-completion/completions/"]), [script])
        XCTAssertEqual(try complete(["--fps", ""]), [], "a number is not completed")
        let folder = "\(prefix)/share/bash-completion/completions/"
        XCTAssertEqual(try complete(["--compare", "sc"]), ["scene-file=", "scene="])
        XCTAssertEqual(try complete(["--compare", "scene-file=" + folder]), ["scene-file=" + script], "the word whole")
        XCTAssertEqual(try complete(["--compare", "scene-file", "=", folder]), [script], "split at = as bash does")
        XCTAssertEqual(try complete(["--ma"]), [], "the hidden options are not offered")
    }

    func testTheDesktopEntryValidatesAndStartsTheInstalledBinary() throws {
        try requireTool("/usr/bin/desktop-file-validate", package: "desktop-file-utils")
        try install()
        let entry = prefix + "/share/applications/modal-lab.desktop"
        let check = try shell("desktop-file-validate '\(entry)'")
        XCTAssertEqual(check.status, .exited(0), check.out + check.err)
        XCTAssertEqual(check.out + check.err, "", "no hint or warning")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        XCTAssertTrue(text.contains("\nExec=\"\(prefix)/bin/modal-lab\"\n"), text)
        XCTAssertTrue(text.contains("\nStartupWMClass=ModalLab\n"), "the window's WM_CLASS class, for the dock")
    }

    func testARelativePrefixIsOneLineAndExitTwo() throws {
        let run = try shell(
            "bash .ci/install", environment: ["PREFIX": "relative/dir", "MODAL_LAB": LabProcess.executablePath])
        XCTAssertEqual(run.status, .exited(2))
        XCTAssertEqual(run.err, "install: PREFIX must be an absolute path, not 'relative/dir'\n")
        XCTAssertEqual(access(LabProcess.packageRoot + "/relative", F_OK), -1, "nothing written")
    }

    /// An empty PREFIX is a mistake (a variable that was never set), not /usr/local; a line break or a % would
    /// break the desktop entry's Exec line (a new line; a field code). Each is one line, exit 2, nothing written.
    func testAnEmptyPrefixAndOneThatBreaksTheExecLineAreRefused() throws {
        let cases = [
            ("", "install: PREFIX is empty (unset it for /usr/local)\n"),
            (prefix + "/a\nb", "install: PREFIX may not contain a control character or %: $'\(prefix)/a\\nb'\n"),
            (prefix + "/100%f", "install: PREFIX may not contain a control character or %: \(prefix)/100%f\n")
        ]
        for (given, line) in cases {
            let run = try shell(
                "bash .ci/install", environment: ["PREFIX": given, "MODAL_LAB": LabProcess.executablePath])
            XCTAssertEqual(run.status, .exited(2), given)
            XCTAssertEqual(run.err, line)
        }
        XCTAssertEqual(access(prefix, F_OK), -1, "nothing written")
    }

    /// A binary whose manual page cannot be written (a full disk; here one that fails) fails the install and
    /// leaves no `modal-lab.1.new` beside where the manual goes.
    func testAFailedManualLeavesNoNewFile() throws {
        let failing = prefix + "-failing-lab"
        try "#!/bin/sh\n[ \"$1\" = --man ] && exit 1\nexec '\(LabProcess.executablePath)' \"$@\"\n"
            .write(toFile: failing, atomically: false, encoding: .utf8)
        defer { unlink(failing) }
        XCTAssertEqual(chmod(failing, 0o755), 0)
        let run = try shell("bash .ci/install", environment: ["PREFIX": prefix, "MODAL_LAB": failing])
        XCTAssertEqual(run.status, .exited(2), run.err)
        XCTAssertEqual(run.err, "install: cannot write \(prefix)/share/man/man1/modal-lab.1\n")
        let manuals = try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/man/man1")
        XCTAssertEqual(manuals, [], "no modal-lab.1.new left, and no manual")
    }
}
