"""Builds the sheet's part of Qwinto's screen (games.qwinto.sheetview
draws it): the boxes, their numbers, the cursor frames, the misthrows and
the points. games.qwinto.screen imports this module to build a Screen and
then lets it go (kapsa.forget), so its code is in RAM only while a screen
is built, not for the whole game.
"""

import displayio
import vectorio

from kapsa import ui
from kapsa.ui.textline import CHAR, FIRST, glyph_sheet
from kapsa.ui.widgets import box, outline, text
from kapsa.ui.widgets import palette as fill

from games.qwinto.layout import (
    BOX_H, BOX_W, BRIGHT, DARK, DOT, INK, MISS_Y, NUM_H, NUM_TOP, STEP, X0, box_x, box_y)
from games.qwinto.sheet import BOXES, MISTHROWS, is_pentagon


def draw_numbers(strip, count, width, height, ink, top):
    """Into `strip`, a bitmap of tiles `width` wide: tile n < count gets the
    number n in terminalio's font in value `ink`, centred, its digits'
    `height` rows from row `top` (tile 0 stays blank), packed one pixel
    apart so that 10..18 leave room between boxes.

    The digits come from kapsa.ui.textline's glyph sheet (on the device
    terminalio's own bitmap, in flash), every pixel read and written by its
    index (y * width + x): an (x, y) index would build a tuple a pixel, some
    40 KB of garbage for the strip."""
    font = glyph_sheet()
    fw = font.width
    sw = strip.width
    blank = (ui.LINE - height) // 2  # the font's empty rows above the digits
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
                    if font[(gy + blank) * fw + left + gx]:
                        strip[(gy + top) * sw + x + gx - first[d]] = ink
            x += last[d] - first[d] + 2


def dot(strip, cx, cy, ink=1):
    """A 4x4 dot with cut corners around (cx, cy) in value `ink`: a pip,
    or the mark of a box the sum may go into. Pixels are set by their
    index (y * width + x): an (x, y) index would build a tuple a pixel."""
    w = strip.width
    for dy in range(-2, 2):
        for dx in range(-2, 2):
            if dx not in (-2, 1) or dy not in (-2, 1):
                strip[(cy + dy) * w + cx + dx] = ink


# A pentagon's roof: in its top rows, the first column inside (the last is
# BOX_W - that); below them the box is square (as vectorio drew it).
ROOF = b"\x07\x05\x04\x03\x02"


def box_strip(pentagon):
    """A bitmap of DOT + 1 tiles, each a whole BOX_W x BOX_H box in three
    values: 0 outside it (a pentagon's cut corners), 1 its fill, 2 its
    ink. Tile n < DOT shows the number n (tile 0 none), tile DOT the dot
    of a box the sum may go into. A pentagon's number sits under its roof."""
    strip = displayio.Bitmap(BOX_W * (DOT + 1), BOX_H, 3)
    strip.fill(1)
    sw = strip.width
    if pentagon:
        for y in range(len(ROOF)):
            inside = ROOF[y]
            for t in range(DOT + 1):
                for x in range(BOX_W):
                    if not inside <= x <= BOX_W - inside:
                        strip[y * sw + t * BOX_W + x] = 0
    top = NUM_TOP + pentagon
    draw_numbers(strip, DOT, BOX_W, NUM_H, 2, top)
    dot(strip, DOT * BOX_W + BOX_W // 2, top + NUM_H // 2, 2)
    return strip


def build(scr, g):
    """The sheet's part of the screen, appended to group `g`."""
    # Per box one TileGrid showing the whole box, its fill and number, from
    # a strip of pre-drawn boxes: opaque, so that a box that changes is
    # composed from that one layer. The strips are made once a VM and kept
    # by the driver (play.sheet): made again after the pause menu, their
    # 1.7 KB might find no hole in a fragmented heap.
    strips = getattr(scr.play, "sheet", None)
    if strips is None:
        strips = scr.play.sheet = (box_strip(0), box_strip(1))
    # The cells' shared palettes, four a row (games.qwinto.sheetview):
    # outside, fill, ink.
    inks = []
    for r in range(3):
        for fill_color, ink in ((DARK[r], INK), (BRIGHT[r], INK), (DARK[r], ui.BAD),
                                (DARK[r], BRIGHT[r])):
            p = displayio.Palette(3)
            p[0] = ui.BACKGROUND
            p[1] = fill_color
            p[2] = ink
            inks.append(p)
    scr.inks = inks
    scr.ink = bytearray(BOXES)  # each cell's palette: scr.inks[4 * row + ink]
    scr.cells = []
    for b in range(BOXES):
        cell = displayio.TileGrid(strips[is_pentagon(b)], pixel_shader=inks[b // 9 * 4],
                                  tile_width=BOX_W, tile_height=BOX_H, x=box_x(b), y=box_y(b))
        scr.cells.append(cell)
        g.append(cell)
    scr.recent = outline(BOX_W + 2, BOX_H + 2, ui.GOOD)
    g.append(scr.recent)
    scr.cursor = outline(BOX_W + 4, BOX_H + 4, ui.TEXT, stroke=2)
    g.append(scr.cursor)

    # Misthrows and points.
    scr.miss = []
    scr.miss_marks = []
    for i in range(MISTHROWS):
        scr.miss.append(box(X0 + STEP * i, MISS_Y, BOX_W, 11, ui.PANEL))
        g.append(scr.miss[i])
        scr.miss_marks.append(text("", X0 + STEP * i + BOX_W // 2, MISS_Y + 6, ui.TEXT,
                                   anchor=(0.5, 0.5)))
        g.append(scr.miss_marks[i])
    scr.points = []
    for r in range(3):
        t = text("", 58 + 17 * r, MISS_Y + 6, BRIGHT[r], anchor=(0.0, 0.5))
        scr.points.append(t)
        g.append(t)
    g.append(vectorio.Polygon(pixel_shader=fill(ui.TEXT), x=110, y=MISS_Y + 1,
                              points=[(0, 3), (4, 0), (8, 3), (8, 9), (0, 9)]))
    scr.bonus = text("", 121, MISS_Y + 6, ui.TEXT, anchor=(0.0, 0.5))
    g.append(scr.bonus)
    scr.penalty = text("", ui.WIDTH - 2, MISS_Y + 6, ui.BAD, anchor=(1.0, 0.5))
    g.append(scr.penalty)
