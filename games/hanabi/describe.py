"""Short texts for Hanabi actions: State.describe(action) (engine.py).

describe() tells only what everyone knew before the action: a draw never
names the card (the runtime shows chance outcomes to whoever holds the
device, who may be the one drawing), a play or discard names the hand
position, not the card (a screen may describe a seat's own choices to
it). What a played card turned out to be is in the view's log.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hanabi.cards import NAMES

# engine.py's numbers (private copies; the engine's test checks them).
_SKIP = const(30)
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_START = const(176)
_P_START = const(0)
_P_DEAL = const(1)
_P_TURN = const(2)
_P_DRAW = const(3)


def hint_words(k):
    """"red", "value 3": what hint kind k names."""
    if k & _VALUE:
        return "value %d" % (k - _VALUE)
    return NAMES[k] if k < 6 else "?"


def describe(st, a):
    if type(a) is not int:
        return "?"
    ph = st.phase
    if ph == _P_START:
        return "P%d plays first" % (a - _START + 1) if 0 <= a - _START < st.seats else "?"
    if ph == _P_DEAL:
        return "Card dealt to P%d" % (len(st.cards) % st.seats + 1)
    if ph == _P_DRAW:
        return "P%d draws a card" % (st.turn + 1)
    if ph != _P_TURN:
        return "?"
    if _PLAY <= a < _PLAY + 5:
        return "Play card %d" % (a - _PLAY + 1)
    if _DISCARD <= a < _DISCARD + 5:
        return "Discard card %d" % (a - _DISCARD + 1)
    if _ANNOUNCE <= a < _HINT and (a - _ANNOUNCE) >> 3 < 6:
        return "Play card %d as %s" % ((a & 7) + 1, NAMES[(a - _ANNOUNCE) >> 3])
    if _HINT <= a < _HINT + 16 * st.seats:
        return "Hint P%d: %s" % (((a - _HINT) >> 4) + 1, hint_words(a & 15))
    if a == _SKIP:
        return "No move: skip"
    return "?"
