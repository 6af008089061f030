"""The sheet as the Qwinto bot's solo endgame (games.qwinto.endgame) sees
it: its holes, alone or in twos, and each part's states (holes()), and
for each set of holes written, what the sheet scores without misthrows
(final_scores(): counted from the rows and columns the holes complete,
no breakdown() a state, as the endgame solves up to 512 states at
once). Apart from endgame.py so that neither module needs much heap to
compile.
"""

from micropython import const

from games.qwinto.sheet import BONUS_COLUMNS, BONUS_PENT, BOX_COL, COL_BOX, in_column

_SC = const(128)
LIMIT = const(512)  # at most this many states (the parts' states x misthrows)


def holes(sheet, miss):
    """The endgame's view of `sheet` (None when it is not one): (boxes,
    mid, parts, states). boxes: the empty boxes some number still fits
    (holes); mid: the number each counts where a number scores; parts:
    the holes apart, alone or two that take numbers from each other
    (neighbours in a row, no number between them, or a column that both
    may take a number of), as a list of states each (holes written as
    bits, moves), a move (box, its numbers, the state it leads to); none
    when three holes hang together or there are too many states."""
    for b in range(25):  # three empty neighbours: not yet
        if b % 9 < 7 and not (sheet[b] or sheet[b + 1] or sheet[b + 2]):
            return None
    boxes = []
    fits = []
    for b in range(27):
        if sheet[b]:
            continue
        r = b // 9 * 9
        lo = 0
        hi = 19
        for t in range(r, b):
            if sheet[t]:
                lo = sheet[t]
        for t in range(r + 8, b, -1):
            if sheet[t]:
                hi = sheet[t]
        got = []
        for s in range(lo + 1, hi):
            if not in_column(sheet, b, s):
                got.append(s)
        if got:
            if len(boxes) == 9:  # 2 ** 10 states at least
                return None
            boxes.append(b)
            fits.append(got)
    k = len(boxes)
    mate = [-1] * k
    mid = bytearray(k)
    for h in range(k):
        mid[h] = fits[h][len(fits[h]) // 2]
    for h in range(k):
        a = boxes[h]
        for g in range(h + 1, k):
            b = boxes[g]
            row = a // 9 == b // 9
            if row:
                for t in range(a + 1, b):
                    if sheet[t]:
                        row = False
            if row or (BOX_COL[a] == BOX_COL[b] and [s for s in fits[h] if s in fits[g]]):
                if mate[h] >= 0 or mate[g] >= 0:
                    return None
                mate[h] = g
                mate[g] = h
                if row:  # the left one low, the right one high
                    mid[h] = fits[h][len(fits[h]) // 3]
                    mid[g] = fits[g][len(fits[g]) * 2 // 3]
    n = 4 - miss
    parts = []
    for h in range(k):
        a = boxes[h]
        g = mate[h]
        if g < 0:
            parts.append([(0, [(a, fits[h], 1)]), (1 << h, [])])
        elif g > h:
            b = boxes[g]
            fa = fits[h]
            fb = fits[g]
            last = 1 + len(fa) + len(fb)
            row = a // 9 == b // 9
            first = []
            part = [(0, first)]
            for v in fa:
                first.append((a, [v], len(part)))
                got = [w for w in fb if (w > v if row else w != v)]
                part.append((1 << h, [(b, got, last)] if got else []))
            for w in fb:
                first.append((b, [w], len(part)))
                got = [v for v in fa if (v < w if row else v != w)]
                part.append((1 << g, [(a, got, last)] if got else []))
            part.append((1 << h | 1 << g, []))
            parts.append(part)
        else:
            continue
        n *= len(parts[-1])
        if n > LIMIT:
            return None
    return boxes, mid, parts, n // (4 - miss)


def final_scores(sheet, boxes, mid, out):
    """Into out[S], per state S (bit h: hole h written, its middle
    number): the score without misthrows (SC), coded -1 - score when two
    rows are complete."""
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
        out[S] = -1 - v * _SC if full >= 2 else v * _SC
