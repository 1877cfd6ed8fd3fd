import ModalKitBase

/// Values an animation can interpolate; t may leave 0...1 (springs overshoot), so extrapolate linearly.
public protocol Interpolatable {
    /// The value `fraction` of the way from `from` to `to`; 0 gives `from`, 1 gives `to`, beyond extrapolates.
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    /// Linear interpolation, extrapolating outside 0...1.
    public static func interpolate(from: Double, to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
}

extension Point: Interpolatable {
    /// Each coordinate interpolated linearly.
    public static func interpolate(from: Point, to: Point, fraction: Double) -> Point {
        Point(
            x: .interpolate(from: from.x, to: to.x, fraction: fraction),
            y: .interpolate(from: from.y, to: to.y, fraction: fraction))
    }
}

extension Size: Interpolatable {
    /// Width and height interpolated linearly (an overshooting spring may briefly make them negative).
    public static func interpolate(from: Size, to: Size, fraction: Double) -> Size {
        Size(
            width: .interpolate(from: from.width, to: to.width, fraction: fraction),
            height: .interpolate(from: from.height, to: to.height, fraction: fraction))
    }
}

extension Rect: Interpolatable {
    /// Origin and size interpolated linearly.
    public static func interpolate(from: Rect, to: Rect, fraction: Double) -> Rect {
        Rect(
            origin: .interpolate(from: from.origin, to: to.origin, fraction: fraction),
            size: .interpolate(from: from.size, to: to.size, fraction: fraction))
    }
}

extension Color: Interpolatable {
    /// Straight-alpha components interpolated linearly, as UIKit animates `backgroundColor`.
    public static func interpolate(from: Color, to: Color, fraction: Double) -> Color {
        Color(
            red: .interpolate(from: from.red, to: to.red, fraction: fraction),
            green: .interpolate(from: from.green, to: to.green, fraction: fraction),
            blue: .interpolate(from: from.blue, to: to.blue, fraction: fraction),
            alpha: .interpolate(from: from.alpha, to: to.alpha, fraction: fraction))
    }
}

extension Transform: Interpolatable {
    /// Scales and translations interpolated linearly; exact because the transform has no rotation.
    public static func interpolate(from: Transform, to: Transform, fraction: Double) -> Transform {
        Transform(
            scaleX: .interpolate(from: from.scaleX, to: to.scaleX, fraction: fraction),
            scaleY: .interpolate(from: from.scaleY, to: to.scaleY, fraction: fraction),
            translationX: .interpolate(from: from.translationX, to: to.translationX, fraction: fraction),
            translationY: .interpolate(from: from.translationY, to: to.translationY, fraction: fraction))
    }
}
