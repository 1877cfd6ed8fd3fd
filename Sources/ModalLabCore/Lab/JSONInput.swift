/// A JSON value as read back: what config files and recordings hold. The lab reads JSON without Foundation, whose
/// libraries (with ICU) were a quarter of its resident memory.
indirect enum JSONInput: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONInput])
    case object([String: JSONInput])

    /// Parses one JSON text with optional whitespace around it; nil when it is not valid JSON.
    static func parse(_ text: String) -> JSONInput? { parse(Array(text.utf8)) }

    /// Parses one JSON text given as UTF-8 bytes; nil when it is not valid JSON.
    static func parse(_ bytes: [UInt8]) -> JSONInput? {
        var reader = JSONInputReader(bytes: bytes)
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    /// Parses a whole file's bytes, which must be valid UTF-8 and may open with a byte order mark (RFC 8259 lets a
    /// parser ignore one, and some editors write it); nil when they are not one valid JSON text.
    static func parse(file bytes: [UInt8]) -> JSONInput? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        return parse(bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes)
    }

    /// Whether `bytes` nest arrays and objects deeper than the reader takes (`JSONInputReader.maximumDepth`),
    /// counted outside strings: why a text that is otherwise JSON did not parse, for a message that says so.
    static func nestedTooDeep(_ bytes: some Sequence<UInt8>) -> Bool {
        var depth = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > JSONInputReader.maximumDepth { return true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// What a message says of a text `nestedTooDeep`.
    static var tooDeep: String {
        "nests arrays or objects more than \(JSONInputReader.maximumDepth) deep (the limit)"
    }

    /// The number, when this is one.
    var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The string, when this is one.
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean, when this is one.
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The items, when this is an array.
    var items: [JSONInput]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members, when this is an object.
    var members: [String: JSONInput]? { if case .object(let m) = self { return m } else { return nil } }
}

/// A recursive-descent reader over UTF-8 bytes, following the grammar of RFC 8259.
struct JSONInputReader {
    let bytes: [UInt8]
    var index = 0
    /// Nesting deeper than this is refused rather than risking the stack on a hostile file.
    static let maximumDepth = 64
    private var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
    }

    mutating func value() -> JSONInput? {
        skipSpace()
        guard let c = current else { return nil }
        switch c {
        case UInt8(ascii: "{"): return nested { $0.object() }
        case UInt8(ascii: "["): return nested { $0.array() }
        case UInt8(ascii: "\""): return string().map(JSONInput.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func nested(_ body: (inout JSONInputReader) -> JSONInput?) -> JSONInput? {
        guard depth < JSONInputReader.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        index += 1
        return body(&self)
    }

    private mutating func object() -> JSONInput? {
        var members: [String: JSONInput] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value() else { return nil }
            members[key] = member
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func array() -> JSONInput? {
        var items: [JSONInput] = []
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(items)
        }
    }

    private mutating func literal(_ word: String, _ result: JSONInput) -> JSONInput? {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index ..< index + w.count]) == w else { return nil }
        index += w.count
        return result
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted by the standard library's correctly rounded parser.
    private mutating func number() -> JSONInput? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let c = current, isDigit(c) else { return nil }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let c = current, isDigit(c) else { return nil }
            skipDigits()
        }
        return Double(String(decoding: bytes[start ..< index], as: UTF8.self)).map(JSONInput.number)
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private mutating func skipDigits() { while let c = current, isDigit(c) { index += 1 } }

    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        while let c = current {
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 {
                scalars.append(contentsOf: String(decoding: bytes[run ..< index], as: UTF8.self).unicodeScalars)
            }
            if c == UInt8(ascii: "\"") { index += 1; return String(scalars) }
            guard c >= 0x20 else { return nil }
            if c == UInt8(ascii: "\\") {
                index += 1
                guard let scalar = escape() else { return nil }
                scalars.append(scalar)
                run = index
            } else {
                index += 1
            }
        }
        return nil
    }

    private mutating func escape() -> Unicode.Scalar? {
        guard let c = current else { return nil }
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return unicodeEscape()
        default: return nil
        }
    }

    /// `\uXXXX`, joining a UTF-16 surrogate pair written as two escapes.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800 ..< 0xDC00).contains(high) else { return Unicode.Scalar(high) }
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
            return nil
        }
        index += 2
        guard let low = hex4(), (0xDC00 ..< 0xE000).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            guard let digit = UInt32(String(UnicodeScalar(bytes[index])), radix: 16) else { return nil }
            v = v << 4 | digit
            index += 1
        }
        return v
    }
}
