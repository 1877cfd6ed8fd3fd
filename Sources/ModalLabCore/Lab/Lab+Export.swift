import ModalKit

extension Lab {
    /// Where E writes: `--export FILE`, else `modal-lab-SCENE.json` (and its `.swift` and `-swiftui.swift`) in the current folder.
    var exportPath: String {
        exportDestination ?? ParameterExport.defaultPath(scene: kind.name)
    }

    /// Writes the current parameters as JSON, UIKit code and SwiftUI code (key E, the inspector's Export button) and says
    /// where in the HUD; a file that cannot be written is the one line saying why, in the HUD and on stderr.
    /// Without `--export`, a name in the current folder that is one of this run's inputs or outputs is refused.
    public func exportParameters() {
        let path = exportPath
        do {
            if exportDestination == nil { try OutputPaths.checkDefaultExport(path, configuration) }
            try ParameterExport.write(parameters, kind: kind, to: path)
            let names = ParameterExport.files(for: path).map { LabLimits.echo($0.path) }
            show(notice: "exported " + ParameterExport.list(names))
        } catch {
            show(notice: "\(error)")
            LabMain.fail("\(error)")
        }
    }
}
