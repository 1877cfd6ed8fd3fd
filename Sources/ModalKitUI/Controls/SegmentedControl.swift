import ModalKitBase

/// A row of mutually exclusive titled segments. UIKit's `UISegmentedControl` (the iOS 13 look: a white thumb on
/// a grey track).
///
/// A press highlights the segment under the pointer and a drag moves the highlight across segments (a press on
/// the selected segment drags the thumb itself); the release selects the highlighted segment and sends
/// `valueChanged` when the selection changed. A release or drag beyond `Control.touchSlop` selects nothing.
open class SegmentedControl: Control {
    /// `selectedSegmentIndex` when no segment is selected. UIKit's `UISegmentedControl.noSegment`.
    public static let noSegment = -1

    /// The segments' titles, left to right.
    public private(set) var titles: [String] { didSet { setNeedsDisplay() } }
    /// The selected segment, or `noSegment`. Setting it from code sends no event; an index that names no
    /// segment is ignored.
    public var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet {
            guard selectedSegmentIndex != oldValue else { return }
            if selectedSegmentIndex != SegmentedControl.noSegment && !titles.indices.contains(selectedSegmentIndex) {
                selectedSegmentIndex = oldValue
                return
            }
            setNeedsDisplay()
        }
    }
    /// The segment a press is on now, nil when none.
    public private(set) var highlightedSegmentIndex: Int? {
        didSet { if highlightedSegmentIndex != oldValue { setNeedsDisplay() } }
    }
    /// Whether the current press began on the selected segment, so the drag moves the thumb.
    private(set) var isDraggingThumb = false

    /// A control with one segment per title and none selected. UIKit's `init(items:)`.
    public init(items: [String], frame: Rect = .zero) {
        titles = items
        super.init(frame: frame)
    }

    /// How many segments there are.
    public var numberOfSegments: Int { titles.count }

    /// The title of a segment, nil for an index that names none.
    public func titleForSegment(at index: Int) -> String? { titles.indices.contains(index) ? titles[index] : nil }

    /// Renames a segment; an index that names none is ignored.
    public func setTitle(_ title: String, forSegmentAt index: Int) {
        if titles.indices.contains(index) { titles[index] = title }
    }

    /// Inserts a segment (an index past the end appends); the selection stays on the same segment.
    public func insertSegment(withTitle title: String, at index: Int) {
        let at = min(max(index, 0), titles.count)
        titles.insert(title, at: at)
        if selectedSegmentIndex >= at { selectedSegmentIndex += 1 }
    }

    /// Removes a segment; removing the selected one leaves none selected.
    public func removeSegment(at index: Int) {
        guard titles.indices.contains(index) else { return }
        let selected = selectedSegmentIndex
        selectedSegmentIndex = SegmentedControl.noSegment
        titles.remove(at: index)
        if selected != index { selectedSegmentIndex = selected > index ? selected - 1 : selected }
    }

    /// The segment under `point` (the view's points), nil outside the control.
    public func segmentIndex(at point: Point) -> Int? {
        guard !titles.isEmpty, bounds.width > 0, bounds.contains(point) else { return nil }
        return min(titles.count - 1, max(0, Int(point.x / segmentWidth)))
    }

    var segmentWidth: Double { titles.isEmpty ? 0 : bounds.width / Double(titles.count) }

    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        drawSegments(in: canvas)
    }

    // MARK: Tracking

    open override func beginTracking(at point: Point) -> Bool {
        guard let index = segmentIndex(at: point) else { return false }
        isDraggingThumb = index == selectedSegmentIndex
        highlightedSegmentIndex = index
        return true
    }

    open override func continueTracking(at point: Point) -> Bool {
        guard isInsideForTracking(point), !titles.isEmpty else {
            highlightedSegmentIndex = nil
            return true
        }
        // Above or below the row, the segment in that column.
        let inRow = Point(x: min(max(point.x, 0), bounds.width - 0.001), y: bounds.midY)
        highlightedSegmentIndex = segmentIndex(at: inRow)
        return true
    }

    open override func endTracking(at point: Point) {
        let target = isInsideForTracking(point) ? highlightedSegmentIndex : nil
        highlightedSegmentIndex = nil
        isDraggingThumb = false
        guard let target, target != selectedSegmentIndex else { return }
        selectedSegmentIndex = target
        sendActions(for: .valueChanged)
    }

    open override func cancelTracking() {
        highlightedSegmentIndex = nil
        isDraggingThumb = false
    }
}
