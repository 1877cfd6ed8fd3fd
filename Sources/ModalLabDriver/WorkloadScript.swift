/// The fixed script `modal-bench workload` plays against the lab and its Qt Quick peer: real drags of alternately
/// 150 and 400 points, one move every 16 ms, each followed by a re-present (Space) once all is at rest.
public struct WorkloadScript: Equatable {
    /// One press, straight vertical move and release, in window points.
    public struct Drag: Equatable {
        /// Where the button goes down.
        public let start: (x: Double, y: Double)
        /// How far the pointer travels: positive is down.
        public let distance: Double
        /// Moves, `stepMilliseconds` apart (server-timed); the release follows the last one at once.
        public let steps: Int

        /// A drag from `start` by `distance` in `steps` moves.
        public init(start: (x: Double, y: Double), distance: Double, steps: Int) {
            self.start = start
            self.distance = distance
            self.steps = steps
        }

        public static func == (a: Drag, b: Drag) -> Bool {
            a.start == b.start && a.distance == b.distance && a.steps == b.steps
        }

        /// The pointer after move `i` (1 ... steps), rounded to whole pixels as XTest takes them.
        public func position(afterStep i: Int) -> (x: Int, y: Int) {
            let f = Double(min(max(i, 0), steps)) / Double(max(steps, 1))
            return (Int(start.x.rounded()), Int((start.y + distance * f).rounded()))
        }
    }

    /// Which path the drags take. A full-height card is pulled down from the same point every time; a sheet is
    /// flicked up from its medium detent to large, then pulled down from large far enough to dismiss it.
    public enum Shape: Equatable {
        case card
        case sheet
    }

    /// The drags in order.
    public let drags: [Drag]
    /// Milliseconds between moves.
    public let stepMilliseconds: UInt
    /// How far one move goes at most, points.
    public static let pointsPerStep = 20.0

    /// `count` drags of the given shape in a 375-point-wide window, alternating short (150) and long (400).
    public init(shape: Shape, count: Int, stepMilliseconds: UInt = 16) {
        self.stepMilliseconds = stepMilliseconds
        drags = (0 ..< max(count, 0)).map { i in
            let long = i % 2 == 1
            let distance = long ? 400.0 : 150.0
            let steps = Int((distance / WorkloadScript.pointsPerStep).rounded(.up))
            switch shape {
            case .card:
                return Drag(start: (187, 200), distance: distance, steps: steps)
            case .sheet:
                // Short: up from medium (top 333.5) to large; long: down from large (top 30) past dismissal.
                return long
                    ? Drag(start: (187, 150), distance: distance, steps: steps)
                    : Drag(start: (187, 450), distance: -distance, steps: steps)
            }
        }
    }
}
