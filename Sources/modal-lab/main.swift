// Interim driver: opens the host with a test picture until the lab's scenes arrive.
import Glibc
import ModalKitBase
import ModalKitPixels
import ModalKitX11

/// Shows `TestPattern`; writes the first presented frame as read back from the server when asked to.
final class TestPatternApp: HostApplication {
    let screenshotPath: String?
    var needsDisplay = true
    let isAnimating = false

    init(screenshotPath: String?) { self.screenshotPath = screenshotPath }

    func handle(_ event: InputEvent, host: X11Host) {
        switch event {
        case .resize: needsDisplay = true
        case .keyDown(.escape, _): host.stop()
        default: break
        }
    }

    func advance(to frameTime: Double) {}

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        TestPattern.draw(into: &bitmap)
        needsDisplay = false
        return nil
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        guard let path = screenshotPath else { return }
        guard let shot = host.captureWindow(), writePPM(shot, to: path) else {
            fputs("modal-lab: cannot write the screenshot to \(path)\n", stderr)
            host.stop(exitCode: 1)
            return
        }
        host.stop(exitCode: 0)
    }
}

/// Binary PPM (P6) until PNG writing lands in the pixels layer.
func writePPM(_ bitmap: Bitmap, to path: String) -> Bool {
    var bytes = Array("P6\n\(bitmap.width) \(bitmap.height)\n255\n".utf8)
    bytes.reserveCapacity(bytes.count + bitmap.pixels.count * 3)
    for p in bitmap.pixels { bytes += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)] }
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    return fwrite(bytes, 1, bytes.count, file) == bytes.count
}

let commandLine: LabCommandLine
do {
    commandLine = try LabCommandLine(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    let message = (error as? LabCommandLine.ParseError)?.message ?? "\(error)"
    fputs("modal-lab: \(message)\n\(LabCommandLine.usage)\n", stderr)
    exit(2)
}
do {
    let host = try X11Host(options: commandLine.options)
    exit(host.run(TestPatternApp(screenshotPath: commandLine.screenshotPath)))
} catch {
    fputs("modal-lab: \(error)\n", stderr)
    exit(1)
}
