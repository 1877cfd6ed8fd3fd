import ModalKit

extension LabConfiguration {
    /// Makes `loaded` this lab's scene file: its kind takes the place of the file's kind before it (or goes after
    /// the lab's own scenes, keeping their keys), and the lab runs it when it ran the file's scene or `starts`.
    mutating func useSceneFile(_ loaded: LoadedSceneFile, starts: Bool = false) {
        let wasRunning = sceneKind.sceneFile != nil
        sceneFile = loaded
        let kind = loaded.kind
        if let index = scenes.firstIndex(where: { $0.sceneFile != nil }) {
            scenes[index] = kind
        } else {
            scenes.append(kind)
        }
        if wasRunning || starts { sceneKind = kind }
    }

    /// Decodes the scene files' images again at `scale` (the server's, once known): A's and a comparison's B's.
    package mutating func rescaleSceneFiles(to scale: Double) throws {
        if let rescaled = try sceneFile?.rescaled(to: scale) { useSceneFile(rescaled) }
        try compare?.rescaleSceneFile(to: scale)
    }
}
