import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    /// The detents that resolve in the current container, with the top edge each puts the sheet at, largest first.
    /// Resolved once per container height and kept: every frame of a drag reads them several times (the track,
    /// the dimming, the shrinking), and resolving allocates. Call `invalidateDetents()` when a custom resolver
    /// would now answer differently.
    public var resolvedDetents: [(identifier: Detent.Identifier, position: Double)] {
        resolution.detents
    }

    /// Resolves the detents again at the next use. UIKit's `invalidateDetents()`, for custom detents whose
    /// resolvers depend on something other than the container.
    public func invalidateDetents() {
        detentResolution = nil
        if isInstalled { settleAfterLayoutChange() }
    }

    /// Where the sheet runs and how it resists, for the current container and dismissal rule.
    public var track: SheetTrack {
        SheetTrack(
            detentPositions: resolution.positions, containerHeight: containerSize.height,
            coefficient: rubberBandCoefficient, dismissalAllowed: dragAllowsDismissal)
    }

    /// The detents resolved for the current container height, resolving them if that height is new.
    private var resolution: DetentResolution {
        let height = containerSize.height
        if let kept = detentResolution, kept.containerHeight == height { return kept }
        let made = DetentResolution(
            detents: detents, containerHeight: height, top: largeDetentTop,
            mediumFraction: floatingStyle?.mediumHeightFraction)
        detentResolution = made
        return made
    }

    /// The selected detent's identifier, or the smallest detent's when none is selected (as UIKit reads nil).
    public var effectiveDetentIdentifier: Detent.Identifier {
        let list = resolvedDetents
        if let selected, list.contains(where: { $0.identifier == selected }) { return selected }
        return list.last?.identifier ?? .large
    }

    /// The top edge the selected detent puts the sheet at.
    var selectedPosition: Double {
        let list = resolvedDetents
        return list.first { $0.identifier == effectiveDetentIdentifier }?.position ?? list.last?.position ?? 0
    }

    func identifier(at position: Double) -> Detent.Identifier? {
        resolvedDetents.min { abs($0.position - position) < abs($1.position - position) }?.identifier
    }

    func select(_ identifier: Detent.Identifier?, animated: Bool) {
        let old = selected
        selected = identifier
        if old != identifier { onSelectedDetentChange?(identifier) }
        guard isInstalled, phase != .dragging, phase != .dismissing else { return }
        if animated {
            settle(to: selectedPosition, velocity: 0)
        } else {
            stopMotion()
            setPosition(selectedPosition)
            phase = .idle
        }
    }

    /// Moves one detent up (`larger`) or down from the selected one, on the settle spring, as Up and Down do; at
    /// either end nothing happens. Returns whether the sheet moved.
    @discardableResult
    public func selectAdjacentDetent(larger: Bool) -> Bool {
        guard isInstalled, phase != .dismissing, !isInDismissTransition else { return false }
        let list = resolvedDetents
        guard let index = list.firstIndex(where: { $0.identifier == effectiveDetentIdentifier }) else { return false }
        let next = larger ? index - 1 : index + 1
        guard list.indices.contains(next) else { return false }
        animateChanges { selectedDetentIdentifier = list[next].identifier }
        return true
    }

    /// The container changed size or the detents changed: back to the selected detent at once.
    func settleAfterLayoutChange() {
        guard isInstalled else { return }
        layoutSheet()
        if phase == .dismissing {
            // Still leaving: through the new bottom edge, with the same ending.
            let completion = motionCompletion
            setPosition(min(position, containerSize.height))
            move(to: containerSize.height, velocity: 0, phase: .dismissing, completion: completion)
            return
        }
        if phase == .dragging {
            // The drag goes on from where the sheet is shown, or from as far as the new track can show it.
            rawPosition = track.raw(forShown: position)
            setPosition(track.shown(forRaw: rawPosition))
            return
        }
        stopMotion()
        setPosition(selectedPosition)
        phase = .idle
    }
}

/// The detents resolved for one container height, largest first, with their positions on their own for the
/// track.
struct DetentResolution {
    let containerHeight: Double
    let detents: [(identifier: SheetPresentationController.Detent.Identifier, position: Double)]
    let positions: [Double]

    /// `top` is where the large detent puts the sheet's top edge; `mediumFraction` of the height is the medium
    /// detent's height (nil: half the height, UIKit's before iOS 26).
    init(
        detents: [SheetPresentationController.Detent], containerHeight height: Double,
        top inset: Double = SheetPresentationController.largeTopInset, mediumFraction: Double? = nil
    ) {
        containerHeight = height
        let maximum = max(height - inset, 0)
        let context = SheetPresentationController.Detent.ResolutionContext(
            maximumDetentValue: maximum,
            mediumValue: mediumFraction.map { height * $0 } ?? (maximum + SheetPresentationController.largeTopInset) / 2
        )
        let resolved = detents.compactMap { detent -> (SheetPresentationController.Detent.Identifier, Double)? in
            guard let value = detent.resolver(context), value.isFinite else { return nil }
            return (detent.identifier, height - min(max(value, 0), context.maximumDetentValue))
        }
        let list = resolved.isEmpty ? [(SheetPresentationController.Detent.Identifier.large, inset)] : resolved
        self.detents = list.sorted { $0.1 < $1.1 }.map { (identifier: $0.0, position: $0.1) }
        positions = self.detents.map(\.position)
    }
}
