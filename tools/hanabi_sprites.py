"""Draw Hanabi's sprite sheet, assets/hanabi.bmp (a 4-bit indexed BMP),
from the pixel art below; games/hanabi/tiles.py says where each tile is.

    python tools/hanabi_sprites.py [--out assets/hanabi.bmp]

Card faces (12 x 16): the card's colour, its value and its colour's symbol
in dark ink (the symbol makes the colour readable without colour); empty
fireworks; a card's back. Small 6 x 8 tiles: each colour's symbol in its
colour, the values, the token icons, and the same symbols and values on
the highlight (what a hint would tell).
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "stubs-cp")]
sys.path.append(ROOT)

from games.hanabi import tiles as T  # noqa: E402
from spritesheet import PixelSheet, write_sheet  # noqa: E402

W, H = 144, 64
TW, TH = 6, 8

# Palette indexes.
BG, INK, WHITE, RED, BLUE, YELLOW, GREEN, RAINBOW, BACK, PATTERN, DIM, HIGH, PANEL = range(13)
# BG is black, kapsa.ui.BACKGROUND: what the display shows where no layer is
PALETTE = (0x000000, 0x0A0E12, 0xF2F2F2, 0xFF4A4A, 0x4C9BFF, 0xF5DC3C, 0x5BD96B, 0xD070FF,
           0x2E4A6B, 0x5A7FA8, 0x8C9BAB, 0xFFA030, 0x243447, 0, 0, 0)
COLOUR = (WHITE, RED, BLUE, YELLOW, GREEN, RAINBOW)  # by Hanabi colour 0..5

DIGITS = {
    1: ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    2: (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    3: ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    4: ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    5: ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
}
SYMBOLS = (  # white disc, red heart, blue diamond, yellow star, green triangle, rainbow arc
    (".###.", "#####", "#####", "#####", ".###."),
    ("##.##", "#####", "#####", ".###.", "..#.."),
    ("..#..", ".###.", "#####", ".###.", "..#.."),
    ("#.#.#", ".###.", "#####", ".###.", "#.#.#"),
    ("..#..", ".###.", ".###.", "#####", "#####"),
    (".###.", "#####", "##.##", "#...#", "#...#"),
)
CROSS = ("#...#", ".#.#.", "..#..", ".#.#.", "#...#")
TOKEN = (".###.", "#...#", "#.#.#", "#...#", ".###.")
DECK = ("####.", "#..##", "#..##", "#..##", "#####", ".####")
DOT = ("##", "##")


class Sheet(PixelSheet):
    def __init__(self):
        super().__init__(W, H)

    def art(self, x, y, rows, c):
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                if ch == "#":
                    self.set(x + i, y + j, c)

    def tile_xy(self, index):
        return (index % T.COLS) * TW, (index // T.COLS) * TH

    def card_xy(self, k):
        return self.tile_xy(T.face(k))

    def body(self, k, colour):
        """A card's body: 11 x 16 with its corners cut (column 11 stays
        background: the gap to what stands right of it)."""
        x, y = self.card_xy(k)
        self.rect(x, y, 11, 16, colour)
        for cx, cy in ((0, 0), (10, 0), (0, 15), (10, 15)):
            self.set(x + cx, y + cy, BG)
        return x, y


def draw():
    s = Sheet()
    for c in range(6):
        for v in range(1, 6):
            x, y = s.body(c * 5 + v - 1, COLOUR[c])
            if c == 5:  # rainbow: a band of the five colours along the top
                for i, band in enumerate((RED, YELLOW, GREEN, BLUE, WHITE)):
                    s.rect(x + 1 + 2 * i, y + 1, 2, 1, band)
            s.art(x + 3, y + 2, DIGITS[v], INK)
            s.art(x + 3, y + 10, SYMBOLS[c], INK)
        x, y = s.body(T.EMPTY + c, PANEL)
        s.art(x + 3, y + 5, SYMBOLS[c], COLOUR[c])
    x, y = s.body(T.BACK, BACK)
    for j in range(1, 15):
        for i in range(1, 10):
            if (i + j) % 4 == 0 or (i - j) % 4 == 0:
                s.set(x + i, y + j, PATTERN)
    for c in range(6):
        x, y = s.tile_xy(T.SYM + c)
        s.art(x, y + 2, SYMBOLS[c], COLOUR[c])
        x, y = s.tile_xy(T.NEW_SYM + c)
        s.rect(x, y, 5, 8, HIGH)
        s.art(x, y + 2, SYMBOLS[c], INK)
    for v in range(1, 6):
        x, y = s.tile_xy(T.DIGIT + v)
        s.art(x, y, DIGITS[v], WHITE)
        x, y = s.tile_xy(T.NEW_DIGIT + v)
        s.rect(x, y, 5, 8, HIGH)
        s.art(x, y, DIGITS[v], INK)
    x, y = s.tile_xy(T.HINT_ICON)
    s.art(x, y + 2, TOKEN, BLUE)
    x, y = s.tile_xy(T.MISS_ON)
    s.art(x, y + 2, CROSS, RED)
    x, y = s.tile_xy(T.MISS_OFF)
    s.art(x, y + 2, CROSS, PATTERN)
    x, y = s.tile_xy(T.DECK_ICON)
    s.art(x, y + 1, DECK, DIM)
    x, y = s.tile_xy(T.TOUCHED)
    s.art(x + 1, y + 3, DOT, DIM)
    return s


def main(argv=None):
    write_sheet(__doc__.split("\n\n")[0], os.path.join(ROOT, "assets", "hanabi.bmp"), draw, W, H,
                PALETTE, argv)


if __name__ == "__main__":
    main()
