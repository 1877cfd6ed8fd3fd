import ModalKitBase

/// The status bar a phone draws over every app: the time at 9:41 (Apple's, so every screenshot matches), the
/// cellular signal and the battery, either side of the Dynamic Island on the phones that have one, in one row
/// across the top on the others. Drawn by the lab from small views; it takes no presses.
public final class StatusBarView: View {
    /// The text and glyphs' color (dark over light content; the lab may turn it light over a dark screen).
    public var tintColor: Color = .black { didSet { if tintColor != oldValue { applyTint() } } }
    private let time: Label
    private let bars = (0 ..< 4).map { _ in View() }
    private let battery = View(), batteryLevel = View(), batteryCap = View()
    private let island: View?

    /// The status bar of `device`, as wide as its screen and as tall as its top safe-area inset.
    public init(device: Device) {
        let tall = device.hasDynamicIsland
        let font: FontDescriptor =
            tall
            ? .preferredFont(forTextStyle: .headline) : .preferredFont(forTextStyle: .caption1).withWeight(.semibold)
        time = Label(text: "9:41", font: font, alignment: .center)
        island = tall ? View() : nil
        super.init(frame: Rect(x: 0, y: 0, width: device.size.width, height: device.safeAreaInsets.top))
        isUserInteractionEnabled = false
        accessibilityIdentifier = "status-bar"
        // Drawn over the screen every frame of a transition while its own content stays: kept, it is a blit.
        shouldRasterize = true
        ([time, battery, batteryCap] + bars).forEach(addSubview)
        battery.addSubview(batteryLevel)
        if let island {
            island.backgroundColor = .black
            addSubview(island)
        }
        layOut(width: device.size.width, tall: tall)
        applyTint()
    }

    /// Dynamic Island phones: the time centered in the left ear, signal and battery in the right, on the
    /// island's middle line; the SE: the time centered, signal left, battery right, in a 20-point row.
    private func layOut(width: Double, tall: Bool) {
        let mid = tall ? 28.0 : 10.0
        let ear = tall ? (width / 2 - 63) / 2 : 0
        time.frame =
            tall
            ? Rect(x: ear - 30, y: mid - 11, width: 60, height: 22)
            : Rect(x: width / 2 - 30, y: 2, width: 60, height: 16)
        island?.frame = Rect(x: width / 2 - 63, y: 11, width: 126, height: 37)
        island?.cornerRadius = 18.5
        let batteryWidth = tall ? 25.0 : 22, batteryHeight = tall ? 12.0 : 10.5
        let batteryX = tall ? width - ear + 4 : width - 6 - batteryWidth - 1.5
        battery.frame = Rect(x: batteryX, y: mid - batteryHeight / 2, width: batteryWidth, height: batteryHeight)
        battery.cornerRadius = tall ? 4 : 3
        batteryLevel.frame = Rect(x: 2, y: 2, width: batteryWidth - 4, height: batteryHeight - 4)
        batteryLevel.cornerRadius = tall ? 2.5 : 1.5
        batteryCap.frame = Rect(x: batteryX + batteryWidth + 1, y: mid - 2, width: 1.5, height: 4)
        batteryCap.cornerRadius = 0.75
        let barsRight = tall ? batteryX - 6 : 6 + 4 * 4.5
        for (i, bar) in bars.enumerated() {
            let height = 4 + 2.4 * Double(i)
            bar.frame = Rect(x: barsRight - Double(4 - i) * 4.5, y: mid + 5.5 - height, width: 3, height: height)
            bar.cornerRadius = 1
        }
    }

    private func applyTint() {
        time.textColor = tintColor
        for bar in bars { bar.backgroundColor = tintColor }
        battery.backgroundColor = tintColor.withAlphaComponent(0.35)
        batteryLevel.backgroundColor = tintColor
        batteryCap.backgroundColor = tintColor.withAlphaComponent(0.4)
    }
}
