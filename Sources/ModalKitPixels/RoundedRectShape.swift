/// A rounded rectangle in pixel space and how much of each pixel it covers.
struct RoundedRectShape {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    let radii: CornerRadii

    init(minX: Double, minY: Double, maxX: Double, maxY: Double, radii: CornerRadii) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        self.radii = radii.clamped(width: maxX - minX, height: maxY - minY)
    }

    /// The share of pixel (px, py) inside the shape, 0...1. Along straight edges it is the exact covered area;
    /// inside a corner's square it is also limited by the signed distance to the arc at the pixel centre
    /// (coverage = 0.5 − distance), which is what keeps a curved edge as smooth as a straight one.
    func coverage(px: Int, py: Int) -> Double {
        let x = Double(px), y = Double(py)
        let box = Self.overlap(x, minX, maxX) * Self.overlap(y, minY, maxY)
        guard box > 0 else { return 0 }
        let cx = x + 0.5, cy = y + 0.5
        let arc: Double
        if cx < minX + radii.topLeft, cy < minY + radii.topLeft {
            arc = Self.arcCoverage(cx, cy, minX + radii.topLeft, minY + radii.topLeft, radii.topLeft)
        } else if cx > maxX - radii.topRight, cy < minY + radii.topRight {
            arc = Self.arcCoverage(cx, cy, maxX - radii.topRight, minY + radii.topRight, radii.topRight)
        } else if cx > maxX - radii.bottomRight, cy > maxY - radii.bottomRight {
            arc = Self.arcCoverage(cx, cy, maxX - radii.bottomRight, maxY - radii.bottomRight, radii.bottomRight)
        } else if cx < minX + radii.bottomLeft, cy > maxY - radii.bottomLeft {
            arc = Self.arcCoverage(cx, cy, minX + radii.bottomLeft, maxY - radii.bottomLeft, radii.bottomLeft)
        } else {
            return box
        }
        return Swift.min(box, arc)
    }

    /// The part of the unit interval [start, start + 1] inside [low, high].
    @inline(__always)
    static func overlap(_ start: Double, _ low: Double, _ high: Double) -> Double {
        Swift.max(0, Swift.min(start + 1, high) - Swift.max(start, low))
    }

    @inline(__always)
    static func arcCoverage(_ x: Double, _ y: Double, _ centerX: Double, _ centerY: Double, _ r: Double) -> Double {
        let dx = x - centerX, dy = y - centerY
        let distance = (dx * dx + dy * dy).squareRoot() - r
        return PixelMath.clamp01(0.5 - distance)
    }

    /// Columns before the returned one in row `py` may need `coverage(px:py:)`; the row's middle does not.
    func leftComplexEnd(row py: Int) -> Int {
        let r = cornerBand(row: py, top: radii.topLeft, bottom: radii.bottomLeft)
        return Int((minX + r).rounded(.up)) + 1
    }

    /// Columns from the returned one on in row `py` may need `coverage(px:py:)`.
    func rightComplexStart(row py: Int) -> Int {
        let r = cornerBand(row: py, top: radii.topRight, bottom: radii.bottomRight)
        return Int((maxX - r).rounded(.down)) - 1
    }

    /// The radius whose corner square row `py` may touch, or 0 between the corners.
    private func cornerBand(row py: Int, top: Double, bottom: Double) -> Double {
        let y = Double(py)
        var r = 0.0
        if y < minY + top { r = top }
        if y + 1 > maxY - bottom { r = Swift.max(r, bottom) }
        return r
    }
}
