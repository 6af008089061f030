"""What is legal at a seat's Hanabi turn (spec 4.1-4.3, 8.1 L4, 8.2, 8.3
R7, 9.5): legal_actions() and the check State.apply() (engine.py) makes
before turns.py carries an action out; touched() is what a hint points at.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hanabi_engine.py checks that they are the engine's).
_CHOREOGRAPHY = const(2)
_RAINBOW_WILD = const(8)
_EMPTY_HINTS = const(16)
_SKIP = const(30)
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_MAX_HINTS = const(8)


def hint_kinds(st):
    """The hint kinds k (HINT + 16 * seat + k) this game allows: colours
    0..colours-1 (not rainbow when it counts as every colour, R7), then
    values VALUE + 1 .. VALUE + 5."""
    n = st.colours
    if st.options & _RAINBOW_WILD:
        n = 5
    out = list(range(n))
    for v in range(1, 6):
        out.append(_VALUE + v)
    return out


def touched(st, target, k):
    """Bit i set for each card at position i of the target's hand that hint
    kind k points at (H5: every matching card; R7: rainbow with every
    colour)."""
    cards = st.cards
    hand = st.hands[target]
    wild = st.options & _RAINBOW_WILD
    m = 0
    for i in range(len(hand)):
        c = cards[hand[i]]
        if k & _VALUE:
            hit = c % 5 + 1 == k - _VALUE
        else:
            hit = c // 5 == k or (wild and c >= 25)
        if hit:
            m |= 1 << i
    return m


def legal(st, a):
    """Whether the int `a` is legal at the current seat's turn."""
    seat = st.turn
    n = len(st.hands[seat])
    if _PLAY <= a < _PLAY + n:
        return True
    if _DISCARD <= a < _DISCARD + n:
        return st.hints < _MAX_HINTS
    if _ANNOUNCE <= a < _HINT:
        c = (a - _ANNOUNCE) >> 3
        return bool(st.options & _CHOREOGRAPHY) and c < st.colours and (a & 7) < n
    if _HINT <= a < _HINT + 16 * st.seats:
        t = (a - _HINT) >> 4
        k = a & 15
        if not st.hints or t == seat or k not in hint_kinds(st):
            return False
        return bool(st.options & _EMPTY_HINTS or touched(st, t, k))
    if a == _SKIP:
        return moves(st) == [_SKIP]
    return False


def moves(st):
    """legal_actions() at a seat's turn, in increasing order."""
    seat = st.turn
    n = len(st.hands[seat])
    out = [_PLAY + i for i in range(n)]
    if st.hints < _MAX_HINTS:
        out.extend(_DISCARD + i for i in range(n))
    if st.options & _CHOREOGRAPHY:
        for c in range(st.colours):
            out.extend(_ANNOUNCE + 8 * c + i for i in range(n))
    if st.hints:
        empty = st.options & _EMPTY_HINTS
        kinds = hint_kinds(st)
        for t in range(st.seats):
            if t != seat:
                for k in kinds:
                    if empty or touched(st, t, k):
                        out.append(_HINT + 16 * t + k)
    if not out:
        out.append(_SKIP)  # L4: no card and no hint to give
    return out
