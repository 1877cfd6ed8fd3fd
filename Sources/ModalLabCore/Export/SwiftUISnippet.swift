#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// The Swift for SwiftUI that an export writes beside its JSON and its UIKit code: what SwiftUI has modifiers for,
/// with the tuned values, and the rest written out as small view modifiers with the same rules and springs.
public enum SwiftUISnippet {
    /// The SwiftUI for `scene` (a scene file's: its style's code) running with `parameters`.
    public static func code(for scene: SceneKind, _ parameters: SceneParameters) -> String {
        let values = SnippetValues(parameters)
        return header(scene.info, values) + scene.swiftUISnippet(values)
    }

    private static func header(_ info: SceneInfo, _ v: SnippetValues) -> String {
        """
        // \(info.title) (\(info.seed)), for SwiftUI on iOS \(minimumIOS(v)) or later,
        // exported by modal-lab with the values tuned in the lab. The lab read velocities with the \(v.text("estimator"))
        // estimator; DragGesture's velocity has its own, which cannot be chosen: if decisions near a flick speed feel
        // different on a device, that is why.
        //

        """
    }

    /// The iOS the SwiftUI needs: 26 for a sheet growing out of its toolbar button (`source=button`), else 17.
    private static func minimumIOS(_ v: SnippetValues) -> Int { v.text("source") == "button" ? 26 : 17 }

    /// `spring` as SwiftUI writes it: `Spring(duration:bounce:)` for a spring of mass 1 that does not creep (the
    /// two are the same spring: stiffness (2π/duration)², damping 4π(1 − bounce)/duration), else by its constants.
    public static func spring(_ spring: Spring) -> String {
        let ratio = spring.dampingRatio
        guard spring.mass == 1, ratio <= 1, spring.stiffness > 0 else { return constants(spring) }
        let duration = 2 * Double.pi / spring.stiffness.squareRoot()
        return "Spring(duration: \(literal(rounded(duration))), bounce: \(literal(rounded(1 - ratio))))"
    }

    /// `spring` by its constants, each written so it reads back as the same `Double`.
    public static func constants(_ spring: Spring) -> String {
        let overDamping = spring.dampingRatio > 1 ? ", allowOverDamping: true" : ""
        return "Spring(mass: \(literal(spring.mass)), stiffness: \(literal(spring.stiffness)), "
            + "damping: \(literal(spring.damping))\(overDamping))"
    }

    /// The stiffness and damping (mass 1) of SwiftUI's `Spring(duration:bounce:)`, as Apple documents the mapping.
    public static func constants(duration: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        let omega = 2 * Double.pi / duration
        return (omega * omega, 4 * Double.pi * (1 - bounce) / duration)
    }

    /// A number as a Swift literal: 1500, 0.3.
    static func literal(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
    }

    /// The shortest decimal within twelve significant digits of `x` (0.30000000000000004 becomes 0.3): a value
    /// computed from tuned decimals reads as those decimals do.
    static func rounded(_ x: Double) -> Double {
        guard x.isFinite, x != 0 else { return x }
        let shift = 11 - Int(log10(abs(x)).rounded(.down))
        guard (-300 ... 300).contains(shift) else { return x }
        let scale = pow(10, Double(abs(shift)))
        let r = shift >= 0 ? (x * scale).rounded() / scale : (x / scale).rounded() * scale
        return r.isFinite ? r : x
    }
}

extension SwiftUISnippet {
    /// `curve` as a SwiftUI animation over `duration` (a Swift expression): `.timingCurve(0.42, 0, 0.58, 1,
    /// duration: 0.6)`, or `.linear(duration: 0.6)`.
    public static func animation(_ curve: TimingCurve, duration: String) -> String {
        if curve == .linear { return ".linear(duration: \(duration))" }
        let p = curve.controlPoints
        return ".timingCurve(\([p.x1, p.y1, p.x2, p.y2].map(literal).joined(separator: ", ")), duration: \(duration))"
    }

    /// `curve` as a SwiftUI `UnitCurve`, whose `value(at:)` is where the curve is at a time fraction.
    public static func unitCurve(_ curve: TimingCurve) -> String {
        if curve == .linear { return "UnitCurve.linear" }
        let p = curve.controlPoints
        return "UnitCurve.bezier(startControlPoint: UnitPoint(x: \(literal(p.x1)), y: \(literal(p.y1))), "
            + "endControlPoint: UnitPoint(x: \(literal(p.x2)), y: \(literal(p.y2))))"
    }
}

extension SnippetValues {
    /// The curve parameter `name` as a SwiftUI animation over `duration` (a Swift expression).
    public func timingCurve(_ name: String, duration: String) -> String {
        SwiftUISnippet.animation(curve(name), duration: duration)
    }

    /// The curve parameter `name` as a SwiftUI `UnitCurve`.
    public func unitCurve(_ name: String) -> String { SwiftUISnippet.unitCurve(curve(name)) }

    /// The curve parameter `name` (UIKit's default, ease-in-out, when the scene has none of that name).
    public func curve(_ name: String) -> TimingCurve {
        guard case .curve(let c)? = parameters.value(name) else { return .easeInOut }
        return c
    }
}
