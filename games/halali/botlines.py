"""The lines the Halali computer opponent (bot.py) reads: what a side
could take at once, and what turning a tile over may bring, as an
expected value over what is still face down. Scores in sixteenths of a
point, whole numbers (no float garbage on the device); nothing allocated
but small ints.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import MOVER, POINTS, PREY

# engine.py's numbers (private copies; tests/test_halali_bot.py checks them).
_BEAR = const(1)
_HUNTER = const(3)
_LUMBERJACK = const(4)
_DOWN = const(8)

# Weights, in sixteenths of a point (bot.py has the others).
_NOW = const(16)  # a point taken now, or lost in the reply
_SURE = const(8)  # a point one can take next turn that cannot run away
_MAYBE = const(4)  # one that the other side can move away

_STEP = (-7, 1, 7, -1)  # north, east, south, west


def room(sq, d):
    """Squares from sq to the board's edge toward d."""
    if d == 0:
        return sq // 7
    if d == 1:
        return 6 - sq % 7
    if d == 2:
        return 6 - sq // 7
    return sq % 7


def ray(board, sq, d):
    """The first tile from sq toward d: its square + 64 * its distance, or
    -1 when the line is empty to the edge."""
    st = _STEP[d]
    for i in range(1, room(sq, d) + 1):
        sq += st
        if board[sq]:
            return sq + 64 * i
    return -1


def guard(board, fr, sq, k, side):
    """Whether side could take a tile of kind k that moved from fr to sq
    (taking what was there)."""
    t = board[fr]
    board[fr] = 0
    hit = False
    for d in range(4):
        r = ray(board, sq, d)
        if r < 0:
            continue
        u = board[r & 63]
        j = u & 7
        if u & _DOWN or MOVER[j] != side or not PREY[j] >> k & 1:
            continue
        if j == _HUNTER and u >> 4 != (d + 2) & 3 or (j == _BEAR or j == _LUMBERJACK) and r >= 128:
            continue
        hit = True
        break
    board[fr] = t
    return hit


def best(board, pcs, fr, to, side, lock, weigh):
    """The most side's tiles listed in pcs (their squares; the one on fr
    now on to) can take at once (exits aside: botfinal.py). weigh: in
    sixteenths, _SURE a point when the prey cannot run away (a tree, a
    duck or pheasant locked on `lock`), else _MAYBE (weigh 1) or nothing
    (weigh 2); with two tiles to take on two squares (weigh 1 and 5, else
    as 2), the smaller is sure: the other side saves only one. weigh 0:
    points; 4: points, less the taker's when the other side could take it
    back where it lands; 3: points, only the other side's own tiles."""
    top = 0
    m1 = m2 = 0
    at1 = -1
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
            r = ray(board, sq, d)
            if r < 0 or near and r >= 128:
                continue
            u = board[r & 63]
            if u & _DOWN or not prey >> (u & 7) & 1:
                continue
            v = POINTS[u & 7]
            w = MOVER[u & 7]
            if weigh == 3:
                if w != side ^ 1:
                    continue
            elif weigh == 4:
                if guard(board, sq, r & 63, k, side ^ 1):
                    v -= POINTS[k]
            elif weigh:
                if w == 3 or (w == 2 and r & 63 == lock):
                    v *= _SURE
                else:
                    p = v
                    v *= _MAYBE if weigh == 1 else 0  # 2, 5: sure only
                    if weigh != 2:
                        if p > m1:
                            if at1 != r & 63:
                                m2 = m1
                            m1 = p
                            at1 = r & 63
                        elif p > m2 and at1 != r & 63:
                            m2 = p
            if v > top:
                top = v
    if m2 * _SURE > top:  # two can run: the other side saves one
        top = m2 * _SURE
    return top


def _takes(kd, k, aim, weigh):
    """What a tile of kind k (a hunter aiming at aim) turned over on a
    square can take from there: kd holds, 4 bits a direction, the kind
    first met that way (+8 when adjacent); weighed as in best()."""
    prey = PREY[k]
    near = k == _BEAR or k == _LUMBERJACK
    top = 0
    for d in range(4):
        if k == _HUNTER and d != aim:
            continue
        u = kd >> (4 * d) & 15
        if not u or near and not u & 8 or not prey >> (u & 7) & 1:
            continue
        v = POINTS[u & 7]
        if weigh:
            v *= _SURE if MOVER[u & 7] == 3 else _MAYBE
        if v > top:
            top = v
    return top


def flip(board, s, left, down, me, base_op, base_me):
    """The expected score of turning over the tile on s: base_op is the
    most the other side can take now (points), base_me what one's own side
    could take next (weighed). Only the lines through s change."""
    kd = 0  # per direction: the face-up kind first met (+8 adjacent)
    ohit = 0  # the kinds the other side could take on s
    mhit = 0  # and one's own side
    okind = 0  # per direction: the other side's tile that could take there
    for d in range(4):
        r = ray(board, s, d)
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
            if m:
                okind |= k << (4 * d)
    op = me ^ 1
    tot = 0
    for k in range(1, 8):
        n = left[k]
        if not n:
            continue
        v = POINTS[k]
        w = MOVER[k]
        lost = base_op
        if ohit >> k & 1:
            for d in range(4):  # the most it nets: less its taker if one takes it back
                c = okind >> (4 * d) & 15
                if c and PREY[c] >> k & 1:
                    x = v - POINTS[c] if mhit >> c & 1 else v
                    if x > lost:
                        lost = x
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
    return tot // (4 * down)
