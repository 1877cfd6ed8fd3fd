import ModalKit

extension SceneFile {
    /// The scene file an export at `exportPath` writes: this file's name, style and images with `parameters` (the
    /// values the lab runs with). Image paths are made relative to the export's folder when they share a folder
    /// tree (which can then move whole), else absolute, and every image names its placement, so the export loads
    /// back to the same scene wherever it is written; with the device and iOS version it names.
    func exported(with parameters: SceneParameters, at exportPath: String) -> String {
        var members: [(String, JSONValue)] = [
            ("version", .number(1)), ("name", .string(name)), ("style", .string(styleName)),
            ("placement", .string(placement.rawValue))
        ]
        for role in Role.allCases {
            guard let path = resolvedPath(role), let reference = images[role] else { continue }
            let image = JSONValue.string(PortablePath.written(path, in: exportPath))
            let placement = JSONValue.string((reference.placement ?? self.placement).rawValue)
            members.append((role.rawValue, .dictionary([("image", image), ("placement", placement)])))
        }
        // The phone and the system the screens were drawn for, when the file named them or the lab runs iOS 26.
        if let device { members.append(("device", .string(device))) }
        if let system = system ?? (parameters.system == .ios26 ? .ios26 : nil) {
            members.append(("ios", .number(Double(system.rawValue))))
        }
        if let cells {
            let rects = cells.map { JSONValue.array([$0.minX, $0.minY, $0.width, $0.height].map(JSONValue.number)) }
            members.append(("cells", .array(rects)))
        }
        members.append(("parameters", .lines(ParameterExport.members(parameters))))
        return JSONValue.lines(members).text + "\n"
    }
}
