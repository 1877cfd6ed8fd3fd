import ModalKit

/// Where things are in a compare window: the labels' band across the top, then stage A, a thin divider, and
/// stage B, each stage the scene's whole size. Pure geometry in points.
public struct CompareLayout: Equatable {
    /// The band above the stages with their labels.
    public static let labelHeight = 24.0
    /// The divider between the stages.
    public static let dividerWidth = 2.0

    /// One stage's size.
    public var stage: Size

    /// The layout for stages of `stage` size.
    public init(stage: Size) { self.stage = stage }

    /// The layout whose whole window is `window` (a resize): the stages share what the band and divider leave.
    public init(window: Size) {
        stage = Size(
            width: max(1, ((window.width - CompareLayout.dividerWidth) / 2).rounded(.down)),
            height: max(1, window.height - CompareLayout.labelHeight))
    }

    /// The whole window: both stages, the divider and the band.
    public var windowSize: Size {
        Size(
            width: stage.width * 2 + CompareLayout.dividerWidth, height: stage.height + CompareLayout.labelHeight)
    }

    /// Where stage B starts, from the window's left.
    public var stageBX: Double { stage.width + CompareLayout.dividerWidth }

    /// A window point as a point of the stage it is over, the same for both stages: a point on B's half is
    /// moved onto A's, the divider counts as A's right edge, and the band lies above both (negative y).
    public func stagePoint(_ p: Point) -> Point {
        let x = p.x >= stageBX ? p.x - stageBX : min(p.x, stage.width)
        return Point(x: x, y: p.y - CompareLayout.labelHeight)
    }
}
