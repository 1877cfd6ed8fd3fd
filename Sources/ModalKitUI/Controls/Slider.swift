import ModalKitBase

/// A value picked along a track by dragging its thumb. UIKit's `UISlider`, with the value it holds, optionally,
/// written beside the track (`valueFormatter`), since a tuning panel wants to read what it set.
///
/// Values are `Double` rather than UIKit's `Float`, as every number in this package is. A press on the thumb
/// drags it from where it was grabbed (no jump); a press elsewhere on the track moves the thumb there first, as
/// desktop sliders do. With `isContinuous` (the default) `valueChanged` is sent on every change while dragging,
/// otherwise once when the press ends.
open class Slider: Control {
    /// The value, always within `minimumValue...maximumValue`. Setting it from code sends no event (as in UIKit);
    /// NaN is ignored, and values beyond the range (infinities too) are clamped to it.
    public var value: Double {
        get { storedValue }
        set { if !newValue.isNaN { store(clamped(newValue)) } }
    }
    /// The smallest value. Not finite values are ignored; raising it past `maximumValue` raises that too.
    public var minimumValue: Double = 0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = oldValue; return }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            store(clamped(storedValue))
        }
    }
    /// The largest value. Not finite values are ignored; lowering it past `minimumValue` lowers that too.
    public var maximumValue: Double = 1 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue; return }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            store(clamped(storedValue))
        }
    }
    /// Whether dragging sends `valueChanged` on every change (true) or once at the end (false).
    public var isContinuous = true
    /// The track left of the thumb.
    public var minimumTrackTintColor = Color.systemBlue { didSet { setNeedsDisplay() } }
    /// The track right of the thumb.
    public var maximumTrackTintColor = Color(rgb: 0x787880, alpha: 0.2) { didSet { setNeedsDisplay() } }
    /// Writes the value beside the track when set (for example `{ String(format: "%.2f", $0) }`).
    public var valueFormatter: ((Double) -> String)? { didSet { setNeedsDisplay() } }

    /// UIKit's thumb is 28 points across; the track 4 points thick.
    public static let thumbDiameter = 28.0
    static let trackHeight = 4.0
    /// Room for the value text at the right, when there is a formatter.
    static let valueWidth = 56.0

    private var storedValue = 0.0
    /// Where within the thumb (points from its centre) the press grabbed it.
    private var grabOffset = 0.0
    private var valueAtPress = 0.0

    /// A slider from 0 to 1 at 0.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    // MARK: Geometry (the view's points)

    /// The line the thumb's centre travels along.
    var trackRect: Rect {
        let r = Slider.thumbDiameter / 2
        let right = bounds.width - r - (valueFormatter == nil ? 0 : Slider.valueWidth)
        let h = Slider.trackHeight
        return Rect(x: r, y: bounds.height / 2 - h / 2, width: max(0, right - r), height: h)
    }

    /// Where the value sits along the track, 0...1.
    var fraction: Double {
        // Halves keep a span like -1e308...1e308 finite.
        let span = maximumValue / 2 - minimumValue / 2
        return span > 0 ? (storedValue / 2 - minimumValue / 2) / span : 0
    }

    /// The thumb's circle.
    var thumbRect: Rect {
        let track = trackRect, d = Slider.thumbDiameter
        return Rect(x: track.minX + fraction * track.width - d / 2, y: bounds.height / 2 - d / 2, width: d, height: d)
    }

    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        drawSlider(in: canvas)
    }

    // MARK: Tracking

    open override func beginTracking(at point: Point) -> Bool {
        valueAtPress = storedValue
        let thumb = thumbRect
        if thumb.insetBy(dx: -4, dy: -4).contains(point) {
            grabOffset = point.x - thumb.midX
        } else {
            grabOffset = 0
            track(to: point.x)
        }
        return true
    }

    open override func continueTracking(at point: Point) -> Bool {
        track(to: point.x - grabOffset)
        return true
    }

    open override func endTracking(at point: Point) {
        if !isContinuous && storedValue != valueAtPress { sendActions(for: .valueChanged) }
    }

    /// The value stays where the drag left it, so a non-continuous slider still reports it.
    open override func cancelTracking() {
        if !isContinuous && storedValue != valueAtPress { sendActions(for: .valueChanged) }
    }

    /// Puts the thumb's centre at `x` (clamped to the track) and reports the change.
    private func track(to x: Double) {
        let track = trackRect
        guard x.isFinite else { return }
        let f = track.width > 0 ? min(1, max(0, (x - track.minX) / track.width)) : 0
        let newValue = clamped(minimumValue * (1 - f) + maximumValue * f)
        guard newValue != storedValue else { return }
        store(newValue)
        if isContinuous { sendActions(for: .valueChanged) }
    }

    private func clamped(_ v: Double) -> Double { min(maximumValue, max(minimumValue, v)) }

    private func store(_ v: Double) {
        guard v != storedValue else { return }
        storedValue = v
        setNeedsDisplay()
    }
}
