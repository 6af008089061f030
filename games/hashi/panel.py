"""The panel of Hashi's screen (screen.py), right of the board: the card
(its number big, its bridges as bars), one word on what now, and one
16-colour bitmap with the bonus row and the card bar (docs/hashi.md,
"Screens and controls").
"""

import bitmaptools
from micropython import const

from kapsa import ui
from kapsa.ui.widgets import set_color

from games.hashi.boards import BRIDGES
from games.hashi.ink import draw_digit

PANEL_X = 106
PANEL_W = ui.WIDTH - PANEL_X
CARD_Y = ui.LINE + 2
CARD_H = 22
WORD_Y = CARD_Y + CARD_H + 6
LOWER_Y = WORD_Y + 7  # the bonus row, then the card bar
BAR_ROW = 9  # px per card bar row

# Panel colours (palette indexes of the lower bitmap).
P_BG = const(0)
P_TEXT = const(1)
P_SEEN = const(2)
P_HI = const(3)
P_DARK = const(4)
P_RED = const(5)
P_BLUE = const(6)
P_GOOD = const(7)
PANEL_COLORS = (ui.BACKGROUND, 0xFFFFFF, 0x4E5C6C, ui.ACCENT, ui.BACKGROUND, 0xFF4A4A,
                0x4C9BFF, ui.GOOD)


class Panel:
    """The panel's parts (build.py makes them): card_num and bars (the
    card), word, and the bitmap `lower`; deck_rows are the card bar's rows,
    (number, the deck indexes of its cards) by ascending number."""

    def __init__(self, card_num, bars, word, lower, deck_rows):
        self.card_num = card_num
        self.bars = bars
        self.word = word
        self.lower = lower
        self.deck_rows = deck_rows
        self.lower_key = None

    def paint(self, view, p, number, bridges, placed):
        """The card (number, bridges, how many placed; 0 for none) and seat
        p's bonuses with the card bar, as `view` shows them."""
        s = str(number) if number else ""
        if self.card_num.text != s:
            self.card_num.text = s
        top = CARD_Y + CARD_H // 2 - 3 * bridges + 2
        for i, bar in enumerate(self.bars):
            ui.show(bar, i < bridges)
            if i < bridges:
                bar.y = top + 6 * i
                set_color(bar, ui.ACCENT if i < placed else ui.TEXT)
        values = tuple(view.bonus[p][c] or view.bonus_value(c, p) for c in range(3))
        got = tuple(view.bonus[p][c] > 0 for c in range(3))
        key = (values, got, bytes(view.seen), view.card)
        if key != self.lower_key:
            self.lower_key = key
            self._draw_lower(values, got, view.seen, view.card)

    def _draw_lower(self, values, got, seen, current):
        bm = self.lower
        bm.fill(P_BG)
        fill = bitmaptools.fill_region
        cell = PANEL_W // 3
        for c in range(3):
            x = c * cell
            ink = P_DARK if got[c] else P_TEXT
            if got[c]:
                fill(bm, x + 9, 0, x + 16, 10, P_GOOD)
            if c < 2:  # a flag: pole and pennant
                color = P_RED if c == 0 else P_BLUE
                fill(bm, x + 2, 1, x + 3, 9, color)
                fill(bm, x + 3, 1, x + 7, 2, color)
                fill(bm, x + 3, 2, x + 6, 3, color)
                fill(bm, x + 3, 3, x + 5, 4, color)
                fill(bm, x + 3, 4, x + 4, 5, color)
            else:  # six linked: three islands on a bridge
                fill(bm, x + 1, 5, x + 9, 6, P_TEXT)
                for d in (1, 4, 7):
                    fill(bm, x + d, 3, x + d + 2, 8, P_TEXT)
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
                    fill(bm, x, y - 1, x + cw - 1, y + BAR_ROW - 1, P_HI)
                    ink = P_DARK
                n = BRIDGES[c]
                for j in range(n):
                    ly = y + 4 - (n - 1) + 2 * j
                    fill(bm, x + 2, ly, x + cw - 3, ly + 1, ink)


def panel_bitmap():
    """The bitmap of the bonus row and the card bar (a row a number on
    the cards): made before the rest of the screen and kept (a 1.8 KB
    piece made late in a VM finds no hole in a fragmented heap)."""
    import displayio

    from games.hashi.boards import NUMBERS

    return displayio.Bitmap(PANEL_W, 11 + BAR_ROW * len(set(NUMBERS)), len(PANEL_COLORS))
