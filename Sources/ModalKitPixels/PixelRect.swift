import ModalKitBase

/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// A rectangle with its top-left pixel at (x, y).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The smallest rectangle of whole pixels covering a fractional rectangle given in pixels.
    public init(covering rect: Rect) {
        guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// An empty rectangle at the origin.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    /// Whether the rectangle holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels in both rectangles; `.zero` when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty rectangle contributes nothing.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(
            x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0,
            height: Swift.max(maxY, other.maxY) - y0)
    }

    /// Whether the pixel at (px, py) is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The same rectangle as fractional pixels, for the shape functions.
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public var description: String { "[\(x), \(y), \(width)x\(height)]" }
}
