import ModalKit
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// The one JSON writer (`JSONValue`): a trace's line without spaces, an export's object one member a line with what
/// stands on a line spaced, and the same numbers and escapes in both.
final class JSONWriterTests: XCTestCase {
    func testALinesObjectIsOneMemberALineWithWhatStandsOnALineSpaced() {
        let value = JSONValue.lines([
            ("version", .number(1)),
            ("presented", .dictionary([("image", .string("card.png")), ("placement", .string("fit"))])),
            ("cells", .array([.array([.number(20), .number(120.5)]), .null])),
            ("parameters", .lines([("ratio", .number(0.35)), ("curve", .string("easeOut"))])),
            ("empty", .lines([]))
        ])
        // The layout of the hand-written Examples/SceneFiles/*.json, which an export writes back.
        XCTAssertEqual(
            value.text,
            """
            {
              "version": 1,
              "presented": {"image": "card.png", "placement": "fit"},
              "cells": [[20, 120.5], null],
              "parameters": {
                "ratio": 0.35,
                "curve": "easeOut"
              },
              "empty": {

              }
            }
            """)
    }

    func testATraceLineHasNoSpaces() {
        let value = JSONValue.dictionary([
            ("t", .number(0.5)), ("card", .array([.number(0), .number(1.25)])),
            ("side", .dictionary([("a", .bool(false))]))
        ])
        XCTAssertEqual(value.text, #"{"t":0.5,"card":[0,1.25],"side":{"a":false}}"#)
    }

    /// An export's strings are escaped as a trace's are (the export used to have an escaper of its own), and read
    /// back to the same text.
    func testAnExportEscapesAsTheTraceDoesAndReadsBack() throws {
        let text = "a\"b\\c\u{1}d\ne\tf é"
        let exported = JSONValue.lines([("name", .string(text))]).text
        XCTAssertEqual(exported, "{\n  \"name\": \"a\\\"b\\\\c\\u0001d\\ne\\tf é\"\n}")
        XCTAssertEqual(JSONInput.parse(exported)?.members?["name"]?.string, text)
        XCTAssertEqual(JSONValue.object([("name", .string(text))]), "{\"name\":\"a\\\"b\\\\c\\u0001d\\ne\\tf é\"}")
    }

    /// A zoom scene file's cells are numbers as its parameters are: whole ones without a ".0".
    func testAnExportedSceneFileWritesItsCellsAsItsParameters() throws {
        let folder = NSTemporaryDirectory() + "modal-lab-json-writer-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let images = FileManager.default.currentDirectoryPath + "/Examples/SceneFiles/Photo/"
        let path = folder + "zoom.json"
        try
            (#"{"version": 1, "name": "cells", "style": "zoom", "presenting": "\#(images)Gallery.png", "#
            + #""presented": "\#(images)PhotoCard.png", "cells": [[20, 120.5, 100, 100]]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let harness = try HeadlessLab(configuration: try LabConfiguration(arguments: ["--scene-file", path]))
        let file = try XCTUnwrap(harness.lab.kind.sceneFile).file
        let exported = file.exported(with: harness.lab.parameters, at: folder + "out.json")
        XCTAssertTrue(exported.contains("\n  \"cells\": [[20, 120.5, 100, 100]],\n"), exported)
        XCTAssertTrue(exported.hasSuffix("\n  }\n}\n"), "the parameters close the file")
    }
}
