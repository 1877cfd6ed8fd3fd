import XCTest
import ModalKitBase
@testable import ModalKitMotion

/// Every estimator against the truth on drags recorded under Xvfb (Assets/Corpus/velocity) on a quiet machine,
/// and on the same machine under CPU load. The tables it prints are README's estimator tables.
final class VelocityCorpusTests: XCTestCase {
    private var corpus: VelocityCorpus!
    private var loaded: VelocityCorpus!

    override func setUpWithError() throws {
        corpus = try VelocityCorpus.load()
        loaded = try VelocityCorpus.load("-loaded")
    }

    private func score(_ estimator: VelocityEstimator, _ prefix: String = "") -> EstimatorScore {
        corpus.score(estimator, prefix)
    }

    func testTheCorpusIsRealDrags() throws {
        XCTAssertEqual(corpus.drags.count, 32, "8 paths x 4")
        XCTAssertEqual(loaded.drags.count, 32)
        for drag in corpus.drags + loaded.drags {
            XCTAssertGreaterThanOrEqual(drag.samples.count, 10, drag.profile)
            XCTAssertTrue(drag.trueVelocity.isFinite && drag.trueVelocity > 0, drag.profile)
            // Whole pixels and whole server milliseconds: what XTest and the server make of the planned path.
            for sample in drag.samples {
                XCTAssertEqual(sample.position.y, sample.position.y.rounded(), drag.profile)
                XCTAssertEqual(sample.time * 1000, (sample.time * 1000).rounded(), accuracy: 1e-6, drag.profile)
            }
        }
        let gaps = corpus.jitter
        XCTAssertGreaterThanOrEqual(gaps.longestGap - gaps.shortestGap, 0.004, "planned gaps alone span 8–12 ms")
        XCTAssertGreaterThan(
            loaded.jitter.sd, 2 * corpus.jitter.sd, "busy processes delay the injection and the server")
    }

    func testOnSteadyDragsALineIsSteadierThanAQuadratic() {
        // A steady path is a line: an estimator that fits or averages many samples sees only timestamp noise
        // (a few ms) over its 100–150 ms span, a few percent at worst.
        for estimator in [VelocityEstimator.linear, .mean150] {
            XCTAssertLessThan(score(estimator, "constant").worst, 0.10, estimator.name)
        }
        // The quadratic's slope at the newest sample extrapolates to the window's end, which multiplies that
        // noise several times over (the issue measured about 3x): at least twice the line's error.
        XCTAssertGreaterThan(score(.quadratic, "constant").meanAbsolute, 2 * score(.linear, "constant").meanAbsolute)
    }

    func testOnFlicksTheAveragesLag() {
        // A steady speed-up is a quadratic: the quadratic fit is right up to noise.
        XCTAssertLessThan(score(.quadratic, "accelerate").worst, 0.05)
        // A line through the last 100 ms of a 200 ms ramp has the speed at the samples' mean time, about 150 ms:
        // 25% low. The 150 ms mean has the speed half way through its window, about 125 ms: 37.5% low.
        XCTAssertEqual(score(.linear, "accelerate").bias, -0.25, accuracy: 0.04)
        XCTAssertEqual(score(.mean150, "accelerate").bias, -0.375, accuracy: 0.04)
    }

    func testBrakingBeforeReleaseIsReadTooFastByAll() {
        // Every estimator looks back into the faster part of the drag.
        for estimator in VelocityEstimator.allCases {
            XCTAssertGreaterThan(score(estimator, "brake").bias, 0, estimator.name)
        }
        // The quadratic follows the slowing; lines and means over 100–150 ms do not.
        XCTAssertLessThan(score(.quadratic, "brake").meanAbsolute, score(.linear, "brake").meanAbsolute / 2)
    }

    func testTheDefaultHasTheSmallestErrorOverall() {
        let all = VelocityEstimator.allCases.map { score($0) }
        let best = all.min { $0.meanAbsolute < $1.meanAbsolute }
        XCTAssertEqual(best?.estimator, VelocityEstimator.default, "choose the default from the corpus")
        let quadratic = score(.quadratic)
        XCTAssertLessThan(quadratic.wrongDecisions, score(.linear).wrongDecisions)
        XCTAssertLessThan(quadratic.wrongDecisions, score(.mean150).wrongDecisions)
    }

    /// Prints README's tables (run with `--filter VelocityCorpusTests` to refresh them) and checks they are whole.
    func testTheTablesCoverEveryEstimatorAndPath() {
        for set in [corpus, loaded].compactMap({ $0 }) {
            let table = set.summaryTable(), profiles = set.profileTable()
            XCTAssertEqual(table.split(separator: "\n").count, 2 + VelocityEstimator.allCases.count)
            XCTAssertEqual(profiles.split(separator: "\n").count, 2 + 8)
            XCTAssertFalse(table.contains("nan") || profiles.contains("nan"))
            print(table)
            print(profiles)
            print(set.jitterSummary)
        }
    }

    func testUnderLoadTheRestRuleMisfires() {
        // Under load the server sees gaps of 40 ms and more inside a moving drag, which the 100 ms estimators take
        // for a pointer at rest: some releases read exactly zero. The 150 ms mean has no rest rule and never does.
        XCTAssertGreaterThanOrEqual(loaded.jitter.longestGap, VelocityTracker.restGap)
        XCTAssertGreaterThan(loaded.score(.quadratic).errors.filter { $0 == -1 }.count, 0)
        XCTAssertEqual(loaded.score(.mean150).errors.filter { $0 == -1 }.count, 0)
    }

    func testTheDefaultStillWinsUnderLoad() {
        let all = VelocityEstimator.allCases.map { loaded.score($0) }
        XCTAssertEqual(all.min { $0.meanAbsolute < $1.meanAbsolute }?.estimator, VelocityEstimator.default)
        XCTAssertEqual(
            all.map(\.wrongDecisions).min(), loaded.score(.default).wrongDecisions,
            "no estimator makes fewer wrong decisions")
    }
}
