"""Why Qwinto refuses a move: the texts a player reads on the message line
(IllegalMove) and beside the screen's free cursor. The engine and the
screen import this module only when something is refused or asked about,
so its strings take no RAM in a game where nobody tries an illegal move.
"""

from micropython import const

from games.qwinto.sheet import BOXES, ROW_NAMES, in_column

# The engine's phases (games.qwinto.engine).
_P_START = const(0)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
_P_ENTRY = const(5)
_P_OVER = const(6)


def box_reason(sheet, mask, total, box):
    """Why `total` cannot go into `box` of `sheet`, or None if it can."""
    if not 0 <= box < BOXES:
        return "There is no such box"
    if sheet[box]:
        return "That box is taken"
    r = box // 9
    name = ROW_NAMES[r]
    name = name[0].upper() + name[1:]
    if not mask >> r & 1:
        return name + " was not rolled"
    base = r * 9
    lo = 0
    hi = 19
    for b in range(base, base + 9):
        v = sheet[b]
        if v:
            if b < box:
                lo = v
            elif hi == 19:
                hi = v
    if not lo < total < hi:
        if hi - lo <= 1:
            return "No number fits here any more"
        if hi - lo == 2:
            return "%s needs a %d here" % (name, lo + 1)
        if hi == 19:
            return "%s needs a number above %d here" % (name, lo)
        if lo == 0:
            return "%s needs a number below %d here" % (name, hi)
        return "%s needs %d to %d here" % (name, lo + 1, hi - 1)
    if in_column(sheet, box, total):
        return "%d is already in this column" % total
    return None


def why_not(state, seat, box):
    """Why `seat` cannot write into `box` now, or None if it can. `state` may
    be a State or a View (both have phase, to_act, mask, total, sheet())."""
    if state.phase == _P_OVER:
        return "The game is over"
    if state.phase != _P_ENTRY:
        return "Wait for the dice"
    if state.to_act != seat:
        return "It is not your turn to write"
    return box_reason(state.sheet(seat), state.mask, state.total, box)


def refusal(state, action):
    """The reason State.apply() gives for `action`, which the rules do not
    allow now (an int; State.legal() said no)."""
    ph = state.phase
    if ph == _P_OVER:
        return "The game is over"
    if ph == _P_START:
        return "Not a possible seat"
    if ph == _P_CHOOSE:
        return "Choose the dice to roll first"
    if ph == _P_DECIDE:
        return "Keep or re-roll the dice first"
    if ph != _P_ENTRY:
        return "Not a possible roll"
    if not 0 <= action < BOXES:
        return "Write the sum or pass"
    return box_reason(state.sheet(state.to_act), state.mask, state.total, action)
