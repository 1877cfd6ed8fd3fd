import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A cached layer that only moved up or down damages the rows whose pixels change, not its whole old and new
/// place: a card's blank rows land on blank rows.
final class MovedLayerDamageTests: XCTestCase {
    /// The window drawn incrementally, and a copy of the scene drawn whole each time as the reference.
    private var env: UITestEnvironment!, reference: UITestEnvironment!
    private var card: View!, referenceCard: View!

    override func setUp() {
        env = UITestEnvironment()
        reference = UITestEnvironment()
        card = Self.build(in: env)
        referenceCard = Self.build(in: reference)
    }

    private static func build(in env: UITestEnvironment) -> View {
        env.window.rootViewController?.view.backgroundColor = Color(rgb: 0xF2F2F7)
        // A plain container over the screen, as a transition's: it draws its children straight into the frame.
        let container = View(frame: env.window.bounds)
        container.compositesAsGroup = false
        env.window.addSubview(container)
        let card = View(frame: Rect(x: 0, y: 200, width: 375, height: 600))
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.maskedCorners = .top
        card.shadow = Shadow()
        card.addSubview(
            Label(text: "Top", font: .systemFont(ofSize: 20), frame: Rect(x: 20, y: 20, width: 200, height: 30)))
        container.addSubview(card)
        // A translucent panel over the card's blank middle, like the lab's HUD.
        let panel = View(frame: Rect(x: 8, y: 330, width: 359, height: 76))
        panel.backgroundColor = Color(white: 0, alpha: 0.7)
        panel.cornerRadius = 8
        container.addSubview(panel)
        return card
    }

    /// Moves both cards by `dy`; returns the damage of the incremental frame.
    private func move(by dy: Double, frame: inout Bitmap) -> PixelRect? {
        card.center.y += dy
        referenceCard.center.y += dy
        return env.window.render(into: &frame, scale: 1)
    }

    /// The reference scene drawn whole into a new bitmap.
    private var wholeReference: Bitmap {
        var whole = Bitmap(width: 375, height: 667)
        reference.window.render(into: &whole, scale: 1)
        return whole
    }

    func testAMovedCardRedrawsOnlyRowsThatChangeAndMatchesAWholeFrame() {
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        // The second blit measures the card's rows.
        _ = move(by: -1, frame: &frame)
        for dy in [10.0, 10, -7, 25, 0.4, -30, 3] {
            let damage = move(by: dy, frame: &frame)
            XCTAssertEqual(frame, wholeReference, "after moving by \(dy)")
            guard dy.magnitude >= 1 else { continue }
            // The card covers the 467 rows below 200 and its shadow more; its blank rows below the label, and
            // the panel over them, are not drawn again.
            XCTAssertLessThan(damage?.height ?? 667, 467 - 250, "moved by \(dy): \(String(describing: damage))")
        }
    }

    /// Content near the card's bottom moves too: the rows around it are damaged and drawn.
    func testContentAtTheBottomOfTheCardIsRedrawnWhereItMoves() {
        for view in [card, referenceCard] {
            view?.addSubview(
                Label(
                    text: "Bottom", font: .systemFont(ofSize: 20),
                    frame: Rect(x: 20, y: 400, width: 200, height: 30)))
        }
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        _ = move(by: -1, frame: &frame)
        let damage = move(by: 12, frame: &frame)
        let bottomLabelTop = Int(card.frame.minY) + 400
        XCTAssertGreaterThanOrEqual(damage?.maxY ?? 0, bottomLabelTop)
        XCTAssertEqual(frame, wholeReference)
    }

    /// A line of the panel changing while the card's top moves: two rectangles are redrawn, not everything
    /// between them, and the frame is still right.
    func testAPanelChangeFarBelowTheCardsTopIsRedrawnApart() {
        let lines = [env, reference].map { e -> Label in
            let line = Label(
                text: "v 100 pt/s", font: .systemFont(ofSize: 13),
                frame: Rect(x: 18, y: 589, width: 339, height: 16))
            e?.window.addSubview(line)
            return line
        }
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        _ = move(by: -1, frame: &frame)
        lines.forEach { $0.text = "v 250 pt/s" }
        _ = move(by: 10, frame: &frame)
        XCTAssertEqual(env.window.lastDamageRegions.count, 2, "\(env.window.lastDamageRegions)")
        XCTAssertEqual(frame, wholeReference)
    }

    /// A sheet taller than the window with one hairline: moved by a pixel, exactly the two rows the line leaves
    /// and reaches change, and the damage is those two rows.
    func testAHairlineMovedByOnePixelDamagesTwoRows() {
        let sheets = [env, reference].map { e -> View in
            let container = View(frame: e!.window.bounds)
            container.compositesAsGroup = false
            e?.window.addSubview(container)
            let sheet = View(frame: Rect(x: 0, y: -100, width: 375, height: 900))
            sheet.backgroundColor = .white
            let line = View(frame: Rect(x: 0, y: 400, width: 375, height: 1))
            line.backgroundColor = .black
            sheet.addSubview(line)
            container.addSubview(sheet)
            return sheet
        }
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        sheets.forEach { $0.center.y += 1 }
        env.window.render(into: &frame, scale: 1)
        sheets.forEach { $0.center.y += 1 }
        let damage = env.window.render(into: &frame, scale: 1)
        XCTAssertEqual(damage, PixelRect(x: 0, y: 301, width: 375, height: 2))
        XCTAssertEqual(frame, wholeReference)
    }
}
