import ModalKitBase

/// Where some views were and how they looked, so a cancelled transition can put everything back exactly:
/// superviews, order among siblings, frames, alpha and transform.
struct HierarchySnapshot {
    private struct Entry {
        let view: View
        let superview: View?
        let index: Int
        let state: View.State
        let isHidden: Bool
    }

    private let entries: [Entry]

    init(_ views: [View]) {
        var seen = Set<ObjectIdentifier>()
        entries = views.compactMap { view in
            guard seen.insert(ObjectIdentifier(view)).inserted else { return nil }
            let index = view.superview?.subviews.firstIndex { $0 === view } ?? 0
            return Entry(
                view: view, superview: view.superview, index: index, state: view.model, isHidden: view.isHidden)
        }
    }

    /// Puts every recorded view back: first all detached, then re-inserted in their old order, states restored
    /// with no animation.
    func restore() {
        for entry in entries { entry.view.removeFromSuperview() }
        for entry in entries.sorted(by: { $0.index < $1.index }) {
            entry.superview?.insertSubview(entry.view, at: entry.index)
        }
        for entry in entries {
            View.performWithoutAnimation {
                entry.view.center = entry.state.center
                entry.view.bounds = entry.state.bounds
                entry.view.transform = entry.state.transform
                entry.view.alpha = entry.state.alpha
                entry.view.backgroundColor = entry.state.backgroundColor
            }
            entry.view.isHidden = entry.isHidden
        }
    }
}
