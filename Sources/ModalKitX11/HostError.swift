/// Why the host could not start, as one line a user can act on.
public enum HostError: Error, Equatable, CustomStringConvertible {
    case noDisplay
    case cannotConnect(String)
    case noTrueColorVisual
    case windowSystem(String)

    /// The one-line message printed on stderr.
    public var description: String {
        switch self {
        case .noDisplay: return "DISPLAY is not set: run inside an X session or under Xvfb"
        case .cannotConnect(let name): return "cannot connect to the X server at \(name)"
        case .noTrueColorVisual: return "the X server offers no 24- or 32-bit TrueColor visual"
        case .windowSystem(let what): return what
        }
    }
}
