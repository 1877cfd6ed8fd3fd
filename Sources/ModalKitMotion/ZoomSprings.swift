/// The springs of the zoom transition (mass 1), from the native fit (ANCHORS "The zoom transition").
public struct ZoomSprings: Hashable, Sendable {
    /// What the page chases the fingers through while they drive it (sideways follow, a pinch's scale):
    /// k 2000, c 89 (ω ≈ 45, critically damped).
    public var tracking: Spring
    /// A cancelled release back to full screen: k 484, c 39.6 (ω 22, ζ 0.9; 98% back in about 230 ms).
    public var cancel: Spring
    /// A committed release onto the source: k 225, c 22.5 (ω 15, ζ 0.75; ~3% overshoot, 98% in 230–270 ms).
    public var landing: Spring
    /// How much a landing's frequency gains per card width per second of release speed (not for pans).
    public var landingQuickening: Double
    /// The release speed (card widths per second) past which a landing is quickened no further.
    public var maximumLandingSpeed: Double
    /// The push and the pop without a gesture: ω 19, critically damped.
    public var flight: Spring
    /// The covered page's return to full size after a pop: ω 15, critically damped.
    public var coveredReturn: Spring

    /// The native fit by default.
    public init(
        tracking: Spring = Spring(stiffness: 2000, damping: 89),
        cancel: Spring = Spring(stiffness: 484, damping: 39.6),
        landing: Spring = Spring(stiffness: 225, damping: 22.5),
        landingQuickening: Double = 0.3, maximumLandingSpeed: Double = 3,
        flight: Spring = ZoomSprings.spring(omega: 19, dampingRatio: 1),
        coveredReturn: Spring = ZoomSprings.spring(omega: 15, dampingRatio: 1)
    ) {
        self.tracking = tracking
        self.cancel = cancel
        self.landing = landing
        self.landingQuickening = landingQuickening
        self.maximumLandingSpeed = maximumLandingSpeed
        self.flight = flight
        self.coveredReturn = coveredReturn
    }

    /// A spring of mass 1 from its natural frequency ω (radians per second) and damping ratio ζ.
    public static func spring(omega: Double, dampingRatio: Double) -> Spring {
        Spring(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// How much faster a landing runs for a release at `speed` card widths per second: 1 + q·min(speed, max);
    /// 1 for a pan (pans hand nothing over) or a release at rest.
    public func quickening(speed: Double, gesture: ZoomGesture) -> Double {
        guard gesture != .pan, speed.isFinite, speed > 0 else { return 1 }
        return 1 + landingQuickening * min(speed, maximumLandingSpeed)
    }

    /// The landing spring for a release at `speed` card widths per second: its frequency times the quickening,
    /// the same damping ratio (stiffness × q², damping × q), so a quick landing overshoots as much as a slow one.
    public func landing(speed: Double, gesture: ZoomGesture) -> Spring {
        let q = quickening(speed: speed, gesture: gesture)
        return Spring(mass: landing.mass, stiffness: landing.stiffness * q * q, damping: landing.damping * q)
    }
}
