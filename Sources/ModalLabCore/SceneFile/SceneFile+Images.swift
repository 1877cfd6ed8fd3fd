import ModalKit

extension SceneFile {
    /// Decodes the file's images for a window of `scale` pixels per point (the `@2x`/`@3x` variant when there is
    /// one). Every problem (missing, a folder, a FIFO, a path loop, not a PNG, truncated, a header claiming more
    /// pixels than a window may have) is one `LabError.usage` line naming the file, the role and the reason.
    func screens(scale: Double) throws -> SceneScreens {
        var screens = SceneScreens()
        screens.cells = cells
        for role in Role.allCases {
            guard let path = resolvedPath(role), let reference = images[role] else { continue }
            let screen = SceneScreens.Screen(
                image: try SceneFile.decode(path, role: role, scale: scale, file: self.path),
                placement: (reference.placement ?? placement).contentMode)
            switch role {
            case .presenting: screens.presenting = screen
            case .presented: screens.presented = screen
            case .header: screens.header = screen
            case .content: screens.content = ImageStrips.cut(screen.image)
            }
        }
        return screens
    }

    /// The images' limits: the pixels a window may have (an image larger than any window is refused before it is
    /// decoded), and the image API's file size.
    static let windowLimits = ImageLimits(
        fileBytes: ImageLimits.default.fileBytes, maxSide: WindowLimits.maximumPixelSide,
        maxPixels: WindowLimits.maximumPixelCount)

    private static func decode(_ path: String, role: Role, scale: Double, file: String) throws -> Image {
        do {
            return try Image(contentsOfFile: path, screenScale: scale, limits: windowLimits)
        } catch let error as PixelsError where error.isOutOfMemory {
            throw LabError.io("scene file \(LabLimits.echo(file)): \(role.rawValue) image: \(error)")
        } catch {
            throw LabError.usage("scene file \(LabLimits.echo(file)): \(role.rawValue) image: \(error)")
        }
    }
}

/// A scene file read, with its images decoded at one scale: what its `kind` shows.
struct LoadedSceneFile {
    /// The file as read.
    let file: SceneFile
    /// Its images at `scale`.
    let screens: SceneScreens
    /// The window scale the images were picked and decoded for.
    let scale: Double

    /// Reads the file at `path` and decodes its images for `scale`.
    init(path: String, scale: Double, taken: [String]) throws {
        file = try SceneFile.read(path, taken: taken)
        screens = try file.screens(scale: scale)
        self.scale = scale
    }

    /// The file as a scene the lab can hold: its name, its style's controllers, its images.
    var kind: SceneKind { SceneKind(file: self, style: file.style) }

    /// The same file's images decoded again for another scale (the window's, once the X server says).
    func rescaled(to scale: Double) throws -> LoadedSceneFile {
        scale == self.scale ? self : LoadedSceneFile(file: file, screens: try file.screens(scale: scale), scale: scale)
    }

    private init(file: SceneFile, screens: SceneScreens, scale: Double) {
        (self.file, self.screens, self.scale) = (file, screens, scale)
    }

    /// Whether `other` is the same file with the same pixels (a save that changed nothing, or the check the window
    /// makes at start-up), so the scene need not be rebuilt.
    func isSame(as other: LoadedSceneFile) -> Bool {
        func pictures(_ s: SceneScreens) -> [SceneScreens.Screen?] { [s.presenting, s.presented, s.header] }
        return file == other.file && scale == other.scale
            && zip(pictures(screens), pictures(other.screens)).allSatisfy { a, b in
                a?.placement == b?.placement && a?.image.scale == b?.image.scale && a?.image.bitmap == b?.image.bitmap
            }
            && screens.content.map(\.bitmap) == other.screens.content.map(\.bitmap)
    }

    /// Decoded pixels held, in bytes (4 a pixel): what the scene's images cost in memory before any layer.
    var imageBytes: Int {
        ([screens.presenting, screens.presented, screens.header].compactMap { $0?.image } + screens.content)
            .reduce(0) { $0 + $1.bitmap.pixels.count * 4 }
    }
}
