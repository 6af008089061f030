"""The moves of a Hanabi game: what State.apply() (engine.py) does with a
legal action (legal.py checks it first): hints and the knowledge they
give, plays, discards, draws, the turn order and the endings (spec 4, 5, 8).
Functions of the state, in a module of their own so that the engine's
contract module stays small enough to compile in a small heap.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hanabi.cards import COUNT
from games.hanabi.legal import touched

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hanabi_engine.py checks that they are the engine's).
_LAST_BREATH = const(1)
_RAINBOW_WILD = const(8)
_SKIP = const(30)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_MAX_HINTS = const(8)
_MAX_MISTAKES = const(3)
_MISPLAY = const(64)
_P_TURN = const(2)
_P_DRAW = const(3)
_P_OVER = const(4)


def act(st, a):
    """A legal action of the seat to act (checked by legal())."""
    seat = st.turn
    if a == _SKIP:
        st.log.extend((seat, a, 0))
        end_turn(st)
        return
    if a >= _HINT:
        t = (a - _HINT) >> 4
        k = a & 15
        m = touched(st, t, k)
        st.hints -= 1  # H1
        hint(st, t, k, m)
        st.log.extend((seat, a, m))
        end_turn(st)  # H7: no draw
        return
    if a >= _ANNOUNCE:
        i = a & 7
        said = (a - _ANNOUNCE) >> 3
    else:
        i = a & 7
        said = -1
    hand = st.hands[seat]
    c = st.cards[hand[i]]
    st.hands[seat] = hand[:i] + hand[i + 1:]
    info = c
    col = c // 5
    v = c % 5 + 1
    if _DISCARD <= a < _ANNOUNCE:
        st.discards.append(c)  # D2
        st.hints += 1
        hopeless(st, c)
    elif (said < 0 or said == col) and st.fw[col] == v - 1:  # P2, C2
        st.fw[col] = v
        gain = (said >= 0) + (v == 5)  # C2, B1
        st.hints = min(_MAX_HINTS, st.hints + gain)  # B2
        if sum(st.fw) == 5 * st.colours:
            st.phase = _P_OVER  # E2, R3
    else:  # P3, C3
        st.discards.append(c)
        st.mistakes += 1
        info |= _MISPLAY
        if st.mistakes >= _MAX_MISTAKES:
            st.phase = _P_OVER  # E1
            st.lost = 1
        else:
            hopeless(st, c)
    st.log.extend((seat, a, info))
    if st.phase == _P_OVER:
        return
    if st.ndeck:
        st.phase = _P_DRAW  # D3, P4: a chance node draws for this seat
    else:
        end_turn(st)


def hint(st, t, k, m):
    """The knowledge a hint gives the target's cards: positive for those it
    points at (bit m), negative for the others (I2, section 9.2). Bit 7 of
    a card's masks marks a card a colour (kc) or value (kv) hint pointed at."""
    hand = st.hands[t]
    if k & _VALUE:
        know = st.kv
        bit = 1 << (k - _VALUE - 1)
    else:
        know = st.kc
        bit = 1 << k
        if st.options & _RAINBOW_WILD:
            bit |= 32
    for i in range(len(hand)):
        s = hand[i]
        if m >> i & 1:
            know[s] = know[s] & (bit | 128) | 128
        else:
            know[s] &= ~bit & 255


def hopeless(st, c):
    """L3 (to the last breath only): the game is lost once card c was the
    last copy of a value its firework still needs."""
    if not st.options & _LAST_BREATH or c % 5 < st.fw[c // 5]:
        return
    gone = 0
    for d in st.discards:
        if d == c:
            gone += 1
    if gone >= (1 if c >= 25 else COUNT[c % 5]):
        st.phase = _P_OVER
        st.lost = 1


def draw(st, c):
    """Card c (a legal chance outcome) from the deck to the left end of a
    hand (OP-3): the dealt seat, or the seat that just played/discarded."""
    s = len(st.cards)
    st.cards.append(c)
    st.kc.append((1 << st.colours) - 1)
    st.kv.append(31)
    st.left[c] -= 1
    st.ndeck -= 1
    if st.phase == _P_DRAW:
        seat = st.turn
    else:  # the deal: round the table from seat 0
        seat = s % st.seats
    st.hands[seat] = bytearray((s,)) + st.hands[seat]
    if st.phase == _P_DRAW:
        if not st.ndeck and not st.options & _LAST_BREATH:
            st.final = st.seats + 1  # E3: this turn ends, then one each
        end_turn(st)
    elif s + 1 == st.seats * st.hand_size:
        st.phase = _P_TURN  # dealt: the first seat plays


def end_turn(st):
    """The turn is over: the next seat's, or the end after the final
    round (E3)."""
    if st.final > 0:
        st.final -= 1
        if not st.final:
            st.phase = _P_OVER
            return
    st.turn = (st.turn + 1) % st.seats
    st.phase = _P_TURN
