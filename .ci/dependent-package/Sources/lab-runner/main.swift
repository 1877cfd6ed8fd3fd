// A user's lab: the lab runner product with scenes of the user's choosing (here two of modal-lab's own).
import ModalLab

struct DependentLab: LabApplication {
    static let scenes = [SceneKind(PannableScene.self), SceneKind(SheetScene.self)]
}

DependentLab.main()
