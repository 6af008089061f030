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
from kapsa.ui.widgets import box, text

from games.halali import sheet as T
from games.halali.board import BX, BY, NOTCH, PX, SIDE_Y, STATUS_Y


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
    banner = displayio.Group(x=4, y=26)
    banner.append(box(0, 0, 102, 62, ui.ACCENT))
    banner.append(box(1, 1, 100, 60, ui.HEADER))
    lines = []
    for i in range(5):
        t = text("", 4, 1 + 12 * i)
        lines.append(t)
        banner.append(t)
    banner.hidden = True
    g.append(banner)
    o["banner"] = banner
    o["lines"] = lines
    o["footer"] = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
    g.append(o["footer"])
    return o
