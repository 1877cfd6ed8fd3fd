import ModalKit

extension Lab {
    /// Where E writes: `--export FILE`, else `modal-lab-SCENE.json` (and `.swift`) in the current folder.
    var exportPath: String {
        exportDestination ?? ParameterExport.defaultPath(scene: type(of: scene).info.name)
    }

    /// Writes the current parameters as JSON and as UIKit code (key E, the inspector's Export button) and says
    /// where in the HUD; a file that cannot be written is the one line saying why, in the HUD and on stderr.
    public func exportParameters() {
        let path = exportPath
        do {
            try ParameterExport.write(parameters, scene: type(of: scene), to: path)
            let paths = ParameterExport.paths(for: path)
            show(notice: "exported \(LabLimits.echo(paths.json)) and \(LabLimits.echo(paths.swift))")
        } catch {
            show(notice: "\(error)")
            LabMain.fail("\(error)")
        }
    }
}
