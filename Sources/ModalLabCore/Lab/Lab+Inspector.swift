import ModalKit

extension Lab {
    /// Whether the inspector is beside the stage.
    public var showsInspector: Bool { inspector != nil }

    /// Shows or hides the inspector (key I) and asks the host for a window that fits: the stage's size, plus
    /// the panel's width when shown.
    public func toggleInspector() {
        if inspector == nil { openInspector() } else { closeInspector() }
        let size = windowSize
        sizes.remember(size)
        let ask = sizes.onRequest
        ask?(size)
    }

    func openInspector() {
        let feed = LivePlot { [weak self] story in self?.showRelease(story) }
        let panel = Inspector(
            scene: kind.name, parameters: parameters,
            height: window.bounds.height, clock: clock, feed: feed)
        panel.view.onChange = { [weak panel] in panel?.pendingParameters = $0 }
        panel.view.onExport = { [unowned self] in exportParameters() }
        panel.view.message = notices.configMessage
        inspector = panel
        events.panel = feed
        // The feed joins after the scene's event was published; it needs it for the plot's rule lines.
        feed.take(.scene(sceneShown))
        windowSize = Size(width: window.bounds.width + InspectorView.width, height: window.bounds.height)
        window.setNeedsDisplay()
    }

    private func closeInspector() {
        inspector = nil
        events.panel = nil
        windowSize = window.bounds.size
        window.setNeedsDisplay()
    }

    /// A released drag has come to rest: the panel shows what each estimator read and the plot.
    private func showRelease(_ story: ReleaseStory) {
        guard let inspector else { return }
        let verdicts = EstimatorVerdicts(story, rule: scene.rule)
        inspector.view.readout.show(story, verdicts: verdicts)
    }

    /// A resize with the inspector shown: the stage keeps its size, the panel gets the rest of the window.
    func resizeBesideStage(_ inspector: Inspector, to size: Size) {
        windowSize = size
        inspector.resize(to: Size(width: max(1, size.width - window.bounds.width), height: max(1, size.height)))
    }

    /// Applies what the panel changed, once the event that changed it has been handled (rebuilding the panel's
    /// rows from inside a control's own action would pull the control out from under its tracking).
    func applyPendingParameters() {
        guard let next = inspector?.pendingParameters else { return }
        inspector?.pendingParameters = nil
        apply(next)
    }

    /// Draws the stage and the panel into their own frames and copies what changed into the host's frame.
    func renderWithInspector(_ inspector: Inspector, into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        let stageWidth = Int((window.bounds.width * scale).rounded()),
            stageHeight = Int((window.bounds.height * scale).rounded())
        let panelWidth = max(1, bitmap.width - stageWidth), panelHeight = max(1, bitmap.height)
        inspector.resize(to: Size(width: Double(panelWidth) / scale, height: Double(panelHeight) / scale))
        let stageDamage = inspector.compositor.render(0, width: stageWidth, height: stageHeight) {
            window.render(into: &$0, scale: scale)
        }
        scene.root.view.prepareLayer(scale: scale)
        let panelDamage = inspector.compositor.render(1, width: panelWidth, height: panelHeight) {
            inspector.window.render(into: &$0, scale: scale)
        }
        return inspector.compositor.compose(
            into: &bitmap, at: [(0, 0), (stageWidth, 0)], damage: [stageDamage, panelDamage]
        ) { $0.fill(.black) }
    }
}
