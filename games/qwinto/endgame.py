"""The Qwinto bot's solo endgame (docs/qwinto.md, "The bot"): when the
sheet's holes are each alone or in twos (games.qwinto.endsheet), the
rest of the game is a small chain of states (each part's state, the
misthrows). think() works out each state's expected final score exactly,
fixed point like the potential (SC = one point), a few states a frame.
"""

from array import array

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
# Each solve's per-state values (the end table's scores by holes written,
# a misthrow level's values, the level of one misthrow more), kept from
# solve to solve and made anew only when a solve needs more: made a solve
# at a time, late in the game, such lists found no hole on the device. A
# value is a final score in SC (under 200 points: 25,600): 16 bits hold it.
# (Made at import with room for 99% of solves instead, the import itself
# needed a KB more of the device's heap.)
_BUF = [array("h"), array("h"), array("h")]
_BEST = [_NONE] * 57  # state 0's table (kept in _turn), then any state's
_VALS = [0] * 19  # the sums' values of one dice choice


def _room(i, n):
    """_BUF[i], with room for n values."""
    b = _BUF[i]
    if len(b) < n:
        b = _BUF[i] = array("h", bytes(2 * n))
    return b


def _table(parts, S, hm, dig, stride, row, ends, m5, best, clear):
    """The value of the best move of state S (holes written: hm; each
    part's state: dig) for row r and sum s at [r * 19 + s] (NONE where
    none), as games.qwinto.gains' table; returns the rows with a move."""
    for i in clear:  # what any state set (no garbage)
        best[i] = _NONE
    live = 0
    for c in range(len(parts)):
        d = dig[c]
        step = stride[c]
        part = parts[c]
        for box, sums, t in part[d][1]:
            T = S + (t - d) * step
            v = ends[hm | part[t][0]]
            v = -1 - v - m5 if v < 0 else row[T]
            at = box // 9 * 19
            live |= 1 << box // 9
            for s in sums:
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
    _turn[1:]: the table of state 0, its rows with a move, the misthrow's
    value and state 0's moves each with its value (box, numbers, value)."""
    boxes, mid, parts, n = found
    ends = _room(0, 1 << len(boxes))
    final_scores(sheet, boxes, mid, ends)
    np = len(parts)
    stride = []
    size = []
    clear = []
    step = 1
    for part in parts:
        stride.append(step)
        size.append(len(part))
        step *= len(part)
        for box, sums, t in part[0][1]:
            for s in sums:
                clear.append(box // 9 * 19 + s)
    yield None
    vals = _VALS
    best = _BEST
    for i in range(57):
        best[i] = _NONE
    dig = [0] * np
    row = _room(1, n)
    nxt = _room(2, n)
    count = 0
    for m in range(3, miss - 1, -1):
        for S in range(n - 1, -1, -1):
            x = S
            hm = 0
            for c in range(np):
                d = x % size[c]
                x //= size[c]
                dig[c] = d
                hm |= parts[c][d][0]
            v = ends[hm]
            if v < 0:
                row[S] = -1 - v - 5 * m * _SC
                continue
            floor = nxt[S] if m < 3 else v - 20 * _SC
            live = _table(parts, S, hm, dig, stride, row, ends, 5 * m * _SC, best, clear)
            row[S] = _best(best, floor, vals, live)
            count += 1
            if count == PART:
                count = 0
                yield None
        if m > miss:
            row, nxt = nxt, row
    floor = nxt[0] if miss < 3 else ends[0] - 20 * _SC
    live = _table(parts, 0, 0, dig, stride, row, ends, 5 * miss * _SC, best, clear)
    after = []
    for c in range(np):
        part = parts[c]
        for box, sums, t in part[0][1]:
            v = ends[part[t][0]]
            after.append((box, sums, -1 - v - 5 * miss * _SC if v < 0 else row[t * stride[c]]))
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
    best, live, floor, after = _turn[2:]
    vals = _VALS
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
    for b, sums, v in after:
        if v > top and b in legal and total in sums:
            top = v
            arg = b
    yield arg
