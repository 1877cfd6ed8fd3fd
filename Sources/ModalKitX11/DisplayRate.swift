import ModalKitPixels

/// One lit CRTC (a monitor's scan-out): the part of the root window it shows, in pixels, and its refresh rate.
struct CRTCLayout: Equatable {
    var area: PixelRect
    /// Refresh rate in Hz, or nil when the mode gives none usable (virtual servers report zeros).
    var rate: Double?
}

/// Which refresh rate a window should be paced at, on a desktop whose monitors may differ (60 Hz beside 144 Hz).
enum DisplayRate {
    /// The rate of the CRTC showing the largest part of `window` (root coordinates, pixels); on a tie the first
    /// such CRTC. A window on no monitor (off screen, or before it is placed) takes the first CRTC with a rate.
    /// Nil when no CRTC has a usable rate.
    static func rate(for window: PixelRect, crtcs: [CRTCLayout]) -> Double? {
        var best: (covered: Int, rate: Double)?
        for crtc in crtcs {
            guard let rate = crtc.rate else { continue }
            let overlap = crtc.area.intersection(window)
            let covered = overlap.isEmpty ? 0 : overlap.width * overlap.height
            if covered > (best?.covered ?? 0) || best == nil { best = (covered, rate) }
        }
        return best?.rate
    }
}
