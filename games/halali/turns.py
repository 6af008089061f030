"""The turns of a Halali game: what State.apply() (engine.py) does with a
legal action (legal.py checks it first), the tile drawn when one is turned
over, the end of a turn, the final phase and the endings, the return match
(spec 2, 4, 5, 6, 7). Functions of the state, in a module of their own so
that the engine's contract module stays small.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import COUNT, on_board, points

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_halali_engine.py checks that they are the engine's).
_SINGLE = const(1)
_P2_BEASTS = const(2)
_BLUE = const(0)
_DOWN = const(8)
_PHEASANT = const(5)
_DUCK = const(6)
_SKIP = const(63)
_TILE = const(64)
_MOVE = const(128)
_EXIT = const(49)
_NONE = const(255)
_FINAL_TURNS = const(10)
_P_TURN = const(0)
_P_FLIP = const(1)
_P_OVER = const(2)


def setup(st, game):
    """Game `game` (0, or 1 the return match) from its start (2.1-2.4,
    7): every tile face down but the centre's, Blue to move."""
    st.game = game
    st.blue = (st.options & _P2_BEASTS) >> 1 ^ game  # OP-10: roles swap for game 2
    st.side = _BLUE  # 2.4
    st.phase = _P_TURN
    st.pending = _NONE
    board = st.board
    for sq in range(49):
        board[sq] = _DOWN
    board[24] = 0
    st.left[:] = COUNT
    st.final = -1
    st.lock = _NONE
    back = st.back
    for i in range(4):
        back[i] = _NONE
    for i in range(16):
        st.took[i] = 0
        st.out[i] = 0
    st.last = -1
    st.lastside = _BLUE
    st.lasttook = 0


def act(st, a):
    """A legal action of the side to move."""
    side = st.side
    st.last = a
    st.lastside = side
    st.lasttook = 0
    if a < _EXIT:  # R1: a chance node draws what it is
        st.pending = a
        st.phase = _P_FLIP
        return
    b = 2 * side
    if a == _SKIP:  # F6
        st.back[b] = st.back[b + 1] = _NONE
        st.lock = _NONE
        end_turn(st)
        return
    fr = (a - _MOVE) >> 6
    to = a & 63
    board = st.board
    t = board[fr]
    k = t & 7
    board[fr] = 0
    if to >= _EXIT:
        st.out[8 * side + k] += 1  # F3
    else:
        u = board[to] & 7
        if u:
            st.took[8 * side + u] += 1  # C6
            st.lasttook = u
        board[to] = t  # R4: a hunter's rifle goes with it
    st.back[b] = fr  # M6
    st.back[b + 1] = to
    st.lock = to if k == _PHEASANT or k == _DUCK else _NONE  # M7
    end_turn(st)


def reveal(st, a):
    """The chance outcome of a turned tile: TILE + kind + 16 * rifle."""
    c = a - _TILE
    k = c & 7
    st.left[k] -= 1
    sq = st.pending
    st.board[sq] = c  # R2-R4
    st.pending = _NONE
    st.phase = _P_TURN
    b = 2 * st.side
    st.back[b] = st.back[b + 1] = _NONE  # M6 looks one turn back only
    st.lock = sq if k == _PHEASANT or k == _DUCK else _NONE  # R5
    end_turn(st)


def end_turn(st):
    f = st.final
    if f > 0:
        f -= 1  # F2
    elif f < 0 and not any(st.left):
        f = _FINAL_TURNS  # F1: the other side moves first
    st.final = f
    if f >= 0 and (not f or not on_board(st, 0) or not on_board(st, 1)):  # F2, F5
        game_over(st)
        return
    st.side ^= 1


def game_over(st):
    """Record the game's points per seat (S1); the return match starts
    at once (7), or the match is over."""
    blue = points(st, 0)
    brown = points(st, 1)
    st.results.extend((brown, blue) if st.blue else (blue, brown))
    if st.game == 0 and not st.options & _SINGLE:
        setup(st, 1)
    else:
        st.phase = _P_OVER
