import ModalKit

/// The Swift for UIKit that an export writes beside its JSON: the scene's seed code (or, for the sheet, the
/// `UISheetPresentationController` setup) with the tuned numbers filled in, ready to paste into an iOS project.
public enum UIKitSnippet {
    /// The snippet for `scene` (a scene file's: its style's code) running with `parameters`.
    public static func code(for scene: SceneKind, _ parameters: SceneParameters) -> String {
        let values = SnippetValues(parameters)
        return header(scene.info, values) + scene.uikitSnippet(values)
    }

    private static func header(_ info: SceneInfo, _ v: SnippetValues) -> String {
        """
        // \(info.title) (\(info.seed)), exported by modal-lab with the values tuned in the lab.
        // Velocity estimator in the lab: \(v.text("estimator")). UIKit's velocity(in:) has its own, which cannot be
        // chosen; if decisions near the flick speed feel different on a device, that is why.
        import UIKit


        """
    }
}

/// The tuned values as Swift literals, for a scene's `uikitSnippet`.
public struct SnippetValues {
    /// The values the scene runs with.
    public let parameters: SceneParameters

    /// The literals of `parameters`.
    public init(_ parameters: SceneParameters) { self.parameters = parameters }

    /// A number as a Swift literal: 1500, 0.3.
    public func number(_ name: String) -> String {
        guard case .number(let n)? = parameters.value(name) else { return "0" }
        return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
    }

    /// A choice or curve by its lab name.
    public func text(_ name: String) -> String { parameters.value(name)?.description ?? "" }

    /// A curve as a `UIView.AnimationOptions` member: `.curveEaseInOut`.
    public func curveOption(_ name: String) -> String {
        guard case .curve(let c)? = parameters.value(name) else { return ".curveEaseInOut" }
        return ".curve" + UIKitSnippet.animationCurveCase(c).prefix(1).uppercased()
            + UIKitSnippet.animationCurveCase(c).dropFirst()
    }

    /// A curve as a `UIView.AnimationCurve` case: `.easeInOut`.
    public func animationCurve(_ name: String) -> String {
        guard case .curve(let c)? = parameters.value(name) else { return ".easeInOut" }
        return "." + UIKitSnippet.animationCurveCase(c)
    }
}

extension UIKitSnippet {
    /// UIKit's case name for one of its four curves.
    static func animationCurveCase(_ curve: TimingCurve) -> String {
        switch curve.name {
        case "linear": return "linear"
        case "ease-in": return "easeIn"
        case "ease-out": return "easeOut"
        default: return "easeInOut"
        }
    }
}
