"""Drawing into Hashi's bitmaps without garbage: digits and discs, with
bitmaptools.fill_region a run of pixels at a time. (`bitmap[x, y] = c`
builds a tuple a pixel: garbage that a first frame, which draws the whole
board, would pile up by the thousand.) The board picture and the panel
draw with these; build.py makes the discs' spans.
"""

import bitmaptools

# Digits 0-9 of terminalio's font, 5 px wide and 8 high, one byte a row:
# drawn straight into the bitmaps in any colour.
GLYPHS = (b'\x0e\x11\x13\x15\x19\x11\x11\x0e\x04\x0c\x04\x04\x04\x04\x04\x0e'
          b'\x0e\x11\x11\x01\x02\x04\x08\x1f\x0e\x11\x01\x06\x01\x01\x11\x0e'
          b'\x01\x03\x05\t\x11\x1f\x01\x01\x1f\x10\x10\x1e\x01\x01\x11\x0e'
          b'\x0e\x10\x10\x1e\x11\x11\x11\x0e\x1f\x01\x01\x02\x02\x04\x04\x04'
          b'\x0e\x11\x11\x0e\x11\x11\x11\x0e\x0e\x11\x11\x11\x0f\x01\x01\x0e')


def draw_digit(bitmap, x, y, d, color):
    """Digit d in `color`, its top left corner at (x, y): each row's runs
    of ink."""
    base = d * 8
    fill = bitmaptools.fill_region
    for row in range(8):
        bits = GLYPHS[base + row]
        col = 0
        while col < 5:
            if bits & (16 >> col):
                end = col + 1
                while end < 5 and bits & (16 >> end):
                    end += 1
                fill(bitmap, x + col, y + row, x + end, y + row + 1, color)
                col = end
            else:
                col += 1


def fill_disc(bitmap, cx, cy, spans, color):
    r = len(spans) // 2
    for i in range(len(spans)):
        h = spans[i]
        bitmaptools.fill_region(bitmap, cx - h, cy - r + i, cx + h + 1, cy - r + i + 1, color)
