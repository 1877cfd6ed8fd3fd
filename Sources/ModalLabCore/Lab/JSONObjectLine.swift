import ModalKit

/// One JSON object written field by field into reused bytes, ending in a newline: the trace's frame, gesture and
/// transition lines, every frame, with no allocation. Writes exactly what `JSONValue.object` writes for the same
/// fields (numbers rounded the same way).
struct JSONObjectLine {
    private(set) var text = TextBuffer()
    private var isFirst = true

    /// Starts a new line, forgetting the last one.
    mutating func begin() {
        text.removeAll()
        text.append("{")
        isFirst = true
    }

    /// Closes the object and the line.
    mutating func end() { text.append("}\n") }

    private mutating func key(_ name: StaticString) {
        text.append(isFirst ? "\"" : ",\"")
        isFirst = false
        text.append(name)
        text.append("\":")
    }

    /// `n` rounded to `digits` decimals (null when not finite).
    mutating func number(_ name: StaticString, _ n: Double, digits: Int = 4) {
        key(name)
        appendRounded(n, digits)
    }

    mutating func number(_ name: StaticString, _ n: Double?, digits: Int = 4) {
        guard let n else { return null(name) }
        number(name, n, digits: digits)
    }

    /// `[x,y]`, each rounded to `digits` decimals.
    mutating func pair(_ name: StaticString, _ x: Double, _ y: Double, digits: Int) {
        key(name)
        text.append("[")
        appendRounded(x, digits)
        text.append(",")
        appendRounded(y, digits)
        text.append("]")
    }

    mutating func pair(_ name: StaticString, _ point: Point?, digits: Int) {
        guard let point else { return null(name) }
        pair(name, point.x, point.y, digits: digits)
    }

    /// `[x,y,width,height]`, each rounded to `digits` decimals.
    mutating func rect(_ name: StaticString, _ rect: Rect?, digits: Int) {
        guard let rect else { return null(name) }
        key(name)
        text.append("[")
        appendRounded(rect.minX, digits)
        text.append(",")
        appendRounded(rect.minY, digits)
        text.append(",")
        appendRounded(rect.width, digits)
        text.append(",")
        appendRounded(rect.height, digits)
        text.append("]")
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { text.appendJSONString(value) } else { text.append("null") }
    }

    mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        text.append(value ? "true" : "false")
    }

    mutating func null(_ name: StaticString) {
        key(name)
        text.append("null")
    }

    /// Any value, for the rare fields the typed ones do not cover (a gesture's estimates).
    mutating func value(_ name: StaticString, _ value: JSONValue) {
        key(name)
        value.write(into: &text)
    }

    private mutating func appendRounded(_ n: Double, _ digits: Int) {
        guard n.isFinite else { return text.append("null") }
        text.appendJSON(n, digits: digits)
    }
}

/// The fields a scene adds to each trace `frame` line (`SceneReadouts.writeTraceFields(into:)`), written straight into the
/// line's reused bytes. Names are literals, as JSON keys; nil values are written as null.
public struct TraceFields {
    var line = JSONObjectLine()

    /// A string field.
    public mutating func string(_ name: StaticString, _ value: String?) { line.string(name, value) }

    /// A number rounded to `digits` decimals.
    public mutating func number(_ name: StaticString, _ value: Double?, digits: Int = 3) {
        line.number(name, value, digits: digits)
    }

    /// A point as `[x,y]`, rounded to `digits` decimals.
    public mutating func point(_ name: StaticString, _ value: Point?, digits: Int = 2) {
        line.pair(name, value, digits: digits)
    }
}
