import XCTest
@testable import ModalKitMotion

/// The sheet's track (1:1 between its detents, banded past them) and its three release rules, on the lab's
/// default geometry: a 667-point container, large detent at 30, medium at 333.5.
final class SheetReleaseTests: XCTestCase {
    private let large = 30.0, medium = 333.5, height = 667.0
    private var track: SheetTrack { SheetTrack(detentPositions: [medium, large], containerHeight: height) }

    // MARK: track

    func testBetweenTheDetentsAndBelowThemTheSheetFollowsOneToOne() {
        for raw in [30.0, 100, 333.5, 500, 667] { XCTAssertEqual(track.shown(forRaw: raw), raw) }
    }

    func testAboveTheLargestDetentItMeetsABandAsTallAsTheRoomAbove() {
        // 60 points above large: (1 − 1/(60·0.55/30 + 1))·30 = 30·(33/63), worked by hand.
        XCTAssertEqual(track.shown(forRaw: large - 60), large - 30.0 * 33 / 63, accuracy: 1e-9)
        XCTAssertGreaterThan(track.shown(forRaw: -10_000), 0, "the top edge never reaches the container's")
    }

    func testBlockedBelowTheSmallestDetentItMeetsABandAsTallAsThatDetent() {
        var blocked = track
        blocked.dismissalAllowed = false
        // 100 points below medium over a 333.5-point detent: (1 − 1/(55/333.5 + 1))·333.5 = 333.5·55/388.5.
        XCTAssertEqual(blocked.shown(forRaw: medium + 100), medium + 333.5 * 55 / 388.5, accuracy: 1e-9)
        XCTAssertLessThan(blocked.shown(forRaw: 10_000), height)
    }

    func testRawInvertsShownSoAStretchedSheetIsGrabbedWhereItIs() {
        var blocked = track
        blocked.dismissalAllowed = false
        for raw in [-400.0, 0, 29, 30, 200, 333.5, 400, 900] {
            XCTAssertEqual(blocked.raw(forShown: blocked.shown(forRaw: raw)), raw, accuracy: 1e-6)
        }
    }

    // MARK: projection

    func testProjectionPicksTheDetentNearestWhereTheReleaseIsHeading() {
        let policy = SheetReleasePolicy()
        // 1000 pt/s up from medium projects 499 points up: past large.
        XCTAssertEqual(policy.decide(position: medium, velocity: -1000, on: track).target, .detent(position: large))
        // 200 pt/s up projects 99.8 points: 233.7 is nearer medium (99.8) than large (203.7).
        XCTAssertEqual(policy.decide(position: medium, velocity: -200, on: track).target, .detent(position: medium))
        // Held still just below the middle of the two: medium.
        XCTAssertEqual(policy.decide(position: 190, velocity: 0, on: track).target, .detent(position: medium))
        XCTAssertEqual(policy.decide(position: 170, velocity: 0, on: track).target, .detent(position: large))
    }

    func testProjectionDismissesPastHalfTheSmallestDetent() {
        let policy = SheetReleasePolicy()
        // The line is 333.5 + 0.5·333.5 = 500.25. 400 + 0.2 s·... : 300 pt/s projects 149.7 → 549.7: dismiss.
        let flick = policy.decide(position: 400, velocity: 300, on: track)
        XCTAssertEqual(flick.target, .dismiss)
        XCTAssertEqual(flick.judgedPosition, 400 + 0.3 * 499, accuracy: 1e-9)
        // 100 pt/s projects 49.9 → 449.9: back to medium.
        XCTAssertEqual(policy.decide(position: 400, velocity: 100, on: track).target, .detent(position: medium))
    }

    func testABlockedDismissalLandsOnTheSmallestDetentButIsReportedAsWanted() {
        var blocked = track
        blocked.dismissalAllowed = false
        let decision = SheetReleasePolicy().decide(position: 400, velocity: 3000, on: blocked)
        XCTAssertEqual(decision.target, .detent(position: medium))
        XCTAssertTrue(decision.wantsDismissal)
    }

    func testTheRateAndFractionAreTunable() {
        let fast = SheetReleasePolicy(decelerationRate: Deceleration.fastRate)
        // At .fast, 1000 pt/s projects only 99 points: medium stays.
        XCTAssertEqual(fast.decide(position: medium, velocity: -1000, on: track).target, .detent(position: medium))
        let strict = SheetReleasePolicy(dismissFraction: 0.9)
        XCTAssertEqual(strict.decide(position: 400, velocity: 300, on: track).target, .detent(position: medium))
    }

    // MARK: other rules

    func testNearestIgnoresSpeed() {
        let policy = SheetReleasePolicy(rule: .nearest)
        XCTAssertEqual(policy.decide(position: medium, velocity: -5000, on: track).target, .detent(position: medium))
        XCTAssertEqual(policy.decide(position: 510, velocity: -5000, on: track).target, .dismiss)
    }

    func testDistanceVelocityMovesOneDetentPerFlick() {
        let policy = SheetReleasePolicy(rule: .distanceVelocity)
        XCTAssertEqual(policy.decide(position: medium, velocity: -1600, on: track).target, .detent(position: large))
        XCTAssertEqual(policy.decide(position: large, velocity: 1600, on: track).target, .detent(position: medium))
        XCTAssertEqual(policy.decide(position: medium, velocity: 1600, on: track).target, .dismiss)
        XCTAssertEqual(
            policy.decide(position: 250, velocity: 1400, on: track).target, .detent(position: medium),
            "slower than the flick speed: nearest")
        XCTAssertEqual(policy.decide(position: large, velocity: -1600, on: track).target, .detent(position: large))
    }
}

/// The settle spring that carries a release's speed.
final class SpringReleaseTests: XCTestCase {
    private let base = Spring(dampingRatio: 1, response: 0.3)

    /// Mean speed (points per second) over the first 60 Hz frame of a settle from `distance` away at `velocity`.
    private func firstFrameSpeed(_ spring: Spring, velocity: Double, distance: Double) -> Double {
        let relative = relativeVelocity(velocity, remainingDistance: distance)
        return spring.value(at: 1 / 60.0, initialVelocity: relative) * distance * 60
    }

    func testAFlickLeavesAtItsOwnSpeedWithinFivePercent() {
        // 2500 pt/s up from medium toward large, 303.5 points away (the X test's flick).
        for (velocity, distance) in [(-2500.0, -303.5), (-1700, -303.5), (-900, -213.5), (3000, 300), (-5000, -303.5)] {
            let spring = base.carrying(velocity: velocity, toward: distance)
            let relative = relativeVelocity(velocity, remainingDistance: distance)
            XCTAssertEqual(spring.velocity(at: 0, initialVelocity: relative) * distance, velocity, accuracy: 1e-9)
            XCTAssertEqual(
                firstFrameSpeed(spring, velocity: velocity, distance: distance), velocity,
                accuracy: 0.05 * abs(velocity), "\(velocity) pt/s over \(distance) pt")
            // No overshoot: it arrives from one side only.
            for t in stride(from: 0.0, through: 2, by: 0.005) {
                XCTAssertLessThanOrEqual(spring.value(at: t, initialVelocity: relative), 1 + 1e-9)
            }
        }
    }

    func testTheBaseSpringWouldLurch() {
        // Without matching, the critically damped 0.3 s spring speeds a 1700 pt/s flick up by far more than 5%.
        XCTAssertGreaterThan(abs(firstFrameSpeed(base, velocity: -1700, distance: -303.5)), 1700 * 1.2)
    }

    func testSlowReleasesAndReleasesAwayKeepTheBaseSpring() {
        XCTAssertEqual(base.carrying(velocity: 200, toward: 300), base)
        XCTAssertEqual(base.carrying(velocity: 600, toward: 303.5), base, "under a third of the base frequency: slow")
        XCTAssertEqual(base.carrying(velocity: -2000, toward: 300), base, "moving away: the spring turns it round")
        XCTAssertEqual(base.carrying(velocity: 2000, toward: 0), base)
        let matched = base.carrying(velocity: 3000, toward: 300)
        XCTAssertEqual(matched.dampingRatio, 1, accuracy: 1e-12)
    }
}
