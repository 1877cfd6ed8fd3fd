import ModalKit
import XCTest

@testable import ModalKitUI
@testable import ModalLab
@testable import ModalLabCore

/// Bad input around the iOS 26 sheet and its bar button: one clear line naming what is valid, and a morph that
/// stays finite in a window shrunk to a point or grown to 10,000 points (laid out there; drawn at 1 × 1).
final class BarSheetBadInputTests: XCTestCase {
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

    func testAnUnknownSystemVersionNamesTheValidOnes() {
        for bad in ["17", "26.1", "", "ios26"] {
            let message = usageError(["--ios", bad])
            XCTAssertTrue(message.contains("18") && message.contains("26") && message.contains("--ios"), message)
        }
    }

    func testAnUnknownSourceNamesTheValidOnes() {
        let message = usageError(["--scene", "sheet", "--set", "source=toolbar"])
        XCTAssertTrue(message.contains("'toolbar'") && message.contains("none") && message.contains("button"), message)
    }

    private func lab() throws -> HeadlessLab {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(
                arguments: ["--scene", "sheet", "--device", "iphone-17-pro", "--ios", "26", "--no-hud"]))
        harness.settle()
        harness.key(.escape)
        harness.settle()
        return harness
    }

    private func assertFinite(_ harness: HeadlessLab, file: StaticString = #filePath, line: UInt = #line) {
        guard let card = harness.card else { return }
        XCTAssertTrue(
            [card.minX, card.minY, card.width, card.height].allSatisfy(\.isFinite), "\(card)", file: file, line: line)
    }

    /// The window shrinks to 1 × 1 point mid-morph (out of the button), then to 10,000 × 10,000 points mid-morph
    /// home: the morph ends where it was going, the glass draws, nothing is infinite, and back at the phone's size
    /// the sheet rests at medium (or is gone).
    func testTheMorphInAOnePointAndA10000PointWindow() throws {
        let harness = try lab()
        harness.tap(Point(x: 364, y: 114.5))
        harness.steps(3)
        let sheet = try XCTUnwrap((harness.lab.scene as? SheetScene)?.sheet)
        XCTAssertNotNil(sheet.morphFrame, "mid-morph")
        harness.send(.resize(Size(width: 1, height: 1)))
        harness.step()
        _ = harness.render()
        assertFinite(harness)
        XCTAssertNil(sheet.morphFrame, "a resize ends the morph where it was going")
        harness.send(.resize(Size(width: 402, height: 874)))
        harness.settle()
        XCTAssertEqual(harness.card?.minY ?? 0, 415.03, accuracy: 1)

        harness.key(.escape)
        harness.steps(3)
        XCTAssertNotNil(sheet.morphFrame, "mid-morph home")
        // Laid out, not drawn: the glass's own 10,000-pt drawing is the glass's test.
        harness.send(.resize(Size(width: 10_000, height: 10_000)))
        harness.step()
        assertFinite(harness)
        harness.settle()
        XCTAssertNil((harness.lab.scene as? SheetScene)?.sheet, "it went home")
        let home = try XCTUnwrap(harness.lab.scene.root as? SheetHomeViewController)
        XCTAssertEqual(home.addItem?.customView?.alpha, 1, "the button shows again")
    }
}
