import Glibc
import ModalKit

/// One parameter in the inspector: its name, its seed default, and the control that changes it — a `Slider`
/// showing its value for numbers, a `Switch` for on/off, a `SegmentedControl` for curves and other choices.
final class ParameterRow: View {
    static let height = 32.0
    static let labelWidth = 164.0
    let spec: ParameterSpec
    /// Called with the new value when the user has changed it (a slider when it is let go).
    var onChange: (ParameterValue) -> Void = { _ in }
    private let nameLabel: Label
    private let seedLabel: Label
    private(set) var control: View

    init(spec: ParameterSpec, value: ParameterValue) {
        self.spec = spec
        // The seeds' longest names (minimumScreenRatioToHide) fit the column a point smaller.
        nameLabel = Label(
            text: spec.name, font: .preferredFont(forTextStyle: spec.name.count > 20 ? .caption2 : .caption1))
        seedLabel = Label(text: "seed \(spec.defaultValue)", font: .systemFont(ofSize: 10), textColor: .secondaryLabel)
        control = View()
        super.init(frame: .zero)
        control = makeControl(value)
        [nameLabel, seedLabel, control].forEach(addSubview)
    }

    /// The choices a choice parameter offers, with curves as UIKit names them.
    private var choices: [String] {
        switch spec.kind {
        case .curve: return ["linear", "ease-in", "ease-out", "ease-in-out"]
        case .choice(let names): return names
        case .number: return []
        }
    }

    private func makeControl(_ value: ParameterValue) -> View {
        if case .number(let range) = spec.kind {
            let slider = Slider()
            let current: Double? = if case .number(let n) = value { n } else { nil }
            let bounds = ParameterRow.sliderRange(range, default: spec.defaultValue, reaching: current)
            slider.minimumValue = bounds.lowerBound
            slider.maximumValue = bounds.upperBound
            if let current { slider.value = current }
            let shown = slider.value
            slider.valueFormatter = { ParameterRow.format($0) }
            slider.accessibilityIdentifier = "slider-\(spec.name)"
            slider.addAction(for: [.touchUpInside, .touchUpOutside]) { [unowned self, unowned slider] in
                // A click that did not move the thumb changes nothing, not even by rounding to a step.
                guard slider.value != shown else { return }
                onChange(.number(ParameterRow.rounded(slider.value, in: bounds)))
            }
            return slider
        }
        if choices == ["on", "off"] {
            let toggle = Switch(isOn: value == .choice("on"))
            toggle.accessibilityIdentifier = "switch-\(spec.name)"
            toggle.addAction { [unowned self, unowned toggle] in onChange(.choice(toggle.isOn ? "on" : "off")) }
            return toggle
        }
        let segmented = SegmentedControl(items: choices.map(ParameterRow.title(ofChoice:)))
        segmented.selectedSegmentIndex = choices.firstIndex(of: value.description) ?? SegmentedControl.noSegment
        segmented.accessibilityIdentifier = "segments-\(spec.name)"
        segmented.addAction(for: .valueChanged) { [unowned self, unowned segmented] in
            let name = choices[max(0, segmented.selectedSegmentIndex)]
            onChange(
                spec.kind.isCurve ? TimingCurve(name: name).map(ParameterValue.curve) ?? .choice(name) : .choice(name))
        }
        return segmented
    }

    override func layoutSubviews() {
        let w = bounds.width, h = ParameterRow.height
        nameLabel.frame = Rect(x: 0, y: 1, width: ParameterRow.labelWidth - 6, height: 15)
        seedLabel.frame = Rect(x: 0, y: 16, width: ParameterRow.labelWidth - 6, height: 13)
        let x = ParameterRow.labelWidth, room = w - x
        switch control {
        case is Switch: control.frame = Rect(origin: Point(x: x, y: (h - Switch.size.height) / 2), size: Switch.size)
        case is Slider: control.frame = Rect(x: x, y: 2, width: room, height: 28)
        default: control.frame = Rect(x: x, y: 3, width: room, height: 26)
        }
    }

    /// The slider's travel: the allowed range, cut to four times the seed's value when that is far smaller (a
    /// velocity may be up to 100,000 pt/s, but a useful slider for 1500 ends near 6000), but always reaching
    /// `current`: a value set beyond the cut (`--set`, a config) is shown as it is, not as the travel's end, and
    /// a drag of the thumb starts from it and slides over the widened travel.
    static func sliderRange(
        _ range: ClosedRange<Double>, default value: ParameterValue,
        reaching current: Double? = nil
    ) -> ClosedRange<Double> {
        guard case .number(let seed) = value, seed > 0, seed * 4 < range.upperBound else { return range }
        let end = max(range.lowerBound, seed * 4, min(current ?? 0, range.upperBound))
        return range.lowerBound ... end
    }

    /// A slider's value kept to three significant steps of its travel, so a drag gives 0.42, not 0.41987.
    static func rounded(_ value: Double, in range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return value }
        let step = pow10Floor(span / 1000)
        return min(range.upperBound, max(range.lowerBound, (value / step).rounded() * step)).roundedToPrint
    }

    static func format(_ value: Double) -> String {
        abs(value) >= 100
            ? fmt(value, 0) : abs(value) >= 10 ? fmt(value, 1) : abs(value) >= 1 ? fmt(value, 2) : fmt(value, 3)
    }

    /// A segment's title: a list of detents ("small,medium,large") by initials ("S+M+L") so four fit in a row.
    static func title(ofChoice name: String) -> String {
        guard name.contains(",") else { return name }
        return name.split(separator: ",").map { $0.prefix(1).uppercased() }.joined(separator: "+")
    }

    private static func pow10Floor(_ x: Double) -> Double {
        var step = 1.0
        while step > x { step /= 10 }
        while step * 10 <= x { step *= 10 }
        return step
    }
}

extension ParameterSpec.Kind {
    var isCurve: Bool { if case .curve = self { return true } else { return false } }
}

private extension Double {
    /// The shortest decimal near this value (0.30000000000000004 becomes 0.3), so exports stay readable.
    /// Rounded to ten significant digits, as `%.10g` prints it.
    var roundedToPrint: Double {
        guard isFinite, self != 0 else { return self }
        let exponent = Int(log10(abs(self)).rounded(.down))
        let shift = min(max(9 - exponent, -300), 300)
        let scale = pow(10, Double(abs(shift)))
        let rounded = shift >= 0 ? (self * scale).rounded() / scale : (self / scale).rounded() * scale
        return rounded.isFinite ? rounded : self
    }
}
