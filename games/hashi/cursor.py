"""The cursor of Hashi's screen (screen.py): the ring round an island, and
where the d-pad takes it (docs/hashi.md, "Screens and controls").
"""

from kapsa import ui
from games.hashi.picture import R


class Ring:
    """A yellow ring of radius R + 2 round an island; green and twice as
    thick when the island is taken for bridges: `tile` (in the board's
    group, hidden until shown) and its palette `colors` (build.py makes
    them)."""

    def __init__(self, tile, colors):
        self.tile = tile
        self.colors = colors
        self.taken = None  # what the palette shows: taken or not (None: not set yet)

    def show(self, cx, cy, taken):
        """Round the island centred at (cx, cy) of the board's bitmap."""
        self.tile.x = cx - R - 3
        self.tile.y = cy - R - 3
        if taken != self.taken:  # (a palette changed, even to the same, redraws)
            self.taken = taken
            if taken:
                self.colors[1] = ui.GOOD
                self.colors[2] = ui.GOOD
                self.colors.make_opaque(2)
            else:
                self.colors[1] = ui.ACCENT
                self.colors.make_transparent(2)
        ui.show(self.tile, True)


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
