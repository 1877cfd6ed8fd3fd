#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// `--scene-file FILE`: a designer's screens as a scene, no code. A JSON object, version 1:
///
/// ```json
/// {"version": 1, "name": "trips", "style": "sheet", "placement": "fill",
///  "presenting": "Home.png", "header": "SheetHeader.png", "content": {"image": "Places.png"},
///  "parameters": {"detents": "medium,large", "response": 0.35}}
/// ```
///
/// `style` is the sheet or one of the five seeds; `parameters` take that style's keys, types and limits. An image
/// is a path (relative to the file) or `{"image": PATH, "placement": "fill"|"fit"|"top"}`; `placement` at the top
/// is every image's default (fill). A sheet has `presented`, or `header` and/or `content`; a seed has `presented`;
/// a zoom has `presented` (the detail screen, for every cell) and `cells`, the source cells' rectangles
/// `[[x, y, width, height], ...]` in points on the presenting screen.
struct SceneFile: Equatable {
    /// The version this lab reads and writes.
    static let version = 1.0
    /// The keys a version 1 file may have.
    static let keys = [
        "version", "name", "style", "placement", "presenting", "presented", "header", "content", "cells", "parameters",
        "device", "ios"
    ]
    /// The most source cells a zoom file may place: a screen of them is tens; a million is a mistake.
    static let maximumCells = 1000
    /// The styles: the built-in scenes that declare what a file of theirs holds.
    static var styles: [SceneKind] { SceneCatalog.all.filter { $0.fileStyle != nil } }

    /// Where an image goes.
    enum Role: String, CaseIterable {
        case presenting, presented, header, content
    }

    /// How an image is fitted to its screen.
    enum Placement: String, CaseIterable {
        case fill, fit, top

        /// The image view's mode for it.
        var contentMode: ContentMode {
            switch self {
            case .fill: return .scaleAspectFill
            case .fit: return .scaleAspectFit
            case .top: return .top
            }
        }
    }

    /// One image of the file: the path as written, and its placement when the image gives its own.
    struct ImageReference: Equatable {
        var path: String
        var placement: Placement?
    }

    /// The file's own path, as given.
    var path: String
    /// What the lab calls the scene (the HUD, the trace, `--export`'s default name).
    var name: String
    /// The built-in scene whose controllers, rule and snippet the file's scene runs.
    var styleName: String
    /// Every image's placement unless it gives its own.
    var placement: Placement
    /// The images, by role.
    var images: [Role: ImageReference]
    /// The style's parameters the file sets, checked against that style's specs.
    var parameters: [(String, ParameterValue)]
    /// `"device"`: the phone the screens were drawn for (`--device`'s names); nil leaves the screen to the lab.
    var device: String?
    /// `"ios"`: the system the screens were drawn for (18 or 26); nil leaves it to the lab.
    var system: SystemVersion?
    /// Style zoom: where the source cells are on the presenting screen, in points of a window of its size.
    var cells: [Rect]?

    /// The style's scene (`read` accepts only a style's name).
    var style: SceneKind { SceneFile.styles.first { $0.name == styleName } ?? SceneFile.styles[0] }

    /// What the style lets the file hold.
    var fileStyle: SceneFileStyle { style.fileStyle ?? SceneFileStyle() }

    /// The path of an image, relative to the scene file's folder unless absolute: the folder of the file a
    /// symbolic link leads to, where the images were put beside it (as a recording's names are, `PortablePath`).
    func resolvedPath(_ role: Role) -> String? {
        images[role].map { PortablePath.resolved($0.path, in: path) }
    }

    /// Every image's resolved path (the live reload watches them).
    var imagePaths: [String] { Role.allCases.compactMap(resolvedPath) }

    static func == (lhs: SceneFile, rhs: SceneFile) -> Bool {
        lhs.name == rhs.name && lhs.styleName == rhs.styleName && lhs.placement == rhs.placement
            && lhs.images == rhs.images && lhs.cells == rhs.cells && lhs.parameters.map(\.0) == rhs.parameters.map(\.0)
            && lhs.parameters.map(\.1) == rhs.parameters.map(\.1) && lhs.device == rhs.device
            && lhs.system == rhs.system
    }
}
