import Glibc
import ModalLabDriver

/// Issue 14's workload: the release lab in the pannable, interactor and sheet scenes (HUD on, scale 1, 60 Hz) and,
/// when qmlscene with QtQuick.Controls 2 is installed, the Qt Quick Drawer peer twice (with Qt's own animation
/// durations and with the interactor scene's), each driven through the same script, runs alternating between
/// programs; every figure is the median over the runs (issue 23 item 3).
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

    /// The lab's targets: each scene with this build and, beside it, the baseline build.
    private func labTargets() -> [(WorkloadTarget, WorkloadTable.Kind)] {
        let builds: [(suffix: String, path: String)] =
            [("", LabProcess.executablePath)]
            + (baselinePath.map { [(" (baseline)", $0)] } ?? [])
        return WorkloadBench.scenes.flatMap { scene in
            builds.map { build in
                let target = WorkloadTarget(
                    name: "modal-lab \(scene.name)\(build.suffix)", windowClass: "ModalLab", shape: scene.shape
                ) { display in
                    // This build on the bare 375x667 screen on iOS 18 the table has always measured.
                    let screen = build.suffix.isEmpty ? LatencyBench.oldScreen : []
                    return try LabProcess.launch(
                        ["--fps", "60", "--scale", "1", "--scene", scene.name] + screen, display: display,
                        executable: build.path)
                }
                let kind = WorkloadTable.Kind.lab(
                    scene: scene.name, sheet: scene.shape == .sheet, baseline: !build.suffix.isEmpty)
                return (target, kind)
            }
        }
    }

    func run(into report: Report) throws {
        var targets = labTargets()
        var peerSkipped: String?
        if includesPeer {
            switch QtPeer.targets() {
            case .success(let peers): targets += peers
            case .failure(let reason): peerSkipped = reason.description
            }
        }
        var samples: [String: [WorkloadSample]] = [:]
        for _ in 0 ..< runs {
            for (target, _) in targets {
                let script = WorkloadScript(shape: target.shape, count: drags)
                do {
                    samples[target.name, default: []].append(try WorkloadRun(target: target, script: script).measure())
                } catch  where target.windowClass != "ModalLab" {
                    // A peer that fails to start skips its rows; the lab's own failures end the section.
                    peerSkipped = "\(error)"
                    targets.removeAll { $0.0.name == target.name }
                }
            }
        }
        let programs = targets.compactMap { target, kind in
            samples[target.name].map {
                WorkloadTable.Program(name: target.name, kind: kind, sample: WorkloadSample.median($0))
            }
        }
        for line in WorkloadTable.lines(programs, drags: drags, runs: runs) {
            report.add(
                Row(section: "workload", label: line.label, figures: line.figures, budget: line.budget, met: line.met))
        }
        if let peerSkipped {
            report.add(Row(section: "workload", label: "\(QtPeer.name): skipped (\(peerSkipped))", figures: []))
        }
    }
}

/// The Qt Quick Controls 2 Drawer in Assets/Peer/Drawer.qml, run by qmlscene on the software backend.
enum QtPeer {
    static let name = "Qt Quick Drawer"
    static let candidates = [
        "/usr/bin/qmlscene", "/usr/lib/qt5/bin/qmlscene", "/usr/lib/x86_64-linux-gnu/qt5/bin/qmlscene"
    ]

    /// The peer's two configurations as workload targets (Qt's own durations, then the interactor scene's), or
    /// why they cannot run here.
    static func targets() -> Result<[(WorkloadTarget, WorkloadTable.Kind)], BenchError> {
        guard let qmlscene = candidates.first(where: { access($0, X_OK) == 0 }) else {
            return .failure(BenchError("qmlscene is not installed; bash .ci/deps --peer installs it"))
        }
        let qml = LabProcess.packageRoot + "/Assets/Peer/Drawer.qml"
        guard access(qml, R_OK) == 0 else { return .failure(BenchError("\(qml) is missing")) }
        return .success(
            configurations.map { configuration in
                let target = WorkloadTarget(name: configuration.name, windowClass: "QtQmlViewer", shape: .card) {
                    display in
                    var environment = ChildProcess.currentEnvironment()
                    environment["DISPLAY"] = display
                    environment["QT_QUICK_BACKEND"] = "software"
                    environment["QT_QPA_PLATFORM"] = "xcb"
                    // qmlscene passes what follows "--" to the QML as Qt.application.arguments.
                    return try ChildProcess(
                        qmlscene, arguments: [qml, "--"] + configuration.arguments, environment: environment)
                }
                return (target, .peer(fair: !configuration.arguments.isEmpty))
            })
    }

    /// The Drawer as Qt's Default style animates it, and with the interactor scene's durations (Drawer.qml reads
    /// `--scene-durations`): the lab's frames per drag follow its seeds' durations, so only the second compares
    /// like with like per session.
    static let configurations: [(name: String, arguments: [String])] = [
        ("\(name) (Qt's durations)", []),
        ("\(name) (scene's durations)", ["--scene-durations"])
    ]
}
