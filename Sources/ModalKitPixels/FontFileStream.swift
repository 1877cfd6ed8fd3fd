import CFreeType
import Glibc

/// A font file that FreeType reads with pread instead of mapping it. A mapped face counts every page the kernel
/// maps around each touched one (the whole 740 KB of DejaVuSans, once per face) in the process's resident memory;
/// read this way, only the tables and glyphs FreeType actually loads are in memory.
enum FontFileStream {
    /// A stream over the file at `path` for FT_Open_Face, or nil when it cannot be opened. FreeType closes the file
    /// through the stream's `close` when the face is done (or failed to open); the caller then deallocates it.
    static func open(_ path: String) -> UnsafeMutablePointer<FT_StreamRec>? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else {
            close(fd)
            return nil
        }
        let stream = UnsafeMutablePointer<FT_StreamRec>.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(info.st_size)
        stream.pointee.descriptor.value = Int(fd)
        stream.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return count == 0 ? 1 : 0 }
            // A zero count is a seek: 0 means it is within the file.
            guard count > 0 else { return offset <= stream.pointee.size ? 0 : 1 }
            guard let buffer else { return 0 }
            return FontFileStream.read(Int32(stream.pointee.descriptor.value), offset, buffer, count)
        }
        stream.pointee.close = { stream in
            guard let stream else { return }
            Glibc.close(Int32(stream.pointee.descriptor.value))
        }
        return stream
    }

    /// Reads up to `count` bytes at `offset`, retrying short reads; returns how many were read.
    private static func read(_ fd: Int32, _ offset: UInt, _ buffer: UnsafeMutablePointer<UInt8>, _ count: UInt) -> UInt
    {
        var done = 0
        while done < Int(count) {
            let n = pread(fd, buffer + done, Int(count) - done, off_t(offset) + off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return UInt(done)
    }
}
