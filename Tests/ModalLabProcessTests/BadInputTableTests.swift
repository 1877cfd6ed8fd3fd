import Glibc
import ModalKitTestSupport
import ModalLabDriver
@testable import ModalLab
@testable import ModalLabCore
import Foundation
import Testing

extension InProcessLabTests {
    /// The real `modal-lab` given what a hostile or careless user would give it: options, config files, recordings,
    /// fonts, output paths and environments. Each row states the exit code and the one line on stderr (exit 2 adds
    /// "(see modal-lab --help)" on the same line). No row needs an X server: with DISPLAY unset, a row that expects
    /// its own error proves the lab stopped before connecting (and so before any window).
    @Suite final class BadInputTableTests {
        private struct Row {
            var arguments: [String]
            var code: Int32
            /// The whole of stderr without "modal-lab: " and the newline; "$T" stands for the fixtures' folder.
            var line: String?
            var environment: [String: String] = [:]
            /// Who names itself on stderr: "modal-lab", or a subcommand's "modal-lab render" (which adds no help hint).
            var program = "modal-lab"
        }

        private let fixtures: BadInputFixtures

        init() throws {
            fixtures = try BadInputFixtures()
        }

        /// Runs each row, checking the exit code and stderr; returns what each did, for the record. A row the lab
        /// refuses before its session (`LabMain.refusal`) is checked in this process; the others, and every row that
        /// sets the environment, names a font, or reads or writes a FIFO, a device or standard input (a refusal that
        /// waited would hang the test, where a process is given 20 s), start the real modal-lab.
        private func run(_ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) throws {
            for row in rows {
                let arguments = row.arguments.map { $0.replacingOccurrences(of: "$T", with: fixtures.folder) }
                let label = arguments.joined(separator: " ").prefix(160)
                let (ended, standardError) = try outcome(row, arguments)
                #expect(ended == .exited(row.code), "\(label): \(standardError)", sourceLocation: sourceLocation)
                let expected =
                    row.line.map {
                        row.program + ": " + $0.replacingOccurrences(of: "$T", with: fixtures.folder)
                            + (row.code == 2 && row.program == "modal-lab" ? " (see modal-lab --help)" : "") + "\n"
                    } ?? ""
                #expect(standardError == expected, "\(label)", sourceLocation: sourceLocation)
                print(
                    "bad input: \(label.replacingOccurrences(of: fixtures.folder, with: "$T")) -> \(String(describing: ended)): "
                        + standardError.prefix(200).replacingOccurrences(of: fixtures.folder, with: "$T"))
            }
        }

        /// How the lab ended `row` and what it wrote to stderr: in this process when it refuses the row before its
        /// session, else from a real modal-lab.
        private func outcome(_ row: Row, _ arguments: [String]) throws -> (ChildProcess.Termination?, String) {
            let waits = ["fifo", "/dev/", "--font"].contains { word in arguments.contains { $0.contains(word) } }
            if row.program == "modal-lab", row.environment.isEmpty, !waits,
                let refusal = LabMain.refusal(arguments)
            {
                return (.exited(refusal.code), refusal.standardError)
            }
            let lab = try launch(arguments, row.environment)
            let ended = lab.wait(timeout: 20)
            return (ended, lab.standardError)
        }

        /// The lab with DISPLAY from `environment` (unset when absent) and its other variables set.
        private func launch(_ arguments: [String], _ environment: [String: String]) throws -> ChildProcess {
            guard environment.keys.contains(where: { $0 != "DISPLAY" }) else {
                return try LabProcess.launchPinned(arguments, display: environment["DISPLAY"])
            }
            var all = ChildProcess.currentEnvironment()
            all["DISPLAY"] = nil
            for (key, value) in environment { all[key] = value.replacingOccurrences(of: "$T", with: fixtures.folder) }
            return try ChildProcess(
                LabProcess.executablePath, arguments: PinnedScreen.arguments(arguments), environment: all,
                ownProcessGroup: true)
        }

        private func usage(_ arguments: [String], _ line: String) -> Row {
            Row(arguments: arguments, code: 2, line: line)
        }
        private func io(_ arguments: [String], _ line: String) -> Row { Row(arguments: arguments, code: 1, line: line) }
        private func ok(_ arguments: [String]) -> Row { Row(arguments: arguments, code: 0, line: nil) }

        /// A copy of /dev/null in the fixtures: if a regression ever replaced the device, it replaces only the copy.
        private let shot = ["--headless", "--screenshot", "$T/null"]
        private let long = String(repeating: "a", count: 50_000)
        private let cut = String(repeating: "a", count: 80) + "…"

        @Test func testOptions() throws {
            try run([
                usage(["--frobnicate"], "unknown option '--frobnicate'"),
                usage(["--" + long], "unknown option '--" + String(repeating: "a", count: 78) + "…'"),
                usage(["--bad\noption"], "unknown option '--bad\\u{a}option'"),
                usage(["--fps"], "--fps needs a value"),
                usage(["--fps", "1e-20"], "--fps needs a number from 1 to 1000, not '1e-20'"),
                usage(["--fps", "0"], "--fps needs a number from 1 to 1000, not '0'"),
                usage(["--fps", "inf"], "--fps needs a number from 1 to 1000, not 'inf'"),
                usage(["--fps", "nan"], "--fps needs a number from 1 to 1000, not 'nan'"),
                usage(["--fps", "1001"], "--fps needs a number from 1 to 1000, not '1001'"),
                usage(["--fps", "sixty"], "--fps needs a number from 1 to 1000, not 'sixty'"),
                usage(["--scale", "1000"] + shot, "--scale needs a number from 0.5 to 4, not '1000'"),
                usage(["--scale", "100"], "--scale needs a number from 0.5 to 4, not '100'"),
                usage(["--scale", "0.1"], "--scale needs a number from 0.5 to 4, not '0.1'"),
                usage(["--scale", "-1"], "--scale needs a number from 0.5 to 4, not '-1'"),
                usage(
                    ["--size", "1e6x1e6"],
                    "--size needs WxH in points from 200x300 to 4000x4000, like 375x667, not '1e6x1e6'"),
                usage(
                    ["--size", "100x100"],
                    "--size needs WxH in points from 200x300 to 4000x4000, like 375x667, not '100x100'"),
                usage(
                    ["--size", "375"], "--size needs WxH in points from 200x300 to 4000x4000, like 375x667, not '375'"),
                usage(
                    ["--size", "4000x4000", "--scale", "4"],
                    "--size 4000x4000 at scale 4 is 16000x16000 pixels; the limit is 8192 a side and 16777216 in all"),
                usage(
                    ["--size", "4000x4000", "--scale", "1.5"] + shot,
                    "--size 4000x4000 at scale 1.5 is 6000x6000 pixels; the limit is 8192 a side and 16777216 in all"),
                usage(
                    ["--scene", "sheets"],
                    "unknown scene 'sheets' (scenes: interactor, free-drag, pannable, navigation, spring, sheet, zoom)"),
                usage(["--scene", long], "--scene value is 50000 characters long (the limit is 80): '\(cut)'"),
                usage(["--set", "threshold=1.5"], "parameter threshold: 1.5 is out of range 0.0...1.0"),
                usage(["--set", "threshold"], "--set needs KEY=VALUE, not 'threshold'"),
                usage(
                    ["--set", "curve=" + long],
                    "--set value is 50006 characters long (the limit is 80): 'curve="
                        + String(repeating: "a", count: 74)
                        + "…'"),
                usage(["--headless"], "--headless needs --screenshot, --replay, --trace or --export"),
                usage(["--trace", ""], "--trace needs a file name, not an empty string"),
                usage(
                    ["--trace", "/" + long],
                    "--trace path is 50001 bytes long (the limit is 4095): '/" + String(repeating: "a", count: 79)
                        + "…'")
            ])
        }

        /// `--option=value` is the option with that value, as getopt_long takes it.
        @Test func testOptionsWithAttachedValues() throws {
            try run([
                ok(["--scene=sheet", "--set=response=0.4", "--size=320x480"] + shot),
                usage(
                    ["--scene=sheets"],
                    "unknown scene 'sheets' (scenes: interactor, free-drag, pannable, navigation, spring, sheet, zoom)"),
                usage(["--fps="], "--fps needs a number from 1 to 1000, not ''"),
                usage(["--headless=yes"] + shot, "--headless takes no value, not '--headless=yes'"),
                usage(["--frobnicate=1"], "unknown option '--frobnicate=1'")
            ])
        }

        /// What the user typed comes back escaped: nothing in it can drive the terminal, reorder or hide the line,
        /// and no run of combining marks makes an echo longer than 80 scalars.
        @Test func testUserTextIsEchoedSafely() throws {
            let marks = String(repeating: "\u{301}", count: 40_000) // 80 KB: an argument may be 128 KB
            let curves = "is not a curve (linear, ease-in, ease-out, ease-in-out)"
            try run([
                usage(["--set", "curve=\u{1b}[2J"], "parameter curve: '\\u{1b}[2J' \(curves)"),
                usage(["--set", "curve=\u{9b}31m"], "parameter curve: '\\u{9b}31m' \(curves)"),
                usage(["--set", "curve=\u{202e}raenil"], "parameter curve: '\\u{202e}raenil' \(curves)"),
                usage(["--set", "curve=line\u{200b}ar"], "parameter curve: 'line\\u{200b}ar' \(curves)"),
                usage(
                    ["--set", "curve=a" + marks],
                    "--set value is 40007 characters long (the limit is 80): 'curve=a"
                        + String(marks.unicodeScalars.prefix(73)) + "…'"),
                usage(
                    ["--scene", "s" + marks],
                    "--scene value is 40001 characters long (the limit is 80): 's"
                        + String(marks.unicodeScalars.prefix(79)) + "…'"),
                usage(
                    ["--config", "$T/escape-value.json"],
                    "config file $T/escape-value.json: parameter curve: '\\u{1b}[2J' \(curves)"),
                usage(
                    ["--config", "$T/marks-value.json"],
                    "config file $T/marks-value.json: parameter curve: 'a"
                        + String(marks.unicodeScalars.prefix(79)) + "…' is longer than 80 characters"),
                usage(["--frob\u{7}\u{2066}"], "unknown option '--frob\\u{7}\\u{2066}'")
            ])
        }

        @Test func testConfigFiles() throws {
            try run([
                usage(["--config", "$T/dup.json"], "config file $T/dup.json: parameter 'threshold' is given twice"),
                usage(
                    ["--config", "$T/dup-escaped.json"],
                    "config file $T/dup-escaped.json: parameter 'threshold' is given twice"),
                usage(
                    ["--config", "$T/dup-bom.json"], "config file $T/dup-bom.json: parameter 'threshold' is given twice"
                ),
                usage(
                    ["--config", "$T/quote-in-value.json"],
                    #"config file $T/quote-in-value.json: parameter curve: 'x","threshold":"' is not a curve (linear, ease-in, ease-out, ease-in-out)"#
                ),
                usage(
                    ["--config", "$T/nested.json"],
                    "config file $T/nested.json: parameter threshold has a value of the wrong type"),
                ok(["--config", "$T/escaped-key.json"] + shot),
                usage(["--config", "$T/array.json"], "config file $T/array.json is not a JSON object of parameters"),
                usage(
                    ["--config", "$T/not-json.json"], "config file $T/not-json.json is not a JSON object of parameters"),
                usage(
                    ["--config", "$T/non-utf8.json"], "config file $T/non-utf8.json is not a JSON object of parameters"),
                usage(
                    ["--config", "$T/wrong-type.json"],
                    "config file $T/wrong-type.json: parameter threshold has a value of the wrong type"),
                usage(
                    ["--config", "$T/out-of-range.json"],
                    "config file $T/out-of-range.json: parameter threshold: 5.0 is out of range 0.0...1.0"),
                usage(
                    ["--config", "$T/long-curve.json"],
                    "config file $T/long-curve.json: parameter curve: '" + String(repeating: "c", count: 80)
                        + "…' is longer than 80 characters"),
                usage(
                    ["--config", "$T/big.json"],
                    "config file $T/big.json is 11534338 bytes; the limit is 10485760 bytes (10 MiB)"),
                io(
                    ["--config", "$T/missing.json"],
                    "cannot read config file $T/missing.json: No such file or directory"),
                io(["--config", "$T/folder"], "cannot read config file $T/folder: it is a directory"),
                // Nothing that could wait for a writer or a device: refused before anything is read.
                io(
                    ["--config", "$T/stream.fifo"],
                    "cannot read config file $T/stream.fifo: it is a FIFO, not a regular file"),
                io(["--config", "/dev/zero"], "cannot read config file /dev/zero: it is a device, not a regular file")
            ])
        }

        /// `--compare SPEC`: B is A changed by SPEC, so SPEC must name this scene's keys in range, a known scene, or a
        /// readable config file, and must change something. A file that cannot be read is exit 1, as for `--config`.
        @Test func testCompareSpecs() throws {
            let pannable = ["--scene", "pannable"]
            // A compare session's recording: its points are window points of two stages and the band.
            try fixtures.write(
                "compare.jsonl",
                #"{"t":0,"type":"session","args":["--scene","interactor","--compare","threshold=0.5"]}"#
                    + "\n" + #"{"t":0.5,"type":"down","x":500,"y":300,"time":0.5}"# + "\n")
            let many = (0 ..< 10_000).map { "k\($0)=1" }.joined(separator: ",")
            try run([
                usage(
                    ["--compare", ""],
                    "--compare needs KEY=VALUE,..., scene=NAME, scene-file=FILE or a config file, not an empty string"),
                usage(
                    ["--compare", "frobnicate=1"],
                    "--compare: unknown parameter 'frobnicate' (this scene has: threshold, duration, curve, completionSpeed, completionCurve, estimator)"
                ),
                usage(
                    pannable + ["--compare", "minimumScreenRatioToHide=2"],
                    "--compare: parameter minimumScreenRatioToHide: 2.0 is out of range 0.0...1.0"),
                usage(["--compare", "threshold=abc"], "--compare: parameter threshold: 'abc' is not a number"),
                usage(
                    ["--compare", "scene=nope"],
                    "--compare: unknown scene 'nope' (scenes: interactor, free-drag, pannable, navigation, spring, sheet, zoom)"
                ),
                usage(
                    pannable + ["--compare", "minimumScreenRatioToHide=0.5"],
                    "--compare 'minimumScreenRatioToHide=0.5' changes nothing: B would be the same as A"),
                usage(
                    ["--set", "threshold=0.4", "--compare", "threshold=0.4"],
                    "--compare 'threshold=0.4' changes nothing: B would be the same as A"),
                usage(
                    ["--compare", "scene=interactor"],
                    "--compare 'scene=interactor' changes nothing: B would be the same as A"),
                usage(["--compare", "=0.5"], "--compare needs KEY=VALUE,..., not '=0.5' in '=0.5'"),
                usage(
                    ["--compare", "threshold=0.5,"],
                    "--compare needs KEY=VALUE,..., not an empty item in 'threshold=0.5,'"),
                usage(["--compare", "threshold=0.4,threshold=0.5"], "--compare gives 'threshold' twice"),
                // Ten thousand items: past the limit, and called what it is (it was "--compare path is ... bytes long").
                usage(
                    ["--compare", many],
                    "--compare SPEC is \(many.utf8.count) bytes long (the limit is 4095): '\(many.prefix(80))…'"),
                usage(
                    ["--compare", "$T/out-of-range.json"],
                    "--compare: config file $T/out-of-range.json: parameter threshold: 5.0 is out of range 0.0...1.0"),
                io(
                    ["--compare", "$T/missing.json"],
                    "--compare: cannot read config file $T/missing.json: No such file or directory"),
                io(
                    ["--compare", "$T/stream.fifo"],
                    "--compare: cannot read config file $T/stream.fifo: it is a FIFO, not a regular file"),
                ok(["--compare", "threshold=0.5", "--inspector"] + shot),
                ok(["--replay", "$T/compare.jsonl"] + shot), // the session line's --compare
                usage(
                    ["--compare", "threshold=0.6", "--replay", "$T/compare.jsonl"] + shot,
                    "recording $T/compare.jsonl was made with --compare 'threshold=0.5': replay it with the same"),
                ok(["--compare", "threshold=0.5", "--replay", "$T/compare.jsonl"] + shot),
                // Two stages side by side: 2 × 2100 + 2 points at scale 2 is wider than the host's 8192 pixels.
                usage(
                    ["--size", "2100x1000", "--scale", "2", "--compare", "threshold=0.5"] + shot,
                    "--size 2100x1000 with --compare (two stages side by side) at scale 2 is 8404x2048 pixels; the limit is 8192 a side and 16777216 in all"
                ),
                ok(["--size", "2000x1000", "--scale", "2", "--compare", "threshold=0.5"] + shot),
                // scene-file=PATH: B runs its own scene file beside A's scene (or A's scene file).
                ok(["--compare", "scene-file=$T/scene.json"] + shot),
                ok(["--scene-file", "$T/scene.json", "--compare", "scene-file=$T/scene-strip-content.json"] + shot),
                usage(["--compare", "scene-file="], "--compare scene-file= needs a path"),
                usage(
                    ["--compare", "scene=sheet,scene-file=$T/scene.json"],
                    "--compare names B's scene twice (scene= and scene-file=): give one"),
                usage(
                    ["--compare", "scene-file=$T/scene-style.json"],
                    "--compare: scene file $T/scene-style.json: style 'drawer' is not one of interactor, free-drag, pannable, navigation, spring, sheet, zoom"
                ),
                usage(
                    ["--compare", "scene-file=$T/missing.json"],
                    "--compare: cannot read scene file $T/missing.json: No such file or directory"),
                usage(
                    ["--compare", "scene-file=$T/scene.json,detents=large"],
                    "--compare: unknown parameter 'detents' (this scene has: minimumVelocityToHide, minimumScreenRatioToHide, animationDuration, estimator)"
                ),
                usage(
                    ["--scene-file", "$T/scene.json", "--compare", "scene-file=$T/scene.json"],
                    "--compare 'scene-file=$T/scene.json' changes nothing: B would be the same as A"),
                usage(
                    ["--compare", "scene-file=$T/scene-taken.json"],
                    "--compare: scene file $T/scene-taken.json: name 'sheet' is a built-in scene's; choose another"),
                // B's scene file and its images are inputs: no output may be written over them.
                usage(
                    ["--compare", "scene-file=$T/scene.json", "--trace", "$T/scene.json"] + shot,
                    "--compare's scene file and --trace name the same file '$T/scene.json'"),
                usage(
                    ["--compare", "scene-file=$T/scene.json", "--trace", "$T/screen@2x.png"] + shot,
                    "--compare's scene-file image and --trace name the same file '$T/screen@2x.png'")
            ])
        }

        @Test func testRecordings() throws {
            try run([
                ok(["--replay", "$T/drag.jsonl"] + shot),
                ok(["--replay", "$T/crlf.jsonl"] + shot),
                ok(["--replay", "/dev/stdin"] + shot),
                usage(
                    ["--replay", "$T/t-1e300.jsonl"] + shot,
                    "recording $T/t-1e300.jsonl: line 1 has t 1e+300, outside 0...86400"),
                usage(
                    ["--replay", "$T/t-1e5.jsonl"] + shot,
                    "recording $T/t-1e5.jsonl: line 1 has t 100000.0, outside 0...86400"),
                usage(
                    ["--replay", "$T/t-negative.jsonl"] + shot,
                    "recording $T/t-negative.jsonl: line 1 has t -1.0, outside 0...86400"),
                usage(
                    ["--replay", "$T/x-1e18.jsonl"] + shot,
                    "recording $T/x-1e18.jsonl: line 1 has x 1e+18, outside -100000...100000"),
                usage(
                    ["--replay", "$T/time-1e300.jsonl"] + shot,
                    "recording $T/time-1e300.jsonl: line 1 has time 1e+300, outside -10000000...10000000"),
                ok(["--replay", "$T/pinch.jsonl"] + shot),
                usage(
                    ["--replay", "$T/pinch-negative.jsonl"] + shot,
                    "recording $T/pinch-negative.jsonl: line 1 has scale -1.0, outside 0.001...1000"),
                usage(
                    ["--replay", "$T/pinch-zero.jsonl"] + shot,
                    "recording $T/pinch-zero.jsonl: line 1 has scale 0.0, outside 0.001...1000"),
                usage(
                    ["--replay", "$T/pinch-1e300.jsonl"] + shot,
                    "recording $T/pinch-1e300.jsonl: line 1 has scale 1e+300, outside 0.001...1000"),
                usage(
                    ["--replay", "$T/pinch-nan.jsonl"] + shot,
                    "recording $T/pinch-nan.jsonl: line 1 is not a recorded event"),
                usage(
                    ["--replay", "$T/pinch-phase.jsonl"] + shot,
                    "recording $T/pinch-phase.jsonl: line 1 has pinch phase 'twist', not one of began, changed, ended, cancelled"
                ),
                usage(
                    ["--replay", "$T/resize-1e6.jsonl"] + shot,
                    "recording $T/resize-1e6.jsonl: line 1 has w 1000000.0, outside 1...4000"),
                usage(
                    ["--replay", "$T/resize-1e300.jsonl"] + shot,
                    "recording $T/resize-1e300.jsonl: line 1 has w 1e+300, outside 1...4000"),
                usage(
                    ["--replay", "$T/resize-4000.jsonl", "--scale", "2"] + shot,
                    "recording $T/resize-4000.jsonl: resize to 4000x4000 at t 0.1 at scale 2 is 8000x8000 pixels; the limit is 8192 a side and 16777216 in all"
                ),
                usage(
                    ["--replay", "$T/resize-4000.jsonl", "--scale", "2"], // in a window: refused before connecting
                    "recording $T/resize-4000.jsonl: resize to 4000x4000 at t 0.1 at scale 2 is 8000x8000 pixels; the limit is 8192 a side and 16777216 in all"
                ),
                // 16 Mpx fits.
                ok(["--replay", "$T/resize-4000.jsonl", "--headless", "--trace", "$T/resize-trace.jsonl"]),
                usage(
                    ["--replay", "$T/bad-line.jsonl"] + shot,
                    "recording $T/bad-line.jsonl: line 2 is not a recorded event"),
                usage(["--replay", "$T/non-utf8.jsonl"] + shot, "recording $T/non-utf8.jsonl is not UTF-8 text"),
                usage(
                    ["--replay", "$T/big.jsonl"] + shot,
                    "recording $T/big.jsonl is 11720394 bytes; the limit is 10485760 bytes (10 MiB)"),
                io(
                    ["--replay", "$T/missing.jsonl"] + shot,
                    "cannot read recording $T/missing.jsonl: No such file or directory"),
                io(["--replay", "$T/folder"] + shot, "cannot read recording $T/folder: it is a directory")
            ])
        }

        /// A replay, headless or in a window, runs in the setup its session line names; a session this lab cannot run,
        /// or one made in another scene than the one asked, is one line and exit 2 (in a window: before connecting).
        @Test func testReplaySessionLines() throws {
            let scenes = "interactor, free-drag, pannable, navigation, spring, sheet, zoom"
            for mode in [shot, []] {
                try run([
                    usage(
                        ["--replay", "$T/session-not-a-list.jsonl"] + mode,
                        "recording $T/session-not-a-list.jsonl: line 1 is a session line without its list of options"),
                    usage(
                        ["--replay", "$T/session-unknown-scene.jsonl"] + mode,
                        "recording $T/session-unknown-scene.jsonl does not match this lab: unknown scene 'nosuch' (scenes: \(scenes))"
                    ),
                    usage(
                        ["--replay", "$T/session-foreign-parameter.jsonl"] + mode,
                        "recording $T/session-foreign-parameter.jsonl does not match this lab: unknown parameter 'response' (this scene has: "
                            + "minimumVelocityToHide, minimumScreenRatioToHide, animationDuration, estimator)"),
                    usage(
                        ["--replay", "$T/session-changed.jsonl"] + mode,
                        "recording $T/session-changed.jsonl: $T/scene.json changed since the recording was made; record the session again"
                    ),
                    usage(
                        ["--replay", "$T/session-bad-digests.jsonl"] + mode,
                        #"recording $T/session-bad-digests.jsonl: line 1 is a session line whose digests are not a list of {"file", "fnv1a64"}"#
                    ),
                    usage(
                        ["--replay", "$T/pannable.jsonl", "--scene", "sheet"] + mode,
                        "recording $T/pannable.jsonl was made in scene 'pannable', not 'sheet': its input would not mean the same there"
                    )
                ])
            }
            try run([ok(["--replay", "$T/pannable.jsonl", "--scene", "pannable"] + shot)])
            // Outputs a session line names are dropped with one notice, and the replay goes on.
            try run([
                Row(
                    arguments: ["--replay", "$T/session-outputs.jsonl"] + shot, code: 0,
                    line:
                        "recording $T/session-outputs.jsonl: ignoring --trace, --export in its session line (a recording sets up the stage; outputs come from the command line)"
                ),
                usage(
                    ["--replay", "$T/session-escape.jsonl"] + shot,
                    "recording $T/session-escape.jsonl does not match this lab: unknown option '--trace\\u{1b}[2J'")
            ])
            #expect(try String(contentsOfFile: fixtures.path("victim.txt"), encoding: .utf8) == "precious")
        }

        @Test func testFontsAndEnvironment() throws {
            try run([
                io(["--font", "$T/missing.ttf"] + shot, "cannot read font $T/missing.ttf: No such file or directory"),
                io(["--font", "$T/folder"] + shot, "cannot read font $T/folder: it is a directory"),
                io(
                    ["--font", "$T/stream.fifo"] + shot,
                    "cannot read font $T/stream.fifo: it is a FIFO, not a regular file"
                ),
                io(["--font", "/dev/zero"] + shot, "cannot read font /dev/zero: it is a device, not a regular file"),
                usage(
                    ["--font", "$T/not-a-font.ttf"] + shot, "--font $T/not-a-font.ttf is not a font FreeType can read"),
                io([], "DISPLAY is not set: run inside an X session or under Xvfb"),
                Row(
                    arguments: [], code: 1, line: "cannot connect to the X server at :9999",
                    environment: ["DISPLAY": ":9999"]),
                Row(
                    arguments: [], code: 1, line: "DISPLAY is not set: run inside an X session or under Xvfb",
                    environment: ["DISPLAY": ""]),
                Row(
                    arguments: [], code: 1, line: "cannot connect to the X server at \(cut)",
                    environment: ["DISPLAY": String(repeating: "a", count: 300)]),
                // Checked before the X server is asked: with no DISPLAY, the lab still names the real problem.
                usage(
                    ["--size", "4000x4000", "--scale", "4"],
                    "--size 4000x4000 at scale 4 is 16000x16000 pixels; the limit is 8192 a side and 16777216 in all"),
                usage(["--config", "$T/dup.json"], "config file $T/dup.json: parameter 'threshold' is given twice")
            ])
        }

        @Test func testOutputPaths() throws {
            try run([
                io(["--trace", "$T/folder"], "cannot write trace $T/folder: Is a directory"),
                io(["--screenshot", "$T/folder"], "cannot write screenshot $T/folder: it is a directory"),
                io(
                    ["--screenshot", "$T/link-to-folder"],
                    "cannot write screenshot $T/link-to-folder: it is a directory"),
                io(
                    ["--screenshot", "$T/dangling"],
                    "cannot write screenshot $T/dangling: it is a symbolic link to nothing (No such file or directory)"),
                io(
                    ["--record", "$T/no/such/folder.jsonl"],
                    "cannot write recording $T/no/such/folder.jsonl: No such file or directory"),
                io(
                    ["--screenshot", "$T/no/such/folder.png"],
                    "cannot write screenshot $T/no/such/folder.png: No such file or directory"),
                io(
                    ["--trace", "/proc/modal-lab-trace"],
                    "cannot write trace /proc/modal-lab-trace: No such file or directory"),
                io(
                    ["--screenshot", "/proc/modal-lab.png"],
                    "cannot write screenshot /proc/modal-lab.png: No such file or directory"),
                io(["--headless", "--trace", "/dev/full"], "cannot write trace /dev/full: No space left on device"),
                io(
                    ["--headless", "--replay", "$T/drag.jsonl", "--record", "/dev/full"],
                    "cannot write recording /dev/full: No space left on device"),
                usage(
                    ["--trace", "$T/same.jsonl", "--record", "$T/same.jsonl"],
                    "--trace and --record name the same file '$T/same.jsonl'"),
                usage(
                    ["--trace", "$T/same.jsonl", "--record", "$T/same-link"],
                    "--trace and --record name the same file '$T/same-link'"),
                usage(
                    ["--trace", "$T/new.jsonl", "--screenshot", "$T/./new.jsonl"],
                    "--trace and --screenshot name the same file '$T/./new.jsonl'"),
                usage(
                    ["--replay", "$T/drag.jsonl", "--record", "$T/drag.jsonl"],
                    "--replay and --record name the same file '$T/drag.jsonl'"),
                usage(
                    ["--trace", "-", "--screenshot", "$T/stdout"],
                    "--trace and --screenshot name the same file '$T/stdout'"
                ),
                usage(
                    ["--config", "$T/escaped-key.json", "--trace", "$T/escaped-key.json"],
                    "--config and --trace name the same file '$T/escaped-key.json'"),
                usage(
                    ["--font", "$T/not-a-font.ttf", "--screenshot", "$T/not-a-font.ttf"],
                    "--font and --screenshot name the same file '$T/not-a-font.ttf'"),
                ok(["--headless", "--trace", "$T/null", "--record", "$T/null", "--screenshot", "$T/null"]),
                // The export's third file, its SwiftUI, is checked as the other two are, before anything is written.
                io(
                    ["--headless", "--export", "$T/ui-folder.json"],
                    "cannot write export $T/ui-folder-swiftui.swift: it is a directory"),
                io(
                    ["--headless", "--export", "$T/ui-dangling.json"],
                    "cannot write export $T/ui-dangling-swiftui.swift: it is a symbolic link to nothing "
                        + "(No such file or directory)"),
                usage(
                    ["--trace", "$T/t-swiftui.swift", "--export", "$T/t.json"],
                    "--trace and --export name the same file '$T/t-swiftui.swift'")
            ])
            for made in ["ui-folder.json", "ui-folder.swift", "ui-dangling.json", "ui-dangling.swift"] {
                #expect(!FileManager.default.fileExists(atPath: fixtures.path(made)), "\(made) was written")
            }
        }

        /// `--scene-file`: a file that is not a version 1 scene of known keys, style and values is one line and exit 2,
        /// before any window.
        @Test func testSceneFiles() throws {
            let file = "scene file $T/"
            let keys =
                "version, name, style, placement, presenting, presented, header, content, cells, parameters, device, ios"
            let styles = "interactor, free-drag, pannable, navigation, spring, sheet, zoom"
            try run([
                ok(["--scene-file", "$T/scene.json"] + shot),
                // A 1 × 8192 strip filling the card is 390 × 3,194,880 pixels: only the visible part is resampled
                // (it was all of it: 5 GB and minutes, or the OOM killer).
                ok(["--scene-file", "$T/scene-strip-tall.json"] + shot),
                ok(["--scene-file", "$T/scene-strip-wide.json"] + shot),
                // Fitted to the sheet's width, the same strip as a sheet's header or content is 3 million points tall:
                // the header shows its top, the content scrolls in strips a few screens tall (each was the whole strip).
                ok(["--scene-file", "$T/scene-strip-header.json"] + shot),
                ok(["--scene-file", "$T/scene-strip-content.json"] + shot),
                usage(
                    ["--scene-file", "$T/scene-not-json.json"] + shot, file + "scene-not-json.json is not a JSON object"
                ),
                ok(["--scene-file", "$T/scene-zoom.json"] + shot),
                usage(
                    ["--scene-file", "$T/scene-zoom-empty.json"] + shot,
                    file + "scene-zoom-empty.json: cell 1 is empty (width and height must be positive)"),
                usage(
                    ["--scene-file", "$T/scene-zoom-outside.json"] + shot,
                    file + "scene-zoom-outside.json: cell 2 [-40.0, 5000.0, 112.0, 112.0] is outside the screen "
                        + "(0...4000 points each way)"),
                usage(
                    ["--scene-file", "$T/scene-zoom-nan.json"] + shot,
                    file + "scene-zoom-nan.json: cell 1 has a number that is not finite"),
                usage(
                    ["--scene-file", "$T/scene-zoom-million.json"] + shot,
                    file + "scene-zoom-million.json: cells has 1000000 cells; at most 1000"),
                usage(
                    ["--scene-file", "$T/scene-zoom-no-cells.json"] + shot,
                    file + #"scene-zoom-no-cells.json: style zoom needs "cells": [[x, y, width, height], ...]"#),
                usage(
                    ["--scene-file", "$T/scene-zoom-shape.json"] + shot,
                    file + "scene-zoom-shape.json: cell 1 is not [x, y, width, height]"),
                usage(
                    ["--scene-file", "$T/scene-zoom-foreign.json"] + shot,
                    file + #"scene-zoom-foreign.json: "cells" are for style zoom, not spring"#),
                usage(
                    ["--scene-file", "$T/scene-version.json"] + shot,
                    file + "scene-version.json: version 2 is not 1, the one this lab reads"),
                usage(
                    ["--scene-file", "$T/scene-no-version.json"] + shot,
                    file + #"scene-no-version.json has no "version": 1"#),
                usage(
                    ["--scene-file", "$T/scene-style.json"] + shot,
                    file + "scene-style.json: style 'drawer' is not one of \(styles)"),
                usage(
                    ["--scene-file", "$T/scene-no-style.json"] + shot,
                    file + #"scene-no-style.json has no "style" (one of \#(styles))"#),
                usage(
                    ["--scene-file", "$T/scene-deep.json"] + shot,
                    file + "scene-deep.json nests arrays or objects more than 64 deep (the limit)"),
                usage(
                    ["--scene-file", "$T/scene-nul.json"] + shot,
                    file + #"scene-nul.json: presented path contains a NUL: 'screen.png\u{0}.txt'"#),
                usage(
                    ["--scene-file", "$T/scene-key.json"] + shot,
                    file + "scene-key.json: unknown key 'colour' (keys: \(keys))"),
                usage(["--scene-file", "$T/scene-dup.json"] + shot, file + "scene-dup.json: key 'name' is given twice"),
                usage(
                    ["--scene-file", "$T/scene-dup-image.json"] + shot,
                    file + "scene-dup-image.json: presented: key 'image' is given twice"),
                usage(
                    ["--scene-file", "$T/scene-dup-parameter.json"] + shot,
                    file + "scene-dup-parameter.json: parameters: parameter 'animationDuration' is given twice"),
                usage(
                    ["--scene-file", "$T/scene-range.json"] + shot,
                    file
                        + "scene-range.json: parameters: parameter minimumScreenRatioToHide: 2.0 is out of range 0.0...1.0"
                ),
                usage(
                    ["--scene-file", "$T/scene-foreign.json"] + shot,
                    file + "scene-foreign.json: parameters: unknown parameter 'detents' (this scene has: "
                        + "minimumVelocityToHide, minimumScreenRatioToHide, animationDuration, estimator)"),
                usage(
                    ["--scene-file", "$T/scene-placement.json"] + shot,
                    file + "scene-placement.json: placement 'stretch' is not one of fill, fit, top"),
                usage(
                    ["--scene-file", "$T/scene-no-card.json"] + shot,
                    file + #"scene-no-card.json has no "presented" image"#
                ),
                usage(
                    ["--scene-file", "$T/scene-header.json"] + shot,
                    file + #"scene-header.json: "header" and "content" are for style sheet, not spring"#),
                usage(
                    ["--scene-file", "$T/scene-taken.json"] + shot,
                    file + "scene-taken.json: name 'sheet' is a built-in scene's; choose another"),
                usage(
                    ["--scene-file", "$T/missing.json"] + shot,
                    "cannot read scene file $T/missing.json: No such file or directory"),
                // The @2x beside an image is the scene's too (picked at scale 2, or once it appears): never an output.
                usage(
                    ["--scene-file", "$T/scene.json", "--trace", "$T/screen@2x.png"] + shot,
                    "--scene-file's image and --trace name the same file '$T/screen@2x.png'"),
                usage(
                    ["--scene-file", "$T/scene.json", "--headless", "--screenshot", "$T/screen@3x.png"],
                    "--scene-file's image and --screenshot name the same file '$T/screen@3x.png'"),
                usage(
                    ["--scene-file", "$T/scene.json", "--scene", "sheet"] + shot,
                    "--scene and --scene-file both name the scene: give one")
            ])
        }

        /// The images a scene file names: missing, not a PNG, truncated, a decompression bomb, wider than a window may
        /// be, a symlink loop, a FIFO, a folder. Each is one line naming the file and the image, exit 2, at once
        /// (the bomb is refused from its header, before 40 GB are allocated; the FIFO is never waited for).
        @Test func testSceneFileImages() throws {
            let reasons = [
                "missing": "No such file or directory", "text": "not a PNG", "truncated": "PNG",
                "bomb": "100000x100000",
                "no-data": "it is 30000x30000 pixels; the limit is",
                "wide": "8193x1", "loop-a": "Too many levels of symbolic links", "stream": "FIFO", "folder": "directory"
            ]
            for (image, reason) in reasons {
                let lab = try LabProcess.launchPinned(
                    ["--scene-file", fixtures.path("scene-\(image).json")]
                        + shot.map {
                            $0.replacingOccurrences(of: "$T", with: fixtures.folder)
                        }, display: nil)
                #expect(lab.wait(timeout: 20) == .exited(2), Comment(rawValue: image))
                let prefix = "modal-lab: scene file \(fixtures.path("scene-\(image).json")): content image: "
                #expect(lab.standardError.hasPrefix(prefix), "\(image): \(lab.standardError)")
                #expect(lab.standardError.contains(reason), "\(image): \(lab.standardError)")
                #expect(lab.standardError.filter { $0 == "\n" }.count == 1, "\(image): one line")
                print(
                    "bad image: \(image) -> " + lab.standardError.replacingOccurrences(of: fixtures.folder, with: "$T"))
            }
        }

        /// A start that fails after some outputs were opened (a later output, the window) leaves none of the files it
        /// made: they were left empty, or a recording holding only its session line.
        @Test func testAFailedStartLeavesNoNewFiles() throws {
            let made = ["--trace", "$T/made-trace.jsonl", "--record", "$T/made-recording.jsonl"]
            try run([
                io(
                    made + ["--headless", "--screenshot", "$T/no/such/folder.png"],
                    "cannot write screenshot $T/no/such/folder.png: No such file or directory"),
                io(
                    ["--trace", "$T/made-trace.jsonl", "--record", "$T/no/such/r.jsonl"],
                    "cannot write recording $T/no/such/r.jsonl: No such file or directory"),
                io(made, "DISPLAY is not set: run inside an X session or under Xvfb")
            ])
            let left = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder).filter {
                $0.hasPrefix("made-")
            }
            #expect(left == [], "a failed start left files behind")
        }

        /// A FIFO nobody reads, as any output: refused at once with one line, never waited for in `open` (where Q,
        /// SIGTERM and SIGINT could not reach the lab).
        @Test func testOutputsToAFIFONobodyReads() throws {
            let refused = "it is a FIFO that nothing reads (refused: writing would wait for a reader)"
            try run([
                io(["--headless", "--screenshot", "$T/out.fifo"], "cannot write screenshot $T/out.fifo: \(refused)"),
                io(["--headless", "--trace", "$T/out.fifo"], "cannot write trace $T/out.fifo: \(refused)"),
                io(
                    ["--headless", "--replay", "$T/drag.jsonl", "--record", "$T/out.fifo"],
                    "cannot write recording $T/out.fifo: \(refused)"),
                io(["--plot", "$T/out.fifo"] + shot, "cannot write plot $T/out.fifo: \(refused)"),
                io(["--headless", "--export", "$T/out.fifo"], "cannot write export $T/out.fifo: \(refused)"),
                io(
                    ["--headless", "--export", "$T/ui-fifo.json"],
                    "cannot write export $T/ui-fifo-swiftui.swift: \(refused)")
            ])
        }

        /// As root the lab can overwrite anything, so these rows run it as nobody.
        @Test func testReadOnlyFilesForAnOrdinaryUser() throws {
            let path = fixtures.path("read-only.txt")
            let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            if getuid() == 0 && access(asNobody[0], X_OK) != 0 { try TestIssue.skip("running as root without setpriv") }
            let command = (getuid() == 0 ? asNobody : []) + [LabProcess.executablePath]
            for (option, what) in [("--trace", "trace"), ("--record", "recording"), ("--screenshot", "screenshot")] {
                let lab = try ChildProcess(command[0], arguments: Array(command.dropFirst()) + [option, path])
                #expect(lab.wait(timeout: 20) == .exited(1), Comment(rawValue: lab.standardError))
                #expect(lab.standardError == "modal-lab: cannot write \(what) \(path): Permission denied\n")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        }

        /// `modal-lab render`'s bad inputs: one line, and no output, not even part of one.
        @Test func testRender() throws {
            func render(_ arguments: [String], _ code: Int32, _ line: String, _ environment: [String: String] = [:])
                -> Row
            {
                Row(
                    arguments: ["render"] + arguments, code: code, line: line, environment: environment,
                    program: "modal-lab render")
            }
            let drag = "$T/pannable.jsonl", scenes = "interactor, free-drag, pannable, navigation, spring, sheet, zoom"
            try run([
                render(
                    [drag, "$T/out.avi"], 2,
                    "cannot write $T/out.avi: unsupported output (use .mp4, .webp, .gif, or a folder ending in / for PNGs)"
                ),
                render(
                    [drag, "$T/no/such/folder.webp"], 1,
                    "cannot write video $T/no/such/folder.webp: No such file or directory"),
                render(
                    [drag, "$T/no/such/folder.gif"], 1,
                    "cannot write video $T/no/such/folder.gif: No such file or directory"),
                render(
                    [drag, "$T/no/such/frames/"], 1, "cannot make folder $T/no/such/frames/: No such file or directory"),
                render([drag, "/proc/out.webp"], 1, "cannot write video /proc/out.webp: No such file or directory"),
                render(
                    [drag, "$T/used-frames/"], 1,
                    "cannot write frames into $T/used-frames/: it holds frame-00001.png of another render (name a new or empty folder)"
                ),
                render(
                    ["$T/pannable.gif", "$T/pannable.gif"], 2, "RECORDING and OUT name the same file '$T/pannable.gif'"),
                render(
                    ["$T/scene-webp.jsonl", "$T/screen.webp"], 2,
                    "--scene-file's image and OUT name the same file '$T/screen.webp'"),
                render(
                    [drag, "$T/out.mp4"], 1,
                    "cannot write $T/out.mp4: an MP4 needs the ffmpeg program, which is not installed (Debian: apt-get install ffmpeg)",
                    ["PATH": "$T/no-ffmpeg"]),
                render(
                    [drag, "$T/out.mp4"], 1, "ffmpeg stopped (exit status 3) before it had every frame",
                    ["PATH": "$T/failing-ffmpeg"]),
                render(
                    ["$T/session-changed.jsonl", "$T/out.webp"], 2,
                    "recording $T/session-changed.jsonl: $T/scene.json changed since the recording was made; record the session again"
                ),
                render(
                    ["$T/bad-line.jsonl", "$T/out.webp"], 2,
                    "recording $T/bad-line.jsonl: line 2 is not a recorded event"),
                render(
                    ["$T/missing.jsonl", "$T/out.webp"], 1,
                    "cannot read recording $T/missing.jsonl: No such file or directory"),
                render(
                    ["$T/session-not-a-list.jsonl", "$T/out.webp"], 2,
                    "recording $T/session-not-a-list.jsonl: line 1 is a session line without its list of options"),
                render(
                    ["$T/session-unknown-scene.jsonl", "$T/out.webp"], 2,
                    "recording $T/session-unknown-scene.jsonl does not match this lab: unknown scene 'nosuch' (scenes: \(scenes))"
                ),
                render(
                    ["$T/session-foreign-parameter.jsonl", "$T/out.webp"], 2,
                    "recording $T/session-foreign-parameter.jsonl does not match this lab: unknown parameter 'response' (this scene has: "
                        + "minimumVelocityToHide, minimumScreenRatioToHide, animationDuration, estimator)"),
                render(
                    [drag, "$T/out.webp", "--scene", "sheet"], 2,
                    "recording $T/pannable.jsonl was made in scene 'pannable', not 'sheet': its input would not mean the same there"
                ),
                render(
                    [drag, "$T/out.webp", "--slow", "0"], 2,
                    "--slow takes a whole factor from 1 to 10 (2 or 10, say), not '0'"),
                render([drag, "$T/out.webp", "--trace", "$T/t.jsonl"], 2, "unknown option '--trace' for render"),
                render(["$T/empty.jsonl", "$T/out.gif"], 2, "recording $T/empty.jsonl is empty: nothing to render"),
                // Refused when the output is opened, before any frame (it took the whole render to find out).
                render([drag, "$T/full.gif"], 1, "cannot write video $T/full.gif: No space left on device"),
                render([drag, "$T/full.webp"], 1, "cannot write video $T/full.webp: No space left on device")
            ])
            // `--record FILE --video OUT` checks the video before the lab starts, not after the session.
            let record = ["--record", "$T/session.jsonl"]
            try run([
                usage(
                    ["--video", "$T/out.webp"], "--video needs --record FILE: the video is rendered from the recording"),
                usage(
                    record + ["--video", "$T/out.avi"],
                    "cannot write $T/out.avi: unsupported output (use .mp4, .webp, .gif, or a folder ending in / for PNGs)"
                ),
                io(
                    record + ["--video", "$T/no/such/folder.webp"],
                    "cannot write video $T/no/such/folder.webp: No such file or directory"),
                Row(
                    arguments: record + ["--video", "$T/out.mp4"], code: 1,
                    line:
                        "cannot write $T/out.mp4: an MP4 needs the ffmpeg program, which is not installed (Debian: apt-get install ffmpeg)",
                    environment: ["PATH": "$T/no-ffmpeg"]),
                usage(
                    record + ["--video", "$T/session.jsonl"],
                    "--record and --video name the same file '$T/session.jsonl'"),
                usage(
                    ["--record", "$T/null", "--video", "$T/out.webp"],
                    "--video needs --record to name a file it can read back, not '$T/null'")
            ])
            let left = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder)
                .filter {
                    ["out.avi", "out.webp", "out.gif", "out.mp4", "no"].contains($0) || $0.hasPrefix(".modalkit")
                }
            #expect(left == [], "a failed render left files behind")
            #expect(
                FileManager.default.contents(atPath: fixtures.path("screen.webp"))
                    == FileManager.default.contents(atPath: fixtures.path("screen.png")),
                "the session's image was overwritten")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: fixtures.path("used-frames")) == ["frame-00001.png"]
            )
            #expect(
                try String(contentsOfFile: fixtures.path("used-frames/frame-00001.png"), encoding: .utf8)
                    == "an earlier render's frame")
        }

        /// A signal while the MP4 (or the PNGs) is being written: exit 128 + N, and nothing left of the output.
        @Test func testRenderStoppedBySignalLeavesNothing() throws {
            let mp4 = access("/usr/bin/ffmpeg", X_OK) == 0
            let output = fixtures.path(mp4 ? "stopped.mp4" : "stopped/")
            let lab = try LabProcess.launchPinned(["render", fixtures.path("long.jsonl"), output], display: nil)
            // Stopped once the output is being written: the encoder's temporary file, or the first frames.
            let started = (0 ..< 2000).contains { _ in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.folder)) ?? []
                if names.contains(where: { $0.hasPrefix(".modalkit") }) || names.contains("stopped") { return true }
                usleep(10_000)
                return false
            }
            #expect(started, "the render never started writing: \(lab.standardError)")
            lab.kill(SIGTERM)
            #expect(lab.wait(timeout: 20) == .exited(128 + SIGTERM), Comment(rawValue: lab.standardError))
            #expect(lab.standardError == "")
            let left = try FileManager.default.contentsOfDirectory(atPath: fixtures.folder)
                .filter { $0.hasPrefix("stopped") || $0.hasPrefix(".modalkit") }
            #expect(left == [], "a stopped render left files behind")
        }
    }
}
