import CX11
import Glibc

/// Facts the host asks the X server for once at start: HiDPI scale and refresh rate.
enum ServerResources {
    /// `Xft.dpi / 96` from the RESOURCE_MANAGER property, or nil when it is not set or not a positive number.
    /// The server's word is clamped, not trusted: `inf`, `1e300` or `1e9` give the largest scale the host allows.
    static func xftScale(_ display: OpaquePointer) -> Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let addr = value.addr,
              let dpi = Double(String(cString: addr)), dpi > 0 else { return nil }
        return min(max(dpi / 96, HostOptions.scaleRange.lowerBound), HostOptions.scaleRange.upperBound)
    }

    /// The refresh rate of the first active CRTC in Hz (dot clock / (htotal × vtotal)), or nil when RandR is
    /// missing or reports no usable mode.
    static func refreshRate(_ display: OpaquePointer, root: Window) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
              let resources = XRRGetScreenResourcesCurrent(display, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let res = resources.pointee
        for c in 0 ..< Int(res.ncrtc) {
            guard let info = XRRGetCrtcInfo(display, resources, res.crtcs[c]) else { continue }
            let mode = info.pointee.mode
            XRRFreeCrtcInfo(info)
            guard mode != 0 else { continue }
            for m in 0 ..< Int(res.nmode) where res.modes[m].id == mode {
                if let rate = rate(of: res.modes[m]) { return rate }
            }
        }
        return nil
    }

    /// A mode's refresh rate, guarding the zero totals and clocks that virtual servers report.
    static func rate(of mode: XRRModeInfo) -> Double? {
        let pixelsPerFrame = Double(mode.hTotal) * Double(mode.vTotal)
        guard pixelsPerFrame > 0, mode.dotClock > 0 else { return nil }
        let rate = Double(mode.dotClock) / pixelsPerFrame
        return rate.isFinite && rate >= 1 ? min(rate, HostOptions.fpsRange.upperBound) : nil
    }
}

