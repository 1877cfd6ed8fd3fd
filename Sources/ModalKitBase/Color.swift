/// A straight-alpha sRGB color with components in 0...1. UIKit's `UIColor`.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A color from 0xRRGGBB.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public func withAlphaComponent(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    /// UIKit's `.systemYellow` and `.systemGreen` (light appearance), for the free-drag modals.
    public static let yellow = Color(rgb: 0xFFCC00)
    public static let green = Color(rgb: 0x34C759)
    public static let systemBlue = Color(rgb: 0x007AFF)
    public static let systemGray6 = Color(rgb: 0xF2F2F7)
    public static let separator = Color(rgb: 0xC6C6C8)
    public static let label = Color(white: 0)
    public static let secondaryLabel = Color(rgb: 0x3C3C43, alpha: 0.6)
}
