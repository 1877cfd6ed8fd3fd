import Glibc
import ModalLabDriver

/// Issue 14's workload: the release lab in the pannable, interactor and sheet scenes (HUD on, scale 1, 60 Hz) and,
/// when qmlscene with QtQuick.Controls 2 is installed, the Qt Quick Drawer peer, each driven through the same
/// script, runs alternating between programs; every figure is the median over the runs.
struct WorkloadBench {
    let runs: Int
    let drags: Int
    let includesPeer: Bool
    /// Another modal-lab build run beside this one (its rows are named "... (baseline)"), or nil.
    var baselinePath: String? = nil

    static let scenes: [(name: String, shape: WorkloadScript.Shape)] = [
        ("pannable", .card), ("interactor", .card),
        ("sheet", .sheet)
    ]

    func run(into report: Report) throws {
        let builds: [(suffix: String, path: String)] =
            [("", LabProcess.executablePath)]
            + (baselinePath.map { [(" (baseline)", $0)] } ?? [])
        var targets = WorkloadBench.scenes.flatMap { scene in
            builds.map { build in
                WorkloadTarget(
                    name: "modal-lab \(scene.name)\(build.suffix)", windowClass: "ModalLab",
                    shape: scene.shape
                ) { display in
                    try LabProcess.launch(
                        ["--fps", "60", "--scale", "1", "--scene", scene.name], display: display,
                        executable: build.path)
                }
            }
        }
        var peerSkipped: String?
        if includesPeer {
            switch QtPeer.target() {
            case .success(let peer): targets.append(peer)
            case .failure(let reason): peerSkipped = reason.description
            }
        }
        var samples: [String: [WorkloadSample]] = [:]
        for _ in 0 ..< runs {
            for target in targets {
                let script = WorkloadScript(shape: target.shape, count: drags)
                do {
                    samples[target.name, default: []].append(try WorkloadRun(target: target, script: script).measure())
                } catch  where target.windowClass != "ModalLab" {
                    // A peer that fails to start skips its rows; the lab's own failures end the section.
                    peerSkipped = "\(error)"
                    targets.removeAll { $0.name == target.name }
                }
            }
        }
        let medians = samples.mapValues(WorkloadBench.median)
        let peer = medians[QtPeer.name]
        for target in targets {
            guard let m = medians[target.name] else { continue }
            addRows(target.name, m, isLab: target.windowClass == "ModalLab", into: report)
            if let peer, target.name != QtPeer.name { addRatio(target.name, m, peer, into: report) }
        }
        if let peerSkipped {
            report.add(Row(section: "workload", label: "\(QtPeer.name): skipped (\(peerSkipped))", figures: []))
        }
    }

    private static func median(_ list: [WorkloadSample]) -> WorkloadSample {
        func m(_ key: KeyPath<WorkloadSample, Double>) -> Double {
            WorkloadStatistics.median(list.map { $0[keyPath: key] })
        }
        return WorkloadSample(
            frames: m(\.frames), appSeconds: m(\.appSeconds), serverSeconds: m(\.serverSeconds),
            peakMegabytes: m(\.peakMegabytes), firstFrameMilliseconds: m(\.firstFrameMilliseconds),
            pixelsPerFrame: m(\.pixelsPerFrame))
    }

    private func addRows(_ name: String, _ m: WorkloadSample, isLab: Bool, into report: Report) {
        let appPerFrame = m.appSeconds * 1000 / m.frames, xPerFrame = m.serverSeconds * 1000 / m.frames
        let label = "\(name) (\(drags) drags, \(runs) runs)"
        report.add(
            Row(
                section: "workload", label: label,
                figures: [
                    ("frames", m.frames, ""), ("app/frame", appPerFrame, " ms"),
                    ("X/frame", xPerFrame, " ms"), ("px/frame", m.pixelsPerFrame / 1000, "k")
                ],
                budget: isLab ? "app ≤ 0.2 ms/frame" : nil, met: isLab ? appPerFrame <= 0.2 : nil))
        report.add(
            Row(
                section: "workload", label: "\(name) totals",
                figures: [
                    ("app", m.appSeconds, " s"), ("X", m.serverSeconds, " s"),
                    ("total", m.appSeconds + m.serverSeconds, " s"), ("VmHWM", m.peakMegabytes, " MB"),
                    ("first pixels", m.firstFrameMilliseconds, " ms")
                ],
                budget: isLab ? "RSS ≤ 20 MB, first ≤ 50 ms" : nil,
                met: isLab ? m.peakMegabytes <= 20 && m.firstFrameMilliseconds <= 50 : nil))
    }

    private func addRatio(_ name: String, _ m: WorkloadSample, _ peer: WorkloadSample, into report: Report) {
        let r = WorkloadStatistics.ratio
        let total = r(m.appSeconds + m.serverSeconds, peer.appSeconds + peer.serverSeconds)
        let xPerFrame = r(m.serverSeconds / m.frames, peer.serverSeconds / peer.frames)
        report.add(
            Row(
                section: "workload", label: "\(name) ÷ \(QtPeer.name)",
                figures: [
                    ("app", r(m.appSeconds, peer.appSeconds), "x"),
                    ("X", r(m.serverSeconds, peer.serverSeconds), "x"), ("total", total, "x"),
                    ("X/frame", xPerFrame, "x"), ("RSS", r(m.peakMegabytes, peer.peakMegabytes), "x")
                ],
                budget: "total ≤ 0.5×, X/frame ≤ 0.5×", met: total <= 0.5 && xPerFrame <= 0.5))
    }
}

/// The Qt Quick Controls 2 Drawer in Assets/Peer/Drawer.qml, run by qmlscene on the software backend.
enum QtPeer {
    static let name = "Qt Quick Drawer"
    static let candidates = [
        "/usr/bin/qmlscene", "/usr/lib/qt5/bin/qmlscene", "/usr/lib/x86_64-linux-gnu/qt5/bin/qmlscene"
    ]

    /// The peer as a workload target, or why it cannot run here.
    static func target() -> Result<WorkloadTarget, BenchError> {
        guard let qmlscene = candidates.first(where: { access($0, X_OK) == 0 }) else {
            return .failure(BenchError("qmlscene is not installed; bash .ci/deps --peer installs it"))
        }
        let qml = LabProcess.packageRoot + "/Assets/Peer/Drawer.qml"
        guard access(qml, R_OK) == 0 else { return .failure(BenchError("\(qml) is missing")) }
        return .success(
            WorkloadTarget(name: name, windowClass: "QtQmlViewer", shape: .card) { display in
                var environment = ChildProcess.currentEnvironment()
                environment["DISPLAY"] = display
                environment["QT_QUICK_BACKEND"] = "software"
                environment["QT_QPA_PLATFORM"] = "xcb"
                return try ChildProcess(qmlscene, arguments: [qml], environment: environment)
            })
    }
}
