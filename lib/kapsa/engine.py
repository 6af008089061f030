"""What every game engine shares: the special seats, the error, replay.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

CHANCE = const(-1)  # current_player() while dice or cards decide
OVER = const(-2)  # current_player() once the game has ended


class IllegalMove(ValueError):
    """An action the rules forbid. str(exc) is a reason a player can read."""


def replay(new_game, seats, options, actions):
    """The state reached by applying `actions` to new_game(seats, options)."""
    state = new_game(seats, options)
    for action in actions:
        state.apply(action)
    return state
