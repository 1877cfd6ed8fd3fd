import Foundation
import ModalKit
import ModalKitTestSupport
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// Random scene files, valid and broken (keys, values, images, truncations, stray bytes): every one is a scene or
/// one usage line naming the file, never a crash, a hang or a multi-line message.
final class SceneFilePropertyTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-scene-property-\(getpid())/"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var screen = Bitmap(width: 30, height: 40)
        screen.pixels = Array(repeating: 0xFF40_8020, count: 1200)
        try PNG.write(screen, to: folder + "a.png")
        try PNG.write(screen, to: folder + "a@2x.png")
        try "not a png".write(toFile: folder + "b.png", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private let values = [
        #""a.png""#, #""b.png""#, #""missing.png""#, #""""#, #"{"image": "a.png", "placement": "top"}"#,
        #"{"image": "a.png", "placement": 3}"#, #"{"img": "a.png"}"#, "1", "-1e400", "null", "true", "[]", "{}",
        #""sheet""#, #""pannable""#, #""spring""#, #""free-drag""#, #""fill""#, #""fit""#, #""mine""#, #""../x""#,
        #"{"threshold": 0.4}"#, #"{"detents": "large", "response": 0.2}"#, #"{"response": 99}"#,
        #"{"minimumScreenRatioToHide": 0.3}"#, #""\u0000""#
    ]
    private let keys = [
        "version", "name", "style", "placement", "presenting", "presented", "header", "content", "parameters",
        "extra"
    ]

    private func randomFile(_ random: inout SplitMix64) -> String {
        var members: [String] = []
        if random.nextUnit() < 0.9 { members.append(#""version": 1"#) }
        if random.nextUnit() < 0.9 { members.append(#""name": "mine""#) }
        if random.nextUnit() < 0.9 { members.append(#""presenting": "a.png""#) }
        if random.nextUnit() < 0.9 { members.append(#""style": "pannable""#) }
        if random.nextUnit() < 0.9 { members.append(#""presented": "a.png""#) }
        for _ in 0 ..< Int(random.next() % 3) {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            members.append("\"\(key)\": " + values[Int(random.next() % UInt64(values.count))])
        }
        var text = "{" + members.joined(separator: ", ") + "}"
        if random.nextUnit() < 0.1 { text = String(text.prefix(Int(random.next() % UInt64(text.count + 1)))) }
        if random.nextUnit() < 0.05 {
            text.insert(Character(UnicodeScalar(UInt8(random.next() % 128))), at: text.startIndex)
        }
        return text
    }

    func testEveryRandomSceneFileIsASceneOrOneLine() throws {
        var random = SplitMix64(seed: 21)
        var outcomes = (scenes: 0, refused: 0)
        let path = folder + "scene.json"
        for i in 0 ..< 400 {
            let text = randomFile(&random)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                let loaded = try LoadedSceneFile(path: path, scale: Double(1 + i % 3), taken: ["sheet"])
                let kind = loaded.kind
                let scene = kind.makeScene(SceneParameters(specs: kind.info.allParameters))
                scene.present(animated: false)
                outcomes.scenes += 1
            } catch let error as LabError {
                guard case .usage(let line) = error else { return XCTFail("\(text): not a usage error: \(error)") }
                XCTAssertFalse(line.isEmpty || line.contains("\n"), "\(text): \(line)")
                XCTAssertTrue(line.hasPrefix("scene file ") || line.hasPrefix("cannot read scene file"), line)
                outcomes.refused += 1
            }
        }
        print("random scene files: \(outcomes.scenes) scenes, \(outcomes.refused) one-line refusals")
        XCTAssertGreaterThan(outcomes.scenes, 20, "the generator makes valid files too")
        XCTAssertGreaterThan(outcomes.refused, 100)
    }
}
