import ModalKit

extension SceneFile {
    /// Reads and checks the scene file at `path` (not its images); `taken` are scene names it may not use. Every
    /// problem is one `LabError.usage` line naming the file and what is wrong (exit 2).
    static func read(_ path: String, taken: [String] = []) throws -> SceneFile {
        let shown = "scene file \(LabLimits.echo(path))"
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, what: "scene file") } catch let error as LabError {
            throw LabError.usage(error.description)
        }
        guard let members = JSONInput.parse(file: bytes)?.members else {
            throw LabError.usage(
                "\(shown) \(JSONInput.nestedTooDeep(bytes) ? JSONInput.tooDeep : "is not a JSON object")")
        }
        if let duplicate = JSONObjectKeys.firstDuplicate(in: bytes) {
            throw LabError.usage("\(shown): key '\(LabLimits.echo(duplicate))' is given twice")
        }
        if let duplicate = JSONObjectKeys.firstDuplicate(inMember: "parameters", of: bytes) {
            throw LabError.usage("\(shown): parameters: parameter '\(LabLimits.echo(duplicate))' is given twice")
        }
        // An image given as {"image": ..., "placement": ...} is an object of its own: a key twice there is as wrong.
        for role in Role.allCases {
            if let duplicate = JSONObjectKeys.firstDuplicate(inMember: role.rawValue, of: bytes) {
                throw LabError.usage("\(shown): \(role.rawValue): key '\(LabLimits.echo(duplicate))' is given twice")
            }
        }
        return try SceneFile(path: path, members: members, shown: shown, taken: taken)
    }

    /// The file's members checked one by one.
    private init(path: String, members: [String: JSONInput], shown: String, taken: [String]) throws {
        if let unknown = members.keys.sorted().first(where: { !SceneFile.keys.contains($0) }) {
            throw LabError.usage(
                "\(shown): unknown key '\(LabLimits.echo(unknown))' (keys: \(SceneFile.keys.joined(separator: ", ")))")
        }
        guard let version = members["version"] else { throw LabError.usage("\(shown) has no \"version\": 1") }
        guard version.number == SceneFile.version else {
            throw LabError.usage(
                "\(shown): version \(LabLimits.echo(SceneFile.describe(version))) is not 1, the one this lab reads")
        }
        self.path = path
        name = try SceneFile.name(members["name"], shown: shown, taken: taken)
        styleName = try SceneFile.style(members["style"], shown: shown)
        placement =
            try members["placement"].map { try SceneFile.placement($0, shown: shown, key: "placement") } ?? .fill
        images = [:]
        for role in Role.allCases {
            images[role] = try members[role.rawValue].map { try SceneFile.image($0, role: role, shown: shown) }
        }
        parameters = []
        device = try members["device"].map { value in
            guard let name = value.string else { throw LabError.usage("\(shown): device is not a string") }
            return try LabConfiguration.device(named: name, "\(shown): device").name
        }
        system = try members["ios"].map { value in
            let text = value.number.map { LabLimits.show($0) } ?? value.string ?? SceneFile.describe(value)
            return try SystemVersion.parse(text, "\(shown): ios")
        }
        cells = nil
        try checkRoles(shown: shown)
        if fileStyle.needsCells {
            guard let value = members["cells"] else {
                throw LabError.usage("\(shown): style \(styleName) needs \"cells\": [[x, y, width, height], ...]")
            }
            cells = try SceneFile.cells(value, shown: shown)
        } else if members["cells"] != nil {
            throw LabError.usage("\(shown): \"cells\" are for \(SceneFile.styles(\.needsCells)), not \(styleName)")
        }
        parameters =
            try members["parameters"].map { value in
                guard let object = value.members else {
                    throw LabError.usage("\(shown): parameters is not a JSON object")
                }
                let specs = SceneParameters(specs: style.info.allParameters)
                return try ConfigFile.values(of: object, specs: specs, context: "\(shown): parameters")
            } ?? []
    }

    /// A sheet shows `presented`, or `header` and/or `content`; a seed's card shows `presented`.
    private func checkRoles(shown: String) throws {
        guard images[.presenting] != nil else { throw LabError.usage("\(shown) has no \"presenting\" image") }
        if fileStyle.takesHeaderAndContent {
            guard images[.presented] != nil || images[.header] != nil || images[.content] != nil else {
                throw LabError.usage(
                    "\(shown): style \(styleName) needs \"presented\", or \"header\" and/or \"content\"")
            }
            if images[.presented] != nil && (images[.header] != nil || images[.content] != nil) {
                throw LabError.usage("\(shown): give \"presented\" or \"header\"/\"content\", not both")
            }
        } else {
            guard images[.presented] != nil else { throw LabError.usage("\(shown) has no \"presented\" image") }
            if images[.header] != nil || images[.content] != nil {
                throw LabError.usage(
                    "\(shown): \"header\" and \"content\" are for \(SceneFile.styles(\.takesHeaderAndContent)), not \(styleName)"
                )
            }
        }
    }

    /// The zoom's source cells: 1 to `maximumCells` rectangles of four finite numbers, each with a positive size
    /// and inside a window the lab can open (0...4000 points on each axis).
    static func cells(_ value: JSONInput, shown: String) throws -> [Rect] {
        guard case .array(let items) = value else {
            throw LabError.usage("\(shown): cells is not an array of [x, y, width, height]")
        }
        guard !items.isEmpty else { throw LabError.usage("\(shown): cells is empty: give at least one cell") }
        guard items.count <= maximumCells else {
            throw LabError.usage("\(shown): cells has \(items.count) cells; at most \(maximumCells)")
        }
        let side = LabLimits.width.upperBound
        return try items.enumerated().map { index, item in
            guard case .array(let numbers) = item, numbers.count == 4,
                case let values = numbers.compactMap(\.number), values.count == 4
            else { throw LabError.usage("\(shown): cell \(index + 1) is not [x, y, width, height]") }
            guard values.allSatisfy(\.isFinite) else {
                throw LabError.usage("\(shown): cell \(index + 1) has a number that is not finite")
            }
            let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            guard rect.width > 0, rect.height > 0 else {
                throw LabError.usage("\(shown): cell \(index + 1) is empty (width and height must be positive)")
            }
            guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= side, rect.maxY <= side else {
                throw LabError.usage(
                    "\(shown): cell \(index + 1) \(rect) is outside the screen (0...\(Int(side)) points each way)")
            }
            return rect
        }
    }

    /// "style zoom": the styles whose files may hold what `holds` asks about, as a message names them.
    private static func styles(_ holds: KeyPath<SceneFileStyle, Bool>) -> String {
        let names = styles.filter { $0.fileStyle?[keyPath: holds] == true }.map(\.name)
        return (names.count == 1 ? "style " : "styles ") + names.joined(separator: ", ")
    }

    private static func name(_ value: JSONInput?, shown: String, taken: [String]) throws -> String {
        guard let text = value?.string else { throw LabError.usage("\(shown) has no \"name\" string") }
        let name = try LabLimits.name(text, "\(shown): name")
        // The name becomes a file name (the export's default) and a trace field: letters, digits, - _ . only.
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "-_.".unicodeScalars.contains($0))
                && $0.isASCII
        }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else {
            throw LabError.usage(
                "\(shown): name '\(LabLimits.echo(name))' must be ASCII letters, digits, - _ or . (not first)")
        }
        guard !taken.contains(name) else {
            throw LabError.usage("\(shown): name '\(name)' is a built-in scene's; choose another")
        }
        return name
    }

    private static func style(_ value: JSONInput?, shown: String) throws -> String {
        let names = styles.map(\.name)
        guard let value else {
            throw LabError.usage("\(shown) has no \"style\" (one of \(names.joined(separator: ", ")))")
        }
        guard let text = value.string, names.contains(text) else {
            throw LabError.usage(
                "\(shown): style \(LabLimits.echo(describe(value))) is not one of \(names.joined(separator: ", "))")
        }
        return text
    }

    private static func placement(_ value: JSONInput, shown: String, key: String) throws -> Placement {
        guard let text = value.string, let placement = Placement(rawValue: text) else {
            throw LabError.usage(
                "\(shown): \(key) \(LabLimits.echo(describe(value))) is not one of fill, fit, top")
        }
        return placement
    }

    private static func image(_ value: JSONInput, role: Role, shown: String) throws -> ImageReference {
        let key = role.rawValue
        if let path = value.string { return ImageReference(path: try checkedPath(path, key, shown), placement: nil) }
        guard let object = value.members, let path = object["image"]?.string else {
            throw LabError.usage("\(shown): \(key) is neither a path nor {\"image\": PATH, \"placement\": ...}")
        }
        if let extra = object.keys.sorted().first(where: { $0 != "image" && $0 != "placement" }) {
            throw LabError.usage(
                "\(shown): \(key) has an unknown key '\(LabLimits.echo(extra))' (keys: image, placement)")
        }
        let placement = try object["placement"].map {
            try SceneFile.placement($0, shown: shown, key: "\(key) placement")
        }
        return ImageReference(path: try checkedPath(path, key, shown), placement: placement)
    }

    private static func checkedPath(_ path: String, _ key: String, _ shown: String) throws -> String {
        guard !path.isEmpty else { throw LabError.usage("\(shown): \(key) is an empty path") }
        return try LabLimits.path(path, "\(shown): \(key)")
    }

    /// A JSON value as the message shows it.
    static func describe(_ value: JSONInput) -> String {
        switch value {
        case .number(let n): return ParameterValue.number(n).description
        case .string(let s): return "'\(s)'"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
