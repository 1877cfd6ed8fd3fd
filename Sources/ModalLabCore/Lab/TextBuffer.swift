/// Text formatted into bytes that are kept and reused: what the HUD and the trace write every frame. Once the
/// buffer has grown to its longest line, formatting a line again allocates nothing (a `String` built by
/// interpolation allocates for every line longer than 15 bytes, and again as it grows).
public struct TextBuffer: Equatable {
    /// The UTF-8 bytes written since the last `removeAll`.
    public private(set) var bytes: [UInt8] = []

    /// An empty buffer.
    public init() {}

    /// Empties the buffer, keeping its storage for the next line.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The text as a `String` (this allocates: call it only for text that will be shown or kept).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// A literal (the fast path: its bytes are copied as they are).
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A string's UTF-8 bytes.
    public mutating func append(string text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Another buffer's bytes (copied, so neither shares storage with the other).
    mutating func append(_ other: TextBuffer) { bytes.append(contentsOf: other.bytes) }

    /// A whole number in decimal, with a minus sign when negative.
    public mutating func append(integer value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1)
    }

    /// `value` with `digits` decimals, as the HUD shows numbers: "-" when not finite, no minus sign on a value
    /// that rounds to zero, and the shortest exact form ("1e+18") when it is too big for fixed digits.
    /// `name value > limit` (or `≤`), the shape of every release rule's line in the HUD.
    public mutating func appendComparison(_ name: StaticString, _ value: Double, _ limit: Double, digits: Int) {
        append(name)
        append(" ")
        append(value, digits: digits)
        append(value > limit ? " > " : " ≤ ")
        append(limit, digits: digits)
    }

    /// Appends `value` with `digits` digits after the point, as `fmt` formats it.
    public mutating func append(_ value: Double, digits: Int) {
        guard value.isFinite else { return append("-") }
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return append(string: value.description) }
        let magnitude = UInt64(scaled)
        if value < 0 && magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(magnitude, minimumCount: digits + 1)
        if digits > 0 { bytes.insert(UInt8(ascii: "."), at: bytes.count - digits) }
    }

    /// `value`'s decimal digits, left-padded with zeros to `minimumCount`.
    mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
        var count = 1, rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        let start = bytes.count, total = max(count, minimumCount)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: total))
        var remaining = value, position = start + total - 1
        while remaining > 0 {
            bytes[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            position -= 1
        }
    }
}

/// Formats a number for the HUD and rule text. Numbers too big for fixed digits (a replayed coordinate of 1e18)
/// are shown in exponent form rather than converted to an integer that cannot hold them.
func fmt(_ value: Double, _ digits: Int = 2) -> String {
    var text = TextBuffer()
    text.append(value, digits: digits)
    return text.string
}
