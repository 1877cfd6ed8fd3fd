import CX11
import Glibc
import ModalKitBase

extension X11Host {
    static func openDisplay() throws -> (OpaquePointer, Int32) {
        guard let name = getenv("DISPLAY").map({ String(cString: $0) }), !name.isEmpty else {
            throw HostError.noDisplay
        }
        guard let display = XOpenDisplay(nil) else { throw HostError.cannotConnect(name) }
        return (display, XDefaultScreen(display))
    }

    /// The default visual when it is 24/32-bit TrueColor (no colormap work needed), else any such visual.
    static func trueColorVisual(_ display: OpaquePointer, screen: Int32) throws -> XVisualInfo {
        var info = XVisualInfo()
        let defaultID = XVisualIDFromVisual(XDefaultVisual(display, screen))
        for depth: Int32 in [24, 32] where XMatchVisualInfo(display, screen, depth, TrueColor, &info) != 0 {
            var template = XVisualInfo()
            template.visualid = defaultID
            var count: Int32 = 0
            if XDefaultDepth(display, screen) == depth,
                let list = XGetVisualInfo(display, Int(VisualIDMask), &template, &count)
            {
                defer { XFree(list) }
                if count > 0, Int(list.pointee.`class`) == TrueColor { return list.pointee }
            }
            return info
        }
        throw HostError.noTrueColorVisual
    }

    static func createWindow(
        _ display: OpaquePointer, root: Window, visual: XVisualInfo, width: Int,
        height: Int
    ) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.colormap = XCreateColormap(display, root, visual.visual, AllocNone)
        attributes.border_pixel = 0
        attributes.background_pixmap = 0
        attributes.event_mask =
            ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
            | ButtonReleaseMask | PointerMotionMask | FocusChangeMask | LeaveWindowMask
        let mask = UInt(CWColormap | CWBorderPixel | CWBackPixmap | CWEventMask)
        return XCreateWindow(
            display, root, 0, 0, UInt32(width), UInt32(height), 0, visual.depth,
            UInt32(InputOutput), visual.visual, mask, &attributes)
    }

    static func makePresenter(
        _ target: PresentTarget, width: Int, height: Int, shm: Bool,
        present: PresentExtension?
    ) throws -> Presenter {
        if shm, let present,
            let presenter = VBlankPresenter(
                target: target, present: present, width: width,
                height: height)
        {
            return presenter
        }
        if shm, let presenter = SharedMemoryPresenter(target: target, width: width, height: height) {
            return presenter
        }
        return try PlainPresenter(target: target, width: width, height: height)
    }

    static func validScale(_ scale: Double?) -> Double? {
        guard let scale, scale.isFinite, scale > 0 else { return nil }
        return scale
    }

    static func validRate(_ rate: Double?) -> Double? {
        guard let rate, rate.isFinite, rate > 0 else { return nil }
        return min(max(rate, HostOptions.fpsRange.lowerBound), HostOptions.fpsRange.upperBound)
    }

    /// Title, class, close protocol, pid and minimum size: what window managers and tools read.
    func describeWindow(_ options: HostOptions, minimumPoints: Size) {
        setTitle(options.title)
        var classHint = XClassHint()
        options.appName.withCString { name in
            options.windowClass.withCString { cls in
                classHint.res_name = UnsafeMutablePointer(mutating: name)
                classHint.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(display, window, &classHint)
            }
        }
        var protocols = [translator.deleteWindowAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        // Format-32 properties travel as C longs in Xlib, whatever the machine's word size.
        let pid = [UInt(getpid())]
        _ = pid.withUnsafeBytes { bytes in
            XChangeProperty(
                display, window, XInternAtom(display, "_NET_WM_PID", False), XA_CARDINAL, 32,
                PropModeReplace, bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        guard let hints = XAllocSizeHints() else { return }
        defer { XFree(hints) }
        hints.pointee.flags = PMinSize
        hints.pointee.min_width = Int32((minimumPoints.width * scale).rounded())
        hints.pointee.min_height = Int32((minimumPoints.height * scale).rounded())
        XSetWMNormalHints(display, window, hints)
    }
}

extension X11Host {
    /// WM_NAME in the encoding Xlib picks for the ICC conventions: STRING (Latin-1) when every character fits,
    /// else COMPOUND_TEXT. Writing UTF-8 bytes typed as STRING would show "â€”" for "—". Xlib converts with the
    /// current locale's charsets, and the C locale knows only Latin-1, so the conversion runs in C.UTF-8.
    func setLegacyName(_ title: String) {
        guard let text = strdup(title) else { return }
        defer { free(text) }
        var list: [UnsafeMutablePointer<CChar>?] = [text]
        var property = XTextProperty()
        let converted = X11Host.inUTF8Locale {
            Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property)
        }
        guard converted == Success else {
            if converted > 0 { XFree(property.value) }
            // No converter in this Xlib: the title keeps only its ASCII characters rather than showing mojibake.
            XStoreName(display, window, String(title.unicodeScalars.filter(\.isASCII).map(Character.init)))
            return
        }
        defer { XFree(property.value) }
        XSetWMName(display, window, &property)
    }

    /// Runs `body` with LC_CTYPE set to C.UTF-8 (when the system has it), then puts the caller's locale back.
    static func inUTF8Locale<T>(_ body: () -> T) -> T {
        let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        let switched = setlocale(LC_CTYPE, "C.UTF-8") != nil
        defer { if switched, let saved { setlocale(LC_CTYPE, saved) } }
        return body()
    }
}
