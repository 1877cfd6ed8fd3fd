import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The iOS 26 sheet as a person sees it, with no X server: at rest at medium and held mid-drag toward large, on an
/// iPhone 17 Pro and an iPhone SE, at scale 1 and 2, compared with reviewed goldens (inset, corners nested in the
/// display's, glass showing the screen behind, status bar and home indicator in place).
final class SheetIOS26GoldenTests: XCTestCase {
    private func frame(_ device: String, scale: Double, dragged: Bool) throws -> Bitmap {
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: [
                "--scene", "sheet", "--device", device, "--ios", "26", "--no-hud"
            ]))
        harness.settle()
        if dragged {
            // On the title area, up 180 points in ten frames, held.
            let card = try XCTUnwrap(harness.lab.topCardFrame)
            let start = Point(x: card.midX, y: card.minY + 30)
            harness.press(at: start)
            for i in 1 ... 10 {
                harness.move(to: Point(x: start.x, y: start.y - 18 * Double(i)))
                harness.step()
            }
        }
        return harness.render(scale: scale)
    }

    func testMediumOnIPhone17ProAtScale1() throws {
        assertMatchesGolden(try frame("iphone-17-pro", scale: 1, dragged: false), named: "sheet-ios26-17pro-medium@1x")
    }

    func testMidDragOnIPhone17ProAtScale2() throws {
        assertMatchesGolden(try frame("iphone-17-pro", scale: 2, dragged: true), named: "sheet-ios26-17pro-drag180@2x")
    }

    func testMediumOnIPhoneSEAtScale2() throws {
        assertMatchesGolden(try frame("iphone-se", scale: 2, dragged: false), named: "sheet-ios26-se-medium@2x")
    }

    func testMidDragOnIPhoneSEAtScale1() throws {
        assertMatchesGolden(try frame("iphone-se", scale: 1, dragged: true), named: "sheet-ios26-se-drag180@1x")
    }
}
