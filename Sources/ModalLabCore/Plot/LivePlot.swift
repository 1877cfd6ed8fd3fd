import ModalKit

/// Takes the lab's events as the lab publishes them (typed values, as the trace's lines read back: nothing is
/// written as JSON and read back) and, each time a drag has been released and everything has come to rest, hands on the story of that drag:
/// `--plot FILE` writes its plot to the file (replacing the last one), the inspector shows it.
final class LivePlot: LabEventSubscriber {
    /// What to do with each released drag; an error is reported once, on stderr.
    private let deliver: (ReleaseStory) throws -> Void
    /// Records since a little before the current drag began, and the last `scene` record.
    private var records: [MotionTrace.Record] = []
    private var sceneRecord: MotionTrace.SceneRecord?
    private var released = false
    /// After the rest that follows a release: the lab time up to which later frames still belong to the plot
    /// (`ReleaseStory.tail`), so the file ends as `modal-lab plot` would draw it from the whole trace.
    private var tailUntil: Double?
    /// Set once a plot could not be written, so the message is printed once, not after every drag.
    private var failed = false
    /// Records kept from before a drag begins (at 60 Hz, half a second of frames), to show the press and the slop.
    private static let leadRecords = 30
    /// A drag held for minutes should not grow the buffer without bound; its oldest records go first.
    private static let maximumRecords = 100_000

    init(deliver: @escaping (ReleaseStory) throws -> Void) {
        self.deliver = deliver
    }

    /// `--plot FILE`: the plot of each drag, written to `path` at `scale`.
    convenience init(path: String, scale: Double) {
        self.init { story in try MotionPlot.write(MotionPlot.render(story, scale: scale), to: path) }
    }

    /// `--plot`'s subscriber, nil without `--plot`.
    static func subscriber(_ configuration: LabConfiguration) -> LivePlot? {
        configuration.plotPath.map { LivePlot(path: $0, scale: configuration.scale ?? 1) }
    }

    /// One event, as the lab publishes it: the record its trace line reads back as, if a plot uses it.
    func take(_ event: LabEvent) {
        if let record = MotionTrace.Record(event) { take(record) }
    }

    /// One record, as a trace line reads back.
    func take(_ record: MotionTrace.Record) {
        if case .scene(let scene) = record {
            sceneRecord = scene; records = []; released = false; tailUntil = nil; return
        }
        if let until = tailUntil {
            guard case .frame = record, record.t <= until else {
                tailUntil = nil
                return take(record)
            }
            records.append(record)
            return write()
        }
        if case .gesture(let gesture) = record, gesture.state == "began" {
            records = Array(records.suffix(Self.leadRecords))
            released = false
        }
        records.append(record)
        if records.count > Self.maximumRecords { records.removeFirst(records.count - Self.maximumRecords) }
        if case .gesture(let gesture) = record, gesture.state == "ended" || gesture.state == "cancelled" {
            released = true
        }
        if released, case .settled = record {
            released = false
            tailUntil = record.t + ReleaseStory.tail
            write()
        }
    }

    private func write() {
        var trace = MotionTrace()
        sceneRecord.map { trace.add(.scene($0)) }
        records.forEach { trace.add($0) }
        do {
            try deliver(try ReleaseStory(trace))
        } catch {
            guard !failed else { return }
            failed = true
            LabMain.fail("--plot: \(error)")
        }
    }
}
