#!/usr/bin/env python3
"""Writes the PNG fixtures of Tests/ModalKitPixelsTests/PNGColourTypeTests.swift, byte by byte (zlib + struct,
no imaging library), so each file holds exactly the colour type, depth and interlacing its name says.

Every good fixture is 9 x 7 pixels of the picture `pixel(x, y)` below (straight RGBA, 8 bits), stored in that
file's format; the Swift test computes the same picture to know what each file must decode to.
Run from anywhere: python3 make_fixtures.py (writes beside itself)."""
import os
import struct
import zlib

W, H = 9, 7
HERE = os.path.dirname(os.path.abspath(__file__))


def pixel(x, y):
    """The fixture picture, straight RGBA 0...255 (mirrored in the Swift test as `FixturePicture.pixel`)."""
    return ((17 * x + 3 * y) % 256, (255 - 13 * y - x) % 256, (7 * x * y) % 256, (29 * x + 37 * y + 5) % 256)


def grey_level(x, y, depth):
    """The grey fixtures' level at a bit depth: 0 ... 2^depth - 1."""
    return (x + 2 * y) % (1 << depth)


PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (200, 100, 50)]
PALETTE_ALPHA = [255, 128, 0, 64]  # tRNS: entries 4 and 5 are opaque


def palette_index(x, y):
    return (x + y * W) % len(PALETTE)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(values, depth):
    """Samples of one row at `depth` bits, big-endian, rows padded to a whole byte."""
    if depth == 8:
        return bytes(values)
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    out, acc, bits = bytearray(), 0, 0
    for v in values:
        acc = (acc << depth) | v
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def image_data(samples, depth, interlaced):
    """Filter-type-0 scanlines of `samples(x, y) -> list`, in Adam7 pass order when interlaced."""
    raw = bytearray()
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, W, dx))
        if not xs:
            continue
        for y in range(y0, H, dy):
            raw += b"\x00" + pack_row([v for x in xs for v in samples(x, y)], depth)
    return zlib.compress(bytes(raw), 9)


def png(colour_type, depth, samples, interlaced=False, extra=b"", width=W, height=H):
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", image_data(samples, depth, interlaced)) + chunk(b"IEND", b""))


def scaled(v, depth):
    return v * 257 if depth == 16 else v


def good_fixtures():
    rgba = lambda d: (lambda x, y: [scaled(c, d) for c in pixel(x, y)])
    rgb = lambda d: (lambda x, y: [scaled(c, d) for c in pixel(x, y)[:3]])
    grey_alpha = lambda d: (lambda x, y: [scaled(pixel(x, y)[0], d), scaled(pixel(x, y)[3], d)])
    palette = b"".join(bytes(c) for c in PALETTE)
    files = {
        "rgb8.png": png(2, 8, rgb(8)),
        "rgba8.png": png(6, 8, rgba(8)),
        "rgb16.png": png(2, 16, rgb(16)),
        "rgba16.png": png(6, 16, rgba(16)),
        "grey-alpha8.png": png(4, 8, grey_alpha(8)),
        "grey-alpha16.png": png(4, 16, grey_alpha(16)),
        "rgba8-interlaced.png": png(6, 8, rgba(8), interlaced=True),
        "palette8-trns.png": png(3, 8, lambda x, y: [palette_index(x, y)],
                                 extra=chunk(b"PLTE", palette) + chunk(b"tRNS", bytes(PALETTE_ALPHA))),
        "palette4-trns-interlaced.png": png(3, 4, lambda x, y: [palette_index(x, y)], interlaced=True,
                                            extra=chunk(b"PLTE", palette) + chunk(b"tRNS", bytes(PALETTE_ALPHA))),
        "palette2.png": png(3, 2, lambda x, y: [palette_index(x, y) % 4], extra=chunk(b"PLTE", palette[:12])),
        # Linear light (gAMA 1.0): libpng re-encodes it to sRGB with the sRGB curve.
        "rgb8-linear.png": png(2, 8, rgb(8), extra=chunk(b"gAMA", struct.pack(">I", 100000))),
        # An RGB colour key: pixels of exactly this colour are transparent.
        "rgb8-trns.png": png(2, 8, lambda x, y: list(pixel(x % 2, 0)[:3]), extra=chunk(b"tRNS", struct.pack(">HHH", *pixel(0, 0)[:3]))),
    }
    for depth in (1, 2, 4, 8, 16):
        files[f"grey{depth}.png"] = png(0, depth, lambda x, y, d=depth: [grey_level(x, y, d) * (257 if d == 16 else 1)])
    files["grey4-interlaced.png"] = png(0, 4, lambda x, y: [grey_level(x, y, 4)], interlaced=True)
    return files


def bad_fixtures(good):
    whole = good["rgba8.png"]
    idat = whole.index(b"IDAT") - 4
    idat_length = struct.unpack(">I", whole[idat : idat + 4])[0]
    corrupt_crc = bytearray(whole)
    corrupt_crc[idat + 8 + idat_length] ^= 0xFF  # IDAT's CRC itself: the data no longer matches it
    corrupt_data = bytearray(whole)
    corrupt_data[idat + 8 + 2] ^= 0xFF  # a byte of the compressed data, CRC made to match it
    corrupt_data[idat + 8 + idat_length : idat + 12 + idat_length] = struct.pack(
        ">I", zlib.crc32(bytes(corrupt_data[idat + 4 : idat + 8 + idat_length])) & 0xFFFFFFFF)
    # A valid header claiming 100000 x 100000 RGBA pixels (40 GB decoded) over a 1-row IDAT.
    bomb_header = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    bomb = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", bomb_header)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    return {
        "bad-truncated.png": whole[: idat + 20],
        "bad-crc.png": bytes(corrupt_crc),
        "bad-idat.png": bytes(corrupt_data),
        "bad-not-png.png": b"GIF89a this is not a PNG file at all\n",
        "bad-empty.png": b"",
        "bad-bomb.png": bomb,
    }


def main():
    good = good_fixtures()
    for name, data in {**good, **bad_fixtures(good)}.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
