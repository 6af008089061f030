"""Draw Halali's sprite sheet, assets/halali.bmp (a 4-bit indexed BMP),
from the pixel art below; games/halali/sheet.py says where each tile is.

    python tools/halali_sprites.py [--out assets/halali.bmp]

Board tiles (13 x 13 art and a dark gap): a tile's colour is its side
(blue the beasts, brown the people, green the neutral tiles), its figure
its kind: a black bear's head, an orange fox's head, a hunter in a green
hat (upright) with a white rifle barrel from its hands to the edge it aims
at, ending there in an arrow head, a lumberjack in red
with an axe, a pheasant (red head, white collar, long tail), a white duck
with a yellow bill, a dark fir; face-down tiles are straw with a lattice.
Marks for the overlay: a white dot (may move there), red corners (may
take), a white frame (picked up), the yellow cursor, a padlock, the cyan
dotted ring of the last move. Small 7 x 7 tiles of each kind for the captured
rows.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "stubs-cp")]
sys.path.append(ROOT)

from games.halali import sheet as T  # noqa: E402
from spritesheet import PixelSheet, write_sheet  # noqa: E402

W, H = 112, 56
COLS = W // T.TILE

# Palette indexes (0 is transparent in the overlay's copy).
GAP, FLOOR, STRAW, LATTICE, BLUE, BROWN, GREEN, INK, WHITE, ORANGE, SKIN, YELLOW, RED, \
    CYAN, FIR, GREY = range(16)
PALETTE = (0x0A120C, 0x23402A, 0xC8B47E, 0x8E7A4C, 0x3C74D8, 0xA4622E, 0x74B85E, 0x121212,
           0xF4F4F4, 0xF08A24, 0xF2C08C, 0xFFD23F, 0xFF4A4A, 0x40E0FF, 0x1C5E2A, 0x9AA4AE)
LETTERS = {"#": INK, "W": WHITE, "O": ORANGE, "S": SKIN, "Y": YELLOW, "R": RED,
           "F": FIR, "B": BROWN, "b": BLUE, "g": GREEN, "K": GREY, "x": GAP}

BEAR = ("             ",
        " ##       ## ",
        " ###     ### ",
        "  #########  ",
        " ########### ",
        " ##W#####W## ",
        " ########### ",
        " ####BBB#### ",
        "  ##BB#BB##  ",
        "   ##BBB##   ",
        "    #####    ",
        "             ",
        "             ")
FOX = ("             ",
       " O         O ",
       " OO       OO ",
       " O#O     O#O ",
       " OOOOOOOOOOO ",
       " OOOOOOOOOOO ",
       "  O#OOOOO#O  ",
       "  OOOOOOOOO  ",
       "   WWOOOWW   ",
       "    WWWWW    ",
       "     W#W     ",
       "      #      ",
       "             ")
# A hunter, upright whichever way it aims, holds its rifle: a white barrel
# from its hands to the edge it aims at, ending in an arrow head there,
# and a black stock behind the hands. West is east mirrored.
HUNTERS = (("         W   ",  # north
            "  FFF   WWW  ",
            " FFFFF WWWWW ",
            "FFFFFFF  W   ",
            " SSSSS   W   ",
            " S#S#S   W   ",
            " SSSSS   W   ",
            "FFFFFFFSS#   ",
            "FFFFFFF  #   ",
            "FFFFFFF  #   ",
            " FFFFF   #   ",
            " #   #       ",
            " #   #       "),
           ("             ",  # east
            "  FFF        ",
            " FFFFF       ",
            "FFFFFFF      ",
            " SSSSS       ",
            " S#S#S    W  ",
            " SSSSS    WW ",
            "FFFFF##SWWWWW",
            "FFFFFFF   WW ",
            "FFFFFFF   W  ",
            " FFFFF       ",
            " #   #       ",
            " #   #       "),
           ("             ",  # south
            "  FFF        ",
            " FFFFF       ",
            "FFFFFFF  #   ",
            " SSSSS   #   ",
            " S#S#S   #   ",
            " SSSSS   W   ",
            "FFFFFFFSSW   ",
            "FFFFFFF  W   ",
            "FFFFFFF  W   ",
            " FFFFF WWWWW ",
            " #   #  WWW  ",
            " #   #   W   "))
LUMBERJACK = ("          KK ",
              "    RRR  KKK ",
              "   RRRRR  K# ",
              "   SSSSS  #  ",
              "   S#S#S #   ",
              "   SSSSS #   ",
              "  RRRRRR#    ",
              " RR#RR#R#    ",
              " RRRRRRRR    ",
              " RR#RR#RR    ",
              "  RRRRRR     ",
              "   #  #      ",
              "   #  #      ")
PHEASANT = ("             ",
            "          ## ",
            "  ##     ##  ",
            " #R##   ##   ",
            "  RR#  ##    ",
            "  WWOOO#     ",
            "  OOOOOOO    ",
            "  OOOOOOO    ",
            "   OOOOO     ",
            "    #  #     ",
            "    #  #     ",
            "             ",
            "             ")
DUCK = ("             ",
        "   WWW       ",
        "  WW#W       ",
        "  WWWWYY     ",
        "   WWW       ",
        "   WW        ",
        "  WWWWWWWWW  ",
        " WWWWWWWWWW  ",
        " WWWWWWWWW   ",
        "  WWWWWWW    ",
        "   Y   Y     ",
        "             ",
        "             ")
TREE = ("      F      ",
        "     FFF     ",
        "    FFFFF    ",
        "     FFF     ",
        "    FFFFF    ",
        "   FFFFFFF   ",
        "    FFFFF    ",
        "   FFFFFFF   ",
        "  FFFFFFFFF  ",
        " FFFFFFFFFFF ",
        "      B      ",
        "      B      ",
        "     BBB     ")
PADLOCK = (" WWW ", "W   W", "WWWWW", "WW#WW", "WWWWW")
MINIS = {  # 6 x 6 on the side's colour
    1: ("#    #", "######", "#W##W#", "######", " #### ", "      "),
    2: ("O    O", "OO  OO", "OOOOOO", "O#OO#O", " WWWW ", "  ##  "),
    3: ("  FF  ", " FFFF ", "  SS  ", " FFFF#", " FFFF#", " #  # "),
    4: ("  RR K", "  SS#K", " RRR# ", "RRRR  ", " RR   ", " #  # "),
    5: ("##   #", "R#  # ", " WOO  ", " OOOO ", "  OO  ", "  ##  "),
    6: (" WW   ", " W#Y  ", " WW   ", "WWWWW ", " WWWW ", "      "),
    7: ("  FF  ", " FFFF ", "  FF  ", " FFFF ", "FFFFFF", "  BB  "),
}
BACKING = (0, BLUE, BLUE, BROWN, BROWN, GREEN, GREEN, GREEN)  # by kind


class Sheet(PixelSheet):
    def __init__(self):
        super().__init__(W, H)

    def art(self, x, y, rows, colour=None):
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                if ch != " ":
                    self.set(x + i, y + j, LETTERS[ch] if colour is None else colour)

    def xy(self, index):
        return (index % COLS) * T.TILE, (index // COLS) * T.TILE

    def tile(self, index, colour):
        """A face-up tile's body: 13 x 13 with its corners cut; the gap
        (GAP, 0) right and below."""
        x, y = self.xy(index)
        self.rect(x, y, 13, 13, colour)
        for cx, cy in ((0, 0), (12, 0), (0, 12), (12, 12)):
            self.set(x + cx, y + cy, GAP)
        return x, y

    def ring(self, index, colour, inner, outer):
        """A frame from `inner` to `outer` pixels in from the tile's edges."""
        x, y = self.xy(index)
        for t in range(inner, outer):
            n = 14 - 2 * t if colour == YELLOW else 13 - 2 * t
            for i in range(n):
                self.set(x + t + i, y + t, colour)
                self.set(x + t + i, y + t + n - 1, colour)
                self.set(x + t, y + t + i, colour)
                self.set(x + t + n - 1, y + t + i, colour)


def draw():
    s = Sheet()
    x, y = s.xy(T.EMPTY)
    s.rect(x, y, 13, 13, FLOOR)
    for k, art in ((1, BEAR), (2, FOX), (4, LUMBERJACK), (5, PHEASANT), (6, DUCK), (7, TREE)):
        x, y = s.tile(k, BACKING[k])
        s.art(x, y, art)
    for d, index in enumerate((3, T.HUNTER_E, T.HUNTER_E + 1, T.HUNTER_E + 2)):
        x, y = s.tile(index, BROWN)
        s.art(x, y, HUNTERS[d] if d < 3 else [row[::-1] for row in HUNTERS[1]])
        for cx, cy in ((0, 0), (12, 0), (0, 12), (12, 12)):
            s.set(x + cx, y + cy, GAP)
    x, y = s.tile(T.DOWN, STRAW)
    for j in range(1, 12):
        for i in range(1, 12):
            if (i + j) % 4 == 2 or (i - j) % 4 == 0:
                s.set(x + i, y + j, LATTICE)
    # The overlay's marks (GAP is transparent there).
    x, y = s.xy(T.TARGET)
    s.rect(x + 4, y + 5, 5, 3, WHITE)
    s.rect(x + 5, y + 4, 3, 5, WHITE)
    x, y = s.xy(T.CAPTURE)
    for cx, cy, dx, dy in ((0, 0, 1, 1), (12, 0, -1, 1), (0, 12, 1, -1), (12, 12, -1, -1)):
        for t in range(5):
            for w in range(2):
                s.set(x + cx + dx * t, y + cy + dy * w, RED)
                s.set(x + cx + dx * w, y + cy + dy * t, RED)
    s.ring(T.SELECT, WHITE, 0, 2)
    s.ring(T.CURSOR, YELLOW, 0, 2)
    x, y = s.xy(T.LOCK)
    s.rect(x + 7, y, 6, 7, INK)
    s.art(x + 8, y + 1, PADLOCK)
    x, y = s.xy(T.LAST)
    for i in range(0, 13, 2):
        for a, b in ((i, 0), (i, 12), (0, i), (12, i)):
            s.set(x + a, y + b, CYAN)
    # Small tiles, 7 x 7 (the sheet's last row read at half size).
    for k, art in MINIS.items():
        x, y = (T.MINI + k) % 16 * 7, (T.MINI + k) // 16 * 7
        s.rect(x, y, 6, 6, BACKING[k])
        s.art(x, y, art)
    x, y = T.MINI_DOWN % 16 * 7, T.MINI_DOWN // 16 * 7
    s.rect(x, y, 6, 6, STRAW)
    for j in range(6):
        s.set(x + (j + 2) % 6, y + j, LATTICE)
        s.set(x + 5 - j, y + j, LATTICE)
    x, y = T.MORE % 16 * 7, T.MORE // 16 * 7
    s.rect(x + 2, y, 2, 6, WHITE)
    s.rect(x, y + 2, 6, 2, WHITE)
    return s


def main(argv=None):
    write_sheet(__doc__.split("\n\n")[0], os.path.join(ROOT, "assets", "halali.bmp"), draw, W, H,
                PALETTE, argv)


if __name__ == "__main__":
    main()
