"""What Kapsa's message line says about a Qwinto action: State.describe()
(games.qwinto.engine), for each chance outcome and each computer's move."""

from micropython import const

from games.qwinto.sheet import ROW_NAMES, colours, roll_values

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_KEEP = const(28)
_CHOOSE = const(32)
_ROLL = const(40)
_P_START = const(0)
_P_CHOOSE = const(1)
_P_ROLL = const(2)
_P_DECIDE = const(3)
_P_REROLL = const(4)
_P_ENTRY = const(5)


def describe(state, action):
    """'rolls orange+purple', 'rolled 4+5 = 9', 'keeps 9', '9 into yellow',
    'passes (misthrow)', ... for `action` about to be applied to `state`."""
    ph = state.phase
    if ph == _P_START:
        return "P%d starts" % (action + 1)  # the runtime puts the name there
    if ph == _P_CHOOSE:
        return "rolls " + colours(action - _CHOOSE)
    if ph == _P_ROLL or ph == _P_REROLL:
        vals = roll_values(state.mask, action - _ROLL)
        shown = [str(v) for v in vals if v]
        if len(shown) == 1:
            return "rolled " + shown[0]
        return "rolled %s = %d" % ("+".join(shown), sum(vals))
    if ph == _P_DECIDE:
        return "keeps %d" % state.total if action == _KEEP else "re-rolls"
    if ph == _P_ENTRY:
        if action == _PASS:
            return "passes (misthrow)" if state.to_act == state.active else "passes"
        if 0 <= action < 27:
            return "%d into %s" % (state.total, ROW_NAMES[action // 9])
    return "?"
