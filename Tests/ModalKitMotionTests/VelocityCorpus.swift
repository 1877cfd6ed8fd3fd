import Foundation
import ModalKitBase
import ModalKitMotion

/// The recorded drags in `Assets/Corpus/velocity/` (see `VelocityCorpusRecorder` in ModalLabTests): each drag's
/// samples as the pan recognizer takes them (press, moves, and the release when it moved) with server times, the
/// release time, and the true speed of the injected path at the last move.
struct VelocityCorpus {
    struct Drag {
        var profile: String
        var samples: [VelocitySample]
        var releaseTime: Double
        var trueVelocity: Double
        /// Planned moments of the press and each move, seconds from the press.
        var planned: [Double]
    }

    var drags: [Drag] = []

    /// Reads a recorded set: "" for the quiet machine, "-loaded" for the one recorded under CPU load.
    static func load(_ suffix: String = "", callerFile: String = #filePath) throws -> VelocityCorpus {
        let folder = try packageRoot(from: callerFile) + "/Assets/Corpus/velocity/"
        let events = try lines(folder + "drags\(suffix).jsonl"), truths = try lines(folder + "truth\(suffix).jsonl")
        var corpus = VelocityCorpus(), current: [VelocitySample]? = nil, index = 0
        for event in events {
            guard let type = event["type"] as? String, let x = event["x"] as? Double, let y = event["y"] as? Double,
                let time = event["time"] as? Double
            else { continue }
            let sample = VelocitySample(position: Point(x: x, y: y), time: time)
            switch type {
            case "down": current = [sample]
            case "move": current?.append(sample)
            case "up":
                guard var samples = current, index < truths.count else { continue }
                if samples.last?.position != sample.position { samples.append(sample) }
                let truth = truths[index]
                corpus.drags.append(
                    Drag(
                        profile: truth["profile"] as? String ?? "?", samples: samples, releaseTime: time,
                        trueVelocity: truth["velocity"] as? Double ?? .nan,
                        planned: (truth["planned_us"] as? [Double] ?? []).map { $0 / 1e6 }))
                current = nil
                index += 1
            default: continue
            }
        }
        return corpus
    }

    private static func lines(_ path: String) throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CorpusError("cannot read \(path)")
        }
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CorpusError("\(path): a line is not an object")
            }
            return object
        }
    }

    private static func packageRoot(from file: String) throws -> String {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { throw CorpusError("no Package.swift above \(file)") }
            folder = parent
        }
        return folder.path
    }
}

struct CorpusError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How far one estimator's readings on the corpus are from the truth, as fractions of the true speed.
struct EstimatorScore {
    var estimator: VelocityEstimator
    var errors: [Double]
    /// Releases on the other side of a 1,500 pt/s threshold than the true speed.
    var wrongDecisions: Int

    init(_ estimator: VelocityEstimator, on drags: [VelocityCorpus.Drag], threshold: Double = 1500) {
        self.estimator = estimator
        let readings = drags.map { estimator.velocity(of: $0.samples, at: $0.releaseTime).y }
        errors = zip(readings, drags).map { ($0 - $1.trueVelocity) / $1.trueVelocity }
        wrongDecisions = zip(readings, drags).filter { ($0 >= threshold) != ($1.trueVelocity >= threshold) }.count
    }

    var meanAbsolute: Double { errors.map(abs).reduce(0, +) / Double(errors.count) }
    var rms: Double { (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot() }
    var worst: Double { errors.map(abs).max() ?? 0 }
    var bias: Double { errors.reduce(0, +) / Double(errors.count) }
    var spread: (low: Double, high: Double) { (errors.min() ?? 0, errors.max() ?? 0) }
}
