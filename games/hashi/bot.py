"""Hashi bot: plans each turn from its view only; docs/hashi.md ("Bot and
solver") describes it, value.py values the boards. Deterministic: the same
view and legal list give the same choice. Comments, not docstrings, below:
MicroPython parses a docstring before dropping it, and the garbage
fragments a small heap."""

from micropython import const

from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.greedy import boards, bridges, valued
from games.hashi.sheet import HIGH, LOW, SOLO_DEADLINE
from games.hashi.value import P, _lab, _used, add, context, labels, value

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_NUMBER = const(0)
_SKIP_A = const(20)
_UNDO = const(21)
_CONFIRM = const(22)
_BRIDGE = const(32)
_START4 = const(160)
_ROUNDS = const(17)
_SETUP = const(0)
_ACTION_A = const(1)

_memo = [None, None]  # the turn's plan: (key, plan)


def view_context(view):
    seen = view.seen
    fut = [0] * 7
    unseen = 0
    ends = 0
    for c in range(len(NUMBERS)):
        if not seen[c]:
            fut[NUMBERS[c]] += 1
            ends += 2 * BRIDGES[c]
            unseen += 1
    rnd = view.round
    vals = [0, 0, 0]
    now = [0, 0, 0]
    got = view.bonus[view.seat]
    for cat in range(3):
        if got[cat]:
            continue
        if view.solo:
            left = SOLO_DEADLINE[cat] - rnd
            now[cat] = HIGH[cat] if left >= 0 else LOW[cat]
            vals[cat] = HIGH[cat] if left >= P[19] else LOW[cat]
        else:
            vals[cat] = now[cat] = LOW[cat] if view.high[cat] else HIGH[cat]
    return context(fut, unseen, _ROUNDS - rnd, ends, vals, now)


def plan(b, num, deg, br, n, want, ctx):
    # The turn for card (n, want bridges) on the board (num, deg, br):
    # (island or -1 for no number, bridges), yielded last. Before it, a
    # None after each part (greedy.PART boards valued): the computer thinks a
    # part a frame (think, kapsa.play), and each part's garbage is
    # collected before the next. The arrays come back unchanged.
    opts = []
    lab = labels(b, br, _lab)
    for i in range(b.n):
        if not num[i] and (deg[i] or not b.flag[i]) and n >= deg[i]:
            num[i] = n
            opts.append((value(b, num, deg, br, ctx, lab), i))
            num[i] = 0
            if valued():
                yield None
    opts.sort(reverse=True)
    opts = [(value(b, num, deg, br, ctx, lab), -1)] + opts[:P[16]]
    _used[0] = 0
    best = None
    out = [None]
    got = (-1, ())
    for v0, i in opts:
        if i >= 0:
            num[i] = n
        if best is None or v0 > best:
            best = v0
            got = (i, ())
        # at most P[20] boards valued for the bridges of a turn: the cost
        # of the slowest turns stays bounded (the places tried last, the
        # least promising, are left out)
        out[0] = None
        if want:
            for _ in bridges(b, num, deg, br, want, ctx, out, P[20] - _used[0]):
                yield None
        if out[0] and out[0][0] > best:
            best = out[0][0]
            got = (i, tuple(out[0][1]))
        if i >= 0:
            num[i] = 0
    yield got


def _turn_plan(view):
    # The plan of this turn, from the board as it was before the turn,
    # yielded last (made once a turn; Nones before it while plan() works).
    sh = view.sheet
    b = sh.b
    num = bytearray(sh.num)
    deg = bytearray(sh.deg)
    br = bytearray(sh.br)
    for k in view.placed:
        add(b, deg, br, k, -1)
    if view.a_island >= 0:
        num[view.a_island] = 0
    key = (bytes(num) + bytes(br) + view.seen + view.bonus[view.seat] + view.high
           + bytes((view.card, view.round, view.seats, ord(b.name))))
    if _memo[0] != key:
        for got in plan(b, num, deg, br, view.number, view.bridges, view_context(view)):
            if got is None:
                yield None
        _memo[1] = got
        _memo[0] = key
    yield _memo[1]


def _setup(view, legal):
    # Start number and island: the best for our own board (solo), the
    # worst for the neighbour's board we write on; yielded last, a None
    # after each part before it.
    sh = view.sheets[view.target]
    b = sh.b
    num = bytearray(sh.num)
    deg = bytearray(sh.deg)
    br = bytearray(sh.br)
    ctx = view_context(view)
    sign = 1 if view.target == view.seat else -1
    best = None
    pick = legal[0]
    for a in legal:
        i = a & 31
        num[i] = 4 if a >= _START4 else 3
        v = sign * value(b, num, deg, br, ctx)
        num[i] = 0
        if best is None or v > best:
            best = v
            pick = a
        if valued():
            yield None
    yield pick


def think(view, legal):
    # choose() a part a frame (kapsa.play): None while the turn's plan (or
    # the setup) is made, then the action.
    boards[0] = 0
    for got in (_setup(view, legal) if view.phase == _SETUP else _turn_plan(view)):
        if got is None:
            yield None
    yield choose(view, legal) if view.phase != _SETUP else got


def choose(view, legal):
    for got in (_setup(view, legal) if view.phase == _SETUP else _turn_plan(view)):
        pass
    if view.phase == _SETUP:
        return got
    i, planned = got
    if view.phase == _ACTION_A:
        a = _SKIP_A if i < 0 else _NUMBER + i
        return a if a in legal else _SKIP_A
    placed = view.placed
    if view.a_island == i and bytes(planned[:len(placed)]) == placed:
        if len(placed) < len(planned):
            return _BRIDGE + planned[len(placed)]
        return _CONFIRM
    # Not our plan (a person played this turn so far): finish or take back.
    return _CONFIRM if _CONFIRM in legal else _UNDO
