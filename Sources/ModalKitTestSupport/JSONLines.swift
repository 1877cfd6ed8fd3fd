import Foundation
import XCTest

/// The objects of a JSON Lines file (a trace), in order; a line that is not a JSON object fails the test.
public func jsonLines(_ path: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
    }
}
