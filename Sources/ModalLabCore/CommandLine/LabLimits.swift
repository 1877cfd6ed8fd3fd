import ModalKit

/// Every number and string the lab takes from outside has a stated limit, checked where it enters (docs/reference.md,
/// "Limits", lists them). Past a limit the input is refused with one line and exit 2 — except what comes from the
/// X server, which the host clamps.
package enum LabLimits {
    /// Window size in points, as `--size` takes it.
    static let width: ClosedRange<Double> = 200 ... 4000
    static let height: ClosedRange<Double> = 300 ... 4000
    package static let scale = WindowLimits.scaleRange
    static let fps = WindowLimits.fpsRange
    /// Config files and recordings; checked before reading.
    static let inputFileBytes = 10 * 1024 * 1024
    /// A name or assignment on the command line (`--scene`, `--set`).
    static let nameCharacters = 80
    /// A path (PATH_MAX less its terminating zero).
    static let pathBytes = 4095
    /// How much of a user's string an error message echoes.
    static let echoedCharacters = 80
    /// Recorded lab times (`t`): a day.
    static let recordedTime: ClosedRange<Double> = 0 ... 86_400
    /// The longest a still is held in a render that stores every display frame (an MP4, a PNG folder), in seconds
    /// of video: a longer pause is shortened to it, with a line saying so. A WebP or GIF keeps it whole. 10 s shows
    /// a pause plainly and costs little: x264 takes about 6 ms a repeated 375x667 frame here, so 60 s took 22 s.
    package static let longestStill = 10.0
    /// Recorded X server times (`time`), in seconds: the 32-bit millisecond clock unwrapped for over a hundred days.
    static let serverTime: ClosedRange<Double> = -1e7 ... 1e7
    /// Recorded pointer coordinates in points, either way from the window's origin.
    static let coordinate: ClosedRange<Double> = -100_000 ... 100_000
    /// A recorded pinch's cumulative scale: positive, and no pinch spreads or closes fingers a thousandfold.
    static let pinchScale: ClosedRange<Double> = 0.001 ... 1000
    /// A recorded resize, in points a side (the pixel limits apply on top, at the run's scale).
    static let resizeSide: ClosedRange<Double> = 1 ... 4000

    /// `text` as an error message may echo it: every character that could act on a terminal or hide (controls,
    /// C1 controls, bidi overrides and isolates, zero-width and other invisible format characters, line and
    /// paragraph separators) written as `\u{…}`, and cut after `limit` Unicode scalars with "…". Scalars, not
    /// characters: a run of combining marks is one character of any length. `limit` nil escapes without cutting
    /// (for a whole message that already holds echoed pieces).
    package static func echo(_ text: String, limit: Int? = echoedCharacters) -> String {
        var out = "", taken = 0
        for scalar in text.unicodeScalars {
            if let limit, taken == limit { return out + "…" }
            taken += 1
            if isUnsafeToShow(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar could move the cursor, change the terminal, reorder the line or not show at all.
    private static func isUnsafeToShow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
        default: return false
        }
    }

    /// A number as messages show it: 4 rather than 4.0.
    package static func show(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    static func name(_ value: String, _ option: String) throws -> String {
        // Scalars, not characters: combining marks would make a 400 KB name one character.
        guard value.unicodeScalars.count <= nameCharacters else {
            throw LabError.usage(
                "\(option) value is \(value.unicodeScalars.count) characters long (the limit is \(nameCharacters)): '\(echo(value))'"
            )
        }
        return value
    }

    static func path(_ value: String, _ option: String) throws -> String {
        guard !value.isEmpty else { throw LabError.usage("\(option) needs a file name, not an empty string") }
        // A path reaches the system as a C string, which a NUL would end: a JSON file's "\u0000" would cut it.
        guard !value.utf8.contains(0) else { throw LabError.usage("\(option) path contains a NUL: '\(echo(value))'") }
        guard value.utf8.count <= pathBytes else {
            throw LabError.usage(
                "\(option) path is \(value.utf8.count) bytes long (the limit is \(pathBytes)): '\(echo(value))'")
        }
        return value
    }

    package static func number(_ text: String, _ option: String, _ range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw LabError.usage(
                "\(option) needs a number from \(show(range.lowerBound)) to \(show(range.upperBound)), not '\(echo(text))'"
            )
        }
        return value
    }

    static func size(_ text: String) throws -> Size {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), width.contains(w),
            height.contains(h)
        else {
            throw LabError.usage(
                "--size needs WxH in points from \(show(width.lowerBound))x\(show(height.lowerBound)) to "
                    + "\(show(width.upperBound))x\(show(height.upperBound)), like 375x667, not '\(echo(text))'")
        }
        return Size(width: w, height: h)
    }

    /// The window at `scale` must fit the pixel limits; `what` names where the size came from.
    static func checkPixels(_ size: Size, scale: Double, what: String) throws {
        guard WindowLimits.fits(size, scale: scale) else {
            let w = show((size.width * scale).rounded()), h = show((size.height * scale).rounded())
            throw LabError.usage(
                "\(what) at scale \(show(scale)) is \(w)x\(h) pixels; the limit is "
                    + "\(WindowLimits.maximumPixelSide) a side and \(WindowLimits.maximumPixelCount) in all")
        }
    }
}
