"""The final phase for the Halali computer opponent (bot.py): how many
points a side could still bring out through the exits (F3, F4) in the
turns it has left, if the other side let it. Per own tile, the turns it
needs: a fox or hunter 1 on a clear line to an exit, 2 when one move
puts it on one; a bear or lumberjack its walk over empty squares to an
exit square, plus the step out. Then the best set that fits the turns
(a small knapsack).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.botlines import ray
from games.halali.tiles import MOVER, POINTS

# engine.py's numbers (private copies; tests/test_halali_bot.py checks them).
_BEAR = const(1)
_LUMBERJACK = const(4)
_DOWN = const(8)

_FAR = b"\xff" * 49
_dist = bytearray(49)  # the walk's distances (255: not reached)
_queue = bytearray(49)
_best = bytearray(8)  # the knapsack: most points per number of turns


def _walk(board, sq, most):
    """Steps a bear or lumberjack on sq needs to reach an exit square over
    empty squares, or 255 beyond `most`."""
    dist = _dist
    dist[:] = _FAR
    q = _queue
    dist[sq] = 0
    q[0] = sq
    head = 0
    tail = 1
    while head < tail:
        x = q[head]
        head += 1
        n = dist[x]
        if x == 3 or x == 21 or x == 27 or x == 45:
            return n
        if n >= most:
            continue
        r = x // 7
        c = x % 7
        for d in range(4):
            if d == 0:
                y = x - 7 if r else -1
            elif d == 1:
                y = x + 1 if c < 6 else -1
            elif d == 2:
                y = x + 7 if r < 6 else -1
            else:
                y = x - 1 if c else -1
            if y >= 0 and not board[y] and dist[y] == 255:
                dist[y] = n + 1
                q[tail] = y
                tail += 1
    return 255


def _turns(board, sq, k, most):
    """Turns the tile of kind k on sq needs to leave, or 255."""
    if k == _BEAR or k == _LUMBERJACK:
        n = _walk(board, sq, most - 1)
        return 255 if n == 255 else n + 1
    r = sq // 7
    c = sq % 7
    if c == 3 and (ray(board, sq, 0) < 0 or ray(board, sq, 2) < 0):
        return 1
    if r == 3 and (ray(board, sq, 1) < 0 or ray(board, sq, 3) < 0):
        return 1
    if most < 2:
        return 255
    if c != 3:  # across to column 3, then north or south
        x = r * 7 + 3
        e = ray(board, sq, 1 if c < 3 else 3)
        if (e < 0 or e >> 6 > abs(c - 3)) and (ray(board, x, 0) < 0 or ray(board, x, 2) < 0):
            return 2
    if r != 3:  # along its column to row 3, then east or west
        x = 21 + c
        e = ray(board, sq, 2 if r < 3 else 0)
        if (e < 0 or e >> 6 > abs(r - 3)) and (ray(board, x, 1) < 0 or ray(board, x, 3) < 0):
            return 2
    return 255


def plan(board, pcs, fr, to, side, turns):
    """The most points side's tiles (squares in pcs; the one on fr now on
    to) could bring out in `turns` turns."""
    if turns <= 0:
        return 0
    b = _best
    for i in range(8):
        b[i] = 0
    for sq in pcs:
        if sq == fr:
            sq = to
        if sq >= 49:
            continue
        t = board[sq]
        if t & _DOWN or MOVER[t & 7] != side:
            continue
        n = _turns(board, sq, t & 7, turns)
        if n > turns:
            continue
        v = POINTS[t & 7]
        for i in range(turns, n - 1, -1):
            if b[i - n] + v > b[i]:
                b[i] = b[i - n] + v
    return b[turns]
