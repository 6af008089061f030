"""Builds Hashi's screen (screen.py): its displayio objects, the board's
side here (the board's bitmap with the geometry the picture draws by:
island centres, where each line runs and where the lines crossing it
pass, the discs' spans; the cursor ring's bitmap), the panel's side in
buildpanel.py (the panel with the card bar's rows, the footer): two
modules, each compiled in a frame of its own.
Screen() builds a part a frame. A game's VM keeps both: the screen is made
anew after every pause, and compiling them again in a heap the menu and
the rules went through is what ran out. The game-over VM lets them go
after a final board. Drawn with fill_region runs and integer maths only
(see ink.py).
"""

import bitmaptools
import displayio

from kapsa import ui
from kapsa.ui.widgets import Header

from games.hashi.picture import (
    BOARD_COLORS, BOARD_PX, BOARD_X, BOARD_Y, R, Picture, board_bitmap, board_cell)


def step(screen):
    """The next part of a game's screen (Screen.build_step): none in the
    first frame (the one this module is compiled in, when it is not kept),
    the board (in the bitmap kept through a pause, if any), the cursor
    ring, the panel's builder (compiled in a frame of its own), the panel,
    the bonuses' news (words.Banner: on the message line); True once all are built. The parts are counted, not
    guessed from what is imported."""
    part = screen.parts
    screen.parts += 1
    if part == 0:
        return False
    if part == 1:
        screen.header, screen.pic = board_parts(screen.group, screen.b, screen.board_bitmap)
        screen.board_bitmap = screen.pic.bitmap
    elif part == 2:
        ring = screen.ring = cursor_ring()
        screen.pic.group.append(ring.tile)
    elif part == 3:
        import games.hashi.buildpanel  # noqa: F401
    elif part == 4:
        from games.hashi.buildpanel import panel_parts

        screen.panel, screen.footer = panel_parts(screen.group, screen.panel_bitmap)
        screen.panel_bitmap = screen.panel.lower
    else:
        from games.hashi.buildpanel import banner_part

        screen.banner = banner_part(screen.play)
        return True
    return False


def board_parts(group, b, bitmap=None):
    """The background, the header and board b's picture in `group`:
    (header, picture), drawn into `bitmap` if made before (board_bitmap).
    A final board in the game-over VM is these and buildpanel.panel_parts(),
    built a tick apart (no cursor, no banner)."""
    header = Header("Hashi")
    group.append(header)
    pic = picture(b, bitmap)
    group.append(pic.group)
    return header, pic


def half_width(limit, dy):
    """The widest h with h * h + dy * dy <= limit (-1 if none): a disc's
    half width on the row dy from its centre."""
    h = -1
    while (h + 1) * (h + 1) + dy * dy <= limit:
        h += 1
    return h


def disc_spans(r):
    """Half widths of a disc of radius r, row by row."""
    return bytes([half_width(r * r + r, dy) for dy in range(-r, r + 1)])


def picture(b, bitmap=None):
    """Board b's Picture, its group placed so that the board sits in the
    middle of the BOARD_PX square at (BOARD_X, BOARD_Y)."""
    cell, w, h = board_cell(b)
    cx = bytes([R + cell * v for v in b.x])
    cy = bytes([R + cell * v for v in b.y])
    if bitmap is None:
        bitmap = board_bitmap(b)
    pal = displayio.Palette(16)
    for i, c in enumerate(BOARD_COLORS):
        pal[i] = c
    group = displayio.Group(x=BOARD_X + (BOARD_PX - w) // 2, y=BOARD_Y + (BOARD_PX - h) // 2)
    group.append(displayio.TileGrid(bitmap, pixel_shader=pal))
    # Each line: its fixed coordinate, its ends along its axis, and where
    # the lines crossing it pass (in order along it).
    fix, t0, t1, zones = [], [], [], []
    for k in range(b.nc):
        u, v = b.ca[k], b.cb[k]
        if b.horiz[k]:
            fix.append(cy[u])
            t0.append(cx[u] + R + 1)
            t1.append(cx[v] - R - 1)
            zones.append(tuple(sorted((cx[b.ca[c]], c) for c in b.cross[k])))
        else:
            fix.append(cx[u])
            t0.append(cy[u] + R + 1)
            t1.append(cy[v] - R - 1)
            zones.append(tuple(sorted((cy[b.ca[c]], c) for c in b.cross[k])))
    return Picture(b, group, bitmap, cx, cy,
                   (disc_spans(R), disc_spans(R - 1), disc_spans(R - 2)),
                   bytes(fix), bytes(t0), bytes(t1), tuple(zones))


def cursor_ring():
    """The cursor: a ring of radius R + 2, colour 1 out to R + 2.5 from the
    centre, 2 out to R + 1.5, none within R + 0.6 (the squared distances,
    as integers, up to 289 / 4, 225 / 4 and 1089 / 25 for R = 6)."""
    size = 2 * R + 7
    bm = displayio.Bitmap(size, size, 3)
    mid = size // 2
    for color, limit in ((1, (2 * R + 5) ** 2 // 4), (2, (2 * R + 3) ** 2 // 4),
                         (0, (5 * R + 3) ** 2 // 25)):
        for y in range(size):
            h = half_width(limit, y - mid)
            if h >= 0:
                bitmaptools.fill_region(bm, mid - h, y, mid + h + 1, y + 1, color)
    colors = displayio.Palette(3)
    colors.make_transparent(0)
    colors[1] = ui.ACCENT
    colors[2] = ui.ACCENT
    colors.make_transparent(2)
    tile = displayio.TileGrid(bm, pixel_shader=colors)
    tile.hidden = True
    from games.hashi.cursor import Ring

    return Ring(tile, colors)
