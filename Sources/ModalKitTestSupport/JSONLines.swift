import Foundation
import ModalKitPixels

/// The objects of a JSON Lines file (a trace), in order; a line that is not a JSON object fails the test.
public func jsonLines(_ path: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map {
        guard let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else {
            throw PixelsError("not a JSON object: \($0)")
        }
        return object
    }
}
