import CX11
import ModalKitPixels

/// The display link follows the refresh rate of the monitor that shows most of the window: read at start, again
/// when the window moves (ConfigureNotify) and when RandR reports a change of screens or CRTCs.
extension X11Host {
    /// The lit CRTCs of the screen and their rates, or none when the server lacks RandR.
    static func crtcLayouts(_ display: OpaquePointer, root: Window) -> [CRTCLayout] {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
            let resources = XRRGetScreenResourcesCurrent(display, root)
        else { return [] }
        defer { XRRFreeScreenResources(resources) }
        let res = resources.pointee
        var layouts: [CRTCLayout] = []
        for c in 0 ..< Int(res.ncrtc) {
            guard let info = XRRGetCrtcInfo(display, resources, res.crtcs[c]) else { continue }
            defer { XRRFreeCrtcInfo(info) }
            let crtc = info.pointee
            guard crtc.mode != 0 else { continue }
            let mode = (0 ..< Int(res.nmode)).first { res.modes[$0].id == crtc.mode }
            layouts.append(
                CRTCLayout(
                    area: PixelRect(
                        x: Int(crtc.x), y: Int(crtc.y), width: Int(crtc.width),
                        height: Int(crtc.height)),
                    rate: mode.flatMap { ServerResources.rate(of: res.modes[$0]) }))
        }
        return layouts
    }

    /// The RandR event base when the server has RandR; asks it for screen and CRTC changes on this window.
    static func watchRandR(_ display: OpaquePointer, window: Window) -> Int32? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        XRRSelectInput(display, window, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask))
        return eventBase
    }

    /// Handles the window moving or RandR changing the screens; true when the event was one of those.
    func noteDisplayChange(_ event: XEvent) -> Bool {
        if let base = randrEventBase, event.type == base + RRScreenChangeNotify || event.type == base + RRNotify {
            var copy = event
            XRRUpdateConfiguration(&copy)
            crtcs = X11Host.crtcLayouts(display, root: root)
            followDisplayRate()
            return true
        }
        if event.type == ConfigureNotify { followDisplayRate() }
        return false
    }

    /// Paces the display link at the rate of the monitor showing most of the window, unless `--fps` fixed it;
    /// with Present, tells the blank's clock what rate to expect (it measures the rate itself).
    func followDisplayRate() {
        guard !rateIsFixed || pacing != nil else { return }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
        let area = PixelRect(x: Int(x), y: Int(y), width: frame.width, height: frame.height)
        guard let rate = DisplayRate.rate(for: area, crtcs: crtcs) else { return }
        pacing?.expect(period: 1 / rate)
        guard !rateIsFixed, rate != refreshRate else { return }
        refreshRate = rate
        displayLink.setRate(rate)
    }
}
