import Foundation
import ModalKitMotion

/// The tables README shows, computed from a corpus.
extension VelocityCorpus {
    func scores(_ filter: (Drag) -> Bool = { _ in true }) -> [EstimatorScore] {
        VelocityEstimator.allCases.map { EstimatorScore($0, on: drags.filter(filter)) }
    }

    func score(_ estimator: VelocityEstimator, _ prefix: String = "") -> EstimatorScore {
        EstimatorScore(estimator, on: drags.filter { $0.profile.hasPrefix(prefix) })
    }

    /// One row per estimator: errors over all drags, and the mean error on each kind of path.
    func summaryTable() -> String {
        func signed(_ x: Double) -> String { String(format: "%+.1f%%", x * 100) }
        func plain(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
        var table =
            "| estimator | mean abs error | RMS | worst | bias | range | wrong at 1500 | steady | flick | braking |\n"
        table += "|---|---|---|---|---|---|---|---|---|---|\n"
        let steady = scores { $0.profile.hasPrefix("constant") }, flick = scores { $0.profile.hasPrefix("accelerate") }
        let braking = scores { $0.profile.hasPrefix("brake") }
        for (i, score) in scores().enumerated() {
            table +=
                "| \(score.estimator.name) | \(plain(score.meanAbsolute)) | \(plain(score.rms)) | \(plain(score.worst)) | "
            table += "\(signed(score.bias)) | \(signed(score.spread.low))…\(signed(score.spread.high)) | "
            table += "\(score.wrongDecisions) | \(plain(steady[i].meanAbsolute)) | \(plain(flick[i].meanAbsolute)) | "
            table += "\(plain(braking[i].meanAbsolute)) |\n"
        }
        return table
    }

    /// Per path: each estimator's mean signed error and its range.
    func profileTable() -> String {
        var table =
            "| drag (true pt/s at release) | " + VelocityEstimator.allCases.map(\.name).joined(separator: " | ")
            + " |\n"
        table += "|---|" + String(repeating: "---|", count: VelocityEstimator.allCases.count) + "\n"
        var profiles: [String] = []
        for drag in drags where !profiles.contains(drag.profile) { profiles.append(drag.profile) }
        for profile in profiles {
            let row = scores { $0.profile == profile }.map { score in
                String(
                    format: "%+.0f%% (%+.0f…%+.0f)", score.bias * 100, score.spread.low * 100, score.spread.high * 100)
            }
            table += "| \(profile) | " + row.joined(separator: " | ") + " |\n"
        }
        return table
    }

    /// How far the server's timestamps strayed from the planned moments (seconds), and the gaps between moves.
    var jitter: (sd: Double, low: Double, high: Double, shortestGap: Double, longestGap: Double) {
        var offsets: [Double] = [], gaps: [Double] = []
        for drag in drags {
            guard let first = drag.samples.first?.time else { continue }
            for (sample, planned) in zip(drag.samples, drag.planned) { offsets.append(sample.time - first - planned) }
            gaps += zip(drag.samples.dropFirst(), drag.samples.dropFirst(2)).map { $1.time - $0.time }
        }
        let mean = offsets.reduce(0, +) / Double(max(1, offsets.count))
        let sd = (offsets.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(1, offsets.count))).squareRoot()
        return (sd, offsets.min() ?? 0, offsets.max() ?? 0, gaps.min() ?? 0, gaps.max() ?? 0)
    }

    /// The jitter in one line, for README.
    var jitterSummary: String {
        let j = jitter
        return String(
            format: "move gaps %.0f–%.0f ms; timestamp minus plan: sd %.2f ms, %.1f…%.1f ms",
            j.shortestGap * 1000, j.longestGap * 1000, j.sd * 1000, j.low * 1000, j.high * 1000)
    }
}
