"""Halali's tiles and board: kinds, counts, points, who moves and who
takes what, the exits, names (Kapsa's Halali specification, section 1).

A square is one int, row * 7 + column (0..48): rows 0..6 from north to
south, columns 0..6 from west to east; the centre is 24. Its name is the
column letter and the row number, "a1" (north-west) to "g7"; the exits
are at d1 (north), g4 (east), d7 (south) and a4 (west).

A board cell is one byte: 0 empty, DOWN (8) a face-down tile, else a
face-up tile, kind | rifle * 16 (kind 1..7; rifle 0..3 = north, east,
south, west, for hunters only, 0 for every other kind).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

# Per kind 0..7: none, bear, fox, hunter, lumberjack, pheasant, duck, tree.
COUNT = b"\x00\x02\x06\x08\x02\x08\x07\x0f"  # tiles of each kind (1.2): 48
POINTS = b"\x00\x0a\x05\x05\x05\x03\x02\x02"  # S1: 168 in all
MOVER = b"\x03\x00\x00\x01\x01\x02\x02\x03"  # M1: 0 Blue, 1 Brown, 2 either, 3 nobody
PREY = b"\x00\x18\x60\x66\x80\x00\x00\x00"  # C2: bit k set = may take kind k
EXITS = b"\x03\x1b\x2d\x15"  # 1.1: the exit square toward north, east, south, west
NAMES = ("", "bear", "fox", "hunter", "lumberjack", "pheasant", "duck", "tree")
DIRS = ("north", "east", "south", "west")
SIDES = ("Blue", "Brown")  # beasts, people


def square_name(sq):
    """"a1" for square 0, "d4" for the centre (24)."""
    return "abcdefg"[sq % 7] + str(sq // 7 + 1)


def owner(cell):
    """Who may move the tile in `cell`: 0 Blue, 1 Brown, 2 either (ducks,
    pheasants), 3 nobody (trees, face-down tiles, an empty square)."""
    return MOVER[cell & 7]


def points(p, side):
    """Side's points so far in this game (S1): what it took and what it
    brought out, from a State or a View (their `took` and `out`)."""
    took = p.took
    out = p.out
    b = 8 * side
    n = 0
    for k in range(1, 8):
        n += POINTS[k] * (took[b + k] + out[b + k])
    return n


def on_board(p, side):
    """Whether side still has a face-up tile of its own colour on the board
    (F5)."""
    for c in p.board:
        if MOVER[c & 7] == side:
            return True
    return False
