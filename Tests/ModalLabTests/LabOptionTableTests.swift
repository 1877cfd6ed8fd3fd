import Foundation
import ModalLabDriver
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// One table of options drives the usage, the parser and the README's synopsis; these keep them in step.
final class LabOptionTableTests: XCTestCase {
    func testEveryOptionIsInTheUsageAndTheParserKnowsIt() throws {
        let usage = LabConfiguration.usage
        for option in LabOption.documented {
            XCTAssertTrue(usage.contains(option.synopsis), "\(option.names[0]) in the synopsis")
            XCTAssertTrue(usage.contains(option.helpLine), "\(option.names[0]) in the list")
            for name in option.names {
                let value = option.value == nil ? [] : [try sampleValue(option.names[0])]
                // Headless must write something; a video is rendered from a recording.
                let needed =
                    name == "--headless" ? ["--trace", "-"] : name == "--video" ? ["--record", "/dev/null"] : []
                XCTAssertNoThrow(try LabConfiguration(pinnedArguments: [name] + value + needed), name)
            }
        }
        XCTAssertEqual(Set(LabOption.all.flatMap(\.names)).count, LabOption.all.flatMap(\.names).count, "no name twice")
    }

    /// A `LabApplication`'s manual and completion name that program and list its scenes, not modal-lab's.
    func testAnApplicationsManualAndCompletionAreItsOwn() {
        let scenes: [SceneKind] = [SceneKind(PannableScene.self)]
        let manual = ManPage.text(program: "Photo's Lab", scenes: scenes)
        let completion = BashCompletion.script(program: "Photo's Lab", scenes: scenes)
        XCTAssertTrue(manual.hasPrefix(".TH \"PHOTO'S LAB\" 1 "), manual.prefix(60).description)
        XCTAssertTrue(manual.contains("\n.B Photo's Lab\n"), "the synopsis names the program")
        XCTAssertTrue(manual.contains("\\fBpannable\\fP"))
        XCTAssertFalse(manual.contains("\\fBinteractor\\fP"), "modal-lab's scenes are not the program's")
        XCTAssertFalse(manual.contains("modal\\-lab \\-\\-scene"), "the scene help names the program")
        XCTAssertTrue(completion.contains("complete -F _Photo_s_Lab 'Photo'\\''s Lab'\n"), completion)
        XCTAssertTrue(completion.contains("compgen -W \"pannable\""), completion)
    }

    /// The manual page and the completion come from the same table: every spelling of every documented option
    /// and every scene is in both; the options for packaging are in neither, nor in the usage.
    func testTheManualAndTheCompletionListEveryOptionAndScene() throws {
        let manual = ManPage.text(program: "modal-lab"),
            completion = " " + BashCompletion.script(program: "modal-lab").replacing("\"", with: " ") + " "
        for option in LabOption.documented {
            for name in option.names {
                XCTAssertTrue(manual.contains("\\fB" + ManPage.roff(name) + "\\fP"), "\(name) in the manual")
                XCTAssertTrue(completion.contains(" " + name + " "), "\(name) in the completion's word list")
            }
        }
        for scene in SceneCatalog.all {
            XCTAssertTrue(manual.contains("\\fB" + ManPage.roff(scene.info.name) + "\\fP"), scene.info.name)
            XCTAssertTrue(completion.contains(" " + scene.info.name + " "), scene.info.name)
        }
        let hidden = LabOption.all.filter(\.hidden)
        XCTAssertEqual(hidden.map(\.names[0]), ["--man", "--bash-completion"])
        for option in hidden {
            let escaped = ManPage.roff(option.names[0])
            XCTAssertFalse(LabConfiguration.usage.contains(option.names[0]), option.names[0])
            XCTAssertFalse(manual.contains(escaped + "\\fP"), option.names[0])
            XCTAssertFalse(completion.contains(" " + option.names[0]), option.names[0])
        }
    }

    func testTheReadmeSynopsisIsTheUsageSynopsis() throws {
        let readme = try String(contentsOfFile: LabProcess.packageRoot + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    modal-lab [") })
        let block = lines[start...].prefix { $0.hasPrefix("    ") }
        let readmeWords = block.joined(separator: " ").split(separator: " ")
        let usageWords = LabConfiguration.usage.split(separator: "\n").prefix { !$0.hasPrefix("  --") }
            .joined(separator: " ").split(separator: " ").dropFirst() // "usage:"
        XCTAssertEqual(readmeWords, Array(usageWords))
    }

    /// A valid value for each option that takes one, so the parser can be run on every spelling.
    private func sampleValue(_ name: String) throws -> String {
        switch name {
        case "--scene": return "spring"
        case "--size": return "375x667"
        case "--device": return "iphone-17-pro"
        case "--ios": return "26"
        case "--scale": return "2"
        case "--fps": return "60"
        case "--set": return "threshold=0.4"
        case "--compare": return "threshold=0.4"
        case "--scene-file": return LabProcess.packageRoot + "/Examples/SceneFiles/Photo/photo.json"
        case "--config":
            let path = NSTemporaryDirectory() + "modal-lab-option-\(getpid()).json"
            try "{}".write(toFile: path, atomically: false, encoding: .utf8)
            addTeardownBlock { unlink(path) }
            return path
        default: return "/tmp/modal-lab-option-\(getpid())"
        }
    }
}
