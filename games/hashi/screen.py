"""Hashi's screen: the board, the card, the card bar, and the controls
(docs/hashi.md, "Screens and controls", says what each shows and does).

The board (left) and the panel's lower part (bonus row, card bar) are
16-colour bitmaps in which an island or a line is redrawn only when what
it shows changed; the cursor is a ring of its own. The footer says what
the buttons do now; the runtime's message line covers it while it speaks.
Illegal tries go to the engine, whose reason the runtime shows.
"""

import bitmaptools
import displayio

from kapsa import buttons as btn
from kapsa import sound, ui
from kapsa.ui.gamescreen import GameScreen
from kapsa.ui.widgets import Header, box, set_color, text

from games.hashi import engine as E
from games.hashi.boards import BRIDGES, NUMBERS, RED, board
from games.hashi.sheet import CAT_BLUE, CAT_RED, CAT_SIX, HIGH, SOLO_DEADLINE

R = 6  # island radius: 13 px across
BOARD_X = 4  # the board's square: the cursor ring (3 px round an island)
BOARD_Y = ui.LINE + 3  # stays clear of the edge, header, panel and footer
BOARD_PX = 97
PANEL_X = 106
PANEL_W = ui.WIDTH - PANEL_X
CARD_Y = ui.LINE + 2
CARD_H = 22
WORD_Y = CARD_Y + CARD_H + 6
LOWER_Y = WORD_Y + 7  # the bonus row, then the card bar
BAR_ROW = 9  # px per card bar row
BANNER_FRAMES = 75

# Board colours (palette indexes of the board bitmap).
BG = 0
DASH = 1
BRIDGE = 2
NEW = 3  # this turn's bridges and number
OFFER = 4  # may take a bridge now
BLOCK = 5  # a crossing line carries bridges
FILL = 6
RING = 7
FLAG_RED = 8
FLAG_BLUE = 9
DONE = 10
DIGIT = 11
DARK = 12
LEGAL = 13  # the number or the start may go here
BOARD_COLORS = (ui.BACKGROUND, 0x66768A, 0xFFFFFF, ui.ACCENT, ui.GOOD, 0xB04848,
                0x2A3B50, 0x9AA8B8, 0xFF4A4A, 0x4C9BFF, ui.GOOD, 0xFFFFFF,
                ui.BACKGROUND, 0x5A7494)

# Panel colours.
P_BG = 0
P_TEXT = 1
P_SEEN = 2
P_HI = 3
P_DARK = 4
P_RED = 5
P_BLUE = 6
P_GOOD = 7
PANEL_COLORS = (ui.BACKGROUND, 0xFFFFFF, 0x4E5C6C, ui.ACCENT, ui.BACKGROUND, 0xFF4A4A,
                0x4C9BFF, ui.GOOD)

# Digits 0-9 of terminalio's font, 5 px wide and 8 high, one byte a row:
# drawn straight into the bitmaps in any colour.
GLYPHS = (b'\x0e\x11\x13\x15\x19\x11\x11\x0e\x04\x0c\x04\x04\x04\x04\x04\x0e'
          b'\x0e\x11\x11\x01\x02\x04\x08\x1f\x0e\x11\x01\x06\x01\x01\x11\x0e'
          b'\x01\x03\x05\t\x11\x1f\x01\x01\x1f\x10\x10\x1e\x01\x01\x11\x0e'
          b'\x0e\x10\x10\x1e\x11\x11\x11\x0e\x1f\x01\x01\x02\x02\x04\x04\x04'
          b'\x0e\x11\x11\x0e\x11\x11\x11\x0e\x0e\x11\x11\x11\x0f\x01\x01\x0e')

CATEGORIES = ("all red flags", "all blue flags", "6 linked")
DEADLINE_WORDS = ("red", "blue", "six")
DIRECTIONS = ((btn.RIGHT, 1, 0), (btn.LEFT, -1, 0), (btn.DOWN, 0, 1), (btn.UP, 0, -1))

# The hindsight solver at the end of a solo game: units of work per frame
# and frames in all. A unit costs about 7 million MicroPython fuel (bench
# part (d)), about 15 ms on the SAMD51 by the Qwinto calibration (25
# million fuel in 0.05 s): 2 a frame keep a frame near 30 ms, and 900
# frames give the search about 26 s of work in about 30 s.
SOLVER_SLICE = 2
SOLVER_FRAMES = 900

UNKNOWN = 255  # nothing drawn yet


def draw_digit(bitmap, x, y, d, color):
    base = d * 8
    for row in range(8):
        bits = GLYPHS[base + row]
        for col in range(5):
            if bits & (16 >> col):
                bitmap[x + col, y + row] = color


def disc_spans(r):
    """Half widths of a disc of radius r, row by row."""
    return bytes([int((r * r + r - dy * dy) ** 0.5) for dy in range(-r, r + 1)])


def fill_disc(bitmap, cx, cy, spans, color):
    r = len(spans) // 2
    for i in range(len(spans)):
        h = spans[i]
        bitmaptools.fill_region(bitmap, cx - h, cy - r + i, cx + h + 1, cy - r + i + 1, color)


class Screen(GameScreen):
    def __init__(self, play):
        super().__init__(play)
        g = self.group
        g.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
        self.header = Header("Hashi")
        g.append(self.header)
        self.board_group = displayio.Group(x=BOARD_X, y=BOARD_Y)
        g.append(self.board_group)
        options = play.options
        self._build(board(2 if options & E.BOARD_P else 1 if options & E.BOARD_B else 0))
        # The card: its number and its bridges as bars.
        g.append(box(PANEL_X, CARD_Y, PANEL_W, CARD_H, ui.PANEL))
        self.card_num = text("", PANEL_X + 6, CARD_Y + CARD_H // 2, ui.TEXT, scale=2, anchor=(0.0, 0.5))
        g.append(self.card_num)
        self.bars = []
        for _ in range(3):
            bar = box(PANEL_X + 26, CARD_Y, 22, 2, ui.TEXT)
            bar.hidden = True
            self.bars.append(bar)
            g.append(bar)
        self.word = text("", PANEL_X + PANEL_W // 2, WORD_Y, ui.TEXT, anchor=(0.5, 0.5))
        g.append(self.word)
        # Bonus row and card bar: one bitmap.
        rows = self._deck_rows()
        self.deck_rows = rows
        self.lower = displayio.Bitmap(PANEL_W, 11 + BAR_ROW * len(rows), len(PANEL_COLORS))
        pal = displayio.Palette(len(PANEL_COLORS))
        for i, c in enumerate(PANEL_COLORS):
            pal[i] = c
        g.append(displayio.TileGrid(self.lower, pixel_shader=pal, x=PANEL_X, y=LOWER_Y))
        self.lower_key = None
        self.footer = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
        g.append(self.footer)
        # The banner that announces bonuses.
        self.banner = displayio.Group(y=BOARD_Y + 40)
        self.banner.append(box(0, 0, ui.WIDTH, 16, ui.HEADER))
        self.banner_text = text("", ui.WIDTH // 2, 8, ui.ACCENT, anchor=(0.5, 0.5))
        self.banner.append(self.banner_text)
        self.banner.hidden = True
        g.append(self.banner)
        self.news = []
        self.banner_frames = 0
        # Who is where.
        self.view = None
        self.seat = 0
        self.deciding = False
        self.cursor = -1
        self.selected = False  # action b: the d-pad draws bridges from the cursor
        self.start_number = 4
        self.look = None  # between decisions: the seat whose board is shown
        self.prev_held = 0
        self.known_bonus = None
        self.solver = None
        self.solver_state = 0  # 0 not started, 1 searching, 2 finished, 3 none
        self.solver_frames = 0
        self.solver_shown = None

    # -- building the board once its geometry is known

    def _build(self, b):
        self.b = b
        cell = (BOARD_PX - 2 * R - 1) // max(b.w - 1, b.h - 1, 1)
        self.cx = bytes([R + cell * x for x in b.x])
        self.cy = bytes([R + cell * y for y in b.y])
        w = 2 * R + 1 + cell * (b.w - 1)
        h = 2 * R + 1 + cell * (b.h - 1)
        self.bitmap = displayio.Bitmap(w, h, 16)
        pal = displayio.Palette(16)
        for i, c in enumerate(BOARD_COLORS):
            pal[i] = c
        self.board_group.x = BOARD_X + (BOARD_PX - w) // 2
        self.board_group.y = BOARD_Y + (BOARD_PX - h) // 2
        self.board_group.append(displayio.TileGrid(self.bitmap, pixel_shader=pal))
        self.spans = (disc_spans(R), disc_spans(R - 1), disc_spans(R - 2))
        # Each line: its fixed coordinate, its ends along its axis, and
        # where the lines crossing it pass.
        fix, t0, t1, zones = [], [], [], []
        for k in range(b.nc):
            u, v = b.ca[k], b.cb[k]
            if b.horiz[k]:
                fix.append(self.cy[u])
                t0.append(self.cx[u] + R + 1)
                t1.append(self.cx[v] - R - 1)
                zones.append(tuple((self.cx[b.ca[c]], c) for c in b.cross[k]))
            else:
                fix.append(self.cx[u])
                t0.append(self.cy[u] + R + 1)
                t1.append(self.cy[v] - R - 1)
                zones.append(tuple((self.cy[b.ca[c]], c) for c in b.cross[k]))
        self.fix = bytes(fix)
        self.t0 = bytes(t0)
        self.t1 = bytes(t1)
        self.zones = tuple(zones)
        self.island_key = bytearray([UNKNOWN] * b.n)
        self.line_key = bytearray([UNKNOWN] * b.nc)
        # The cursor: a ring of radius R + 2, twice as thick when an island
        # is taken for bridges.
        size = 2 * R + 7
        ring = displayio.Bitmap(size, size, 3)
        mid = size // 2
        for y in range(size):
            for x in range(size):
                d = (x - mid) * (x - mid) + (y - mid) * (y - mid)
                if (R + 1.5) ** 2 < d <= (R + 2.5) ** 2:
                    ring[x, y] = 1
                elif (R + 0.6) ** 2 < d <= (R + 1.5) ** 2:
                    ring[x, y] = 2
        self.ring_colors = displayio.Palette(3)
        self.ring_colors.make_transparent(0)
        self.ring_colors[1] = ui.ACCENT
        self.ring_colors[2] = ui.ACCENT
        self.ring_colors.make_transparent(2)
        self.ring = displayio.TileGrid(ring, pixel_shader=self.ring_colors)
        self.ring.hidden = True
        self.board_group.append(self.ring)

    def _deck_rows(self):
        """The card bar's rows: deck indexes grouped by number, ascending."""
        numbers = sorted(set(NUMBERS))
        return [(n, [c for c in range(len(NUMBERS)) if NUMBERS[c] == n]) for n in numbers]

    # -- the contract

    def draw(self, view, seat):
        self.view = view
        self.seat = seat
        self.deciding = False
        if view.over:
            self.look = None  # a final board: the seat asked for
        self.ring.hidden = True
        if self.selected and (view.phase != E.ACTION_B or not self._offered_lines(view)):
            self.selected = False  # nothing (more) to draw from this island
        self._announce(view)
        self._paint(view)

    def begin(self, view, legal):
        self.deciding = True
        if self.look is not None:
            self.look = None  # back to one's own board to decide
            self._paint(view)
        b = self.b
        if not 0 <= self.cursor < b.n:
            islands = self._targets(view)
            self.cursor = islands[0] if islands else 0
        if view.a_island >= 0 and view.phase == E.ACTION_B and not view.placed:
            self.cursor = view.a_island
        self._place_ring()
        self._paint_texts(view)

    def press(self, pressed, held):
        view = self.view
        if view is None:
            return None
        if not self.deciding:
            # Between decisions (a computer moves, the final boards):
            # left/right shows the other seats' boards, as public.
            if view.seats > 1 and pressed & (btn.LEFT | btn.RIGHT):
                shown = view.seat if self.look is None else self.look
                shown = (shown + (1 if pressed & btn.RIGHT else -1)) % view.seats
                self.look = None if shown == view.seat else shown
                self._paint(view)
            return None
        fresh = pressed & ~self.prev_held  # not a key repeat
        phase = view.phase
        if pressed & btn.SELECT:
            if phase == E.SETUP:
                self.start_number = 7 - self.start_number
                self._paint_panel(view)
                self._paint_texts(view)
                return None
            # Action a: no number; action b: done (with none placed: none).
            return E.SKIP_A if phase == E.ACTION_A else E.CONFIRM
        if pressed & btn.A:
            if phase == E.SETUP:
                return (E.START3 if self.start_number == 3 else E.START4) + self.cursor
            if phase == E.ACTION_A:
                return E.NUMBER + self.cursor
            if phase == E.ACTION_B:
                if not view.to_place:
                    self._say("All placed: SELECT ends")
                    return None
                self.selected = not self.selected
                self._place_ring()
                self._paint_board(view)
                self._paint_texts(view)
            return None
        if pressed & btn.B:
            if phase == E.ACTION_B:
                return E.UNDO
            if phase == E.ACTION_A:
                self._say("Nothing to undo yet")
            return None
        for mask, dx, dy in DIRECTIONS:
            if pressed & mask:
                if self.selected:
                    if fresh & mask:
                        return self._bridge_toward(dx, dy)
                    return None
                j = self.step(self.cursor, dx, dy)
                if j >= 0:
                    self.cursor = j
                    self._place_ring()
                return None
        return None

    def tick(self):
        self.prev_held = self.play.app.buttons.held
        if self.banner_frames:
            self.banner_frames -= 1
            if not self.banner_frames:
                self._next_news()

    # -- moving and aiming

    def step(self, i, dx, dy):
        """Where the d-pad takes the cursor from island i: in setup only
        islands that may take the start, else any island."""
        view = self.view
        allowed = self._targets(view) if view is not None and view.phase == E.SETUP else None
        return self.neighbour(i, dx, dy, allowed)

    def neighbour(self, i, dx, dy, allowed=None):
        """The island the d-pad takes the cursor to from island i in
        direction (dx, dy), or -1: the nearest one straight that way (the
        end of the board's line, if it has one), else the nearest within 45
        degrees of that way, a step sideways counting as two."""
        b = self.b
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

    def line_toward(self, i, dx, dy):
        """The line from island i in direction (dx, dy), or -1."""
        b = self.b
        for k in b.adj[i]:
            j = b.other(k, i)
            if b.horiz[k] and dy == 0 and (b.x[j] - b.x[i]) * dx > 0:
                return k
            if not b.horiz[k] and dx == 0 and (b.y[j] - b.y[i]) * dy > 0:
                return k
        return -1

    def _bridge_toward(self, dx, dy):
        k = self.line_toward(self.cursor, dx, dy)
        if k < 0:
            self._say("No line that way")
            return None
        view = self.view
        if view is not None and k not in view.legal_bridges() and not view.sheet.why_bridge(k):
            # Legal, but a dead end (OP-5): refused here so that nobody
            # has to find their way back out with undo.
            self._say("The rest won't fit then")
            return None
        return E.BRIDGE + k

    def _say(self, words):
        self.play.message.show(words, ui.BAD, frames=60)
        self.play.app.sound.play(sound.ILLEGAL)

    def _place_ring(self):
        if not self.deciding or self.cursor < 0:
            self.ring.hidden = True
            return
        self.ring.x = self.cx[self.cursor] - R - 3
        self.ring.y = self.cy[self.cursor] - R - 3
        if self.selected:
            self.ring_colors[1] = ui.GOOD
            self.ring_colors[2] = ui.GOOD
            self.ring_colors.make_opaque(2)
        else:
            self.ring_colors[1] = ui.ACCENT
            self.ring_colors.make_transparent(2)
        self.ring.hidden = False

    # -- what the board shows

    def _shown(self, view):
        """The seat whose board is on screen: in setup the one this seat
        writes the start on, the one looked at between decisions, or the
        seat's own."""
        if view.phase == E.SETUP:
            return view.target
        if self.look is not None and not self.deciding:
            return self.look
        return view.seat

    def _sheet(self, view):
        return view.sheets[self._shown(view)]

    def _targets(self, view):
        """Islands offered now: for the start or for the card's number."""
        if view.phase == E.SETUP:
            sheet = self._sheet(view)
            return [i for i in range(self.b.n) if not self.b.flag[i] and not sheet.num[i]]
        if view.phase == E.ACTION_A:
            return view.legal_islands()
        return []

    def _offered_lines(self, view):
        lines = view.legal_bridges()
        if self.selected and lines:
            adj = self.b.adj[self.cursor]
            lines = [k for k in lines if k in adj]
        return lines

    def _paint(self, view):
        self._paint_board(view)
        self._paint_panel(view)
        self._paint_texts(view)

    def _paint_board(self, view):
        b = self.b
        sheet = self._sheet(view)
        num, br, deg = sheet.num, sheet.br, sheet.deg
        own = self._shown(view) == view.seat
        legal = self._targets(view) if own or view.phase == E.SETUP else ()
        offered = self._offered_lines(view) if own else ()
        placed = view.placed if own else b""
        a_island = view.a_island if own else -1
        taken = self.cursor if own and self.selected else -1
        keys = self.island_key
        for i in range(b.n):
            n = num[i]
            key = n | (8 if n and deg[i] == n else 0) | (16 if i in legal else 0) \
                | (32 if i == a_island else 0) | (64 if i == taken else 0)
            if keys[i] != key:
                keys[i] = key
                self._draw_island(i, key)
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

    def _draw_island(self, i, key):
        bm = self.bitmap
        cx, cy = self.cx[i], self.cy[i]
        flag = self.b.flag[i]
        spans = self.spans
        n = key & 7
        finished = key & 8
        taken = key & 64  # action b: the island bridges are drawn from
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
        # The stretches of the line to paint: all of it but the crossings
        # that belong to the other line.
        t0 = self.t0[k]
        pieces = []
        start = t0
        for t, c in sorted(self.zones[k]):
            if not br[k] and (br[c] or not b.horiz[k]):
                pieces.append((start, t - 1))
                start = t + 2
        pieces.append((start, self.t1[k] + 1))  # [from, to)
        bm = self.bitmap
        horiz = b.horiz[k]
        fixed = self.fix[k]
        fill = bitmaptools.fill_region
        for lo, hi in pieces:
            if lo >= hi:
                continue
            if horiz:
                fill(bm, lo, fixed - 1, hi, fixed + 2, BG)
            else:
                fill(bm, fixed - 1, lo, fixed + 2, hi, BG)
            for off, color, pattern in tracks:
                if pattern == 0:
                    if horiz:
                        fill(bm, lo, fixed + off, hi, fixed + off + 1, color)
                    else:
                        fill(bm, fixed + off, lo, fixed + off + 1, hi, color)
                    continue
                for t in range(lo, hi):
                    i = t - t0
                    if (i % 4 < 2) if pattern == 1 else (i % 3 == 1):
                        if horiz:
                            bm[t, fixed + off] = color
                        else:
                            bm[fixed + off, t] = color

    # -- the panel and the words

    def _card(self, view):
        """(number, bridges, bridges placed) shown on the card."""
        if view.phase == E.SETUP:
            return self.start_number, 0, 0
        if view.card < 0:
            return 0, 0, 0
        return view.number, view.bridges, len(view.placed)

    def _paint_panel(self, view):
        number, bridges, placed = self._card(view)
        s = str(number) if number else ""
        if self.card_num.text != s:
            self.card_num.text = s
        top = CARD_Y + CARD_H // 2 - 3 * bridges + 2
        for i, bar in enumerate(self.bars):
            bar.hidden = i >= bridges
            if i < bridges:
                bar.y = top + 6 * i
                set_color(bar, ui.ACCENT if i < placed else ui.TEXT)
        p = self._shown(view)  # the bonuses of the board on screen
        values = tuple(view.bonus[p][c] or view.bonus_value(c, p) for c in range(3))
        got = tuple(view.bonus[p][c] > 0 for c in range(3))
        key = (values, got, bytes(view.seen), view.card)
        if key != self.lower_key:
            self.lower_key = key
            self._draw_lower(values, got, view.seen, view.card)

    def _draw_lower(self, values, got, seen, current):
        bm = self.lower
        bm.fill(P_BG)
        cell = PANEL_W // 3
        for c in range(3):
            x = c * cell
            ink = P_DARK if got[c] else P_TEXT
            if got[c]:
                bitmaptools.fill_region(bm, x + 9, 0, x + 16, 10, P_GOOD)
            if c < 2:  # a flag: pole and pennant
                color = P_RED if c == 0 else P_BLUE
                bitmaptools.fill_region(bm, x + 2, 1, x + 3, 9, color)
                bitmaptools.fill_region(bm, x + 3, 1, x + 7, 2, color)
                bitmaptools.fill_region(bm, x + 3, 2, x + 6, 3, color)
                bitmaptools.fill_region(bm, x + 3, 3, x + 5, 4, color)
                bitmaptools.fill_region(bm, x + 3, 4, x + 4, 5, color)
            else:  # six linked: three islands on a bridge
                bitmaptools.fill_region(bm, x + 1, 5, x + 9, 6, P_TEXT)
                for d in (1, 4, 7):
                    bitmaptools.fill_region(bm, x + d, 3, x + d + 2, 8, P_TEXT)
            if values[c]:
                draw_digit(bm, x + 10, 1, values[c], ink)
        rows = self.deck_rows
        width = max(len(cards) for _, cards in rows)
        cw = (PANEL_W - 8) // width
        for r, (number, cards) in enumerate(rows):
            y = 11 + r * BAR_ROW
            left = 0
            for c in cards:
                if not seen[c]:
                    left += 1
            draw_digit(bm, 1, y, number, P_TEXT if left else P_SEEN)
            for i, c in enumerate(cards):
                x = 8 + i * cw
                ink = P_SEEN if seen[c] else P_TEXT
                if c == current:
                    bitmaptools.fill_region(bm, x, y - 1, x + cw - 1, y + BAR_ROW - 1, P_HI)
                    ink = P_DARK
                n = BRIDGES[c]
                for j in range(n):
                    ly = y + 4 - (n - 1) + 2 * j
                    bitmaptools.fill_region(bm, x + 2, ly, x + cw - 3, ly + 1, ink)

    def _paint_texts(self, view):
        app = self.play.app
        solo = view.solo
        seat = view.seat
        phase = view.phase
        name = app.name_of(seat)
        if phase == E.SETUP:
            if solo:
                title = "Your start"
            else:
                title = "Start for " + app.name_of(view.target)
            hint = ""
        elif solo:
            title = "%d/%d" % (view.round, E.ROUNDS) if view.round else "Hashi"
            title += self._deadline(view)
            hint = "%d pts" % view.score
        else:
            shown = self._shown(view)
            if shown == seat:
                title = "%s %d pts" % (name, view.score)
                hint = "%d/%d" % (view.round, E.ROUNDS) if view.round else ""
            else:
                title = "%s %d pts" % (app.name_of(shown), view.scores[shown])
                hint = "final" if view.over else "last round"
        self.header.set(title, hint)
        self._set(self.word, self._word(view))
        self._set(self.footer, self._prompt(view))

    def _deadline(self, view):
        """Solo: the next bonus deadline still open, as header words."""
        got = view.bonus[0]
        for due in sorted(set(SOLO_DEADLINE)):
            if view.round > due:
                continue
            words = [DEADLINE_WORDS[c] for c in range(3) if SOLO_DEADLINE[c] == due and not got[c]]
            if words:
                return " %s by %d" % ("+".join(words), due)
        return ""

    def _set(self, label, string):
        if label.text != string:
            label.text = string

    def _word(self, view):
        phase = view.phase
        if phase == E.SETUP:
            return "start"
        if phase == E.ACTION_A:
            return "number"
        if phase == E.ACTION_B:
            return "%d to go" % view.to_place if view.to_place else "all set"
        if view.seats > 1:
            return "<>:boards"
        return "the end" if view.over else ""

    def _prompt(self, view):
        phase = view.phase
        if not self.deciding:
            if view.over:
                return "B: back to the scores"
            p = view.current
            if p < 0:
                return ""
            who = self.play.app.name_of(p)
            if self.play.bots & (1 << p):
                return who + " (computer) plays"
            return "" if p == view.seat else who + " is playing"
        if phase == E.SETUP:
            return "A:write %d  SEL:3 or 4" % self.start_number
        if phase == E.ACTION_A:
            if not view.legal_islands():
                return "No island for %d: SEL:skip" % view.number
            return "A:write %d  SEL:skip" % view.number
        if not view.to_place:
            return "SEL:done  B:undo"
        if not view.can_complete():
            return "Can't place all: B:undo" if view.placed else "No room: SEL:no bridges"
        if self.selected:
            return "<>^v:bridge A:drop B:undo"
        return "A:take  B:undo" + ("" if view.placed else "  SEL:none")

    # -- bonuses announced

    def _announce(self, view):
        now = [bytes(x) for x in view.bonus]
        old = self.known_bonus
        self.known_bonus = now
        if old is None or len(old) != len(now):
            return
        for p in range(len(now)):
            for cat in range(3):
                if now[p][cat] and not old[p][cat]:
                    words = "%s +%d" % (CATEGORIES[cat], now[p][cat])
                    if not view.solo:
                        words = self.play.app.name_of(p) + ": " + words
                    self.news.append(words)
        if self.news and not self.banner_frames:
            self._next_news()

    def _next_news(self):
        if self.news:
            self.banner_text.text = self.news.pop(0)
            self.banner.hidden = False
            self.banner_frames = BANNER_FRAMES
            self.play.app.sound.play(sound.SCORE)
        else:
            self.banner.hidden = True

    # -- the end

    def breakdown(self, view, seat):
        sheet = view.sheets[seat]
        count = sheet.finished_count()
        bonus = view.bonus[seat]
        return (("%d island%s x2" % (count, "" if count == 1 else "s"), 2 * count),
                ("Red", bonus[CAT_RED]),
                ("Blue", bonus[CAT_BLUE]), ("Six", bonus[CAT_SIX]))

    def final_lines(self, view, seat):
        if not view.solo:
            return []  # the scores are the table's
        from games.hashi.ending import rank_title

        title = rank_title(view.scores[seat])
        lines = ["Rank: " + title if len(title) <= 20 else title]
        s = self.solver
        if s is None:
            return lines
        best = s.best
        if s.proven:
            lines.append("Best with these cards: %d" % best)
            return lines
        lines.append("Best with these cards:")
        if self.solver_state == 1:
            pct = 100 * self.solver_frames // SOLVER_FRAMES
            if best >= 0:
                lines.append("at least %d, searching %d%%" % (best, pct))
            else:
                lines.append("searching %d%%" % pct)
        elif best >= 0:
            top = 2 * self.b.n + sum(HIGH)  # every island and every high bonus
            if s.upper < top:
                lines.append("at least %d, at most %d" % (best, s.upper))
            else:
                lines.append("at least %d, search ended" % best)
        return lines

    def final_tick(self):
        state = self.solver_state
        if state >= 2:
            return False
        s = self.solver
        if s is None:
            view = self.play.state.view(0)  # the game is over: all public
            if view.solo:
                s = self.solver = self._new_solver(view)
            self.solver_state = 1 if s is not None else 3
            return s is not None
        s.step(SOLVER_SLICE)
        self.solver_frames += 1
        if s.proven or self.solver_frames >= SOLVER_FRAMES:
            self.solver_state = 2
            return True
        shown = (s.best, 100 * self.solver_frames // SOLVER_FRAMES)
        if shown != self.solver_shown:
            self.solver_shown = shown
            return True
        return False

    def _new_solver(self, view):
        """The hindsight search over this game's cards, from its start."""
        start = view.start
        if start is None:
            return None
        try:
            from games.hashi.solver import Search
        except ImportError:
            return None
        return Search("ABP".index(view.board.name), start, view.drawn)
