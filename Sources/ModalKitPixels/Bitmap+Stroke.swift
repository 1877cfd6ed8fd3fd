import ModalKitBase

extension Bitmap {
    /// Draws an anti-aliased line of `width` pixels through `points` (pixel coordinates; pixel (x, y) covers
    /// x...x+1), with round caps and joins, source-over, limited to `clip`.
    ///
    /// Each pixel's coverage is the part of it the stroke covers across the line (exact for axis-aligned lines,
    /// close for others), the largest over all segments, so joins are not painted twice and a translucent line
    /// stays even.
    public mutating func strokePolyline(_ points: [Point], width: Double, color: Color, clip: PixelRect? = nil) {
        let src = PixelMath.premultiplied(color)
        guard src != 0, width > 0, width.isFinite, !points.isEmpty,
            points.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return }
        let reach = width / 2 + 1
        let box = Self.boundingBox(points, growBy: reach)
        let area = clipped(PixelRect(covering: box), clip)
        guard !area.isEmpty else { return }
        var coverage = [Float](repeating: 0, count: area.width * area.height)
        let segments = points.count == 1 ? [(points[0], points[0])] : Array(zip(points, points.dropFirst()))
        for (a, b) in segments {
            Self.cover(segment: a, b, width: width, in: area, coverage: &coverage)
        }
        blend(coverage, src: src, area: area)
    }

    /// Draws one anti-aliased line segment; see `strokePolyline`.
    public mutating func strokeLine(from a: Point, to b: Point, width: Double, color: Color, clip: PixelRect? = nil) {
        strokePolyline([a, b], width: width, color: color, clip: clip)
    }

    /// Raises `coverage` (rows of `area`) to what the segment a–b of `width` covers of each pixel near it.
    private static func cover(segment a: Point, _ b: Point, width: Double, in area: PixelRect, coverage: inout [Float])
    {
        let reach = width / 2 + 1
        let box = PixelRect(covering: boundingBox([a, b], growBy: reach)).intersection(area)
        guard !box.isEmpty else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        for row in box.y ..< box.maxY {
            let py = Double(row) + 0.5
            for col in box.x ..< box.maxX {
                let px = Double(col) + 0.5
                // Distance from the pixel's centre to the nearest point of the segment.
                let t = lengthSquared > 0 ? min(1, max(0, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared)) : 0
                let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                let d = (ex * ex + ey * ey).squareRoot()
                // The overlap of the stroke's cross-section [d - w/2, d + w/2] with the pixel's [-1/2, 1/2].
                let c = max(0, min(0.5, d + width / 2) - max(-0.5, d - width / 2))
                let i = (row - area.y) * area.width + (col - area.x)
                if Float(c) > coverage[i] { coverage[i] = Float(c) }
            }
        }
    }

    private static func boundingBox(_ points: [Point], growBy margin: Double) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = (xs.min() ?? 0) - margin, minY = (ys.min() ?? 0) - margin
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) + margin - minX, height: (ys.max() ?? 0) + margin - minY)
    }

    /// Source-over of `src` scaled by each pixel's coverage.
    private mutating func blend(_ coverage: [Float], src: UInt32, area: PixelRect) {
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for row in 0 ..< area.height {
                for col in 0 ..< area.width {
                    let k = PixelMath.byte(Double(coverage[row * area.width + col]))
                    guard k > 0 else { continue }
                    let s = k == 255 ? src : PixelMath.scale(src, by: k)
                    let i = (area.y + row) * stride + area.x + col
                    buf[i] = PixelMath.over(s, buf[i])
                }
            }
        }
    }
}
