import ModalKit

/// The inspector's panel: every parameter of the scene as a control, "Reset to seed" and "Export", a line for
/// messages (a config that failed to reload), and after each release what every velocity estimator read with the
/// decision it implies, beside the motion plot of that drag.
final class InspectorView: View {
    static let width = 440.0
    static let margin = 12.0
    /// Called with the scene's parameters after the user changed one, or reset them all to the seed's.
    var onChange: (SceneParameters) -> Void = { _ in }
    var onExport: () -> Void = {}
    private(set) var parameters: SceneParameters
    private let titleLabel = Label(text: "", font: .preferredFont(forTextStyle: .subheadline).withWeight(.semibold))
    let resetButton = Button(title: "Reset to seed", font: .preferredFont(forTextStyle: .footnote))
    let exportButton = Button(title: "Export", font: .preferredFont(forTextStyle: .footnote))
    private let messageLabel = Label(
        text: "", font: .preferredFont(forTextStyle: .caption2), textColor: Color(rgb: 0xFF3B30))
    private(set) var rows: [ParameterRow] = []
    let readout = ReleaseReadoutView()

    init(scene: String, parameters: SceneParameters) {
        self.parameters = parameters
        super.init(frame: .zero)
        backgroundColor = .systemGray6
        accessibilityIdentifier = "inspector"
        [titleLabel, resetButton, exportButton, messageLabel, readout].forEach(addSubview)
        for button in [resetButton, exportButton] {
            button.backgroundColor = .white
            button.cornerRadius = 7
        }
        resetButton.accessibilityIdentifier = "reset-to-seed"
        exportButton.accessibilityIdentifier = "export"
        resetButton.addAction { [unowned self] in
            onChange(SceneParameters(specs: self.parameters.specs, system: self.parameters.system))
        }
        exportButton.addAction { [unowned self] in onExport() }
        show(scene: scene, parameters: parameters)
    }

    /// Shows `parameters` (a new scene, a reload, a reset): the rows are made again.
    func show(scene: String, parameters: SceneParameters) {
        self.parameters = parameters
        titleLabel.text = "Inspector · \(scene)"
        rows.forEach { $0.removeFromSuperview() }
        rows = parameters.specs.map { spec in
            let row = ParameterRow(spec: spec, value: parameters.value(spec.name) ?? spec.defaultValue)
            row.onChange = { [unowned self] value in change(spec.name, to: value) }
            addSubview(row)
            return row
        }
        layoutSubviews()
    }

    /// The one-line message under the buttons (an error), or none.
    var message: String? {
        get { messageLabel.text.isEmpty ? nil : messageLabel.text }
        set { messageLabel.text = newValue ?? "" }
    }

    private func change(_ name: String, to value: ParameterValue) {
        var changed = parameters
        guard (try? changed.set(name, value)) != nil, changed != parameters else { return }
        onChange(changed)
    }

    override func layoutSubviews() {
        let m = InspectorView.margin, w = bounds.width - 2 * m
        titleLabel.frame = Rect(x: m, y: 8, width: w - 190, height: 22)
        exportButton.frame = Rect(x: m + w - 64, y: 6, width: 64, height: 26)
        resetButton.frame = Rect(x: m + w - 64 - 8 - 110, y: 6, width: 110, height: 26)
        messageLabel.frame = Rect(x: m, y: 36, width: w, height: 14)
        var y = 54.0
        for row in rows {
            row.frame = Rect(x: m, y: y, width: w, height: ParameterRow.height)
            row.layoutSubviews()
            y += ParameterRow.height
        }
        readout.frame = Rect(x: m, y: y + 8, width: w, height: max(0, bounds.height - y - 16))
        readout.layoutSubviews()
    }
}
