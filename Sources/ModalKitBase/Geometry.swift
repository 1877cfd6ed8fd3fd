/// A position in points (1 point = `scale` pixels). UIKit's `CGPoint`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal position in points, growing to the right.
    public var x: Double
    /// The vertical position in points, growing downward (the origin is the top-left corner).
    public var y: Double

    /// A point at `x`, `y` points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The point as "(x, y)", for logs and test messages.
    public var description: String { "(\(x), \(y))" }

    /// The sum of two points, component by component (a point moved by an offset).
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points, component by component (the offset from `b` to `a`).
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The point with both components multiplied by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
}

/// A width and height in points. UIKit's `CGSize`.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// A size of zero by zero points.
    public static let zero = Size(width: 0, height: 0)

    /// The size as "widthxheight", for logs and test messages.
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle in points. UIKit's `CGRect`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in points.
    public var origin: Point
    /// The width and height, in points.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// A rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The x coordinate of the left edge.
    public var minX: Double { origin.x }
    /// The y coordinate of the top edge.
    public var minY: Double { origin.y }
    /// The x coordinate of the right edge.
    public var maxX: Double { origin.x + size.width }
    /// The y coordinate of the bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The x coordinate of the center.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the center.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width in points.
    public var width: Double { size.width }
    /// The height in points.
    public var height: Double { size.height }
    /// The center point.
    public var center: Point { Point(x: midX, y: midY) }
    /// Whether the width or the height is zero or negative.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The rectangle as "[x, y, width, height]", for logs and test messages.
    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }

    /// Whether `p` lies inside, counting the top and left edges but not the bottom and right ones.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The same-sized rectangle moved by `dx`, `dy` points.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The overlap of two rectangles, or `.zero` sized at the first's origin when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(origin: origin, size: .zero) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty rectangle contributes nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

/// A 2-D transform of translation and scale about a view's center. UIKit's `CGAffineTransform`, restricted to
/// the parts the scenes use (no rotation or shear), so it stays exactly interpolatable.
public struct Transform: Hashable, Sendable {
    /// The horizontal scale factor; 1 leaves the width unchanged.
    public var scaleX: Double
    /// The vertical scale factor; 1 leaves the height unchanged.
    public var scaleY: Double
    /// The horizontal translation in points, applied after scaling.
    public var translationX: Double
    /// The vertical translation in points, applied after scaling.
    public var translationY: Double

    /// A transform of scale and translation, the identity unless given.
    public init(scaleX: Double = 1, scaleY: Double = 1, translationX: Double = 0, translationY: Double = 0) {
        self.scaleX = scaleX; self.scaleY = scaleY
        self.translationX = translationX; self.translationY = translationY
    }

    /// The transform that changes nothing.
    public static let identity = Transform()

    /// A pure translation by `translationX`, `y` points. UIKit's `CGAffineTransform(translationX:y:)`.
    public init(translationX: Double, y: Double) { self.init(translationX: translationX, translationY: y) }
    /// A uniform scale by `scale` about the view's center. UIKit's `CGAffineTransform(scaleX:y:)` with equal factors.
    public init(scale: Double) { self.init(scaleX: scale, scaleY: scale) }

    /// Whether the transform changes nothing.
    public var isIdentity: Bool { self == .identity }
}
