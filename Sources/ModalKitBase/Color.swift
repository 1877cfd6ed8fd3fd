/// A straight-alpha sRGB color with components in 0...1. UIKit's `UIColor`.
public struct Color: Hashable, Sendable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque); the other components are not premultiplied by it.
    public var alpha: Double

    /// A color from components in 0...1, opaque unless `alpha` is given.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A color from 0xRRGGBB.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    /// A gray from `white` (0 black ... 1 white), opaque unless `alpha` is given.
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// The same color with opacity `a`. UIKit's `withAlphaComponent(_:)`.
    public func withAlphaComponent(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// Fully transparent black. UIKit's `.clear`.
    public static let clear = Color(white: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// UIKit's `.systemYellow` and `.systemGreen` (light appearance), for the free-drag modals.
    public static let yellow = Color(rgb: 0xFFCC00)
    /// UIKit's `.systemGreen` (light appearance), 0x34C759.
    public static let green = Color(rgb: 0x34C759)
    /// UIKit's `.systemBlue` (light appearance), 0x007AFF: tint of buttons and links.
    public static let systemBlue = Color(rgb: 0x007AFF)
    /// UIKit's `.systemGray6` (light appearance), 0xF2F2F7: grouped backgrounds.
    public static let systemGray6 = Color(rgb: 0xF2F2F7)
    /// UIKit's `.separator` (light appearance), drawn opaque as 0xC6C6C8.
    public static let separator = Color(rgb: 0xC6C6C8)
    /// UIKit's `.label` (light appearance): black text.
    public static let label = Color(white: 0)
    /// UIKit's `.secondaryLabel` (light appearance): 0x3C3C43 at 60% opacity.
    public static let secondaryLabel = Color(rgb: 0x3C3C43, alpha: 0.6)
}
