"""Builds the sheet's part of Qwinto's screen (games.qwinto.sheetview
draws it): the boxes, their numbers, the cursor frames, the misthrows and
the points. games.qwinto.screen imports this module to build a Screen and
then lets it go (kapsa.forget), so its code is in RAM only while a screen
is built, not for the whole game.
"""

import displayio
import vectorio

from kapsa import ui
from kapsa.ui.textline import CHAR, FIRST, glyph_sheet, palette
from kapsa.ui.widgets import box, outline, text
from kapsa.ui.widgets import palette as fill

from games.qwinto.layout import (
    BOX_H, BOX_W, BRIGHT, DARK, DOT, INK, MISS_Y, NUM_H, STEP, X0, box_x, box_y)
from games.qwinto.sheet import BOXES, MISTHROWS, is_pentagon


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


def build(scr, g):
    """The sheet's part of the screen, appended to group `g`."""
    # Per box a shape (its colour) and a one-tile TileGrid showing its number
    # from a strip of pre-drawn numbers.
    strip = number_strip(DOT, BOX_W, NUM_H, extra=1)
    dot(strip, DOT * BOX_W + BOX_W // 2, NUM_H // 2)
    scr.shapes = []
    scr.cells = []
    # The numbers' shared palettes (0 transparent, 1 the ink): black, red
    # (the sum where it cannot go), the rows' bright colours (the dot).
    scr.inks = (palette(INK), palette(ui.BAD), palette(BRIGHT[0]), palette(BRIGHT[1]),
                palette(BRIGHT[2]))
    scr.ink = bytearray(BOXES)  # each cell's ink: an index into scr.inks
    for b in range(BOXES):
        x = box_x(b)
        y = box_y(b)
        if is_pentagon(b):
            # A pentagon: the box with a pointed top.
            shape = vectorio.Polygon(pixel_shader=fill(DARK[b // 9]), x=x, y=y,
                                     points=[(0, 5), (6, 0), (12, 5), (12, BOX_H), (0, BOX_H)])
        else:
            shape = box(x, y, BOX_W, BOX_H, DARK[b // 9])
        scr.shapes.append(shape)
        g.append(shape)
    for b in range(BOXES):
        low = 4 if is_pentagon(b) else 3  # a pentagon's number sits under its roof
        cell = displayio.TileGrid(strip, pixel_shader=scr.inks[0], tile_width=BOX_W,
                                  tile_height=NUM_H, x=box_x(b), y=box_y(b) + low)
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
