"""Duel bot: raise with a high card. Decides from its own view only."""

from tinygame.engine import HOLD, RAISE


def choose(view, legal):
    return RAISE if view.my_card >= 3 and RAISE in legal else HOLD
