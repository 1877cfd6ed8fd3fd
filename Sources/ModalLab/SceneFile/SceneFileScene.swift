#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// The scene a `--scene-file` describes: its style's built-in scene (the same controllers, rule and snippet) with
/// the file's images as its screens. The lab knows scenes by type, so the file it was started with is held here;
/// a reload replaces it and rebuilds the scene.
public final class SceneFileScene: Scene {
    /// The scene file the lab runs, its images decoded; nil until `--scene-file` is read.
    nonisolated(unsafe) static var current: LoadedSceneFile?

    /// The file's name, its style's seed and summary, and its style's parameters.
    public static var info: SceneInfo {
        guard let file = current?.file else {
            return SceneInfo(name: "scene-file", title: "Scene file", seed: "", summary: "", parameters: [])
        }
        let style = file.style.info
        return SceneInfo(
            name: file.name, title: file.name, seed: "Scene file · \(style.title) (\(style.seed))",
            summary: style.summary, parameters: style.parameters,
            notes: ["From \(LabLimits.echo(file.path)): the \(style.name) scene with the file's images."] + style.notes)
    }

    /// The style's presenting screen, showing the file's `presenting` image.
    public let root: PresentingViewController
    private let style: any ScreenScene

    /// The style's scene with the file's images, running with `parameters`.
    public init(parameters: SceneParameters) {
        let loaded = SceneFileScene.current
        style = (loaded?.file.style ?? SheetScene.self).init(parameters: parameters, screens: loaded?.screens ?? .drawn)
        root = style.root
    }

    /// The style's snippet: a scene file exports the UIKit code of the scene it runs.
    public static func uikitSnippet(_ values: SnippetValues) -> String {
        (current?.file.style ?? SheetScene.self).uikitSnippet(values)
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
