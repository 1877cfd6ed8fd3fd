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
        let lines = positionLines(time: time, position: position)
        canvas.strokePolyline(lines[0], width: 3, color: MotionPlot.cardColor)
        canvas.strokePolyline(lines[1], width: 1.25, color: MotionPlot.pointerColor)
        PlotLegend.draw(
            legend, in: layout.positionPanel, left: time.from, right: time.to, avoiding: lines, layout, in: canvas)
    }

    /// The card's and the pointer's lines in the position panel, in points.
    func positionLines(time: PlotAxis, position: PlotAxis) -> [[Point]] {
        [card.map { map($0, time, position) }, pointer.map { map($0, time, position) }]
    }

    /// The speed panel's line: the card's speed, in points (the pan's readings are dots on it).
    func speedLines(time: PlotAxis, speed: PlotAxis) -> [[Point]] {
        [cardSpeed.map { map($0, time, speed) }, readings.map { map($0, time, speed) }]
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
        let lines = speedLines(time: time, speed: speed)
        canvas.strokePolyline(lines[0], width: 1.5, color: MotionPlot.cardColor)
        for reading in readings {
            let p = map(reading, time, speed)
            canvas.fill(
                Rect(x: p.x - 2.5, y: p.y - 2.5, width: 5, height: 5), color: MotionPlot.readingColor,
                cornerRadius: 2.5)
        }
        PlotLegend.draw(
            legend, in: layout.speedPanel, left: time.from, right: time.to,
            avoiding: [lines[0]] + lines[1].map { [$0] }, layout, in: canvas)
    }

    /// A vertical line through both panels at the release, labelled with the decision.
    func drawRelease(time: PlotAxis, position: PlotAxis, _ layout: PlotLayout, in canvas: Canvas) {
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
        guard let frame = releaseLabelFrame(time: time, position: position, layout, canvas: canvas) else { return }
        canvas.drawText(
            releaseLabel, font: layout.font, color: color, at: Point(x: frame.minX, y: frame.maxY - 3))
    }

    /// What the release line is labelled with.
    var releaseLabel: String { "release → \(decision.rawValue)" }

    /// Where the release's label goes in the position panel: the place nearest the release line (right of it,
    /// then left, then further out in 8-point steps, then flush with the panel's ends; from the panel's bottom up
    /// in 4-point steps) where it comes
    /// within 3 points of neither the card's line nor the pointer's (it used to sit at the bottom right of the
    /// release whatever ran there); where every place is crossed, the one crossing fewest segments. Its
    /// rectangle runs from the text's top to 3 points under its baseline.
    func releaseLabelFrame(time: PlotAxis, position: PlotAxis, _ layout: PlotLayout, canvas: Canvas) -> Rect? {
        guard let release else { return nil }
        let x = time.position(release), font = layout.font
        let width = canvas.measure(releaseLabel, font: font), height = font.size + 3
        let lowest = min(time.from, time.to) + 1, highest = max(time.from, time.to) - width - 1
        var xs: [Double] = []
        var step = 0.0
        while x + 6 + step <= highest || x - 6 - width - step >= lowest {
            if x + 6 + step <= highest { xs.append(x + 6 + step) }
            if x - 6 - width - step >= lowest { xs.append(x - 6 - width - step) }
            step += 8
        }
        // And flush with the panel's ends, the last places to look.
        xs += [highest, lowest].filter { $0 >= lowest && !xs.contains($0) }
        if xs.isEmpty { xs = [max(lowest, min(x + 6, highest))] }
        let panel = layout.positionPanel
        let lines = positionLines(time: time, position: position)
        var best: (frame: Rect, crossings: Int)?
        for labelX in xs {
            var baseline = panel.bottom - 8
            while baseline - font.size >= panel.top + 2 {
                let frame = Rect(x: labelX, y: baseline - font.size, width: width, height: height)
                let crossings = PlotLegend.crossings(of: frame.insetBy(dx: -3, dy: -3), lines)
                if crossings == 0 { return frame }
                if crossings < best?.crossings ?? .max { best = (frame, crossings) }
                baseline -= 4
            }
        }
        return best?.frame
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

    /// The legend of the panel `band` between `left` and `right`: a row on its title line, or a box in the
    /// first of its corners (top right, top left, bottom right, bottom left) where it covers none of `lines`
    /// (it used to be top right over whatever ran there), else the corner where it covers the fewest segments.
    static func draw(
        _ entries: [Entry], in band: PlotLayout.Band, left: Double, right: Double, avoiding lines: [[Point]],
        _ layout: PlotLayout, in canvas: Canvas
    ) {
        if layout.inlineLegends {
            drawRow(entries, baseline: band.top - 10, right: right, font: layout.font, in: canvas)
        } else {
            let box = boxFrame(
                entries, in: band, left: left, right: right, avoiding: lines, font: layout.font, canvas: canvas)
            draw(entries, box: box, font: layout.font, in: canvas)
        }
    }

    /// Where the boxed legend goes in `band` (see `draw`).
    static func boxFrame(
        _ entries: [Entry], in band: PlotLayout.Band, left: Double, right: Double, avoiding lines: [[Point]],
        font: FontDescriptor, canvas: Canvas
    ) -> Rect {
        let size = boxSize(entries, font: font, canvas: canvas)
        let xs = [right - 8 - size.width, left + 8], ys = [band.top + 8, band.bottom - 8 - size.height]
        var best: (frame: Rect, crossings: Int)?
        for y in ys {
            for x in xs {
                let frame = Rect(origin: Point(x: x, y: y), size: size)
                let crossings = PlotLegend.crossings(of: frame.insetBy(dx: -3, dy: -3), lines)
                if crossings == 0 { return frame }
                if crossings < best?.crossings ?? .max { best = (frame, crossings) }
            }
        }
        return best?.frame ?? Rect(origin: Point(x: xs[0], y: ys[0]), size: size)
    }

    /// How many of the segments of `lines` (a one-point line: a dot) touch `rect`.
    static func crossings(of rect: Rect, _ lines: [[Point]]) -> Int {
        var count = 0
        for line in lines {
            if line.count == 1, rect.contains(line[0]) { count += 1 }
            for (a, b) in zip(line, line.dropFirst()) where segment(a, b, touches: rect) { count += 1 }
        }
        return count
    }

    /// Whether the segment from `a` to `b` touches `rect` (Liang–Barsky clipping).
    static func segment(_ a: Point, _ b: Point, touches rect: Rect) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return false }
        }
        return true
    }

    private static func boxSize(_ entries: [Entry], font: FontDescriptor, canvas: Canvas) -> Size {
        let lineHeight = font.size + 5, swatch = 22.0
        let textWidth = entries.map { canvas.measure($0.name, font: font) }.max() ?? 0
        return Size(width: textWidth + swatch + 24, height: Double(entries.count) * lineHeight + 8)
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

    /// The boxed legend in `box`: a swatch and a name per line.
    static func draw(_ entries: [Entry], box: Rect, font: FontDescriptor, in canvas: Canvas) {
        let lineHeight = font.size + 5, swatch = 22.0
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
