/// Why a pixel-layer operation that touches files or libraries failed, as one line a person can act on.
public struct PixelsError: Error, CustomStringConvertible, Equatable {
    /// The whole message, e.g. "cannot read font /x.ttf: FreeType error 1".
    public let message: String

    /// An error with the given one-line message.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
