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
- a misthrow costs 5 and a bit more, the fourth ends the game;
- a game that ends by two complete rows saves the misthrows left: the
  chance two rows complete times the misthrows left times a part of 5.

Writing sum s into a box is worth potential(after) - potential(before); a
move that ends the game (second complete row) is worth the final score, and
on a roll after which the game ends anyway the bot writes for points now.
A dice choice is worth the expected value of its sums, with the re-roll
taken whenever the first sum is worth less than a fresh roll. At its own
roll the bot looks a turn further: the best few boxes and the misthrow
are each weighed with the turn that follows (games.qwinto.ahead).
In a solo game whose holes are each alone or in twos (few enough states),
games.qwinto.endgame decides instead, by the exact expected final score.

The potential is games.qwinto.potential, the gain of each sum
games.qwinto.gains; greedy_choose(), the baseline the benchmark compares
against, is games.qwinto.greedy (never loaded on the device).
"""

from micropython import const

from games.qwinto.ahead import after, best_mask, mask_value, pass_value, passed, ranked, value
from games.qwinto.gains import gains, rows_of
from games.qwinto.potential import P, use
from games.qwinto.sheet import breakdown, full_rows, legal_boxes, row_complete

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
_P_ENTRY = const(5)
_PENDING = const(255)


_cache = [None, None, None]  # type: list  # sheet key, gain, where: reused by one seat's turn
_end = []  # type: list  # the solo endgame's modules (endgame, endsheet), once imported


def _table(view, rows, s_lo, s_hi):
    sheet = view.sheet(view.seat)
    if _cache[0] == _key(sheet, view.misthrows[view.seat]):
        return _cache[1], _cache[2]
    return gains(sheet, rows, s_lo, s_hi)


def _key(sheet, miss):
    """The cache's key: a table depends on the sheet and its misthrows."""
    return sheet + bytes((miss,))


def _keep(key, gain, where):
    _cache[0] = key
    _cache[1] = gain
    _cache[2] = where


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
    """The bot's decision a part a frame (kapsa.moves.think): None while it
    works, then the action. A part is a row of a table of gains (a dice
    choice or a re-roll without the turn's table yet; each box weighed
    with the next turn at its own roll), or the boxes ranked, or the
    turn's choice; choose() is its last answer."""
    me = view.seat
    sheet = view.sheet(me)
    phase = view.phase
    miss = view.misthrows[me]
    key = _key(sheet, miss)
    use(miss)
    if view.seats == 1:  # solo: imported here, never in a game with others
        if not _end:
            # at the first decision, each in a frame of its own (as .py
            # both in one frame came near 31 M fuel, most of it compiling)
            yield None
            from games.qwinto import endsheet
            yield None
            from games.qwinto import endgame
            _end.append(endgame)
            _end.append(endsheet)
            yield None
        endgame, endsheet = _end
        found = endsheet.holes(sheet, miss)
        if found is not None:  # holes alone or in twos: the endgame, exactly
            for got in endgame.think(sheet, miss, phase, view.mask, view.total, legal, found):
                yield got
            return
    if phase == _P_ENTRY:
        s = view.total
        if len(legal) == 1:
            yield _PASS
            return
        if _last_roll(view):
            yield _most_points(sheet, s, legal)
            return
        if me != view.active:
            gain, where = _table(view, view.mask, s, s)
            best = _NONE
            arg = _PASS
            for r in range(3):
                if view.mask >> r & 1 and gain[r * 19 + s] > best:
                    best = gain[r * 19 + s]
                    arg = where[r * 19 + s]
            yield arg if best > P[3] * _SC // 16 else _PASS
            return
    if _cache[0] != key:
        gain = [_NONE] * 57
        where = [-1] * 57
        for r in range(3):
            rows_of(sheet, 1 << r, 1, 18, gain, where)
            yield None
        _keep(key, gain, where)
    if phase != _P_ENTRY:
        floor = pass_value(sheet, miss)
        gain = _cache[1]
        if phase == _P_CHOOSE:
            yield _CHOOSE + best_mask(gain, floor)[0]
        else:
            fresh = mask_value(gain, view.mask, floor)[1]
            yield _REROLL if value(gain, view.mask, view.total, floor) < fresh else _KEEP
        return
    # its own roll: the best boxes and the misthrow, each with the next turn
    best = passed(sheet, miss, _cache[1])
    arg = _PASS
    tops = ranked(sheet, miss, s, legal)
    yield None
    kept = None
    work = bytearray(sheet)
    for key, b, over in tops:
        if over:
            v = key >> 5
        else:
            work[b] = s
            then = bytes(work)
            work[b] = 0
            gain = [_NONE] * 57
            where = [-1] * 57
            for r in range(3):
                rows_of(then, 1 << r, 1, 18, gain, where)
                yield None
            v = after(then, miss, gain)
            yield None  # a frame of its own: a row and this together came near 12 M fuel
        if v > best:
            best = v
            arg = b
            kept = None if over else (then, gain, where)
    if kept is not None:  # the next dice choice's table, made already
        _keep(_key(kept[0], miss), kept[1], kept[2])
    yield arg


def choose(view, legal):
    for got in think(view, legal):
        pass
    return got
