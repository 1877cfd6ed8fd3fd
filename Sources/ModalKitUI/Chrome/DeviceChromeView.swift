import ModalKitBase

/// What a phone shows over every app: the status bar, the home indicator, and the display's rounded corners
/// cutting the stage. It covers the window and takes no presses; the app keeps it above its presentations.
public final class DeviceChromeView: View {
    /// The status bar along the top.
    public let statusBar: StatusBarView
    /// The home indicator (phones without a home button).
    public let homeIndicator: View?

    /// The chrome of `device`, the size of its screen.
    public init(device: Device) {
        statusBar = StatusBarView(device: device)
        homeIndicator = device.hasHomeIndicator ? View() : nil
        super.init(frame: Rect(origin: .zero, size: device.size))
        compositesAsGroup = false
        isUserInteractionEnabled = false
        accessibilityIdentifier = "device-chrome"
        addSubview(statusBar)
        if let homeIndicator {
            // 134 x 5 points, 8 above the bottom edge on every phone with one.
            homeIndicator.frame = Rect(
                x: (device.size.width - 134) / 2, y: device.size.height - 13, width: 134, height: 5)
            homeIndicator.cornerRadius = 2.5
            homeIndicator.backgroundColor = .black
            homeIndicator.accessibilityIdentifier = "home-indicator"
            addSubview(homeIndicator)
        }
        let radius = device.displayCornerRadius
        guard radius > 0 else { return }
        for corner: CornerMask in [.topLeft, .topRight, .bottomLeft, .bottomRight] {
            addSubview(DisplayCornerView(corner: corner, radius: radius, screen: device.size))
        }
    }

    /// The chrome passes every press through to the app.
    public override func hitTest(_ point: Point) -> View? { nil }
}
