import ModalKit

/// Reads the lab's trace as it is written and, each time a drag has been released and everything has come to
/// rest, hands on the story of that drag: `--plot FILE` writes its plot to the file (replacing the last one), the
/// inspector shows it.
final class LivePlot {
    /// What to do with each released drag; an error is reported once, on stderr.
    private let deliver: (ReleaseStory) throws -> Void
    /// Trace lines since a little before the current drag began, and the last `scene` line.
    private var lines: [String] = []
    private var sceneLine: String?
    private var released = false
    /// After the rest that follows a release: the lab time up to which later frames still belong to the plot
    /// (`ReleaseStory.tail`), so the file ends as `modal-lab plot` would draw it from the whole trace.
    private var tailUntil: Double?
    /// Set once a plot could not be written, so the message is printed once, not after every drag.
    private var failed = false
    /// Frames kept from before a drag begins (at 60 Hz, half a second), to show the press and the slop.
    private static let leadLines = 30
    /// A drag held for minutes should not grow the buffer without bound; its oldest lines go first.
    private static let maximumLines = 100_000

    init(deliver: @escaping (ReleaseStory) throws -> Void) {
        self.deliver = deliver
    }

    /// `--plot FILE`: the plot of each drag, written to `path` at `scale`.
    convenience init(path: String, scale: Double) {
        self.init { story in try PlotCommand.write(MotionPlot.render(story, scale: scale), to: path) }
    }

    /// The lab's trace: to the `--trace` writer if given, read by a live plot if `--plot` is given; nil when
    /// neither is.
    static func trace(writer given: LineWriter?, configuration: LabConfiguration) -> Trace? {
        guard given != nil || configuration.plotPath != nil else { return nil }
        let writer = given ?? LineWriter()
        if let path = configuration.plotPath {
            let plot = LivePlot(path: path, scale: configuration.scale ?? 1)
            writer.onLine = { plot.take($0) }
        }
        return Trace(writer: writer)
    }

    /// One trace line, as written (the lab writes fixed key order, so a substring tells the record's kind).
    func take(_ line: String) {
        if line.includes("\"type\":\"scene\"") { sceneLine = line; lines = []; released = false; tailUntil = nil; return }
        if let until = tailUntil {
            guard line.includes("\"type\":\"frame\""), let t = Self.time(of: line), t <= until else {
                tailUntil = nil
                return take(line)
            }
            lines.append(line)
            return write()
        }
        if line.includes("\"type\":\"gesture\",\"state\":\"began\"") {
            lines = Array(lines.suffix(Self.leadLines))
            released = false
        }
        lines.append(line)
        if lines.count > Self.maximumLines { lines.removeFirst(lines.count - Self.maximumLines) }
        if line.includes("\"state\":\"ended\"") || line.includes("\"state\":\"cancelled\"") { released = true }
        if released && line.includes("\"type\":\"settled\"") {
            released = false
            tailUntil = Self.time(of: line).map { $0 + ReleaseStory.tail }
            write()
        }
    }

    /// The `t` of a trace line (always its first field).
    private static func time(of line: String) -> Double? {
        guard line.hasPrefix("{\"t\":"), let comma = line.firstIndex(of: ",") else { return nil }
        return Double(line[line.index(line.startIndex, offsetBy: 5)..<comma])
    }

    private func write() {
        do {
            let trace = try MotionTrace.parse(([sceneLine].compactMap { $0 } + lines).joined(separator: "\n"))
            try deliver(try ReleaseStory(trace))
        } catch {
            guard !failed else { return }
            failed = true
            LabMain.fail("--plot: \(error)")
        }
    }
}

extension String {
    /// Whether `text` occurs in this string, comparing UTF-8 bytes. (`contains` with a string argument comes from
    /// _StringProcessing, which the lab does not link; see Package.swift.)
    func includes(_ text: String) -> Bool {
        let bytes = utf8, pattern = text.utf8
        var start = bytes.startIndex
        while true {
            if bytes[start...].starts(with: pattern) { return true }
            guard start != bytes.endIndex else { return false }
            start = bytes.index(after: start)
        }
    }
}
