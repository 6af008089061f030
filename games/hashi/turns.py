"""The moves of a Hashi game: how State.apply() (engine.py) changes the
state in each phase, and the end of a round (bonuses, OP-8). Functions of
the state, in a module of their own so that the engine's contract module
stays small enough to compile in a small heap.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from kapsa.engine import IllegalMove
from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.sheet import HIGH, bonus_points

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_NUMBER = const(0)
_SKIP_A = const(20)
_UNDO = const(21)
_CONFIRM = const(22)
_BRIDGE = const(32)
_START3 = const(128)
_START4 = const(160)
_ROUNDS = const(17)
_ACTION_A = const(1)
_ACTION_B = const(2)


def setup(st, action):
    """Setup: the start 3 or 4 on an unflagged island of the left neighbour's
    board (solo: one's own); the start action, also as a chance outcome."""
    if _START3 <= action < _START3 + 64 and (action & 31) < st.board.n:
        i = action & 31
        if st.board.flag[i]:
            raise IllegalMove("No start on a flag island")
        target = (st.starts + 1) % st.seats
        st.sheets[target].write(i, 3 if action < _START4 else 4)
        st.start_of[target] = action
        st.starts += 1
        if st.starts == st.seats:
            for p in range(st.seats):
                st.pub[p].load(st.sheets[p])
        return
    raise IllegalMove("Write a 3 or a 4 to start")


def draw(st, action):
    """A chance node between rounds: card `action` (an index into the deck)
    is drawn; the seats resolve it in seating order."""
    if len(st.drawn) >= _ROUNDS:
        raise IllegalMove("The game is over")
    if not 0 <= action < len(NUMBERS):
        raise IllegalMove("Waiting for a card")
    if st.seen[action]:
        raise IllegalMove("Card drawn already")
    st.seen[action] = 1
    st.drawn.append(action)
    st.card = action
    st.turn = 0
    new_turn(st)


def new_turn(st):
    st.phase = _ACTION_A
    st.a_island = -1
    st.steps = []


def action_a(st, action):
    """Action a: the card's number on an island, or SKIP_A."""
    if action == _SKIP_A:
        st.a_island = -1
    elif _NUMBER <= action < _NUMBER + st.board.n:
        i = action - _NUMBER
        sheet = st.sheets[st.turn]
        n = NUMBERS[st.card]
        why = sheet.why_number(i, n)
        if why:
            raise IllegalMove(why)
        sheet.write(i, n)
        st.a_island = i
    elif action == _CONFIRM or action == _UNDO or _BRIDGE <= action < 128:
        raise IllegalMove("Write or skip the number")
    else:
        raise IllegalMove("That is not a move now")
    st.phase = _ACTION_B


def action_b(st, action):
    """Action b: one provisional bridge, UNDO or CONFIRM."""
    sheet = st.sheets[st.turn]
    want = BRIDGES[st.card]
    steps = st.steps
    if _BRIDGE <= action < 128:
        if len(steps) >= want:
            raise IllegalMove("All bridges are placed")
        k = action - _BRIDGE
        why = sheet.why_bridge(k)
        if why:
            raise IllegalMove(why)
        sheet.add(k)
        steps.append(k)
    elif action == _UNDO:
        if steps:
            sheet.remove(steps.pop())
        else:
            if st.a_island >= 0:
                sheet.erase(st.a_island)
            st.a_island = -1
            st.phase = _ACTION_A
    elif action == _CONFIRM:
        if steps and len(steps) != want:
            raise IllegalMove("All %s or none" % bridges_words(want))
        st.turn += 1
        new_turn(st)
        if st.turn >= st.seats:
            end_round(st)
    elif action == _SKIP_A or _NUMBER <= action < _NUMBER + st.board.n:
        raise IllegalMove("Number done; undo first")
    else:
        raise IllegalMove("That is not a move now")


def end_round(st):
    """OP-8: bonuses are checked once every seat has confirmed."""
    rnd = len(st.drawn)
    solo = st.seats == 1
    taken = bytearray(3)
    for p in range(st.seats):
        sheet = st.sheets[p]
        st.pub[p].load(sheet)
        got = st.bonus[p]
        for cat in range(3):
            if not got[cat] and sheet.achieved(cat):
                got[cat] = bonus_points(cat, solo, st.high, rnd)
                if got[cat] == HIGH[cat]:
                    taken[cat] = 1
    for cat in range(3):
        if taken[cat] and not st.high[cat]:
            st.high[cat] = rnd  # K3: crossed off for everyone else
    st.card = -1
    st.turn = 0


def bridges_words(n):
    return "1 bridge" if n == 1 else "%d bridges" % n
