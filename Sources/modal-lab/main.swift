// modal-lab: feel, tune and test UIKit's drag-to-dismiss on an X11 desktop. Start reading at LabMain.run.
import ModalLab

/// modal-lab is a lab application like any other: its scenes are the catalog's seven (interactor, free-drag,
/// pannable, navigation, spring, sheet, zoom), in the order of the keys 1–7. An eighth scene is its folder and one
/// line in `SceneCatalog.all`.
struct ModalLabTool: LabApplication {
    static let scenes = SceneCatalog.all
}

ModalLabTool.main()
