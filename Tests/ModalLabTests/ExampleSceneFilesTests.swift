import Foundation
import ModalKit
import ModalKitTestSupport
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// The example scene files in Examples/SceneFiles: their pictures are `ExampleScreens` drawn at 1x, 2x and 3x (this
/// test is their generator: `MODALKIT_RECORD_EXAMPLES=1` writes them, and the run fails asking for a look), and
/// each file runs headless, at rest and mid-drag, as its goldens show.
final class ExampleSceneFilesTests: XCTestCase {
    static let root: String = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.path + "/Examples/SceneFiles/"
    }()

    private func check(_ screens: [ExampleScreens.Screen], in folder: String) throws {
        let record = ProcessInfo.processInfo.environment["MODALKIT_RECORD_EXAMPLES"] == "1"
        for screen in screens {
            for scale in [1, 2, 3] {
                let path = Self.root + folder + "/" + screen.name + (scale == 1 ? "" : "@\(scale)x") + ".png"
                let drawn = ExampleScreens.render(screen, scale: Double(scale))
                if record || !FileManager.default.fileExists(atPath: path) {
                    try PNG.write(drawn, to: path)
                    XCTFail("wrote \(path): look at it, then run again")
                    continue
                }
                let committed = try PNG.read(from: path)
                XCTAssertTrue(
                    committed == drawn, "\(path) is not what ExampleScreens draws (MODALKIT_RECORD_EXAMPLES=1)")
            }
        }
    }

    func testTheTripsPicturesAreTheGeneratorsDrawing() throws { try check(ExampleScreens.trips, in: "Trips") }
    func testThePhotoPicturesAreTheGeneratorsDrawing() throws { try check(ExampleScreens.photo, in: "Photo") }

    private func lab(_ file: String, scale: Double) throws -> HeadlessLab {
        let configuration = try LabConfiguration(
            arguments: ["--scene-file", Self.root + file, "--scale", "\(scale)", "--no-hud"])
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        return harness
    }

    /// At rest and held mid-drag, at 1x and 2x.
    private func goldens(_ file: String, _ name: String, drag: Point, by delta: Point) throws {
        for scale in [1.0, 2.0] {
            let harness = try lab(file, scale: scale)
            assertMatchesGolden(harness.render(scale: scale), named: "SceneFiles/\(name)-rest@\(Int(scale))x")
            harness.drag(from: drag, by: delta, over: 0.3, restBeforeRelease: 0.2, release: false)
            assertMatchesGolden(harness.render(scale: scale), named: "SceneFiles/\(name)-drag@\(Int(scale))x")
            harness.release()
            harness.settle()
        }
    }

    func testTheTripsSheetAtRestAndMidDrag() throws {
        try goldens("Trips/trips.json", "trips", drag: Point(x: 187, y: 380), by: Point(x: 0, y: 150))
    }

    func testThePhotoCardAtRestAndMidDrag() throws {
        try goldens("Photo/photo.json", "photo", drag: Point(x: 187, y: 300), by: Point(x: 0, y: 180))
    }

    /// What a 3x scene costs: its decoded images, 4 bytes a pixel, before any layer.
    func testWhatA3xSceneCosts() throws {
        for file in ["Trips/trips.json", "Photo/photo.json"] {
            let loaded = try LoadedSceneFile(path: Self.root + file, scale: 3, taken: [])
            XCTAssertEqual(loaded.screens.presenting?.image.scale, 3, "the @3x variant is picked")
            print("\(file) at 3x: \(loaded.imageBytes) bytes of decoded images (\(loaded.imageBytes >> 20) MiB)")
            XCTAssertLessThan(loaded.imageBytes, 40 << 20)
        }
    }
}
