/// How an animation's progress follows its time fraction. UIKit's `UIView.AnimationCurve` plus custom Béziers.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Starts slowly: cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// Ends slowly: cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    /// Starts and ends slowly, UIKit's default: cubic-bezier(0.42, 0, 0.58, 1).
    case easeInOut
    /// Control points (x1, y1, x2, y2) of a CSS-style cubic Bézier.
    case cubicBezier(Double, Double, Double, Double)

    /// The control points; linear is the straight Bézier with its points a third and two thirds along.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: return (1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case let .cubicBezier(x1, y1, x2, y2): return (x1, y1, x2, y2)
        }
    }

    private var bezier: UnitBezier {
        let p = controlPoints
        return UnitBezier(x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2)
    }

    /// Progress at time fraction `progress`, clamped to 0...1.
    public func value(at progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        if case .linear = self { return x }
        return bezier.solve(x: x)
    }

    /// d(value)/d(progress) at `progress` (clamped to 0...1).
    public func slope(at progress: Double) -> Double {
        if case .linear = self { return 1 }
        return bezier.slope(x: progress)
    }

    /// A curve from the lab's command-line name: "linear", "ease-in", "ease-out", "ease-in-out".
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "ease-in": self = .easeIn
        case "ease-out": self = .easeOut
        case "ease-in-out": self = .easeInOut
        default: return nil
        }
    }

    /// The command-line name; a custom Bézier reads "cubic-bezier(x1,y1,x2,y2)" as in CSS.
    public var name: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case let .cubicBezier(x1, y1, x2, y2): return "cubic-bezier(\(x1),\(y1),\(x2),\(y2))"
        }
    }

    /// The same curve bent at its start so it leaves with `initialSlope`, so an animation continued with a curve
    /// keeps the speed it had. The first control point moves vertically; a curve whose first control point sits on
    /// the origin horizontally cannot be bent that way and is returned as is.
    func startingWithSlope(_ initialSlope: Double) -> TimingCurve {
        let p = controlPoints
        guard p.x1 > 1e-9, initialSlope.isFinite else { return self }
        let y1 = min(max(initialSlope * p.x1, -2), 3)
        if abs(y1 - p.y1) < 1e-12 { return self }
        return .cubicBezier(p.x1, y1, p.x2, p.y2)
    }
}
