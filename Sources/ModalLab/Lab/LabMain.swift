#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// The program: parse, check inputs before anything opens, then run in a window or headless. Returns the exit
/// code: 0 done, 1 a file or the X server failed, 2 bad options or parameters, 3 the X server went away.
public enum LabMain {
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let configuration = try LabConfiguration(arguments: arguments)
            switch configuration.action {
            case .help: print(LabConfiguration.usage); return 0
            case .sceneHelp: print(configuration.sceneHelp()); return 0
            case .version: print(LabConfiguration.version); return 0
            case .listScenes:
                for type in SceneCatalog.all { print("\(type.info.name)\t\(type.info.seed)\t\(type.info.summary)") }
                return 0
            case .run: break
            }
            try loadFont(configuration.fontPath)
            try checkWritable(configuration)
            let replay = try configuration.replayPath.map(Recording.read(from:))
            return configuration.headless
                ? try HeadlessRun.run(configuration, replay: replay)
                : try runInWindow(configuration, replay: replay)
        } catch let error as LabError {
            fail(error.description)
            if error.exitCode == 2 { fputs(LabConfiguration.usage + "\n", stderr) }
            return error.exitCode
        } catch let error as HostError {
            fail(error.description)
            return 1
        } catch {
            fail("\(error)")
            return 1
        }
    }

    private static func loadFont(_ path: String?) throws {
        if let path {
            do { try FontBook.shared.useFont(at: path) } catch { throw LabError.usage("--font \(path): \(error)") }
        } else if FontBook.shared.font(.systemFont(ofSize: 17), scale: 1) == nil {
            throw LabError.io("no usable sans-serif font: \(FontBook.shared.lastError ?? "fontconfig found none")")
        }
    }

    /// Output files are checked before any window opens, so a typo in a path fails at once, with nothing written.
    private static func checkWritable(_ configuration: LabConfiguration) throws {
        let outputs = [("trace", configuration.tracePath), ("recording", configuration.recordPath),
                       ("screenshot", configuration.screenshotPath)]
        for case let (what, path?) in outputs where path != "-" {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
            guard access(directory, W_OK) == 0 else {
                throw LabError.io("cannot write \(what) \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func runInWindow(_ configuration: LabConfiguration, replay recording: Recording?) throws -> Int32 {
        let host = try X11Host(options: HostOptions(
            title: "ModalLab — \(configuration.sceneType.info.name)", size: configuration.size,
            scale: configuration.scale, fps: configuration.fps, useSharedMemory: configuration.useSharedMemory,
            useXInput2: configuration.useXInput2))
        let replay = recording.map { Replay($0, clock: ManualClock(), fps: configuration.fps ?? host.refreshRate) }
        let lab = try Lab(configuration: configuration, clock: replay?.clock ?? MonotonicClock())
        lab.onTitleChange = { host.setTitle($0) }
        let app = LabApp(lab: lab, screenshotPath: configuration.screenshotPath, replay: replay)
        let code = host.run(app)
        lab.finish()
        if let failure = app.failure { fail(failure.description) }
        return code
    }

    static func fail(_ message: String) {
        fputs("modal-lab: \(message)\n", stderr)
    }
}
