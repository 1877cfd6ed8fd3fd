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

    /// Row `py` across a rounded side's corner, as columns: those before `outside` (left) or from it on (right)
    /// are wholly outside the shape (coverage exactly 0), those between `inside` and the row's middle wholly in
    /// it (exactly 1, for a row the shape covers top to bottom), with two pixels to spare; the ones between may
    /// be partly covered. Rows not in one corner's square of that side get the straight edge's bounds.
    func cornerSpan(row py: Int, left: Bool) -> (outside: Int, inside: Int) {
        let cy = Double(py) + 0.5
        let top = left ? radii.topLeft : radii.topRight, bottom = left ? radii.bottomLeft : radii.bottomRight
        let box = left ? Int(minX.rounded(.down)) - 1 : Int(maxX.rounded(.up)) + 1
        let plain = left ? leftComplexEnd(row: py) : rightComplexStart(row: py)
        let inTop = cy < minY + top, inBottom = cy > maxY - bottom
        // The corners of a shape too narrow for them to stay apart are left to `coverage` whole.
        guard inTop != inBottom,
            minX + max(radii.topLeft, radii.bottomLeft) + 4
                < maxX - max(radii.topRight, radii.bottomRight)
        else { return (box, plain) }
        let r = inTop ? top : bottom
        let dy = abs(cy - (inTop ? minY + r : maxY - r))
        let outer = r + 0.5, inner = r - 0.5
        guard dy < outer else { return (box, plain) }
        let dxo = (outer * outer - dy * dy).squareRoot()
        let dxi = dy < inner ? (inner * inner - dy * dy).squareRoot() : 0
        if left {
            let cx = minX + r
            return (
                Swift.max(box, Int((cx - dxo - 1.5).rounded(.down))),
                Swift.min(plain, Int((cx - dxi + 1.5).rounded(.up)))
            )
        }
        let cx = maxX - r
        return (
            Swift.min(box, Int((cx + dxo + 1.5).rounded(.up))),
            Swift.max(plain, Int((cx + dxi - 1.5).rounded(.down)))
        )
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
