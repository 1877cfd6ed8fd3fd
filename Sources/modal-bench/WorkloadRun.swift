import Glibc
import ModalLabDriver

/// A program the workload drives in its own 375x667 window: the lab in one scene, or the Qt Quick peer.
struct WorkloadTarget {
    /// How it is named in the table.
    let name: String
    /// WM_CLASS class of its window.
    let windowClass: String
    /// The path its drags take.
    let shape: WorkloadScript.Shape
    /// Starts it on a display.
    let launch: (_ display: String) throws -> ChildProcess
}

/// One run: a fresh Xvfb, the program started on it, the script played with XTest, and the costs read from /proc.
/// Every program gets the same server size, the same script and the same waits.
struct WorkloadRun {
    let target: WorkloadTarget
    let script: WorkloadScript

    func measure() throws -> WorkloadSample {
        let server = try Xvfb.start(width: 1024, height: 768)
        defer { server.stop() }
        guard let damage = DamageWatcher(display: server.display) else {
            throw BenchError("the X server has no DAMAGE extension")
        }
        let client = try XvfbClient(display: server.display)
        damage.reset()
        let spawned = ChildProcess.now()
        let process = try target.launch(server.display)
        defer { process.kill(SIGTERM); if process.wait(timeout: 3) == nil { process.kill(SIGKILL) } }
        guard let window = client.waitForWindow(class: target.windowClass, timeout: 20),
            let origin = client.rootOrigin(of: window)
        else {
            let reason = process.standardError.split(separator: "\n").last.map(String.init) ?? "no window"
            throw BenchError("\(target.name) showed no window (\(reason))")
        }
        waitForRest(process.pid, damage)
        var sample = WorkloadSample()
        // The first pixels the program put on the screen (neither program has the server paint a background).
        if let first = damage.events.first {
            sample.firstFrameMilliseconds = Double(first.time &- DamageWatcher.serverMilliseconds(spawned))
        }
        damage.reset()
        let app0 = ProcessStat.of(process.pid), x0 = ProcessStat.of(server.pid)
        for drag in script.drags {
            play(drag, client: client, origin: origin)
            waitForRest(process.pid, damage)
            client.tapKey(LabKey.space.keysym)
            waitForRest(process.pid, damage)
        }
        guard let app0, let x0, let app1 = ProcessStat.of(process.pid), let x1 = ProcessStat.of(server.pid) else {
            throw BenchError("\(target.name) ended during the script")
        }
        damage.drain()
        sample.appSeconds = app1.cpuSeconds() - app0.cpuSeconds()
        sample.serverSeconds = x1.cpuSeconds() - x0.cpuSeconds()
        sample.frames = Double(WorkloadStatistics.frameCount(timestamps: damage.events.map(\.time)))
        sample.pixelsPerFrame = Double(damage.events.reduce(0) { $0 + $1.pixels }) / max(sample.frames, 1)
        sample.peakMegabytes = ProcessCost.peakResidentMegabytes(of: process.pid) ?? .nan
        return sample
    }

    /// Press, `steps` moves `stepMilliseconds` apart (the server waits, so the spacing is exact), release.
    private func play(_ drag: WorkloadScript.Drag, client: XvfbClient, origin: (x: Int, y: Int)) {
        let start = drag.position(afterStep: 0)
        client.movePointer(x: origin.x + start.x, y: origin.y + start.y)
        client.setButton(down: true)
        for i in 1 ... max(drag.steps, 1) {
            let p = drag.position(afterStep: i)
            client.movePointer(x: origin.x + p.x, y: origin.y + p.y, delayMilliseconds: script.stepMilliseconds)
        }
        client.setButton(down: false)
        client.sync()
    }

    /// Waits until the program has used no CPU for 150 ms (it is at rest: nothing animates, nothing is drawn),
    /// at most five seconds, draining the damage events meanwhile so they do not pile up in the server.
    private func waitForRest(_ pid: pid_t, _ damage: DamageWatcher) {
        let start = monotonicNow()
        var last = ProcessCost.cpuSeconds(of: pid)
        var quietSince = start
        while monotonicNow() - start < 5 {
            pause(0.02)
            damage.drain()
            let now = ProcessCost.cpuSeconds(of: pid)
            if now != last {
                last = now
                quietSince = monotonicNow()
            } else if monotonicNow() - quietSince >= 0.15 {
                return
            }
        }
    }
}
