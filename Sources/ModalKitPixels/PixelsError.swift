/// Why a pixel-layer operation that touches files or libraries failed, as one line a person can act on.
public struct PixelsError: Error, CustomStringConvertible, Equatable {
    /// The whole message, e.g. "cannot read font /x.ttf: FreeType error 1".
    public let message: String
    /// Whether the machine, not the input, is at fault: memory the process could not have. The input may be
    /// fine elsewhere, so a program reports it as a failure to run (exit 1), not as bad input.
    public let isOutOfMemory: Bool

    /// An error with the given one-line message.
    public init(_ message: String, outOfMemory: Bool = false) {
        self.message = message
        isOutOfMemory = outOfMemory
    }

    public var description: String { message }
}
