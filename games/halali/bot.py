"""Halali computer opponent: choose(view, legal) for either side, from its
view only (a face-down tile is what may still lie face down: the view's
counts per kind), deterministic. How it plays, for players, and its
figures: docs/halali-bot.md.

Every legal action gets a score and the best one is played (the first in
the legal list on a tie):
- a move or an exit: what it takes or brings out, less the best the other
  side could take or bring out at once in reply, plus a part of the best
  it could itself take next (all of it when the prey cannot run away: a
  tree, a duck or pheasant the other side may not move, an exit);
- a turn-over: the same, as an expected value over the kinds (and a
  hunter's four rifle directions) still face down, weighted by their
  counts: what the other side could then take on that square or with the
  tile it turns out to be, what one's own side could take there or with
  it next. Only the lines through that square change, so it costs little.
In the final phase, leaving the board counts like a capture, and a reply
or a next turn counts only when there is one.

Scores are whole numbers (no float garbage on the device); nothing is
allocated per candidate but a few small ints.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import MOVER, POINTS, PREY

# engine.py's numbers (private copies; tests/test_halali_bot.py checks them).
_BEAR = const(1)
_HUNTER = const(3)
_LUMBERJACK = const(4)
_PHEASANT = const(5)
_DUCK = const(6)
_DOWN = const(8)
_SKIP = const(63)
_MOVE = const(128)
_EXIT = const(49)
_NONE = const(255)

# Weights, in sixteenths of a point.
_NOW = const(16)  # a point taken now, or lost in the reply
_SURE = const(8)  # a point one can take next turn that cannot run away
_MAYBE = const(4)  # one that the other side can move away
_FLIP = const(6)  # turning a tile over rather than shuffling: the game goes on

_STEP = (-7, 1, 7, -1)  # north, east, south, west


def _room(sq, d):
    """Squares from sq to the board's edge toward d."""
    if d == 0:
        return sq // 7
    if d == 1:
        return 6 - sq % 7
    if d == 2:
        return 6 - sq // 7
    return sq % 7


def _ray(board, sq, d):
    """The first tile from sq toward d: its square + 64 * its distance, or
    -1 when the line is empty to the edge."""
    st = _STEP[d]
    for i in range(1, _room(sq, d) + 1):
        sq += st
        if board[sq]:
            return sq + 64 * i
    return -1


def _best(board, pcs, fr, to, side, final, lock, weigh):
    """The most side's tiles listed in pcs (their squares; the one on fr
    now on to) can take at once, or bring out when final. weigh: in
    sixteenths, _SURE a point when the prey cannot run away (a tree, a
    locked duck or pheasant, an exit), else _MAYBE (weigh 1) or nothing
    (weigh 2); weigh 0: points."""
    best = 0
    for sq in pcs:
        if sq == fr:
            sq = to
        if sq >= 49:
            continue
        t = board[sq]
        k = t & 7
        if t & _DOWN or MOVER[k] != side:
            continue  # taken
        prey = PREY[k]
        near = k == _BEAR or k == _LUMBERJACK
        for d in range(4):
            if k == _HUNTER and t >> 4 != d:
                continue
            r = _ray(board, sq, d)
            if r < 0:
                if final:  # F3, F4: out through the exit on this line
                    if (d & 1 and sq // 7 == 3 or not d & 1 and sq % 7 == 3) and (
                            not near or _room(sq, d) == 0):
                        v = POINTS[k] * (_SURE if weigh else 1)
                        if v > best:
                            best = v
                continue
            if near and r >= 128:
                continue
            u = board[r & 63]
            if u & _DOWN or not prey >> (u & 7) & 1:
                continue
            v = POINTS[u & 7]
            if weigh:
                w = MOVER[u & 7]
                if w == 3 or (w == 2 and r & 63 == lock):
                    v *= _SURE
                else:
                    v *= _MAYBE if weigh == 1 else 0
            if v > best:
                best = v
    return best


def _takes(kd, k, aim, weigh):
    """What a tile of kind k (a hunter aiming at aim) turned over on a
    square can take from there: kd holds, 4 bits a direction, the kind
    first met that way (+8 when adjacent); weighed as in _best."""
    prey = PREY[k]
    near = k == _BEAR or k == _LUMBERJACK
    best = 0
    for d in range(4):
        if k == _HUNTER and d != aim:
            continue
        u = kd >> (4 * d) & 15
        if not u or near and not u & 8 or not prey >> (u & 7) & 1:
            continue
        v = POINTS[u & 7]
        if weigh:
            v *= _SURE if MOVER[u & 7] == 3 else _MAYBE
        if v > best:
            best = v
    return best


def _flip(board, s, left, down, me, base_op, base_me):
    """The expected score of turning over the tile on s."""
    kd = 0  # per direction: the face-up kind first met (+8 adjacent)
    ohit = 0  # the kinds the other side could take on s
    mhit = 0  # and one's own side
    for d in range(4):
        r = _ray(board, s, d)
        if r < 0:
            continue
        u = board[r & 63]
        if u & _DOWN:
            continue
        k = u & 7
        kd |= (k | (8 if r < 128 else 0)) << (4 * d)
        w = MOVER[k]
        if w > 1:
            continue
        if k == _HUNTER:
            m = PREY[k] if u >> 4 == (d + 2) & 3 else 0
        elif k == _BEAR or k == _LUMBERJACK:
            m = PREY[k] if r < 128 else 0
        else:
            m = PREY[k]
        if w == me:
            mhit |= m
        else:
            ohit |= m
    op = me ^ 1
    tot = 0
    for k in range(1, 8):
        n = left[k]
        if not n:
            continue
        v = POINTS[k]
        w = MOVER[k]
        lost = base_op
        if ohit >> k & 1 and v > lost:
            lost = v
        gain = base_me
        if mhit >> k & 1 and not ohit >> k & 1:
            g = v * (_MAYBE if w == op else _SURE)  # a duck or pheasant is locked (R5)
            if g > gain:
                gain = g
        if w > 1 or w == me and ohit >> k & 1:
            tot += n * 4 * (_NOW * -lost + gain)
            continue
        for aim in range(4):  # a hunter's rifle: one in four each way
            if k != _HUNTER and aim:
                break
            if w == op:
                g = _takes(kd, k, aim, 0)
                x = _NOW * -(g if g > lost else lost) + gain
            else:
                g = _takes(kd, k, aim, 1)
                x = _NOW * -lost + (g if g > gain else gain)
            tot += n * (x if k == _HUNTER else 4 * x)
    return tot // (4 * down) + _FLIP


def choose(view, legal):
    if len(legal) == 1:
        return legal[0]
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
    base_op = _best(board, theirs, -1, -1, op, final, _NONE, 0) if reply else 0
    base_me = _best(board, mine, -1, -1, me, final, _NONE, 1) if again else 0
    sure = _best(board, mine, -1, -1, me, final, _NONE, 2) if again and not final else 0
    pick = legal[0]
    top = -1 << 30
    for a in legal:
        if a < _EXIT:
            s = _flip(board, a, view.left, view.down, me, base_op, base_me)
        elif a == _SKIP:
            s = _NOW * -base_op + base_me
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
            lost = _best(board, theirs, -1, -1, op, final, _NONE, 0) if reply else 0
            s = _NOW * (g - lost)
            if again:
                lock = to if k == _PHEASANT or k == _DUCK else _NONE
                if g or final:
                    s += _best(board, mine, fr, to, me, final, lock, 1)
                else:  # shuffling: only to save a tile or for a sure capture next
                    x = _best(board, mine, fr, to, me, final, lock, 2)
                    if lost < base_op or x > sure:
                        s += x
                    else:
                        s = -1 << 20
            if to < _EXIT:
                board[to] = u
            board[fr] = t
        if s > top:
            top = s
            pick = a
    return pick
