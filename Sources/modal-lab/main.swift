// modal-lab: feel, tune and test UIKit's drag-to-dismiss on an X11 desktop. Start reading at LabMain.run.
import ModalLab

/// modal-lab is a lab application like any other: its six scenes, in the order of the keys 1–6.
struct ModalLabTool: LabApplication {
    static let scenes: [any Scene.Type] = [
        InteractorScene.self, FreeDragScene.self, PannableScene.self,
        NavigationScene.self, SpringScene.self, SheetScene.self
    ]
}

ModalLabTool.main()
