import ModalKitBase

extension SheetPresentationController {
    /// How dimmed the backdrop is, 0...1: from nothing where the sheet is off screen (or at the largest undimmed
    /// detent) to full at the smallest (or the next larger) detent.
    public var dimmingFraction: Double {
        let list = resolvedDetents, height = containerSize.height
        var from = height, to = list.last?.position ?? height
        if let undimmed = largestUndimmedDetentIdentifier,
            let index = list.firstIndex(where: { $0.identifier == undimmed })
        {
            from = list[index].position
            to = index > 0 ? list[index - 1].position : from
        }
        guard from - to > 1e-9 else { return position < from ? 1 : 0 }
        return min(max((from - position) / (from - to), 0), 1)
    }

    /// How far toward full height the sheet is, 0...1, between the second-largest detent (or the bottom) and the
    /// largest: the presenting screen shrinks in proportion.
    public var expansionFraction: Double {
        let list = resolvedDetents
        guard let top = list.first?.position else { return 0 }
        let below = list.count > 1 ? list[1].position : containerSize.height
        guard below - top > 1e-9 else { return 0 }
        return min(max((below - position) / (below - top), 0), 1)
    }

    /// Dims the backdrop and shrinks the presenting screen for the current position. Both are cheap per frame: the
    /// dim is one translucent fill, the screen behind a scaled blit of its cached pixels (its corner radius changes
    /// only when it starts or stops shrinking, the one time it is redrawn).
    func updateBackdrop() {
        dimmingView.backgroundColor = Color(white: 0, alpha: dimmingAlpha * dimmingFraction)
        if let style = floatingStyle, let sheet = presentedViewController?.view {
            layoutFloating(sheet, style: style)
            if morph != nil { layOutMorph(sheet) }
        }
        guard let behind = presentingView else { return }
        let g = driver?.reducedMotion == true ? 0 : expansionFraction
        let height = behind.bounds.height
        let scale = 1 - g * (1 - presentingScale)
        let top = g * (SheetPresentationController.largeTopInset - 10)
        behind.transform =
            g > 0
            ? Transform(
                scaleX: scale, scaleY: scale, translationX: 0,
                translationY: top - (1 - scale) * height / 2) : .identity
        let radius = g > 0 ? cornerRadius : 0
        if behind.cornerRadius != radius { behind.cornerRadius = radius }
    }

    /// Puts the screen behind back as it was.
    func restorePresentingView() {
        presentingView?.transform = .identity
        presentingView?.cornerRadius = 0
    }
}

/// The backdrop between the sheet and the screen behind: a translucent black fill (never cached), whose taps
/// dismiss the sheet, and which tells the sheet when the container changes size.
final class SheetDimmingView: View {
    var onResize: (() -> Void)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        compositesAsGroup = false
        accessibilityIdentifier = "dimming"
    }

    override func layoutSubviews() { onResize?() }
}
