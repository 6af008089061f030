"""fontio as the heap model sees it. terminalio.FONT lives in flash on the
device; get_glyph() returns a new 8-field namedtuple each call, as there."""

from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))

GLYPHS = 96  # ASCII 0x20..0x7e and a few more, as a CircuitPython build has


class BuiltinFont:
    def __init__(self, bitmap, width, height):
        self.bitmap = bitmap
        self._w = width
        self._h = height

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if 0x20 <= codepoint <= 0x7E:
            index = codepoint - 0x20
        else:
            return None
        return Glyph(self.bitmap, index, self._w, self._h, 0, 0, self._w, 0)


class FontProtocol:
    pass
