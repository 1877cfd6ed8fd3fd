/// Why the host could not start, as one line a user can act on.
public enum HostError: Error, Equatable, CustomStringConvertible {
    /// The DISPLAY environment variable is not set.
    case noDisplay
    /// No X server answered at the named display.
    case cannotConnect(String)
    /// The X server has no 24- or 32-bit TrueColor visual to draw into.
    case noTrueColorVisual
    /// The window system refused something else; the string says what, as the line to print.
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
