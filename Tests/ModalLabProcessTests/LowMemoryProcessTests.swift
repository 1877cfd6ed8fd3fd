import Foundation
import Glibc
import ModalKitPixels
import ModalLabDriver
import Testing

/// A scene file's image within the documented limits, in a process that may not have the memory to decode it
/// (`ulimit -v`): one line naming the image and exit 1, not a "failed to allocate" trap and a stack trace.
@Suite final class LowMemoryProcessTests {
    private var folder = ""

    init() throws {
        folder = "/tmp/modal-lab-memory-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        #expect(mkdir(folder, 0o755) == 0)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes an opaque PNG of `width` × `height` pixels and a pannable scene file presenting it; the file's path.
    private func sceneFile(presenting width: Int, _ height: Int) throws -> String {
        let image = "\(width)x\(height).png"
        try Data(LowMemoryProcessTests.blackPNG(width: width, height: height))
            .write(to: URL(fileURLWithPath: folder + "/" + image))
        try Data(PNG.encode(Bitmap(width: 375, height: 667))).write(to: URL(fileURLWithPath: folder + "/home.png"))
        let path = folder + "/scene-\(width)x\(height).json"
        let text =
            #"{"version": 1, "name": "big", "style": "pannable", "presenting": "home.png", "presented": "\#(image)"}"#
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// A black 1-bit greyscale PNG, its rows stored uncompressed: 2 MB for 4000 × 4000 pixels, made in
    /// milliseconds (encoding a 64 MB bitmap in a debug build takes seconds), and 64 MB once decoded as any PNG is.
    static func blackPNG(width: Int, height: Int) -> [UInt8] {
        let row = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * height)
        for _ in 0 ..< height { raw += row }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[offset ..< offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += bigEndian(b << 16 | a)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0 ..< 256).map { n in
        (0 ..< 8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    /// 80,000 KiB of address space: enough for the lab to start, not for a 64 MB picture besides. Both sizes are
    /// within the limits (8192 a side, 16,777,216 pixels).
    @Test func testAnImageOverTheProcessMemoryIsOneLineAndExitOne() throws {
        let small = try PNG.decode(LowMemoryProcessTests.blackPNG(width: 13, height: 7), name: "small")
        #expect(small.pixels == [UInt32](repeating: 0xFF00_0000, count: 13 * 7), "the fixture is a real PNG")
        for (width, height) in [(4000, 4000), (8192, 2048)] {
            let scene = try sceneFile(presenting: width, height)
            let shot = folder + "/shot.png"
            let command =
                "ulimit -v 80000; exec '\(LabProcess.executablePath)' --headless --scene-file '\(scene)' --screenshot '\(shot)'"
            let shell = try ChildProcess("/bin/bash", arguments: ["-c", command])
            #expect(shell.wait(timeout: 60) == .exited(1), "\(width)x\(height): \(shell.standardError)")
            let mib = (width * height * 4 + (1 << 20) - 1) >> 20
            #expect(
                shell.standardError
                    == "modal-lab: scene file \(scene): presented image: cannot read PNG \(folder)/\(width)x\(height).png: "
                    + "it is \(width)x\(height) pixels, and the \(mib) MiB to decode it cannot be allocated (out of memory)\n"
            )
            #expect(access(shot, F_OK) == -1, "no screenshot was written")
        }
    }
}
