/// The project's one JSON writer: the trace and recordings (one object a line, no spaces, a fixed key order so
/// traces diff cleanly), the exports and scene files a person edits (`lines`: one member a line, `": "` and `", "`
/// between the items of what stands on a line) and modal-bench's `--json`. Numbers, strings and escapes are written
/// one way (`TextBuffer.appendJSON`, `appendJSONString`), which the trace's allocation-free `JSONObjectLine` shares.
package enum JSONValue {
    /// A number: whole numbers below 1e15 as integers, others in Swift's shortest form; null when not finite.
    case number(Double)
    /// A string, escaped.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array on one line.
    case array([JSONValue])
    /// An object on one line, keys in the given order.
    case dictionary([(String, JSONValue)])
    /// An object written one member a line, each indented two spaces more than the object (an export's layout).
    case lines([(String, JSONValue)])
    /// `null`.
    case null

    /// The value as JSON text (no newline after it).
    package var text: String {
        var text = TextBuffer()
        write(into: &text)
        return text.string
    }

    /// Appends the value. `indent` is nil on a trace's line (no spaces); inside a `lines` object it is that
    /// object's members' indent, and what stands on one line is spaced (`": "`, `", "`) for a reader.
    func write(into text: inout TextBuffer, indent: Int? = nil) {
        switch self {
        case .number(let n): text.appendJSON(n)
        case .string(let s): text.appendJSONString(s)
        case .bool(let b): text.append(b ? "true" : "false")
        case .array(let items):
            text.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { text.append(indent == nil ? "," : ", ") }
                item.write(into: &text, indent: indent)
            }
            text.append("]")
        case .dictionary(let fields): JSONValue.write(fields, into: &text, indent: indent)
        case .lines(let fields): JSONValue.writeLines(fields, into: &text, indent: indent ?? 0)
        case .null: text.append("null")
        }
    }

    /// A number rounded to `digits` decimals, to keep traces short and stable.
    static func rounded(_ n: Double, _ digits: Int = 4) -> JSONValue {
        guard n.isFinite else { return .null }
        return .number(JSONValue.round(n, digits))
    }

    static func round(_ n: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        return (n * scale).rounded() / scale
    }

    /// One JSON object on one line, keys in the given order.
    static func object(_ fields: [(String, JSONValue)]) -> String { JSONValue.dictionary(fields).text }

    private static func write(_ fields: [(String, JSONValue)], into text: inout TextBuffer, indent: Int?) {
        text.append("{")
        for (i, field) in fields.enumerated() {
            if i > 0 { text.append(indent == nil ? "," : ", ") }
            text.appendJSONString(field.0)
            text.append(indent == nil ? ":" : ": ")
            field.1.write(into: &text, indent: indent)
        }
        text.append("}")
    }

    /// `{`, each member on its own line `indent + 2` spaces in, then `}` on a line `indent` spaces in.
    private static func writeLines(_ fields: [(String, JSONValue)], into text: inout TextBuffer, indent: Int) {
        let inner = String(repeating: " ", count: indent + 2)
        text.append("{\n")
        for (i, field) in fields.enumerated() {
            if i > 0 { text.append(",\n") }
            text.append(string: inner)
            text.appendJSONString(field.0)
            text.append(": ")
            field.1.write(into: &text, indent: indent + 2)
        }
        text.append("\n")
        text.append(string: String(repeating: " ", count: indent))
        text.append("}")
    }
}

extension TextBuffer {
    /// A JSON number: whole numbers below 1e15 as integers, others in Swift's shortest exact form, null when
    /// not finite.
    mutating func appendJSON(_ n: Double) {
        guard n.isFinite else { return append("null") }
        if n == n.rounded() && abs(n) < 1e15 { return append(integer: Int64(n)) }
        // Shortest forms of the trace's rounded numbers fit in 15 bytes, a String that needs no allocation.
        append(string: n.description)
    }

    /// `n` rounded to `digits` decimals as `appendJSON` writes it, without making a `String` for the usual
    /// magnitudes: from 0.0001 up to a billion, Swift's shortest form of a number rounded to at most six decimals is
    /// its fixed digits with the trailing zeros dropped (a double there is finer than 10⁻⁶, so no shorter decimal
    /// names the same number); outside that range (exponent forms, huge values) it falls back to `description`.
    mutating func appendJSON(_ n: Double, digits: Int) {
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        let units = (n * scale).rounded(), rounded = units / scale
        guard rounded.isFinite else { return append("null") }
        let magnitude = abs(rounded)
        guard digits <= 6, magnitude >= 1e-4, magnitude < 1e9, rounded != rounded.rounded() else {
            return appendJSON(rounded)
        }
        if rounded < 0 { append(byte: UInt8(ascii: "-")) }
        let whole = UInt64(abs(units)), divisor = UInt64(scale)
        append(integer: Int64(whole / divisor))
        append(byte: UInt8(ascii: "."))
        var fraction = whole % divisor, width = digits
        while fraction > 0, fraction % 10 == 0 { fraction /= 10; width -= 1 }
        appendDigits(fraction, minimumCount: width)
    }

    /// A JSON string in quotes, with quotes, backslashes and control characters escaped.
    mutating func appendJSONString(_ s: String) {
        append("\"")
        for c in s.unicodeScalars {
            switch c {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\t": append("\\t")
            case _ where c.value < 0x20:
                append("\\u00")
                append(byte: Self.hexDigit(c.value >> 4))
                append(byte: Self.hexDigit(c.value & 15))
            default:
                if c.isASCII { append(byte: UInt8(c.value)) } else { append(string: String(c)) }
            }
        }
        append("\"")
    }

    private static func hexDigit(_ value: UInt32) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}
