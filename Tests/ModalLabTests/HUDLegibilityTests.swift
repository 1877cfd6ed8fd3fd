import XCTest
import ModalKit
import ModalKitPixels
@testable import ModalKitUI
@testable import ModalLab
@testable import ModalLabCore

/// The HUD reads over any scene (its panel is opaque enough that every line keeps its contrast over white and over
/// the sheet's list), it leaves the sheet at medium uncovered, and its threshold marker strikes through no text.
final class HUDLegibilityTests: XCTestCase {
    /// On the card in every scene, and on the sheet at medium (its top is at 333.5).
    private let middle = Point(x: 187, y: 360)

    /// Every line's text against the lightest pixel of the panel behind it, over the white card, the sheet at
    /// medium (over the dimmed list) and at large: WCAG's 7:1 (AAA; the lowest, the orange rule line, is 8.0:1).
    /// At 0.78 alpha the orange line was 4.45:1 over white, and the list's text showed through behind it.
    func testEveryHUDLineKeepsItsContrastOverWhiteAndOverTheSheet() throws {
        for (scene, keys) in [
            (SceneKind(InteractorScene.self), [Key]()), (SceneKind(SheetScene.self), []),
            (SceneKind(SheetScene.self), [.up])
        ] {
            let d = try HeadlessLab(pinnedScene: scene)
            keys.forEach(d.key)
            d.settle()
            d.step()
            for (line, ratio) in try lineContrasts(d) {
                XCTAssertGreaterThanOrEqual(ratio, 7, "\(scene) \(keys) line \(line)")
            }
        }
    }

    /// The panel shows nothing of what is under it: its empty background is one colour over the sheet's list.
    func testNothingShowsThroughThePanel() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.settle()
        d.step()
        let (hud, labels) = try hudParts(d)
        labels.forEach { $0.text = "" }
        let background = render(d)
        let lum = pixels(background, in: hud.panelFrame.insetBy(dx: 10, dy: 10)).map(luminance)
        XCTAssertLessThan((lum.max() ?? 1) - (lum.min() ?? 0), 0.005, "luminance spread behind the HUD's lines")
    }

    /// At medium the sheet fills the lower half and is what is being judged: the panel covers none of it.
    func testAtMediumTheHUDCoversNoPartOfTheSheet() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.settle()
        d.step()
        let card = try XCTUnwrap(d.card)
        XCTAssertEqual(card.minY, 667 / 2.0, accuracy: 1e-6, "at medium")
        XCTAssertLessThanOrEqual(try hudParts(d).hud.panelFrame.maxY, card.minY)
    }

    /// At large the top of the window is the sheet's header (grabber, "Edit Trip"): the panel goes to the bottom.
    func testAtLargeTheHUDLeavesTheSheetsHeaderUncovered() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.key(.up)
        d.settle()
        d.step()
        let card = try XCTUnwrap(d.card)
        XCTAssertEqual(card.minY, 30, accuracy: 1e-6, "at large")
        XCTAssertGreaterThan(try hudParts(d).hud.panelFrame.minY, card.minY + 100, "below the grabber and title")
    }

    /// In every scene with a marker, at rest and through a drag, the marker's ticks cross no label of the scene.
    /// Before, the line ran across the window and through "Drag down to dismiss." at rest.
    func testTheThresholdMarkerCrossesNoText() throws {
        for scene in [
            SceneKind(InteractorScene.self), SceneKind(PannableScene.self), SceneKind(NavigationScene.self),
            SceneKind(SpringScene.self),
            SceneKind(SheetScene.self)
        ] {
            let d = try HeadlessLab(pinnedScene: scene)
            d.settle()
            d.step()
            var shown = try markerTicks(d, "\(scene) at rest")
            d.press(at: middle)
            for i in 1 ... 30 {
                d.move(to: middle + Point(x: 0, y: 6 * Double(i)))
                d.step()
                guard let ticks = try markerTicks(d, "\(scene) dragged \(6 * i)") else { break }
                shown = (shown ?? 0) + ticks
            }
            XCTAssertGreaterThan(shown ?? 1, 0, "\(scene) shows its marker during the drag")
        }
    }

    // MARK: Helpers

    /// How many marker ticks are shown, or nil (after failing) when one crosses a visible label with text.
    private func markerTicks(_ d: HeadlessLab, _ what: String, line: UInt = #line) throws -> Int? {
        let hud = try hudParts(d).hud
        let texts = labelFrames(in: d.lab.window, excluding: hud)
        let crossed = hud.markerFrames.flatMap { tick in texts.filter { overlaps($0.1, tick) }.map { (tick, $0.0) } }
        if let (tick, text) = crossed.first {
            XCTFail("\(what): the marker at y \(tick.minY) crosses \"\(text)\"", line: line)
            return nil
        }
        return hud.markerFrames.count
    }

    private func labelFrames(in view: View, excluding hud: View) -> [(String, Rect)] {
        guard !view.isHidden, view !== hud else { return [] }
        var found = view.subviews.flatMap { labelFrames(in: $0, excluding: hud) }
        if let label = view as? Label, !label.text.isEmpty {
            found.append((label.text, Rect(origin: label.convertToWindow(.zero), size: label.bounds.size)))
        }
        return found
    }

    private func hudParts(_ d: HeadlessLab) throws -> (hud: HUDView, labels: [Label]) {
        let hud = try XCTUnwrap(d.lab.window.subviews.compactMap { $0 as? HUDView }.first)
        let panel = try XCTUnwrap(hud.subviews.first { $0 is HUDPanel })
        return (hud, panel.subviews.compactMap { $0 as? Label })
    }

    /// Each line's contrast: its most contrasting pixel against the lightest pixel of the panel behind the line.
    private func lineContrasts(_ d: HeadlessLab) throws -> [(Int, Double)] {
        let (hud, labels) = try hudParts(d)
        let withText = render(d)
        let texts = labels.map(\.text)
        labels.forEach { $0.text = "" }
        let background = render(d)
        zip(labels, texts).forEach { $0.text = $1 }
        return labels.enumerated().compactMap { index, label in
            let rect = Rect(origin: label.convertToWindow(.zero), size: label.bounds.size)
            guard !texts[index].isEmpty, let back = pixels(background, in: rect).map(luminance).max() else {
                return nil
            }
            let ink = pixels(withText, in: rect).map { contrast(luminance($0), back) }.max() ?? 1
            return (index, ink)
        }
    }

    private func render(_ d: HeadlessLab) -> Bitmap {
        var frame = Bitmap(width: 375, height: 667)
        d.lab.render(into: &frame, scale: 1)
        return frame
    }

    private func pixels(_ bitmap: Bitmap, in rect: Rect) -> [UInt32] {
        var found: [UInt32] = []
        for y in Int(rect.minY.rounded(.up)) ..< Int(rect.maxY) {
            for x in Int(rect.minX.rounded(.up)) ..< Int(rect.maxX) { found.append(bitmap[x, y]) }
        }
        return found
    }

    /// WCAG's relative luminance of an opaque pixel.
    private func luminance(_ pixel: UInt32) -> Double {
        func linear(_ c: UInt32) -> Double {
            let v = Double(c & 0xFF) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(pixel >> 16) + 0.7152 * linear(pixel >> 8) + 0.0722 * linear(pixel)
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
}
