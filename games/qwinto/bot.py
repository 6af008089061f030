"""Qwinto bot: chooses dice, keep or re-roll, and where (or whether) to write,
from its view only. Deterministic: no randomness, the same view and legal
list give the same choice.

It values a sheet by a potential: the points already certain plus the
points the empty boxes may still bring (docs/qwinto.md, "Bot"):

- a run of k empty boxes of a row between written numbers L and R can take
  only numbers L+1..R-1; each box of the run is filled with a chance phi
  that falls as the run gets tight (few numbers, hard-to-roll numbers such
  as 15-18, for many boxes);
- a row scores its count of numbers, or its last number once complete:
  the chance that all its empty boxes fill times (last number - 9);
- a three-box column scores its pentagon times the chance of all three
  boxes filling (the pentagon's value estimated from its neighbours);
- a misthrow costs 5 and a bit more, the fourth ends the game.

Writing sum s into a box is worth potential(after) - potential(before); a
move that ends the game (second complete row) is worth the final score, and
on a roll after which the game ends anyway the bot writes for points now.
A dice choice is worth the expected value of its sums, with the re-roll
taken whenever the first sum is worth less than a fresh roll.

greedy_choose() is the baseline the benchmark compares against.
"""

from micropython import const

from games.qwinto.engine import CHOOSE, KEEP, P_CHOOSE, P_DECIDE, PASS, PENDING, REROLL
from games.qwinto.sheet import (
    BONUS_COLUMNS, BONUS_PENT, BOX_COL, COL_BOX, NO_BOX, breakdown, dice_count, full_rows,
    legal_boxes, row_complete)

SC = const(128)  # fixed point: 128 = one point, or a certain fill
NONE = const(-1000000)

# Tunable figures (tools/bench_qwinto.py measures them).
P = [
    6,  # 0 C: tightness; phi = M / (M + C * k / 16)
    5,  # 1 misthrow extra cost (points) on top of 5
    15,  # 2 last number of a row if its last box is empty (at least)
    0,  # 3 threshold (points * SC / 16) for a non-active seat to write
    13,  # 4 weight (x16) of the column bonus potential
    16,  # 5 weight (x16) of the row completion potential
    0,  # 6 misthrow extra cost per misthrow already ticked (points)
]

# Ease of each number 0..18 (x16): chance of rolling it with the best
# number of dice, relative to one face of one die (1/6), to the power 0.55.
_EASE = bytes((0, 16, 16, 16, 16, 16, 16, 16, 14, 13, 14, 14, 13, 12, 10, 8, 6, 4, 2))


def _prefix():
    out = [0] * 20
    t = 0
    for v in range(19):
        t += _EASE[v]
        out[v + 1] = t  # out[v + 1] = sum of ease of 0..v
    return out


_ACC = _prefix()  # ease of numbers a+1..b-1 = _ACC[b] - _ACC[a + 1]


def _dists():
    """Number of ordered rolls giving each sum 0..18, for 1, 2, 3 dice."""
    out = [b""]
    cur = [1] + [0] * 18
    for _ in range(3):
        nxt = [0] * 19
        for s in range(19):
            if cur[s]:
                for f in range(1, 7):
                    if s + f < 19:
                        nxt[s + f] += cur[s]
        out.append(bytes(nxt))
        cur = nxt
    return out


_DIST = _dists()

_PHI = bytearray(27)  # fill chance of each box (SC = filled)
_EST = bytearray(27)  # value of each box, written or estimated


def _phi(k, lo, hi):
    """Fill chance (SC scale) of each of k empty boxes between lo and hi."""
    m = hi - lo - 1
    if m <= 0:
        return 0
    ease = _ACC[hi] - _ACC[lo + 1]
    phi = SC * ease // (ease + P[0] * k)
    if m < k:
        phi = phi * m // k
    return phi


def _row(sheet, r, runs=None):
    """Potential of row r (SC scale): (points, of which the completion
    term, the last number or its estimate). Fills _PHI and _EST of the row;
    appends (first, end, lo, hi, phi, phi ** k) of each empty run to `runs`."""
    base = r * 9
    pts = 0
    prob = SC
    lo = 0
    i = 0
    while i < 9:
        v = sheet[base + i]
        if v:
            pts += SC
            _PHI[base + i] = SC
            _EST[base + i] = v
            lo = v
            i += 1
            continue
        j = i + 1
        while j < 9 and not sheet[base + j]:
            j += 1
        hi = sheet[base + j] if j < 9 else 19
        k = j - i
        phi = _phi(k, lo, hi)
        pts += phi * k
        step = hi - lo
        pw = SC
        for t in range(i, j):
            _PHI[base + t] = phi
            _EST[base + t] = lo + step * (t - i + 1) // (k + 1)
            pw = pw * phi // SC
        prob = prob * pw // SC
        if runs is not None:
            runs.append((i, j, lo, hi, phi, pw))
        lo = hi
        i = j
    last = sheet[base + 8]
    if not last:
        last = _EST[base + 8]
        if last < P[2]:
            last = P[2]
    comp = prob * (last - 9) * P[5] // 16
    return pts + comp, comp, last


def _cols():
    """Potential points (SC scale) of the five three-box columns."""
    pts = 0
    for i in range(5):
        c = BONUS_COLUMNS[i]
        pts += _PHI[COL_BOX[c]] * _PHI[COL_BOX[12 + c]] * _PHI[COL_BOX[24 + c]] // (SC * SC) \
            * _EST[BONUS_PENT[i]]
    return pts * P[4] // 16


def _potential(sheet):
    return _row(sheet, 0)[0] + _row(sheet, 1)[0] + _row(sheet, 2)[0] + _cols()


def _best(sheet, rows, s_lo, s_hi):
    """Best gain of writing each sum s_lo..s_hi into each row of mask
    `rows`: (gain list, box list) indexed r * 19 + s; NONE where no box.

    The gain of a box is computed from what changes: the run of empty boxes
    it splits, the row's completion chance, the three-box columns through
    that run (the same potential as _row and _cols, recomputed locally)."""
    gain = [NONE] * 57
    where = [-1] * 57
    base_pts = _potential(sheet)  # also fills _PHI and _EST
    fulls = full_rows(sheet)
    acc = _ACC
    tight = P[0]
    low_last = P[2]
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
                    rest *= _PHI[x]
            crest.append(rest)
            cpv.append(0 if pent == mine else _EST[pent])
            cold.append(_PHI[a] * _PHI[b] * _PHI[d] // (SC * SC) * _EST[pent])
        # numbers already in each box's column (R4)
        used = []
        for t in range(9):
            m = 0
            col = BOX_COL[base + t]
            for x in range(3):
                b = COL_BOX[12 * x + col]
                if b != NO_BOX and sheet[b]:
                    m |= 1 << sheet[b]
            used.append(m)
        runs = []
        comp_old, last = _row(sheet, r, runs)[1:]
        empty = 0
        for run in runs:
            empty += run[1] - run[0]
        for i, j, lo, hi, phi, pw in runs:
            k = j - i
            other = SC
            for run in runs:
                if run[0] != i:
                    other = other * run[5] // SC
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
                        g = breakdown(work, 0)[9] * SC - base_pts
                    else:
                        kl = p - i
                        kr = j - 1 - p
                        phl = phr = 0
                        if kl:
                            m = s - lo - 1
                            if m > 0:
                                ease = e_mid - acc[lo + 1]
                                phl = SC * ease // (ease + tight * kl)
                                if m < kl:
                                    phl = phl * m // kl
                        if kr:
                            m = hi - s - 1
                            if m > 0:
                                ease = acc[hi] - e_s
                                phr = SC * ease // (ease + tight * kr)
                                if m < kr:
                                    phr = phr * m // kr
                        g = SC + kl * phl + kr * phr - seg_old
                        pr = other
                        if pr:
                            for _ in range(kl):
                                pr = pr * phl // SC
                            for _ in range(kr):
                                pr = pr * phr // SC
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
                        dcol = 0
                        for c in range(5):
                            q = cpos[c]
                            if i <= q < j:
                                if q == p:
                                    ph = SC
                                    est = s
                                elif q < p:
                                    ph = phl
                                    est = lo + (s - lo) * (q - i + 1) // (kl + 1)
                                else:
                                    ph = phr
                                    est = s + (hi - s) * (q - p) // (kr + 1)
                                dcol += ph * crest[c] // (SC * SC) * (cpv[c] or est) - cold[c]
                        g += dcol * P[4] // 16
                    if g > best:
                        best = g
                        arg = base + p
                gain[r * 19 + s] = best
                where[r * 19 + s] = arg
    return gain, where


_cache = [None, None, None]  # sheet key, gain, where: reused by one seat's turn


def _table(view, rows, s_lo, s_hi):
    sheet = view.sheet(view.seat)
    if _cache[0] == sheet:
        return _cache[1], _cache[2]
    gain, where = _best(sheet, rows, s_lo, s_hi)
    if rows == 7 and s_lo == 1:
        _cache[0] = sheet
        _cache[1] = gain
        _cache[2] = where
    return gain, where


def _pass_value(view, sheet):
    """Gain (SC scale) of passing as the active seat: a misthrow."""
    miss = view.misthrows[view.seat]
    if miss >= 3:  # the fourth ends the game: only the score remains
        return (breakdown(sheet, miss + 1)[9] * SC) - _potential(sheet)
    return -(5 + P[1] + P[6] * miss) * SC


def _value(gain, mask, s, floor):
    best = floor
    for r in range(3):
        if mask >> r & 1 and gain[r * 19 + s] > best:
            best = gain[r * 19 + s]
    return best


def _mask_value(gain, mask, floor):
    """(expected gain with the re-roll used well, expected gain of one roll)."""
    n = dice_count(mask)
    dist = _DIST[n]
    lo = n
    hi = 6 * n
    total = 6 ** n
    fresh = 0
    for s in range(lo, hi + 1):
        fresh += dist[s] * _value(gain, mask, s, floor)
    fresh //= total
    first = 0
    for s in range(lo, hi + 1):
        v = _value(gain, mask, s, floor)
        first += dist[s] * (v if v > fresh else fresh)
    return first // total, fresh


def _last_roll(view):
    """Whether the game surely or very likely ends after this roll: someone
    has two complete rows or a fourth misthrow, or a seat still to write can
    complete its second row with this sum."""
    s = view.total
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        if view.misthrows[seat] >= 4:
            return True
        sheet = view.sheet(seat)
        full = full_rows(sheet)
        if full >= 2:
            return True
        if full and view.entries[seat] == PENDING:
            work = bytearray(sheet)
            for b in legal_boxes(sheet, view.mask, s):
                work[b] = s
                if row_complete(work, b // 9):
                    return True
                work[b] = 0
    return False


def _most_points(sheet, s, legal):
    """The legal box that adds the most points now (S1-S3), else PASS."""
    work = bytearray(sheet)
    now = breakdown(work, 0)[9]
    best = 0
    arg = PASS
    for b in legal:
        if b != PASS:
            work[b] = s
            gain = breakdown(work, 0)[9] - now
            work[b] = 0
            if gain > best:
                best = gain
                arg = b
    return arg


def choose(view, legal):
    phase = view.phase
    me = view.seat
    if phase == P_CHOOSE:
        floor = _pass_value(view, view.sheet(me))
        gain, _ = _table(view, 7, 1, 18)
        best = NONE
        pick = legal[0]
        for mask in range(1, 8):
            v = _mask_value(gain, mask, floor)[0]
            if v > best:
                best = v
                pick = CHOOSE + mask
        return pick
    if phase == P_DECIDE:
        floor = _pass_value(view, view.sheet(me))
        gain, _ = _table(view, 7, 1, 18)
        fresh = _mask_value(gain, view.mask, floor)[1]
        return REROLL if _value(gain, view.mask, view.total, floor) < fresh else KEEP
    # entry phase
    if len(legal) == 1:
        return PASS
    s = view.total
    if _last_roll(view):
        return _most_points(view.sheet(me), s, legal)
    gain, where = _table(view, view.mask, s, s)
    best = NONE
    arg = PASS
    for r in range(3):
        if view.mask >> r & 1 and gain[r * 19 + s] > best:
            best = gain[r * 19 + s]
            arg = where[r * 19 + s]
    if me == view.active:
        floor = _pass_value(view, view.sheet(me))
    else:
        floor = P[3] * SC // 16
    return arg if best > floor else PASS


def greedy_choose(view, legal):
    """Baseline: roll all three dice, keep, write into the legal box whose
    typical value (2 + 2 x its place in the row) is nearest the sum; a
    non-active seat writes only when that is within 2."""
    if view.phase == P_CHOOSE:
        return CHOOSE + 7
    if view.phase == P_DECIDE:
        return KEEP
    best = PASS
    dist = 99
    for b in legal:
        if b != PASS and abs(view.total - 2 - 2 * (b % 9)) < dist:
            best = b
            dist = abs(view.total - 2 - 2 * (b % 9))
    return PASS if dist > 2 and view.seat != view.active else best
