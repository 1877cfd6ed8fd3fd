/// How an image view places an image that is not its own size. UIKit's `UIView.ContentMode`, with one
/// difference noted at `top`.
public enum ContentMode: Sendable, Equatable {
    /// Stretched to the bounds on each axis on its own; the aspect ratio is lost. UIKit's default.
    case scaleToFill
    /// Scaled to fit inside the bounds whole, aspect kept, centred; the rest of the bounds stays empty.
    case scaleAspectFit
    /// Scaled to cover the bounds, aspect kept, centred; what overflows is cut when the view clips.
    case scaleAspectFill
    /// Scaled to the bounds' width, aspect kept, top edge on the view's top; what is below the bounds is cut
    /// when the view clips. (UIKit's `.top` does not scale; this is how a design tool's screen export of a
    /// long page is shown.)
    case top
}
