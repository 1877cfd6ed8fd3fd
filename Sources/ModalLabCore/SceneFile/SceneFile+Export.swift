import ModalKit

extension SceneFile {
    /// The scene file an export at `exportPath` writes: this file's name, style and images with `parameters` (the
    /// values the lab runs with). Image paths are made relative to the export's folder when they share a folder
    /// tree (which can then move whole), else absolute, and every image names its placement, so the export loads
    /// back to the same scene wherever it is written; with the device and iOS version it names.
    func exported(with parameters: SceneParameters, at exportPath: String) -> String {
        var lines = [
            "  \"version\": 1", "  \"name\": \(ParameterExport.quoted(name))",
            "  \"style\": \(ParameterExport.quoted(styleName))",
            "  \"placement\": \(ParameterExport.quoted(placement.rawValue))"
        ]
        for role in Role.allCases {
            guard let path = resolvedPath(role), let reference = images[role] else { continue }
            let image = ParameterExport.quoted(PortablePath.written(path, in: exportPath))
            let placement = ParameterExport.quoted((reference.placement ?? self.placement).rawValue)
            lines.append("  \"\(role.rawValue)\": {\"image\": \(image), \"placement\": \(placement)}")
        }
        // The phone and the system the screens were drawn for, when the file named them or the lab runs iOS 26.
        if let device { lines.append("  \"device\": \(ParameterExport.quoted(device))") }
        if let system = system ?? (parameters.system == .ios26 ? .ios26 : nil) {
            lines.append("  \"ios\": \(system.rawValue)")
        }
        if let cells {
            let written = cells.map { "[\($0.minX), \($0.minY), \($0.width), \($0.height)]" }
            lines.append("  \"cells\": [" + written.joined(separator: ", ") + "]")
        }
        let values = ParameterExport.json(parameters).split(separator: "\n").map { "  " + $0 }
        lines.append("  \"parameters\": " + values.joined(separator: "\n").dropFirst(2))
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
