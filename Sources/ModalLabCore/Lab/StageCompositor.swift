import ModalKit

/// Stages side by side in one host frame (the inspector's stage and panel, a comparison's A and B): each stage draws
/// into pixels of its own, its own size, and the host's frame takes what changed where the stage stands. The lab's
/// one compositor: a frame of a new size (or one the caller says to redraw) takes every stage whole.
struct StageCompositor {
    /// Each stage's last frame, its own size.
    private(set) var pixels: [Bitmap]
    /// The host frame's size when last composed: a frame of another size is drawn whole.
    private var composedSize = (width: 0, height: 0)

    /// A compositor of `stages` stages, none drawn yet.
    init(stages: Int) { pixels = Array(repeating: Bitmap(width: 0, height: 0), count: stages) }

    /// Draws stage `index` with `draw` into its pixels, made `width` × `height` first (a resize, the first frame);
    /// returns what `draw` says changed (nil: all of it).
    mutating func render(
        _ index: Int, width: Int, height: Int, _ draw: (inout Bitmap) -> PixelRect?
    ) -> PixelRect? {
        if pixels[index].width != width || pixels[index].height != height {
            pixels[index] = Bitmap(width: width, height: height)
        }
        return draw(&pixels[index])
    }

    /// Copies the stages into `frame`, stage i with its top-left at `origins[i]`: every stage whole over
    /// `background` when the frame's size changed or `redraw` is set (then nil: all changed); otherwise only each
    /// stage's `damage[i]` (nil: the whole stage), returning the frame's region that changed.
    mutating func compose(
        into frame: inout Bitmap, at origins: [(x: Int, y: Int)], damage: [PixelRect?], redraw: Bool = false,
        background: (inout Bitmap) -> Void
    ) -> PixelRect? {
        if redraw || composedSize != (frame.width, frame.height) {
            composedSize = (frame.width, frame.height)
            background(&frame)
            for (source, origin) in zip(pixels, origins) {
                frame.copy(source.bounds, of: source, toX: origin.x, y: origin.y)
            }
            return nil
        }
        var changed = PixelRect.zero
        for ((source, origin), rect) in zip(zip(pixels, origins), damage) {
            let region = rect ?? source.bounds
            guard !region.isEmpty else { continue }
            frame.copy(region, of: source, toX: origin.x + region.x, y: origin.y + region.y)
            changed = changed.union(
                PixelRect(x: origin.x + region.x, y: origin.y + region.y, width: region.width, height: region.height))
        }
        return changed.intersection(frame.bounds)
    }
}
