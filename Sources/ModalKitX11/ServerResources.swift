import CX11
import Glibc

/// Facts the host reads from the X server: the HiDPI scale, and a RandR mode's refresh rate.
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
            let dpi = Double(String(cString: addr)), dpi > 0
        else { return nil }
        return min(max(dpi / 96, HostOptions.scaleRange.lowerBound), HostOptions.scaleRange.upperBound)
    }

    /// A mode's refresh rate, guarding the zero totals and clocks that virtual servers report.
    static func rate(of mode: XRRModeInfo) -> Double? {
        let pixelsPerFrame = Double(mode.hTotal) * Double(mode.vTotal)
        guard pixelsPerFrame > 0, mode.dotClock > 0 else { return nil }
        let rate = Double(mode.dotClock) / pixelsPerFrame
        return rate.isFinite && rate >= 1 ? min(rate, HostOptions.fpsRange.upperBound) : nil
    }
}
