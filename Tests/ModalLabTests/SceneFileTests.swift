import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// `--scene-file`: a scene file runs its style's scene with its images as the screens, traced under its own name,
/// recorded by its path, exported as a scene file that loads back, and reloaded live when it or an image changes.
final class SceneFileTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-scene-file-\(getpid())/"
    static let home: UInt32 = 0xFF20_4060, card: UInt32 = 0xFFE0_8020, header: UInt32 = 0xFF30_A050

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A PNG of `width` × `height` pixels, each row `color(row)`.
    private func writePNG(_ name: String, _ width: Int, _ height: Int, _ color: (Int) -> UInt32) throws {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width { bitmap[x, y] = color(y) } }
        try PNG.write(bitmap, to: folder + name)
    }

    /// Content rows in bands of 100 pixels, each band its own colour.
    static func band(_ row: Int) -> UInt32 { 0xFF00_0000 | UInt32((row / 100) * 16 % 256) << 16 | 0x80 }

    private func writeScene(_ json: String, name: String = "scene.json") throws -> String {
        try json.write(toFile: folder + name, atomically: true, encoding: .utf8)
        return folder + name
    }

    private func lab(_ path: String, _ extra: [String] = []) throws -> HeadlessLab {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: ["--scene-file", path] + extra))
        harness.settle()
        return harness
    }

    private func pannableScene(_ parameters: String = #"{"minimumScreenRatioToHide": 0.4}"#) throws -> String {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("card.png", 375, 667) { _ in Self.card }
        return try writeScene(
            #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png", "#
                + #""parameters": \#(parameters)}"#)
    }

    func testASeedStyleRunsItsBuiltInSceneWithTheImagesAsItsScreens() throws {
        let harness = try lab(try pannableScene())
        XCTAssertEqual(harness.lab.kind.info.name, "mine")
        XCTAssertEqual(harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.4))
        var builtIn = SceneParameters(specs: PannableScene.info.allParameters)
        try builtIn.set("minimumScreenRatioToHide", .number(0.4))
        let reference = PannableScene(parameters: builtIn)
        XCTAssertEqual(harness.lab.scene.rule.marker, reference.rule.marker, "the seed's threshold line")
        XCTAssertEqual(ReleaseRule(harness.lab.scene), ReleaseRule(reference), "the seed's rule")
        XCTAssertEqual(harness.render()[187, 400], Self.card, "the card is the presented image")
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.5, release: false)
        XCTAssertEqual(harness.render()[187, 100], Self.home, "the presenting image shows above the dragged card")
        let readout = try XCTUnwrap(harness.lab.scene.rule.readout()?.text)
        XCTAssertTrue(readout.hasPrefix("y 200 ≤ 267 or v ") && readout.hasSuffix(": will reset"), readout)
        harness.release()
        harness.settle()
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 300), over: 0.5)
        harness.settle()
        XCTAssertEqual(harness.topName, "presenting", "past 0.4 of the height the card closed, as the file set")
        XCTAssertEqual(harness.render()[187, 400], Self.home)
    }

    func testTheSheetScrollsItsContentImageAndHandsTheDragOffToTheSheet() throws {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("header.png", 375, 60) { _ in Self.header }
        try writePNG("content.png", 375, 1500, Self.band)
        let harness = try lab(
            try writeScene(
                #"{"version": 1, "name": "trips", "style": "sheet", "presenting": "home.png", "header": "header.png", "#
                    + #""content": "content.png", "parameters": {"detents": "medium,large"}}"#))
        let sheet = try XCTUnwrap(harness.lab.scene.root.presentedViewController)
        let list = try XCTUnwrap(sheet.contentScrollView, "the content image is in the sheet's scroll view")
        XCTAssertEqual(list.contentSize.height, 1500)
        let top = try XCTUnwrap(harness.card).minY
        let first = harness.render()
        XCTAssertEqual(first[187, Int(top) + 30], Self.header, "the header at the sheet's top")
        XCTAssertNotEqual(
            first[0, Int(top.rounded(.up))], Self.header, "the header is cut to the sheet's rounded corner")
        XCTAssertEqual(first[10, Int(top) + 10], Self.header, "inside the curve")
        XCTAssertEqual(harness.render()[187, Int(top) + 60 + 150], Self.band(150), "the content below it")
        harness.drag(from: Point(x: 187, y: 600), by: Point(x: 0, y: -500), over: 0.4)
        harness.settle()
        let large = try XCTUnwrap(harness.card).minY
        XCTAssertLessThan(large, top, "the drag raised the sheet first")
        XCTAssertGreaterThan(list.contentOffset.y, 100, "then scrolled the content")
        let offset = Int(list.contentOffset.y.rounded())
        XCTAssertEqual(harness.render()[187, Int(large) + 60 + 150], Self.band(150 + offset), "the content scrolled")
    }

    /// The sheet's rounded top corners do not depend on which images the file gives: content alone (at the
    /// sheet's top, scrolled or not) is cut to the same corners as a header of the same colour is.
    func testASheetWithContentAndNoHeaderHasTheSheetsRoundedCorners() throws {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("header.png", 375, 60) { _ in Self.band(0) }
        try writePNG("content.png", 375, 1500, Self.band)
        let head = #"{"version": 1, "name": "trips", "style": "sheet", "presenting": "home.png", "#
        let withHeader = try lab(
            try writeScene(head + #""header": "header.png", "content": "content.png"}"#, name: "header.json"))
        let contentOnly = try lab(try writeScene(head + #""content": "content.png"}"#, name: "content.json"))
        let top = Int(try XCTUnwrap(contentOnly.card).minY.rounded(.up))
        XCTAssertEqual(top, Int(try XCTUnwrap(withHeader.card).minY.rounded(.up)))
        func corners(_ harness: HeadlessLab) -> [UInt32] {
            let picture = harness.render()
            return [0, picture.width - 14].flatMap { x0 in
                (top ..< top + 14).flatMap { y in (x0 ..< x0 + 14).map { picture[$0, y] } }
            }
        }
        let rounded = corners(withHeader)
        XCTAssertNotEqual(rounded[0], Self.band(0), "the header is cut at the corner")
        XCTAssertEqual(corners(contentOnly), rounded, "content alone has the same rounded corners")
        XCTAssertEqual(contentOnly.render()[10, top + 10], Self.band(0), "inside the curve it shows the content")
        contentOnly.drag(from: Point(x: 187, y: 600), by: Point(x: 0, y: -500), over: 0.4)
        contentOnly.settle()
        let list = try XCTUnwrap(
            contentOnly.lab.scene.root.presentedViewController?.contentScrollView)
        XCTAssertGreaterThan(list.contentOffset.y, 0, "the content scrolled")
        let large = Int(try XCTUnwrap(contentOnly.card).minY.rounded(.up))
        let row = Int(list.contentOffset.y.rounded())
        let scrolled = contentOnly.render()
        XCTAssertEqual(scrolled[187, large + 1], Self.band(row + 1), "the scrolled content at the sheet's top")
        XCTAssertNotEqual(scrolled[0, large], Self.band(row), "and cut at the corner")
    }

    func testTheTraceNamesTheFilesSceneAndTheRecordingNamesTheFile() throws {
        let path = try pannableScene()
        let trace = folder + "trace.jsonl"
        let harness = try lab(path, ["--trace", trace])
        harness.lab.finish()
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains(#""type":"scene","name":"mine""#) }, "\(lines.prefix(3))")
        let arguments = RecordedSession.arguments(harness.lab.configuration)
        XCTAssertEqual(Array(arguments.prefix(2)), ["--scene-file", PortablePath.absolute(path)])
        XCTAssertNoThrow(try LabConfiguration(pinnedArguments: arguments), "a render rebuilds it from the session line")
    }

    func testAnExportIsASceneFileThatLoadsBackToTheSameSceneAndValues() throws {
        let harness = try lab(try pannableScene())
        var tuned = harness.lab.parameters
        try tuned.set("animationDuration", .number(0.35))
        try tuned.set("minimumVelocityToHide", .number(1234.5))
        harness.lab.apply(tuned)
        let export = folder + "out/exported.json"
        try FileManager.default.createDirectory(atPath: folder + "out", withIntermediateDirectories: true)
        try ParameterExport.write(harness.lab.parameters, kind: harness.lab.kind, to: export)
        let first = try String(contentsOfFile: export, encoding: .utf8)
        let again = try lab(export)
        XCTAssertEqual(again.lab.parameters, tuned, "every value loads back")
        XCTAssertEqual(again.lab.kind.info.name, "mine")
        XCTAssertEqual(again.render()[187, 400], Self.card, "the same screens")
        try ParameterExport.write(again.lab.parameters, kind: again.lab.kind, to: folder + "out/second.json")
        XCTAssertEqual(try String(contentsOfFile: folder + "out/second.json", encoding: .utf8), first)
        let swift = try String(contentsOfFile: folder + "out/exported.swift", encoding: .utf8)
        XCTAssertTrue(swift.contains("0.35") && swift.contains("1234.5"), "the pannable snippet with the tuned numbers")
        XCTAssertTrue(swift.contains("minimumVelocityToHide"))
        let swiftUI = try String(contentsOfFile: folder + "out/exported-swiftui.swift", encoding: .utf8)
        XCTAssertTrue(swiftUI.hasPrefix("// mine (Scene file · Pannable"), "under the file's name")
        XCTAssertTrue(
            swiftUI.hasSuffix(PannableScene.swiftUISnippet(SnippetValues(tuned))), "the style's SwiftUI, tuned")
    }

    func testASavedImageShowsInTheNextFramesAndABrokenSaveKeepsTheLastGoodScene() throws {
        let harness = try lab(try pannableScene(), ["--inspector"])
        // Frames after the first draw only what changed: keep one bitmap, as the window does.
        var screen = harness.render()
        func shown() -> UInt32 {
            harness.lab.render(into: &screen, scale: 1)
            return screen[187, 400]
        }
        XCTAssertEqual(shown(), Self.card)
        try writePNG("card.png", 375, 667) { _ in 0xFF10_C0C0 }
        harness.lab.sceneFileChanged()
        XCTAssertEqual(
            try XCTUnwrap(harness.lab.nextFrameTime), harness.clock.now + SettleTimer.delay, accuracy: 1e-9,
            "a frame is asked for when the file is due")
        XCTAssertFalse(harness.lab.isAnimating, "and none before")
        harness.steps(4)
        XCTAssertEqual(shown(), 0xFF10_C0C0, "the new image within four frames")
        XCTAssertEqual(harness.topName, "modal", "rebuilt at rest with the card up")
        try "this is not a PNG".write(toFile: folder + "card.png", atomically: true, encoding: .utf8)
        harness.lab.sceneFileChanged()
        harness.steps(4)
        XCTAssertEqual(shown(), 0xFF10_C0C0, "the last good scene stays")
        let message = try XCTUnwrap(harness.lab.notices.configMessage)
        XCTAssertTrue(message.hasPrefix("reload: scene file \(folder)scene.json: presented image: "), message)
        XCTAssertFalse(message.contains("\n"))
        XCTAssertEqual(harness.lab.inspector?.view.message, message)
        _ = try pannableScene(#"{"minimumScreenRatioToHide": 0.7}"#)
        harness.lab.sceneFileChanged()
        harness.steps(4)
        XCTAssertNil(harness.lab.notices.configMessage, "a good save clears the line")
        XCTAssertEqual(harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.7), "and its values apply")
    }

    func testConfigAndSetApplyOverTheFilesParametersAtStartAndAtEveryReload() throws {
        let config = folder + "tuning.json"
        try #"{"animationDuration": 0.5}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let harness = try lab(try pannableScene(), ["--config", config, "--set", "minimumVelocityToHide=900"])
        XCTAssertEqual(harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.4), "the file's")
        XCTAssertEqual(harness.lab.parameters.value("animationDuration"), .number(0.5), "the config's")
        XCTAssertEqual(harness.lab.parameters.value("minimumVelocityToHide"), .number(900), "--set's")
        try #"{"animationDuration": 0.6}"#.write(toFile: config, atomically: true, encoding: .utf8)
        harness.lab.configFileChanged()
        harness.steps(4)
        XCTAssertEqual(harness.lab.parameters.value("animationDuration"), .number(0.6))
        XCTAssertEqual(
            harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.4), "a config reload keeps the file's")
        _ = try pannableScene(#"{"minimumScreenRatioToHide": 0.45, "animationDuration": 0.1}"#)
        harness.lab.sceneFileChanged()
        harness.steps(4)
        XCTAssertEqual(harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.45), "the file's new value")
        XCTAssertEqual(harness.lab.parameters.value("animationDuration"), .number(0.6), "the config still wins")
        XCTAssertEqual(harness.lab.parameters.value("minimumVelocityToHide"), .number(900), "and --set")
    }

    func testEverySeedStyleShowsTheCardImageAndRunsItsBuiltInRule() throws {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("card.png", 375, 667) { _ in Self.card }
        for style in SceneFile.styles where style.name != SheetScene.info.name && style.name != ZoomScene.info.name {
            let name = style.info.name
            let harness = try lab(
                try writeScene(
                    #"{"version": 1, "name": "mine", "style": "\#(name)", "presenting": "home.png", "#
                        + #""presented": "card.png"}"#))
            XCTAssertEqual(harness.render()[187, 400], Self.card, "\(name): the card shows the image")
            let reference = style.makeScene(SceneParameters(specs: style.info.allParameters))
            XCTAssertEqual(ReleaseRule(harness.lab.scene), ReleaseRule(reference), "\(name): the built-in rule")
            XCTAssertEqual(harness.lab.scene.traceName(for: harness.lab.scene.root), "presenting")
            harness.key(.escape)
            harness.settle()
            XCTAssertEqual(harness.topName, "presenting", "\(name): Escape dismisses")
            XCTAssertEqual(harness.render()[187, 400], Self.home, "\(name): the presenting image")
            harness.tap(Point(x: 187, y: 400))
            harness.settle()
            XCTAssertNotEqual(harness.topName, "presenting", "\(name): a tap on the presenting image presents")
        }
    }

    func testKeyEightComesBackToTheFilesSceneAfterTheBuiltInOnes() throws {
        let harness = try lab(try pannableScene())
        XCTAssertEqual(harness.lab.title, "ModalLab — mine")
        harness.key(.character("7"))
        harness.settle()
        XCTAssertEqual(type(of: harness.lab.scene).info.name, "zoom", "keys 1-7 keep the built-in scenes")
        harness.key(.character("8"))
        harness.settle()
        XCTAssertEqual(harness.lab.kind.info.name, "mine")
        XCTAssertEqual(harness.lab.parameters.value("minimumScreenRatioToHide"), .number(0.4), "with the file's values")
        XCTAssertEqual(harness.render()[187, 400], Self.card)
    }

    func testAZoomFileFliesThePageOutOfAndBackIntoItsOwnCells() throws {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("card.png", 375, 667) { _ in Self.card }
        let harness = try lab(
            try writeScene(
                #"{"version": 1, "name": "mine", "style": "zoom", "presenting": "home.png", "presented": "card.png", "#
                    + #""cells": [[20, 120, 100, 100], [140, 120, 100, 100]]}"#))
        XCTAssertEqual(harness.render()[187, 400], Self.card, "the page shows the presented image")
        let grid = try XCTUnwrap(harness.lab.scene.root as? ZoomGridViewController)
        XCTAssertEqual(
            grid.cells.map(\.frame),
            [Rect(x: 20, y: 120, width: 100, height: 100), Rect(x: 140, y: 120, width: 100, height: 100)])
        harness.key(.escape)
        harness.settle()
        XCTAssertEqual(harness.render()[187, 400], Self.home, "the presenting image")
        harness.tap(Point(x: 190, y: 170))
        XCTAssertEqual(harness.card?.width ?? 0, 100, accuracy: 1, "out of the second cell")
        harness.settle()
        XCTAssertEqual(harness.card, harness.lab.window.bounds)
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 300), over: 0.4, restBeforeRelease: 0.1)
        harness.settle()
        XCTAssertEqual(harness.topName, "presenting", "landed on its cell and dismissed")
    }

    func testAContentImageResampledForAnotherScaleShowsNoSeamWhereItsStripsMeet() throws {
        try writePNG("home.png", 375, 667) { _ in Self.home }
        try writePNG("content@3x.png", 1125, 4500) { _ in 0xFF33_6699 }
        let path = try writeScene(
            #"{"version": 1, "name": "long", "style": "sheet", "presenting": "home.png", "content": "content.png"}"#)
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: ["--scene-file", path, "--scale", "2", "--no-hud"]))
        harness.settle()
        let shot = harness.render(scale: 2), top = try XCTUnwrap(harness.card).minY
        let rows = Int(top * 2) + 40 ..< shot.height
        let seams = rows.filter { shot[375, $0] != 0xFF33_6699 }
        XCTAssertEqual(seams, [], "rows (2x pixels) where the strips' joins show")
    }
}
