// A user's lab: the lab runner product with scenes of the user's choosing (here two of modal-lab's own).
import ModalLab

struct DependentLab: LabApplication {
    static let scenes: [any Scene.Type] = [PannableScene.self, SheetScene.self]
}

DependentLab.main()
