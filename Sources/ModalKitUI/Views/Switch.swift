import ModalKitBase

/// An on/off control. UIKit's `UISwitch`: a 51 × 31 point rounded track, green when on, with a white knob that
/// slides across; a tap toggles it and sends the value-changed actions; the knob widens while pressed.
open class Switch: View {
    /// UIKit's switch size, in points.
    public static let size = Size(width: 51, height: 31)
    /// The track's color when on (UIKit's default `onTintColor`, system green).
    public var onTintColor = Color(rgb: 0x34C759) { didSet { updateTrack() } }
    /// The track's color when off.
    public var offTintColor = Color(rgb: 0xE9E9EA) { didSet { updateTrack() } }
    /// Whether the switch is on. Setting it directly changes the look at once and sends no actions.
    public private(set) var isOn: Bool
    /// Whether the pointer is pressing the switch now (UIKit's `isHighlighted`): the knob widens toward the middle.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { layoutKnob(animated: true) } }
    }
    /// Its tap recognizer, so tests and scenes can inspect it.
    public let tap = TapGestureRecognizer()
    private let knob = View()
    private var actions: [() -> Void] = []

    /// A switch, off unless `isOn`, at UIKit's size with its top-left at `origin`.
    public init(isOn: Bool = false, origin: Point = .zero) {
        self.isOn = isOn
        super.init(frame: Rect(origin: origin, size: Switch.size))
        cornerRadius = Switch.size.height / 2
        knob.backgroundColor = .white
        knob.cornerRadius = Switch.knobDiameter / 2
        knob.shadow = Shadow(color: Color(white: 0, alpha: 0.2), radius: 2, offset: Point(x: 0, y: 2))
        knob.isUserInteractionEnabled = false
        addSubview(knob)
        tap.onTrackingChange = { [unowned self] tracking in isHighlighted = tracking }
        tap.addTarget { [unowned self] (_: TapGestureRecognizer) in toggleFromTap() }
        addGestureRecognizer(tap)
        updateTrack()
        layoutKnob(animated: false)
    }

    /// Runs `action` whenever a tap changes the value (UIKit's `addTarget(_:action:for: .valueChanged)`).
    public func addAction(_ action: @escaping () -> Void) { actions.append(action) }

    /// Sets the value, sliding the knob and fading the track when `animated`; sends no actions, as in UIKit.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != isOn else { return }
        isOn = on
        if animated {
            View.animate(
                withDuration: Switch.animationDuration, options: .allowUserInteraction,
                animations: {
                    self.updateTrack()
                    self.layoutKnob(animated: false)
                })
        } else {
            updateTrack()
            layoutKnob(animated: false)
        }
    }

    static let knobDiameter = 27.0
    static let animationDuration = 0.25
    /// How much wider the knob grows while pressed.
    static let pressedKnobGrowth = 7.0

    private func toggleFromTap() {
        setOn(!isOn, animated: true)
        actions.forEach { $0() }
    }

    private func updateTrack() { backgroundColor = isOn ? onTintColor : offTintColor }

    private func layoutKnob(animated: Bool) {
        let inset = (Switch.size.height - Switch.knobDiameter) / 2
        let width = Switch.knobDiameter + (isHighlighted ? Switch.pressedKnobGrowth : 0)
        let x = isOn ? Switch.size.width - inset - width : inset
        let frame = Rect(x: x, y: inset, width: width, height: Switch.knobDiameter)
        if animated {
            View.animate(withDuration: 0.15, options: .allowUserInteraction, animations: { self.knob.frame = frame })
        } else {
            knob.frame = frame
        }
    }
}
