import ModalKitPixels

/// A font as views ask for it: a size in points, a weight and a tracking. UIKit's `UIFont`.
public struct FontDescriptor: Hashable, Sendable {
    /// The weights the book has faces for.
    public enum Weight: Hashable, Sendable {
        /// The regular weight.
        case regular
        /// The semibold weight (the headline style, navigation titles).
        case semibold
        /// The bold weight (large titles, `.done` bar buttons).
        case bold
    }
    /// The font's size, in points (the book loads it at size × scale pixels).
    public var size: Double
    /// Regular, semibold or bold.
    public var weight: Weight
    /// Space added after every glyph, in points (negative tightens): a text style's tracking.
    public var tracking: Double
    /// Whether digits are all as wide as the widest (numbers that change in place, like the HUD's).
    public var monospacedDigits = false

    /// A font of `size` points, regular and untracked unless given.
    public init(size: Double, weight: Weight = .regular, tracking: Double = 0) {
        self.size = size
        self.weight = weight
        self.tracking = tracking
    }

    /// The regular system font at `size` points. UIKit's `UIFont.systemFont(ofSize:)`.
    public static func systemFont(ofSize size: Double) -> FontDescriptor { FontDescriptor(size: size) }
    /// The bold system font at `size` points. UIKit's `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: Double) -> FontDescriptor {
        FontDescriptor(size: size, weight: .bold)
    }
    /// A text style's font at the Large content size: its size, weight and tracking. UIKit's
    /// `UIFont.preferredFont(forTextStyle:)`.
    public static func preferredFont(forTextStyle style: TextStyle) -> FontDescriptor {
        FontDescriptor(size: style.size, weight: style.weight, tracking: style.tracking)
    }
    /// This font at another weight, same size and tracking (a text style made bold, as a bold trait does).
    public func withWeight(_ weight: Weight) -> FontDescriptor {
        var font = self
        font.weight = weight
        return font
    }
    /// This font with every digit as wide as the widest, so a changing number keeps the text after it in place.
    /// UIKit's `UIFont.monospacedDigitSystemFont(ofSize:weight:)`.
    public func withMonospacedDigits() -> FontDescriptor {
        var font = self
        font.monospacedDigits = true
        return font
    }
}

/// Finds font files once and keeps a FreeType face per weight, pixel size and tracking. The UI face is Inter;
/// without it the book falls back to fontconfig's sans-serif (DejaVu Sans) and says so once.
public final class FontBook {
    /// The one book the renderer uses.
    public static let shared = FontBook()

    private let lookup: FontLookup
    private var paths: [FontDescriptor.Weight: String] = [:]
    private var faces: [FaceKey: Font] = [:]
    /// Set when a font could not be loaded, so the failure is reported once, not every frame.
    public private(set) var lastError: String?
    /// One line saying the UI face is missing and which face draws instead; nil while it is installed (or
    /// `--font` chose the face). Set once, whichever weights and sizes are asked for.
    public private(set) var fallbackNotice: String?

    private struct FaceKey: Hashable {
        var weight: FontDescriptor.Weight
        var pixelSize: Double
        var tracking: Double
        var monospacedDigits: Bool
    }

    /// A book finding its files with `lookup` (fontconfig unless a test gives its own).
    public init(lookup: FontLookup = .fontconfig) { self.lookup = lookup }

    /// Uses `path` for regular text and its family's semibold and bold faces for those weights (the lab's
    /// `--font PATH`): bold for semibold when the family has no semibold, `path` for all when fontconfig knows no
    /// bold face of that family. Throws when the file is not a usable font.
    public func useFont(at path: String) throws {
        _ = try Font(path: path, pixelSize: 12)
        let bold = Font.boldPath(besides: path) ?? path
        let semibold = Font.path(besides: path, weight: FontDescriptor.Weight.semibold.fontconfigWeight) ?? bold
        paths = [.regular: path, .semibold: semibold, .bold: bold]
        faces = [:]
        fallbackNotice = nil
    }

    /// The face for a descriptor at a scale, or nil (with `lastError` set) when no font can be loaded.
    public func font(_ descriptor: FontDescriptor, scale: Double) -> Font? {
        let key = FaceKey(
            weight: descriptor.weight, pixelSize: (descriptor.size * scale * 4).rounded() / 4,
            tracking: (descriptor.tracking * scale * 64).rounded() / 64, monospacedDigits: descriptor.monospacedDigits)
        if let face = faces[key] { return face }
        do {
            let face = try Font(
                path: try path(for: descriptor.weight), pixelSize: key.pixelSize, tracking: key.tracking,
                monospacedDigits: key.monospacedDigits)
            faces[key] = face
            return face
        } catch {
            lastError = "\(error)"
            return nil
        }
    }

    private func path(for weight: FontDescriptor.Weight) throws -> String {
        if paths.isEmpty { try choosePaths() }
        guard let path = paths[weight] else { throw PixelsError("no font file for \(weight) text") }
        return path
    }

    /// Inter when all its weights are installed, so text never mixes two families; else the fallback's.
    private func choosePaths() throws {
        let weights: [FontDescriptor.Weight] = [.regular, .semibold, .bold]
        let preferred = weights.compactMap { weight in lookup.preferred(weight).map { (weight, $0) } }
        if preferred.count == weights.count {
            paths = Dictionary(uniqueKeysWithValues: preferred)
            return
        }
        let regular = try lookup.fallback(.regular), bold = try lookup.fallback(.bold)
        paths = [.regular: regular, .semibold: bold, .bold: bold]
        let name = regular.split(separator: "/").last.map(String.init) ?? regular
        fallbackNotice =
            "\(FontLookup.preferredFamily) is not installed (Debian: fonts-inter); text is drawn in \(name) instead"
    }
}

/// Where a font book finds its files: the UI face's file for a weight, and the fallback's.
public struct FontLookup: Sendable {
    /// The family the lab draws its UI in.
    public static let preferredFamily = "Inter"
    /// The UI face's file at a weight, or nil when that face is not installed.
    public var preferred: @Sendable (FontDescriptor.Weight) -> String?
    /// The fallback's file at a weight (regular or bold); throws when there is none.
    public var fallback: @Sendable (FontDescriptor.Weight) throws -> String

    /// A lookup from the two functions.
    public init(
        preferred: @escaping @Sendable (FontDescriptor.Weight) -> String?,
        fallback: @escaping @Sendable (FontDescriptor.Weight) throws -> String
    ) {
        self.preferred = preferred
        self.fallback = fallback
    }

    /// Inter's static faces (Inter-Regular, -SemiBold, -Bold) through fontconfig; fontconfig's sans-serif (DejaVu
    /// Sans on Debian) as the fallback.
    public static let fontconfig = FontLookup(
        preferred: { Font.findPath(family: preferredFamily, weight: $0.fontconfigWeight) },
        fallback: { try Font.findPath(pattern: $0 == .regular ? "sans-serif" : "sans-serif:bold") })
}

extension FontDescriptor.Weight {
    /// Fontconfig's number for the weight.
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: 80
        case .semibold: 180
        case .bold: 200
        }
    }
}
