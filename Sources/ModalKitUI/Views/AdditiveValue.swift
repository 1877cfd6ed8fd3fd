import ModalKitBase
import ModalKitMotion

/// A value animations can add offsets to: component-wise sum and difference. What makes UIKit-style additive
/// animations possible (see `AnimationTransaction`).
public protocol AdditiveValue: Interpolatable, Equatable {
    /// The component-wise sum: a value plus an animation's offset.
    static func + (a: Self, b: Self) -> Self
    /// The component-wise difference: the offset from `b` to `a`.
    static func - (a: Self, b: Self) -> Self
}

extension Double: AdditiveValue {}
extension Point: AdditiveValue {}

extension Size: AdditiveValue {
    /// The component-wise sum of two sizes.
    public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    /// The component-wise difference of two sizes.
    public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
}

extension Rect: AdditiveValue {
    /// The component-wise sum of two rectangles (origins and sizes).
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    /// The component-wise difference of two rectangles (origins and sizes).
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
}

extension Transform: AdditiveValue {
    /// The component-wise sum of scales and translations (an offset adds to each factor; it does not compose).
    public static func + (a: Transform, b: Transform) -> Transform {
        Transform(
            scaleX: a.scaleX + b.scaleX, scaleY: a.scaleY + b.scaleY,
            translationX: a.translationX + b.translationX, translationY: a.translationY + b.translationY)
    }
    /// The component-wise difference of scales and translations.
    public static func - (a: Transform, b: Transform) -> Transform {
        Transform(
            scaleX: a.scaleX - b.scaleX, scaleY: a.scaleY - b.scaleY,
            translationX: a.translationX - b.translationX, translationY: a.translationY - b.translationY)
    }
}

extension Color: AdditiveValue {
    /// The component-wise sum of components, alpha included (straight, not premultiplied).
    public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    /// The component-wise difference of components, alpha included.
    public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
}
