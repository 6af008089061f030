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

The potential is games.qwinto.potential, the gain of each sum
games.qwinto.gains; greedy_choose(), the baseline the benchmark compares
against, is games.qwinto.greedy (never loaded on the device).
"""

from micropython import const

from games.qwinto.gains import gains, rows_of
from games.qwinto.potential import DIST, P, potential
from games.qwinto.sheet import breakdown, dice_count, full_rows, legal_boxes, row_complete

# potential's SC and NONE (games.qwinto.potential), the engine's actions and
# phases (games.qwinto.engine).
_SC = const(128)
_NONE = const(-1000000)
_PASS = const(27)
_KEEP = const(28)
_REROLL = const(29)
_CHOOSE = const(32)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
_PENDING = const(255)


_cache = [None, None, None]  # type: list  # sheet key, gain, where: reused by one seat's turn


def _table(view, rows, s_lo, s_hi):
    sheet = view.sheet(view.seat)
    if _cache[0] == sheet:
        return _cache[1], _cache[2]
    gain, where = gains(sheet, rows, s_lo, s_hi)
    if rows == 7 and s_lo == 1:
        _cache[0] = sheet
        _cache[1] = gain
        _cache[2] = where
    return gain, where


def _pass_value(view, sheet):
    """Gain (SC scale) of passing as the active seat: a misthrow."""
    miss = view.misthrows[view.seat]
    if miss >= 3:  # the fourth ends the game: only the score remains
        return (breakdown(sheet, miss + 1)[9] * _SC) - potential(sheet)
    return -(5 + P[1] + P[6] * miss) * _SC


def _value(gain, mask, s, floor):
    best = floor
    for r in range(3):
        if mask >> r & 1 and gain[r * 19 + s] > best:
            best = gain[r * 19 + s]
    return best


def _mask_value(gain, mask, floor):
    """(expected gain with the re-roll used well, expected gain of one roll)."""
    n = dice_count(mask)
    at = 19 * (n - 1)
    lo = n
    hi = 6 * n
    total = 6 ** n
    fresh = 0
    for s in range(lo, hi + 1):
        fresh += DIST[at + s] * _value(gain, mask, s, floor)
    fresh //= total
    first = 0
    for s in range(lo, hi + 1):
        v = _value(gain, mask, s, floor)
        first += DIST[at + s] * (v if v > fresh else fresh)
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
        if full and view.entries[seat] == _PENDING:
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
    arg = _PASS
    for b in legal:
        if b != _PASS:
            work[b] = s
            gain = breakdown(work, 0)[9] - now
            work[b] = 0
            if gain > best:
                best = gain
                arg = b
    return arg


def think(view, legal):
    """choose() a part a frame (kapsa.moves.think): before a dice choice
    or a re-roll, the turn's table of gains a row a frame, then the
    choice from it (the same choice)."""
    sheet = view.sheet(view.seat)
    if view.phase in (_P_CHOOSE, _P_DECIDE) and _cache[0] != sheet:
        gain = [_NONE] * 57
        where = [-1] * 57
        for r in range(3):
            rows_of(sheet, 1 << r, 1, 18, gain, where)
            yield None
        _cache[0] = sheet
        _cache[1] = gain
        _cache[2] = where
    yield choose(view, legal)


def choose(view, legal):
    phase = view.phase
    me = view.seat
    if phase == _P_CHOOSE:
        floor = _pass_value(view, view.sheet(me))
        gain, _ = _table(view, 7, 1, 18)
        best = _NONE
        pick = legal[0]
        for mask in range(1, 8):
            v = _mask_value(gain, mask, floor)[0]
            if v > best:
                best = v
                pick = _CHOOSE + mask
        return pick
    if phase == _P_DECIDE:
        floor = _pass_value(view, view.sheet(me))
        gain, _ = _table(view, 7, 1, 18)
        fresh = _mask_value(gain, view.mask, floor)[1]
        return _REROLL if _value(gain, view.mask, view.total, floor) < fresh else _KEEP
    # entry phase
    if len(legal) == 1:
        return _PASS
    s = view.total
    if _last_roll(view):
        return _most_points(view.sheet(me), s, legal)
    gain, where = _table(view, view.mask, s, s)
    best = _NONE
    arg = _PASS
    for r in range(3):
        if view.mask >> r & 1 and gain[r * 19 + s] > best:
            best = gain[r * 19 + s]
            arg = where[r * 19 + s]
    if me == view.active:
        floor = _pass_value(view, view.sheet(me))
    else:
        floor = P[3] * _SC // 16
    return arg if best > floor else _PASS
