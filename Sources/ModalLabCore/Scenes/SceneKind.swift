import ModalKit

/// The code an export writes for a scene, which its registration (`SceneKind`) holds: static, because it depends on
/// the tuned values only, never on a running scene.
public protocol SceneSnippets {
    /// The Swift for UIKit an export writes beside its JSON: the scene's code with the tuned `values` filled in.
    static func uikitSnippet(_ values: SnippetValues) -> String
    /// The Swift for SwiftUI an export writes beside its UIKit code: SwiftUI's own modifiers where it has them, the
    /// rest written out as view modifiers, with the tuned `values` filled in.
    static func swiftUISnippet(_ values: SnippetValues) -> String
}

/// A scene as a lab holds it: a value with what the scene is (`info`), how to make one, and the code an export
/// writes. Built-in scenes and a package's own are made from their type, `SceneKind(PhotoScene.self)`; a scene
/// file becomes one when it is read (its name, its style's controllers with its images). A lab's scene list is a
/// list of these: nothing in the lab asks which scene it runs.
public struct SceneKind {
    /// The scene's name, seed, summary and parameters.
    public let info: SceneInfo
    /// What a scene file whose `style` is this scene may hold; nil when no scene file can use it.
    let fileStyle: SceneFileStyle?
    /// The scene file this kind shows, when it was made from one: its path goes into a recording's session line,
    /// its values under the command line's.
    let sceneFile: LoadedSceneFile?
    private let make: (SceneParameters, SceneScreens) -> any Scene
    private let uikit: (SnippetValues) -> String
    private let swiftUI: (SnippetValues) -> String

    /// The scene of type `S`: its `info`, its `init(parameters:)` and its snippets.
    public init<S: Scene & SceneSnippets>(_ type: S.Type) {
        info = S.info
        sceneFile = nil
        uikit = S.uikitSnippet
        swiftUI = S.swiftUISnippet
        if let style = type as? any ScreenScene.Type {
            fileStyle = style.fileStyle
            make = { style.init(parameters: $0, screens: $1) }
        } else {
            fileStyle = nil
            make = { parameters, _ in S(parameters: parameters) }
        }
    }

    /// The scene `loaded` describes: its name, its style's parameters, controllers, rule and exports, its images.
    init(file loaded: LoadedSceneFile, style: SceneKind) {
        let file = loaded.file, own = style.info
        info = SceneInfo(
            name: file.name, title: file.name, seed: "Scene file · \(own.title) (\(own.seed))",
            summary: own.summary, parameters: own.parameters,
            notes: ["From \(LabLimits.echo(file.path)): the \(own.name) scene with the file's images."] + own.notes)
        fileStyle = nil
        sceneFile = loaded
        make = { parameters, _ in style.make(parameters, loaded.screens) }
        uikit = style.uikit
        swiftUI = style.swiftUI
    }

    /// What `--scene` and the trace call it.
    public var name: String { info.name }

    /// The scene running with `parameters`, its modal not yet presented.
    public func makeScene(_ parameters: SceneParameters) -> any Scene { make(parameters, .drawn) }

    /// The Swift for UIKit an export writes: the scene's (a scene file's: its style's) with `values` filled in.
    public func uikitSnippet(_ values: SnippetValues) -> String { uikit(values) }

    /// The Swift for SwiftUI an export writes beside the UIKit code, with `values` filled in.
    public func swiftUISnippet(_ values: SnippetValues) -> String { swiftUI(values) }
}
