"""The Qwinto bot's endgame, solo: when every empty box of the sheet is a
lone hole (its row neighbours written, no other empty box in its column),
writing one box changes no other box's numbers, so the rest of the game
is a small chain of states: which holes are filled, and the misthrows.
think() works out the expected final score of each state exactly (the
best dice, the re-roll when the first sum is worth less than a fresh
roll, the best box or the misthrow), fixed point like the potential
(SC = one point), a few states a frame. A hole not yet written counts
its middle number where the number matters (a row's last box, a
pentagon). Solo, seeds 0..999: +0.76 +- 0.22 points over the potential
with its look-ahead (games.qwinto.bot).
"""

from micropython import const

from games.qwinto.endsheet import final_scores
from games.qwinto.potential import DIST

# potential's SC and NONE, the engine's actions and phases (private copies).
_SC = const(128)
_NONE = const(-1000000)
_PASS = const(27)
_KEEP = const(28)
_REROLL = const(29)
_CHOOSE = const(32)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
PART = const(10)  # states a frame
_TOTAL = (6, 36, 216)
_turn = [None, None, None, None, None, None]  # type: list  # key, then _solve()'s


def _table(boxes, fits, S, row, ends, m5, best):
    """The value of the best hole of row r sum s may go in from state S
    at [r * 19 + s] (NONE where none), as games.qwinto.gains' table; fits:
    the sums of each hole."""
    for h in range(len(boxes)):  # clear what any state set (no garbage)
        at = boxes[h] // 9 * 19
        for s in fits[h]:
            best[at + s] = _NONE
    live = 0
    for h in range(len(boxes)):
        if S >> h & 1:
            continue
        live |= 1 << boxes[h] // 9
        T = S | 1 << h
        v = ends[T]
        v = -1 - v - m5 if v < 0 else row[T]
        at = boxes[h] // 9 * 19
        for s in fits[h]:
            if v > best[at + s]:
                best[at + s] = v
    return live


def _mask(best, mask, floor, vals):
    """The value of `mask` with the re-roll used well; a fresh roll's
    mean in vals[0]."""
    n = (mask & 1) + (mask >> 1 & 1) + (mask >> 2)
    at = 19 * (n - 1)
    total = _TOTAL[n - 1]
    fresh = 0
    for s in range(n, 6 * n + 1):
        v = floor
        if mask & 1 and best[s] > v:
            v = best[s]
        if mask & 2 and best[19 + s] > v:
            v = best[19 + s]
        if mask & 4 and best[38 + s] > v:
            v = best[38 + s]
        vals[s] = v
        fresh += DIST[at + s] * v
    fresh //= total
    first = 0
    for s in range(n, 6 * n + 1):
        v = vals[s]
        first += DIST[at + s] * (v if v > fresh else fresh)
    vals[0] = fresh
    return first // total


def _best(best, floor, vals, live):
    """The best mask's value, the mask in vals[0]; a mask without a row
    of `live` (bit mask of the rows with a hole left) is worth the floor."""
    top = floor
    pick = 7
    for mask in range(1, 8):
        if mask & live:
            v = _mask(best, mask, floor, vals)
            if v > top:
                top = v
                pick = mask
    vals[0] = pick
    return top


def _solve(sheet, miss, found):
    """Solve the endgame from `sheet` (a generator, None a part) into
    _turn[1:]: the holes, the table of state 0, its rows with a hole, the
    misthrow's value and each hole's value once written."""
    boxes, bits = found
    k = len(boxes)
    n = 1 << k
    fits = []
    mid = bytearray(k)
    for h in range(k):
        got = [s for s in range(1, 19) if bits[h] >> s & 1]
        fits.append(got)
        mid[h] = got[len(got) // 2]
    ends = final_scores(sheet, boxes, mid)
    yield None
    vals = [0] * 19
    best = [_NONE] * 57
    row = [0] * n
    nxt = [0] * n  # the level of one misthrow more
    part = 0
    for m in range(3, miss - 1, -1):
        for S in range(n - 1, -1, -1):
            v = ends[S]
            if v < 0:
                row[S] = -1 - v - 5 * m * _SC
                continue
            floor = nxt[S] if m < 3 else v - 20 * _SC
            live = _table(boxes, fits, S, row, ends, 5 * m * _SC, best)
            row[S] = _best(best, floor, vals, live)
            part += 1
            if part == PART:
                part = 0
                yield None
        if m > miss:
            row, nxt = nxt, row
    floor = nxt[0] if miss < 3 else ends[0] - 20 * _SC
    live = _table(boxes, fits, 0, row, ends, 5 * miss * _SC, best)
    after = []
    for h in range(k):
        v = ends[1 << h]
        after.append(-1 - v - 5 * miss * _SC if v < 0 else row[1 << h])
    _turn[1] = boxes
    _turn[2] = best
    _turn[3] = live
    _turn[4] = floor
    _turn[5] = after


def think(sheet, miss, phase, mask, total, legal, found):
    """The bot's turn by the endgame (a generator like bot.think; found:
    holes(sheet, miss)): the dice, keep or re-roll, or the box or PASS."""
    key = bytes(sheet) + bytes((miss,))
    if _turn[0] != key:
        for got in _solve(sheet, miss, found):
            yield None
        _turn[0] = key
    boxes, best, live, floor, after = _turn[1:]
    vals = [0] * 19
    if phase == _P_CHOOSE:
        _best(best, floor, vals, live)
        yield _CHOOSE + vals[0]
        return
    if phase == _P_DECIDE:
        _mask(best, mask, floor, vals)
        fresh = vals[0]
        v = floor
        for r in range(3):
            if mask >> r & 1 and best[r * 19 + total] > v:
                v = best[r * 19 + total]
        yield _REROLL if v < fresh else _KEEP
        return
    top = floor
    arg = _PASS
    for b in legal:
        if b == _PASS:
            continue
        v = after[boxes.index(b)]
        if v > top:
            top = v
            arg = b
    yield arg
