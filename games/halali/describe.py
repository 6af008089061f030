"""Short texts for Halali actions: State.describe(action) (engine.py).

"Turn over c5", "c5 is a hunter, aims east", "Fox c5 to c2", "Hunter d4
takes fox d1", "Bear d7 exits south", "No move: skip". Squares are named
as in tiles.py ("a1" north-west, "g7" south-east). A move's text has a
"\n" between the tile and what it did: the runtime's message line reads
it as a space, and when "Name: " and the text outgrow the line, it shows
the two parts one after the other, never a word of a part alone
("Anna: Hunter d3.." then "exits south"). Imported on first use.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.halali.tiles import DIRS, NAMES, square_name

# engine.py's numbers (private copies; the engine's test checks them).
_HUNTER = const(3)
_SKIP = const(63)
_TILE = const(64)
_MOVE = const(128)
_EXIT = const(49)
_P_TURN = const(0)
_P_FLIP = const(1)


def describe(st, a):
    if type(a) is not int:
        return "?"
    ph = st.phase
    if ph == _P_FLIP:
        c = a - _TILE
        k = c & 7
        if not 0 < c < 64 or not k or c & 8 or (c > 15 and k != _HUNTER):
            return "?"
        text = "%s is a %s" % (square_name(st.pending), NAMES[k])
        if k == _HUNTER:
            text += ", aims " + DIRS[c >> 4]
        return text
    if ph != _P_TURN:
        return "?"
    if 0 <= a < 49:
        return "Turn over " + square_name(a)
    if a == _SKIP:
        return "No move: skip"
    fr = (a - _MOVE) >> 6
    to = a & 63
    if not 0 <= fr < 49 or to >= _EXIT + 4:
        return "?"
    k = st.board[fr] & 7
    if not k or st.board[fr] & 8:
        return "?"
    name = NAMES[k]
    name = name[0].upper() + name[1:]
    if to >= _EXIT:
        return "%s %s\nexits %s" % (name, square_name(fr), DIRS[to - _EXIT])
    u = st.board[to]
    if u and not u & 8:
        return "%s %s\ntakes %s %s" % (name, square_name(fr), NAMES[u & 7], square_name(to))
    return "%s %s\nto %s" % (name, square_name(fr), square_name(to))
