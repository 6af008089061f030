"""The hindsight search's beam passes (solver.py's docstring, phase 1):
round by round, every kept board tries each place for the card's number
(and none) with the bridges the bot would pick, or none, and keeps the
best boards by the bot's valuation. Functions of the Search. Runs
unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hashi import value as V
from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.greedy import bridges
from games.hashi.position import NONE, SKIP
from games.hashi.sheet import HIGH, LOW

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_NUMBER = const(0)
_SKIP_A = const(20)
_CONFIRM = const(22)
_BRIDGE = const(32)


def context(s, r, got):
    """value.context() for the board after round r, knowing the cards to
    come; got: bit c set once category c is scored."""
    key = r * 8 + got
    ctx = s.ctx.get(key)
    if ctx is None:
        fut = [0] * 7
        ends = 0
        for c in s.cards[r + 1:]:
            fut[NUMBERS[c]] += 1
            ends += 2 * BRIDGES[c]
        rr = s.R - r - 1
        vals = [0, 0, 0]
        now = [0, 0, 0]
        for c in range(3):
            if not got >> c & 1:
                left = s.dl[c] - (r + 1)
                now[c] = HIGH[c] if left >= 0 else LOW[c]
                vals[c] = HIGH[c] if left >= V.P[19] else LOW[c]
        if len(s.ctx) > 8:
            s.ctx = {}
        ctx = s.ctx[key] = V.context(fut, rr, rr, ends, vals, now)
    return ctx


def beam(s, width):
    """One beam pass; yields None once per child tried (a unit of work),
    and 1 between the parts of a child's bridges (greedy.bridges)."""
    b = s.b
    num = s.num
    deg = s.deg
    br = s.br
    s.load(s.num0() + bytes(b.nc))
    # a state: (value, num + br, bonus points, scored mask, line)
    states = [(0, bytes(num) + bytes(br), 0, 0, b"")]
    out = [None]
    for r in range(s.R):
        n = NUMBERS[s.cards[r]]
        want = BRIDGES[s.cards[r]]
        kept = {}
        for _v, board, pts, got, line in states:
            s.load(board)
            ctx = context(s, r, got)
            for i in range(b.n + 1):
                if i == b.n:
                    i = SKIP
                elif not s.can_number(i, n):
                    continue
                else:
                    num[i] = n
                child(s, r, pts, got, line, i, (), kept, width)
                for _ in bridges(b, num, deg, br, want, ctx, out):
                    yield 1
                got_b = out[0]
                if got_b:
                    for k in got_b[1]:
                        s.add(k)
                    child(s, r, pts, got, line, i, got_b[1], kept, width)
                    for k in got_b[1]:
                        s.remove(k)
                if i != SKIP:
                    num[i] = 0
                yield
        states = best_of(kept, width)
    for _v, board, pts, got, line in states:
        s.load(board)
        s.found(pts + 2 * s.finished(), beam_line(s, line))
        if s.proven:
            return


def child(s, r, pts, got, line, i, bridges, kept, width):
    """Keep the board after round r (number on i, these bridges) if it
    is new; `kept` holds at most 2 * width boards, the best."""
    p2, g2 = scored(s, r, pts, got)
    key = bytes(s.num) + bytes(s.br) + bytes((p2,))
    if key in kept:
        return
    v = p2 * 100 + V.value(s.b, s.num, s.deg, s.br, context(s, r, g2))
    step = bytes((i,)) + bytes(bridges) + bytes((NONE,))
    kept[key] = (v, key, p2, g2, line + step)
    if len(kept) > 2 * width:
        for x in best_of(kept, len(kept))[width:]:
            del kept[x[1]]


def scored(s, r, pts, got):
    """Bonus points and scored mask after the end of round r."""
    for c in range(3):
        if not got >> c & 1 and s.met(c):
            got |= 1 << c
            pts += HIGH[c] if r + 1 <= s.dl[c] else LOW[c]
    return pts, got


def beam_line(s, line):
    """The engine actions of a beam line (per round: the place, its
    bridges, NONE), in a list made at its size at once: a list grown by
    appends asks for larger blocks than it keeps (the heap's holes are
    small late in the search)."""
    n = 1 + len(line)
    for x in line:
        if x == NONE:
            n += 1  # a round: its card and its CONFIRM for its NONE
    out = [0] * n
    out[0] = s.start
    r = 0
    j = 0
    o = 1
    while j < len(line):
        out[o] = s.cards[r]
        out[o + 1] = _SKIP_A if line[j] == SKIP else _NUMBER + line[j]
        o += 2
        j += 1
        while line[j] != NONE:
            out[o] = _BRIDGE + line[j]
            o += 1
            j += 1
        j += 1
        out[o] = _CONFIRM
        o += 1
        r += 1
    return out


def best_of(kept, width):
    """The `width` best states of a dict of them, best first."""
    return sorted(kept.values(), reverse=True)[:width]
