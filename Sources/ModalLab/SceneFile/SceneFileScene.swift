#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// The scene a `--scene-file` describes: its style's built-in scene (the same controllers, rule and snippet) with
/// the file's images as its screens. The lab knows scenes by type; the file is a value the scene owns, given by
/// the lab that makes it (`LabConfiguration.makeScene`), so two labs in one process (a comparison's sides) can
/// each run their own file.
public final class SceneFileScene: Scene {
    /// The type without a file: a name to key the lab's tuned values by; `info(of:)` describes a file's scene.
    public static var info: SceneInfo { info(of: nil) }

    /// The file's name, its style's seed and summary, and its style's parameters.
    static func info(of loaded: LoadedSceneFile?) -> SceneInfo {
        guard let file = loaded?.file else {
            return SceneInfo(name: "scene-file", title: "Scene file", seed: "", summary: "", parameters: [])
        }
        let style = file.style.info
        return SceneInfo(
            name: file.name, title: file.name, seed: "Scene file · \(style.title) (\(style.seed))",
            summary: style.summary, parameters: style.parameters,
            notes: ["From \(LabLimits.echo(file.path)): the \(style.name) scene with the file's images."] + style.notes)
    }

    /// The presenting screen, showing the file's `presenting` image.
    public let root: PresentingViewController
    /// The scene file this scene shows, its images decoded; nil for the type's placeholder.
    let loaded: LoadedSceneFile?
    private let style: any ScreenScene

    /// The sheet style with drawn screens: what the type is without a file.
    public convenience init(parameters: SceneParameters) { self.init(file: nil, parameters: parameters) }

    /// `loaded`'s style's scene with its images, running with `parameters`.
    init(file loaded: LoadedSceneFile?, parameters: SceneParameters) {
        self.loaded = loaded
        sceneInfo = SceneFileScene.info(of: loaded)
        style = (loaded?.file.style ?? SheetScene.self).init(parameters: parameters, screens: loaded?.screens ?? .drawn)
        root = style.root
    }

    /// The file's name and its style's parameters, made once: the HUD and the trace read it every frame.
    public let sceneInfo: SceneInfo

    /// The sheet's snippet: the type has no file (`snippet` gives a file's style's).
    public static func uikitSnippet(_ values: SnippetValues) -> String { SheetScene.uikitSnippet(values) }

    /// The style's snippet: a scene file exports the UIKit code of the scene it runs.
    public func snippet(_ values: SnippetValues) -> String {
        (loaded?.file.style ?? SheetScene.self).uikitSnippet(values)
    }

    /// The sheet's SwiftUI: the type has no file (`swiftUICode` gives a file's style's).
    public static func swiftUISnippet(_ values: SnippetValues) -> String { SheetScene.swiftUISnippet(values) }

    /// The style's SwiftUI: a scene file exports the SwiftUI of the scene it runs.
    public func swiftUICode(_ values: SnippetValues) -> String {
        (loaded?.file.style ?? SheetScene.self).swiftUISnippet(values)
    }

    /// `path` made absolute through its real folder (`PortablePath` starts from it; a replay compares scenes so).
    static func absolutePath(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    public func presentInitially() { style.presentInitially() }
    public func presentAgain() { style.presentAgain() }
    public func writeRule(into text: inout TextBuffer) -> Bool? { style.writeRule(into: &text) }
    public var releaseRule: any SceneRule { style.releaseRule }
    public var thresholdLineY: Double? { style.thresholdLineY }
    public var phase: Phase { style.phase }
    public var progress: Double? { style.progress }
    public func traceName(for controller: ViewController) -> String { style.traceName(for: controller) }
    public func handleKey(_ key: Key) -> Bool { style.handleKey(key) }
    public func observe(_ handler: @escaping (SceneEvent) -> Void) { style.observe(handler) }
    public func writeTraceFields(into fields: inout TraceFields) { style.writeTraceFields(into: &fields) }
    public var markerTitle: String { style.markerTitle }
    public var prefersHUDAtTop: Bool { style.prefersHUDAtTop }
}
