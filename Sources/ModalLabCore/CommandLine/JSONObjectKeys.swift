/// The keys of a JSON document's top-level object, in order, read by a small scanner: enough to find a key given
/// twice, which JSON decoders hide. Run it on text a JSON parser has already accepted; keys are compared after
/// their escapes are decoded, so `"threshold"` and `"thres\u0068old"` are the same key.
enum JSONObjectKeys {
    /// The first key that appears a second time, or nil.
    static func firstDuplicate(in bytes: [UInt8]) -> String? {
        var seen = Set<String>()
        for key in keys(in: bytes) where !seen.insert(key).inserted { return key }
        return nil
    }

    /// The first key given twice in the object that is the top-level member `member` (a scene file's
    /// `parameters`), or nil.
    static func firstDuplicate(inMember member: String, of bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: "\""), let key = scanner.string() else { return nil }
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipSpace()
            if key == member {
                var seen = Set<String>()
                return keys(of: &scanner).first { !seen.insert($0).inserted }
            }
            scanner.skipValue()
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// The top-level object's keys; empty when the document is not an object.
    static func keys(in bytes: [UInt8]) -> [String] {
        var scanner = Scanner(bytes: bytes)
        // JSON parsers accept a UTF-8 byte order mark before the text; so must the scanner.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        return keys(of: &scanner)
    }

    /// The keys of the object starting at the scanner (after spaces); empty when no object starts there.
    private static func keys(of scanner: inout Scanner) -> [String] {
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return [] }
        var keys: [String] = []
        while true {
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: "\""), let key = scanner.string() else { return keys }
            keys.append(key)
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ":")) else { return keys }
            scanner.skipValue()
            scanner.skipSpace()
            guard scanner.take(UInt8(ascii: ",")) else { return keys }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
        }

        /// The string starting at the current quote, its escapes decoded by the lab's JSON reader.
        mutating func string() -> String? {
            let start = index
            skipString()
            return JSONInput.parse(Array(bytes[start ..< index]))?.string
        }

        /// Past a string: from its opening quote to after the closing one, stepping over escaped characters.
        mutating func skipString() {
            index += 1
            while let b = peek {
                index += b == UInt8(ascii: "\\") ? 2 : 1
                if b == UInt8(ascii: "\"") { return }
            }
            index = min(index, bytes.count)
        }

        /// Past one value: a string, a nested object or array (however deep), or a number or literal.
        mutating func skipValue() {
            skipSpace()
            var depth = 0
            while let b = peek {
                switch b {
                case UInt8(ascii: "\""): skipString(); if depth == 0 { return }; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return }
                    depth -= 1
                    if depth == 0 { index += 1; return }
                case UInt8(ascii: ","): if depth == 0 { return }
                default: break
                }
                index += 1
            }
        }
    }
}
