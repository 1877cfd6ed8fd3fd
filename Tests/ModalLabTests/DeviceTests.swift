import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// `--device NAME`: a phone's screen, safe areas, display corners, status bar and home indicator; `--size` stays a
/// bare screen; a scene file may name the device; every bad input is one line naming the valid choices.
final class DeviceTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-device-\(getpid())/"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var home = Bitmap(width: 4, height: 4)
        home.fill(.white)
        try PNG.write(home, to: folder + "home.png")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func usageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try LabConfiguration(pinnedArguments: arguments)
            XCTFail("\(arguments) was accepted", file: file, line: line)
        } catch let error as LabError {
            XCTAssertEqual(error.exitCode, 2, file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), "one line", file: file, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return ""
    }

    /// ANCHORS "Phones": points, safe-area top, display corner radius; 34 at the bottom on phones without a button.
    func testEveryPhoneHasItsScreenSafeAreaAndCorners() throws {
        let expected: [(String, Double, Double, Double, Double, Double)] = [
            ("iphone-se", 375, 667, 20, 0, 0), ("iphone-16", 393, 852, 59, 34, 55),
            ("iphone-17-pro", 402, 874, 62, 34, 62), ("iphone-air", 420, 912, 62, 34, 62),
            ("iphone-17-pro-max", 440, 956, 62, 34, 62)
        ]
        XCTAssertEqual(Device.all.map(\.name), expected.map(\.0))
        for (name, w, h, top, bottom, corner) in expected {
            let c = try LabConfiguration(pinnedArguments: ["--device", name, "--scene", "sheet"])
            XCTAssertEqual(c.device?.name, name)
            XCTAssertEqual(c.size, Size(width: w, height: h), name)
            let harness = try HeadlessLab(configuration: c)
            let window = harness.lab.window
            XCTAssertEqual(window.bounds.size, Size(width: w, height: h), name)
            XCTAssertEqual(window.safeAreaInsets, EdgeInsets(top: top, bottom: bottom), name)
            XCTAssertEqual(window.displayCornerRadius, corner, name)
            let root = harness.lab.scene.root
            XCTAssertEqual(root.view.safeAreaInsets, EdgeInsets(top: top, bottom: bottom), "\(name): the root view's")
        }
    }

    func testAViewGetsTheSafeAreaItOverlapsAndItsControllersAdditionalInsets() {
        let window = Window(size: Size(width: 402, height: 874))
        window.screenSafeAreaInsets = EdgeInsets(top: 62, bottom: 34)
        let middle = View(frame: Rect(x: 0, y: 100, width: 402, height: 500))
        let low = View(frame: Rect(x: 10, y: 800, width: 100, height: 74))
        let high = View(frame: Rect(x: 0, y: 40, width: 402, height: 100))
        [middle, low, high].forEach(window.addSubview)
        XCTAssertEqual(middle.safeAreaInsets, .zero)
        XCTAssertEqual(low.safeAreaInsets, EdgeInsets(bottom: 34))
        XCTAssertEqual(high.safeAreaInsets, EdgeInsets(top: 22))
        XCTAssertEqual(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)).safeAreaInsets, .zero, "no window")
        let controller = ViewController()
        controller.additionalSafeAreaInsets = EdgeInsets(top: 0, bottom: 44)
        controller.view.frame = window.bounds
        window.addSubview(controller.view)
        XCTAssertEqual(controller.view.safeAreaInsets, EdgeInsets(top: 62, bottom: 78))
    }

    func testSizeIsABareScreenAndTheDefaultIsThePhone() throws {
        let bare = try LabConfiguration(arguments: ["--size", "402x874"])
        XCTAssertNil(bare.device)
        XCTAssertEqual(try HeadlessLab(configuration: bare).lab.window.safeAreaInsets, .zero)
        XCTAssertEqual(LabConfiguration.defaultDevice?.name, "iphone-17-pro")
        let phone = try LabConfiguration(arguments: [])
        XCTAssertEqual(phone.size, Size(width: 402, height: 874))
        XCTAssertEqual(try HeadlessLab(configuration: phone).lab.window.safeAreaInsets, EdgeInsets(top: 62, bottom: 34))
    }

    func testBadDevicesAreOneLineNamingTheValidOnes() throws {
        let unknown = usageError(["--device", "iphone-3g"])
        XCTAssertTrue(unknown.contains("'iphone-3g'") && unknown.contains(Device.names), unknown)
        let both = usageError(["--device", "iphone-se", "--size", "375x667"])
        XCTAssertTrue(both.contains("--device") && both.contains("--size"), both)
        let path = folder + "scene.json"
        try
            #"{"version": 1, "name": "mine", "style": "sheet", "presenting": "home.png", "presented": "home.png", "device": "iphone-16"}"#
            .write(
                toFile: path, atomically: true, encoding: .utf8)
        let fileAndSize = usageError(["--scene-file", path, "--size", "400x800"])
        XCTAssertTrue(fileAndSize.contains("iphone-16") && fileAndSize.contains("--size"), fileAndSize)
        try
            #"{"version": 1, "name": "mine", "style": "sheet", "presenting": "home.png", "presented": "home.png", "device": "pixel"}"#
            .write(
                toFile: path, atomically: true, encoding: .utf8)
        let badName = usageError(["--scene-file", path])
        XCTAssertTrue(badName.contains("'pixel'") && badName.contains(Device.names), badName)
    }

    func testASceneFileNamesItsDeviceAndSystem() throws {
        let path = folder + "scene.json"
        try
            #"{"version": 1, "name": "mine", "style": "sheet", "presenting": "home.png", "presented": "home.png", "device": "iphone-16", "ios": 26}"#
            .write(
                toFile: path, atomically: true, encoding: .utf8)
        let c = try LabConfiguration(pinnedArguments: ["--scene-file", path])
        XCTAssertEqual(c.device?.name, "iphone-16")
        XCTAssertEqual(c.size, Size(width: 393, height: 852))
        XCTAssertEqual(c.system, .ios26)
        let overridden = try LabConfiguration(pinnedArguments: [
            "--scene-file", path, "--device", "iphone-se", "--ios", "18"
        ])
        XCTAssertEqual(overridden.device?.name, "iphone-se", "the command line wins")
        XCTAssertEqual(overridden.system, .ios18)
    }

    func testTheListNamesEveryPhoneWithItsNumbers() throws {
        XCTAssertEqual(try LabConfiguration(pinnedArguments: ["--device", "list"]).action, .listDevices)
        let lines = LabConfiguration.deviceList.split(separator: "\n")
        XCTAssertEqual(lines.count, Device.all.count)
        XCTAssertEqual(
            String(lines[2]), "iphone-17-pro\tiPhone 17 Pro\t402x874\tsafe area top 62 bottom 34\tcorners 62")
    }

    func testARecordingKeepsItsDeviceAndSystem() throws {
        var c = try LabConfiguration(pinnedArguments: ["--scene", "sheet", "--device", "iphone-air", "--ios", "26"])
        c.recordPath = folder + "r.jsonl"
        let arguments = RecordedSession.arguments(c)
        XCTAssertTrue(arguments.joined(separator: " ").contains("--device iphone-air --ios 26"), "\(arguments)")
        XCTAssertFalse(arguments.contains("--size"))
    }

    /// The stage is cut to the display's corners (black, anti-aliased), the status bar and home indicator are
    /// drawn over the scene, and none of it takes a press.
    func testTheStageIsCutToTheDisplaysCornersUnderTheStatusBar() throws {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: [
                "--device", "iphone-17-pro", "--scene", "sheet", "--no-hud", "--headless", "--screenshot", "x.png"
            ]))
        harness.settle()
        let frame = harness.render()
        XCTAssertEqual(frame[0, 0], 0xFF00_0000, "the corner is black")
        XCTAssertEqual(frame[401, 873], 0xFF00_0000)
        XCTAssertNotEqual(frame[30, 30], 0xFF00_0000, "inside the corner's curve the scene shows")
        let edge = frame[8, 30]
        XCTAssertTrue(
            edge >> 24 == 0xFF && edge != 0xFF00_0000 && edge != frame[30, 30],
            "the curve's edge is blended, not cut square")
        let chrome = try XCTUnwrap(harness.lab.chrome)
        XCTAssertEqual(chrome.statusBar.frame, Rect(x: 0, y: 0, width: 402, height: 62))
        XCTAssertEqual(chrome.homeIndicator?.frame.maxY, 874 - 8, "the home indicator 8 pt above the edge")
        XCTAssertNil(harness.lab.window.hitTest(Point(x: 201, y: 868)).map { $0 is DeviceChromeView ? $0 : nil } ?? nil)
        XCTAssertTrue(harness.lab.window.subviews.dropLast().last === chrome, "under the HUD, over the scene")
        let se = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: ["--device", "iphone-se"]))
        XCTAssertNil(se.lab.chrome?.homeIndicator, "the SE has a home button")
    }
}

extension DeviceTests {
    /// A scene file's export writes the device and the iOS version it names, and loads back with them.
    func testASceneFilesExportKeepsItsDeviceAndSystem() throws {
        let path = folder + "scene.json"
        try
            #"{"version": 1, "name": "mine", "style": "sheet", "presenting": "home.png", "presented": "home.png", "device": "iphone-16", "ios": 26}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let c = try LabConfiguration(pinnedArguments: ["--scene-file", path])
        let file = try XCTUnwrap(c.sceneFile?.file)
        let exported = file.exported(
            with: SceneParameters(specs: SheetScene.info.allParameters, system: .ios26), at: folder + "out.json")
        XCTAssertTrue(exported.contains(#""device": "iphone-16""#) && exported.contains(#""ios": 26"#), exported)
        try exported.write(toFile: folder + "out.json", atomically: true, encoding: .utf8)
        let back = try LabConfiguration(pinnedArguments: ["--scene-file", folder + "out.json"])
        XCTAssertEqual(back.device?.name, "iphone-16")
        XCTAssertEqual(back.system, .ios26)
    }
}
