"""What is legal at a Halali turn (spec 3, 4.1, 4.2, 4.3, 5; 8.2):
moves(p), the list legal_actions() gives, and allowed(p, action), the
check State.apply() (engine.py) makes.

moves() reads only p.board, p.side, p.final, p.lock and p.back, which a
State and a View (view.py) both have: a bot may call it on a view, or on
its own object with those five fields, to look ahead.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import EXITS, MOVER, PREY

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_halali_engine.py checks that they are the engine's).
_DOWN = const(8)
_HUNTER = const(3)
_SKIP = const(63)
_MOVE = const(128)
_EXIT = const(49)

_DR = (-1, 0, 1, 0)  # north, east, south, west
_DC = (0, 1, 0, -1)


def moves(p, only=-1):
    """Every legal action of the side to move, in increasing order: the
    face-down tiles it may turn over (R1; none in the final phase, where
    there are none), then its moves (M1-M8, C1-C7, F3, F4), or [SKIP]
    when there is nothing (F6). With `only` (a square), only the moves of
    the tile on it (allowed())."""
    board = p.board
    side = p.side
    final = p.final >= 0
    out = []
    squares = range(49)
    if only >= 0:
        squares = range(only, only + 1)
    else:
        for sq in squares:
            if board[sq] == _DOWN:
                out.append(sq)  # FLIP + sq, FLIP = 0
    b = 2 * side
    back_from = p.back[b]  # M6: where this side's last moved tile came from
    back_to = p.back[b + 1]  # and where it went
    lock = p.lock  # M7, R5
    for sq in squares:
        t = board[sq]
        k = t & 7
        who = MOVER[k]
        if who != side and (who != 2 or sq == lock):
            continue  # M1, M7
        reach = 1 if k == 1 or k == 4 else 7  # M3, F4: 7 = across the board and out
        prey = PREY[k]
        aim = t >> 4 if k == _HUNTER else -1
        code = _MOVE + 64 * sq
        r = sq // 7
        c = sq % 7
        for d in range(4):
            dr = _DR[d]
            dc = _DC[d]
            rr = r
            cc = c
            for _ in range(reach):
                rr += dr
                cc += dc
                if not (0 <= rr < 7 and 0 <= cc < 7):  # F3, F4: off the board
                    if final and who == side and (rr - dr) * 7 + cc - dc == EXITS[d]:
                        out.append(code + _EXIT + d)
                    break
                to = rr * 7 + cc
                u = board[to]
                back = sq == back_to and to == back_from  # M6
                if not u:
                    if not back:
                        out.append(code + to)  # M2, M4
                    continue
                if u != _DOWN and prey >> (u & 7) & 1 and (aim < 0 or aim == d) and not back:
                    out.append(code + to)  # C1-C4
                break
    if not out:
        out.append(_SKIP)  # F6: only in the final phase
    out.sort()
    return out


def allowed(p, action):
    """Whether `action` is legal: the check of one action, without the
    whole list (a match's replay, as a game-over VM opens, checks some
    300): a flip looks at its square (R1), a move at its tile's moves
    only; SKIP and anything else at the whole list."""
    if 0 <= action < 49:
        return p.board[action] == _DOWN
    if _MOVE <= action < _MOVE + 64 * 49:
        return action in moves(p, (action - _MOVE) >> 6)
    return action in moves(p)
