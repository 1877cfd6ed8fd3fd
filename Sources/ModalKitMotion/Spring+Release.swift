extension Spring {
    /// The spring to settle a release with: one of the same damping ratio whose initial acceleration is zero, so a
    /// flick leaves at its own speed, or this one for slow releases and releases away from the target.
    ///
    /// A spring released at speed v with its target d points away starts with acceleration ω²·d − 2ζω·v; when
    /// that is far from zero the speed lurches in the first frames (up for a slow release, down for a fast one).
    /// The natural frequency ω = 2ζ·v/d zeroes it: the sheet leaves at the release speed and brakes into the
    /// detent without overshoot. It is used from a third of this spring's frequency up (a softer spring than that
    /// would crawl home; a 900 pt/s flick 213 points from its detent is just matched at the default 0.3 s response);
    /// below that the release is slow and this spring pulls the sheet home. The speed of the first
    /// 60 Hz frame then stays within 5% of the release while ω/60 is small (ω below about 37, i.e. a flick under
    /// ~5500 pt/s toward a detent 300 points away; faster ones must brake harder to stop there).
    public func carrying(velocity: Double, toward distance: Double) -> Spring {
        let ratio = dampingRatio, omega = (stiffness / mass).squareRoot()
        guard abs(distance) > 1e-3, velocity * distance > 0, ratio > 0, omega > 0 else { return self }
        let matched = 2 * ratio * abs(velocity) / abs(distance)
        guard matched >= omega / 3 else { return self }
        return Spring(mass: mass, stiffness: mass * matched * matched, damping: 2 * ratio * mass * matched)
    }
}
