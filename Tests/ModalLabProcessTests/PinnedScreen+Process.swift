import ModalKitTestSupport
import ModalLab
import ModalLabDriver

/// Labs launched on the screen the tests assume (`PinnedScreen`: a bare 375 × 667 screen on iOS 18) unless a
/// test names its own device, size or system: in a test, `LabProcess.launch` is `LabProcess.launchPinned` and
/// `LabSession(display:arguments:)` is `LabSession(display:pinnedArguments:)` and `LabConfiguration(arguments:)` is
/// `LabConfiguration(pinnedArguments:)`, except in a test about the defaults.
extension LabProcess {
    /// `launch(_:display:executable:)` with `PinnedScreen.arguments(arguments)`.
    static func launchPinned(
        _ arguments: [String], display: String?, executable: String = executablePath
    ) throws -> ChildProcess {
        try launch(PinnedScreen.arguments(arguments), display: display, executable: executable)
    }
}

extension LabSession {
    /// `LabSession(display:arguments:...)` with `PinnedScreen.arguments(arguments)`.
    convenience init(
        display: String, pinnedArguments arguments: [String] = [], windowTimeout: Double = 20,
        executable: String = LabProcess.executablePath
    ) throws {
        try self.init(
            display: display, arguments: PinnedScreen.arguments(arguments), windowTimeout: windowTimeout,
            executable: executable)
    }
}

extension LabConfiguration {
    /// `LabConfiguration(arguments:scenes:)` with `PinnedScreen.arguments(arguments)`; a replay too, since a
    /// configuration made here reads no session line.
    init(pinnedArguments arguments: [String], scenes: [SceneKind] = SceneCatalog.all) throws {
        try self.init(arguments: PinnedScreen.arguments(arguments, readsSession: false), scenes: scenes)
    }
}
