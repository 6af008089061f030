"""Why a Hanabi action is refused at a seat's turn: the text of the
IllegalMove that State.apply() (engine.py) raises. Imported only when an
action is refused. Every reason fits the runtime's message line (26
characters).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hanabi.legal import hint_kinds

# engine.py's numbers (private copies; the engine's test checks them).
_CHOREOGRAPHY = const(2)
_RAINBOW_WILD = const(8)
_SKIP = const(30)
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_MAX_HINTS = const(8)


def refusal(st, a):
    n = len(st.hands[st.turn])
    if _PLAY <= a < _ANNOUNCE:
        if (a & 7) >= n:
            return "No card there"
        return "8 hint tokens: no discard"  # D1
    if _ANNOUNCE <= a < _HINT:
        if not st.options & _CHOREOGRAPHY:
            return "Announcing is off"
        if (a - _ANNOUNCE) >> 3 >= st.colours:
            return "No such colour"
        return "No card there"
    if _HINT <= a < _HINT + 16 * 8:
        t = (a - _HINT) >> 4
        k = a & 15
        if t >= st.seats:
            return "No such player"
        if t == st.turn:
            return "Hint another player"  # H2
        if k not in hint_kinds(st):
            if k == 5 and st.colours == 6:
                return "Rainbow is never named"  # R7
            return "No such hint"
        if not st.hints:
            return "No hint token left"  # H1
        return "Hint must point at a card"  # H6
    if a == _SKIP:
        return "Skip only with no move"  # L4: something else is legal
    return "Play, discard or hint"
