"""Qwinto's screen layout: where things stand, their colours, the
pictures built once (the number strip, dots, frames) and the small helpers
every part of the screen uses (games.qwinto.screen).

Layout (160x128), y: 0 header (whose sheet, what to do, score); 17 the
sheet, 3 rows x 12 columns of 12x14 boxes 13 px apart, clear of the header
by the cursor frame and 2 px; 63 misthrows, row points, pentagon bonus; 76
the dice and the sum, or Roll; 102 the choice bar and a note; 116 the
button hints (the runtime's message line covers them).
"""

import displayio
import vectorio
from micropython import const

from kapsa import ui
from kapsa.ui.textline import CHAR, FIRST, glyph_sheet
from kapsa.ui.widgets import set_color

from games.qwinto.sheet import BOX_COL

# Colours of the three rows and dice: bright (written numbers, dice, the
# dot on a box the sum may go into), dark (empty boxes), ink (numbers).
BRIGHT = (0xFF8C1A, 0xFFD83A, 0xB56CF2)
DARK = (0x4C2A0A, 0x48400E, 0x35214F)
INK = 0x000000
PIP = (0x201000, 0x201800, 0xFFFFFF)

X0 = const(2)  # left edge of column 0
STEP = const(13)  # column pitch
BOX_W = const(12)
BOX_H = const(14)
NUM_H = const(9)  # rows of a number tile (the digits' height and a little)
ROW_Y = b"\x11\x20\x2f"  # 17, 32, 47
MISS_Y = const(63)
DICE_Y = const(76)
DIE = const(24)
DICE_X = b"\x04\x20\x3c"  # 4, 32, 60
SUM_X = const(92)
BAR_Y = const(102)
HINT_Y = const(116)

DOT = const(19)  # the tile after the numbers: a dot marking a box the sum may go into

# Cursor places in the dice choice: the three dice, then Roll.
ROLL_ITEM = const(3)


def box_x(b):
    return X0 + STEP * BOX_COL[b]


def box_y(b):
    return ROW_Y[b // 9]


def number_strip(count, width, height, extra=0):
    """A 1-bit bitmap of `count` + `extra` tiles of width x height: tile n
    < count shows the number n in terminalio's font, centred (tile 0 is
    blank), its digits packed one pixel apart so that 10..18 leave room
    between boxes; the extra tiles are left blank. A TileGrid over it draws
    any such number with one object.

    The digits come from kapsa.ui.textline's glyph sheet (on the device
    terminalio's own bitmap, in flash), every pixel read and written by its
    index (y * width + x): an (x, y) index would build a tuple a pixel, some
    40 KB of garbage for the strip."""
    font = glyph_sheet()
    fw = font.width
    strip = displayio.Bitmap(width * (count + extra), height, 2)
    sw = strip.width
    top = (ui.LINE - height) // 2  # the font's empty rows above the digits
    first = bytearray(10)  # per digit: its first and last inked column
    last = bytearray(10)
    for d in range(10):
        left = (48 - FIRST + d) * CHAR
        lo = -1
        for x in range(CHAR):
            for y in range(ui.LINE):
                if font[y * fw + left + x]:
                    if lo < 0:
                        lo = x
                    last[d] = x
                    break
        first[d] = lo
    for n in range(1, count):
        digits = str(n)
        wide = len(digits) - 1
        for ch in digits:
            d = ord(ch) - 48
            wide += last[d] - first[d] + 1
        x = n * width + (width - wide + 1) // 2
        for ch in digits:
            d = ord(ch) - 48
            left = (48 - FIRST + d) * CHAR
            for gx in range(first[d], last[d] + 1):
                for gy in range(height):
                    if font[(gy + top) * fw + left + gx]:
                        strip[gy * sw + x + gx - first[d]] = 1
            x += last[d] - first[d] + 2
    return strip


def dot(strip, cx, cy):
    """A 4x4 dot with cut corners around (cx, cy) in a 1-bit bitmap: a pip,
    or the mark of a box the sum may go into. Pixels are set by their
    index (y * width + x): an (x, y) index would build a tuple a pixel."""
    w = strip.width
    for dy in range(-2, 2):
        for dx in range(-2, 2):
            if dx not in (-2, 1) or dy not in (-2, 1):
                strip[(cy + dy) * w + cx + dx] = 1


def frame(width, height, color, stroke=1):
    """An outline `stroke` pixels wide around a width x height cell, hidden
    at first; .x and .y place it. Four vectorio rectangles sharing one
    palette: nothing to draw pixel by pixel, so no garbage."""
    ink = displayio.Palette(1)
    ink[0] = color
    g = displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=ink, width=width, height=stroke, x=0, y=0))
    g.append(vectorio.Rectangle(pixel_shader=ink, width=width, height=stroke, x=0,
                                y=height - stroke))
    g.append(vectorio.Rectangle(pixel_shader=ink, width=stroke, height=height - 2 * stroke,
                                x=0, y=stroke))
    g.append(vectorio.Rectangle(pixel_shader=ink, width=stroke, height=height - 2 * stroke,
                                x=width - stroke, y=stroke))
    g.hidden = True
    return g


def count(n, word, plural="s"):
    """'1 pt', '-1 pt', '3 pts'; '1 box', '0 boxes'."""
    return "%d %s%s" % (n, word, "" if n in (1, -1) else plural)


def settext(label, string):
    if label.text != string:
        label.text = string


def show(item, visible):
    if item.hidden == visible:
        item.hidden = not visible


def recolor(label, color):
    if label.color != color:
        label.color = color


def set_if(shape, color):
    if shape.pixel_shader[0] != color:
        set_color(shape, color)
