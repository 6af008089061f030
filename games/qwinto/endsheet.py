"""The sheet as the Qwinto bot's solo endgame (games.qwinto.endgame) sees
it: its lone holes (holes()), and for each set of them written, what the
sheet scores without misthrows (final_scores(): counted from the rows and
columns the holes complete, no breakdown() a state, as the endgame solves
up to 128 states at once). Apart from endgame.py so that neither module
needs much heap to compile.
"""

from micropython import const

from games.qwinto.sheet import BONUS_COLUMNS, BONUS_PENT, BOX_COL, COL_BOX, in_column

_SC = const(128)
LIMIT = const(512)  # at most this many states (holes' subsets x misthrows)


def holes(sheet, miss):
    """(boxes, numbers each may take as a bit mask) of the empty boxes of
    `sheet` that some number still fits, or None when two empty boxes are
    neighbours in a row or share a column, or there are too many states."""
    boxes = []
    fits = []
    cols = 0
    n = 4 - miss
    for b in range(27):
        if sheet[b]:
            continue
        i = b % 9
        if (i and not sheet[b - 1]) or (i < 8 and not sheet[b + 1]):
            return None
        c = 1 << BOX_COL[b]
        if cols & c:
            return None
        cols |= c
        lo = sheet[b - 1] if i else 0
        hi = sheet[b + 1] if i < 8 else 19
        bits = 0
        for s in range(lo + 1, hi):
            if not in_column(sheet, b, s):
                bits |= 1 << s
        if bits:
            n *= 2
            if n > LIMIT:
                return None
            boxes.append(b)
            fits.append(bits)
    return boxes, fits


def final_scores(sheet, boxes, mid):
    """Per state S (bit h: hole h written, its middle number): the score
    without misthrows (SC), coded -1 - score when two rows are complete."""
    k = len(boxes)
    at = [-1] * 27  # hole of each box
    for h in range(k):
        at[boxes[h]] = h
    rows = []  # per row: numbers written, holes (bits), last number (0: never complete)
    for r in range(3):
        got = 0
        need = 0
        ok = True
        for b in range(r * 9, r * 9 + 9):
            if sheet[b]:
                got += 1
            elif at[b] < 0:
                ok = False
            else:
                need |= 1 << at[b]
        b = r * 9 + 8
        rows.append((got, need, (sheet[b] or mid[at[b]]) if ok else 0))
    cols = []  # per three-box column that may complete: holes, pentagon
    for c in range(5):
        col = BONUS_COLUMNS[c]
        need = 0
        ok = True
        for b in (COL_BOX[col], COL_BOX[12 + col], COL_BOX[24 + col]):
            if not sheet[b]:
                if at[b] < 0:
                    ok = False
                else:
                    need |= 1 << at[b]
        if ok:
            b = BONUS_PENT[c]
            cols.append((need, sheet[b] or mid[at[b]]))
    out = []
    for S in range(1 << k):
        v = 0
        full = 0
        for got, need, last in rows:
            if last and need & S == need:
                v += last
                full += 1
            else:
                x = need & S
                while x:
                    x &= x - 1
                    got += 1
                v += got
        for need, pent in cols:
            if need & S == need:
                v += pent
        out.append(-1 - v * _SC if full >= 2 else v * _SC)
    return out
