"""Why a Halali action is refused at a turn: the text of the IllegalMove
that State.apply() (engine.py) raises. Imported only when an action is
refused. Every reason fits the runtime's message line (26 characters).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import DIRS, EXITS, MOVER, PREY, SIDES

# engine.py's numbers (private copies; the engine's test checks them).
_DOWN = const(8)
_HUNTER = const(3)
_SKIP = const(63)
_MOVE = const(128)
_EXIT = const(49)

_PLURAL = ("", "Bears", "Foxes", "Hunters", "Lumberjacks", "Pheasants", "Ducks", "Trees")
_PREY = ("", "Bears take only people", "Foxes take only birds",
         "Hunters take beasts, birds", "Lumberjacks take trees")


def refusal(st, a):
    if a == _SKIP:
        return "Skip only with no move"  # 3: the turn is mandatory
    board = st.board
    if 0 <= a < 49:
        return "Already face up" if board[a] else "No tile there"
    fr = (a - _MOVE) >> 6
    to = a & 63
    if a < _MOVE or fr >= 49 or to >= _EXIT + 4:
        return "No such move"
    t = board[fr]
    k = t & 7
    if t == _DOWN:
        return "Turn it over first"  # M1
    if not k:
        return "No tile there"
    who = MOVER[k]
    side = st.side
    if who == 3:
        return "Trees never move"  # M1
    if who < 2 and who != side:
        return "That tile is %s's" % SIDES[who]  # M1
    if fr == st.lock:
        return "Locked for this turn"  # R5, M7
    if fr == to:
        return "Move at least one square"  # M5
    reach = 1 if k == 1 or k == 4 else 7  # M3, F4: across the board and out
    r = fr // 7
    c = fr % 7
    if to >= _EXIT:  # F3, F4
        d = to - _EXIT
        if st.final < 0:
            return "Exits open in final phase"
        if who != side:
            return "Only own tiles may leave"
        e = EXITS[d]
        if (c != 3 if d % 2 == 0 else r != 3) or (e - fr) * (2 * (d == 1 or d == 2) - 1) < 0:
            return "Leave only by an exit"
        n = abs(e - fr) // (7 if d % 2 == 0 else 1) + 1  # one step past the exit square
    else:
        tr = to // 7
        tc = to % 7
        if tr != r and tc != c:
            return "Straight lines only"  # M2
        n = abs(tr - r) + abs(tc - c)
        d = (0 if tr < r else 2) if tc == c else (1 if tc > c else 3)
    if n > reach:
        return "%s move 1 square" % _PLURAL[k]  # M3
    step = (-7, 1, 7, -1)[d]
    for i in range(1, n):  # for an exit, up to the exit square itself
        if board[fr + i * step]:
            return "The way is blocked"  # M4, F4
    if to >= _EXIT:
        return "No such move"
    u = board[to]
    if u:
        if u == _DOWN:
            return "Can't take face-down tiles"  # C4
        if not PREY[k]:
            return "%s capture nothing" % _PLURAL[k]  # C2, C7
        if not PREY[k] >> (u & 7) & 1:
            if MOVER[u & 7] == side:
                return "Can't take your own tile"
            return _PREY[k]  # C2
        if k == _HUNTER and t >> 4 != d:
            return "The rifle points " + DIRS[t >> 4]  # C2
    return "No moving straight back"  # M6
