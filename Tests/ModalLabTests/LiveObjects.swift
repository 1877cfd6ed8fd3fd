import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The objects a leak would keep: views, their cached pixels and property animators, counted live.
struct LiveObjects: Equatable, CustomStringConvertible {
    let views: Int
    let layerCaches: Int
    let animators: Int

    static var now: LiveObjects {
        LiveObjects(
            views: View.liveInstances, layerCaches: View.liveLayerCaches, animators: PropertyAnimator.liveInstances)
    }

    var description: String { "\(views) views, \(layerCaches) layer caches, \(animators) animators" }
}

extension HeadlessLab {
    /// Runs frames until everything rests, then draws a frame (so every visible view has its layer cache).
    func settleAndRender() {
        settle()
        var bitmap = Bitmap(
            width: Int(lab.window.bounds.width.rounded()), height: Int(lab.window.bounds.height.rounded()))
        lab.render(into: &bitmap, scale: 1)
    }
}
