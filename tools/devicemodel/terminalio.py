"""terminalio as the heap model sees it: FONT is the 6x12 built-in font,
its glyph sheet one row of tiles (in flash on the device; the model pays
for it once, with the other stand-ins, before measuring). The glyphs are
the desktop's terminalio glyphs, written to font.bin by tools/heapmodel.py:
12 bytes a glyph, one row a byte, bit x = column x."""

import displayio
import fontio

_sheet = displayio.Bitmap(6 * fontio.GLYPHS, 12, 2)
with open("/devicemodel/font.bin", "rb") as _f:
    _rows = _f.read()
for _g in range(len(_rows) // 12):
    for _y in range(12):
        _row = _rows[_g * 12 + _y]
        for _x in range(6):
            if _row >> _x & 1:
                _sheet._set(_g * 6 + _x, _y, 1)
FONT = fontio.BuiltinFont(_sheet, 6, 12)
del _rows, _f
