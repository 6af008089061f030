"""Writing a sprite sheet for the games' assets/: a 4-bit indexed BMP,
bottom row first, as kapsa.ui.sprites reads it (and adafruit_imageload
would). The games' sheet scripts (tools/hanabi_sprites.py,
tools/halali_sprites.py) draw on a PixelSheet and call write_sheet()."""

import argparse
import struct


class PixelSheet:
    """A width x height canvas of palette indices (top row first) that a
    sheet script draws its sprites into; each script adds its own art()."""

    def __init__(self, width, height):
        self.width = width
        self.px = bytearray(width * height)

    def set(self, x, y, c):
        self.px[y * self.width + x] = c

    def rect(self, x, y, w, h, c):
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.set(i, j, c)


def indexed_bmp(px, width, height, palette):
    """The BMP of `px` (width * height palette indices, top row first)."""
    assert width % 8 == 0, "a row of 4-bit pixels must fill whole 32-bit words"
    pixels = bytearray()
    for y in range(height - 1, -1, -1):
        row = px[y * width:(y + 1) * width]
        pixels += bytes((row[i] << 4) | row[i + 1] for i in range(0, width, 2))
    colours = b"".join(struct.pack("<BBBB", c & 255, c >> 8 & 255, c >> 16, 0) for c in palette)
    offset = 14 + 40 + len(colours)
    header = struct.pack("<2sIHHI", b"BM", offset + len(pixels), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 0, len(pixels), 2835, 2835,
                       len(palette), 0)
    return header + info + colours + bytes(pixels)


def write_sheet(description, default_out, draw, width, height, palette, argv=None):
    """The sheet scripts' command line: --out (default `default_out`)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", default=default_out)
    args = parser.parse_args(argv)
    data = indexed_bmp(draw().px, width, height, palette)
    with open(args.out, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes)" % (args.out, len(data)))
