"""Halali computer opponent: choose(view, legal) for either side, from its
view only (a face-down tile is what may still lie face down: the view's
counts per kind), deterministic. How it plays, for players, and its
figures: docs/halali-bot.md.

Every legal action gets a score and the best one is played (the first in
the legal list on a tie):
- a move: what it takes, less the most the other side could take at
  once in reply, plus a part of the most it could itself take next (more
  when the prey cannot run away: a tree, a duck or pheasant the other
  side may not move);
- a turn-over (botlines.flip): the same, as an expected value over the
  kinds (and a hunter's four rifle directions) still face down, weighted
  by their counts;
- in the main phase a move that takes nothing is played only to save a
  tile of its own, to set up a capture the other side cannot escape, or
  to walk a lumberjack toward a tree; right after the other side's
  turn-over or capture (never after a plain move: two computers would
  chase each other for ever) also to deny it a capture, to threaten a
  tile (a next capture the other side can still run from counts less),
  or, late in the main phase, to bring more of its own points within
  reach of the exits for the final phase (botfinal.plan, five turns);
- in the final phase, plus what one could still bring out through the
  exits in the turns left (botfinal.plan); a reply or a next turn counts
  only when there is one.

Scores are whole numbers in sixteenths of a point (no float garbage on
the device); nothing is allocated per candidate but small ints.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.botfinal import plan
from games.halali.botlines import best, flip
from games.halali.tiles import MOVER, POINTS

# engine.py's numbers (private copies; tests/test_halali_bot.py checks them).
_LUMBERJACK = const(4)
_PHEASANT = const(5)
_DUCK = const(6)
_TREE = const(7)
_DOWN = const(8)
_SKIP = const(63)
_MOVE = const(128)
_EXIT = const(49)
_NONE = const(255)

_NOW = const(16)  # a point taken now, or lost in the reply (botlines.py: the others)
_PLAN = const(14)  # a point one could still bring out (less than one in hand)
_STEPS = const(4)  # a lumberjack's step toward the nearest tree
_PREP = const(16)  # face-down tiles left when it starts to make for the exits
_PREPW = const(8)  # a point more the final phase could bring out, before it
PART = const(5)  # candidates valued in a frame's part of the thinking (think)


def _to_tree(board, sq):
    """Squares (as the crow walks, rows plus columns) from sq to the
    nearest face-up tree."""
    r = sq // 7
    c = sq % 7
    near = 99
    for x in range(49):
        if board[x] == _TREE:
            n = abs(x // 7 - r) + abs(x % 7 - c)
            if n < near:
                near = n
    return near


def think(view, legal):
    """choose() a part a frame (kapsa.moves.think): a None after each part
    (PART candidates valued), then the action."""
    if len(legal) == 1:
        yield legal[0]
        return
    board = view.board
    me = view.side
    op = me ^ 1
    f = view.final
    final = f >= 0
    reply = f < 0 or f >= 2  # the other side moves after this turn
    again = f < 0 or f >= 3  # and this side once more
    mine = []
    theirs = []
    for sq in range(49):
        w = MOVER[board[sq] & 7]
        if board[sq] & _DOWN or w > 1:
            continue
        (mine if w == me else theirs).append(sq)
    back = 4 if again else 0  # the other side's captures, less what one takes back
    base_op = best(board, theirs, -1, -1, op, _NONE, back) if reply else 0
    base_me = best(board, mine, -1, -1, me, _NONE, 1) if again else 0
    # denying the other side a capture, threatening a tile, making for
    # the exits: only after its turn-over or capture (no endless chase)
    deny = not final and (view.last < _EXIT or view.lasttook)
    setup = 1 if deny else 2
    sure = best(board, mine, -1, -1, me, _NONE, setup) if again and not final else 0
    own = best(board, theirs, -1, -1, op, _NONE, 3) if reply and not final else 0
    turns = (f + 1) // 2 - 1  # this side's turns after this one, in the final phase
    prep = deny and view.down <= _PREP
    p0 = plan(board, mine, -1, -1, me, 5) if prep else 0
    pick = legal[0]
    top = -1 << 30
    n = 0
    for a in legal:
        if a < _EXIT:
            s = flip(board, a, view.left, view.down, me, base_op, base_me)
        elif a == _SKIP:
            s = _NOW * -base_op + base_me
            if final:
                s += _PLAN * plan(board, mine, -1, -1, me, turns)
        else:
            fr = (a - _MOVE) >> 6
            to = a & 63
            t = board[fr]
            k = t & 7
            board[fr] = 0
            if to >= _EXIT:
                u = 0
                g = POINTS[k]
            else:
                u = board[to]
                g = POINTS[u & 7] if u else 0
                board[to] = t
            lost = best(board, theirs, -1, -1, op, _NONE, back) if reply else 0
            s = _NOW * (g - lost)
            lock = to if k == _PHEASANT or k == _DUCK else _NONE
            if final:
                if again:
                    s += best(board, mine, fr, to, me, lock, 1)
                s += _PLAN * plan(board, mine, fr, to, me, turns)
            elif g:
                s += best(board, mine, fr, to, me, lock, 1)
            else:  # shuffling: to save an own tile, for a (sure) capture next
                x = best(board, mine, fr, to, me, lock, setup)  # next, or toward a tree
                if x > sure or own and best(board, theirs, -1, -1, op, _NONE, 3) < own:
                    s += x
                elif deny and lost < base_op:
                    s += x
                elif k == _LUMBERJACK and _to_tree(board, to) < _to_tree(board, fr):
                    s += x + _STEPS
                else:  # toward the exits, late in the main phase
                    y = 0
                    if prep and MOVER[k] == me:
                        y = plan(board, mine, fr, to, me, 5) - p0
                        n += 1  # a dear candidate: the part ends sooner
                    s = s + x + _PREPW * y if y > 0 else -1 << 30
            if to < _EXIT:
                board[to] = u
            board[fr] = t
        if s > top:
            top = s
            pick = a
        n += 1
        if n >= PART:
            n = 0
            yield None
    yield pick


def choose(view, legal):
    for got in think(view, legal):
        pass
    return got
