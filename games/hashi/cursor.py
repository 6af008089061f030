"""The cursor of Hashi's screen (screen.py): the ring round an island, and
where the d-pad takes it (docs/hashi.md, "Screens and controls").
"""

import bitmaptools
import displayio

from kapsa import ui
from games.hashi.ink import half_width
from games.hashi.picture import R


class Ring:
    """A yellow ring of radius R + 2 round an island; green and twice as
    thick when the island is taken for bridges. `tile` goes in the board's
    group; it is hidden until shown."""

    def __init__(self):
        size = 2 * R + 7
        bm = displayio.Bitmap(size, size, 3)
        mid = size // 2
        # Colour 1 out to R + 2.5 from the centre, 2 out to R + 1.5, none
        # within R + 0.6: the squared distances, as integers, up to 289 / 4,
        # 225 / 4 and 1089 / 25 (for R = 6).
        for color, limit in ((1, (2 * R + 5) ** 2 // 4), (2, (2 * R + 3) ** 2 // 4),
                             (0, (5 * R + 3) ** 2 // 25)):
            for y in range(size):
                h = half_width(limit, y - mid)
                if h >= 0:
                    bitmaptools.fill_region(bm, mid - h, y, mid + h + 1, y + 1, color)
        self.colors = displayio.Palette(3)
        self.colors.make_transparent(0)
        self.colors[1] = ui.ACCENT
        self.colors[2] = ui.ACCENT
        self.colors.make_transparent(2)
        self.tile = displayio.TileGrid(bm, pixel_shader=self.colors)
        self.tile.hidden = True

    def show(self, cx, cy, taken):
        """Round the island centred at (cx, cy) of the board's bitmap."""
        self.tile.x = cx - R - 3
        self.tile.y = cy - R - 3
        if taken:
            self.colors[1] = ui.GOOD
            self.colors[2] = ui.GOOD
            self.colors.make_opaque(2)
        else:
            self.colors[1] = ui.ACCENT
            self.colors.make_transparent(2)
        self.tile.hidden = False


def neighbour(b, i, dx, dy, allowed=None):
    """The island the d-pad takes the cursor to from island i of board b in
    direction (dx, dy), or -1: the nearest one straight that way (the end
    of the board's line, if it has one), else the nearest within 45 degrees
    of that way, a step sideways counting as two; only islands in `allowed`
    when given."""
    best = -1
    cost = 0
    for j in (range(b.n) if allowed is None else allowed):
        ddx = b.x[j] - b.x[i]
        ddy = b.y[j] - b.y[i]
        ahead = ddx * dx + ddy * dy
        side = abs(ddx * dy + ddy * dx)
        if ahead <= 0 or side > ahead:
            continue
        c = ahead + (99 + 2 * side if side else 0)
        if best < 0 or c < cost:
            best = j
            cost = c
    return best


def line_toward(b, i, dx, dy):
    """The line of board b from island i in direction (dx, dy), or -1."""
    for k in b.adj[i]:
        j = b.other(k, i)
        if b.horiz[k] and dy == 0 and (b.x[j] - b.x[i]) * dx > 0:
            return k
        if not b.horiz[k] and dx == 0 and (b.y[j] - b.y[i]) * dy > 0:
            return k
    return -1
