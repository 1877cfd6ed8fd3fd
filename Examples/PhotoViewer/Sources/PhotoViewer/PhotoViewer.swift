import ModalLab
import PhotoScene

/// The whole program: the lab runs the photo scene with its window, HUD, inspector, trace and command line.
@main
struct PhotoViewer: LabApplication {
    static let scenes = [SceneKind(PhotoScene.self)]
}
