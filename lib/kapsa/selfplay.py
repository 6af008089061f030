"""Whole games without a screen, for tests, benchmarks and tools: chance
from a kapsa.rng.Rng, every seat by a chooser that sees only its own view.
Not imported by the runtime or the games (it would cost the device RAM for
nothing); written in the engines' Python subset.
"""

from kapsa.engine import CHANCE, OVER


def play_out(state, rng, choosers, check=None):
    """Play `state` to its end and return it: chance from rng (a
    kapsa.rng.Rng), each seat by choosers[seat](view, legal) from its own
    view only; check(state, view, legal, action), if given, sees every
    decision before it is applied. For tests, benchmarks and tools."""
    while True:
        seat = state.current_player()
        if seat == OVER:
            return state
        if seat == CHANCE:
            state.apply(rng.choose(state))
            continue
        legal = state.legal_actions()
        view = state.view(seat)
        action = choosers[seat](view, legal)
        if action not in legal:
            raise AssertionError("seat %d chose %r, not a legal action" % (seat, action))
        if check:
            check(state, view, legal, action)
        state.apply(action)
