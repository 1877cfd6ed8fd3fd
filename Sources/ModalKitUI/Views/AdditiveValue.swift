import ModalKitBase
import ModalKitMotion

/// A value animations can add offsets to: component-wise sum and difference. What makes UIKit-style additive
/// animations possible (see `AnimationTransaction`).
public protocol AdditiveValue: Interpolatable, Equatable {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
}

extension Double: AdditiveValue {}
extension Point: AdditiveValue {}

extension Size: AdditiveValue {
    public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
}

extension Rect: AdditiveValue {
    public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
}

extension Transform: AdditiveValue {
    public static func + (a: Transform, b: Transform) -> Transform {
        Transform(scaleX: a.scaleX + b.scaleX, scaleY: a.scaleY + b.scaleY,
                  translationX: a.translationX + b.translationX, translationY: a.translationY + b.translationY)
    }
    public static func - (a: Transform, b: Transform) -> Transform {
        Transform(scaleX: a.scaleX - b.scaleX, scaleY: a.scaleY - b.scaleY,
                  translationX: a.translationX - b.translationX, translationY: a.translationY - b.translationY)
    }
}

extension Color: AdditiveValue {
    public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
}
