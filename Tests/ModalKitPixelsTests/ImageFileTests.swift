import Foundation
import ModalKitPixels
import XCTest

/// `ImageFile.load` picks `Home.png`, `Home@2x.png` or `Home@3x.png` for the window's scale, as iOS does.
final class ImageFileTests: XCTestCase {
    private var folder = ""
    /// A colour per variant, so a test sees which file was read.
    private let colours: [Int: UInt32] = [1: 0xFF11_0000, 2: 0xFF00_2200, 3: 0xFF00_0033]

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "modalkit-variants-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    /// Writes the variant of `scale` (1, 2, 3): 10 × 20 points, so `scale` times as many pixels.
    private func writeVariant(_ scale: Int) throws {
        var b = Bitmap(width: 10 * scale, height: 20 * scale)
        b.pixels = Array(repeating: colours[scale] ?? 0, count: b.pixels.count)
        try PNG.write(b, to: folder + (scale == 1 ? "/Home.png" : "/Home@\(scale)x.png"))
    }

    private func assertLoads(
        _ name: String, atScale scale: Double, variant: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (bitmap, picked) = try ImageFile.load(path: folder + "/" + name, scale: scale)
        XCTAssertEqual(picked, Double(variant), "window scale \(scale)", file: file, line: line)
        XCTAssertEqual(bitmap.width, 10 * variant, file: file, line: line)
        XCTAssertEqual(bitmap.pixels.first, colours[variant], file: file, line: line)
    }

    func testAllThreeVariantsPickSmallestAtOrAboveTheScale() throws {
        for s in [1, 2, 3] { try writeVariant(s) }
        try assertLoads("Home.png", atScale: 1, variant: 1)
        try assertLoads("Home.png", atScale: 1.5, variant: 2)
        try assertLoads("Home.png", atScale: 2, variant: 2)
        try assertLoads("Home.png", atScale: 2.5, variant: 3)
        try assertLoads("Home.png", atScale: 3, variant: 3)
        try assertLoads("Home.png", atScale: 4, variant: 3)
        try assertLoads("Home.png", atScale: 0.5, variant: 1)
    }

    func testMissingVariantsFallBackToTheLargest() throws {
        try writeVariant(1)
        try assertLoads("Home.png", atScale: 1.5, variant: 1)
        try assertLoads("Home.png", atScale: 3, variant: 1)
        try writeVariant(2)
        try assertLoads("Home.png", atScale: 3, variant: 2)
    }

    /// A design tool may export only @2x and @3x: the plain name still finds them.
    func testPlainNameNeedNotExist() throws {
        try writeVariant(2)
        try writeVariant(3)
        try assertLoads("Home.png", atScale: 1, variant: 2)
        try assertLoads("Home.png", atScale: 1.5, variant: 2)
        try assertLoads("Home.png", atScale: 2, variant: 2)
        try assertLoads("Home.png", atScale: 3, variant: 3)
    }

    func testANameWithItsScaleIsThatFileAtThatScale() throws {
        for s in [1, 2, 3] { try writeVariant(s) }
        for scale in [1, 1.5, 2, 3] { try assertLoads("Home@2x.png", atScale: scale, variant: 2) }
        XCTAssertEqual(ImageFile.variants(of: "/a/Home@3x.png").map(\.scale), [3])
        XCTAssertEqual(
            ImageFile.variants(of: "/a.b/Home").map(\.path), ["/a.b/Home", "/a.b/Home@2x", "/a.b/Home@3x"])
        XCTAssertEqual(ImageFile.variants(of: "x@2x.png").map(\.scale), [2])
    }

    func testNothingThereNamesTheFileAskedFor() {
        XCTAssertThrowsError(try ImageFile.load(path: folder + "/Home.png", scale: 2)) { error in
            XCTAssertEqual("\(error)", "cannot read PNG \(folder)/Home.png: No such file or directory")
        }
    }

    /// A broken variant is an error naming it, not a silent fall back to another file.
    func testBrokenPickedVariantIsAnErrorNamingIt() throws {
        try writeVariant(1)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/Home@2x.png"))
        XCTAssertThrowsError(try ImageFile.load(path: folder + "/Home.png", scale: 2)) { error in
            XCTAssertEqual("\(error)", "cannot read PNG \(folder)/Home@2x.png: not a PNG file")
        }
    }
}
