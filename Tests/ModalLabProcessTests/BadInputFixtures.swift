import Foundation
import Glibc
import ModalKit

/// A private folder of hostile inputs for the bad-input table: configs, recordings, fonts and output paths that
/// are not what the lab expects. Removed with everything in it when released.
final class BadInputFixtures {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "modal-lab-bad-input-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try makeConfigs()
        try makeRecordings()
        try makeOutputs()
        try makeSceneFiles()
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The path of a fixture.
    func path(_ name: String) -> String { folder + "/" + name }

    /// Writes `text` as UTF-8 bytes (what `String.write(toFile:encoding:)` wrote, without its pass over the text's
    /// characters).
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
    }

    func write(_ name: String, bytes: [UInt8]) throws {
        _ = FileManager.default.createFile(atPath: path(name), contents: Data(bytes))
    }

    private func makeConfigs() throws {
        try write("dup.json", #"{"threshold":0.4,"threshold":5}"#)
        try write("dup-escaped.json", #"{"threshold":0.4, "thres\u0068old":0.5}"#)
        try write("quote-in-value.json", #"{"curve":"x\",\"threshold\":\"", "threshold":0.4}"#)
        try write("nested.json", #"{"threshold": {"threshold": [1, {"threshold": 2}]}}"#)
        try write("escaped-key.json", #"{"thres\u0068old": 0.4}"#)
        try write("dup-bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"threshold":0.4,"threshold":5}"#.utf8))
        try write("array.json", "[1, 2]")
        try write("not-json.json", "threshold = 0.4")
        try write("wrong-type.json", #"{"threshold": true}"#)
        try write("out-of-range.json", #"{"threshold": 5}"#)
        try write("long-curve.json", #"{"curve": ""# + String(repeating: "c", count: 100_000) + #""}"#)
        try write("non-utf8.json", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])
        try write("escape-value.json", "{\"curve\": \"\\u001b[2J\"}")
        try write("marks-value.json", "{\"curve\": \"a" + String(repeating: "\u{301}", count: 100_000) + "\"}")
        // 11 MB of spaces as bytes: a String of them is eleven million appends.
        try write("big.json", bytes: [0x7B] + [UInt8](repeating: 0x20, count: 11 * 1024 * 1024) + [0x7D])
    }

    private func makeRecordings() throws {
        let drag = [
            #"{"t": 0.1, "type": "down", "x": 187, "y": 300, "time": 1000.0}"#,
            #"{"t": 0.2, "type": "move", "x": 187, "y": 360, "time": 1000.1}"#,
            #"{"t": 0.3, "type": "up", "x": 187, "y": 360, "time": 1000.2}"#
        ]
        try write("drag.jsonl", drag.joined(separator: "\n") + "\n")
        try write("crlf.jsonl", drag.joined(separator: "\r\n") + "\r\n")
        try write("t-1e300.jsonl", #"{"t": 1e300, "type": "key", "key": "escape", "time": 1}"#)
        try write("t-1e5.jsonl", #"{"t": 1e5, "type": "key", "key": "escape", "time": 1}"#)
        try write("t-negative.jsonl", #"{"t": -1, "type": "key", "key": "escape", "time": 1}"#)
        try write("t-a-day.jsonl", #"{"t": 86000, "type": "key", "key": "escape", "time": 1}"#)
        try write("x-1e18.jsonl", #"{"t": 0.1, "type": "down", "x": 1e18, "y": 300, "time": 1}"#)
        try write("time-1e300.jsonl", #"{"t": 0.1, "type": "down", "x": 10, "y": 300, "time": 1e300}"#)
        for (name, scale) in [("negative", "-1"), ("zero", "0"), ("1e300", "1e300"), ("nan", "\"NaN\"")] {
            try write(
                "pinch-\(name).jsonl",
                #"{"t": 0.1, "type": "pinch", "phase": "began", "scale": "# + scale
                    + #", "x": 10, "y": 300, "time": 1}"#)
        }
        try write(
            "pinch-phase.jsonl",
            #"{"t": 0.1, "type": "pinch", "phase": "twist", "scale": 1, "x": 10, "y": 300, "time": 1}"#)
        try write(
            "pinch.jsonl", #"{"t": 0.1, "type": "pinch", "phase": "began", "scale": 0.9, "x": 10, "y": 300, "time": 1}"#
        )
        try write("resize-1e6.jsonl", #"{"t": 0.1, "type": "resize", "w": 1e6, "h": 1e6}"#)
        try write("resize-1e300.jsonl", #"{"t": 0.1, "type": "resize", "w": 1e300, "h": 500}"#)
        try write("resize-4000.jsonl", #"{"t": 0.1, "type": "resize", "w": 4000, "h": 4000}"#)
        try write("bad-line.jsonl", drag[0] + "\n{\"t\": 0.2, \"type\": \"wiggle\"}\n")
        try write("non-utf8.jsonl", bytes: Array(drag[0].utf8) + [0x0A, 0xC3, 0x28, 0x0A])
        try write("big.jsonl", String(repeating: drag[0] + "\n", count: 11 * 1024 * 1024 / drag[0].count + 1))
        try makeRecordedSessions(drag)
        try write("not-a-font.ttf", "this is not a font\n")
        mkfifo(path("stream.fifo"), 0o600)
    }

    /// Recordings with the session line `--record` writes first, for `modal-lab render`; and programs named
    /// ffmpeg for a PATH without one, or with one that fails at once.
    private func makeRecordedSessions(_ drag: [String]) throws {
        func session(_ arguments: String) -> String { #"{"t":0,"type":"session","args":["# + arguments + "]}\n" }
        let pannable = session(#""--scene","pannable""#) + drag.joined(separator: "\n") + "\n"
        try write("pannable.jsonl", pannable)
        try write("pannable.gif", pannable)
        try write("session-unknown-scene.jsonl", session(#""--scene","nosuch""#) + drag[0] + "\n")
        try write(
            "session-foreign-parameter.jsonl", session(#""--scene","pannable","--set","response=0.4""#) + drag[0] + "\n"
        )
        try write("session-not-a-list.jsonl", #"{"t":0,"type":"session","args":"--scene pannable"}"# + "\n")
        // A shared recording whose session line names outputs: the user's file must survive its replay.
        try write("victim.txt", "precious")
        try write(
            "session-outputs.jsonl",
            session(#""--scene","pannable","--trace",""# + path("victim.txt") + #"","--export=\#(path("victim.txt"))""#)
                + drag.joined(separator: "\n") + "\n")
        try write("session-escape.jsonl", session(#""--scene","pannable","--trace\u001b[2J""#) + drag[0] + "\n")
        var long = [session(#""--scene","pannable""#), #"{"t": 0.1, "type": "down", "x": 187, "y": 200, "time": 0.1}"#]
        for i in 1 ... 500 {
            long.append(
                #"{"t": \#(0.1 + Double(i) * 0.02), "type": "move", "x": 187, "y": \#(200 + i % 200), "time": 1}"#)
        }
        try write("long.jsonl", long.joined(separator: "\n") + "\n")
        // A folder an earlier render filled: a new render must neither mix its frames in nor delete them.
        try FileManager.default.createDirectory(atPath: path("used-frames"), withIntermediateDirectories: false)
        try write("used-frames/frame-00001.png", "an earlier render's frame")
        try FileManager.default.createDirectory(atPath: path("no-ffmpeg"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path("failing-ffmpeg"), withIntermediateDirectories: false)
        try write("failing-ffmpeg/ffmpeg", "#!/bin/sh\nexit 3\n")
        chmod(path("failing-ffmpeg/ffmpeg"), 0o755)
    }

    private func makeOutputs() throws {
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        mknod(path("null"), S_IFCHR | 0o666, makedev(1, 3))
        mkfifo(path("out.fifo"), 0o600)
        // What /dev/stdout is, without the risk of replacing the real one should the lab regress.
        symlink("/proc/self/fd/1", path("stdout"))
        try write("existing.png", "old")
        symlink(path("existing.png"), path("link-to-file"))
        symlink(path("folder"), path("link-to-folder"))
        symlink(path("nowhere"), path("dangling"))
        try write("read-only.txt", "keep me")
        chmod(path("read-only.txt"), 0o444)
        chmod(folder, 0o777)
        try write("same.jsonl", "")
        symlink(path("same.jsonl"), path("same-link"))
        // What stands where an export's SwiftUI file (FILE-swiftui.swift) goes.
        try FileManager.default.createDirectory(
            atPath: path("ui-folder-swiftui.swift"), withIntermediateDirectories: false)
        symlink(path("nowhere"), path("ui-dangling-swiftui.swift"))
        mkfifo(path("ui-fifo-swiftui.swift"), 0o600)
        // A full disk, named as each video format: every write fails with ENOSPC.
        for name in ["full.gif", "full.webp", "full.png"] { symlink("/dev/full", path(name)) }
    }

    /// Scene files, good and bad, and the images they name: a PNG, text named .png, a truncated PNG, a header
    /// claiming 100,000 × 100,000 pixels (a decompression bomb), one wider than a window may be, a symlink loop.
    private func makeSceneFiles() throws {
        var screen = Bitmap(width: 20, height: 30)
        screen.pixels = Array(repeating: 0xFF33_6699, count: 600)
        let png = try PNG.encode(screen)
        try write("screen.png", bytes: png)
        var twice = Bitmap(width: 40, height: 60)
        twice.pixels = Array(repeating: 0xFF33_6699, count: 2400)
        try write("screen@2x.png", bytes: try PNG.encode(twice))
        try write("text.png", "this is not a PNG\n")
        try write("truncated.png", bytes: Array(png.prefix(60)))
        var header = Array(png.prefix(33))
        header.replaceSubrange(16 ..< 24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        let crc = BadInputFixtures.crc32(header[12 ..< 29])
        header.replaceSubrange(29 ..< 33, with: (0 ..< 4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        try write("bomb.png", bytes: header + Array(png.dropFirst(33)))
        // 30000 × 30000 in the header, then IEND at once: no image data at all.
        var huge = Array(png.prefix(33))
        huge.replaceSubrange(16 ..< 24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let hugeCRC = BadInputFixtures.crc32(huge[12 ..< 29])
        huge.replaceSubrange(29 ..< 33, with: (0 ..< 4).map { UInt8(truncatingIfNeeded: hugeCRC >> (24 - 8 * $0)) })
        try write("no-data.png", bytes: huge + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        try write("wide.png", bytes: try PNG.encode(Bitmap(width: 8193, height: 1)))
        // Valid strips a window may hold, which filling a screen stretches to millions of pixels one way.
        try write("strip-tall.png", bytes: try PNG.encode(Bitmap(width: 1, height: 8192)))
        try write("strip-wide.png", bytes: try PNG.encode(Bitmap(width: 8192, height: 1)))
        symlink(path("loop-b.png"), path("loop-a.png"))
        symlink(path("loop-a.png"), path("loop-b.png"))
        func scene(_ name: String, _ members: String) throws {
            try write(name, #"{"version": 1, "name": "mine", "presenting": "screen.png", "# + members + "}")
        }
        try scene("scene.json", #""style": "pannable", "presented": "screen.png""#)
        try scene(
            "scene-dup-image.json", #""style": "pannable", "presented": {"image": "screen.png", "image": "text.png"}"#)
        // A designer's PNG named like a video, and a recording of a session showing it: `render` must not write
        // its video over it.
        try write("screen.webp", bytes: png)
        try scene("scene-webp.json", #""style": "pannable", "presented": "screen.webp""#)
        try write(
            "scene-webp.jsonl",
            #"{"t":0,"type":"session","args":["--scene-file",""# + path("scene-webp.json") + #""]}"# + "\n"
                + #"{"t": 0.1, "type": "down", "x": 187, "y": 300, "time": 1000.0}"# + "\n")
        // Sessions of scene.json named relative to the recording, as `--record` writes them beside it: one whose
        // digest of scene.json is not the file's now (it changed since), one whose digests are not a list.
        let relative = #"{"t":0,"type":"session","args":["--scene-file","scene.json"],"digests":"#
        let down = #"{"t": 0.1, "type": "down", "x": 187, "y": 300, "time": 1000.0}"# + "\n"
        try write(
            "session-changed.jsonl",
            relative + #"[{"file":"scene.json","fnv1a64":"0000000000000000"}]}"# + "\n" + down)
        try write("session-bad-digests.jsonl", relative + #""abc"}"# + "\n" + down)
        try scene("scene-strip-tall.json", #""style": "pannable", "presented": "strip-tall.png""#)
        try scene("scene-strip-content.json", #""style": "sheet", "content": "strip-tall.png""#)
        try scene("scene-strip-header.json", #""style": "sheet", "header": "strip-tall.png""#)
        try write(
            "scene-strip-wide.json",
            #"{"version": 1, "name": "mine", "style": "sheet", "presenting": "strip-wide.png", "content": "screen.png"}"#
        )
        try scene("scene-style.json", #""style": "drawer", "presented": "screen.png""#)
        try scene("scene-no-style.json", #""presented": "screen.png""#)
        try scene("scene-nul.json", #""style": "pannable", "presented": "screen.png\u0000.txt""#)
        try write(
            "scene-deep.json",
            #"{"version": 1, "x": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
                + "}")
        try write("empty.jsonl", "")
        // The zoom's source cells: good ones, then empty, outside the screen, not finite, a million, none, misplaced.
        let zoom = #""style": "zoom", "presented": "screen.png", "cells": "#
        try scene("scene-zoom.json", zoom + "[[16, 110, 112, 112], [132, 110, 112, 112]]")
        try scene("scene-zoom-empty.json", zoom + "[[16, 110, 0, 112]]")
        try scene("scene-zoom-outside.json", zoom + "[[16, 110, 112, 112], [-40, 5000, 112, 112]]")
        try scene("scene-zoom-nan.json", zoom + "[[16, 1e999, 112, 112]]")
        try scene(
            "scene-zoom-million.json",
            zoom + "[" + String(repeating: "[1,1,1,1],", count: 999_999) + "[1,1,1,1]]")
        try scene("scene-zoom-no-cells.json", #""style": "zoom", "presented": "screen.png""#)
        try scene("scene-zoom-shape.json", zoom + "[[16, 110, 112]]")
        try scene("scene-zoom-foreign.json", #""style": "spring", "presented": "screen.png", "cells": [[1, 1, 1, 1]]"#)
        try scene("scene-key.json", #""style": "pannable", "presented": "screen.png", "colour": "red""#)
        try scene(
            "scene-range.json",
            #""style": "pannable", "presented": "screen.png", "parameters": {"minimumScreenRatioToHide": 2}"#)
        try scene(
            "scene-foreign.json", #""style": "pannable", "presented": "screen.png", "parameters": {"detents": "large"}"#
        )
        try scene("scene-placement.json", #""style": "pannable", "presented": "screen.png", "placement": "stretch""#)
        try scene("scene-no-card.json", #""style": "spring""#)
        try scene("scene-header.json", #""style": "spring", "presented": "screen.png", "header": "screen.png""#)
        try scene(
            "scene-dup-parameter.json",
            #""style": "pannable", "presented": "screen.png", "parameters": {"animationDuration": 0.3, "animation\u0044uration": 9}"#
        )
        try scene("scene-dup.json", #""style": "sheet", "content": "screen.png", "name": "sheet""#)
        try write(
            "scene-taken.json",
            #"{"version": 1, "name": "sheet", "style": "sheet", "presenting": "screen.png", "content": "screen.png"}"#)
        try write("scene-version.json", #"{"version": 2, "name": "mine", "style": "sheet"}"#)
        try write("scene-no-version.json", #"{"name": "mine", "style": "sheet"}"#)
        try write("scene-not-json.json", "version = 1")
        for image in ["missing", "text", "truncated", "bomb", "no-data", "wide", "loop-a", "stream", "folder"] {
            let file = image == "stream" ? "stream.fifo" : image == "folder" ? "folder" : image + ".png"
            try scene("scene-\(image).json", #""style": "sheet", "content": ""# + file + #"""#)
        }
    }

    /// PNG's chunk checksum (CRC-32, polynomial 0xEDB88320), so a forged header is read as a valid one.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t(major) << 8 | dev_t(minor)
    }
}
