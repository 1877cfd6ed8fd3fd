import XCTest
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// Each control in each of its states, drawn by the window at 1x and 2x, against reviewed goldens.
final class ControlGoldenTests: XCTestCase {
    private static let rowSize = Size(width: 300, height: 48)

    /// Renders one row per setup: a fresh white window with the control at its centre, after `press` events.
    private func gallery(scale: Double, rows: [(control: Control, press: [InputEvent])]) -> Bitmap {
        let rowPixels = (Int(Self.rowSize.width * scale), Int(Self.rowSize.height * scale))
        var sheet = Bitmap(width: rowPixels.0, height: rowPixels.1 * rows.count)
        for (index, row) in rows.enumerated() {
            let window = Window(size: Self.rowSize)
            window.backgroundColor = .white
            row.control.frame = Rect(x: 12, y: 8, width: Self.rowSize.width - 24, height: 32)
            window.addSubview(row.control)
            row.press.forEach { window.handlePointer($0) }
            var bitmap = Bitmap(width: rowPixels.0, height: rowPixels.1)
            window.render(into: &bitmap, scale: scale)
            sheet.draw(bitmap, x: 0, y: Double(index * rowPixels.1))
        }
        return sheet
    }

    private func slider(_ value: Double, formatted: Bool = false, enabled: Bool = true) -> Slider {
        let slider = Slider()
        slider.maximumValue = 3000
        slider.value = value
        if formatted { slider.valueFormatter = { "\(Int($0.rounded())) pt/s" } }
        slider.isEnabled = enabled
        return slider
    }

    private func sliderRows() -> [(control: Control, press: [InputEvent])] {
        // Row two is pressed on its thumb (value 2100 of 3000 at x 12 + 14 + 0.7 * 248).
        [
            (slider(900), []),
            (slider(2100), [.pointerDown(Point(x: 12 + 14 + 0.7 * 248, y: 24), time: 1)]),
            (slider(1500, formatted: true), []),
            (slider(600, enabled: false), [])
        ]
    }

    private func segmented(selected: Int, enabled: Bool = true) -> SegmentedControl {
        let control = SegmentedControl(items: ["linear", "ease-in", "ease-out", "ease-in-out"])
        control.selectedSegmentIndex = selected
        control.isEnabled = enabled
        return control
    }

    private func segmentedRows() -> [(control: Control, press: [InputEvent])] {
        // Segments are 69 points wide from x 12: centres at 46.5, 115.5, 184.5, 253.5.
        [
            (segmented(selected: 1), []),
            (segmented(selected: 1), [.pointerDown(Point(x: 184.5, y: 24), time: 1)]),
            (
                segmented(selected: 1),
                [
                    .pointerDown(Point(x: 115.5, y: 24), time: 1),
                    .pointerMove(Point(x: 253.5, y: 24), time: 1.05)
                ]
            ),
            (segmented(selected: 3, enabled: false), [])
        ]
    }

    func testSliderStates() {
        for scale in [1.0, 2.0] {
            assertMatchesGolden(gallery(scale: scale, rows: sliderRows()), named: "ui-slider-states@\(Int(scale))x")
        }
    }

    func testSegmentedControlStates() {
        for scale in [1.0, 2.0] {
            assertMatchesGolden(
                gallery(scale: scale, rows: segmentedRows()), named: "ui-segmented-states@\(Int(scale))x")
        }
    }
}
