import ModalKitBase

/// The lab's command line: host options plus what the interim driver does with them. Self-contained so that it
/// can move to the ModalLab target unchanged.
public struct LabCommandLine: Equatable {
    /// The window the lab asks for.
    public var options = HostOptions()
    /// Where `--screenshot` writes the first presented frame before exiting, if given.
    public var screenshotPath: String?

    /// The text printed for `--help` and after an unknown option.
    public static let usage = """
        usage: modal-lab [--size WxH] [--scale S] [--fps N] [--no-shm] [--screenshot FILE] [--title T]
          --size WxH         window size in points (default 375x667)
          --scale S          pixels per point (default Xft.dpi / 96, else 1)
          --fps N            display-link rate (default the RandR refresh rate, else 60)
          --no-shm           present with XPutImage instead of MIT-SHM
          --screenshot FILE  write the first presented frame as read back from the server, then exit
          --title T          window title
        """

    /// A parsing failure: `message` is one line naming what was wrong.
    public struct ParseError: Error, Equatable {
        /// What was wrong, in one line.
        public let message: String
    }

    /// An empty command line: every default.
    public init() {}

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--no-shm" { options.useSharedMemory = false; continue }
            guard LabCommandLine.valueOptions.contains(option) else {
                throw ParseError(message: "unknown option \(option)")
            }
            guard let value = rest.popFirst() else { throw ParseError(message: "\(option) needs a value") }
            try apply(option, value)
        }
    }

    private static let valueOptions: Set = ["--size", "--scale", "--fps", "--screenshot", "--title"]

    private mutating func apply(_ option: String, _ value: String) throws {
        switch option {
        case "--size": options.size = try LabCommandLine.size(value)
        case "--scale": options.scale = try LabCommandLine.positive(value, option)
        case "--fps": options.fps = try LabCommandLine.positive(value, option)
        case "--screenshot": screenshotPath = value
        case "--title": options.title = value
        default: throw ParseError(message: "unknown option \(option)")
        }
    }

    private static func positive(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw ParseError(message: "\(option) needs a positive number, not \(text)")
        }
        return value
    }

    private static func size(_ text: String) throws -> Size {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1,
              w.isFinite, h.isFinite else {
            throw ParseError(message: "--size needs WxH in points, like 375x667, not \(text)")
        }
        return Size(width: w, height: h)
    }
}
