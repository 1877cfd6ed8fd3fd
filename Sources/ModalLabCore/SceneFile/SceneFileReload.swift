import ModalKit

/// Live scene file: when the file or one of its images changes, the whole file is read and its images decoded
/// again a short moment after the last change (as `ConfigReload` waits out an editor's several writes, or a design
/// tool's export of several PNGs). A file that does not load leaves the last good scene and says why in one line.
/// Pure and on the lab's clock: the host (or a test) says when something changed, frames move the clock.
struct SceneFileReload {
    let path: String
    /// The lab's other scenes' names, which the file's may not take.
    let taken: [String]
    /// When the file is due to be read.
    private(set) var timer = SettleTimer()
    /// The file this lab last loaded (its scale is the one to decode at); a read that finds it unchanged leaves
    /// the scene alone.
    var last: LoadedSceneFile?

    /// Watches `path`, the scene file `loaded` (as read at start-up) among the lab's `scenes`.
    init(path: String, loaded: LoadedSceneFile?, scenes: [SceneKind]) {
        self.path = path
        taken = scenes.filter { $0.sceneFile == nil }.map(\.name)
        last = loaded
    }

    /// The file changed at `now`: read it once `SettleTimer.delay` has passed without another change.
    mutating func fileChanged(at now: Double) { timer.changed(at: now) }

    /// At `now`, nil when no read is due; otherwise the file with its images at the current scale, or the
    /// one-line reason it did not load.
    mutating func poll(at now: Double) -> Result<LoadedSceneFile, LabError>? {
        guard timer.takeDue(at: now) else { return nil }
        let scale = last?.scale ?? 1
        return Result { try LoadedSceneFile(path: path, scale: scale, taken: taken) }
            .mapError { $0 as? LabError ?? .io("\($0)") }
    }

    /// What to watch: the file and every image it names, with the `@2x`/`@3x` names a design tool exports beside
    /// each (a variant that appears is picked up).
    static func watchedPaths(of file: SceneFile) -> [String] {
        [file.path] + file.imagePaths.flatMap { ImageFile.variants(of: $0).map(\.path) }
    }
}
