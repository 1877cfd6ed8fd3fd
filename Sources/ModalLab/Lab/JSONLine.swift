/// A JSON value small enough to write by hand: the trace and recordings need numbers, strings, booleans,
/// arrays and null, written in a fixed key order so traces diff cleanly.
enum JSONValue {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONValue])
    /// An object nested in a line, keys in the given order.
    case dictionary([(String, JSONValue)])
    case null

    var text: String {
        switch self {
        case .number(let n):
            guard n.isFinite else { return "null" }
            if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
            return String(n)
        case .string(let s): return JSONValue.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .dictionary(let fields): return JSONValue.object(fields)
        case .null: return "null"
        }
    }

    /// A number rounded to `digits` decimals, to keep traces short and stable.
    static func rounded(_ n: Double, _ digits: Int = 4) -> JSONValue {
        guard n.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return .number((n * scale).rounded() / scale)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 { out += "\\u" + String(String(c.value, radix: 16).reversed()).padding(4) } else { out.unicodeScalars.append(c) }
            }
        }
        return out + "\""
    }

    /// One JSON object on one line, keys in the given order.
    static func object(_ fields: [(String, JSONValue)]) -> String {
        "{" + fields.map { quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
}

private extension String {
    /// Left-pads a reversed hex string to four digits (used only for control characters).
    func padding(_ width: Int) -> String {
        String((self + String(repeating: "0", count: max(0, width - count))).reversed())
    }
}
