import ModalKit

/// The lines of a motion plot, in seconds since the drag began, and how each is drawn.
struct PlotSeries {
    var start: Double
    var end: Double
    var card: [Point] = []
    var pointer: [Point] = []
    var cardSpeed: [Point] = []
    var readings: [Point] = []
    var release: Double?
    var decision: ReleaseStory.Decision
    var thresholdY: Double?
    var detents: [Double]
    var velocityThreshold: Double?

    init(_ story: ReleaseStory) {
        let t0 = story.began
        start = -ReleaseStory.lead
        end = max(story.end - t0, 0.1)
        // The pointer is drawn shifted by where it held the card at the press, so it overlays the card's top edge
        // and any lag between them shows as a gap.
        let grip =
            story.frames.first { $0.card != nil && $0.pointer != nil }.flatMap { f in
                f.card.flatMap { c in f.pointer.map { $0.y - c.minY } }
            } ?? 0
        for frame in story.frames {
            if let c = frame.card { card.append(Point(x: frame.t - t0, y: c.minY)) }
            if let p = frame.pointer { pointer.append(Point(x: frame.t - t0, y: p.y - grip)) }
        }
        cardSpeed = zip(card, card.dropFirst()).compactMap { a, b in
            b.x - a.x > 1e-4 ? Point(x: b.x, y: (b.y - a.y) / (b.x - a.x)) : nil
        }
        readings = story.readings.map { Point(x: $0.t - t0, y: $0.vy) }
        release = story.release.map { $0 - t0 }
        decision = story.decision
        thresholdY = story.scene?.thresholdY
        detents = story.scene?.detents ?? []
        velocityThreshold = story.scene?.velocityThreshold
    }

    /// Every value the position panel must show.
    var positionValues: [Double] { card.map(\.y) + pointer.map(\.y) + [thresholdY].compactMap { $0 } + detents }
    /// Every value the speed panel must show (always including zero).
    var speedValues: [Double] { [0] + cardSpeed.map(\.y) + readings.map(\.y) + [velocityThreshold].compactMap { $0 } }

    func drawPosition(time: PlotAxis, position: PlotAxis, _ layout: PlotLayout, in canvas: Canvas) {
        let short = layout.inlineLegends
        var legend: [PlotLegend.Entry] = [
            (short ? "card" : "card top", MotionPlot.cardColor, .line),
            (short ? "pointer" : "pointer (held where it grabbed)", MotionPlot.pointerColor, .line)
        ]
        if let y = thresholdY {
            across(time, at: position.position(y), color: MotionPlot.thresholdColor, in: canvas)
            legend.append((short ? "threshold" : "threshold (\(fmt(y, 0)) pt)", MotionPlot.thresholdColor, .dashed))
        }
        for y in detents { across(time, at: position.position(y), color: MotionPlot.mutedColor, in: canvas) }
        if !detents.isEmpty { legend.append(("detents", MotionPlot.mutedColor, .dashed)) }
        // The card wide and under, the pointer thin and over: where the card follows exactly, both still show.
        canvas.strokePolyline(card.map { map($0, time, position) }, width: 3, color: MotionPlot.cardColor)
        canvas.strokePolyline(pointer.map { map($0, time, position) }, width: 1.25, color: MotionPlot.pointerColor)
        PlotLegend.draw(legend, in: layout.positionPanel, right: time.to, layout, in: canvas)
    }

    func drawSpeed(time: PlotAxis, speed: PlotAxis, _ layout: PlotLayout, in canvas: Canvas) {
        let short = layout.inlineLegends
        var legend: [PlotLegend.Entry] = [
            (short ? "card" : "card speed", MotionPlot.cardColor, .line),
            (short ? "pan" : "pan velocity (tracker)", MotionPlot.readingColor, .dot)
        ]
        canvas.fill(
            Rect(x: time.from, y: speed.position(0) - 0.5, width: time.to - time.from, height: 1),
            color: MotionPlot.mutedColor)
        if let v = velocityThreshold {
            across(time, at: speed.position(v), color: MotionPlot.thresholdColor, in: canvas)
            legend.append((short ? "flick" : "flick threshold (\(fmt(v, 0)) pt/s)", MotionPlot.thresholdColor, .dashed))
        }
        canvas.strokePolyline(cardSpeed.map { map($0, time, speed) }, width: 1.5, color: MotionPlot.cardColor)
        for reading in readings {
            let p = map(reading, time, speed)
            canvas.fill(
                Rect(x: p.x - 2.5, y: p.y - 2.5, width: 5, height: 5), color: MotionPlot.readingColor,
                cornerRadius: 2.5)
        }
        PlotLegend.draw(legend, in: layout.speedPanel, right: time.to, layout, in: canvas)
    }

    /// A vertical line through both panels at the release, labelled with the decision.
    func drawRelease(time: PlotAxis, _ layout: PlotLayout, in canvas: Canvas) {
        guard let release else { return }
        let x = time.position(release)
        for panel in [layout.positionPanel, layout.speedPanel] {
            dashed(
                from: Point(x: x, y: panel.top), to: Point(x: x, y: panel.bottom), color: MotionPlot.inkColor,
                in: canvas)
        }
        let color: Color
        switch decision {
        case .finish: color = MotionPlot.yesColor
        case .cancel: color = MotionPlot.noColor
        case .undecided: color = MotionPlot.mutedColor
        }
        let label = "release → \(decision.rawValue)"
        let width = canvas.measure(label, font: layout.font)
        let labelX = x + 6 + width > time.to ? x - 6 - width : x + 6
        canvas.drawText(
            label, font: layout.font, color: color, at: Point(x: labelX, y: layout.positionPanel.bottom - 8))
    }

    private func map(_ p: Point, _ time: PlotAxis, _ value: PlotAxis) -> Point {
        Point(x: time.position(p.x), y: value.position(p.y))
    }

    /// A dashed line across the plot's width at `y`.
    private func across(_ time: PlotAxis, at y: Double, color: Color, in canvas: Canvas) {
        dashed(from: Point(x: time.from, y: y), to: Point(x: time.to, y: y), color: color, in: canvas)
    }

    /// A dashed straight line: 6 points on, 4 off.
    private func dashed(from a: Point, to b: Point, color: Color, in canvas: Canvas) {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 0 else { return }
        var s = 0.0
        while s < length {
            let e = min(length, s + 6)
            canvas.strokePolyline([lerp(a, b, s / length), lerp(a, b, e / length)], width: 1.5, color: color)
            s += 10
        }
    }

    private func lerp(_ a: Point, _ b: Point, _ f: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }
}

/// A boxed legend in a panel's top-right corner: a swatch (solid or dashed) and a name per line.
enum PlotLegend {
    /// How an entry's mark is drawn.
    enum Swatch { case line, dashed, dot }
    typealias Entry = (name: String, color: Color, swatch: Swatch)

    /// The legend of the panel `band` ending at `right`: a row on its title line or a box in its corner.
    static func draw(
        _ entries: [Entry], in band: PlotLayout.Band, right: Double, _ layout: PlotLayout,
        in canvas: Canvas
    ) {
        if layout.inlineLegends {
            drawRow(entries, baseline: band.top - 10, right: right, font: layout.font, in: canvas)
        } else {
            draw(entries, top: band.top + 8, right: right - 8, font: layout.font, in: canvas)
        }
    }

    /// The entries side by side, ending at `right`, over a white ground that hides the panel's title under them
    /// when the row is wider than the room beside it.
    private static func drawRow(
        _ entries: [Entry], baseline: Double, right: Double, font: FontDescriptor,
        in canvas: Canvas
    ) {
        let swatch = 14.0, widths = entries.map { canvas.measure($0.name, font: font) }
        var x = right - widths.reduce(0) { $0 + $1 + swatch + 14 } + 10
        canvas.fill(Rect(x: x - 6, y: baseline - font.size, width: right - x + 6, height: font.size + 4), color: .white)
        for (entry, width) in zip(entries, widths) {
            mark(entry, x: x, y: baseline - font.size * 0.35, width: swatch, in: canvas)
            canvas.drawText(
                entry.name, font: font, color: MotionPlot.inkColor, at: Point(x: x + swatch + 4, y: baseline))
            x += width + swatch + 14
        }
    }

    static func draw(_ entries: [Entry], top: Double, right: Double, font: FontDescriptor, in canvas: Canvas) {
        let lineHeight = font.size + 5, swatch = 22.0
        let textWidth = entries.map { canvas.measure($0.name, font: font) }.max() ?? 0
        let box = Rect(
            x: right - textWidth - swatch - 24, y: top, width: textWidth + swatch + 24,
            height: Double(entries.count) * lineHeight + 8)
        canvas.fill(box.insetBy(dx: -1, dy: -1), color: MotionPlot.gridColor, cornerRadius: 5)
        canvas.fill(box, color: Color(white: 1, alpha: 0.94), cornerRadius: 4)
        for (i, entry) in entries.enumerated() {
            let y = box.minY + 4 + (Double(i) + 0.5) * lineHeight
            let x0 = box.minX + 8
            mark(entry, x: x0, y: y, width: swatch, in: canvas)
            canvas.drawText(
                entry.name, font: font, color: MotionPlot.inkColor, at: Point(x: x0 + swatch + 8, y: y + font.size / 3))
        }
    }

    /// An entry's swatch from `x`, `width` long, centred on `y`.
    private static func mark(_ entry: Entry, x x0: Double, y: Double, width swatch: Double, in canvas: Canvas) {
        switch entry.swatch {
        case .dashed:
            canvas.strokePolyline(
                [Point(x: x0, y: y), Point(x: x0 + swatch * 8 / 22, y: y)], width: 2, color: entry.color)
            canvas.strokePolyline(
                [Point(x: x0 + swatch * 13 / 22, y: y), Point(x: x0 + swatch, y: y)], width: 2, color: entry.color)
        case .line:
            canvas.strokePolyline([Point(x: x0, y: y), Point(x: x0 + swatch, y: y)], width: 2.5, color: entry.color)
        case .dot:
            canvas.fill(
                Rect(x: x0 + swatch / 2 - 2.5, y: y - 2.5, width: 5, height: 5), color: entry.color, cornerRadius: 2.5)
        }
    }
}
