import ModalKit

/// The window's size as the lab lays it out, and the sizes it asked the host for (key I) whose resize has not come
/// back yet: a resize that answers one changes nothing, any other is the user's.
struct WindowSizeRequests {
    /// The whole window in points: the stage, and the inspector beside it when shown.
    var windowSize: Size
    /// Called when the lab wants another window size; the host resizes.
    var onRequest: ((Size) -> Void)?
    /// The sizes asked for whose resize has not come back yet, oldest first.
    private(set) var pending: [Size] = []

    /// More unanswered size requests than presses of I the server could leave unanswered while the lab reads
    /// them (300 presses 1 ms apart leave a handful).
    static let maximumPending = 64

    init(_ size: Size) { windowSize = size }

    /// Remembers a request for `size`, so its answer is known for one when it comes. The caller then asks the
    /// host (`onRequest`), outside this mutation: the host's answer may read the lab's size at once (a compare
    /// window lays itself out again), which would overlap this access.
    mutating func remember(_ size: Size) {
        pending.append(size)
        // A host that never answers (headless, a window manager that refuses) must not grow the list for ever.
        if pending.count > Self.maximumPending { pending.removeFirst() }
    }

    /// Whether a resize to `size` is the server's answer to a size the lab asked for; that request and the older
    /// ones are then answered. An answer changes nothing: the lab laid out the latest request when it made it, and
    /// an older one is stale (I pressed faster than the server answers; taken as the user's resize, the closed
    /// panel's width went to the stage, and the next open added the panel again, growing the window each time).
    /// A resize that answers nothing (the user's, a window manager's choice) is a resize.
    mutating func isAnswer(_ size: Size) -> Bool {
        // The host rounds to whole pixels at its scale: within a point is the size asked for.
        guard
            let i = pending.firstIndex(where: {
                abs($0.width - size.width) < 1 && abs($0.height - size.height) < 1
            })
        else { return false }
        pending.removeFirst(i + 1)
        return true
    }
}
