"""Builds the lower half of Qwinto's screen (games.qwinto.dicebar draws
it): the dice, the sum, the choice bar and the hints. Like
games.qwinto.buildsheet, imported to build a Screen and then let go.
"""

import displayio

from kapsa import ui
from kapsa.ui.widgets import box, outline, text

from games.qwinto.buildsheet import dot
from games.qwinto.layout import BAR_Y, DARK, DICE_X, DICE_Y, DIE, HINT_Y, PIP, SUM_X

# Pips of a die face: positions 0..6 = top-left, top-right, middle-left,
# centre, middle-right, bottom-left, bottom-right, at (x, y) =
# PIP_XY[2 * p], PIP_XY[2 * p + 1]; bit p of FACES[v] is set when face v
# has a pip there.
PIP_XY = b"\x06\x06\x12\x06\x06\x0c\x0c\x0c\x12\x0c\x06\x12\x12\x12"
FACES = b"\x00\x08\x41\x49\x63\x6b\x77"  # 1: centre, 2: 0 6, ... 6: 0 1 2 4 5 6


def face_strip(size):
    """A 1-bit bitmap of 7 tiles size x size: tile v shows v pips (tile 0
    none)."""
    strip = displayio.Bitmap(size * 7, size, 2)
    for v in range(1, 7):
        for p in range(7):
            if FACES[v] >> p & 1:
                dot(strip, v * size + PIP_XY[2 * p], PIP_XY[2 * p + 1])
    return strip


def build(scr, g):
    """The dice, the sum, the choice bar and the hints, appended to `g`."""
    # The dice: one TileGrid each, its face from a strip of pip faces.
    faces = face_strip(DIE)
    scr.dice = []
    for r in range(3):
        colours = displayio.Palette(2)
        colours[0] = DARK[r]
        colours[1] = PIP[r]
        die = displayio.TileGrid(faces, pixel_shader=colours, tile_width=DIE, tile_height=DIE,
                                 x=DICE_X[r], y=DICE_Y)
        scr.dice.append(die)
        g.append(die)
    scr.die_cursor = outline(DIE + 4, DIE + 4, ui.TEXT, stroke=2)
    g.append(scr.die_cursor)
    scr.roll_back = box(SUM_X, DICE_Y + 2, 60, 20, ui.PANEL)
    g.append(scr.roll_back)
    scr.sum = text("", SUM_X, DICE_Y + DIE // 2, ui.TEXT, scale=2, anchor=(0.0, 0.5))
    g.append(scr.sum)

    # The choice bar: two buttons and a note.
    scr.buttons = []
    scr.button_texts = []
    for x in (2, 51):
        b = box(x, BAR_Y, 46, 12, ui.PANEL)
        scr.buttons.append(b)
        g.append(b)
        t = text("", x + 23, BAR_Y + 6, ui.TEXT, anchor=(0.5, 0.5))
        scr.button_texts.append(t)
        g.append(t)
    scr.note = text("", ui.WIDTH - 2, BAR_Y + 6, ui.DIM, anchor=(1.0, 0.5))
    g.append(scr.note)
    scr.hint = text("", 2, HINT_Y + 6, ui.DIM, anchor=(0.0, 0.5))
    g.append(scr.hint)
