import ModalKit

/// FNV-1a, 64 bits: a recording's fingerprint of each file its scene file session read, so a replay can tell a
/// picture changed since. Not a defence against someone forging a file (it is not cryptographic), only against
/// an edit nobody meant the recording to see; written by hand because modal-lab does not import Foundation.
enum FileDigest {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// The FNV-1a 64 of `bytes`, as 16 lowercase hex digits.
    static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The digest of the file at `path`, nil when it cannot be read (missing, a folder, a FIFO, over `limit`).
    static func ofFile(_ path: String, limit: Int) -> String? {
        (try? InputFile.read(path, what: "file", limit: limit)).map(fnv1a64)
    }
}
