"""Builds Halali's screen (screen.py): the forest's frame and its four
exits, the board (one TileGrid of 7 x 7 tiles over the sprite sheet
assets/halali.bmp, read once a VM by kapsa.ui.sprites.kept and kept through
the pause menu), the overlay of marks (a second 7 x 7 TileGrid, colour 0
transparent), the cursor (a TileGrid of one tile), the panel (names,
sides and points, a row of small tiles a side for what it took, the
status lines), the banner between the games of a match and the footer.
Screen() imports this module, builds and lets it go (kapsa.forget).
Where things stand: board.py's numbers.
"""

import displayio

from kapsa import forget, ui
from kapsa.ui.textline import TextLine
from kapsa.ui.widgets import box, text

from games.halali import sheet as T
from games.halali.board import BX, BY, NOTCH, PX, SIDE_Y, STATUS_Y


BANNER_COLUMNS = 23  # a line of the banner: a blank, then 22 characters (words.banner)


def grid(sheet, pal, width, height, x, y, size=T.TILE, first=T.CLEAR):
    return displayio.TileGrid(sheet, pixel_shader=pal, width=width, height=height,
                              tile_width=size, tile_height=size, default_tile=first, x=x, y=y)


def build(g, play):
    """The displayio objects in group g, on the sprite sheet play keeps: a
    dict by name (screen.py keeps them as attributes)."""
    from kapsa.ui import sprites

    sheet, pal = sprites.kept(play, "halali.bmp")
    forget("kapsa.ui.sprites")  # needed once a VM
    clear = displayio.Palette(16)  # the overlay's: colour 0 transparent
    for i in range(16):
        clear[i] = pal[i]
    clear.make_transparent(0)
    o = {}  # type: dict
    side = 7 * T.TILE
    g.append(box(BX - 3, BY - 3, side + 5, side + 5, 0x3A2A18))  # the forest's edge
    notches = []
    mid = BX + 3 * T.TILE
    for x, y, w, h in ((mid, 0, 13, NOTCH), (BX + side, BY + 3 * T.TILE, NOTCH, 13),
                       (mid, BY + side, 13, NOTCH), (0, BY + 3 * T.TILE, NOTCH, 13)):
        n = box(x, y, w, h, 0)
        notches.append(n)
        g.append(n)
    o["notches"] = notches
    o["board"] = grid(sheet, pal, 7, 7, BX, BY, first=T.DOWN)
    g.append(o["board"])
    o["marks"] = grid(sheet, clear, 7, 7, BX, BY)
    g.append(o["marks"])
    o["cursor"] = grid(sheet, clear, 1, 1, BX, BY, first=T.CURSOR)
    o["cursor"].hidden = True
    g.append(o["cursor"])
    names = []
    sides = []
    rows = []
    for s in range(2):
        y = SIDE_Y[s]
        names.append(text("", PX, y))
        sides.append(text("", PX, y + 11))
        rows.append(grid(sheet, clear, 7, 3, PX + 1, y + 24, 7, T.MINI))
    for part in names + sides + rows:
        g.append(part)
    o["names"] = names
    o["sides"] = sides
    o["rows"] = rows
    o["status"] = text("", PX, STATUS_Y, ui.ACCENT)
    g.append(o["status"])
    o["status2"] = text("", PX, STATUS_Y + 11, ui.ACCENT)
    g.append(o["status2"])
    o["down"] = grid(sheet, clear, 1, 1, PX, STATUS_Y + 13, 7, T.MINI)
    g.append(o["down"])
    # The banner: five opaque lines inside a 1 px accent frame of four
    # strips. Shown or let go, the display composes each pixel of it once
    # (a box under see-through lines had it composed three times over the
    # board's layers: 0.1-0.15 s on the device).
    w = 2 + BANNER_COLUMNS * ui.CHAR
    banner = displayio.Group(x=(ui.WIDTH - w) // 2, y=26)
    for x, y, sw, sh in ((0, 0, w, 1), (0, 61, w, 1), (0, 1, 1, 60), (w - 1, 1, 1, 60)):
        banner.append(box(x, y, sw, sh, ui.ACCENT))
    lines = []
    for i in range(5):
        t = TextLine("", 1, 1 + 12 * i, ui.TEXT, background=ui.HEADER, columns=BANNER_COLUMNS,
                     indent=1)
        lines.append(t)
        banner.append(t)
    banner.hidden = True
    g.append(banner)
    o["banner"] = banner
    o["lines"] = lines
    o["footer"] = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
    g.append(o["footer"])
    return o
