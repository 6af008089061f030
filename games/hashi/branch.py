"""The hindsight search's exact phase (solver.py's docstring, phase 2): a
depth-first branch and bound over every legal turn, children in the order
of their bounds (bound.py), cut when the bound cannot beat the best.
Functions of the Search. Runs unchanged on CircuitPython, MicroPython and
CPython.
"""

from micropython import const

from games.hashi import bound
from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.position import NONE, SKIP

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_NUMBER = const(0)
_SKIP_A = const(20)
_CONFIRM = const(22)
_BRIDGE = const(32)

# Bounds in a part of a node's work (push): about 18 ms each on the
# device (the end screen runs a part a frame).
PART = const(2)


def branch(s):
    """Depth-first branch and bound; yields None once per node (a unit of
    work), and 1 between the parts of a node's options (push)."""
    s.load(s.num0() + bytes(s.b.nc))
    for c in range(3):
        s.at_dl[c] = 0
    stack = s.stack = []
    for part in push(s, 0, 0, 0):
        yield part
    while stack:
        yield
        fr = stack[-1]
        r, j, opts, bnds, idx, o = fr
        if o >= 0:
            undo(s, j, o)
            fr[5] = -1
        if idx >= len(opts) or bnds[idx] <= s.best:
            stack.pop()
            frontier(s)
            continue
        o = opts[idx]
        fr[4] = idx + 1
        fr[5] = o
        n = NUMBERS[s.cards[r]]
        want = BRIDGES[s.cards[r]]
        if j == 0:
            if o != SKIP:
                s.num[o] = n
            nr, nj = r, 1
        else:
            if o != NONE:
                s.add(o)
            if o == NONE or j == want:
                s.round_end(r)
                nr, nj = r + 1, 0
            else:
                nr, nj = r, j + 1
        if nr >= s.R:
            s.found(s.score(), branch_line(s))
            if s.proven:
                return
            continue
        if nj == 0 and s.seen is not None:
            key = bytes(s.num) + bytes(s.br) + bytes(s.at_dl) + bytes((nr,))
            if key in s.seen:
                continue
            if len(s.seen) < s.table:
                s.seen.add(key)
        for part in push(s, nr, nj, o if nj > 1 else 0):
            yield part
    s.stack = []


def frontier(s):
    """upper = the best bound still open in the exact search."""
    up = s.best
    for fr in s.stack:
        bnds = fr[3]
        idx = fr[4]
        if idx < len(bnds) and bnds[idx] > up:
            up = bnds[idx]
    if up < s.upper:
        s.upper = up
        if s.best >= up:
            s.proven = True


def push(s, r, j, first):
    """Frame for position (r, j): j = 0 the number of round r, j >= 1
    its j-th bridge (on a line >= first): the options and their bounds
    (bytes), best bound first. Yields 1 after every PART bounds (a part
    of a unit of work: a frame's)."""
    opts = []  # bound * 256 + option
    n = NUMBERS[s.cards[r]]
    want = BRIDGES[s.cards[r]]
    b = s.b
    if j == 0:
        for i in range(b.n):
            if s.can_number(i, n):
                s.num[i] = n
                opts.append(bound.bound(s, r, r + 1, 0, want) << 8 | i)
                s.num[i] = 0
                if len(opts) % PART == 0:
                    yield 1
        opts.append(bound.bound(s, r, r + 1, 0, want) << 8 | SKIP)
    else:
        if j == 1:
            opts.append(after_round(s, r) << 8 | NONE)
        left = want - j
        for k in range(first, b.nc):
            if s.can_bridge(k):
                s.add(k)
                if left == 0:
                    bd = after_round(s, r)
                else:
                    bd = bound.bound(s, r, r + 1, left, 0)
                s.remove(k)
                opts.append(bd << 8 | k)
                if len(opts) % PART == 0:
                    yield 1
    opts.sort(reverse=True)
    s.stack.append([r, j, bytes(c & 255 for c in opts), bytes(c >> 8 for c in opts),
                        0, -1])


def after_round(s, r):
    keep = bytes(s.at_dl)
    s.round_end(r)
    if r + 1 >= s.R:
        v = s.score()
    else:
        v = bound.bound(s, r + 1, r + 1, 0, s.brs[r + 1])
    s.at_dl[:] = keep
    return v


def undo(s, j, o):
    if j == 0:
        if o != SKIP:
            s.num[o] = 0
    elif o != NONE:
        s.remove(o)


def branch_line(s):
    out = [s.start]
    for r, j, opts, bnds, idx, o in s.stack:
        if j == 0:
            if r:
                out.append(_CONFIRM)
            out.append(s.cards[r])
            out.append(_SKIP_A if o == SKIP else _NUMBER + o)
        elif o != NONE:
            out.append(_BRIDGE + o)
    out.append(_CONFIRM)
    return out
