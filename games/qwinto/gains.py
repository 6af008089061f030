"""The Qwinto bot's table of gains: for each rolled row and each sum, the
best box to write it in and what that adds to the sheet's potential
(games.qwinto.potential). games.qwinto.bot computes it once a turn.
"""

from micropython import const

from games.qwinto.potential import ACC, DONE, EST, P, PHI, potential, row
from games.qwinto.sheet import BONUS_COLUMNS, BONUS_PENT, BOX_COL, COL_BOX, breakdown, full_rows

# potential's SC and NONE as private const()s: the compiler puts the number
# in the code (a global would be looked up in the inner loop, some 6% of the
# bot's time).
_SC = const(128)
_NONE = const(-1000000)


def gains(sheet, rows, s_lo, s_hi):
    """Best gain of writing each sum s_lo..s_hi into each row of mask
    `rows`: (gain list, box list) indexed r * 19 + s; NONE where no box.

    The gain of a box is computed from what changes: the run of empty boxes
    it splits, the row's completion chance, the three-box columns through
    that run (the same potential as potential.row and potential.columns,
    recomputed locally)."""
    gain = [_NONE] * 57
    where = [-1] * 57
    rows_of(sheet, rows, s_lo, s_hi, gain, where)
    return gain, where


def rows_of(sheet, rows, s_lo, s_hi, gain, where):
    """gains() of the rows of mask `rows` into `gain` and `where` (57
    NONE and -1 each, other rows untouched): the bot's think() makes a
    turn's table a row a frame, a call each (a plain function, not a
    generator: a generator's frame would be one piece of the heap, held
    from frame to frame)."""
    base_pts = potential(sheet)  # also fills PHI and EST
    fulls = full_rows(sheet)
    acc = ACC
    tight = P[0]
    low_last = P[2]
    hz = P[7]
    done = DONE  # each row's chance to complete, set by potential() and row()
    ends = P[9] * 5 * P[8]  # the end by two rows (potential.potential)
    taken = [0] * 12  # per column, bit v set when v is written there
    for b in range(27):
        if sheet[b]:
            taken[BOX_COL[b]] |= 1 << sheet[b]
    for r in range(3):
        if not rows >> r & 1:
            continue
        base = r * 9
        # the five three-box columns seen from this row
        cpos = []  # position of the column's box in this row
        crest = []  # product of the other two boxes' fill chances
        cpv = []  # pentagon value, 0 when the pentagon is in this row
        cold = []  # the column's potential now
        for c in range(5):
            col = BONUS_COLUMNS[c]
            a = COL_BOX[col]
            b = COL_BOX[12 + col]
            d = COL_BOX[24 + col]
            pent = BONUS_PENT[c]
            mine = COL_BOX[12 * r + col]
            cpos.append(mine - base)
            rest = 1
            for x in (a, b, d):
                if x != mine:
                    rest *= PHI[x]
            crest.append(rest)
            cpv.append(0 if pent == mine else EST[pent])
            cold.append(PHI[a] * PHI[b] * PHI[d] // (_SC * _SC) * EST[pent])
        # numbers already in each box's column (R4)
        used = []
        for t in range(9):
            used.append(taken[BOX_COL[base + t]])
        runs = []
        comp_old, last = row(sheet, r, runs)[1:]
        pa = done[(r + 1) % 3]
        pb = done[(r + 2) % 3]
        two = (pa + pb - 2 * pa * pb // _SC) * ends  # d(two rows) / d(this row)
        was = done[r]
        empty = 0
        for run in runs:
            empty += run[1] - run[0]
        for i, j, lo, hi, phi, pw in runs:
            k = j - i
            other = _SC
            for run in runs:
                if run[0] != i:
                    other = other * run[5] // _SC
            seg_old = k * phi
            for s in range(lo + 1 if lo + 1 > s_lo else s_lo, (hi if hi <= s_hi else s_hi + 1)):
                bit = 1 << s
                best = gain[r * 19 + s]
                arg = where[r * 19 + s]
                e_mid = acc[s]
                e_s = acc[s + 1]
                for p in range(i, j):
                    if used[p] & bit:
                        continue
                    if fulls and empty == 1:
                        work = bytearray(sheet)
                        work[base + p] = s
                        g = breakdown(work, 0)[9] * _SC - base_pts
                    else:
                        kl = p - i
                        kr = j - 1 - p
                        phl = phr = 0
                        if kl:
                            m = s - lo - 1
                            if m > 0:
                                ease = e_mid - acc[lo + 1]
                                phl = _SC * ease // (ease + tight * kl)
                                if m < kl:
                                    phl = phl * m // kl
                                phl = phl * hz // 16
                        if kr:
                            m = hi - s - 1
                            if m > 0:
                                ease = acc[hi] - e_s
                                phr = _SC * ease // (ease + tight * kr)
                                if m < kr:
                                    phr = phr * m // kr
                                phr = phr * hz // 16
                        g = _SC + kl * phl + kr * phr - seg_old
                        pr = other
                        if pr:
                            for _ in range(kl):
                                pr = pr * phl // _SC
                            for _ in range(kr):
                                pr = pr * phr // _SC
                        if j == 9:
                            if p == 8:
                                new_last = s
                            else:
                                new_last = s + (19 - s) * kr // (kr + 1)
                                if new_last < low_last:
                                    new_last = low_last
                        else:
                            new_last = last
                        g += pr * (new_last - 9) * P[5] // 16 - comp_old
                        g += (pr - was) * two // (_SC * 16)
                        dcol = 0
                        for c in range(5):
                            q = cpos[c]
                            if i <= q < j:
                                if q == p:
                                    ph = _SC
                                    est = s
                                elif q < p:
                                    ph = phl
                                    est = lo + (s - lo) * (q - i + 1) // (kl + 1)
                                else:
                                    ph = phr
                                    est = s + (hi - s) * (q - p) // (kr + 1)
                                dcol += ph * crest[c] // (_SC * _SC) * (cpv[c] or est) - cold[c]
                        g += dcol * P[4] // 16
                    if g > best:
                        best = g
                        arg = base + p
                gain[r * 19 + s] = best
                where[r * 19 + s] = arg
