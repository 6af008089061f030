"""Where things are in Halali's sprite sheet (assets/halali.bmp, drawn by
tools/halali_sprites.py): a 112 x 56 indexed bitmap of 14 x 14 pixel
tiles, 8 a row; a tile's art is 13 x 13, its last column and row the
board's dark gap.

Board tiles: EMPTY, the kinds 1..7 at their own number (bear, fox,
hunter aiming north, lumberjack, pheasant, duck, tree), DOWN a face-down
tile, HUNTER_E..HUNTER_W the hunters aiming east, south, west. Marks for
the overlay over the board (colour 0 transparent there): TARGET, CAPTURE,
SELECT, CURSOR, LOCK, LAST, CLEAR. The last row, read as 7 x 7 tiles (16
a row), holds the small tiles of the captured rows: MINI + kind, MORE, MINI_DOWN.
"""

from micropython import const

TILE = const(14)  # a board square, in pixels
EMPTY = const(0)
DOWN = const(8)
HUNTER_E = const(9)  # + rifle - 1: east 9, south 10, west 11
TARGET = const(12)  # a square the selected tile may move to
CAPTURE = const(13)  # a tile it may take
SELECT = const(14)  # the selected tile
CURSOR = const(15)
LOCK = const(16)  # a duck or pheasant the side to move may not move
LAST = const(17)  # where the last move went, or the tile last turned
CLEAR = const(18)  # nothing (the overlay)
MINI = const(96)  # + kind: the 7 x 7 tile of a captured kind
MORE = const(104)  # more captured tiles than the row shows
MINI_DOWN = const(105)  # a face-down tile, small: the count still face down


def tile(cell):
    """The board tile of a cell (games/halali/tiles.py): empty 0, a kind
    1..7 (a hunter aiming north is 3), face down 8, a hunter aiming east,
    south or west (cell 19, 35, 51) 9..11."""
    return cell if cell <= 8 else 8 + (cell >> 4)
