"""The board picture of Hashi's screen (screen.py): one 16-colour bitmap of
the islands and lines, in which an island or a line is redrawn only when
what it shows changes (docs/hashi.md, "Screens and controls"). Drawn with
bitmaptools.fill_region, a run of pixels a call (see ink.py).
"""

import bitmaptools
import displayio
from micropython import const

from kapsa import ui
from games.hashi.boards import RED
from games.hashi.ink import draw_digit, fill_disc

R = const(6)  # island radius: 13 px across
BOARD_PX = const(97)  # the board's square on screen
BOARD_X = 4  # its corner: the cursor ring (3 px round an island)
BOARD_Y = ui.LINE + 3  # stays clear of the edge, header, panel and footer

# Board colours (palette indexes of the board bitmap).
BG = const(0)
DASH = const(1)
BRIDGE = const(2)
NEW = const(3)  # this turn's bridges and number
OFFER = const(4)  # may take a bridge now
BLOCK = const(5)  # a crossing line carries bridges
FILL = const(6)
RING = const(7)
FLAG_RED = const(8)
FLAG_BLUE = const(9)
DONE = const(10)
DIGIT = const(11)
DARK = const(12)
LEGAL = const(13)  # the number or the start may go here
BOARD_COLORS = (ui.BACKGROUND, 0x66768A, 0xFFFFFF, ui.ACCENT, ui.GOOD, 0xB04848,
                0x2A3B50, 0x9AA8B8, 0xFF4A4A, 0x4C9BFF, ui.GOOD, 0xFFFFFF,
                ui.BACKGROUND, 0x5A7494)


def board_cell(b):
    """(cell, w, h): board b's grid step and its bitmap's size in pixels."""
    cell = (BOARD_PX - 2 * R - 1) // max(b.w - 1, b.h - 1, 1)
    return cell, 2 * R + 1 + cell * (b.w - 1), 2 * R + 1 + cell * (b.h - 1)


def board_bitmap(b):
    """Board b's 16-colour bitmap, blank: the screen's largest single
    block (5 KB), made before the rest where a heap's holes allow."""
    _, w, h = board_cell(b)
    return displayio.Bitmap(w, h, 16)


class Picture:
    """Board b's bitmap in `group` (build.py makes both, with the geometry):
    cx[i], cy[i] are the centre of island i in the bitmap. island_key[i]
    and line_key[k] hold what each shows now (255 before the first
    paint)."""

    def __init__(self, b, group, bitmap, cx, cy, spans, fix, t0, t1, zones):
        self.b = b
        self.group = group
        self.bitmap = bitmap
        self.cx = cx
        self.cy = cy
        self.spans = spans  # discs: the island, its ring's inside, a flag's
        self.fix = fix  # per line: its fixed coordinate,
        self.t0 = t0  # its ends along its axis,
        self.t1 = t1
        self.zones = zones  # where the lines crossing it pass, in order
        self.island_key = bytearray(b"\xff" * b.n)
        self.line_key = bytearray(b"\xff" * b.nc)

    def paint(self, sheet, legal, offered, placed, a_island, taken):
        """Show `sheet`: `legal` the islands offered for the number or the
        start, `offered` the lines offered for a bridge, `placed` this
        turn's bridges, `a_island` the island numbered this turn, `taken`
        the island bridges are drawn from (-1: none)."""
        b = self.b
        num, br, deg = sheet.num, sheet.br, sheet.deg
        keys = self.island_key
        for i in range(b.n):
            n = num[i]
            key = n | (8 if n and deg[i] == n else 0) | (16 if i in legal else 0) \
                | (32 if i == a_island else 0) | (64 if i == taken else 0)
            old = keys[i]
            if old != key:
                keys[i] = key
                self._draw_island(i, key, old)
        changed = []
        keys = self.line_key
        for k in range(b.nc):
            blocked = 0
            for c in b.cross[k]:
                if br[c]:
                    blocked = 1
            new = 0
            for q in placed:
                if q == k:
                    new += 1
            key = br[k] | (new << 2) | (blocked << 4) | (32 if k in offered else 0)
            if keys[k] != key:
                keys[k] = key
                changed.append(k)
        # Where two lines cross, the pixels belong to the one with bridges:
        # redraw the lines crossing a changed one too.
        redraw = set(changed)
        for k in changed:
            redraw.update(b.cross[k])
        for k in redraw:
            self._draw_line(k, keys[k], br)

    def _draw_island(self, i, key, old=255):
        """Island i as `key` says, over what `old` drew (255: nothing)."""
        bm = self.bitmap
        cx, cy = self.cx[i], self.cy[i]
        flag = self.b.flag[i]
        spans = self.spans
        n = key & 7
        finished = key & 8
        taken = key & 64  # action b: the island bridges are drawn from
        if old == 255 or (old ^ key) & 8:
            # The ring changes only when the island is finished: most
            # changes (offered or not, a number) are its inside.
            fill_disc(bm, cx, cy, spans[0], (FLAG_RED if flag == RED else FLAG_BLUE) if flag
                      else DONE if finished else RING)
        # A flag's ring is 2 px, 1 px once finished (the green fill wide).
        fill_disc(bm, cx, cy, spans[2 if flag and not finished else 1],
                  NEW if taken else DONE if finished else LEGAL if key & 16 else FILL)
        if n:
            draw_digit(bm, cx - 2, cy - 4, n, DARK if finished or taken else NEW if key & 32 else DIGIT)

    def _draw_line(self, k, key, br):
        b = self.b
        n = key & 3
        new = (key >> 2) & 3
        blocked = key & 16
        offered = key & 32
        # (offset from the line's middle, colour, pattern) per track:
        # pattern 0 solid, 1 dashed, 2 dotted.
        if n == 2:
            tracks = [(-1, NEW if new == 2 else BRIDGE, 0), (1, NEW if new else BRIDGE, 0)]
        elif n == 1:
            color = NEW if new else BRIDGE
            tracks = [(-1, color, 0), (1, OFFER, 1)] if offered else [(0, color, 0)]
        elif blocked:
            tracks = [(0, BLOCK, 2)]
        else:
            tracks = [(0, OFFER if offered else DASH, 1)]
        # The stretches of the line to paint, [from, to): all of it but the
        # crossings that belong to the other line.
        t0 = self.t0[k]
        start = t0
        horiz = b.horiz[k]
        for t, c in self.zones[k]:
            if not br[k] and (br[c] or not horiz):
                self._stretch(k, start, t - 1, tracks)
                start = t + 2
        self._stretch(k, start, self.t1[k] + 1, tracks)

    def _stretch(self, k, lo, hi, tracks):
        """Paint line k's tracks from lo to hi (along its axis): dashes are
        2 px on, 2 off, dots every third pixel, counted from the line's
        start t0."""
        if lo >= hi:
            return
        bm = self.bitmap
        horiz = self.b.horiz[k]
        fixed = self.fix[k]
        t0 = self.t0[k]
        fill = bitmaptools.fill_region
        if horiz:
            fill(bm, lo, fixed - 1, hi, fixed + 2, BG)
        else:
            fill(bm, fixed - 1, lo, fixed + 2, hi, BG)
        for off, color, pattern in tracks:
            f = fixed + off
            if pattern == 0:
                t, step, run = lo, hi - lo, hi - lo  # one run
            elif pattern == 1:
                t, step, run = lo - (lo - t0) % 4, 4, 2
            else:
                t, step, run = lo + (t0 + 1 - lo) % 3, 3, 1
            while t < hi:
                a = t if t > lo else lo
                e = t + run if t + run < hi else hi
                if e <= a:  # a dash that ends before lo: CircuitPython refuses x2 < x1
                    t += step
                    continue
                if horiz:
                    fill(bm, a, f, e, f + 1, color)
                else:
                    fill(bm, f, a, f + 1, e, color)
                t += step
