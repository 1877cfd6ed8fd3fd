import Glibc
import ModalKit
import ModalLab
import ModalLabDriver
import XCTest

/// What the built modal-lab carries. It links the Swift runtime statically (Package.swift), so a module that comes
/// back would not show as a shared library: the checks read the binary's own symbols as well as `ldd`'s list.
final class LabLinkageTests: XCTestCase {
    /// No Foundation: its libraries, with ICU's data, cost the lab about 7.7 MB of its peak resident memory (a budget
    /// of 20 MB), and one `import Foundation` in any module the lab links brings them back without a compiler
    /// warning. modal-bench, the driver and the test support may use Foundation; the lab may not.
    func testModalLabLinksNoFoundation() throws {
        let lab = LabProcess.executablePath
        XCTAssertEqual(access(lab, X_OK), 0, "modal-lab is not built at \(lab)")
        let libraries = try sharedLibraries(of: lab)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libX11") }, "ldd listed no libX11: \(libraries)")
        XCTAssertEqual(libraries.filter { $0.hasPrefix("libFoundation") || $0.hasPrefix("lib_FoundationICU") }, [])
        XCTAssertEqual(
            try moduleSymbolCount(in: lab, modules: ["10Foundation", "18FoundationEssentials"]), 0,
            """
            an `import Foundation` in a module modal-lab links (ARCHITECTURE.md); after removing one, an incremental \
            build may still link it: delete .build/x86_64-unknown-linux-gnu/debug
            """)
    }

    /// The Swift runtime is linked into the binary, not loaded: loaded, the libraries of the implicit
    /// `_StringProcessing` and `_Concurrency` imports came with it, 1.5-1.9 MB of the lab's peak for nothing.
    func testModalLabCarriesNoRegexOrConcurrencyRuntime() throws {
        let lab = LabProcess.executablePath
        let libraries = try sharedLibraries(of: lab)
        XCTAssertEqual(
            libraries.filter { $0.hasPrefix("libswift") || $0.hasPrefix("libdispatch") }, [],
            "modal-lab loads the Swift runtime: its link lost -static-stdlib (Package.swift)")
        XCTAssertEqual(try moduleSymbolCount(in: lab, modules: ["17_StringProcessing", "12_Concurrency"]), 0)
        XCTAssertGreaterThan(
            try moduleSymbolCount(in: lab, modules: ["8ModalLab", "12ModalLabCore"]), 100,
            "the symbol count cannot see the lab's own module")
    }

    /// A package's headless tests of its own scene link the core alone: `lab-core-probe` steps a scene on
    /// ModalLabCore (a drag, run to rest, a frame drawn) and links no libX11 and no libwebp, while modal-lab, which
    /// links the application, does (the first check above): a dependency of the core on the host or the encoder
    /// shows here.
    func testLabCoreLinksNoXAndNoWebP() throws {
        let lab = LabProcess.executablePath
        let probe = String(lab[..<(lab.lastIndex(of: "/") ?? lab.startIndex)]) + "/lab-core-probe"
        XCTAssertEqual(access(probe, X_OK), 0, "lab-core-probe is not built at \(probe)")
        let libraries = try sharedLibraries(of: probe)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libpng") }, "ldd listed not even libpng: \(libraries)")
        XCTAssertEqual(
            libraries.filter { $0.hasPrefix("libX") || $0.hasPrefix("libxcb") || $0.hasPrefix("libwebp") }, [])
        XCTAssertGreaterThan(
            try moduleSymbolCount(in: probe, modules: ["12ModalLabCore"]), 100, "the probe does not carry the core")
        // It runs what a test of a scene runs: the same steps in this process give the same line.
        let run = try ChildProcess(probe, arguments: [])
        XCTAssertEqual(run.wait(timeout: 60), .exited(0), run.standardError)
        let harness = try HeadlessLab(scene: SceneCatalog.all[0], showsHUD: true)
        let size = harness.render(), before = harness.topName
        XCTAssertEqual(before, "modal", "the scene starts presented")
        harness.drag(
            from: Point(x: Double(size.width) / 2, y: Double(size.height) * 0.3),
            by: Point(x: 0, y: Double(size.height) * 0.5), over: 0.2)
        XCTAssertTrue(harness.settle())
        let frame = harness.render()
        XCTAssertEqual(harness.topName, "presenting", "half the window down dismisses")
        XCTAssertEqual(run.standardOutput, "\(before) \(harness.topName) \(frame.width)x\(frame.height)\n")
    }

    /// The version `--version` prints is the newest entry of CHANGELOG.md, which a dependent's `from:` names.
    func testVersionIsTheChangelogsNewestEntry() throws {
        let changelog = try String(contentsOfFile: LabProcess.packageRoot + "/CHANGELOG.md", encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
            .map { $0.dropFirst(3).split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(LabConfiguration.version, "modal-lab \(newest ?? "(none)")")
    }

    /// The names of the shared libraries `ldd` lists for `path`.
    private func sharedLibraries(of path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String]
    {
        let ldd = try ChildProcess("/usr/bin/ldd", arguments: [path])
        XCTAssertEqual(ldd.wait(timeout: 30), .exited(0), ldd.standardError, file: file, line: line)
        return ldd.standardOutput.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
    }

    /// How many symbols defined in `path` belong to one of `modules` (Swift's mangled module names, "$s" + length +
    /// name, as in "$s10Foundation").
    private func moduleSymbolCount(
        in path: String, modules: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Int {
        let nm = try ChildProcess("/usr/bin/nm", arguments: ["--defined-only", path])
        XCTAssertEqual(nm.wait(timeout: 60), .exited(0), nm.standardError, file: file, line: line)
        return nm.standardOutput.split(separator: "\n").filter { line in
            modules.contains { line.contains(" $s" + $0) }
        }.count
    }
}
