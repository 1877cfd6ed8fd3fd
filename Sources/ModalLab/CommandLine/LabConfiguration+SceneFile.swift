import ModalKit

extension LabConfiguration {
    /// What `type` is in this lab: its `info`, or for the scene file's scene the file's (its name, its style's
    /// parameters).
    func info(of type: any Scene.Type) -> SceneInfo {
        type == SceneFileScene.self ? SceneFileScene.info(of: sceneFile) : type.info
    }

    /// `type` running with `parameters`; the scene file's scene shows this lab's file.
    func makeScene(_ type: any Scene.Type, _ parameters: SceneParameters) -> any Scene {
        guard type == SceneFileScene.self else { return type.init(parameters: parameters) }
        return SceneFileScene(file: sceneFile, parameters: parameters)
    }

    /// Decodes the scene files' images again at `scale` (the server's, once known): A's and a comparison's B's.
    mutating func rescaleSceneFiles(to scale: Double) throws {
        sceneFile = try sceneFile?.rescaled(to: scale)
        try compare?.rescaleSceneFile(to: scale)
    }
}
