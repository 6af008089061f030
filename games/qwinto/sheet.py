"""Qwinto's sheet: its geometry, where a sum may go (R2-R8) and its score
(S1-S5). Shared by the engine, the bot and the screen; no state.

27 boxes numbered 0..26, row by row, left to right, the gap skipped:
orange 0..8, yellow 9..17, purple 18..26. Box b is in row b // 9 and
column BOX_COL[b] (0..11). A sheet is 27 bytes, 0 = empty, else the
number written (1..18).
"""

from micropython import const

BOXES = const(27)
ROW_BOXES = const(9)
COLUMNS = const(12)
MISTHROWS = const(4)  # the fourth ends the game (E2)
NO_BOX = const(255)  # COL_BOX where a row has no box

ROW_NAMES = ("orange", "yellow", "purple")

# The sheet as a table (docs/qwinto.md, "The sheet"), as bytes: a bytes
# object is one small block on the heap, where a tuple of tuples is many.
ROW_OFFSET = b"\x02\x01\x00"  # column of each row's first position
GAP_COL = b"\x05\x06\x04"  # the column of each row's gap (R5)
PENTAGONS = b"\x01\x04\x0f\x14\x1a"  # boxes 1, 4, 15, 20, 26
BONUS_COLUMNS = b"\x02\x03\x07\x08\x09"  # the three-box columns
BONUS_PENT = b"\x14\x01\x04\x0f\x1a"  # the pentagon of each: 20, 1, 4, 15, 26

# Column of each box: orange 2 3 4 _ 6 7 8 9 10 11, yellow 1 2 3 4 5 _ 7 8
# 9 10, purple 0 1 2 3 _ 5 6 7 8 9 (_ = the gap).
BOX_COL = (b"\x02\x03\x04\x06\x07\x08\x09\x0a\x0b"
           b"\x01\x02\x03\x04\x05\x07\x08\x09\x0a"
           b"\x00\x01\x02\x03\x05\x06\x07\x08\x09")
# The box of row r in column c: COL_BOX[12 * r + c], or NO_BOX (the gap, or
# the row does not reach that column).
COL_BOX = (b"\xff\xff\x00\x01\x02\xff\x03\x04\x05\x06\x07\x08"
           b"\xff\x09\x0a\x0b\x0c\x0d\xff\x0e\x0f\x10\x11\xff"
           b"\x12\x13\x14\x15\xff\x16\x17\x18\x19\x1a\xff\xff")

# Breakdown layout: breakdown(...) returns a tuple of 10 ints.
BD_ROWS = const(0)  # 0, 1, 2: orange, yellow, purple row points (S1/S2)
BD_COLS = const(3)  # 3..7: bonus of columns 2, 3, 7, 8, 9 (S3)
BD_MISS = const(8)  # -5 per misthrow (S4)
BD_TOTAL = const(9)  # S5


def box_at(row, column):
    """The box of `row` in `column`, or -1 (gap or outside the row)."""
    if not 0 <= column < COLUMNS:
        return -1
    b = COL_BOX[12 * row + column]
    return -1 if b == NO_BOX else b


def col_boxes(column):
    """The boxes of a column, top (orange) to bottom (purple)."""
    out = []
    for r in range(3):
        b = COL_BOX[12 * r + column]
        if b != NO_BOX:
            out.append(b)
    return out


def is_pentagon(box):
    return box in PENTAGONS


def colours(mask):
    """'orange+purple' for mask 5."""
    return "+".join(ROW_NAMES[r] for r in range(3) if mask >> r & 1)


def dice_count(mask):
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1)


def roll_values(mask, code):
    """(orange, yellow, purple) dice values for chance outcome code."""
    vals = [0, 0, 0]
    for r in (2, 1, 0):
        if mask >> r & 1:
            vals[r] = code % 6 + 1
            code //= 6
    return vals


def _row_window(sheet, base, s):
    """Positions (first, end) of the row starting at box `base` where sum `s`
    may go by R2, or (0, 0) when `s` is already in the row."""
    start = 0
    for n in range(9):
        v = sheet[base + n]
        if v:
            if v < s:
                start = n + 1
            elif v == s:
                return 0, 0
            else:
                return start, n
    return start, 9


def in_column(sheet, box, s):
    """Whether `s` is written in the column of `box` (R4)."""
    c = BOX_COL[box]  # the column's three rows, unrolled: legal_boxes() asks often
    b = COL_BOX[c]
    if b != NO_BOX and sheet[b] == s:
        return True
    b = COL_BOX[12 + c]
    if b != NO_BOX and sheet[b] == s:
        return True
    b = COL_BOX[24 + c]
    return b != NO_BOX and sheet[b] == s


def legal_boxes(sheet, mask, total):
    """Boxes of `sheet` (27 bytes) where `total` may be written when the dice
    of `mask` were rolled (R8). The screen highlights these; the bot picks
    from them."""
    out = []
    if not total:
        return out
    for r in range(3):
        if mask >> r & 1:
            base = r * 9
            first, end = _row_window(sheet, base, total)
            for b in range(base + first, base + end):
                if not in_column(sheet, b, total):
                    out.append(b)
    return out


def row_complete(sheet, row):
    base = row * 9
    for b in range(base, base + 9):
        if not sheet[b]:
            return False
    return True


def full_rows(sheet):
    """How many rows of `sheet` are complete (two end the game, E1)."""
    return row_complete(sheet, 0) + row_complete(sheet, 1) + row_complete(sheet, 2)


def breakdown(sheet, misthrows):
    """Points of one sheet: (orange, yellow, purple, column 2, 3, 7, 8, 9
    bonus, misthrow penalty, total); see BD_*."""
    out = []
    for r in range(3):
        base = r * 9
        n = 0
        for b in range(base, base + 9):
            if sheet[b]:
                n += 1
        out.append(sheet[base + 8] if n == 9 else n)  # S2 / S1
    for i in range(5):
        c = BONUS_COLUMNS[i]
        full = sheet[COL_BOX[c]] and sheet[COL_BOX[12 + c]] and sheet[COL_BOX[24 + c]]
        out.append(sheet[BONUS_PENT[i]] if full else 0)  # S3
    out.append(-5 * misthrows)  # S4
    out.append(sum(out))  # S5
    return tuple(out)


def score(sheet, misthrows):
    return breakdown(sheet, misthrows)[BD_TOTAL]


def winners(scores):
    """Seats with the best total; several share the win (OP-5)."""
    best = max(scores)
    return [s for s in range(len(scores)) if scores[s] == best]
