import CWebP
import ModalKit

/// An animated WebP made by libwebp's animation encoder, which stores only what changed from frame to frame and
/// merges a frame that did not change into the one before: a clip of a drag is mostly a still stage. Lossless, so
/// every frame is the stage's pixels exactly: flat fills and text compress as well as lossy quality 80 did
/// (776 KB against 728 KB for 10 s of drags) for a third more encoding time. The file is assembled in memory and handed
/// back whole by `finish`, for `OutputFile` to write.
final class WebPSink: VideoSink {
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private let width: Int, height: Int
    private let frameMilliseconds: Double
    private var frames = 0
    /// The file, once `finish` has made it.
    private(set) var bytes: [UInt8] = []

    init(width: Int, height: Int, fps: Double) throws {
        self.width = width
        self.height = height
        frameMilliseconds = 1000 / fps
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw LabError.io("libwebp is not the version the lab was built with")
        }
        options.anim_params.loop_count = 0
        config.lossless = 1
        config.quality = 50
        config.method = 1
        encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
        guard encoder != nil else { throw LabError.io("libwebp cannot make a \(width)x\(height) animation") }
    }

    deinit { abandon() }

    func add(_ frame: Bitmap, count: Int) throws {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw LabError.io("libwebp cannot make a picture") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else { throw LabError.io("libwebp is out of memory") }
        defer { WebPPictureFree(&picture) }
        // The lab's stage is opaque, so its premultiplied 0xAARRGGBB is libwebp's straight ARGB as it is.
        frame.pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in 0 ..< height {
                (picture.argb + row * Int(picture.argb_stride)).update(from: base + row * width, count: width)
            }
        }
        // A frame lasts at most 2^24 ms (4.66 hours) in the file, and libwebp cannot split one that long by itself:
        // a longer still is added again every hour (libwebp merges a repeat into the frame before, which costs
        // a comparison), so a pause of a day is 25 frames and none too long.
        let hour = max(1, Int(3_600_000 / frameMilliseconds))
        for start in stride(from: frames, to: frames + count, by: hour) {
            guard WebPAnimEncoderAdd(encoder, &picture, timestamp(start), &config) != 0 else {
                throw LabError.io(
                    "libwebp could not encode frame \(start + 1): \(String(cString: WebPAnimEncoderGetError(encoder)))")
            }
        }
        frames += count
    }

    /// Milliseconds at display frame `index`, rounded: 60 fps alternates 16 and 17 ms and never drifts.
    private func timestamp(_ index: Int) -> Int32 { Int32((Double(index) * frameMilliseconds).rounded()) }

    func finish() throws {
        guard WebPAnimEncoderAdd(encoder, nil, timestamp(frames), nil) != 0 else {
            throw LabError.io("libwebp could not end the animation")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw LabError.io(
                "libwebp could not assemble the animation: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        defer { WebPDataClear(&data) }
        bytes = Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
        abandon()
    }

    func abandon() {
        if let encoder { WebPAnimEncoderDelete(encoder) }
        encoder = nil
    }
}
