import ModalKitBase

/// A phone the stage can be: its screen in points, what the system covers at the edges, and the radius of the
/// display's corners. UIKit has no such type (a real app is on one phone); the lab takes one with `--device`.
///
/// Sizes, safe-area tops and corner radii: swift_transitions' device table, radii from ScreenCorners; the home
/// indicator's 34-point bottom inset on every phone without a home button is the widely quoted value.
public struct Device: Hashable, Sendable {
    /// What `--device` and a scene file call it: "iphone-17-pro".
    public let name: String
    /// What the phone is sold as: "iPhone 17 Pro".
    public let title: String
    /// The screen in points (portrait).
    public let size: Size
    /// What the status bar (top) and the home indicator (bottom) cover. UIWindow's `safeAreaInsets`.
    public let safeAreaInsets: EdgeInsets
    /// The radius of the display's rounded corners, in points (0: square, the SE).
    public let displayCornerRadius: Double
    /// Whether the status bar sits either side of a Dynamic Island (drawn as the black pill the screen cuts).
    public let hasDynamicIsland: Bool

    /// Whether the phone has a home indicator instead of a home button.
    public var hasHomeIndicator: Bool { safeAreaInsets.bottom > 0 }

    /// The phones, smallest first.
    public static let all: [Device] = [
        Device(
            name: "iphone-se", title: "iPhone SE", size: Size(width: 375, height: 667),
            safeAreaInsets: EdgeInsets(top: 20), displayCornerRadius: 0, hasDynamicIsland: false),
        Device(
            name: "iphone-16", title: "iPhone 16", size: Size(width: 393, height: 852),
            safeAreaInsets: EdgeInsets(top: 59, bottom: 34), displayCornerRadius: 55, hasDynamicIsland: true),
        Device(
            name: "iphone-17-pro", title: "iPhone 17 Pro", size: Size(width: 402, height: 874),
            safeAreaInsets: EdgeInsets(top: 62, bottom: 34), displayCornerRadius: 62, hasDynamicIsland: true),
        Device(
            name: "iphone-air", title: "iPhone Air", size: Size(width: 420, height: 912),
            safeAreaInsets: EdgeInsets(top: 62, bottom: 34), displayCornerRadius: 62, hasDynamicIsland: true),
        Device(
            name: "iphone-17-pro-max", title: "iPhone 17 Pro Max", size: Size(width: 440, height: 956),
            safeAreaInsets: EdgeInsets(top: 62, bottom: 34), displayCornerRadius: 62, hasDynamicIsland: true)
    ]

    /// The phone called `name`, if any.
    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// Every phone's name, for help and errors: "iphone-se, iphone-16, ...".
    public static var names: String { all.map(\.name).joined(separator: ", ") }
}
