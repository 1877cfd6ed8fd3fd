import CX11
import ModalKitPixels

extension X11Host {
    /// The last frame the host presented, as the window's pixels hold it: each pixel through the visual's format
    /// and back, opaque. It is the whole window whatever its size, including parts off screen, which the server
    /// cannot read back (see `captureVisiblePart`).
    public var presentedFrame: Bitmap {
        var picture = frame
        for y in 0 ..< picture.height {
            for x in 0 ..< picture.width { picture[x, y] = target.format.decode(target.format.encode(picture[x, y])) }
        }
        return picture
    }

    /// What the X server currently shows in the whole window, read back with XGetImage, as opaque 0xFFRRGGBB
    /// pixels; nil when the server refuses (the window reaches past the screen's edge, BadMatch).
    public func captureWindow() -> Bitmap? {
        capture(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
    }

    /// The part of the window that lies on the screen, in window pixels, with what the server shows there: all
    /// XGetImage can read from a window larger than the screen. Nil when none of the window is on screen.
    public func captureVisiblePart() -> (rect: PixelRect, pixels: Bitmap)? {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        let screen = XDefaultScreen(display)
        guard XTranslateCoordinates(display, window, XRootWindow(display, screen), 0, 0, &x, &y, &child) != 0
        else { return nil }
        let (rootWidth, rootHeight) = (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
        let x0 = max(0, -Int(x)), y0 = max(0, -Int(y))
        let x1 = min(frame.width, rootWidth - Int(x)), y1 = min(frame.height, rootHeight - Int(y))
        guard x1 > x0, y1 > y0 else { return nil }
        let rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return capture(rect).map { (rect, $0) }
    }

    /// What the window shows right now, without waiting for a frame presented for the next blank (tests: a
    /// whole frame is put at once).
    func captureWindowNow() -> Bitmap? {
        capture(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), waitingForBlank: false)
    }

    /// Reads `rect` (window pixels) back from the server; errors are trapped, so a refusal is nil, not a message.
    private func capture(_ rect: PixelRect, waitingForBlank: Bool = true) -> Bitmap? {
        // A frame presented for the next blank is not in the window yet.
        if waitingForBlank { (presenter as? VBlankPresenter)?.waitUntilShown() }
        var image: UnsafeMutablePointer<XImage>?
        let error = XErrors.trap(display) {
            image = XGetImage(
                display, window, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height),
                UInt.max, ZPixmap)
        }
        guard error == nil, let image else { return nil }
        defer { _ = image.pointee.f.destroy_image?(image) }
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
        var bitmap = Bitmap(width: rect.width, height: rect.height)
        let swap = image.needsByteSwap
        let bytesPerLine = Int(image.pointee.bytes_per_line)
        let raw = UnsafeRawPointer(data)
        for y in 0 ..< rect.height {
            let row = (raw + y * bytesPerLine).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< rect.width {
                bitmap[x, y] = target.format.decode(swap ? row[x].byteSwapped : row[x])
            }
        }
        return bitmap
    }
}
