import ModalKitPixels

/// A font as views ask for it: a size in points and a weight. UIKit's `UIFont`.
public struct FontDescriptor: Hashable, Sendable {
    /// The two weights the book has faces for.
    public enum Weight: Hashable, Sendable {
        /// The regular weight.
        case regular
        /// The bold weight (navigation titles, `.done` bar buttons).
        case bold
    }
    /// The font's size, in points (the book loads it at size × scale pixels).
    public var size: Double
    /// Regular or bold.
    public var weight: Weight

    /// A font of `size` points, regular unless given.
    public init(size: Double, weight: Weight = .regular) { self.size = size; self.weight = weight }

    /// The regular system font at `size` points. UIKit's `UIFont.systemFont(ofSize:)`.
    public static func systemFont(ofSize size: Double) -> FontDescriptor { FontDescriptor(size: size) }
    /// The bold system font at `size` points. UIKit's `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: Double) -> FontDescriptor {
        FontDescriptor(size: size, weight: .bold)
    }
}

/// Finds font files once and keeps a FreeType face per weight and pixel size.
public final class FontBook {
    /// The one book the renderer uses.
    public static let shared = FontBook()

    private var paths: [FontDescriptor.Weight: String] = [:]
    private var faces: [FaceKey: Font] = [:]
    /// Set when a font could not be loaded, so the failure is reported once, not every frame.
    public private(set) var lastError: String?

    private struct FaceKey: Hashable { var weight: FontDescriptor.Weight; var pixelSize: Double }

    /// Uses `path` for regular text and its family's bold face for bold (the lab's `--font PATH`); `path` for
    /// both when fontconfig knows no bold face of that family. Throws when the file is not a usable font.
    public func useFont(at path: String) throws {
        _ = try Font(path: path, pixelSize: 12)
        paths = [.regular: path, .bold: Font.boldPath(besides: path) ?? path]
        faces = [:]
    }

    /// The face for a descriptor at a scale, or nil (with `lastError` set) when no font can be loaded.
    public func font(_ descriptor: FontDescriptor, scale: Double) -> Font? {
        let key = FaceKey(weight: descriptor.weight, pixelSize: (descriptor.size * scale * 4).rounded() / 4)
        if let face = faces[key] { return face }
        do {
            let face = try Font(path: try path(for: descriptor.weight), pixelSize: key.pixelSize)
            faces[key] = face
            return face
        } catch {
            lastError = "\(error)"
            return nil
        }
    }

    private func path(for weight: FontDescriptor.Weight) throws -> String {
        if let known = paths[weight] { return known }
        let found = try Font.findPath(pattern: weight == .bold ? "sans-serif:bold" : "sans-serif")
        paths[weight] = found
        return found
    }
}
