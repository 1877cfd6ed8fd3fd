import ModalKitBase
import ModalKitMotion

/// The thin bar that shows where the visible part lies in the content, while the content moves; it fades out
/// when scrolling stops.
final class ScrollIndicator: View {
    /// Wait this long after scrolling stops, then fade out over `fadeDuration`.
    static let fadeDelay = 0.2
    static let fadeDuration = 0.3
    private var fade: PropertyAnimator?

    init() {
        super.init(frame: .zero)
        backgroundColor = Color(white: 0, alpha: 0.35)
        alpha = 0
        isUserInteractionEnabled = false
    }

    /// A bar draws only `View`'s fill; its shown or faded state is its alpha, which its superview's description
    /// holds.
    override func describeContent(into content: inout LayerContent) -> Bool { true }

    func show() {
        cancelFade()
        View.performWithoutAnimation { alpha = 1 }
    }

    func hide() {
        cancelFade()
        View.performWithoutAnimation { alpha = 0 }
    }

    func fadeOut() {
        guard alpha > 0, fade == nil else { return }
        guard let driver = window?.animationDriver else {
            alpha = 0
            return
        }
        let animator = PropertyAnimator(duration: ScrollIndicator.fadeDuration, curve: .easeOut, driver: driver)
        animator.addAnimation(from: alpha, to: 0.0) { [weak self] value in
            View.performWithoutAnimation { self?.alpha = value }
        }
        animator.addCompletion { [weak self] _ in self?.fade = nil }
        fade = animator
        animator.startAnimation(afterDelay: ScrollIndicator.fadeDelay)
    }

    private func cancelFade() {
        fade?.stopAnimation(true)
        fade = nil
    }
}

extension ScrollView {
    static let indicatorThickness = 3.0
    static let indicatorInset = 3.0
    static let minimumIndicatorLength = 36.0

    func showIndicators() {
        let along = scrollsAlong, range = offsetRange
        if showsVerticalScrollIndicator && along.y && range.y.upperBound > range.y.lowerBound {
            verticalIndicator.show()
        }
        if showsHorizontalScrollIndicator && along.x && range.x.upperBound > range.x.lowerBound {
            horizontalIndicator.show()
        }
        layoutIndicators()
    }

    func fadeIndicators() { verticalIndicator.fadeOut(); horizontalIndicator.fadeOut() }

    func hideIndicators() { verticalIndicator.hide(); horizontalIndicator.hide() }

    /// Puts the bars along the right and bottom edges of the visible area, sized to the visible fraction of the
    /// content and shortened while the content is stretched past an edge, as UIKit's do.
    func layoutIndicators() {
        if subviews.last !== horizontalIndicator {
            bringSubviewToFront(verticalIndicator)
            bringSubviewToFront(horizontalIndicator)
        }
        let offset = contentOffset, size = bounds.size, range = offsetRange
        let t = ScrollView.indicatorThickness, inset = ScrollView.indicatorInset
        let minimum = ScrollView.minimumIndicatorLength
        // The bar's insets take their length out of the view and the content alike: the bar measures what shows.
        let barInsets = verticalScrollIndicatorInsets.top + verticalScrollIndicatorInsets.bottom
        let y = ScrollView.bar(
            offset: offset.y, range: range.y, viewLength: size.height - barInsets,
            contentLength: contentSize.height + contentInset.top + contentInset.bottom - barInsets,
            track: size.height - barInsets - 2 * inset - t, minimum: minimum)
        verticalIndicator.frame = Rect(
            x: offset.x + size.width - inset - t,
            y: offset.y + verticalScrollIndicatorInsets.top + inset + y.start,
            width: t, height: y.length)
        let x = ScrollView.bar(
            offset: offset.x, range: range.x, viewLength: size.width,
            contentLength: contentSize.width + contentInset.left + contentInset.right,
            track: size.width - 2 * inset - t, minimum: minimum)
        horizontalIndicator.frame = Rect(
            x: offset.x + inset + x.start, y: offset.y + size.height - inset - t,
            width: x.length, height: t)
        verticalIndicator.cornerRadius = t / 2
        horizontalIndicator.cornerRadius = t / 2
    }

    /// Where a bar starts along its track and how long it is.
    static func bar(
        offset: Double, range: ClosedRange<Double>, viewLength: Double, contentLength: Double,
        track: Double, minimum: Double
    ) -> (start: Double, length: Double) {
        guard track > 0, contentLength > 0 else { return (0, 0) }
        let over = max(range.lowerBound - offset, offset - range.upperBound, 0)
        let full = max(min(track * viewLength / contentLength, track), min(minimum, track))
        let length = max(full - over, min(ScrollView.indicatorThickness * 2, full))
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(max((offset - range.lowerBound) / span, 0), 1) : 0
        return (fraction * (track - length), length)
    }
}
