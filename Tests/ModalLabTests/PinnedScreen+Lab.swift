import ModalKit
import ModalKitTestSupport
import ModalLab

/// Labs on the screen the tests assume (`PinnedScreen`: a bare 375 × 667 screen on iOS 18) unless a test names
/// its own device, size or system. In a test, `LabConfiguration(arguments:)` is `LabConfiguration(pinnedArguments:)`,
/// `LabConfiguration()` is `LabConfiguration.pinned` and `HeadlessLab(scene:)` is `HeadlessLab(pinnedScene:)`,
/// except in a test about the defaults themselves.
extension LabConfiguration {
    /// `LabConfiguration(arguments:scenes:)` with `PinnedScreen.arguments(arguments)`; a replay too, since a
    /// configuration made here reads no session line.
    init(pinnedArguments arguments: [String], scenes: [SceneKind] = SceneCatalog.all) throws {
        try self.init(arguments: PinnedScreen.arguments(arguments, readsSession: false), scenes: scenes)
    }

    /// The defaults on the pinned screen: a bare 375 × 667 screen on iOS 18.
    static var pinned: LabConfiguration {
        var configuration = LabConfiguration()
        configuration.device = nil
        configuration.size = Size(width: 375, height: 667)
        configuration.system = .ios18
        return configuration
    }
}

extension HeadlessLab {
    /// `HeadlessLab(scene:...)` on the pinned screen (a bare 375 × 667 screen on iOS 18, or `size`).
    convenience init(
        pinnedScene scene: SceneKind, parameters: [(String, ParameterValue)] = [], showsHUD: Bool = true,
        size: Size? = nil, tracePath: String? = nil, recordPath: String? = nil
    ) throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = scene
        configuration.parameterOverrides = parameters
        configuration.showsHUD = showsHUD
        if let size { configuration.size = size }
        configuration.tracePath = tracePath
        configuration.recordPath = recordPath
        try self.init(configuration: configuration)
    }
}
